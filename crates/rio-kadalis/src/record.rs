//! The round record: a round with its history, ending a round whose positions repeat
//! between moves (RULINGS rule 6). Needs the `alloc` feature.

use mancala_core::record::{History, Repetition};
use mancala_core::{ByPlayer, Outcome};

use crate::RioKadalis;

/// A round with its history (rule 6): the moves played, every position reached, and the
/// repetition rule that the history-free position cannot apply. It is the core's
/// [`History`], driven through the [`Record`](crate::Record) trait like every game's
/// record.
///
/// Rule 4 ends a round only when the player to move has no stone, and rule 3 annuls it
/// on a move that never ends; a round can still go round in circles *between* moves.
/// Rule 6: **a move that produces a position (pits, closed pits, captures and player to
/// move) that already occurred in the round since the last capture ends the round as
/// rule 4 does**: each player takes the stones in their own row, and the round is won by
/// more stones from the round (captured plus taken; 1 point, equal is a draw).
///
/// The history starts with the round's first position and starts afresh with the
/// position right after each capture: a capture takes 4 stones off the board for good,
/// so no position before it can come back. [`RioKadalis`] itself keeps no history, so
/// perft and [`Position`](crate::Position) are exactly rules 1–4. The check is a bit
/// filter of the positions since the last capture, confirmed by comparing whole
/// positions. An endless move (rule 3) annuls the round and is never a repetition (an
/// annulled position differs from every earlier one by its flag).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::rio_kadalis; }
/// use mancala::rio_kadalis::{Game, RioKadalis, Record, Status};
/// // 2×5, only each player's e open, one stone in each: South's e relays through
/// // North's e back to one stone each, North to move; North's e does the same.
/// let start: RioKadalis<5> = "x,x,x,x,1/x,x,x,x,1 20-16 S".parse().unwrap();
/// let mut round = Game::new(start);
/// round.play("e".parse().unwrap()).unwrap();
/// assert_eq!(round.position().to_string(), "x,x,x,x,1/x,x,x,x,1 20-16 N");
/// assert_eq!(round.status(), Status::Ongoing);
/// round.play("e".parse().unwrap()).unwrap(); // the start again: the round is over
/// assert!(round.is_repetition());
/// // 20 + 1 for South, 16 + 1 for North.
/// assert_eq!(round.status().to_string(), "over 21-17 S 1");
/// assert!(round.legal_moves().is_empty());
/// // `reset` starts a new round keeping the buffers: a program playing many rounds
/// // allocates nothing once they have grown to the longest round.
/// round.reset(start);
/// assert_eq!(round, Game::new(start));
/// ```
pub type Game<const N: usize = 6, const CLOCKWISE: bool = false> =
    History<RioKadalis<N, CLOCKWISE>>;

/// Rule 6's history: what only a capture changes is the stones captured; a round that
/// repeats is scored as rule 4 scores it.
impl<const N: usize, const CLOCKWISE: bool> Repetition for RioKadalis<N, CLOCKWISE> {
    type Captures = ByPlayer<u8>;

    fn repetition_outcome(&self) -> Outcome {
        self.outcome_taking_rows()
            .with_reason(crate::end::REPETITION)
    }

    fn captures(&self) -> ByPlayer<u8> {
        self.stores()
    }
}
