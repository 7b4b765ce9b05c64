//! The game record: the position plus the history the repetition rule needs.

use alloc::vec::Vec;

use mancala_core::record::{History, Repetition};
use mancala_core::{ByPlayer, IllegalMove, Outcome, Player, Position, Status};

use crate::{Move, MoveList, Oware, PITS};

/// The repetition rule's history: what only a capture changes is the stores.
impl Repetition for Oware {
    type Captures = ByPlayer<u8>;

    fn repetition_outcome(&self) -> Outcome {
        self.outcome_taking_rows()
    }

    fn captures(&self) -> ByPlayer<u8> {
        self.stores()
    }

    #[inline]
    fn play_reporting_capture(&mut self, m: Move) -> bool {
        self.play_capturing(m) > 0
    }

    /// A 64-bit mix of the pits and the player to move (positions since a capture hold
    /// the same stores): equal positions have equal keys.
    #[inline]
    fn repetition_key(&self) -> u64 {
        let mut bytes = [0u8; 16];
        bytes[..PITS].copy_from_slice(&self.row(Player::South));
        bytes[PITS..2 * PITS].copy_from_slice(&self.row(Player::North));
        bytes[15] = self.side_to_move().index() as u8;
        let board = u128::from_le_bytes(bytes);
        let (lo, hi) = (board as u64, (board >> 64) as u64);
        (lo ^ hi.wrapping_mul(0x9e37_79b9_7f4a_7c15)).wrapping_mul(0xbf58_476d_1ce4_e5b9)
    }
}

/// A game of Oware with its history: it ends the game when a move produces a position
/// (pits, stores and player to move) that already occurred since the last capture;
/// each player then takes the seeds in their own row.
///
/// The history is the core's [`History`]: the check is exact and cheap (a bit filter,
/// confirmed by comparing whole positions), and [`reset`](Game::reset) starts a new game
/// keeping the record's buffers, so that a program playing many games allocates nothing
/// once the buffers have grown to the longest game.
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
    /// The moves and positions, and whether the last move repeated a position since the
    /// last capture.
    history: History<Oware>,
}

impl Game {
    /// A game from `start`.
    #[must_use]
    pub fn new(start: Oware) -> Self {
        Self::with_capacity(start, 0)
    }

    /// A game from `start` with room for `plies` moves before its buffers grow.
    #[must_use]
    pub fn with_capacity(start: Oware, plies: usize) -> Self {
        Game {
            history: History::with_capacity(start, plies),
        }
    }

    /// Starts a new game from `start`, keeping the buffers (no allocation).
    ///
    /// ```
    /// use oware::{Game, Oware};
    /// let mut game = Game::new(Oware::new());
    /// game.play("c".parse().unwrap()).unwrap();
    /// game.reset(Oware::new());
    /// assert_eq!(game, Game::new(Oware::new()));
    /// ```
    pub fn reset(&mut self, start: Oware) {
        self.history.reset(start);
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Oware {
        self.history.position()
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Oware {
        self.history.start()
    }

    /// The moves played.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        self.history.moves()
    }

    /// Every position from the start, the current one last.
    #[must_use]
    pub fn positions(&self) -> &[Oware] {
        self.history.positions()
    }

    /// The positions since the last capture (or the start), the current one last.
    #[must_use]
    pub fn since_last_capture(&self) -> &[Oware] {
        self.history.since_last_capture()
    }

    /// Whether the game ended by a repeated position.
    #[must_use]
    pub const fn ended_by_repetition(&self) -> bool {
        self.history.is_repetition()
    }

    /// The status: the position's, or over by repetition with each player taking their
    /// own row.
    #[must_use]
    pub fn status(&self) -> Status {
        self.history.status()
    }

    /// The legal moves; none once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        self.history.legal_moves()
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// Why `m` is illegal ([`IllegalMove::GameOver`] after a repetition); the game is
    /// then unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.history.play(m)
    }

    /// Plays `m` without checking it (a move from [`legal_moves`](Game::legal_moves)),
    /// applying the repetition rule like [`play`](Game::play).
    ///
    /// # Panics
    /// May panic, or leave a meaningless game, if `m` is not legal; it is never unsound.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        self.history.play_unchecked(m);
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
        if self.ended_by_repetition() || self.position().status().is_finished() {
            return u64::from(depth == 0);
        }
        let mut stack = self.since_last_capture().to_vec();
        stack.reserve(depth as usize + 1);
        perft_from(&mut stack, 0, depth)
    }

    /// Takes back the last move.
    ///
    /// # Errors
    /// [`IllegalMove::NotLegal`] when no move has been played.
    pub fn undo(&mut self) -> Result<(), IllegalMove> {
        self.history.undo().map(|_| ()).ok_or(IllegalMove::NotLegal)
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
