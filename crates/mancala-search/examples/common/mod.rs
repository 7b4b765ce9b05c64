//! What the engine examples share: the game records they search.
#![allow(dead_code)] // Not every example uses every helper.

use mancala_core::record::Record;
use rand::{Rng, SeedableRng};

/// Up to `n` ongoing game records from `start`: record `seed` is `start` followed by
/// `(step · seed) mod span` random moves (seeded), kept if the game is still going.
pub fn openings<R: Record>(start: &R::Position, n: u64, step: u64, span: u64) -> Vec<R> {
    (0..n)
        .filter_map(|seed| {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut g = R::new(start.clone());
            for _ in 0..(seed * step) % span {
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                g.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
            (!g.is_finished()).then_some(g)
        })
        .collect()
}

/// The records of [`openings`] with 0 to 24 random moves (`step` 3, `span` 25).
pub fn games<R: Record>(start: &R::Position, n: u64) -> Vec<R> {
    openings(start, n, 3, 25)
}
