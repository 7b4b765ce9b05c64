#![doc = include_str!("../README.md")]
#![doc(html_root_url = "https://docs.rs/urim/0.1.0")]
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod end;
pub mod pairs;
mod position;
#[cfg(feature = "alloc")]
mod record;
mod setup;
mod variant;

#[allow(deprecated)]
pub use position::score;
pub use position::{
    IllegalMove, MAX_PITS, Move, MoveList, Reason, Urim, Urim6, Urim7, outcome_from_totals,
    two_points_from,
};
#[cfg(feature = "alloc")]
pub use record::{Game, Match, MatchError};
pub use setup::{CAP, ParsePositionError, SEEDS_PER_PIT, Setup, SetupError, row_length};
pub use variant::{Variant, VariantError};

// The same names from the core in every game crate (docs/api.md).
mancala_core::reexport_core_names!();

#[cfg(feature = "serde")]
mancala_core::serde_via_notation!(Urim<N>, "an urim position in notation", N);
