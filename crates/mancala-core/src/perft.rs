//! Perft: counting the leaves of the game tree, the standard check of move generation.
//!
//! `perft(p, 0) = 1`; `perft(p, d) = Σ perft(p.play(m), d − 1)` over the legal moves `m`
//! of `p`. A finished game has no legal moves, so it counts 0 for `d ≥ 1`. Every
//! decision of a turn is one ply. Nothing here allocates.

use crate::Position;

/// The number of leaves at `depth` plies from `p`. Every leaf move is played.
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::{perft::perft, toy::Countdown};
/// // A toy game: from n, moves to n-1 and n-2 (when >= 0).
/// assert_eq!(perft(&Countdown::new(4), 0), 1);
/// assert_eq!(perft(&Countdown::new(4), 2), 4);
/// ```
pub fn perft<P: Position>(p: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = p.legal_moves();
    if moves.len() == 1 {
        return forced(p, moves[0], depth, perft);
    }
    let mut nodes = 0;
    for m in moves {
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
            let moves = p.legal_moves();
            if moves.len() == 1 {
                return forced(p, moves[0], depth, perft_bulk);
            }
            let mut nodes = 0;
            for m in moves {
                let mut next = p.clone();
                next.play_unchecked(m);
                nodes += perft_bulk(&next, depth - 1);
            }
            nodes
        }
    }
}

/// Perft of `p` at `depth >= 1` whose only legal move is `m`: the line is followed in a
/// loop while it stays forced, so that a long forced line (a cycle of single moves can
/// go on for ever, and any `depth` may be asked for) costs no stack, and `count` takes
/// over where the line branches.
#[cold]
fn forced<P: Position>(p: &P, m: P::Move, depth: u32, count: fn(&P, u32) -> u64) -> u64 {
    let mut line = p.clone();
    line.play_unchecked(m);
    let mut depth = depth - 1;
    while depth > 0 {
        let moves = line.legal_moves();
        match moves.len() {
            0 => return 0,
            1 => line.play_unchecked(moves[0]),
            _ => return count(&line, depth),
        }
        depth -= 1;
    }
    1
}

/// Perft split by the first move: calls `each(move, nodes)` for every legal move in
/// the order of [`Position::legal_moves`], and returns the total.
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::{perft::perft_divide, toy::{Countdown, Take}};
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

    /// A toy whose only move steps a counter, for ever, but for two moves at 0.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    struct Ring(u32);

    impl core::fmt::Display for Ring {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            write!(f, "{}", self.0)
        }
    }

    impl core::str::FromStr for Ring {
        type Err = crate::ParsePositionError<core::convert::Infallible>;
        fn from_str(_: &str) -> Result<Self, Self::Err> {
            Err(crate::NotationError::Empty.into())
        }
    }

    impl Position for Ring {
        type Move = crate::toy::Take;
        type MoveList = arrayvec::ArrayVec<crate::toy::Take, 2>;
        type Setup = Ring;
        type SetupError = core::convert::Infallible;
        type Reason = core::convert::Infallible;
        fn from_setup(s: Ring) -> Result<Ring, Self::SetupError> {
            Ok(s)
        }
        fn to_setup(&self) -> Ring {
            *self
        }
        fn board(&self) -> crate::Board {
            crate::Board::two_rows([], [], None, crate::Player::South)
        }
        fn side_to_move(&self) -> crate::Player {
            crate::Player::South
        }
        /// One move, but two at 0.
        fn legal_moves(&self) -> Self::MoveList {
            let mut l = arrayvec::ArrayVec::new();
            l.push(crate::toy::Take(1));
            if self.0 == 0 {
                l.push(crate::toy::Take(2));
            }
            l
        }
        fn play_unchecked(&mut self, m: crate::toy::Take) {
            self.0 = self.0.wrapping_add(u32::from(m.0));
        }
        fn status(&self) -> crate::Status {
            crate::Status::Ongoing
        }
    }

    #[test]
    fn a_forced_line_of_any_length_costs_no_stack() {
        // A million plies deep, one stack frame a ply would overflow any stack: forced
        // plies are followed in a loop.
        for depth in [1, 2, 3, 1_000, 1_000_000] {
            assert_eq!(perft(&Ring(0), depth), 2, "{depth}");
            assert_eq!(perft_bulk(&Ring(0), depth), 2, "{depth}");
            assert_eq!(perft(&Ring(7), depth), 1, "{depth}");
            assert_eq!(perft_bulk(&Ring(7), depth), 1, "{depth}");
            assert_eq!(perft_divide(&Ring(0), depth, |_, n| assert_eq!(n, 1)), 2);
        }
    }
}
