//! # mancala
//!
//! Exact rules and fast engines for traditional mancala games, in one crate that
//! re-exports the workspace's parts:
//!
//! - [`core`]: the [`Position`](core::Position) trait every game implements, players,
//!   sowing primitives, exact endless-move detection and perft;
//! - `urim` (Cape Verde), `omweso` (Uganda), `rio_kadalis` (Somalia) and `oware` (the
//!   abapa rules): one module per game, each behind a feature of the same name (all on
//!   by default).
//!
//! ## Feature flags
//!
//! - `urim`, `omweso`, `rio-kadalis`, `oware`: the games (default).
//! - `alloc`: game records and matches, which keep history.
//! - `std` (default): the standard library; implies `alloc`.
//! - `serde`: positions serialize as their notation.
#![no_std]

pub use mancala_core as core;

#[cfg(feature = "urim")]
pub use urim;

#[cfg(feature = "omweso")]
pub use omweso;

#[cfg(feature = "rio-kadalis")]
pub use rio_kadalis;

#[cfg(feature = "oware")]
pub use oware;
