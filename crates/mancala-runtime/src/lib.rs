//! The runtime layer of the mancala games: what a program needs to *use* the games,
//! engines and databases when the game is chosen at run time. The examples, the web
//! page and the Python package all drive games through it.
//!
//! The examples on the items' pages are written as a user of the facade crate `mancala`
//! writes them (`mancala::runtime::…`); with this crate alone, write
//! `mancala_runtime::…`.
//!
//! - [`Variant`] names any game and variant of the workspace, read from and written to
//!   text (`urim pits=7 seeds=4`, `kalah pits=6 seeds=4 empty-capture`): each game
//!   crate's own variant type, composed; [`Variant::standard_variants`] lists them.
//! - [`AnyGame`] is a game of any variant behind one object (an enum over the concrete
//!   records, like shakmaty's `VariantPosition`): legal moves, play and undo, status and
//!   outcome with its reason in words, notation, the board, perft; moves as numbers
//!   for learning code ([`AnyMove::action`]).
//! - [`Engine`] builds any engine of the workspace from its spec ([`EngineSpec`]:
//!   `alphabeta:8`, `mcts:1000:2t`) for any variant, with the endgame databases where
//!   they exist ([`db`], feature `db`).
//! - [`AnyMatch`] plays whole matches with the game's own scoring (Urim, Omweso, Rio
//!   Kadalis) through the core's [`mancala_core::series::Series`] trait; a [`Session`]
//!   is what a player's front end plays.
//! - [`tournament`] plays engines against each other (pairs and round robins), writes
//!   every game to a file of its own, and [`elo`] fits their ratings.
//! - [`files`] reads and writes game files with the variant's tags.
//! - [`Error`] says what went wrong by kind, with the library's own reason.
//!
//! ```
//! use mancala_runtime::{AnyGame, Engine, Variant};
//! let variant: Variant = "oware".parse()?;
//! let mut game = AnyGame::new(&variant);
//! let mut engine = Engine::new(&"alphabeta:4".parse()?, &variant, 0, None)?;
//! while !game.is_finished() && game.ply() < 6 {
//!     let report = engine.search(&game)?;
//!     game.play(report.best.expect("a move"))?;
//! }
//! assert_eq!(game.ply(), 6);
//! # Ok::<(), mancala_runtime::Error>(())
//! ```
//!
//! # Feature flags
//! - `db` (default in this crate): the endgame databases of `mancala-solve` (files read
//!   or memory-mapped, built on rayon threads), for [`db`] and the engines' `db`
//!   argument; in WebAssembly, where there are neither files nor threads, built and held
//!   in memory on one thread ([`db::MemoryDatabases`]). Without it the crate builds no
//!   solver at all.
//!
//! Through the facade `mancala`, where this crate is the module `mancala::runtime`, the
//! databases are `mancala`'s own feature `db`, which is **not** default: the facade
//! depends on this crate without its default features, so that its default build
//! compiles no solver.

#[cfg(feature = "db")]
pub mod db;
pub mod describe;
pub mod draw;
pub mod elo;
pub mod engine;
pub mod error;
pub mod eval;
pub mod files;
pub mod game;
pub mod matches;
pub mod moves;
pub mod session;
pub mod tables;
pub mod tournament;
pub mod variant;
pub mod versus;

pub use describe::{describe_result, describe_status};
pub use engine::{Engine, Report};
pub use error::{
    DatabaseError, EngineError, Error, FileError, MatchError, PositionError, PositionReason,
    RatingError,
};
pub use game::{AnyGame, AnyRecord, GameRecord, Visitor};
pub use mancala_core::events::{LapKind, PitId, SowEvent};
pub use mancala_search::spec::EngineSpec;
pub use matches::{AnyMatch, MatchOptions};
pub use moves::{AnyMove, AnyReason, GameMove, IllegalMoveError, MoveNotationError};
pub use session::Session;
pub use variant::{First, GameKind, Variant, VariantError, draw_lot};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
