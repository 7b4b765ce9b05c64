//! Urim through the `urim` crate's public API: the solver plays the crate's own
//! positions (`from_rows_word` to make a board's position, `legal_moves`,
//! `play_unchecked`, `row`, `stores`, `status`), so the databases hold under exactly
//! the rules the crate implements. Rule 6 (a repeated position ends the game) needs
//! the history, which a board has not: the databases of Urim hold two bounds per
//! board, built by [`retro`](crate::retro) (see `docs/solving-cycles.md`).
//!
//! One database serves 3 and 4 seeds a pit: it holds margins over the seeds on the
//! board, and nothing in rules 2–6 reads the stores or the total. A board with a pit
//! over 17 breaks rule 3's cap and is absent.

use mancala_core::{ByPlayer, Player, Position};

pub use urim::{Setup, Urim, Urim6, Urim7};

use urim::pairs::{PairRules, from_rows as pairs, to_rows as rows};

use crate::error::SolveError;
use crate::game::{Alternating, Cyclic, Solvable, WordChild, WordMoves};
use crate::unsow::Sowing;

/// Urim on two rows of `N` pits (6 or 7). Its moves on boards in one word are the
/// `urim` crate's [`PairRules`] ([`Solvable::word_moves`]).
///
/// ```
/// use mancala_solve::{Solvable, urim::UrimGame};
/// let g = UrimGame::<6>::new();
/// assert_eq!((g.name(), g.variant().as_str()), ("urim", "pits=6 cap=17"));
/// assert!(g.position(&[18, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).is_none()); // over the cap
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UrimGame<const N: usize>;

/// Urim's [`WordMoves`]: the `urim` crate's [`PairRules`].
impl<const N: usize> WordMoves for UrimGame<N> {
    #[inline]
    fn exists(&self, board: u128) -> bool {
        PairRules::<N>::new().fits(board)
    }

    #[inline]
    fn over(&self, board: u128) -> Option<i32> {
        PairRules::<N>::new().over(board)
    }

    #[inline]
    fn legal(&self, board: u128) -> u32 {
        u32::from(PairRules::<N>::new().legal(board))
    }

    #[inline(always)]
    fn play(&self, board: u128, pit: usize) -> WordChild {
        let m = PairRules::<N>::new().play(board, pit);
        WordChild {
            board: m.board,
            gain: i32::from(m.gain),
            again: m.again,
        }
    }
}

impl<const N: usize> UrimGame<N> {
    /// Urim on two rows of `N` pits.
    #[must_use]
    pub fn new() -> Self {
        UrimGame
    }

    /// The board in pairs as one word, from the rows' word (the mover's row in bytes
    /// `0..N`, the opponent's in `8..8 + N`), and the stores' margin.
    #[inline]
    fn view_word_of(&self, pos: &Urim<N>) -> (u128, i32) {
        let pairs = pairs(pos.rows_word());
        let mover = pos.side_to_move();
        let s = pos.stores();
        (pairs, i32::from(s[mover]) - i32::from(s[mover.opponent()]))
    }

    /// The smallest total of a variant of this board that holds `seeds` seeds on the
    /// board: `2·N·3`, else `2·N·4`.
    fn total_for(seeds: u32) -> Option<u32> {
        [3, 4]
            .into_iter()
            .map(|s| 2 * N as u32 * s)
            .find(|&t| t >= seeds)
    }
}

/// Every Urim move passes the turn (a single lap, rules 3 and 4).
impl<const N: usize> Alternating for UrimGame<N> {}

impl<const N: usize> Solvable for UrimGame<N> {
    type Pos = Urim<N>;
    type Words = Self;

    fn name(&self) -> &'static str {
        "urim"
    }

    fn variant(&self) -> String {
        format!("pits={N} cap=17")
    }

    fn pits_per_side(&self) -> usize {
        N
    }

    /// The position with `board`, South to move, the seeds off the board in South's
    /// store (the stores do not change the value).
    fn position(&self, board: &[u8]) -> Option<Urim<N>> {
        if board.len() != 2 * N {
            return None;
        }
        let mut pairs = [0; 16];
        pairs[..2 * N].copy_from_slice(board);
        let seeds: u32 = board.iter().map(|&x| u32::from(x)).sum();
        let total = Self::total_for(seeds)?;
        let stores = ByPlayer::new(u8::try_from(total - seeds).ok()?, 0);
        Urim::from_rows_word(rows(u128::from_le_bytes(pairs)), stores, Player::South).ok()
    }

    #[inline]
    fn view(&self, pos: &Urim<N>, board: &mut [u8]) -> i32 {
        let (word, stores) = self.view_word_of(pos);
        board[..2 * N].copy_from_slice(&word.to_le_bytes()[..2 * N]);
        stores
    }

    #[inline]
    fn view_word(&self, pos: &Urim<N>) -> Option<(u128, i32)> {
        Some(self.view_word_of(pos))
    }

    #[inline]
    fn terminal(&self, pos: &Urim<N>, stores: i32) -> Result<Option<i32>, SolveError> {
        // Rule 5: the mover has no seeds; the opponent takes every seed left.
        Ok(pos.starvation_totals().map(|t| {
            let mover = pos.side_to_move();
            i32::from(t[mover]) - i32::from(t[mover.opponent()]) - stores
        }))
    }

    fn cycles(&self) -> bool {
        true
    }

    #[inline]
    fn captured(&self, before: &Urim<N>, after: &Urim<N>) -> bool {
        before.stores() != after.stores()
    }

    /// Rule 3: the origin and the pits of 17 are passed over.
    fn sowing(&self) -> Option<Sowing> {
        Some(Sowing { cap: Some(17) })
    }

    /// Rule 7.
    fn score(&self, totals: ByPlayer<u16>) -> mancala_core::Outcome {
        urim::outcome_from_totals(totals)
    }

    fn seeds_decide_parity(&self) -> bool {
        true
    }

    /// Rule 6: each player takes the seeds in their own row; every move passes the
    /// turn.
    fn splits_rows(&self) -> bool {
        true
    }

    fn word_moves(&self) -> Option<&Self> {
        Some(self)
    }
}

impl<const N: usize> Cyclic for UrimGame<N> {
    /// Rule 6: each player takes the seeds in their own row.
    fn repetition(&self, pos: &Urim<N>) -> i32 {
        own_rows(pos)
    }
}

/// Rule 6's score of `pos` from its mover's side: the seeds in the mover's row minus
/// those in the opponent's (each player takes their own row), the stores left out.
#[must_use]
pub fn own_rows<const N: usize>(pos: &Urim<N>) -> i32 {
    let mover = pos.side_to_move();
    i32::from(pos.seeds_in_row(mover)) - i32::from(pos.seeds_in_row(mover.opponent()))
}

#[cfg(test)]
mod tests {
    use mancala_core::Position;
    use proptest::prelude::*;

    use super::*;

    /// The pairs of `pos` written out pit by pit from its rows: an independent `view`.
    fn pairs_by_hand<const N: usize>(pos: &Urim<N>) -> Vec<u8> {
        let mover = pos.side_to_move();
        let (mine, theirs) = (pos.row(mover), pos.row(mover.opponent()));
        (0..2 * N)
            .map(|j| {
                if j % 2 == 0 {
                    mine[j / 2]
                } else {
                    theirs[j / 2]
                }
            })
            .collect()
    }

    /// `raw`'s first `2N` counts, each cut so that the board holds at most `8N` seeds
    /// (the most a variant has).
    fn board_of<const N: usize>(raw: &[u8]) -> Vec<u8> {
        let mut left = 8 * N as u32;
        raw[..2 * N]
            .iter()
            .map(|&x| {
                let x = u32::from(x).min(left);
                left -= x;
                x as u8
            })
            .collect()
    }

    fn view_and_position<const N: usize>(raw: &[u8], north: bool) {
        let board = board_of::<N>(raw);
        let board = &board[..];
        let g = UrimGame::<N>::new();
        let mut pos = g.position(board).expect("a board of the variant");
        // The position by the crate's checked setup, as the solver made it before.
        let mut setup = Setup::<N>::start(0, Player::South);
        for i in 0..N {
            (setup.pits.south[i], setup.pits.north[i]) = (board[2 * i], board[2 * i + 1]);
        }
        let seeds: u32 = board.iter().map(|&x| u32::from(x)).sum();
        let off = if seeds <= 6 * N as u32 { 6 * N } else { 8 * N } as u32 - seeds;
        setup.stores = ByPlayer::new(off as u8, 0);
        assert_eq!(Ok(pos), Urim::from_setup(setup));
        if north {
            // Seen from North: North's row first.
            setup.to_move = Player::North;
            pos = Urim::from_setup(setup).unwrap();
        }
        let mut out = vec![0; 2 * N];
        let stores = g.view(&pos, &mut out);
        assert_eq!(out, pairs_by_hand(&pos));
        let (word, st) = g.view_word(&pos).unwrap();
        assert_eq!(word.to_le_bytes()[..2 * N], out[..]);
        assert!(word.to_le_bytes()[2 * N..].iter().all(|&b| b == 0));
        let s = pos.stores();
        let margin = i32::from(s[pos.side_to_move()]) - i32::from(s[pos.side_to_move().opponent()]);
        assert_eq!((stores, st), (margin, margin));
    }

    proptest! {
        #[test]
        fn pairs_and_rows_are_each_others_inverse(lanes in prop::array::uniform16(any::<u8>())) {
            // Rows (bytes 7 and 15 outside them) to pairs and back, and the other way.
            let mut r = lanes;
            (r[7], r[15]) = (0, 0);
            let rows_word = u128::from_le_bytes(r);
            let p = pairs(rows_word).to_le_bytes();
            for i in 0..7 {
                prop_assert_eq!((p[2 * i], p[2 * i + 1]), (r[i], r[8 + i]));
            }
            prop_assert_eq!(rows(pairs(rows_word)), rows_word);
            let mut q = lanes;
            (q[14], q[15]) = (0, 0);
            let pairs_word = u128::from_le_bytes(q);
            prop_assert_eq!(pairs(rows(pairs_word)), pairs_word);
        }

        #[test]
        fn view_and_position_agree_with_the_rows(
            board in prop::collection::vec(prop_oneof![4 => 0u8..=5, 1 => 0u8..=17], 14),
            north in any::<bool>(),
        ) {
            view_and_position::<6>(&board, north);
            view_and_position::<7>(&board, north);
        }
    }

    #[test]
    fn a_board_over_the_cap_or_of_no_variant_has_no_position() {
        let g = UrimGame::<6>::new();
        let mut b = [0u8; 12];
        b[3] = 17;
        assert!(g.position(&b).is_some());
        b[3] = 18;
        assert!(g.position(&b).is_none());
        assert!(g.position(&[5; 12]).is_none()); // 60 seeds: more than 2·6·4
        assert!(g.position(&[4; 12]).is_some());
        assert!(g.position(&[4; 11]).is_none());
    }
}
