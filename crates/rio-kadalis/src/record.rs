//! The round record: a round with its history, ending a round whose positions repeat
//! between moves (the crate's ruling; `docs/rio-kadalis.md`, "Rulings" 7). Needs the
//! `alloc` feature.

use mancala_core::record::{History, Repetition};
use mancala_core::{ByPlayer, IllegalMove, Outcome, Status};

use crate::position::round_outcome;
use crate::{Kadalis, Move, MoveList};

/// A round with its history: the moves played, every position reached, and the
/// repetition ruling that the history-free position cannot apply.
///
/// RULINGS.md ends a round only when the player to move has no stone (rule 4) and
/// annuls it on a move that never ends (rule 3); a round can still go round in circles
/// *between* moves. This crate rules: **a move that produces a position (pits, closed
/// pits, captures and player to move) that already occurred in the round since the last
/// capture ends the round as rule 4 does**: each player takes the stones in their own
/// row, and the round is won by more stones from the round (captured plus taken; 1
/// point, equal is a draw).
///
/// The history starts with the round's first position and starts afresh with the
/// position right after each capture: a capture takes 4 stones off the board for good,
/// so no position before it can come back. [`Kadalis`] itself keeps no history, so
/// perft and [`Position`](mancala_core::Position) are exactly rules 1–4. The history is the core's [`History`]
/// (a bit filter of the positions since the last capture, confirmed by comparing whole
/// positions).
///
/// ```
/// use mancala_core::{Player, Status};
/// use rio_kadalis::{Kadalis, Round};
/// // 2×5, only each player's e open, one stone in each: South's e relays through
/// // North's e back to one stone each, North to move; North's e does the same.
/// let start: Kadalis<5> = "x,x,x,x,1/x,x,x,x,1 20-16 S".parse().unwrap();
/// let mut round = Round::new(start);
/// round.play("e".parse().unwrap()).unwrap();
/// assert_eq!(round.position().to_string(), "x,x,x,x,1/x,x,x,x,1 20-16 N");
/// assert_eq!(round.status(), Status::Ongoing);
/// round.play("e".parse().unwrap()).unwrap(); // the start again: the round is over
/// assert!(round.ended_by_repetition());
/// // 20 + 1 for South, 16 + 1 for North.
/// assert_eq!(round.status().to_string(), "over 21-17 S 1");
/// assert!(round.legal_moves().is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Round<const N: usize = 6, const CLOCKWISE: bool = false> {
    /// The moves and positions, and whether the last move repeated a position since the
    /// last capture.
    history: History<Kadalis<N, CLOCKWISE>>,
}

/// The ruling's history: what only a capture changes is the stones captured.
impl<const N: usize, const CLOCKWISE: bool> Repetition for Kadalis<N, CLOCKWISE> {
    type Captures = ByPlayer<u8>;

    fn repetition_outcome(&self) -> Outcome {
        round_outcome(self.totals())
    }

    fn captures(&self) -> ByPlayer<u8> {
        self.captured()
    }
}

impl<const N: usize, const CLOCKWISE: bool> Round<N, CLOCKWISE> {
    /// A round from `start`.
    #[must_use]
    pub fn new(start: Kadalis<N, CLOCKWISE>) -> Self {
        Self::with_capacity(start, 0)
    }

    /// A round from `start` with room for `plies` moves before its buffers grow.
    #[must_use]
    pub fn with_capacity(start: Kadalis<N, CLOCKWISE>, plies: usize) -> Self {
        Round {
            history: History::with_capacity(start, plies),
        }
    }

    /// Starts a new round from `start`, keeping the buffers: a program playing many
    /// rounds allocates nothing once they have grown to the longest round.
    ///
    /// ```
    /// use rio_kadalis::{Kadalis, Round};
    /// let mut round = Round::new(Kadalis::<6>::start());
    /// round.play("a".parse().unwrap()).unwrap();
    /// round.reset(Kadalis::start());
    /// assert_eq!(round, Round::new(Kadalis::start()));
    /// ```
    pub fn reset(&mut self, start: Kadalis<N, CLOCKWISE>) {
        self.history.reset(start);
    }

    /// The position the round started from.
    #[must_use]
    pub fn start(&self) -> &Kadalis<N, CLOCKWISE> {
        self.history.start()
    }

    /// The current position (after a repetition, the board as the repeating move left
    /// it; the position's own [`status`](mancala_core::Position::status) does not know the ruling).
    #[must_use]
    pub fn position(&self) -> &Kadalis<N, CLOCKWISE> {
        self.history.position()
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        self.history.moves()
    }

    /// Every position from the start, the current one last.
    #[must_use]
    pub fn positions(&self) -> &[Kadalis<N, CLOCKWISE>] {
        self.history.positions()
    }

    /// The positions since the last capture (or the start), against which each new
    /// position is compared.
    #[must_use]
    pub fn since_last_capture(&self) -> &[Kadalis<N, CLOCKWISE>] {
        self.history.since_last_capture()
    }

    /// Whether the round ended because the last move repeated a position since the last
    /// capture.
    #[must_use]
    pub const fn ended_by_repetition(&self) -> bool {
        self.history.is_repetition()
    }

    /// The status: after a repetition, over as rule 4 scores it (each player takes their
    /// own row; more stones from the round wins 1 point, equal is a draw); otherwise the
    /// position's status (rule 4's end, rule 3's annulment, or going on).
    #[must_use]
    pub fn status(&self) -> Status {
        self.history.status()
    }

    /// The outcome, once the round is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.status().outcome()
    }

    /// The legal moves; none once the round has ended (or was annulled).
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        self.history.legal_moves()
    }

    /// `Ok` if `m` is legal now, otherwise why not.
    ///
    /// # Errors
    /// As [`Position::check_move`](mancala_core::Position::check_move), and [`IllegalMove::GameOver`] after a repetition.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        self.history.check_move(m)
    }

    /// Plays `m` if it is legal, and ends the round if the new position repeats one
    /// since the last capture. An endless move is an annulment, never a repetition: an
    /// annulled position differs from every earlier one (its flag).
    ///
    /// # Errors
    /// Why `m` is illegal; the record is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.history.play(m)
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        self.history.undo()
    }
}
