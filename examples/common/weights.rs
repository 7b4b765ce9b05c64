//! The standard evaluation with its weights as numbers, for `tune`: the terms of
//! `mancala_search::eval::board_eval` (`two_row_eval`, `omweso_eval`) and the weights
//! that reproduce it exactly (`tests/strength.rs` checks it on random games of every
//! game, so a change of the library's evaluation shows up here).
#![allow(dead_code)] // Not every example uses every function.

use mancala::search::eval::{MOBILITY, ROW_SEED};
use mancala::search::score::{SEED, Score};
use mancala::{Board, Player};

/// The weights of `board_eval` for a board with `rows` rows a player, in hundredths of
/// a seed: one row (Urim, Oware, Rio Kadalis, Kalah) row seeds and movable pits
/// (`eval::ROW_SEED`, `eval::MOBILITY`: 15 and 25; 50 and 10 before they were tuned);
/// two rows (Omweso) movable pits 20 and exposed seeds 10. The first term (store, or
/// Omweso's seeds) is the unit, 100.
pub fn default_weights(rows: u8) -> [Score; 2] {
    if rows == 2 {
        [20, 10]
    } else {
        [ROW_SEED, MOBILITY]
    }
}

/// The standard evaluation's terms, each as "own minus the opponent's", for the player
/// to move: `[unit term, w1 term, w2 term]`, plus the seeds in hand (counted at 1 seed).
/// The terms are those of `eval::two_row_eval` and `eval::omweso_eval`; with the default
/// weights [`evaluate`] gives `board_eval` exactly (tested).
pub fn features(board: &Board) -> ([Score; 3], Score) {
    let me = board.to_move;
    let in_hand = Score::from(board.in_hand);
    match board.rows_per_player {
        1 => {
            let side = |p: Player| {
                board.pits[p]
                    .iter()
                    .fold((0, 0), |(seeds, movable), pit| match pit {
                        Some(n) if *n > 0 => (seeds + Score::from(*n), movable + 1),
                        _ => (seeds, movable),
                    })
            };
            let stores = board.stores.unwrap_or_default();
            let ((s0, m0), (s1, m1)) = (side(me), side(me.opponent()));
            (
                [
                    Score::from(stores[me]) - Score::from(stores[me.opponent()]),
                    s0 - s1,
                    m0 - m1,
                ],
                in_hand,
            )
        }
        2 => {
            let circuit = |p: Player| {
                let mut c = [0u8; 16];
                for (seeds, pit) in c.iter_mut().zip(board.pits[p].iter()) {
                    *seeds = pit.unwrap_or(0);
                }
                c
            };
            let (own, opp) = (circuit(me), circuit(me.opponent()));
            let seeds = |s: &[u8; 16]| s.iter().map(|&n| Score::from(n)).sum::<Score>();
            let movable = |s: &[u8; 16]| s.iter().filter(|&&n| n >= 2).count() as Score;
            let exposed = |a: &[u8; 16], b: &[u8; 16]| {
                (0..8)
                    .filter(|&k| b[7 - k] > 0 && b[15 - k] > 0)
                    .map(|k| Score::from(a[k]))
                    .sum::<Score>()
            };
            (
                [
                    seeds(&own) - seeds(&opp),
                    movable(&own) - movable(&opp),
                    -(exposed(&own, &opp) - exposed(&opp, &own)),
                ],
                in_hand,
            )
        }
        _ => ([0; 3], in_hand),
    }
}

/// The evaluation with weights `w` (hundredths of a seed), as `board_eval` computes it:
/// Omweso's integer divisions `SEED / 5`, `SEED / 10` are exact for the
/// defaults).
pub fn evaluate(board: &Board, w: [Score; 2]) -> Score {
    let ([f0, f1, f2], in_hand) = features(board);
    f0 * SEED + f1 * w[0] + f2 * w[1] + in_hand * SEED
}
