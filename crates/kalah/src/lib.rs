#![doc = include_str!("../README.md")]
#![doc(html_root_url = "https://docs.rs/kalah/0.1.0")]
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod end;
pub mod pairs;
mod position;
#[cfg(feature = "alloc")]
mod record;
mod rules;
#[cfg(feature = "serde")]
mod serde_impl;
mod setup;
mod variant;

pub use position::{Kalah, Move, MoveList, Reason};
#[cfg(feature = "alloc")]
pub use record::Game;
pub use rules::{Ending, MAX_PITS, MAX_SEEDS, Rules};
pub use setup::{Setup, SetupError};
pub use variant::{Variant, VariantError};

// The same names from the core in every game crate (docs/api.md).
mancala_core::reexport_core_names!();

/// Why a move is refused: only the reasons every game shares ([`Reason`] is empty).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::kalah; }
/// use mancala::kalah::{IllegalMove, Kalah, Position};
/// let mut p: Kalah = "0,1,0/0,2,0 3-3 S".parse().unwrap();
/// assert_eq!(p.play("a".parse().unwrap()), Err(IllegalMove::EmptyPit { pit: 'a' }));
/// assert_eq!(p.play("d".parse().unwrap()), Err(IllegalMove::NoSuchPit { pit: 'd' }));
/// p.play("b".parse().unwrap()).unwrap(); // into c, empty, but North's a is empty too
/// assert_eq!(p.to_string(), "0,0,1/0,2,0 3-3 N");
/// ```
pub type IllegalMove = mancala_core::IllegalMove<Reason>;

/// Why a position in notation is refused: not the notation
/// ([`ParsePositionError::Notation`]), or a position the rules refuse
/// ([`ParsePositionError::Setup`] with a [`SetupError`]).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::kalah; }
/// use mancala::kalah::{Kalah, ParsePositionError, SetupError};
/// assert_eq!(
///     "200,0,0/0,0,0 50-6 S".parse::<Kalah>(),
///     Err(ParsePositionError::Setup(SetupError::SeedTotal { found: 256 }))
/// );
/// ```
pub type ParsePositionError = mancala_core::ParsePositionError<SetupError>;
