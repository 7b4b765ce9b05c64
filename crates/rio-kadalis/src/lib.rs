#![doc = include_str!("../README.md")]
#![doc(html_root_url = "https://docs.rs/rio-kadalis/0.1.0")]
#![no_std]
// Without `alloc`, the links to `Game`, `Record` and `Match` have no target (the docs
// are checked with every feature on).
#![cfg_attr(not(feature = "alloc"), allow(rustdoc::broken_intra_doc_links))]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod end;
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
    IllegalMove, MAX_PITS, Move, MoveList, ParsePositionError, Reason, RioKadalis, Setup,
    SetupError, fill_row,
};

/// The old name of [`RioKadalis`].
#[deprecated(note = "renamed to RioKadalis")]
pub type Kadalis<const N: usize = 6, const CLOCKWISE: bool = false> = RioKadalis<N, CLOCKWISE>;
#[cfg(feature = "alloc")]
pub use record::Game;
pub use variant::{Variant, VariantError};

// The same names from the core in every game crate (docs/api.md).
mancala_core::reexport_core_names!();
