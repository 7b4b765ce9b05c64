//! # mancala
//!
//! Exact rules and fast engines for traditional mancala games, in one crate that
//! re-exports the workspace's parts under names that shadow nothing:
//!
//! - at the top level, everything of `mancala-core`: the [`Position`] trait every game
//!   implements, [`Player`], [`Board`], [`Status`], [`IllegalMove`], the
//!   [`record`] module with the `Record` trait of game records (feature
//!   `alloc`), [`perft`], the [`notation`] helpers and the primitives the games run on
//!   ([`sow`], [`capture`], [`cycle`]);
//! - [`urim`] (Cape Verde), [`omweso`] (Uganda), [`rio_kadalis`] (Somalia), [`oware`]
//!   (the abapa rules) and [`kalah`] (OpenSpiel's `mancala`): one module per game, each
//!   behind a feature of the same name;
//! - [`search`]: the engines (random, greedy, alpha-beta, Monte Carlo tree search),
//!   behind the feature `search`;
//! - [`runtime`]: the runtime layer every front end drives games through — any game
//!   and variant chosen at run time (`runtime::Variant`, `runtime::AnyGame`), engines
//!   from specs, matches, tournaments, Elo ratings, game files, and (feature `db`) the
//!   endgame databases for a position — behind the feature `runtime`.
//!
//! ```
//! # #[cfg(all(feature = "urim", feature = "search"))] {
//! use mancala::record::Record;
//! use mancala::search::{AlphaBeta, Engine, Limits};
//! use mancala::urim::{Game, Urim};
//! use mancala::{Position, Status};
//!
//! let start: Urim<6> = "3,3,3,3,3,3/3,3,3,3,3,3 0-0 S".parse().unwrap();
//! let mut game = Game::new(start);
//! assert_eq!(game.legal_moves().len(), 6);
//! game.play("c".parse().unwrap()).unwrap();
//! let reply = AlphaBeta::new(Limits::depth(4)).choose(&game).unwrap();
//! game.play(reply).unwrap();
//! assert_eq!(game.status(), Status::Ongoing);
//! assert_eq!(game.position().side_to_move(), mancala::Player::South);
//! # }
//! ```
//!
//! ## Feature flags
//!
//! - `urim`, `omweso`, `rio-kadalis`, `oware`, `kalah`: the games (default).
//! - `search` (default): the engines; implies `std`.
//! - `runtime` (default): the runtime layer; implies every game and `search`.
//! - `db`: the endgame databases in the runtime layer (memory-mapped files, threads).
//! - `distributed`: the `solve` example builds its databases as a timely dataflow across
//!   threads, processes and machines (`--parts`; crate `mancala-distributed`). Not
//!   default: it compiles timely.
//! - `alloc`: game records and matches, which keep history.
//! - `std` (default): the standard library; implies `alloc`.
//! - `serde`: positions and moves serialize (as their notation where it says
//!   everything), and are validated when deserialized.
#![no_std]
#![doc(html_root_url = "https://docs.rs/mancala/0.1.0")]

// Every re-export is inlined, so that `cargo doc -p mancala --no-deps` alone documents
// every item here, with links that stay inside these docs.
#[doc(inline)]
pub use mancala_core::*;

#[cfg(feature = "urim")]
#[doc(inline)]
pub use urim;

#[cfg(feature = "omweso")]
#[doc(inline)]
pub use omweso;

#[cfg(feature = "rio-kadalis")]
#[doc(inline)]
pub use rio_kadalis;

#[cfg(feature = "oware")]
#[doc(inline)]
pub use oware;

#[cfg(feature = "kalah")]
#[doc(inline)]
pub use kalah;

#[cfg(feature = "search")]
#[doc(inline)]
pub use mancala_search as search;

#[cfg(feature = "runtime")]
#[doc(inline)]
pub use mancala_runtime as runtime;

/// The examples of `docs/api.md` (the common API), compiled and run as doctests the way
/// a dependent of this crate writes them.
#[cfg(all(doctest, feature = "urim", feature = "search"))]
#[doc = include_str!("../docs/api.md")]
pub struct ApiGuideDoctests;

/// The README's examples, compiled and run as doctests.
#[cfg(all(doctest, feature = "urim", feature = "search"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
