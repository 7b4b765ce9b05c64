//! What a long build reports as it goes: the stages it passes through and the boards
//! done in each. A program draws it (a progress bar); the library draws nothing.
//!
//! ```
//! use std::sync::atomic::{AtomicU64, Ordering};
//! use mancala_solve::progress::{Progress, Stage};
//! /// Counts the boards done, in every stage together.
//! #[derive(Default)]
//! struct Count(AtomicU64);
//! impl Progress for Count {
//!     fn advance(&self, boards: u64) {
//!         self.0.fetch_add(boards, Ordering::Relaxed);
//!     }
//! }
//! use mancala_solve::{build::BuildOptions, db::Databases, kalah::KalahGame};
//! let game = KalahGame::new(kalah::Rules::with_pits(2));
//! let mut dbs = Databases::new(&game, 6)?;
//! let count = Count::default();
//! BuildOptions::new().progress(&count).build(&game, &mut dbs, |_| {})?;
//! // Every board of 0 to 6 seeds on 4 pits: C(s + 3, 3) summed.
//! assert_eq!(count.0.into_inner(), 1 + 4 + 10 + 20 + 35 + 56 + 84);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

/// Receives a build's progress. Every method is provided and does nothing, so an
/// implementation writes only what it shows; `()` shows nothing.
///
/// A build calls [`start`](Progress::start) when a stage begins (a stage not finished
/// before is then over), [`advance`](Progress::advance) from its worker threads as
/// boards are done, and [`finish`](Progress::finish) when the stage is over; the stages
/// follow one another (none is nested in another).
pub trait Progress: Sync {
    /// A stage begins; `stage.boards` is its work, if known.
    fn start(&self, stage: &Stage<'_>) {
        let _ = stage;
    }

    /// `boards` more boards of the current stage are done (called from any thread).
    fn advance(&self, boards: u64) {
        let _ = boards;
    }

    /// The current stage is over.
    fn finish(&self) {}
}

/// Shows nothing.
impl Progress for () {}

/// A stage of a build: the table of one seed count of one game, and the step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stage<'a> {
    /// The game's name (`kalah`, `urim`, `oware`).
    pub game: &'a str,
    /// The seed count of the table being built.
    pub seeds: u32,
    /// The step of its build.
    pub step: Step,
    /// The boards the stage goes through, if known (what [`Progress::advance`] adds
    /// up to).
    pub boards: Option<u64>,
}

/// The step of a build a [`Stage`] is at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Step {
    /// A game without cycles: every board's value computed.
    Values,
    /// A game with cycles: the first pass, every board's moves played.
    Moves,
    /// A game with cycles, its children replayed: an iteration of the equations over
    /// the boards still unresolved (the first is 1).
    Iteration(u32),
    /// A distributed build: a round of the iteration, with the boards whose bounds
    /// moved in the round before, on all workers together.
    Round {
        /// The round (the first is 1).
        round: u32,
        /// Boards that moved.
        moved: u64,
    },
}

/// `urim 14 seeds, moves`: the game, the seed count right-aligned in two places, and
/// the step (nothing for [`Step::Values`]).
///
/// ```
/// use mancala_solve::progress::{Stage, Step};
/// let stage = |step| Stage { game: "urim", seeds: 9, step, boards: None };
/// assert_eq!(stage(Step::Values).to_string(), "urim  9 seeds");
/// assert_eq!(stage(Step::Moves).to_string(), "urim  9 seeds, moves");
/// assert_eq!(stage(Step::Iteration(3)).to_string(), "urim  9 seeds, iteration 3");
/// assert_eq!(
///     stage(Step::Round { round: 2, moved: 40 }).to_string(),
///     "urim  9 seeds, round 2, 40 boards moved"
/// );
/// ```
impl fmt::Display for Stage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {:>2} seeds", self.game, self.seeds)?;
        match self.step {
            Step::Values => Ok(()),
            Step::Moves => f.write_str(", moves"),
            Step::Iteration(i) => write!(f, ", iteration {i}"),
            Step::Round { round, moved } => write!(f, ", round {round}, {moved} boards moved"),
        }
    }
}
