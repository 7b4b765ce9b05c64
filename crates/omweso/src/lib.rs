#![doc = include_str!("../README.md")]
#![doc(html_root_url = "https://docs.rs/omweso/0.1.0")]
#![no_std]
#![deny(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

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

pub use mancala_core::cycle::{Endless, MemoSlot, MemoStats, SearchMemo};
#[cfg(feature = "alloc")]
pub use mancala_core::record::Record;
#[cfg(feature = "alloc")]
pub use mancala_core::series::Series;
pub use mancala_core::{
    Board, ByPlayer, EndReason, NotationError, Outcome, Player, Position, Status,
};
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList};
pub use pit::Pit;
pub use position::{Omweso, Pending, Reason};
#[cfg(feature = "alloc")]
pub use record::{Game, Match, MatchError, Mode};
pub use setup::{DEFAULT_CAP, Rules, SEEDS, SEEDS_PER_PLAYER, Setup, SetupError};

/// Why a move was refused: the reasons every game shares, and Omweso's own
/// ([`IllegalMove::Rule`] with a [`Reason`]).
pub type IllegalMove = mancala_core::IllegalMove<Reason>;

/// Why a position in notation was refused: the text is not in the notation
/// ([`NotationError`]), or the position breaks the rules ([`SetupError`]).
pub type ParsePositionError = mancala_core::ParsePositionError<SetupError>;
