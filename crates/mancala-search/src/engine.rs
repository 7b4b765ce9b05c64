//! The trait every player implements, and what a search reports.

use core::fmt;
use std::time::Duration;

use mancala_core::record::{MoveOf, Record};

use crate::score::{Score, ShowScore};

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Report<M> {
    /// The move chosen; `None` if the game is over.
    pub best: Option<M>,
    /// The evaluation of the position for its player to move (see
    /// [`score`](crate::score)); for MCTS, the win rate mapped to ±10 seeds.
    pub score: Score,
    /// The principal variation: the best move and the expected replies.
    pub pv: Vec<M>,
    /// Positions visited (alpha-beta, greedy) or playouts run (MCTS).
    pub nodes: u64,
    /// The depth of the last completed iteration (alpha-beta), 1 for greedy, 0 for
    /// random; for MCTS the length of the principal variation.
    pub depth: u32,
    /// For MCTS: the chosen move's win rate for the player to move, 0 to 1.
    pub win_rate: Option<f64>,
    /// The time the search took.
    pub elapsed: Duration,
}

impl<M> Report<M> {
    /// A report that chose `best` without searching.
    #[must_use]
    pub fn bare(best: Option<M>) -> Self {
        Report {
            best,
            score: 0,
            pv: Vec::new(),
            nodes: 0,
            depth: 0,
            win_rate: None,
            elapsed: Duration::ZERO,
        }
    }

    /// Nodes (or playouts) per second.
    #[must_use]
    pub fn nodes_per_second(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 { self.nodes as f64 / s } else { 0.0 }
    }
}

impl<M: fmt::Display> fmt::Display for Report<M> {
    /// `best <move> eval <score> depth <d> nodes <n> pv <moves…>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.best {
            Some(m) => write!(f, "best {m}")?,
            None => f.write_str("best (none)")?,
        }
        write!(f, " eval {}", ShowScore(self.score))?;
        if let Some(w) = self.win_rate {
            write!(f, " (win rate {:.1}%)", w * 100.0)?;
        }
        write!(f, " depth {} nodes {} pv", self.depth, self.nodes)?;
        for m in &self.pv {
            write!(f, " {m}")?;
        }
        Ok(())
    }
}

/// A player: chooses the next move of a game.
///
/// A player is given the game's record (`R`: `urim::Game`, `omweso::Game`, any
/// [`Record`]), not a bare position, so that the rules that need history count: a move
/// that repeats a position since the last capture ends an Urim game or a Rio Kadalis
/// round, and the engines see that ending where the record does.
///
/// Every engine is deterministic for a given seed and depth (or iteration) limit; only
/// time limits make results depend on the machine.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::{record::{Line, Record}, toy::Countdown};
/// use mancala::search::{AlphaBeta, Engine, Limits};
/// let mut engine = AlphaBeta::new(Limits::depth(7));
/// // Take 1 from 7 leaves 6, a multiple of 3: lost for the opponent.
/// let report = engine.search(&Line::new(Countdown::new(7)));
/// assert_eq!(report.best.unwrap().0, 1);
/// ```
pub trait Engine<R: Record> {
    /// A short name for tables: the spec that builds the engine (`spec`), like
    /// `alphabeta:6` or `mcts:1000:2t`.
    fn name(&self) -> String;

    /// Searches the current position of `game`, with its history, and reports the move
    /// chosen, its evaluation and the line expected.
    fn search(&mut self, game: &R) -> Report<MoveOf<R>>;

    /// The move chosen in `game`; `None` if the game is over.
    fn choose(&mut self, game: &R) -> Option<MoveOf<R>> {
        self.search(game).best
    }
}

impl<R: Record> Engine<R> for Box<dyn Engine<R>> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn search(&mut self, game: &R) -> Report<MoveOf<R>> {
        (**self).search(game)
    }
}

/// The working copy of a game record that a search plays its lines on: `game` itself,
/// rebuilt in the buffers of the previous search's copy (`slot`) by replaying its moves
/// from its start, so that a search allocates nothing once the copy has grown.
///
/// A record is its start and its moves (both [`Record`]s of the core make every field
/// from them), so the copy has the same positions, history and status as `game`.
pub(crate) fn working_copy<R: Record>(slot: &mut Option<R>, game: &R, room: usize) -> R {
    let start = game.start().clone();
    let mut work = match slot.take() {
        Some(mut w) => {
            w.reset(start);
            w
        }
        None => R::with_capacity(start, game.moves().len() + room),
    };
    for &m in game.moves() {
        work.play_unchecked(m);
    }
    debug_assert!(work.position() == game.position() && work.status() == game.status());
    work
}

/// How long a search may run. Whichever limit is reached first stops it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration (plies) of alpha-beta.
    pub depth: u32,
    /// The time available; `None` for no limit.
    pub time: Option<Duration>,
    /// The most nodes (alpha-beta) or playouts (MCTS); `None` for no limit.
    pub nodes: Option<u64>,
}

impl Limits {
    /// Search to `depth` plies, without a time limit.
    #[must_use]
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            time: None,
            nodes: None,
        }
    }

    /// Search for `ms` milliseconds, as deep as time allows.
    #[must_use]
    pub const fn millis(ms: u64) -> Limits {
        Limits {
            depth: crate::score::MAX_PLY as u32 - 1,
            time: Some(Duration::from_millis(ms)),
            nodes: None,
        }
    }

    /// Run `n` nodes (alpha-beta) or playouts (MCTS).
    #[must_use]
    pub const fn nodes(n: u64) -> Limits {
        Limits {
            depth: crate::score::MAX_PLY as u32 - 1,
            time: None,
            nodes: Some(n),
        }
    }
}
