//! # Oware (abapa)
//!
//! The best-known mancala game, with the standard competition rules (abapa) as
//! OpenSpiel and other engines implement them, built from the same `mancala-core`
//! primitives as Urim. The rules page is `docs/oware.md`.
//!
//! List the moves, play one, and see the captures:
//!
//! ```
//! use mancala_core::Position;
//! use oware::{Move, Oware};
//!
//! let mut p = Oware::new();
//! assert_eq!(p.legal_moves().len(), 6);
//! p.play("f".parse::<Move>().unwrap()).unwrap(); // f: four seeds into North's a..d
//! assert_eq!(p.to_string(), "4,4,4,4,4,0/5,5,5,5,4,4 0-0 N");
//! ```
//!
//! A capture of 2s and 3s, walking back through North's row:
//!
//! ```
//! use mancala_core::Position;
//! use oware::Oware;
//!
//! let mut p: Oware = "0,0,0,0,0,3/1,2,1,9,9,9 9-5 S".parse().unwrap();
//! p.play("f".parse().unwrap()).unwrap(); // makes North's a=2, b=3, c=2
//! assert_eq!(p.to_string(), "0,0,0,0,0,0/0,0,0,9,9,9 16-5 N");
//! ```
//!
//! The end of the game: a store with more than half the seeds.
//!
//! ```
//! use mancala_core::{Player, Position, Status};
//! use oware::Oware;
//!
//! let p: Oware = "1,0,0,0,0,0/0,0,0,0,0,1 25-21 N".parse().unwrap();
//! let Status::Over(outcome) = p.status() else { panic!() };
//! assert_eq!(outcome.winner, Some(Player::South));
//! assert_eq!(outcome.totals.unwrap().south, 26); // store plus own row
//! ```
//!
//! ## Feature flags
//!
//! - `alloc`: [`Game`], the game record that ends the game on a repeated position.
//! - `serde`: [`Oware`] serializes as its notation and is validated when deserialized.
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;

mod position;
#[cfg(feature = "alloc")]
mod record;
#[cfg(feature = "serde")]
mod serde_impl;

pub use position::{
    Move, MoveList, Oware, PITS, ParsePositionError, SEEDS_PER_PIT, Setup, SetupError,
};
#[cfg(feature = "alloc")]
pub use record::Game;
