//! The trait every player implements, and what a search reports.

use core::fmt;
use std::time::Duration;

use mancala_core::Position;

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

/// A player: chooses a move in a position.
///
/// Every engine is deterministic for a given seed and depth (or iteration) limit; only
/// time limits make results depend on the machine.
///
/// ```
/// use mancala_core::toy::Countdown;
/// use mancala_search::{AlphaBeta, Engine, Limits};
/// let mut engine = AlphaBeta::new(Limits::depth(6));
/// // Take 1 from 7 leaves 6, a multiple of 3: lost for the opponent.
/// let report = engine.search(&Countdown::new(7));
/// assert_eq!(report.best.unwrap().0, 1);
/// ```
pub trait Engine<P: Position> {
    /// A short name for tables, like `alphabeta(6)`.
    fn name(&self) -> String;

    /// Searches `p` and reports the move chosen, its evaluation and the line expected.
    fn search(&mut self, p: &P) -> Report<P::Move>;

    /// The move chosen in `p`; `None` if the game is over.
    fn choose(&mut self, p: &P) -> Option<P::Move> {
        self.search(p).best
    }
}

impl<P: Position> Engine<P> for Box<dyn Engine<P>> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn search(&mut self, p: &P) -> Report<P::Move> {
        (**self).search(p)
    }
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
