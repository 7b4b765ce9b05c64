//! Perft vectors (`tests/omweso.perft`), read by the workspace's generic driver.

mod common;

use omweso::{Omweso, Rules};

fn build(case: &mancala_testkit::PerftCase) -> Omweso {
    let rules = Rules {
        two_captures_first: case.options.iter().any(|o| o == "two-captures-first"),
    };
    Omweso::from_notation(&case.position, rules).unwrap_or_else(|e| panic!("{}: {e}", case.id))
}

#[test]
fn perft_vectors() {
    // Counts up to 60,000 nodes here; every count in release (below).
    let checked = mancala_testkit::run_perft_file(include_str!("omweso.perft"), 60_000, build);
    assert!(checked >= 10);
}

#[test]
#[ignore = "every count of the file: run in release"]
fn perft_vectors_all() {
    mancala_testkit::run_perft_file(include_str!("omweso.perft"), u64::MAX, build);
}

/// The depth to which the slow reference (`common/reference.rs`) re-checks each case
/// of `omweso.perft` in CI (the file's comments say the same). Deeper, the reference
/// meets endless moves whose lap states first repeat after so many laps that keeping
/// every state in its `HashSet` takes minutes and gigabytes (`start` at depth 7,
/// `midgame-reverse-j` at depth 7, `paused-relay` from depth 5): those counts rest on
/// this crate, whose Brent detector is checked against the reference on the endless
/// layouts of `tests/reference.rs`.
const REFERENCE_DEPTHS: &[(&str, u32)] = &[
    ("start", 6),
    ("setup-threes", 6),
    ("midgame-reverse-j", 6),
    ("midgame-reverse-b", 5),
    ("midgame-two-reverses", 5),
    ("paused-relay", 4),
    ("paused-after-capture", 5),
    ("decision-example", 5),
    ("two-captures-first", 6),
    ("two-captures-first-b", 6),
];

/// Every count of `omweso.perft` to the case's depth in [`REFERENCE_DEPTHS`] and of at
/// most `max_nodes` nodes, by the slow reference. Returns how many were checked.
fn check_against_the_reference(max_nodes: u64) -> usize {
    let mut checked = 0;
    let cases = mancala_testkit::perft_file(include_str!("omweso.perft"));
    assert_eq!(
        cases.len(),
        REFERENCE_DEPTHS.len(),
        "a case without its depth"
    );
    for (case, &(id, limit)) in cases.iter().zip(REFERENCE_DEPTHS) {
        assert_eq!(case.id, id, "REFERENCE_DEPTHS is in the file's order");
        let tcf = case.options.iter().any(|o| o == "two-captures-first");
        let r = common::reference::Ref::parse(&case.position, tcf);
        assert_eq!(r.to_string(), case.position, "case {id}");
        for &(depth, nodes) in &case.counts {
            if nodes <= max_nodes && depth <= limit {
                let time = std::time::Instant::now();
                assert_eq!(r.perft(depth), nodes, "reference: case {id} depth {depth}");
                println!("{id} depth {depth}: {:?}", time.elapsed());
                checked += 1;
            }
        }
    }
    checked
}

/// The file against the reference, the counts up to 5,000 nodes.
#[test]
fn perft_file_agrees_with_the_reference() {
    assert!(check_against_the_reference(5_000) >= 35);
}

/// The file against the reference, every count to the depths of [`REFERENCE_DEPTHS`]
/// (a few seconds optimised); CI runs it in its long-tests build.
#[test]
#[ignore = "slow in a debug build: CI runs it in the long-tests profile"]
fn perft_file_agrees_with_the_reference_deep() {
    assert_eq!(check_against_the_reference(u64::MAX), 54);
}
