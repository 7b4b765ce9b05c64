#![doc = include_str!("../README.md")]
#![doc(html_root_url = "https://docs.rs/urim/0.1.0")]
#![no_std]
#![deny(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

mod position;
#[cfg(feature = "alloc")]
mod record;
mod setup;

pub use position::{
    CAP, IllegalMove, MAX_PITS, Move, MoveList, Reason, SEEDS_PER_PIT, Urim, Urim6, Urim7, score,
    two_points_from,
};
#[cfg(feature = "alloc")]
pub use record::{Game, Match, MatchError};
pub use setup::{ParsePositionError, Setup, SetupError, row_length};

#[cfg(feature = "alloc")]
pub use mancala_core::record::Record;
#[cfg(feature = "alloc")]
pub use mancala_core::series::Series;
pub use mancala_core::{
    Board, ByPlayer, EndReason, NotationError, Outcome, Player, Position, Status,
};

#[cfg(feature = "serde")]
mancala_core::serde_via_notation!(Urim<N>, "an urim position in notation", N);
#[cfg(feature = "serde")]
mancala_core::serde_via_notation!(Setup<N>, "an urim setup in notation", N);
