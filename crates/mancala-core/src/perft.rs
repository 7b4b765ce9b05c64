//! Perft: counting the leaves of the game tree, the standard check of move generation.
//!
//! `perft(p, 0) = 1`; `perft(p, d) = Σ perft(p.play(m), d − 1)` over the legal moves `m`
//! of `p`. A finished game has no legal moves, so it counts 0 for `d ≥ 1`. Every
//! decision of a turn is one ply. Nothing here allocates.

use crate::Position;

/// The number of leaves at `depth` plies from `p`. Every leaf move is played.
///
/// ```
/// use mancala_core::{perft::perft, toy::Countdown};
/// // A toy game: from n, moves to n-1 and n-2 (when >= 0).
/// assert_eq!(perft(&Countdown::new(4), 0), 1);
/// assert_eq!(perft(&Countdown::new(4), 2), 4);
/// ```
pub fn perft<P: Position>(p: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for m in p.legal_moves() {
        let mut next = p.clone();
        next.play_unchecked(m);
        nodes += perft(&next, depth - 1);
    }
    nodes
}

/// Like [`perft`], but counts the moves at the last ply without playing them (bulk
/// counting): the same numbers, faster.
pub fn perft_bulk<P: Position>(p: &P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => p.legal_moves().len() as u64,
        _ => {
            let mut nodes = 0;
            for m in p.legal_moves() {
                let mut next = p.clone();
                next.play_unchecked(m);
                nodes += perft_bulk(&next, depth - 1);
            }
            nodes
        }
    }
}

/// Perft split by the first move: calls `each(move, nodes)` for every legal move in
/// the order of [`Position::legal_moves`], and returns the total.
///
/// ```
/// use mancala_core::{perft::perft_divide, toy::{Countdown, Take}};
/// let mut lines = Vec::new();
/// let total = perft_divide(&Countdown::new(4), 2, |m, n| lines.push((m, n)));
/// assert_eq!(lines, [(Take(1), 2), (Take(2), 2)]);
/// assert_eq!(total, 4);
/// ```
pub fn perft_divide<P: Position>(p: &P, depth: u32, mut each: impl FnMut(P::Move, u64)) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for m in p.legal_moves() {
        let mut next = p.clone();
        next.play_unchecked(m);
        let n = perft(&next, depth - 1);
        each(m, n);
        total += n;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::Countdown;

    /// The toy game's perft is a Fibonacci-like recurrence we can compute directly.
    fn expected(n: u8, d: u32) -> u64 {
        if d == 0 {
            return 1;
        }
        let mut t = 0;
        for k in 1..=2 {
            if n >= k {
                t += expected(n - k, d - 1);
            }
        }
        t
    }

    #[test]
    fn perft_matches_recurrence() {
        for n in 0..10 {
            for d in 0..6 {
                assert_eq!(perft(&Countdown::new(n), d), expected(n, d), "n={n} d={d}");
                assert_eq!(perft_bulk(&Countdown::new(n), d), expected(n, d));
            }
        }
        // Countdown::new(0) is finished: 0 leaves at depth >= 1.
        assert_eq!(perft(&Countdown::new(0), 3), 0);
    }
}
