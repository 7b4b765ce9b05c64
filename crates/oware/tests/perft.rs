//! Perft vectors from `tests/oware.perft`, checked against published engines' counts.
//!
//! Those engines apply the repetition rule inside perft (their states carry the history
//! since the last capture), so the counts are checked with [`Game::perft`], and the
//! shallow ones with the plain position perft too (no position repeats that early).

use mancala_testkit::perft_file;
use oware::{Game, Oware};

const VECTORS: &str = include_str!("oware.perft");

fn check(max_nodes: u64) -> usize {
    let mut checked = 0;
    for case in perft_file(VECTORS) {
        let start: Oware = case.position.parse().unwrap();
        let game = Game::new(start);
        for &(depth, nodes) in &case.counts {
            if nodes <= max_nodes {
                assert_eq!(game.perft(depth), nodes, "case {} depth {depth}", case.id);
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn shallow_perft_vectors() {
    assert_eq!(check(1_000_000), 16);
}

#[test]
fn position_perft_agrees_while_nothing_repeats() {
    for (start, counts) in [
        (Oware::new(), &[6, 36, 190, 1014, 5219][..]),
        (
            Oware::start(3, mancala_core::Player::South).unwrap(),
            &[6, 36, 186, 971, 4756][..],
        ),
    ] {
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(mancala_core::perft::perft(&start, d as u32 + 1), n);
        }
    }
}

#[test]
#[ignore = "deep perft: run in release (CI runs ignored tests in an optimised build)"]
fn deep_perft_vectors() {
    assert_eq!(check(u64::MAX), 22);
}
