//! Perft vectors (`tests/omweso.perft`), read by the workspace's generic driver.

mod common;

use mancala_core::perft::perft;
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

/// Prints perft counts of the fast implementation and the reference, for writing the
/// vector file (run with `--ignored --nocapture`, in release).
#[test]
#[ignore = "a helper that prints counts"]
fn print_perft_counts() {
    let positions = ["0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 S - 0-0"];
    let extra: Vec<String> = std::env::var("OMWESO_PERFT")
        .map(|s| s.split(';').map(String::from).collect())
        .unwrap_or_default();
    let depth: u32 = std::env::var("OMWESO_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(4);
    let ref_depth: u32 = std::env::var("OMWESO_REF_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    let tcf = std::env::var("OMWESO_TWO_CAPTURES_FIRST").is_ok();
    let rules = Rules {
        two_captures_first: tcf,
    };
    for text in positions.iter().map(|s| s.to_string()).chain(extra) {
        let p = Omweso::from_notation(&text, rules).unwrap();
        println!("position {text}");
        for d in 1..=depth {
            let n = perft(&p, d);
            let r = if d <= ref_depth {
                Some(common::reference::Ref::parse(&text, tcf).perft(d))
            } else {
                None
            };
            println!("perft {d} {n}   reference {r:?}");
        }
    }
}

/// Prints midgame positions with reverse moves, splits or a paused turn, as perft
/// candidates (run with `--ignored --nocapture`).
#[test]
#[ignore = "a helper that prints positions"]
fn print_midgame_candidates() {
    use mancala_core::Position;
    let mut rng = mancala_testkit::Rng::new(2024);
    let mut shown = 0;
    while shown < 12 {
        let start = Omweso::new();
        let plies = 4 + rng.below(30);
        let p = mancala_testkit::random_game(&start, &mut rng, plies, |_| {});
        if p.is_finished() {
            continue;
        }
        let moves: Vec<String> = p.legal_moves().iter().map(ToString::to_string).collect();
        let rev = moves.iter().any(|m| m.ends_with('-'));
        let split = moves.iter().any(|m| m.ends_with('*'));
        if rev || split || p.pending().is_some() {
            println!("{p}   [{}]", moves.join(" "));
            shown += 1;
        }
    }
}
