//! A whole board in one word, as the endgame databases of `mancala-solve` see it: the
//! pits in pairs from the side to move, a pit a byte of a `u128` — the mover's pit `a`
//! in byte 0, the opponent's `a` in byte 1, the mover's `b` in byte 2, … — and no
//! stores (a board's value does not depend on them). [`PairRules`] plays a move on such
//! a word: the same rules as [`Kalah`](crate::Kalah)'s play — sowing (K2), the extra
//! turn (K3), the capture (K4) and the end of the game (K5) — without a position, so
//! that a database build does the least work a board. The tests play every move of
//! random boards both ways, under every rule set, and compare.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; pub use ::kalah; }
//! use mancala::kalah::pairs::PairRules;
//! use mancala::kalah::Rules;
//! let r = PairRules::new(Rules::with_pits(3)).unwrap();
//! // The mover's pits 1, 2, 0; the opponent's 4, 0, 0 (pairs: 1,4 2,0 0,0).
//! let board = u128::from_le_bytes([1, 4, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
//! // b: two seeds into c and the store — the mover moves again (K3).
//! let b = r.play(board, 1);
//! assert_eq!((b.gain, b.again), (1, true));
//! assert_eq!(b.board.to_le_bytes()[..6], [1, 4, 0, 0, 1, 0]);
//! // a: one seed into b; the turn passes, so the board is turned round.
//! let a = r.play(board, 0);
//! assert_eq!((a.gain, a.again), (0, false));
//! assert_eq!(a.board.to_le_bytes()[..6], [4, 0, 0, 3, 0, 0]);
//! assert_eq!(r.over(a.board), None);
//! ```

use crate::rules::{Ending, Rules};

/// The most pits a side for which a board in pairs fits one word: 16 bytes, 8 pairs.
pub const PAIR_PITS: usize = 8;

/// The `rest` table's mark for the last seed in the mover's store.
const STORE: u8 = u8::MAX;

/// One byte in each of the 16 lanes.
const LANES: u128 = u128::from_le_bytes([1; 16]);

/// A move played on a board in pairs ([`PairRules::play`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairMove {
    /// The board after the move, in pairs from its side to move: the same side if
    /// [`again`](PairMove::again), else turned round (the opponent's pits first in
    /// each pair).
    pub board: u128,
    /// The seeds the move put in the mover's store: sown there, and captured (K4).
    pub gain: u8,
    /// Whether the mover moves again: the last seed fell in their store (K3).
    pub again: bool,
}

/// The rules of Kalah on boards in pairs, for up to [`PAIR_PITS`] pits a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairRules {
    rules: Rules,
    /// 0xff in the mover's lanes (the even ones) of the side's pits.
    mine: u128,
    /// A 1 in every pit's lane: a whole lap of the sowing (the store gets one too).
    lap: u128,
    /// For pit `i` and a rest of `r` seeds after the whole laps (`r < 2m + 1`): the
    /// lanes those seeds fall in (a 1 in each), whether one falls in the store, and
    /// the last seed's lane ([`STORE`] for the store; the origin for `r = 0`).
    rest: [[(u128, u8, u8); 2 * PAIR_PITS + 1]; PAIR_PITS],
    /// Every lane but lane `k`, at `k` (a table: a shift of a `u128` by a variable
    /// amount is slow).
    clear: [u128; 16],
}

impl PairRules {
    /// The rules on boards in pairs; `None` for more than [`PAIR_PITS`] pits a side or
    /// none.
    #[must_use]
    pub fn new(rules: Rules) -> Option<PairRules> {
        let m = usize::from(rules.pits);
        if m == 0 || m > PAIR_PITS {
            return None;
        }
        let lane = |l: usize| 1u128 << (8 * l);
        let mut mine = 0;
        let mut lap = 0;
        for i in 0..m {
            mine |= 0xff * lane(2 * i);
            lap |= lane(2 * i) | lane(2 * i + 1);
        }
        let mut rest = [[(0, 0, 0); 2 * PAIR_PITS + 1]; PAIR_PITS];
        for (i, row) in rest.iter_mut().enumerate().take(m) {
            // K2: the cells after pit i, counter-clockwise: the mover's pits past it,
            // their store, the opponent's pits (their store passed over), the mover's
            // pits up to the origin.
            let cells = (i + 1..m)
                .map(|k| 2 * k as u8)
                .chain([STORE])
                .chain((0..m).map(|k| 2 * k as u8 + 1))
                .chain((0..=i).map(|k| 2 * k as u8));
            let (mut sown, mut store, mut last) = (0, 0, 2 * i as u8);
            row[0] = (sown, store, last);
            for (r, cell) in cells.enumerate().take(2 * m) {
                if cell == STORE {
                    store = 1;
                } else {
                    sown |= lane(usize::from(cell));
                }
                last = cell;
                row[r + 1] = (sown, store, last);
            }
        }
        let mut clear = [0; 16];
        for (k, c) in clear.iter_mut().enumerate() {
            *c = !(0xff * lane(k));
        }
        Some(PairRules {
            rules,
            mine,
            lap,
            rest,
            clear,
        })
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// If the game is over at `board` (K5: either side empty, or with
    /// [`Ending::MoverEmpty`] the mover's), the final margin for its mover: their
    /// side's seeds minus the opponent's (each adds their own side to their store);
    /// `None` while the game goes on.
    #[inline]
    #[must_use]
    pub fn over(&self, board: u128) -> Option<i32> {
        // Zero tests on the lanes where they are (no shift: most boards go on).
        if board & self.mine != 0
            && (board & (self.mine << 8) != 0 || self.rules.ending == Ending::MoverEmpty)
        {
            return None;
        }
        let mine = board & self.mine;
        let theirs = (board >> 8) & self.mine;
        // The sum of a word's lanes lands in its top lane (no lane carries: at most 255
        // seeds).
        let sum = |x: u128| i32::from((x.wrapping_mul(LANES) >> 120) as u8);
        Some(sum(mine) - sum(theirs))
    }

    /// The mover's pits that hold seeds, bit `i` for pit `i`: the legal moves of a
    /// board that is not over (K1), found without a branch a pit.
    #[inline]
    #[must_use]
    pub fn legal(&self, board: u128) -> u8 {
        const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        // Bits 0, 16, 32, 48 (the even lanes' marks shifted down) to bits 45..=48.
        const GATHER: u64 = 1 | 1 << 15 | 1 << 30 | 1 << 45;
        let x = board & self.mine;
        let half = |h: u64| {
            // The top bit of each byte that is not zero, then the even lanes' bits
            // side by side (the products' other terms fall on other bits).
            let nz = (((h & LOW).wrapping_add(LOW) | h) >> 7) & 0x0001_0001_0001_0001;
            (nz.wrapping_mul(GATHER) >> 45) as u8 & 0xf
        };
        half(x as u64) | half((x >> 64) as u64) << 4
    }

    /// The seeds in the mover's pit `pit` (0 = `a`).
    #[inline]
    #[must_use]
    pub fn seeds(board: u128, pit: usize) -> u8 {
        board.to_le_bytes()[(2 * pit) % 16]
    }

    /// Plays the mover's pit `pit` (0 = `a`), which must hold seeds and be a pit of the
    /// side, on a board of at most 255 seeds (else the result means nothing; it never
    /// panics): sowing (K2), the capture
    /// (K4), and the board turned round unless the mover moves again (K3). The end of
    /// the game is for [`over`](PairRules::over) to tell, on the board it returns.
    #[inline(always)]
    #[must_use]
    pub fn play(&self, board: u128, pit: usize) -> PairMove {
        let m = usize::from(self.rules.pits);
        let pit = pit % PAIR_PITS;
        let seeds = Self::seeds(board, pit);
        let mut b = board & self.clear[2 * pit];
        let cycle = 2 * m as u8 + 1;
        let (laps, r) = if seeds < cycle {
            (0, seeds)
        } else {
            // Whole laps (rare below 2m + 1 seeds a pit: the product of `u128`s is
            // made only here). At most 255 seeds: no lane overflows.
            let laps = seeds / cycle;
            b = b.wrapping_add(self.lap.wrapping_mul(u128::from(laps)));
            (laps, seeds % cycle)
        };
        let (sown, store, last) = self.rest[pit][usize::from(r)];
        b = b.wrapping_add(sown);
        let mut gain = laps.wrapping_add(store);
        let again = last == STORE;
        // STORE is lane 15: never a mover's lane, so never a capture.
        let last = usize::from(last) % 16;
        // K4 asks whether the last pit is the mover's and held no seed before the last
        // one: it held its seeds of before the move (none if it is the origin, which
        // was emptied), one a whole lap, and the last seed unless the sowing was whole
        // laps only. Read from `board`, not `b`, and tested as one condition (a
        // capture is rare; whether the last seed is the mover's is a coin toss): the
        // branch is taken rarely and does not wait for the sowing.
        let before = board.to_le_bytes()[last] & u8::from(last != 2 * pit).wrapping_neg();
        if (last % 2 == 0) & (before.wrapping_add(laps).wrapping_add(u8::from(r > 0)) == 1) {
            // The mover's pit `last / 2`; the opposite pit is the opponent's
            // `m - 1 - last / 2`.
            let opposite = (2 * (m - 1 - last / 2) + 1) % 16;
            let taken = b.to_le_bytes()[opposite];
            if taken > 0 || self.rules.empty_capture {
                gain = gain.wrapping_add(taken).wrapping_add(1);
                b &= self.clear[last] & self.clear[opposite];
            }
        }
        // K3: the board turned round unless the mover moves again, chosen by a mask.
        let keep = u128::from(again).wrapping_neg();
        let turned = ((b & self.mine) << 8) | ((b >> 8) & self.mine);
        PairMove {
            board: (b & keep) | (turned & !keep),
            gain,
            again,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Kalah, Player, Position, Setup};
    use mancala_core::ByPlayer;
    use proptest::prelude::*;

    /// The board in pairs of `pos` from its mover, by the position's own accessors.
    fn pairs(pos: &Kalah) -> u128 {
        let mover = pos.side_to_move();
        mancala_testkit::pairs_word(pos.row(mover), pos.row(mover.opponent()))
    }

    fn rule_sets(pits: u8) -> impl Iterator<Item = Rules> {
        [false, true].into_iter().flat_map(move |empty_capture| {
            [Ending::AnySideEmpty, Ending::MoverEmpty]
                .into_iter()
                .map(move |ending| Rules {
                    pits,
                    empty_capture,
                    ending,
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// Every move of a random board, every rule set: the word's move is the
        /// position's (its board from the next mover, the store's gain, the extra
        /// turn), and `over` is the position's end and margin.
        #[test]
        fn play_in_pairs_is_the_positions_play(
            pits in 1u8..=8,
            south in prop::collection::vec(0u8..=12, 8),
            north in prop::collection::vec(0u8..=12, 8),
            big in 0usize..8,
            big_seeds in 0u8..=60,
        ) {
            let m = usize::from(pits);
            let mut s = [0u8; 10];
            let mut n = [0u8; 10];
            s[..m].copy_from_slice(&south[..m]);
            n[..m].copy_from_slice(&north[..m]);
            // Sometimes a pit of many seeds: sowings of whole laps.
            s[big % m] = big_seeds;
            for rules in rule_sets(pits) {
                let mut setup = Setup::start(rules, 0, Player::South);
                setup.pits = ByPlayer::new(s, n);
                setup.stores = ByPlayer::new(0, 0);
                let pos = Kalah::from_setup(setup).unwrap();
                let r = PairRules::new(rules).unwrap();
                let board = pairs(&pos);
                let t = pos.totals();
                let margin = i32::from(t.south) - i32::from(t.north);
                prop_assert_eq!(r.over(board), pos.is_finished().then_some(margin));
                if pos.is_finished() {
                    continue;
                }
                let legal = pos.legal_moves().iter().fold(0u8, |l, mv| l | 1 << mv.index());
                prop_assert_eq!(r.legal(board), legal, "{}", pos);
                for mv in pos.legal_moves() {
                    let mut child = pos;
                    child.play_unchecked(mv);
                    let got = r.play(board, mv.index());
                    let again = child.side_to_move() == Player::South;
                    prop_assert_eq!(got.again, again, "{} {}", pos, mv);
                    prop_assert_eq!(got.gain, child.store(Player::South), "{} {}", pos, mv);
                    prop_assert_eq!(got.board, pairs(&child), "{} {}", pos, mv);
                    let ct = child.totals();
                    let cm = i32::from(ct[child.side_to_move()])
                        - i32::from(ct[child.side_to_move().opponent()])
                        - (i32::from(child.store(child.side_to_move()))
                            - i32::from(child.store(child.side_to_move().opponent())));
                    prop_assert_eq!(r.over(got.board), child.is_finished().then_some(cm));
                }
            }
        }
    }

    proptest! {
        /// Any word and any pit, however meaningless: no panic.
        #[test]
        fn any_word_and_pit_never_panic(pits in 1u8..=8, board: u128, pit in 0usize..64) {
            for rules in rule_sets(pits) {
                let r = PairRules::new(rules).unwrap();
                let _ = r.play(board, pit);
                let _ = r.over(board);
                let _ = PairRules::seeds(board, pit);
            }
        }
    }

    /// A word from the mover's row and the opponent's, each in its own player's
    /// numbering (pit `a` first).
    fn word(mover: [u8; 6], opponent: [u8; 6]) -> u128 {
        let mut bytes = [0u8; 16];
        for i in 0..6 {
            bytes[2 * i] = mover[i];
            bytes[2 * i + 1] = opponent[i];
        }
        u128::from_le_bytes(bytes)
    }

    /// K2 with a whole lap and K4 worked by hand on Kalah(6): the pit the sowing came
    /// from captures when the last seed comes back to it (it holds only that seed);
    /// a pit emptied before the move and sown into on the lap does not.
    #[test]
    fn a_lap_ending_in_the_origin_captures_and_one_past_it_does_not() {
        let r = PairRules::new(Rules::with_pits(6)).unwrap();
        // a: 13 seeds, one in each of b–f, the store, the opponent's six, the last in
        // a. a holds 1: captured with the opponent's f (1 + 1 from the lap).
        let m = r.play(word([13, 0, 0, 0, 0, 0], [1; 6]), 0);
        assert_eq!((m.gain, m.again), (1 + 2 + 1, false));
        // Turned round: the opponent's row [2, 2, 2, 2, 2, 0] moves next.
        assert_eq!(m.board, word([2, 2, 2, 2, 2, 0], [0, 1, 1, 1, 1, 1]));
        // a: 14 seeds, the last in b, which got one on the lap: it holds 2, no capture.
        let m = r.play(word([14, 0, 0, 0, 0, 0], [1; 6]), 0);
        assert_eq!((m.gain, m.again), (1, false));
        assert_eq!(m.board, word([2; 6], [1, 2, 1, 1, 1, 1]));
    }

    /// K4 against an empty opposite pit, and K4b: c's one seed into the empty d, whose
    /// opposite (the opponent's c) is empty.
    #[test]
    fn an_empty_opposite_pit_captures_only_with_empty_capture() {
        let board = word([0, 0, 1, 0, 0, 0], [1, 1, 0, 1, 1, 1]);
        let standard = PairRules::new(Rules::with_pits(6)).unwrap();
        let m = standard.play(board, 2);
        assert_eq!((m.gain, m.again), (0, false));
        assert_eq!(m.board, word([1, 1, 0, 1, 1, 1], [0, 0, 0, 1, 0, 0]));
        assert_eq!(standard.over(m.board), None);
        let empty = PairRules::new(Rules {
            empty_capture: true,
            ..Rules::with_pits(6)
        })
        .unwrap();
        let m = empty.play(board, 2);
        // The last seed alone to the store; the mover's side is then empty (K5a): the
        // opponent, to move, keeps their five.
        assert_eq!((m.gain, m.again), (1, false));
        assert_eq!(m.board, word([1, 1, 0, 1, 1, 1], [0; 6]));
        assert_eq!(empty.over(m.board), Some(5));
    }

    /// K1: the legal moves are the mover's pits that hold seeds, bit `i` for pit `i`.
    #[test]
    fn the_legal_moves_are_the_movers_pits_with_seeds() {
        let r = PairRules::new(Rules::with_pits(6)).unwrap();
        assert_eq!(r.legal(word([0, 3, 0, 1, 0, 200], [9; 6])), 0b10_1010);
        assert_eq!(r.legal(word([0; 6], [9; 6])), 0);
        let r8 = PairRules::new(Rules::with_pits(8)).unwrap();
        let all = u128::from_le_bytes([1, 0, 1, 0, 1, 0, 1, 0, 128, 0, 1, 0, 1, 0, 255, 0]);
        assert_eq!(r8.legal(all), 0xff);
    }

    #[test]
    fn more_pits_than_a_word_holds_are_refused() {
        assert!(PairRules::new(Rules::with_pits(9)).is_none());
        assert!(PairRules::new(Rules::with_pits(0)).is_none());
        assert!(PairRules::new(Rules::with_pits(8)).is_some());
    }
}
