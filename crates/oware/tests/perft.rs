//! Perft vectors from `tests/oware.perft`, checked against published engines' counts.
//!
//! Those engines apply the repetition rule inside perft (their states carry the history
//! since the last capture), so every count is checked twice: through the game record
//! [`Game`], where a move that repeats a position since the last capture ends the game
//! (a leaf with no moves), and with the plain position perft of `RULINGS.md`, which
//! ignores repetitions. No position repeats that early, so both must give the file's
//! numbers.

use mancala_testkit::perft_file;
use oware::{Game, Oware, Record};

const VECTORS: &str = include_str!("oware.perft");

/// Perft from the record's current position with the repetition rule applied, as the
/// published engines count: a position that ended by repetition has no moves.
fn perft_with_repetition(game: &mut Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for m in moves {
        game.play_unchecked(m);
        nodes += perft_with_repetition(game, depth - 1);
        assert_eq!(game.undo(), Some(m));
    }
    nodes
}

fn check(max_nodes: u64) -> usize {
    let mut checked = 0;
    for case in perft_file(VECTORS) {
        let start: Oware = case.position.parse().unwrap();
        let mut game = Game::new(start);
        for &(depth, nodes) in &case.counts {
            if nodes <= max_nodes {
                let id = &case.id;
                assert_eq!(
                    perft_with_repetition(&mut game, depth),
                    nodes,
                    "case {id} depth {depth}, with the repetition rule"
                );
                assert_eq!(game.positions(), [start], "the record is back at the start");
                assert_eq!(
                    mancala_core::perft::perft(&start, depth),
                    nodes,
                    "case {id} depth {depth}, position perft"
                );
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
            Oware::start_with(3, oware::Player::South).unwrap(),
            &[6, 36, 186, 971, 4756][..],
        ),
    ] {
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(mancala_core::perft::perft(&start, d as u32 + 1), n);
        }
    }
}

/// The record's perft does stop at a repetition: from a position where each player's
/// one seed walks round with a single legal move each ply, the 12th ply brings the start
/// back, which ends the game in the record but not for the position.
#[test]
fn the_record_perft_ends_lines_at_a_repetition() {
    let start: Oware = "1,0,0,0,0,0/1,0,0,0,0,0 23-23 S".parse().unwrap();
    let mut game = Game::new(start);
    for depth in 1..=12 {
        assert_eq!(perft_with_repetition(&mut game, depth), 1, "depth {depth}");
    }
    assert_eq!(perft_with_repetition(&mut game, 13), 0);
    assert_eq!(mancala_core::perft::perft(&start, 13), 1);
}

#[test]
#[ignore = "deep perft: run in release (CI runs ignored tests in an optimised build)"]
fn deep_perft_vectors() {
    assert_eq!(check(u64::MAX), 22);
}
