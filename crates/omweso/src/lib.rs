//! # omweso
//!
//! Omweso, the four-row mancala of Uganda, as an exact, allocation-free state machine
//! on the [`mancala_core::Position`] trait. The rules are those of the workspace's
//! `RULINGS.md` (Omweso, rules 1–9); `docs/omweso.md` is the rules page, and the code
//! cites each rule by number.
//!
//! List the moves of a position:
//!
//! ```
//! use mancala_core::Position;
//! use omweso::Omweso;
//!
//! let start = Omweso::new();
//! let moves: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["i", "j", "k", "l", "m", "n", "o", "p"]);
//! ```
//!
//! Play moves (checked), including a mid-turn decision (rule 5), and read the notation:
//!
//! ```
//! use mancala_core::{IllegalMove, Player, Position};
//! use omweso::Omweso;
//!
//! // South's e (3 seeds) ends in its b, which now holds 2: a relay from the left block
//! // whose clockwise lap (c, d) would capture North's column e/m. The turn pauses.
//! let mut p: Omweso = "0,1,0,0,3,0,0,0/0,0,0,0,0,0,0,0/1,0,0,0,1,0,0,0/0,0,0,0,1,0,0,57 S sn 0-0"
//!     .parse().unwrap();
//! p.play("e".parse().unwrap()).unwrap();
//! assert_eq!(p.side_to_move(), Player::South);
//! assert_eq!(p.pending_decision().unwrap().to_string(), "b");
//! assert_eq!(p.play("a".parse().unwrap()), Err(IllegalMove::DecisionPending { pending: 'b' }));
//! p.play("b-".parse().unwrap()).unwrap(); // clockwise: capture, re-sow from b
//! assert_eq!(p.to_string(), "1,0,2,2,0,0,0,0/1,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,57 N snc 1-0");
//! ```
//!
//! Detect the end of a game:
//!
//! ```
//! use mancala_core::{Outcome, Player, Position, Status};
//! use omweso::Omweso;
//!
//! // South's p (2) ends in g, which faces North's only seeds (b and j): South captures
//! // them all, a grand slam.
//! let mut p: Omweso = "0,0,0,0,0,0,1,0/56,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,0 S sn 0-0"
//!     .parse().unwrap();
//! p.play("p".parse().unwrap()).unwrap();
//! assert_eq!(p.status(), Status::Over(Outcome::new(Some(Player::South), 12)));
//! assert_eq!(p.status().to_string(), "over S 12");
//! assert!(p.legal_moves().is_empty());
//! ```
//!
//! ## What is where
//!
//! - [`Omweso`]: the position (board, player to move, flags, a paused turn) and its
//!   [`Position`](mancala_core::Position) implementation; [`Move`] (`a`, `a-`, `m*`);
//!   [`Pit`]; [`Rules`] (the optional two-captures-first ending); [`Setup`] (rule 1).
//! - Endless moves (rule 8) are found exactly with Brent's cycle finder over the lap
//!   state; a lap is two additions on a `u128`, so even a move whose state first
//!   repeats after 90 million laps is resolved in well under a second (release build).
//! - With `alloc`: [`Game`] (a record with history: take-backs, and the rule-8
//!   annulment of a repeated mid-turn decision) and [`Match`] (to 12 points, in the
//!   modes classic, contract and blitz, rule 9).
//!
//! ## Feature flags
//!
//! - `alloc`: [`Game`] and [`Match`], which keep history.
//! - `serde`: [`Omweso`] and [`Move`] serialize as their notation and are validated when
//!   deserialized; [`Setup`] and [`Rules`] as plain structs.
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
#[cfg(feature = "serde")]
mod serde_impl;
mod setup;

pub use moves::{MAX_MOVES, Move, MoveKind, MoveList};
pub use pit::Pit;
pub use position::{Omweso, Pending, PlayError};
#[cfg(feature = "alloc")]
pub use record::{Game, GameError, Match, MatchError, Mode};
pub use setup::{DEFAULT_CAP, Rules, SEEDS_PER_PLAYER, Setup, SetupError};
