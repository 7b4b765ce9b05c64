//! The plain description of a position ([`Setup`]), its notation, and why one is
//! refused ([`SetupError`]).

use core::fmt;
use core::str::FromStr;

use mancala_core::notation::{
    parse_pair, parse_row, parse_side, pit_letter, row_name, split_rows, write_row,
};
use mancala_core::{ByPlayer, NotationError, Player};

use crate::rules::{EMPTY_CAPTURE, Ending, MAX_PITS, MAX_SEEDS, MOVER_EMPTY, Rules};

/// Why a setup is not a position of Kalah.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::kalah; }
/// use mancala::kalah::{Kalah, Position, Rules, Setup, SetupError};
/// let mut setup = Setup::default();
/// setup.rules.pits = 11;
/// assert_eq!(Kalah::from_setup(setup), Err(SetupError::Pits { pits: 11 }));
/// assert_eq!(
///     Kalah::start_with(Rules::default(), 22, mancala::kalah::Player::South),
///     Err(SetupError::SeedTotal { found: 264 })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The rules ask for a number of pits a side outside 1 to [`MAX_PITS`] (rule K1).
    #[error("kalah is played with 1 to 10 pits a side, not {pits}")]
    Pits {
        /// The pits a side asked for.
        pits: u8,
    },
    /// A pit past the end of a side (at or after `rules.pits`) holds seeds.
    #[error("{}'s pit {pit} holds {seeds} seeds, but a side has {pits} pits", player.name())]
    PastTheRow {
        /// The pit's owner.
        player: Player,
        /// The pit's letter.
        pit: char,
        /// The seeds it holds.
        seeds: u8,
        /// The pits a side has.
        pits: u8,
    },
    /// More seeds than a game may hold, pits and stores together (rule K1).
    #[error("the seeds add up to {found}; a game of kalah holds at most 255")]
    SeedTotal {
        /// The total found.
        found: u16,
    },
    /// A start with no seeds in the pits ([`Kalah::start`](crate::Kalah::start)).
    #[error("kalah starts with at least one seed in every pit, not {seeds}")]
    SeedsPerPit {
        /// The seeds per pit asked for.
        seeds: u8,
    },
}

/// A plain description of a position, with public fields, not necessarily legal:
/// [`Position::from_setup`](mancala_core::Position::from_setup) validates it, and
/// [`Position::to_setup`](mancala_core::Position::to_setup) reads a position back.
///
/// A side's pits are the first `rules.pits` entries of its array, from the owner's
/// left; the entries after them must be 0. It reads and writes the position notation
/// without validating it.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::kalah; }
/// use mancala::kalah::{Kalah, Player, Position, Rules, Setup};
/// let mut setup = Setup::start(Rules::with_pits(3), 2, Player::South);
/// assert_eq!(setup.to_string(), "2,2,2/2,2,2 0-0 S");
/// setup.pits.north[0] = 0;
/// setup.stores.south = 2;
/// let p = Kalah::from_setup(setup).unwrap();
/// assert_eq!(p.to_string(), "2,2,2/0,2,2 2-0 S");
/// assert_eq!(p.to_setup(), setup);
/// let s: Setup = "0,0,9/1,2,3 9-8 N empty-capture".parse().unwrap();
/// assert!(s.rules.empty_capture);
/// assert_eq!(s.pits.north[..3], [1, 2, 3]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The rules, the pits a side among them.
    pub rules: Rules,
    /// Each player's side from that player's left: the first `rules.pits` entries.
    pub pits: ByPlayer<[u8; MAX_PITS]>,
    /// Each player's store.
    pub stores: ByPlayer<u8>,
    /// The player to move.
    pub to_move: Player,
}

impl Setup {
    /// The start under `rules` with `seeds` in every pit (not checked here), `first` to
    /// move.
    #[must_use]
    pub fn start(rules: Rules, seeds: u8, first: Player) -> Setup {
        let mut row = [0; MAX_PITS];
        let pits = usize::from(rules.pits).min(MAX_PITS);
        row[..pits].fill(seeds);
        Setup {
            rules,
            pits: ByPlayer::new(row, row),
            stores: ByPlayer::new(0, 0),
            to_move: first,
        }
    }

    /// `player`'s side: the first `rules.pits` pits (at most [`MAX_PITS`]).
    #[must_use]
    pub fn row(&self, player: Player) -> &[u8] {
        &self.pits[player][..usize::from(self.rules.pits).min(MAX_PITS)]
    }

    /// Every seed: all the pits' entries and both stores.
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

    /// Checks the setup against rule K1: 1 to [`MAX_PITS`] pits a side, no seeds past
    /// them, at most [`MAX_SEEDS`] seeds in all. Any such setup is a position of Kalah
    /// between turns; one whose sides end the game (rule K5) is a finished game.
    pub(crate) fn validate(&self) -> Result<(), SetupError> {
        let pits = self.rules.pits;
        if pits == 0 || usize::from(pits) > MAX_PITS {
            return Err(SetupError::Pits { pits });
        }
        for player in Player::ALL {
            for (i, &seeds) in self.pits[player].iter().enumerate() {
                if i >= usize::from(pits) && seeds > 0 {
                    return Err(SetupError::PastTheRow {
                        player,
                        pit: pit_letter(i),
                        seeds,
                        pits,
                    });
                }
            }
        }
        let found = self.total();
        if found > MAX_SEEDS {
            return Err(SetupError::SeedTotal { found });
        }
        Ok(())
    }
}

impl Default for Setup {
    /// The standard start: the default [`Rules`] (6 pits), 4 seeds in every pit, South to
    /// move.
    fn default() -> Self {
        Setup::start(Rules::default(), 4, Player::South)
    }
}

impl fmt::Display for Setup {
    /// `<South a..>/<North a..> <South store>-<North store> <S|N>`, then the options
    /// field if the options are not the default ones (`empty-capture`, `mover-empty`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_row(f, self.row(Player::South).iter().map(|&n| Some(n)))?;
        f.write_str("/")?;
        write_row(f, self.row(Player::North).iter().map(|&n| Some(n)))?;
        write!(
            f,
            " {}-{} {}",
            self.stores.south, self.stores.north, self.to_move
        )?;
        if !self.rules.has_default_options() {
            f.write_str(" ")?;
            self.rules.write_options(f)?;
        }
        Ok(())
    }
}

impl FromStr for Setup {
    type Err = NotationError;

    /// Reads the notation: two rows of equally many pits (1 to [`MAX_PITS`]; their
    /// length is `rules.pits`), the stores, the side to move and an optional options
    /// field. Counts up to 255 are read; the total is checked by
    /// [`Position::from_setup`](mancala_core::Position::from_setup).
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let mut fields = [""; 4];
        let mut found = 0;
        for field in s.split_whitespace() {
            if found < 4 {
                fields[found] = field;
            }
            found += 1;
        }
        match found {
            0 => return Err(NotationError::Empty),
            3 | 4 => {}
            _ => {
                return Err(NotationError::FieldCount {
                    expected: if found < 3 { 3 } else { 4 },
                    found,
                });
            }
        }
        let [board, stores, side, options] = fields;
        let [south, north] = split_rows::<2>(board)?;
        let rows = ByPlayer::new(
            parse_row(south, row_name(Player::South), u8::MAX)?,
            parse_row(north, row_name(Player::North), u8::MAX)?,
        );
        if rows.south.len() != rows.north.len() {
            return Err(NotationError::RowLengths {
                first: rows.south.len(),
                second: rows.north.len(),
            });
        }
        let len = rows.south.len();
        if len > MAX_PITS {
            return Err(NotationError::OutOfRange {
                what: "the pits a side",
                found: len as u32,
                limit: MAX_PITS as u32,
            });
        }
        let mut pits = ByPlayer::new([0; MAX_PITS], [0; MAX_PITS]);
        for p in Player::ALL {
            for (i, cell) in rows[p].iter().enumerate() {
                pits[p][i] = cell.ok_or(NotationError::ClosedPit {
                    row: row_name(p),
                    pit: pit_letter(i),
                })?;
            }
        }
        let (a, b) = parse_pair(stores, "the stores", u32::from(u8::MAX))?;
        let to_move = parse_side(side)?;
        // At most MAX_PITS (10) pits: the length fits a u8.
        let mut rules = Rules::with_pits(len as u8);
        if found == 4 {
            parse_options(options, &mut rules)?;
        }
        Ok(Setup {
            rules,
            pits,
            // Both at most 255 (checked by parse_pair).
            stores: ByPlayer::new(a as u8, b as u8),
            to_move,
        })
    }
}

/// Reads the options field: `empty-capture` and `mover-empty`, comma separated, each at
/// most once, at least one.
fn parse_options(field: &str, rules: &mut Rules) -> Result<(), NotationError> {
    let mut seen = (false, false);
    for word in field.split(',') {
        let flag = match word {
            EMPTY_CAPTURE => &mut seen.0,
            MOVER_EMPTY => &mut seen.1,
            _ => {
                return Err(NotationError::BadFlags {
                    reason: "the options are 'empty-capture' and 'mover-empty', comma separated",
                });
            }
        };
        if *flag {
            return Err(NotationError::BadFlags {
                reason: "an option is given twice",
            });
        }
        *flag = true;
    }
    rules.empty_capture = seen.0;
    if seen.1 {
        rules.ending = Ending::MoverEmpty;
    }
    Ok(())
}
