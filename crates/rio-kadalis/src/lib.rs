#![doc = include_str!("../README.md")]
#![doc(html_root_url = "https://docs.rs/rio-kadalis/0.1.0")]
#![no_std]
#![deny(missing_docs)]
// Without `alloc`, the links to `Game`, `Record` and `Match` have no target (the docs
// are checked with every feature on).
#![cfg_attr(not(feature = "alloc"), allow(rustdoc::broken_intra_doc_links))]

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(feature = "alloc")]
mod matches;
mod position;
#[cfg(feature = "alloc")]
mod record;
#[cfg(feature = "serde")]
mod serde_impl;
mod variant;

#[cfg(feature = "alloc")]
pub use matches::{Match, MatchError};
pub use position::{
    IllegalMove, Kadalis, MAX_PITS, Move, MoveList, ParsePositionError, Reason, Setup, SetupError,
    fill_row,
};
#[cfg(feature = "alloc")]
pub use record::Game;
pub use variant::{Variant, VariantError};

// The same names from the core in every game crate (docs/api.md), so that one
// dependency is enough.
pub use mancala_core::events::{LapKind, PitId, PlayObserved, SowEvent, SowObserver};
pub use mancala_core::{
    Board, ByPlayer, Direction, EndReason, NotationError, Outcome, PitMove, Player, Position,
    Status,
};
#[cfg(feature = "alloc")]
pub use mancala_core::{
    record::{History, Line, Record},
    series::Series,
};
