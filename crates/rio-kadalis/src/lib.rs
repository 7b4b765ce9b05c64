//! # Rio Kadalis
//!
//! The Somali two-row mancala game Rio Kadalis, exactly as the project's rulings read
//! (`docs/rio-kadalis.md` has the rules page): relay sowing, fours captured mid-lap by
//! the row's owner, *binikh* fours won by the mover, closed pits, exact detection of
//! endless moves, and the serial match. `#![no_std]`, and nothing allocates.
//!
//! - [`Kadalis`]: a round position, generic over the pits per row (`6` or `5`) and the
//!   sowing direction (`CLOCKWISE`); it implements [`mancala_core::Position`].
//! - [`Move`]: a pit letter of the mover's row. [`MoveList`]: the legal moves.
//! - [`Setup`]: a plain position to validate; [`fill_row`]: rule 5's filling.
//! - [`Match`]: the serial match (rule 5).
//! - [`Round`] (feature `alloc`): a round with its history, ending a round whose
//!   positions repeat between moves.
//!
//! List the moves of the start position:
//!
//! ```
//! use mancala_core::Position;
//! use rio_kadalis::Kadalis;
//!
//! let start = Kadalis::<6>::start();
//! assert_eq!(start.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
//! let moves: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["a", "b", "c", "d", "e", "f"]);
//! ```
//!
//! Play a move. South sows `d`'s two stones into `e` and `f`; the last lands in `f`,
//! which held a stone, so `f` is lifted and sown on (relay): North's `a` gets 3, and the
//! last stone makes North's `b` a four — *binikh*: the mover, South, captures it and the
//! move ends.
//!
//! ```
//! use mancala_core::{IllegalMove, Position};
//! use rio_kadalis::Kadalis;
//!
//! let mut p: Kadalis = "0,0,0,2,1,1/2,3,0,0,0,0 0-0 S".parse().unwrap();
//! p.play("d".parse().unwrap()).unwrap();
//! assert_eq!(p.to_string(), "0,0,0,0,2,0/3,0,0,0,0,0 4-0 N");
//! // A refused move changes nothing.
//! let before = p;
//! assert_eq!(p.play("b".parse().unwrap()), Err(IllegalMove::EmptyPit { pit: 'b' }));
//! assert_eq!(p, before);
//! ```
//!
//! Detect the end of a round: the player to move has no stone left; each player takes
//! their own row, and the round goes to whoever won more stones in it.
//!
//! ```
//! use mancala_core::{Player, Position, Status};
//! use rio_kadalis::Kadalis;
//!
//! let mut p: Kadalis<5> = "0,0,0,0,1/0,0,0,0,3 24-12 S".parse().unwrap();
//! p.play("e".parse().unwrap()).unwrap(); // into North's empty a: the move ends
//! assert_eq!(p.to_string(), "0,0,0,0,0/1,0,0,0,3 24-12 N");
//! assert_eq!(p.status(), Status::Ongoing);
//! p.play("a".parse().unwrap()).unwrap();
//! assert_eq!(p.to_string(), "0,0,0,0,0/0,1,0,0,3 24-12 S");
//! // South has no stone: 24 for South, 12 + 4 for North.
//! assert_eq!(p.status().to_string(), "over 24-16 S 1");
//! assert_eq!(p.status().outcome().unwrap().winner, Some(Player::South));
//! assert!(p.legal_moves().is_empty());
//! ```
//!
//! ## Feature flags
//!
//! - `serde`: [`Kadalis`] and [`Move`] serialize as their notation and are validated
//!   when deserialized.
//! - `alloc`: [`Round`], the round record: a round with its history, which ends a round
//!   whose positions repeat between moves (the crate's ruling: each player then takes
//!   their own row, as in rule 4), and [`Match::play_recorded`], which plays a match's
//!   rounds through it. Without it everything lives on the stack; [`Match`] still ends a
//!   round by repetition when told to ([`Match::end_round_by_repetition`]).
#![no_std]
#![deny(missing_docs)]
// Without `alloc`, the links to `Round` and `Match::play_recorded` have no target (the
// docs are checked with every feature on).
#![cfg_attr(not(feature = "alloc"), allow(rustdoc::broken_intra_doc_links))]

#[cfg(feature = "alloc")]
extern crate alloc;

mod matches;
mod position;
#[cfg(feature = "alloc")]
mod record;
#[cfg(feature = "serde")]
mod serde_impl;

pub use matches::{Match, MatchError};
pub use position::{Kadalis, MAX_PITS, Move, MoveList, Setup, SetupError, fill_row};
#[cfg(feature = "alloc")]
pub use record::Round;
