//! A whole board in one word, as the endgame databases of `mancala-solve` see it: the
//! pits in pairs from the side to move, a pit a byte of a `u128` — the mover's pit `a`
//! in byte 0, the opponent's `a` in byte 1, the mover's `b` in byte 2, … — and no
//! stores (a board's value does not depend on them). [`PairRules`] plays a move on such
//! a word with [`Urim`]'s own play — the feeding rule (2), the single lap past the
//! origin and the full pits (3), the capture (4), starvation (5) — without a position
//! to make and check for each board. The same layout and names as `kalah::pairs`; the
//! tests play every move of random boards both ways and compare.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; pub use ::urim; }
//! use mancala::urim::pairs::PairRules;
//! let r = PairRules::<6>::new();
//! // The mover's pits 1, 2, 0, 0, 0, 1; the opponent's 1, 0, 0, 0, 0, 0.
//! let board = u128::from_le_bytes([1, 1, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
//! // f: its seed makes the opponent's a 2, captured (rule 4); the board is turned
//! // round for the opponent, whose row is now empty (rule 5).
//! let f = r.play(board, 5);
//! assert_eq!((f.gain, f.again), (2, false));
//! assert_eq!(f.board.to_le_bytes()[..4], [0, 1, 0, 2]);
//! assert_eq!(r.over(f.board), Some(-3));
//! ```

use crate::Urim;

/// One byte in each of the 16 lanes.
const LANES: u128 = u128::from_le_bytes([1; 16]);

/// The most seeds on a board (`7 · 2 · 4`): no lap of the rules meets only full pits.
const MOST_SEEDS: u32 = 56;

/// A move played on a board in pairs ([`PairRules::play`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairMove {
    /// The board after the move, in pairs from its side to move: turned round (the
    /// opponent's pits first in each pair), as every Urim move passes the turn.
    pub board: u128,
    /// The seeds the move put in the mover's store: those it captured (rule 4).
    pub gain: u8,
    /// Whether the mover moves again: never in Urim (the field is `kalah::pairs`'s).
    pub again: bool,
}

/// The rules of Urim on boards in pairs, for rows of `N` pits (6 or 7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairRules<const N: usize>;

impl<const N: usize> PairRules<N> {
    /// The lanes of a board's pits (bytes `0..2N`).
    const PITS: u128 = if N >= 8 {
        u128::MAX
    } else {
        (1u128 << (16 * N)) - 1
    };

    /// 0xff in the mover's lanes (the even ones) of the row's pits.
    const MINE: u128 = Self::PITS
        & u128::from_le_bytes([
            0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0,
        ]);

    /// The rules on rows of `N` pits.
    #[must_use]
    pub const fn new() -> Self {
        let () = Urim::<N>::VALID_VARIANT;
        PairRules
    }

    /// Whether `board` is one the rules have: nothing outside its `2N` pits, none over
    /// 17 (rule 3's cap), at most 56 seeds.
    #[inline]
    #[must_use]
    pub fn fits(&self, board: u128) -> bool {
        // A lane over 17 has its top bit set, or carries into it when 0x6e is added to
        // its low seven bits (no lane carries into the next).
        let low = board & (LANES * 0x7f);
        let over = (board | low.wrapping_add(LANES * 0x6e)) & (LANES * 0x80);
        over == 0 && board & !Self::PITS == 0 && Self::sum(board) <= MOST_SEEDS
    }

    /// The seeds of a board whose lanes hold at most 17 (the product's top byte: no
    /// byte carries).
    #[inline]
    fn sum(board: u128) -> u32 {
        u32::from((board.wrapping_mul(LANES) >> 120) as u8)
    }

    /// If the game is over at `board` (rule 5: the mover's row is empty, and the
    /// opponent takes every seed left), the final margin for its mover, the stores left
    /// out: minus the seeds on the board. `None` while the game goes on.
    #[inline]
    #[must_use]
    pub fn over(&self, board: u128) -> Option<i32> {
        (board & Self::MINE == 0).then(|| -(Self::sum(board & Self::PITS) as i32))
    }

    /// The legal moves of `board` (rule 2: the pits that feed an empty row, if any
    /// does; else every pit with seeds), bit `i` for the mover's pit `i`, as
    /// [`legal_moves`](crate::Position::legal_moves) lists them; 0 if the game is over.
    #[inline]
    #[must_use]
    pub fn legal(&self, board: u128) -> u8 {
        Urim::<N>::of_rows(to_rows(board & Self::PITS)).legal_pits()
    }

    /// The seeds in the mover's pit `pit` (0 = `a`).
    #[inline]
    #[must_use]
    pub fn seeds(board: u128, pit: usize) -> u8 {
        board.to_le_bytes()[(2 * pit) % 16]
    }

    /// Plays the mover's pit `pit` (0 = `a`), which must hold seeds and be a pit of the
    /// row, on a board that [`fits`](Self::fits) (else the result means nothing; it
    /// never panics): rules 3 and 4, and the board turned round for the opponent. The
    /// end of the game is for [`over`](Self::over) to tell, on the board it returns.
    #[inline(always)]
    #[must_use]
    pub fn play(&self, board: u128, pit: usize) -> PairMove {
        if !self.fits(board) {
            return PairMove {
                board,
                gain: 0,
                again: false,
            };
        }
        // Most moves: one add, no capture, the pairs swapped.
        if let Some(board) = Urim::<N>::play_pairs_quiet(board, pit % N) {
            return PairMove {
                board,
                gain: 0,
                again: false,
            };
        }
        let (rows, gain) = Urim::<N>::play_rows(to_rows(board), pit % N);
        PairMove {
            board: from_rows(rows),
            gain,
            again: false,
        }
    }
}

/// The board in pairs of the rows of [`Urim::rows_word`] (the mover's row in bytes
/// `0..8`, the opponent's in `8..16`).
#[inline]
#[must_use]
pub fn from_rows(rows: u128) -> u128 {
    let (mine, theirs) = (rows as u64, (rows >> 64) as u64);
    let lo = spread(mine as u32) | spread(theirs as u32) << 8;
    let hi = spread((mine >> 32) as u32) | spread((theirs >> 32) as u32) << 8;
    u128::from(lo) | u128::from(hi) << 64
}

/// The rows of a board in pairs: [`from_rows`] undone.
#[inline]
#[must_use]
pub fn to_rows(pairs: u128) -> u128 {
    let (lo, hi) = (pairs as u64, (pairs >> 64) as u64);
    let mine = u64::from(gather(lo)) | u64::from(gather(hi)) << 32;
    let theirs = u64::from(gather(lo >> 8)) | u64::from(gather(hi >> 8)) << 32;
    u128::from(mine) | u128::from(theirs) << 64
}

/// Byte `i` of `x` to byte `2i`.
#[inline]
fn spread(x: u32) -> u64 {
    let x = u64::from(x);
    let x = (x | x << 16) & 0x0000_ffff_0000_ffff;
    (x | x << 8) & 0x00ff_00ff_00ff_00ff
}

/// Byte `2i` of `x` to byte `i`: [`spread`] undone.
#[inline]
fn gather(x: u64) -> u32 {
    let x = x & 0x00ff_00ff_00ff_00ff;
    let x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
    (x | x >> 16) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_testkit::pairs_word;

    /// A word from the mover's row and the opponent's, each from its owner's left.
    fn word(mover: [u8; 6], opponent: [u8; 6]) -> u128 {
        pairs_word(&mover, &opponent)
    }

    /// Rule 3, worked by hand: a quiet lap (one add), one that meets a full pit (passed
    /// over), one that comes round past the origin (which stays empty); each board
    /// turned round for the opponent.
    #[test]
    fn laps_quiet_past_a_full_pit_and_round_the_origin() {
        let r = PairRules::<6>::new();
        // c: 3 seeds into d, e, f.
        let m = r.play(word([0, 0, 3, 0, 0, 0], [1; 6]), 2);
        assert_eq!(
            m,
            PairMove {
                board: word([1; 6], [0, 0, 0, 1, 1, 1]),
                gain: 0,
                again: false
            }
        );
        // e: 2 seeds; f holds 17 and is passed over: the opponent's a and b, which
        // makes 2 and is captured; a holds 1: the run stops.
        let m = r.play(word([0, 0, 0, 0, 2, 17], [0, 1, 0, 0, 0, 1]), 4);
        assert_eq!(
            m,
            PairMove {
                board: word([1, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 17]),
                gain: 2,
                again: false
            }
        );
        // a: 13 seeds: b–f, the opponent's six, a passed over, then b and c.
        let m = r.play(word([13, 0, 0, 0, 0, 0], [0; 6]), 0);
        assert_eq!(
            m,
            PairMove {
                board: word([1; 6], [0, 2, 2, 1, 1, 1]),
                gain: 0,
                again: false
            }
        );
    }

    /// Rule 4, worked by hand: a last seed that makes 4 starts nothing; a run of 3, 4,
    /// 2 is captured whole; a run stops at a pit of 1.
    #[test]
    fn captures_start_at_2_or_3_and_run_through_4() {
        let r = PairRules::<6>::new();
        let m = r.play(word([0, 0, 0, 0, 0, 3], [1, 2, 3, 0, 0, 0]), 5);
        assert_eq!((m.board, m.gain), (word([2, 3, 4, 0, 0, 0], [0; 6]), 0));
        let m = r.play(word([0, 0, 0, 0, 0, 3], [1, 3, 2, 0, 0, 5]), 5);
        assert_eq!((m.board, m.gain), (word([0, 0, 0, 0, 0, 5], [0; 6]), 9));
        let m = r.play(word([0, 0, 0, 0, 0, 3], [0, 2, 2, 0, 0, 5]), 5);
        assert_eq!((m.board, m.gain), (word([1, 0, 0, 0, 0, 5], [0; 6]), 6));
    }

    /// Rules 2 and 5, worked by hand: only the moves that feed an empty row, unless none
    /// does; a mover without seeds is starved and the opponent takes the rest.
    #[test]
    fn feeding_and_starvation() {
        let r = PairRules::<6>::new();
        assert_eq!(r.legal(word([1, 0, 0, 0, 2, 0], [0; 6])), 0b1_0000);
        assert_eq!(r.legal(word([1, 1, 0, 0, 0, 0], [0; 6])), 0b11);
        assert_eq!(
            r.legal(word([1, 0, 0, 0, 2, 0], [0, 1, 0, 0, 0, 0])),
            0b1_0001
        );
        assert_eq!(r.over(word([0; 6], [2, 1, 0, 0, 0, 0])), Some(-3));
        assert_eq!(
            (
                r.over(word([0, 0, 0, 0, 0, 1], [0; 6])),
                r.legal(word([0; 6], [2; 6]))
            ),
            (None, 0)
        );
    }

    /// The boards the rules do not have: a pit over 17, seeds past the row.
    #[test]
    fn fits_refuses_a_pit_over_the_cap_and_seeds_outside_the_rows() {
        let r = PairRules::<6>::new();
        assert!(r.fits(word([17, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 17])));
        assert!(!r.fits(word([18, 0, 0, 0, 0, 0], [0; 6])));
        assert!(!r.fits(1 << 120));
        assert!(PairRules::<7>::new().fits(1 << 104));
        // Not a board: played, it comes back unchanged.
        let bad = word([18, 0, 0, 0, 0, 0], [0; 6]);
        assert_eq!(r.play(bad, 0).board, bad);
    }
}
