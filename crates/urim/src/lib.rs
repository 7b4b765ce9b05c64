#![doc = include_str!("../README.md")]
#![doc(html_root_url = "https://docs.rs/urim/0.1.0")]
#![no_std]
#![deny(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod pairs;
mod position;
#[cfg(feature = "alloc")]
mod record;
mod setup;
mod variant;

pub use position::{
    CAP, IllegalMove, MAX_PITS, Move, MoveList, Reason, SEEDS_PER_PIT, Urim, Urim6, Urim7, score,
    two_points_from,
};
#[cfg(feature = "alloc")]
pub use record::{Game, Match, MatchError};
pub use setup::{ParsePositionError, Setup, SetupError, row_length};
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

#[cfg(feature = "serde")]
mancala_core::serde_via_notation!(Urim<N>, "an urim position in notation", N);
