//! The plain, not-necessarily-legal setup, its notation, and the errors of a setup or a
//! position in notation. The setup becomes a position through
//! [`Position::from_setup`](mancala_core::Position::from_setup).

use mancala_core::Player;
use mancala_core::notation::pit_letter;

/// The most seeds a pit ever holds (rule 3): a pit holding this many is passed over.
pub const CAP: u8 = 17;

/// The seed counts per pit the variants start with (rule 1).
pub const SEEDS_PER_PIT: [u8; 2] = [3, 4];

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
    /// A board given in one word ([`Urim::from_rows_word`](crate::Urim::from_rows_word))
    /// has seeds outside its two rows.
    #[error("the word holds seeds outside the two rows of {pits} pits")]
    OutsideRows {
        /// Pits per row.
        pits: usize,
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
/// # mod mancala { pub use mancala_core::*; pub use ::urim; }
/// use mancala::urim::{Player, Position, Setup, SetupError, Urim6};
/// let mut setup = Setup::<6>::start(3, Player::South);
/// setup.pits.south[0] = 0;
/// setup.stores.north = 3;
/// let p = Urim6::from_setup(setup).unwrap();
/// assert_eq!(p.to_string(), "0,3,3,3,3,3/3,3,3,3,3,3 0-3 S");
/// assert_eq!(p.to_setup(), setup);
/// setup.pits.north[2] = 18;
/// assert!(matches!(Urim6::from_setup(setup), Err(SetupError::OverCap { .. })));
/// assert_eq!(Setup::<6>::start(3, Player::South).to_string(), "3,3,3,3,3,3/3,3,3,3,3,3 0-0 S");
/// ```
///
///
/// [`Position::from_setup`]: mancala_core::Position::from_setup
/// [`Position::to_setup`]: mancala_core::Position::to_setup
///
/// It is the core's [`TwoRowSetup`](mancala_core::TwoRowSetup), the setup of every
/// two-row game with stores (Oware's too): it reads and writes the notation without
/// validating it.
pub type Setup<const N: usize> = mancala_core::TwoRowSetup<N>;

/// Checks that `setup` is a position of Urim: every pit holds at most 17 seeds, and the
/// total is `2·N·S` for `S` = 3 or 4 (36 or 48 on 2×6, 42 or 56 on 2×7).
///
/// A position whose player to move has no seeds is valid: it is a finished game (rule
/// 5).
///
/// # Errors
/// [`SetupError::OverCap`] or [`SetupError::SeedTotal`].
pub(crate) fn validate<const N: usize>(setup: &Setup<N>) -> Result<(), SetupError> {
    for player in Player::ALL {
        for (i, &seeds) in setup.pits[player].iter().enumerate() {
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
    let found = setup.total();
    if !SEEDS_PER_PIT
        .iter()
        .any(|&s| found == 2 * N as u16 * u16::from(s))
    {
        return Err(SetupError::SeedTotal { pits: N, found });
    }
    Ok(())
}

/// The number of pits per row of a position in notation (its South row's length), to
/// choose between [`Urim6`](crate::Urim6) and [`Urim7`](crate::Urim7) before parsing.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::urim; }
/// assert_eq!(mancala::urim::row_length("3,3,3,3,3,3,3/3,3,3,3,3,3,3 0-0 S"), Some(7));
/// assert_eq!(mancala::urim::row_length(""), None);
/// ```
#[must_use]
pub fn row_length(notation: &str) -> Option<usize> {
    let board = notation.split_whitespace().next()?;
    let south = board.split('/').next()?;
    Some(south.split(',').count())
}
