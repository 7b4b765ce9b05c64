#![doc = include_str!("../README.md")]
#![doc(html_root_url = "https://docs.rs/oware/0.1.0")]
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod end;
mod position;
#[cfg(feature = "alloc")]
mod record;
#[cfg(feature = "serde")]
mod serde_impl;
mod setup;
mod variant;

pub use position::{Move, MoveList, Oware, Reason};
#[cfg(feature = "alloc")]
pub use record::Game;
pub use setup::{MAX_PITS, SEEDS_PER_PIT, Setup, SetupError};
pub use variant::{Variant, VariantError};

// The same names from the core in every game crate (docs/api.md).
mancala_core::reexport_core_names!();

/// Why a move is refused: only the reasons every game shares ([`Reason`] is empty).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::oware; }
/// use mancala::oware::{IllegalMove, Oware, Position};
/// let mut p: Oware = "2,0,0,0,2,0/0,0,0,0,0,0 20-24 S".parse().unwrap();
/// assert_eq!(p.play("b".parse().unwrap()), Err(IllegalMove::EmptyPit { pit: 'b' }));
/// assert_eq!(p.play("a".parse().unwrap()), Err(IllegalMove::MustFeed));
/// ```
pub type IllegalMove = mancala_core::IllegalMove<Reason>;

/// Why a position in notation is refused: not the notation
/// ([`ParsePositionError::Notation`]), or a position the rules refuse
/// ([`ParsePositionError::Setup`] with a [`SetupError`]).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::oware; }
/// use mancala::oware::{Oware, ParsePositionError, SetupError};
/// assert_eq!(
///     "4,4,4,4,4,4/4,4,4,4,4,5 0-0 S".parse::<Oware>(),
///     Err(ParsePositionError::Setup(SetupError::SeedTotal { found: 49 }))
/// );
/// ```
pub type ParsePositionError = mancala_core::ParsePositionError<SetupError>;
