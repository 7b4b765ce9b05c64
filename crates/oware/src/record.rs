//! The game record: the position plus the history the repetition rule needs (the
//! core's [`History`]), and how a repetition is scored.

use mancala_core::record::{History, Repetition};
use mancala_core::{ByPlayer, Outcome, Player, Position};

use crate::{MAX_PITS, Move, Oware};

/// The repetition rule's history: what only a capture changes is the stores.
impl Repetition for Oware {
    type Captures = ByPlayer<u8>;

    fn repetition_outcome(&self) -> Outcome {
        self.outcome_taking_rows()
            .with_reason(crate::end::REPETITION)
    }

    fn captures(&self) -> ByPlayer<u8> {
        self.stores()
    }

    #[inline]
    fn play_capturing(&mut self, m: Move) -> bool {
        self.play_capturing(m) > 0
    }

    /// A 64-bit mix of the pits and the player to move (positions since a capture hold
    /// the same stores): equal positions have equal keys.
    #[inline]
    fn repetition_key(&self) -> u64 {
        let mut bytes = [0u8; 16];
        bytes[..MAX_PITS].copy_from_slice(&self.row(Player::South));
        bytes[MAX_PITS..2 * MAX_PITS].copy_from_slice(&self.row(Player::North));
        bytes[15] = self.side_to_move().index() as u8;
        let board = u128::from_le_bytes(bytes);
        let (lo, hi) = (board as u64, (board >> 64) as u64);
        (lo ^ hi.wrapping_mul(0x9e37_79b9_7f4a_7c15)).wrapping_mul(0xbf58_476d_1ce4_e5b9)
    }
}

/// A game of Oware with its history: the core's [`History`], which ends the game when a
/// move produces a position (pits, stores and player to move) that already occurred
/// since the last capture; each player then takes the seeds in their own row.
///
/// The check is exact and cheap (a bit filter, confirmed by comparing whole positions),
/// and [`reset`](crate::Record::reset) starts a new game keeping the record's buffers, so
/// that a program playing many games allocates nothing once the buffers have grown to
/// the longest game. [`History::since_last_capture`] lists the positions a new one is
/// compared with.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::oware; }
/// use mancala::oware::{Game, Oware, Position, Record};
/// let mut game = Game::new(Oware::new());
/// game.play("c".parse().unwrap()).unwrap();
/// assert_eq!(game.moves().len(), 1);
/// assert!(!game.is_finished());
/// assert_eq!(game.undo(), Some("c".parse().unwrap()));
/// assert_eq!(game.undo(), None);
/// game.reset(Oware::new()); // another game, same buffers
/// assert_eq!(game.position().legal_moves().len(), 6);
/// ```
pub type Game = History<Oware>;
