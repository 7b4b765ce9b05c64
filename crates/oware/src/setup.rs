//! The plain description of a position ([`Setup`]) and why one is refused
//! ([`SetupError`]).

/// Pits per row.
pub const MAX_PITS: usize = 6;

/// The seed counts per pit the variants start with: 4 (standard) or 3.
pub const SEEDS_PER_PIT: [u8; 2] = [4, 3];

/// Why a setup is not a position of Oware.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::oware; }
/// use mancala::oware::{Oware, Position, Setup, SetupError};
/// let mut setup = Setup::start(4, mancala::oware::Player::South);
/// setup.stores.north = 1;
/// assert_eq!(Oware::from_setup(setup), Err(SetupError::SeedTotal { found: 49 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The seeds (pits and stores) do not add up to 48 or 36.
    #[error("the seeds add up to {found}; oware is played with 48 (4 per pit) or 36 (3 per pit)")]
    SeedTotal {
        /// The total found.
        found: u16,
    },
    /// A start with other than 4 or 3 seeds per pit.
    #[error("oware starts with 4 or 3 seeds in every pit, not {seeds}")]
    SeedsPerPit {
        /// The seeds per pit asked for.
        seeds: u8,
    },
}

/// A plain description of a position, with public fields, not necessarily legal:
/// [`Position::from_setup`](mancala_core::Position::from_setup) validates it, and
/// [`Position::to_setup`](mancala_core::Position::to_setup) reads a position back.
///
/// It reads and writes the position notation without validating it.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::oware; }
/// use mancala::oware::{Oware, Player, Position, Setup};
/// let mut setup = Setup::start(4, Player::South); // the standard start
/// assert_eq!(setup.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
/// setup.to_move = Player::North;
/// let p = Oware::from_setup(setup).unwrap();
/// assert_eq!(p.to_setup(), setup);
/// let s: Setup = "0,0,0,0,0,9/1,2,3,4,5,6 9-8 N".parse().unwrap();
/// assert_eq!(s.stores.south, 9);
/// assert!(Oware::from_setup(s).is_err()); // 47 seeds
/// ```
///
/// It is the core's [`TwoRowSetup`](mancala_core::TwoRowSetup) on 6 pits, the setup of
/// every two-row game with stores (Urim's too).
pub type Setup = mancala_core::TwoRowSetup<MAX_PITS>;
