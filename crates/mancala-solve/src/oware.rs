//! Oware (abapa) through the `oware` crate's public API: the solver plays the crate's
//! own positions (`Setup` and `from_setup` to make a board's position, `legal_moves`,
//! `play_unchecked`, `row`, `seeds_in_row`, `feeds`, `stores`), so the databases hold
//! under the rules the crate implements. Like Urim's, the repetition rule (a position
//! repeated since the last capture ends the game, each player taking their own row)
//! needs the history, so the databases hold two bounds per board, built by
//! [`retro`](crate::retro) (see `docs/solving-cycles.md`, and `docs/solving.md`, "Oware").
//!
//! Every board of up to 48 seeds is a position of Oware (there is no cap on a pit).
//!
//! **The end by majority is played on.** The crate ends a game when a store holds more
//! than half of the seeds; that depends on the stores, which a board has not. The
//! databases hold the margin of the game *played on* until the mover cannot move (rule
//! 5: each player takes their own row) or a position repeats (the same split). A
//! majority in a store never changes hands (stores only grow), so the winner of every
//! line, and so of perfect play, is the same as under the crate's rule: where a
//! board's bounds are equal, the winner of a position is the sign of its stores'
//! margin plus the value. The totals are those of the game played on.

use mancala_core::{ByPlayer, Player, Position};

pub use oware::{Move, Oware, Setup};

use crate::error::SolveError;
use crate::game::{Alternating, Cyclic, NoWords, Solvable};
use crate::unsow::Sowing;

/// The seeds of the standard game: every board of up to 48 seeds is made with this
/// total.
const TOTAL: u32 = 48;

/// Oware (abapa) with the end by majority played on (see the module's page).
///
/// ```
/// use mancala_solve::{Solvable, oware::OwareGame};
/// let g = OwareGame::new();
/// assert_eq!((g.name(), g.pits_per_side()), ("oware", 6));
/// assert!(g.position(&[48, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).is_some()); // no cap
/// assert!(g.position(&[49, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).is_none()); // over 48
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OwareGame;

impl OwareGame {
    /// Oware.
    #[must_use]
    pub fn new() -> Self {
        OwareGame
    }
}

/// Whether the side to move at `pos` has a move by the pit rules alone (the end by
/// majority left out): a non-empty pit of its own, one that feeds if the opponent's
/// row is empty.
fn can_move(pos: &Oware) -> bool {
    let me = pos.side_to_move();
    let row = pos.row(me);
    if pos.seeds_in_row(me.opponent()) > 0 {
        return row.iter().any(|&n| n > 0);
    }
    (0..row.len()).any(|i| Move::from_index(i).is_some_and(|m| pos.feeds(m)))
}

/// Every Oware move passes the turn.
impl Alternating for OwareGame {}

impl Solvable for OwareGame {
    type Pos = Oware;
    type Words = NoWords;

    fn name(&self) -> &'static str {
        "oware"
    }

    fn variant(&self) -> String {
        "pits=6 ending=no-move,repetition majority=played-on".to_string()
    }

    fn pits_per_side(&self) -> usize {
        6
    }

    /// The position with `board`, South to move, the other seeds of 48 split between
    /// the stores as evenly as can be (South's the larger half), so that neither store
    /// holds a majority.
    fn position(&self, board: &[u8]) -> Option<Oware> {
        if board.len() != 12 {
            return None;
        }
        let mut setup = Setup::start(0, Player::South);
        for (i, pair) in board.chunks_exact(2).enumerate() {
            setup.pits.south[i] = pair[0];
            setup.pits.north[i] = pair[1];
        }
        let seeds: u32 = board.iter().map(|&x| u32::from(x)).sum();
        let off = TOTAL.checked_sub(seeds)?;
        setup.stores = ByPlayer::new(
            u8::try_from(off.div_ceil(2)).ok()?,
            u8::try_from(off / 2).ok()?,
        );
        Oware::from_setup(setup).ok()
    }

    #[inline]
    fn view(&self, pos: &Oware, board: &mut [u8]) -> i32 {
        let mover = pos.side_to_move();
        let (mine, theirs) = (pos.row(mover), pos.row(mover.opponent()));
        for (pair, (&a, &b)) in board[..12]
            .chunks_exact_mut(2)
            .zip(mine.iter().zip(theirs.iter()))
        {
            pair[0] = a;
            pair[1] = b;
        }
        let s = pos.stores();
        i32::from(s[mover]) - i32::from(s[mover.opponent()])
    }

    /// Rule 5 alone (the end by majority is played on): the mover cannot move, and
    /// each player takes the seeds in their own row.
    #[inline]
    fn terminal(&self, pos: &Oware, _stores: i32) -> Result<Option<i32>, SolveError> {
        if can_move(pos) {
            return Ok(None);
        }
        Ok(Some(own_rows(pos)))
    }

    fn cycles(&self) -> bool {
        true
    }

    #[inline]
    fn captured(&self, before: &Oware, after: &Oware) -> bool {
        before.stores() != after.stores()
    }

    /// Rule 2: the origin is passed over on a lap of 12 or more.
    fn sowing(&self) -> Option<Sowing> {
        Some(Sowing { cap: None })
    }

    fn seeds_decide_parity(&self) -> bool {
        true
    }

    /// A repetition gives each player the seeds in their own row; every move passes
    /// the turn.
    fn splits_rows(&self) -> bool {
        true
    }
}

impl Cyclic for OwareGame {
    /// Each player takes the seeds in their own row (`docs/oware.md`).
    fn repetition(&self, pos: &Oware) -> i32 {
        own_rows(pos)
    }
}

/// The repetition rule's (and rule 5's) score of `pos` from its mover's side: the
/// seeds in the mover's row minus those in the opponent's (each player takes their
/// own row), the stores left out. The same split as Urim's rule 6, so the stored
/// value [`stored_value`](crate::retro::stored_value) serves both.
#[must_use]
pub fn own_rows(pos: &Oware) -> i32 {
    let mover = pos.side_to_move();
    i32::from(pos.seeds_in_row(mover)) - i32::from(pos.seeds_in_row(mover.opponent()))
}
