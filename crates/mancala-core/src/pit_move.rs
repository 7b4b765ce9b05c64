//! The move of the two-row games: one of the mover's pits, named by its letter.

use core::fmt;
use core::str::FromStr;

use crate::NotationError;
use crate::notation::{parse_pit_letter, pit_letter};

/// A move that names one of the mover's pits by its letter from the mover's left (`a`
/// is 0), on rows of at most `MAX` pits. Urim, Oware and Rio Kadalis use it, each with
/// the longest row of its variants; a letter beyond the board in play is refused when
/// the move is played.
///
/// Every `PitMove` names a pit below `MAX` that has a letter (`a`–`z`): the
/// constructors refuse any other index, so a move always prints as a letter that
/// parses back to it.
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::PitMove;
/// let m: PitMove<6> = "c".parse().unwrap();
/// assert_eq!(m.index(), 2);
/// assert_eq!(m.letter(), 'c');
/// assert_eq!(m.to_string(), "c");
/// assert_eq!(PitMove::<6>::from_index(5), Some("f".parse().unwrap()));
/// assert_eq!(PitMove::<6>::from_index(6), None);
/// assert_eq!(PitMove::<6>::from_u8(200), None);
/// assert!("g".parse::<PitMove<6>>().is_err());
/// assert!("ab".parse::<PitMove<6>>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PitMove<const MAX: usize>(u8);

impl<const MAX: usize> PitMove<MAX> {
    /// The pits a move can name: those below `MAX` that have a letter.
    const PITS: usize = if MAX < 26 { MAX } else { 26 };

    /// The move from pit `index` (0 = `a`), if `index < MAX` (and the pit has a
    /// letter, `index < 26`).
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Self> {
        if index < Self::PITS {
            Some(PitMove(index as u8))
        } else {
            None
        }
    }

    /// The move from pit `index` (0 = `a`), if `index < MAX`: [`from_index`] for move
    /// generators that count in bytes. Every `PitMove` names a pit below `MAX`.
    ///
    /// [`from_index`]: PitMove::from_index
    #[must_use]
    #[inline]
    pub const fn from_u8(index: u8) -> Option<Self> {
        if (index as usize) < Self::PITS {
            Some(PitMove(index))
        } else {
            None
        }
    }

    /// The pit's index from the mover's left (0 = `a`).
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The pit's letter.
    #[must_use]
    pub const fn letter(self) -> char {
        pit_letter(self.0 as usize)
    }
}

impl<const MAX: usize> fmt::Display for PitMove<MAX> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl<const MAX: usize> FromStr for PitMove<MAX> {
    type Err = NotationError;

    /// Parses one pit letter, `a` up to the `MAX`-th letter; upper case is read as
    /// lower case (`C` is `c`: no game's move notation gives upper case a meaning of its
    /// own). A move prints in lower case.
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (None, _) => Err(NotationError::Empty),
            // The error names the letter as given.
            (Some(c), None) => parse_pit_letter(c.to_ascii_lowercase(), MAX)
                .map(|i| PitMove(i as u8))
                .map_err(|_| NotationError::BadPitLetter {
                    letter: c,
                    pits: MAX,
                }),
            _ => Err(NotationError::BadMove {
                reason: "a move is one pit letter",
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_byte() {
        assert_eq!(core::mem::size_of::<PitMove<7>>(), 1);
    }

    #[test]
    fn round_trips_and_never_panics() {
        let strategy = (".{0,4}", 0usize..7);
        crate::counted::counted("round_trips_and_never_panics", 256, strategy, |(s, i)| {
            let _ = s.parse::<PitMove<7>>();
            let m = PitMove::<7>::from_index(i).unwrap();
            proptest::prop_assert_eq!(m.to_string().parse::<PitMove<7>>(), Ok(m));
            Ok(true)
        });
    }

    #[test]
    fn no_index_past_the_row_or_the_letters_makes_a_move() {
        for i in 0..=255u8 {
            assert_eq!(PitMove::<7>::from_u8(i).is_some(), i < 7, "{i}");
            assert_eq!(PitMove::<6>::from_index(usize::from(i)).is_some(), i < 6);
            // Past z there is no letter, whatever MAX is.
            let m = PitMove::<300>::from_u8(i);
            assert_eq!(m.is_some(), i < 26, "{i}");
            if let Some(m) = m {
                assert_eq!(m.to_string().parse::<PitMove<300>>(), Ok(m));
            }
        }
        assert_eq!(PitMove::<7>::from_u8(200), None);
        assert_eq!(PitMove::<7>::from_index(usize::MAX), None);
        assert_eq!(PitMove::<0>::from_u8(0), None);
    }

    #[test]
    fn upper_case_letters_are_the_same_pits() {
        for (upper, lower) in ('A'..='F').zip('a'..='f') {
            let m: PitMove<6> = upper.to_string().parse().unwrap();
            assert_eq!(m, lower.to_string().parse().unwrap());
            assert_eq!(m.to_string(), lower.to_string());
        }
        // Still only the pits of the row.
        assert_eq!(
            "G".parse::<PitMove<6>>(),
            Err(NotationError::BadPitLetter {
                letter: 'G',
                pits: 6
            })
        );
        assert!("AB".parse::<PitMove<6>>().is_err());
    }
}
