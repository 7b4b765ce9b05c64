//! Rule options and custom setups (rule 1).

use core::fmt;
use core::str::FromStr;

use mancala_core::notation::{parse_open_row, split_rows};
use mancala_core::{ByPlayer, NotationError, Player};

use crate::{Omweso, Pit};

/// The rule options that are not part of a position's notation.
///
/// ```
/// use omweso::Rules;
/// assert!(!Rules::default().two_captures_first);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Rule 7, optional ending: a player who has captured in two separate turns while
    /// the opponent has captured in none wins 2 points. Off by default.
    pub two_captures_first: bool,
}

impl Rules {
    /// The default rules with the two-captures-first ending switched on.
    #[must_use]
    pub const fn with_two_captures_first() -> Rules {
        Rules {
            two_captures_first: true,
        }
    }
}

/// The seeds each player places before the game (rule 1): 16 pits per player, listed as
/// inner `a`–`h` then outer `i`–`p` ("Omweso custom setups"). Not necessarily legal:
/// [`Setup::position`] validates it.
///
/// ```
/// use omweso::{Setup, SetupError, Rules};
/// use mancala_core::Player;
/// let s: Setup = "0,0,0,0,0,0,0,0,4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0,4,4,4,4,4,4,4,4".parse().unwrap();
/// assert_eq!(s, Setup::standard());
/// let p = s.position(Player::South, Rules::default()).unwrap();
/// assert_eq!(p, omweso::Omweso::new());
///
/// let mut bad = Setup::standard();
/// bad.pits.north[0] = 11;
/// bad.pits.north[8] = 0;
/// bad.pits.north[9] = 1;
/// assert_eq!(bad.position(Player::South, Rules::default()).unwrap_err().to_string(),
///            "North's pit a holds 11 seeds, the cap is 10");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// Each player's pits in letter order `a`–`p` (inner `a`–`h`, outer `i`–`p`).
    pub pits: ByPlayer<[u8; 16]>,
    /// The most seeds a pit may hold (10 by default; a pit may hold exactly the cap).
    pub cap: u8,
}

/// The seeds each player places (rule 1).
pub const SEEDS_PER_PLAYER: u32 = 32;

/// The default cap on the seeds of one pit in a custom setup (rule 1).
pub const DEFAULT_CAP: u8 = 10;

impl Setup {
    /// The standard setup: 4 seeds in each outer pit, inner rows empty.
    #[must_use]
    pub const fn standard() -> Setup {
        let row = [0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4];
        Setup {
            pits: ByPlayer::new(row, row),
            cap: DEFAULT_CAP,
        }
    }

    /// A custom setup with the default cap.
    #[must_use]
    pub const fn new(south: [u8; 16], north: [u8; 16]) -> Setup {
        Setup {
            pits: ByPlayer::new(south, north),
            cap: DEFAULT_CAP,
        }
    }

    /// The same setup with another cap.
    #[must_use]
    pub const fn with_cap(mut self, cap: u8) -> Setup {
        self.cap = cap;
        self
    }

    /// Checks rule 1: exactly 32 seeds per player, at most `cap` in any pit.
    ///
    /// # Errors
    /// The first thing wrong, South's pits first.
    pub fn validate(&self) -> Result<(), SetupError> {
        for player in Player::ALL {
            let pits = &self.pits[player];
            for (i, &seeds) in pits.iter().enumerate() {
                if seeds > self.cap {
                    return Err(SetupError::OverCap {
                        player,
                        pit: Pit::ALL[i].letter(),
                        seeds,
                        cap: self.cap,
                    });
                }
            }
            let found: u32 = pits.iter().map(|&s| u32::from(s)).sum();
            if found != SEEDS_PER_PLAYER {
                return Err(SetupError::SeedTotal { player, found });
            }
        }
        Ok(())
    }

    /// The starting position of this setup with `first` to move.
    ///
    /// # Errors
    /// As [`Setup::validate`].
    pub fn position(&self, first: Player, rules: Rules) -> Result<Omweso, SetupError> {
        self.validate()?;
        Ok(Omweso::from_valid_setup(self, first, rules))
    }

    /// Parses one player's 16 pits, `a`–`p` comma-separated, each at most `cap`.
    ///
    /// # Errors
    /// [`SetupError::Notation`] for bad syntax, too many seeds in a pit or the wrong
    /// number of pits. The total is checked by [`Setup::validate`].
    pub fn parse_player(s: &str, player: Player, cap: u8) -> Result<[u8; 16], SetupError> {
        let name = match player {
            Player::South => "South's setup",
            Player::North => "North's setup",
        };
        Ok(parse_open_row::<16>(s, name, cap)?)
    }

    /// Parses `<South a–p>/<North a–p>` with the given cap and validates it.
    ///
    /// # Errors
    /// As [`Setup::parse_player`] and [`Setup::validate`].
    pub fn parse_with_cap(s: &str, cap: u8) -> Result<Setup, SetupError> {
        let [south, north] = split_rows::<2>(s.trim())?;
        let setup = Setup {
            pits: ByPlayer::new(
                Setup::parse_player(south, Player::South, cap)?,
                Setup::parse_player(north, Player::North, cap)?,
            ),
            cap,
        };
        setup.validate()?;
        Ok(setup)
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::standard()
    }
}

impl FromStr for Setup {
    type Err = SetupError;

    /// Parses `<South a–p>/<North a–p>` with the default cap and validates it.
    fn from_str(s: &str) -> Result<Setup, SetupError> {
        Setup::parse_with_cap(s, DEFAULT_CAP)
    }
}

impl fmt::Display for Setup {
    /// `<South a–p>/<North a–p>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, player) in Player::ALL.into_iter().enumerate() {
            if k > 0 {
                f.write_str("/")?;
            }
            for (i, s) in self.pits[player].iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{s}")?;
            }
        }
        Ok(())
    }
}

/// Why a custom setup was refused (rule 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum SetupError {
    /// A player did not place exactly 32 seeds.
    #[error("{player:?} placed {found} seeds, exactly 32 are needed")]
    SeedTotal {
        /// The player.
        player: Player,
        /// The seeds placed.
        found: u32,
    },
    /// A pit holds more than the cap.
    #[error("{player:?}'s pit {pit} holds {seeds} seeds, the cap is {cap}")]
    OverCap {
        /// The player.
        player: Player,
        /// The pit's letter.
        pit: char,
        /// The seeds in it.
        seeds: u8,
        /// The cap.
        cap: u8,
    },
    /// The setup text is malformed.
    #[error("{0}")]
    Notation(#[from] NotationError),
}
