//! The plain, not-necessarily-legal setup, its notation, and the errors of a setup or a
//! position in notation. The setup becomes a position through
//! [`Position::from_setup`](mancala_core::Position::from_setup).

use core::fmt;
use core::str::FromStr;

use mancala_core::notation::{TwoRows, pit_letter};
use mancala_core::{ByPlayer, NotationError, Player};

use crate::position::{CAP, SEEDS_PER_PIT};

/// Why a [`Setup`] is not a position of Urim ([`Position::from_setup`]).
///
/// [`Position::from_setup`]: mancala_core::Position::from_setup
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A pit holds more than the cap of 17 seeds (rule 3).
    #[error("{}'s pit {pit} holds {seeds} seeds, the limit is {cap}", player.name())]
    OverCap {
        /// The pit's owner.
        player: Player,
        /// The pit's letter.
        pit: char,
        /// How many it holds.
        seeds: u8,
        /// The cap ([`CAP`]).
        cap: u8,
    },
    /// The seeds do not add up to the total of a variant on this board (rule 1).
    #[error(
        "the seeds add up to {found}; urim on 2×{pits} pits is played with {} or {}",
        2 * pits * 3,
        2 * pits * 4
    )]
    SeedTotal {
        /// Pits per row.
        pits: usize,
        /// The total found.
        found: u16,
    },
    /// A start with other than 3 or 4 seeds per pit (rule 1).
    #[error("urim starts with 3 or 4 seeds in every pit, not {seeds}")]
    SeedsPerPit {
        /// The seeds per pit asked for.
        seeds: u8,
    },
}

/// Why a position in notation was refused: bad notation
/// ([`ParsePositionError::Notation`]), or a setup that is not a position of Urim
/// ([`ParsePositionError::Setup`] with a [`SetupError`]).
pub type ParsePositionError = mancala_core::ParsePositionError<SetupError>;

/// A plain description of a position, with public fields, not necessarily legal.
/// [`Position::from_setup`] validates it into a position, and
/// [`Position::to_setup`] reads a position back.
///
/// ```
/// use urim::{Player, Position, Setup, SetupError, Urim6};
/// let mut setup = Setup::<6>::start(3, Player::South);
/// setup.pits.south[0] = 0;
/// setup.stores.north = 3;
/// let p = Urim6::from_setup(setup).unwrap();
/// assert_eq!(p.to_string(), "0,3,3,3,3,3/3,3,3,3,3,3 0-3 S");
/// assert_eq!(p.to_setup(), setup);
/// setup.pits.north[2] = 18;
/// assert!(matches!(Urim6::from_setup(setup), Err(SetupError::OverCap { .. })));
/// assert_eq!(Setup::<6>::default().to_string(), "3,3,3,3,3,3/3,3,3,3,3,3 0-0 S");
/// ```
///
/// [`Position::from_setup`]: mancala_core::Position::from_setup
/// [`Position::to_setup`]: mancala_core::Position::to_setup
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup<const N: usize> {
    /// Each player's row, from that player's left.
    pub pits: ByPlayer<[u8; N]>,
    /// The stores.
    pub stores: ByPlayer<u8>,
    /// The player to move.
    pub to_move: Player,
}

impl<const N: usize> Setup<N> {
    /// `seeds` in every pit, empty stores, `first` to move (not validated: any `seeds`).
    #[must_use]
    pub const fn start(seeds: u8, first: Player) -> Self {
        Setup {
            pits: ByPlayer::new([seeds; N], [seeds; N]),
            stores: ByPlayer::new(0, 0),
            to_move: first,
        }
    }

    /// The sum of all pits and stores.
    #[must_use]
    pub fn total(&self) -> u16 {
        let row = |r: &[u8; N]| r.iter().map(|&n| u16::from(n)).sum::<u16>();
        row(&self.pits.south)
            + row(&self.pits.north)
            + u16::from(self.stores.south)
            + u16::from(self.stores.north)
    }

    /// Checks that the setup is a position of Urim: every pit holds at most 17 seeds,
    /// and the total is `2·N·S` for `S` = 3 or 4 (36 or 48 on 2×6, 42 or 56 on 2×7).
    ///
    /// A position whose player to move has no seeds is valid: it is a finished game
    /// (rule 5).
    ///
    /// # Errors
    /// [`SetupError::OverCap`] or [`SetupError::SeedTotal`].
    pub(crate) fn validate(&self) -> Result<(), SetupError> {
        for player in Player::ALL {
            for (i, &seeds) in self.pits[player].iter().enumerate() {
                if seeds > CAP {
                    return Err(SetupError::OverCap {
                        player,
                        pit: pit_letter(i),
                        seeds,
                        cap: CAP,
                    });
                }
            }
        }
        let found = self.total();
        if !SEEDS_PER_PIT
            .iter()
            .any(|&s| found == 2 * N as u16 * u16::from(s))
        {
            return Err(SetupError::SeedTotal { pits: N, found });
        }
        Ok(())
    }
}

impl<const N: usize> Default for Setup<N> {
    /// The standard start: 3 seeds in every pit, empty stores, South to move.
    fn default() -> Self {
        Setup::start(3, Player::South)
    }
}

impl<const N: usize> Setup<N> {
    /// The setup as the two-row notation of the core.
    fn to_two_rows(self) -> TwoRows<N> {
        TwoRows {
            rows: self.pits.map(|row| row.map(Some)),
            pair: self.stores,
            to_move: self.to_move,
        }
    }
}

impl<const N: usize> fmt::Display for Setup<N> {
    /// The position notation, `3,3,3,3,3,3/3,3,3,3,3,3 0-0 S`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_two_rows().fmt(f)
    }
}

impl<const N: usize> FromStr for Setup<N> {
    type Err = NotationError;

    /// Parses `<South a..>/<North a..> <South store>-<North store> <S|N>`: two rows of
    /// `N` comma-separated counts, the stores, the side to move. Counts up to 255 are
    /// read; the limit of 17 and the total are checked by [`Position::from_setup`].
    ///
    /// [`Position::from_setup`]: mancala_core::Position::from_setup
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t: TwoRows<N> = s.parse()?;
        Ok(Setup {
            pits: t.open_rows()?,
            stores: t.pair,
            to_move: t.to_move,
        })
    }
}

/// The number of pits per row of a position in notation (its South row's length), to
/// choose between [`Urim6`](crate::Urim6) and [`Urim7`](crate::Urim7) before parsing.
///
/// ```
/// assert_eq!(urim::row_length("3,3,3,3,3,3,3/3,3,3,3,3,3,3 0-0 S"), Some(7));
/// assert_eq!(urim::row_length(""), None);
/// ```
#[must_use]
pub fn row_length(notation: &str) -> Option<usize> {
    let board = notation.split_whitespace().next()?;
    let south = board.split('/').next()?;
    Some(south.split(',').count())
}
