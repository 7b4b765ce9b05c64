//! The game record: the position plus the history the repetition rule needs.

use alloc::vec::Vec;

use mancala_core::{IllegalMove, Position, Status};

use crate::{Move, Oware};

/// A game of Oware with its history: it ends the game when a move produces a position
/// (pits, stores and player to move) that already occurred since the last capture;
/// each player then takes the seeds in their own row.
///
/// ```
/// use mancala_core::Position;
/// use oware::{Game, Oware};
/// let mut game = Game::new(Oware::new());
/// game.play("c".parse().unwrap()).unwrap();
/// assert_eq!(game.moves().len(), 1);
/// assert!(!game.status().is_finished());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Oware,
    moves: Vec<Move>,
    /// The positions since the last capture (or the start), the current one last.
    since_capture: Vec<Oware>,
    repeated: bool,
}

impl Game {
    /// A game from `start`.
    #[must_use]
    pub fn new(start: Oware) -> Self {
        Game {
            start,
            moves: Vec::new(),
            since_capture: alloc::vec![start],
            repeated: false,
        }
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Oware {
        self.since_capture.last().expect("never empty")
    }

    /// The position the game started from.
    #[must_use]
    pub const fn start(&self) -> &Oware {
        &self.start
    }

    /// The moves played.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Whether the game ended by a repeated position.
    #[must_use]
    pub const fn ended_by_repetition(&self) -> bool {
        self.repeated
    }

    /// The status: the position's, or over by repetition with each player taking their
    /// own row.
    #[must_use]
    pub fn status(&self) -> Status {
        if self.repeated {
            Status::Over(self.position().outcome_taking_rows())
        } else {
            self.position().status()
        }
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// Why `m` is illegal ([`IllegalMove::GameOver`] after a repetition); the game is
    /// then unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.repeated {
            return Err(IllegalMove::GameOver);
        }
        let mut next = *self.position();
        next.check_move(m)?;
        if next.play_capturing(m) > 0 {
            self.since_capture.clear();
        } else if self.since_capture.contains(&next) {
            self.repeated = true;
        }
        self.since_capture.push(next);
        self.moves.push(m);
        Ok(())
    }

    /// Perft from the current position with the repetition rule applied: a move that
    /// repeats a position since the last capture ends the game there (a leaf with no
    /// moves). This is how the published engines (OpenSpiel's `oware`, the `board-game`
    /// crate) count, since their states carry that history.
    ///
    /// ```
    /// use oware::{Game, Oware};
    /// assert_eq!(Game::new(Oware::new()).perft(3), 190);
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        if self.repeated || self.position().status().is_finished() {
            return u64::from(depth == 0);
        }
        let mut stack = self.since_capture.clone();
        stack.reserve(depth as usize + 1);
        perft_from(&mut stack, 0, depth)
    }

    /// Takes back the last move by replaying the others from the start.
    ///
    /// # Errors
    /// [`IllegalMove::NotLegal`] when no move has been played.
    pub fn undo(&mut self) -> Result<(), IllegalMove> {
        let Some((_, rest)) = self.moves.split_last() else {
            return Err(IllegalMove::NotLegal);
        };
        let rest = rest.to_vec();
        let mut g = Game::new(self.start);
        for m in rest {
            g.play(m)?;
        }
        *self = g;
        Ok(())
    }
}

/// Perft over `stack` (the positions since the last capture from `window`, the current
/// one last); allocation-free once `stack` has room for `depth` more positions.
fn perft_from(stack: &mut Vec<Oware>, window: usize, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let p = *stack.last().expect("never empty");
    let mut nodes = 0;
    for m in p.legal_moves() {
        let mut q = p;
        let captured = q.play_capturing(m) > 0;
        if depth == 1 {
            nodes += 1;
            continue;
        }
        let window = if captured { stack.len() } else { window };
        if !captured && stack[window..].contains(&q) {
            // The game ends here by repetition: a leaf, counted only at depth 0.
            continue;
        }
        stack.push(q);
        nodes += perft_from(stack, window, depth - 1);
        stack.pop();
    }
    nodes
}
