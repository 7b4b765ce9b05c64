#![doc = include_str!("../README.md")]
#![cfg_attr(not(test), no_std)]
// Where this crate's docs are not built beside a dependent's (`cargo doc -p urim`),
// rustdoc links to them here instead of leaving link text unresolved.
#![doc(html_root_url = "https://docs.rs/mancala-core/0.1.0")]

#[cfg(feature = "alloc")]
extern crate alloc;

mod board;
pub mod capture;
pub mod cycle;
pub mod events;
#[cfg(feature = "alloc")]
pub mod game_file;
pub mod notation;
pub mod perft;
mod pit_move;
mod player;
mod position;
#[cfg(feature = "alloc")]
pub mod record;
pub mod rng;
#[cfg(feature = "serde")]
pub mod serde_notation;
#[cfg(feature = "alloc")]
pub mod series;
mod setup;
pub mod sow;
pub mod toy;
pub mod variant;

#[cfg(test)]
mod counted;

#[doc(no_inline)]
pub use arrayvec;
pub use arrayvec::ArrayVec;
pub use board::Board;
pub use cycle::{CycleFinder, Endless, Lap, MemoSlot, MemoStats, SearchMemo};
pub use events::{LapKind, PitId, PlayObserved, SowEvent, SowObserver};
pub use notation::NotationError;
pub use pit_move::PitMove;
pub use player::{ByPlayer, Player};
pub use position::{
    EndReason, FxHasher, IllegalMove, Outcome, ParsePositionError, Position, Status,
};
#[cfg(feature = "alloc")]
pub use record::Record;
pub use setup::TwoRowSetup;
pub use sow::Direction;
