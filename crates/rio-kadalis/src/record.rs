//! The round record: a round with its history, ending a round whose positions repeat
//! between moves (the crate's ruling; `docs/rio-kadalis.md`, "Rulings" 7). Needs the
//! `alloc` feature.

use alloc::vec::Vec;

use mancala_core::{IllegalMove, Outcome, Position, Status};

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
/// perft and [`Position`] are exactly rules 1–4.
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
    /// Every position from the start, the current one last (never empty).
    positions: Vec<Kadalis<N, CLOCKWISE>>,
    /// The moves played; `moves[i]` leads from `positions[i]` to `positions[i + 1]`.
    moves: Vec<Move>,
    /// Where the positions since the last capture begin.
    since_capture: usize,
    /// Whether the last move repeated a position since the last capture.
    repeated: bool,
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
        let mut round = Round {
            positions: Vec::with_capacity(plies + 1),
            moves: Vec::with_capacity(plies),
            since_capture: 0,
            repeated: false,
        };
        round.reset(start);
        round
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
        self.positions.clear();
        self.positions.push(start);
        self.moves.clear();
        self.since_capture = 0;
        self.repeated = false;
    }

    /// The position the round started from.
    #[must_use]
    pub fn start(&self) -> &Kadalis<N, CLOCKWISE> {
        &self.positions[0]
    }

    /// The current position (after a repetition, the board as the repeating move left
    /// it; the position's own [`status`](Position::status) does not know the ruling).
    #[must_use]
    pub fn position(&self) -> &Kadalis<N, CLOCKWISE> {
        match self.positions.last() {
            Some(p) => p,
            None => unreachable!("a round always has its start"),
        }
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position from the start, the current one last.
    #[must_use]
    pub fn positions(&self) -> &[Kadalis<N, CLOCKWISE>] {
        &self.positions
    }

    /// The positions since the last capture (or the start), against which each new
    /// position is compared.
    #[must_use]
    pub fn since_last_capture(&self) -> &[Kadalis<N, CLOCKWISE>] {
        &self.positions[self.since_capture..]
    }

    /// Whether the round ended because the last move repeated a position since the last
    /// capture.
    #[must_use]
    pub const fn ended_by_repetition(&self) -> bool {
        self.repeated
    }

    /// The status: after a repetition, over as rule 4 scores it (each player takes their
    /// own row; more stones from the round wins 1 point, equal is a draw); otherwise the
    /// position's status (rule 4's end, rule 3's annulment, or going on).
    #[must_use]
    pub fn status(&self) -> Status {
        if self.repeated {
            Status::Over(round_outcome(self.position().totals()))
        } else {
            self.position().status()
        }
    }

    /// The outcome, once the round is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.status().outcome()
    }

    /// The legal moves; none once the round has ended (or was annulled).
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        if self.repeated {
            MoveList::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// `Ok` if `m` is legal now, otherwise why not.
    ///
    /// # Errors
    /// As [`Position::check_move`], and [`IllegalMove::GameOver`] after a repetition.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        if self.repeated {
            return Err(IllegalMove::GameOver);
        }
        self.position().check_move(m)
    }

    /// Plays `m` if it is legal, and ends the round if the new position repeats one
    /// since the last capture.
    ///
    /// # Errors
    /// Why `m` is illegal; the record is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.check_move(m)?;
        let before = *self.position();
        let mut next = before;
        next.play_unchecked(m);
        if next.captured() == before.captured() {
            // An annulled position differs from every earlier one (its flag), so an
            // endless move is an annulment, never a repetition.
            self.repeated = self.since_last_capture().contains(&next);
        } else {
            // A capture lowers the stones on the board for good: nothing before it can
            // come back.
            self.since_capture = self.positions.len();
        }
        self.positions.push(next);
        self.moves.push(m);
        Ok(())
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        // A round that went on past a position had not ended there.
        self.repeated = false;
        if self.since_capture >= self.positions.len() {
            // Captures only grow, so the positions with the current captures are the
            // ones since the last capture.
            let captured = self.position().captured();
            self.since_capture = self
                .positions
                .iter()
                .position(|p| p.captured() == captured)
                .unwrap_or(0);
        }
        Some(m)
    }
}
