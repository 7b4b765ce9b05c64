#![doc = include_str!("../README.md")]
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;

mod position;
#[cfg(feature = "alloc")]
mod record;
mod setup;

pub use position::{
    CAP, MAX_PITS, Move, MoveList, SEEDS_PER_PIT, Urim, Urim6, Urim7, score, two_points_from,
};
#[cfg(feature = "alloc")]
pub use record::{Game, Match, MatchError};
pub use setup::{ParsePositionError, Setup, SetupError, row_length};

#[cfg(feature = "serde")]
mancala_core::serde_via_notation!(Urim<N>, "an urim position in notation", N);
#[cfg(feature = "serde")]
mancala_core::serde_via_notation!(Setup<N>, "an urim setup in notation", N);
