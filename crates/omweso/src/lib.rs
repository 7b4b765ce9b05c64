#![doc = include_str!("../README.md")]
#![doc(html_root_url = "https://docs.rs/omweso/0.1.0")]
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod end;
mod moves;
mod notation;
mod pit;
mod position;
#[cfg(feature = "alloc")]
mod record;
mod relay;
#[cfg(feature = "serde")]
mod serde_impl;
mod setup;
mod variant;

pub use mancala_core::cycle::{Endless, MemoSlot, MemoStats, SearchMemo};
// The same names from the core in every game crate (docs/api.md).
mancala_core::reexport_core_names!();
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList};
pub use pit::Pit;
pub use position::{Beheading, Omweso, Pending, Reason};
#[cfg(feature = "alloc")]
pub use record::{Game, Match, MatchError, Mode, beheading};
pub use setup::{DEFAULT_CAP, Rules, SEEDS, SEEDS_PER_PLAYER, Setup, SetupError};
pub use variant::{First, ParseModeError, Variant, VariantError};

/// The pits each player owns (inner `a`–`h`, outer `i`–`p`): the most a move names, as
/// every game's `MAX_PITS` says.
pub const MAX_PITS: usize = 16;

/// Why a move was refused: the reasons every game shares, and Omweso's own
/// ([`IllegalMove::Rule`] with a [`Reason`]).
pub type IllegalMove = mancala_core::IllegalMove<Reason>;

/// Why a position in notation was refused: the text is not in the notation
/// ([`NotationError`]), or the position breaks the rules ([`SetupError`]).
pub type ParsePositionError = mancala_core::ParsePositionError<SetupError>;
