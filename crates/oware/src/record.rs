//! The game record: the position plus the history the repetition rule needs.

use alloc::vec::Vec;

use mancala_core::{IllegalMove, Player, Position, Status};

use crate::{Move, MoveList, Oware, PITS};

/// A set of positions since the last capture, as a filter of one bit per key: a clear
/// bit proves a position is new; a set bit is confirmed by comparing whole positions.
#[derive(Clone, PartialEq, Eq)]
struct Seen([u64; Seen::WORDS]);

impl Seen {
    /// 2048 bits: a random game rarely has more than a few dozen positions between
    /// captures, so a false hit (one extra scan of the history) is rare.
    const WORDS: usize = 32;

    const fn new() -> Self {
        Seen([0; Self::WORDS])
    }

    /// A 64-bit mix of the pits and the player to move (positions since a capture hold
    /// the same stores): equal positions have equal keys.
    #[inline]
    fn key(p: &Oware) -> u64 {
        let mut bytes = [0u8; 16];
        bytes[..PITS].copy_from_slice(&p.row(Player::South));
        bytes[PITS..2 * PITS].copy_from_slice(&p.row(Player::North));
        bytes[15] = p.side_to_move().index() as u8;
        let board = u128::from_le_bytes(bytes);
        let (lo, hi) = (board as u64, (board >> 64) as u64);
        (lo ^ hi.wrapping_mul(0x9e37_79b9_7f4a_7c15)).wrapping_mul(0xbf58_476d_1ce4_e5b9)
    }

    /// Marks `p`; returns whether its bit was set before (maybe seen).
    #[inline]
    fn insert(&mut self, p: &Oware) -> bool {
        let i = (Self::key(p) >> (64 - 11)) as usize;
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let before = self.0[word] & bit != 0;
        self.0[word] |= bit;
        before
    }

    #[inline]
    fn clear(&mut self) {
        self.0 = [0; Self::WORDS];
    }
}

impl core::fmt::Debug for Seen {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let bits: u32 = self.0.iter().map(|w| w.count_ones()).sum();
        write!(f, "Seen({bits} bits)")
    }
}

/// A game of Oware with its history: it ends the game when a move produces a position
/// (pits, stores and player to move) that already occurred since the last capture;
/// each player then takes the seeds in their own row.
///
/// The check is exact and cheap: a bit filter of the positions since the last capture
/// answers "new" for nearly every move, and a possible repetition is confirmed by
/// comparing whole positions. [`reset`](Game::reset) starts a new game keeping the
/// record's buffers, so that a program playing many games allocates nothing once the
/// buffers have grown to the longest game.
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
    /// The keys of `since_capture`.
    seen: Seen,
    repeated: bool,
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
        let mut game = Game {
            start,
            moves: Vec::with_capacity(plies),
            since_capture: Vec::with_capacity(plies + 1),
            seen: Seen::new(),
            repeated: false,
        };
        game.reset(start);
        game
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
        self.start = start;
        self.moves.clear();
        self.since_capture.clear();
        self.since_capture.push(start);
        self.seen.clear();
        self.seen.insert(&start);
        self.repeated = false;
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

    /// The positions since the last capture (or the start), the current one last.
    #[must_use]
    pub fn since_last_capture(&self) -> &[Oware] {
        &self.since_capture
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

    /// The legal moves; none once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        if self.repeated {
            MoveList::new()
        } else {
            self.position().legal_moves()
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
        self.position().check_move(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays `m` without checking it (a move from [`legal_moves`](Game::legal_moves)),
    /// applying the repetition rule like [`play`](Game::play).
    ///
    /// # Panics
    /// May panic, or leave a meaningless game, if `m` is not legal; it is never unsound.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        // The new position is made in its place in the history: copying it there after
        // it was made would read back the bytes just written, which stalls.
        let next = *self.position();
        self.since_capture.push(next);
        let next = self.since_capture.last_mut().expect("just pushed");
        if next.play_capturing(m) > 0 {
            // A capture lowers the seeds on the board for good: nothing before it can
            // come back.
            let next = *next;
            self.since_capture.clear();
            self.since_capture.push(next);
            self.seen.clear();
            self.seen.insert(&next);
        } else if self.seen.insert(next) {
            let (next, before) = self.since_capture.split_last().expect("just pushed");
            self.repeated = before.contains(next);
        }
        self.moves.push(m);
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
