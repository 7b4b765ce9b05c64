//! Urim through the `urim` crate's public API: the solver plays the crate's own
//! positions (`Setup` and `from_setup` to make a board's position, `legal_moves`,
//! `play_unchecked`, `row`, `stores`, `status`), so the databases hold under exactly
//! the rules the crate implements. Rule 6 (a repeated position ends the game) needs
//! the history, which a board has not: the databases of Urim hold two bounds per
//! board, built by [`retro`](crate::retro) (see `docs/solving.md`, "Games with
//! cycles").
//!
//! One database serves 3 and 4 seeds a pit: it holds margins over the seeds on the
//! board, and nothing in rules 2–6 reads the stores or the total. A board with a pit
//! over 17 breaks rule 3's cap and is absent.

use mancala_core::{ByPlayer, Player, Position};

pub use urim::{Setup, Urim, Urim6, Urim7};

use crate::SolveError;
use crate::game::{Alternating, SolveGame};

/// Urim on two rows of `N` pits (6 or 7).
///
/// ```
/// use mancala_solve::{SolveGame, urim::UrimGame};
/// let g = UrimGame::<6>::new();
/// assert_eq!((g.name(), g.variant().as_str()), ("urim", "pits=6 cap=17"));
/// assert!(g.position(&[18, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).is_none()); // over the cap
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UrimGame<const N: usize>;

impl<const N: usize> UrimGame<N> {
    /// Urim on two rows of `N` pits.
    #[must_use]
    pub fn new() -> Self {
        UrimGame
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

impl<const N: usize> SolveGame for UrimGame<N> {
    type Pos = Urim<N>;

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
        let mut setup = Setup::<N>::start(0, Player::South);
        for (i, pair) in board.chunks_exact(2).enumerate() {
            setup.pits.south[i] = pair[0];
            setup.pits.north[i] = pair[1];
        }
        let seeds: u32 = board.iter().map(|&x| u32::from(x)).sum();
        let total = Self::total_for(seeds)?;
        setup.stores = ByPlayer::new(u8::try_from(total - seeds).ok()?, 0);
        Urim::from_setup(setup).ok()
    }

    #[inline]
    fn view(&self, pos: &Urim<N>, board: &mut [u8]) -> i32 {
        let mover = pos.side_to_move();
        let (mine, theirs) = (pos.row(mover), pos.row(mover.opponent()));
        for (pair, (&a, &b)) in board[..2 * N]
            .chunks_exact_mut(2)
            .zip(mine.iter().zip(theirs.iter()))
        {
            pair[0] = a;
            pair[1] = b;
        }
        let s = pos.stores();
        i32::from(s[mover]) - i32::from(s[mover.opponent()])
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
    fn sowing(&self) -> Option<crate::unsow::Sowing> {
        Some(crate::unsow::Sowing { cap: Some(17) })
    }

    /// Rule 7.
    fn score(&self, totals: ByPlayer<u16>) -> mancala_core::Outcome {
        urim::score(totals)
    }

    fn seeds_decide_parity(&self) -> bool {
        true
    }
}

/// Rule 6's score of `pos` from its mover's side: the seeds in the mover's row minus
/// those in the opponent's (each player takes their own row), the stores left out.
#[must_use]
pub fn own_rows<const N: usize>(pos: &Urim<N>) -> i32 {
    let mover = pos.side_to_move();
    i32::from(pos.seeds_in_row(mover)) - i32::from(pos.seeds_in_row(mover.opponent()))
}
