//! Endgame databases by seeds on the board, and an exact proof search over them.
//!
//! - [`rank`]: a perfect rank of the boards with `s` seeds in `p` pits, so a database
//!   is a flat array of values with no keys.
//! - [`game`]: what the solver needs of a game ([`SolveGame`]), written against
//!   [`mancala_core::Position`], and the kinds of game the searches need (marker
//!   traits): [`Acyclic`] (no position can repeat: [`search::Prover`]) and
//!   [`Alternating`] (the turn always passes: [`history::HistoryProver`]); [`kalah`]
//!   is the adapter for the `kalah` crate.
//! - [`build`]: the databases of a game without cycles, one seed count after the
//!   other, on all cores with a progress bar, and their re-check; [`retro`]: the
//!   retrograde analysis of a game with cycles (Urim, adapter [`urim`]; Oware,
//!   adapter [`oware`](mod@oware)), two bounds per board; [`rows`]: tighter bounds
//!   for Urim, endless play valued by rule 6's split of the rows.
//! - [`file`](mod@file): the database file (header, checksum), read into memory or
//!   (an `unsafe fn`: the file must not change while mapped) memory-mapped;
//!   [`db::Databases`] is a set of them.
//! - [`search`]: MTD(f) over the game tree with a transposition table, looking the
//!   databases up; it proves a position's value or reports the bounds it reached.
//!   [`history`]: the same for Urim, carrying rule 6's history along its path and
//!   using the databases' bounds right after captures.
//! - [`player`]: a player that plays moves the proof search proved to keep the
//!   value ([`player::Perfect`]), with a fallback engine when a proof runs out of time.
//! - [`oracle`]: the databases as a `mancala_search::Evaluator` that knows exact
//!   outcomes (or bounds on them) where they hold: for a game with cycles, at a
//!   position that is its whole history.
//!
//! The value of a board is the margin (the mover's future gains minus the
//! opponent's) the side to move can force over the seeds still on the board; see
//! `docs/solving.md`.
//!
//! ```
//! use mancala_solve::{build, db::Databases, kalah::KalahGame, search::{Limits, Prover}};
//! use kalah::{Kalah, Player, Rules};
//! let game = KalahGame::new(Rules::with_pits(2));
//! let mut dbs = Databases::new(&game, 8)?;
//! build::build(&game, &mut dbs, 8, None, false, |_| {})?; // every board of <= 8 seeds
//! let start = Kalah::start_with(Rules::with_pits(2), 2, Player::South)?; // 8 seeds: in the databases
//! let proof = Prover::new(&game, &dbs, 10)?.prove(&start, &Limits::none())?;
//! assert_eq!(proof.value(), Some(i32::from(dbs.value(&[2, 2, 2, 2]).unwrap())));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![doc(html_root_url = "https://docs.rs/mancala-solve/0.1.0")]

pub mod build;
pub mod db;
pub mod file;
pub mod game;
pub mod history;
pub mod kalah;
mod levels;
pub mod oracle;
pub mod oware;
pub mod player;
pub mod rank;
pub mod retro;
pub mod rows;
pub mod search;
pub mod unsow;
pub mod urim;

pub use game::{Acyclic, Alternating, SolveGame, WordChild, WordMoves};
pub use mancala_core::{Player, Position};

/// The byte of a value not computed yet.
pub const UNKNOWN: i8 = i8::MIN;
/// The byte of a board the rules do not have ([`SolveGame::position`] gave `None`).
pub const ABSENT: i8 = i8::MIN + 1;

/// Why the databases or a proof could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// A board cannot be ranked.
    #[error(transparent)]
    Rank(#[from] rank::RankError),
    /// A database file cannot be written, or is refused.
    #[error(transparent)]
    File(#[from] file::FileError),
    /// A game was annulled: it has no value.
    #[error("a game was annulled: the solver needs games that end with seed totals")]
    Annulled,
    /// A game ended without seed totals.
    #[error("a game ended without seed totals: the solver needs them")]
    NoTotals,
    /// An ongoing position has no legal move.
    #[error("an ongoing position has no legal move")]
    NoMoves,
    /// A position has more moves than the search keeps (16).
    #[error("a position has more than 16 moves")]
    TooManyMoves,
    /// A chain of moves that keep the seeds on the board is longer than any such chain
    /// of a game without cycles.
    #[error("the positions of {seeds} seeds have a cycle: this game needs a retrograde analysis")]
    Cycle {
        /// The seed count.
        seeds: u32,
    },
    /// A move put seeds back on the board.
    #[error("a move from a board of {seeds} seeds led to one of {child}")]
    SeedsRose {
        /// The parent's seeds.
        seeds: u32,
        /// The child's seeds.
        child: u32,
    },
    /// No database of this seed count.
    #[error("there is no database of {seeds} seeds")]
    Missing {
        /// The seed count.
        seeds: u32,
    },
    /// A move led to a board the rules do not have.
    #[error("a move led to board {rank} of {seeds} seeds, which the rules do not have")]
    Absent {
        /// The seed count.
        seeds: u32,
        /// The rank.
        rank: u64,
    },
    /// A database holds two bounds for a board (a game with cycles), where one value
    /// is needed.
    #[error("board {rank} of {seeds} seeds has bounds {lower}..{upper}, not one value")]
    Unresolved {
        /// The seed count.
        seeds: u32,
        /// The rank.
        rank: u64,
        /// The lower bound.
        lower: i8,
        /// The upper bound.
        upper: i8,
    },
    /// The databases are of another game or rule set than the prover's.
    #[error("the databases are of {found}, the prover's game is {expected}")]
    Foreign {
        /// The prover's game and rule set: `name (variant)`.
        expected: String,
        /// The databases': `name (variant)`.
        found: String,
    },
    /// A move left the same side to move, in a game the search takes as alternating.
    #[error("a move left the same side to move: this search needs alternating turns")]
    ExtraTurn,
    /// A database holds a value not computed.
    #[error("board {rank} of {seeds} seeds has no value")]
    Unknown {
        /// The seed count.
        seeds: u32,
        /// The rank.
        rank: u64,
    },
    /// A value is outside what a board can have.
    #[error("value {value} is impossible with {seeds} seeds on the board")]
    ValueRange {
        /// The seed count.
        seeds: u32,
        /// The value.
        value: i32,
    },
    /// A database does not have one value per board.
    #[error("the database of {seeds} seeds has {found} values, not {expected}")]
    TableSize {
        /// The seed count.
        seeds: u32,
        /// Values found.
        found: u64,
        /// Boards.
        expected: u64,
    },
    /// Databases are built in order of seeds.
    #[error("the database of {want} seeds needs those of fewer seeds first (there are {have})")]
    Order {
        /// The databases present.
        have: u32,
        /// The seed count asked for.
        want: u32,
    },
    /// The position is not of the game the databases are for.
    #[error("the position has {found} pits a side, the game {expected}")]
    Pits {
        /// The position's.
        found: usize,
        /// The game's.
        expected: usize,
    },
}
