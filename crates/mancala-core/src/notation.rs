//! Helpers for the text notation shared by the games: pit letters, comma-separated pit
//! lists, the side to move and `a-b` score pairs, with one flat error type.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; }
//! use mancala::notation::{parse_row, pit_letter, parse_pit_letter};
//! let row = parse_row("3,0,17", "South's row", 17).unwrap();
//! assert_eq!(row.as_slice(), &[Some(3), Some(0), Some(17)]);
//! assert_eq!(pit_letter(2), 'c');
//! assert_eq!(parse_pit_letter('c', 6), Ok(2));
//! ```

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;

use crate::{ByPlayer, Player};

/// The most pits a row of any game has (Omweso's 16-pit circuit).
pub const MAX_ROW: usize = 16;

/// A parsed row of pits: `Some(seeds)` for an open pit, `None` for a closed pit (`x`).
pub type Row = ArrayVec<Option<u8>, MAX_ROW>;

/// Anything wrong with a position, move or setup written in notation.
///
/// Messages are terse and say what is wrong and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum NotationError {
    /// The input is empty or only white space.
    #[error("empty input")]
    Empty,
    /// The input has the wrong number of space-separated fields.
    #[error("expected {expected} space-separated fields, found {found}")]
    FieldCount {
        /// How many fields the notation has.
        expected: usize,
        /// How many were given.
        found: usize,
    },
    /// The board has the wrong number of `/`-separated rows.
    #[error("expected {expected} rows separated by '/', found {found}")]
    RowCount {
        /// How many rows the board has.
        expected: usize,
        /// How many were given.
        found: usize,
    },
    /// A row has the wrong number of pits.
    #[error("{row}: expected {expected} pits, found {found}")]
    PitCount {
        /// Which row.
        row: &'static str,
        /// How many pits it must have.
        expected: usize,
        /// How many were given.
        found: usize,
    },
    /// Two rows that must be equally long are not.
    #[error("rows of different lengths: {first} and {second} pits")]
    RowLengths {
        /// The first row's length.
        first: usize,
        /// The second row's length.
        second: usize,
    },
    /// A pit's entry is not a number (nor `x` where closed pits are allowed).
    #[error("{row}: pit {pit} is not a number")]
    NotANumber {
        /// Which row.
        row: &'static str,
        /// The pit's letter.
        pit: char,
    },
    /// A pit is closed (`x`) where the game has no closed pits.
    #[error("{row}: pit {pit} is closed ('x'), which this game does not allow")]
    ClosedPit {
        /// Which row.
        row: &'static str,
        /// The pit's letter.
        pit: char,
    },
    /// A pit holds more seeds than the rules allow.
    #[error("{row}: pit {pit} holds {seeds} seeds, the limit is {limit}")]
    TooManySeeds {
        /// Which row.
        row: &'static str,
        /// The pit's letter.
        pit: char,
        /// How many it holds.
        seeds: u32,
        /// The most it may hold.
        limit: u32,
    },
    /// The side to move is not `S` or `N`.
    #[error("the side to move must be 'S' or 'N'")]
    BadSide,
    /// A score pair is not `<number>-<number>`.
    #[error("{what}: expected '<number>-<number>'")]
    BadPair {
        /// Which field.
        what: &'static str,
    },
    /// A number is larger than the game allows there.
    #[error("{what} is {found}, the most possible is {limit}")]
    OutOfRange {
        /// Which field.
        what: &'static str,
        /// The value given.
        found: u32,
        /// The largest value allowed.
        limit: u32,
    },
    /// The seeds do not add up to what the game needs.
    #[error("the seeds add up to {found}, expected {expected}")]
    SeedTotal {
        /// The total needed.
        expected: u32,
        /// The total given.
        found: u32,
    },
    /// A flags field holds something else than the game's flags.
    #[error("bad flags field: {reason}")]
    BadFlags {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A move is not in the game's move notation.
    #[error("bad move: {reason}")]
    BadMove {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A pit letter is not on this board.
    #[error("pit letter {letter:?} is not on a row of {pits} pits")]
    BadPitLetter {
        /// The letter given.
        letter: char,
        /// How many pits the row has.
        pits: usize,
    },
    /// The position cannot arise under the rules.
    #[error("impossible position: {reason}")]
    Impossible {
        /// Why.
        reason: &'static str,
    },
}

/// The letter of the pit with index `i` counted from its owner's left (`0` is `a`);
/// `'?'` for an index past `z` (no board has so many pits).
#[must_use]
pub const fn pit_letter(i: usize) -> char {
    if i < 26 {
        (b'a' + i as u8) as char
    } else {
        '?'
    }
}

/// The plural ending of a count in a message: `""` for 1, `"s"` otherwise, so that
/// `"{n} seed{}"` reads "1 seed" and "4 seeds".
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::notation::plural;
/// assert_eq!(format!("{} seed{}", 1, plural(1)), "1 seed");
/// assert_eq!(format!("{} seed{}", 4, plural(4)), "4 seeds");
/// ```
#[must_use]
pub const fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The index of pit letter `letter` on a row of `pits` pits.
///
/// # Errors
/// [`NotationError::BadPitLetter`] if the letter is not `a`, `b`, … for that row.
pub fn parse_pit_letter(letter: char, pits: usize) -> Result<usize, NotationError> {
    match letter {
        'a'..='z' if ((letter as usize) - ('a' as usize)) < pits => {
            Ok(letter as usize - 'a' as usize)
        }
        _ => Err(NotationError::BadPitLetter { letter, pits }),
    }
}

/// Splits `s` into exactly `K` fields separated by white space.
///
/// # Errors
/// [`NotationError::Empty`] or [`NotationError::FieldCount`].
pub fn split_fields<const K: usize>(s: &str) -> Result<[&str; K], NotationError> {
    let mut out = [""; K];
    let mut found = 0;
    for field in s.split_whitespace() {
        if found < K {
            out[found] = field;
        }
        found += 1;
    }
    match found {
        0 => Err(NotationError::Empty),
        n if n == K => Ok(out),
        n => Err(NotationError::FieldCount {
            expected: K,
            found: n,
        }),
    }
}

/// Splits a board field into exactly `K` rows separated by `/`.
///
/// # Errors
/// [`NotationError::RowCount`].
pub fn split_rows<const K: usize>(s: &str) -> Result<[&str; K], NotationError> {
    let mut out = [""; K];
    let mut found = 0;
    for row in s.split('/') {
        if found < K {
            out[found] = row;
        }
        found += 1;
    }
    if found == K {
        Ok(out)
    } else {
        Err(NotationError::RowCount { expected: K, found })
    }
}

/// Parses a comma-separated row of pit counts, each at most `limit`; `x` is a closed pit.
/// `row` names the row in error messages ("South's row").
///
/// # Errors
/// [`NotationError::PitCount`] for more than [`MAX_ROW`] pits, [`NotationError::NotANumber`]
/// and [`NotationError::TooManySeeds`] naming the pit.
pub fn parse_row(s: &str, row: &'static str, limit: u8) -> Result<Row, NotationError> {
    let mut out = Row::new();
    let found = s.split(',').count();
    if found > MAX_ROW {
        return Err(NotationError::PitCount {
            row,
            expected: MAX_ROW,
            found,
        });
    }
    for (i, entry) in s.split(',').enumerate() {
        let pit = pit_letter(i);
        if entry == "x" {
            out.push(None);
            continue;
        }
        if entry.is_empty() || entry.len() > 9 || !entry.bytes().all(|b| b.is_ascii_digit()) {
            return Err(NotationError::NotANumber { row, pit });
        }
        let seeds: u32 = entry
            .parse()
            .map_err(|_| NotationError::NotANumber { row, pit })?;
        if seeds > u32::from(limit) {
            return Err(NotationError::TooManySeeds {
                row,
                pit,
                seeds,
                limit: u32::from(limit),
            });
        }
        out.push(Some(seeds as u8));
    }
    Ok(out)
}

/// Parses a row like [`parse_row`] that must hold exactly `pits` open pits.
///
/// # Errors
/// As [`parse_row`], plus [`NotationError::PitCount`] and [`NotationError::ClosedPit`].
pub fn parse_open_row<const N: usize>(
    s: &str,
    row: &'static str,
    limit: u8,
) -> Result<[u8; N], NotationError> {
    let parsed = parse_row(s, row, limit)?;
    if parsed.len() != N {
        return Err(NotationError::PitCount {
            row,
            expected: N,
            found: parsed.len(),
        });
    }
    let mut out = [0; N];
    for (i, cell) in parsed.iter().enumerate() {
        out[i] = cell.ok_or(NotationError::ClosedPit {
            row,
            pit: pit_letter(i),
        })?;
    }
    Ok(out)
}

/// Writes pit counts separated by commas, `x` for a closed pit (`None`).
///
/// # Errors
/// Only those of the formatter.
pub fn write_row(
    f: &mut fmt::Formatter<'_>,
    pits: impl IntoIterator<Item = Option<u8>>,
) -> fmt::Result {
    for (i, pit) in pits.into_iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        match pit {
            Some(n) => write!(f, "{n}")?,
            None => f.write_str("x")?,
        }
    }
    Ok(())
}

/// The side to move in every game's notation: `S` or `N`.
impl FromStr for Player {
    type Err = NotationError;

    /// Parses `S` or `N`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "S" => Ok(Player::South),
            "N" => Ok(Player::North),
            _ => Err(NotationError::BadSide),
        }
    }
}

/// Parses the side to move, `S` or `N`.
///
/// # Errors
/// [`NotationError::BadSide`].
pub fn parse_side(s: &str) -> Result<Player, NotationError> {
    s.parse()
}

/// Parses a pair `<a>-<b>` of numbers, each at most `limit`; `what` names the field.
///
/// # Errors
/// [`NotationError::BadPair`] or [`NotationError::OutOfRange`].
pub fn parse_pair(s: &str, what: &'static str, limit: u32) -> Result<(u32, u32), NotationError> {
    let (a, b) = s.split_once('-').ok_or(NotationError::BadPair { what })?;
    let num = |t: &str| -> Result<u32, NotationError> {
        if t.is_empty() || t.len() > 9 || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(NotationError::BadPair { what });
        }
        let n: u32 = t.parse().map_err(|_| NotationError::BadPair { what })?;
        if n > limit {
            return Err(NotationError::OutOfRange {
                what,
                found: n,
                limit,
            });
        }
        Ok(n)
    };
    Ok((num(a)?, num(b)?))
}

/// The notation shared by the two-row games (Urim, Oware, Rio Kadalis):
/// `<South a..>/<North a..> <South>-<North> <S|N>`, where the pair counts each player's
/// store or captures. Rows of `N` pits; `x` marks a closed pit (`None`), which only
/// games with closed pits accept (see [`TwoRows::open_rows`]).
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::notation::TwoRows;
/// use mancala::Player;
/// let t: TwoRows<6> = "3,3,3,3,3,3/x,4,4,4,4,4 0-2 N".parse().unwrap();
/// assert_eq!(t.rows.north[0], None);
/// assert_eq!(t.pair.north, 2);
/// assert_eq!(t.to_move, Player::North);
/// assert_eq!(t.to_string(), "3,3,3,3,3,3/x,4,4,4,4,4 0-2 N");
/// assert!(t.open_rows().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TwoRows<const N: usize> {
    /// Each player's row from that player's left; `None` is a closed pit.
    pub rows: ByPlayer<[Option<u8>; N]>,
    /// The pair after the board (stores or captures), South's first.
    pub pair: ByPlayer<u8>,
    /// The player to move.
    pub to_move: Player,
}

impl<const N: usize> TwoRows<N> {
    /// The largest number a pit or the pair may hold in the notation.
    pub const LIMIT: u8 = u8::MAX;

    /// Both rows with every pit open.
    ///
    /// # Errors
    /// [`NotationError::ClosedPit`] naming the first closed pit.
    pub fn open_rows(&self) -> Result<ByPlayer<[u8; N]>, NotationError> {
        let mut out = ByPlayer::new([0; N], [0; N]);
        for p in Player::ALL {
            for (i, cell) in self.rows[p].iter().enumerate() {
                out[p][i] = cell.ok_or(NotationError::ClosedPit {
                    row: row_name(p),
                    pit: pit_letter(i),
                })?;
            }
        }
        Ok(out)
    }
}

/// The name of `player`'s row in error messages.
#[must_use]
pub const fn row_name(player: Player) -> &'static str {
    match player {
        Player::South => "South's row",
        Player::North => "North's row",
    }
}

impl<const N: usize> core::str::FromStr for TwoRows<N> {
    type Err = NotationError;

    /// Parses the notation; pits may hold up to 255 seeds here (games check their own
    /// limits when validating).
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let [board, pair, side] = split_fields::<3>(s)?;
        let [south, north] = split_rows::<2>(board)?;
        let mut rows = ByPlayer::new([None; N], [None; N]);
        let parsed = ByPlayer::new(
            parse_row(south, row_name(Player::South), Self::LIMIT)?,
            parse_row(north, row_name(Player::North), Self::LIMIT)?,
        );
        if parsed.south.len() != parsed.north.len() {
            return Err(NotationError::RowLengths {
                first: parsed.south.len(),
                second: parsed.north.len(),
            });
        }
        for p in Player::ALL {
            if parsed[p].len() != N {
                return Err(NotationError::PitCount {
                    row: row_name(p),
                    expected: N,
                    found: parsed[p].len(),
                });
            }
            rows[p].copy_from_slice(&parsed[p]);
        }
        let (a, b) = parse_pair(pair, "the pair after the board", u32::from(Self::LIMIT))?;
        Ok(TwoRows {
            rows,
            pair: ByPlayer::new(a as u8, b as u8),
            to_move: parse_side(side)?,
        })
    }
}

impl<const N: usize> fmt::Display for TwoRows<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_row(f, self.rows.south)?;
        f.write_str("/")?;
        write_row(f, self.rows.north)?;
        write!(
            f,
            " {}-{} {}",
            self.pair.south, self.pair.north, self.to_move
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn rows() {
        let r = parse_row("4,x,0,17", "row", 17).unwrap();
        assert_eq!(r.as_slice(), &[Some(4), None, Some(0), Some(17)]);
        assert_eq!(
            parse_row("4,18", "South's row", 17),
            Err(NotationError::TooManySeeds {
                row: "South's row",
                pit: 'b',
                seeds: 18,
                limit: 17
            })
        );
        assert_eq!(
            parse_row("4,,1", "r", 17),
            Err(NotationError::NotANumber { row: "r", pit: 'b' })
        );
        assert_eq!(
            parse_row("4,-1", "r", 17),
            Err(NotationError::NotANumber { row: "r", pit: 'b' })
        );
        assert_eq!(
            parse_row("99999999999999999999", "r", 17),
            Err(NotationError::NotANumber { row: "r", pit: 'a' })
        );
        assert!(matches!(
            parse_row("1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1", "r", 17),
            Err(NotationError::PitCount { found: 17, .. })
        ));
        assert_eq!(parse_open_row::<3>("1,2,3", "r", 17), Ok([1, 2, 3]));
        assert_eq!(
            parse_open_row::<3>("1,2", "r", 17),
            Err(NotationError::PitCount {
                row: "r",
                expected: 3,
                found: 2
            })
        );
        assert_eq!(
            parse_open_row::<2>("1,x", "r", 17),
            Err(NotationError::ClosedPit { row: "r", pit: 'b' })
        );
    }

    #[test]
    fn fields_and_pairs() {
        assert_eq!(split_fields::<3>(" a  b c "), Ok(["a", "b", "c"]));
        assert_eq!(split_fields::<3>("  "), Err(NotationError::Empty));
        assert_eq!(
            split_fields::<3>("a b c d"),
            Err(NotationError::FieldCount {
                expected: 3,
                found: 4
            })
        );
        assert_eq!(split_rows::<2>("1,2/3,4"), Ok(["1,2", "3,4"]));
        assert!(split_rows::<2>("1,2").is_err());
        assert_eq!(parse_pair("12-0", "stores", 56), Ok((12, 0)));
        assert_eq!(
            parse_pair("57-0", "stores", 56),
            Err(NotationError::OutOfRange {
                what: "stores",
                found: 57,
                limit: 56
            })
        );
        assert!(parse_pair("1-", "stores", 56).is_err());
        assert!(parse_pair("1", "stores", 56).is_err());
        assert!(parse_pair("+1-2", "stores", 56).is_err());
    }

    #[test]
    fn letters_and_messages() {
        assert_eq!(parse_pit_letter('g', 7), Ok(6));
        assert_eq!(
            parse_pit_letter('g', 6),
            Err(NotationError::BadPitLetter {
                letter: 'g',
                pits: 6
            })
        );
        assert!(parse_pit_letter('A', 6).is_err());
        assert!(parse_pit_letter('é', 6).is_err());
        let e = NotationError::TooManySeeds {
            row: "South's row",
            pit: 'c',
            seeds: 18,
            limit: 17,
        };
        assert_eq!(
            e.to_string(),
            "South's row: pit c holds 18 seeds, the limit is 17"
        );
    }

    #[test]
    fn two_rows() {
        let t: TwoRows<3> = "1,2,3/4,5,6 7-8 S".parse().unwrap();
        assert_eq!(t.open_rows().unwrap(), ByPlayer::new([1, 2, 3], [4, 5, 6]));
        assert_eq!(t.pair, ByPlayer::new(7, 8));
        assert_eq!(
            "1,2,3/4,5 0-0 S".parse::<TwoRows<3>>(),
            Err(NotationError::RowLengths {
                first: 3,
                second: 2
            })
        );
        assert_eq!(
            "1,2/4,5 0-0 S".parse::<TwoRows<3>>(),
            Err(NotationError::PitCount {
                row: "South's row",
                expected: 3,
                found: 2
            })
        );
        assert_eq!(
            "1,2,3/4,5,6 0-0 X".parse::<TwoRows<3>>(),
            Err(NotationError::BadSide)
        );
        assert_eq!(
            "1,2,3/4,x,6 0-0 S"
                .parse::<TwoRows<3>>()
                .unwrap()
                .open_rows(),
            Err(NotationError::ClosedPit {
                row: "North's row",
                pit: 'b'
            })
        );
        assert!("1,2,3/4,5,6 0-256 S".parse::<TwoRows<3>>().is_err());
    }

    #[test]
    fn two_rows_round_trip() {
        use proptest::prelude::*;
        let pits = || proptest::array::uniform6(proptest::option::of(0u8..=255));
        let strategy = (pits(), pits(), any::<u8>(), any::<u8>(), any::<bool>());
        crate::counted::counted(
            "two_rows_round_trip",
            256,
            strategy,
            |(south, north, a, b, n)| {
                let t = TwoRows::<6> {
                    rows: ByPlayer::new(south, north),
                    pair: ByPlayer::new(a, b),
                    to_move: if n { Player::North } else { Player::South },
                };
                prop_assert_eq!(t.to_string().parse::<TwoRows<6>>(), Ok(t));
                Ok(true)
            },
        );
    }

    #[test]
    fn parsers_never_panic() {
        // Any text, and text of the notation's own characters.
        let strategy = proptest::prop_oneof![".{0,60}", "[0-9x,/SN -]{0,60}"];
        crate::counted::counted("parsers_never_panic", 512, strategy, |s| {
            let _ = s.parse::<TwoRows<6>>();
            let _ = s.parse::<TwoRows<0>>();
            let _ = s.parse::<TwoRows<40>>();
            let _ = parse_row(&s, "r", 17);
            let _ = parse_open_row::<6>(&s, "r", 17);
            let _ = parse_open_row::<20>(&s, "r", 255);
            let _ = split_fields::<3>(&s);
            let _ = split_fields::<0>(&s);
            let _ = split_rows::<4>(&s);
            let _ = parse_pair(&s, "p", 64);
            let _ = parse_pair(&s, "p", u32::MAX);
            let _ = parse_side(&s);
            for c in s.chars() {
                let _ = parse_pit_letter(c, 16);
                let _ = parse_pit_letter(c, usize::MAX);
            }
            Ok(true)
        });
        for i in [0, 25, 26, usize::MAX] {
            let _ = pit_letter(i);
        }
    }
}
