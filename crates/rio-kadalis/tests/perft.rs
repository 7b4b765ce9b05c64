//! Perft vectors from `tests/rio-kadalis.perft`, checked against the fast
//! implementation and the slow reference in `common`.

mod common;

use common::{RefRound, ref_perft};
use mancala_core::perft::{perft, perft_bulk};
use mancala_testkit::{PerftCase, perft_file};
use rio_kadalis::RioKadalis;

const VECTORS: &str = include_str!("rio-kadalis.perft");

/// Checks one case's counts up to `max_nodes` (fast) and `max_ref_nodes` (reference).
fn check_case<const N: usize, const CW: bool>(
    case: &PerftCase,
    max_nodes: u64,
    max_ref_nodes: u64,
) -> usize {
    let p: RioKadalis<N, CW> = case
        .position
        .parse()
        .unwrap_or_else(|e| panic!("{}: {e}", case.id));
    let r = RefRound::parse(&case.position, N, CW);
    let mut checked = 0;
    for &(depth, nodes) in &case.counts {
        if nodes <= max_nodes {
            assert_eq!(perft(&p, depth), nodes, "case {} depth {depth}", case.id);
            assert_eq!(
                perft_bulk(&p, depth),
                nodes,
                "case {} depth {depth} (bulk)",
                case.id
            );
            checked += 1;
        }
        if nodes <= max_ref_nodes {
            assert_eq!(
                ref_perft(&r, depth),
                nodes,
                "reference: case {} depth {depth}",
                case.id
            );
            checked += 1;
        }
    }
    checked
}

fn check_file(max_nodes: u64, max_ref_nodes: u64) {
    let mut checked = 0;
    let cases = perft_file(VECTORS);
    assert!(cases.len() >= 18);
    for case in &cases {
        let pits = case.position.split('/').next().unwrap().split(',').count();
        let clockwise = case.options.iter().any(|o| o == "clockwise");
        assert!(
            case.options.iter().all(|o| o == "clockwise"),
            "{}: unknown option",
            case.id
        );
        checked += match (pits, clockwise) {
            (6, false) => check_case::<6, false>(case, max_nodes, max_ref_nodes),
            (6, true) => check_case::<6, true>(case, max_nodes, max_ref_nodes),
            (5, false) => check_case::<5, false>(case, max_nodes, max_ref_nodes),
            (5, true) => check_case::<5, true>(case, max_nodes, max_ref_nodes),
            _ => panic!("{}: {pits} pits", case.id),
        };
    }
    assert!(checked > 100, "only {checked} counts checked");
}

#[test]
fn perft_vectors() {
    check_file(200_000, 20_000);
}

/// Every count, on both implementations:
/// `cargo test --release -p rio-kadalis --test perft -- --ignored`.
#[test]
#[ignore]
fn all_perft_vectors() {
    check_file(u64::MAX, u64::MAX);
}
