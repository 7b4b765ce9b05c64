//! The plain description of a position ([`Setup`]) and why one is refused
//! ([`SetupError`]).

use core::fmt;
use core::str::FromStr;

use mancala_core::notation::TwoRows;
use mancala_core::{ByPlayer, NotationError, Player};

use crate::MAX_PITS;

/// Why a setup is not a position of Oware.
///
/// ```
/// use oware::{Oware, Position, Setup, SetupError};
/// let mut setup = Setup::default();
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
/// use oware::{Oware, Player, Position, Setup};
/// let mut setup = Setup::default(); // the standard start
/// assert_eq!(setup.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
/// setup.to_move = Player::North;
/// let p = Oware::from_setup(setup).unwrap();
/// assert_eq!(p.to_setup(), setup);
/// let s: Setup = "0,0,0,0,0,9/1,2,3,4,5,6 9-8 N".parse().unwrap();
/// assert_eq!(s.stores.south, 9);
/// assert!(Oware::from_setup(s).is_err()); // 47 seeds
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Each player's row from that player's left.
    pub pits: ByPlayer<[u8; MAX_PITS]>,
    /// Each player's store.
    pub stores: ByPlayer<u8>,
    /// The player to move.
    pub to_move: Player,
}

impl Setup {
    /// The start with `seeds` in every pit (not checked here), `first` to move.
    #[must_use]
    pub const fn start(seeds: u8, first: Player) -> Setup {
        Setup {
            pits: ByPlayer::new([seeds; MAX_PITS], [seeds; MAX_PITS]),
            stores: ByPlayer::new(0, 0),
            to_move: first,
        }
    }

    /// Every seed: pits and stores.
    #[must_use]
    pub fn total(&self) -> u16 {
        let pits: u16 = self
            .pits
            .iter()
            .flat_map(|(_, row)| row.iter())
            .map(|&n| u16::from(n))
            .sum();
        pits + u16::from(self.stores.south) + u16::from(self.stores.north)
    }
}

impl Default for Setup {
    /// The standard start: 4 seeds in every pit, South to move.
    fn default() -> Self {
        Setup::start(4, Player::South)
    }
}

impl fmt::Display for Setup {
    /// `<South a..f>/<North a..f> <South store>-<North store> <S|N>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        TwoRows::<MAX_PITS> {
            rows: self.pits.map(|row| row.map(Some)),
            pair: self.stores,
            to_move: self.to_move,
        }
        .fmt(f)
    }
}

impl FromStr for Setup {
    type Err = NotationError;

    /// Reads the notation without validating the seeds.
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let t: TwoRows<MAX_PITS> = s.parse()?;
        Ok(Setup {
            pits: t.open_rows()?,
            stores: t.pair,
            to_move: t.to_move,
        })
    }
}
