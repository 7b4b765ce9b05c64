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

/// Re-exports, at the root of a game crate, the names of the core that every game crate
/// offers (`docs/api.md`), so that a dependent needs no other crate: the board, players,
/// positions, statuses and outcomes, notation errors, the sowing events, and with the
/// game crate's feature `alloc` the game records and matches.
///
/// Each game crate calls it once, in its `lib.rs`:
///
/// ```text
/// mancala_core::reexport_core_names!();
/// ```
#[macro_export]
macro_rules! reexport_core_names {
    () => {
        pub use $crate::events::{LapKind, PitId, PlayObserved, SowEvent, SowObserver};
        pub use $crate::{
            Board, ByPlayer, Direction, EndReason, NotationError, Outcome, PitMove, Player,
            Position, Status,
        };
        #[cfg(feature = "alloc")]
        pub use $crate::{
            record::{History, Line, Record},
            series::Series,
        };
    };
}
