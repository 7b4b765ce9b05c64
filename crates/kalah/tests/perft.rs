//! Perft vectors from `tests/kalah.perft`: OpenSpiel's counts for its `mancala` start,
//! and the reference's for the other rules (see the file's notes).

use kalah::Kalah;
use mancala_testkit::run_perft_file;

const VECTORS: &str = include_str!("kalah.perft");

fn check(max_nodes: u64) -> usize {
    run_perft_file(VECTORS, max_nodes, |case| {
        case.position
            .parse::<Kalah>()
            .unwrap_or_else(|e| panic!("case {}: {e}", case.id))
    })
}

#[test]
fn shallow_perft_vectors() {
    assert_eq!(check(1_000_000), 104);
}

#[test]
#[ignore = "deep perft: run in release (CI runs ignored tests in an optimised build)"]
fn deep_perft_vectors() {
    let all = mancala_testkit::perft_file(VECTORS)
        .iter()
        .map(|c| c.counts.len())
        .sum::<usize>();
    assert_eq!(check(u64::MAX), all);
}

/// The notation of every case reads back as written.
#[test]
fn cases_are_in_notation() {
    for case in mancala_testkit::perft_file(VECTORS) {
        let p: Kalah = case.position.parse().unwrap();
        assert_eq!(p.to_string(), case.position);
    }
}
