//! Omweso's variants: the board is fixed; the optional ending of rule 7 and who makes
//! the first move (rule 1) vary, read from and written to text (`two-captures-first`,
//! `north-first`, `by-lot`).

use core::fmt;

use mancala_core::variant::{OptionError, OptionInfo, Options, write_words};

use crate::Rules;

/// Who makes the first move of a game (rule 1: the caller chooses).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum First {
    /// South (the default).
    #[default]
    South,
    /// North (`north-first`).
    North,
    /// Drawn by lot (`by-lot`).
    ByLot,
}

/// A variant of Omweso: its rule options and who moves first.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
/// use mancala::omweso::{First, Variant};
/// let v: Variant = "by-lot two-captures-first".parse()?;
/// assert!(v.rules().two_captures_first);
/// assert_eq!(v.first(), First::ByLot);
/// assert_eq!(v.to_string(), "two-captures-first by-lot");
/// assert_eq!(Variant::default().to_string(), "");
/// let e = "pits=8".parse::<Variant>().unwrap_err();
/// assert_eq!(e.to_string(), "omweso has no pits or seeds options: its board is fixed");
/// # Ok::<(), mancala::omweso::VariantError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    two_captures_first: bool,
    first: First,
}

/// Why a variant of Omweso cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// `pits=` or `seeds=`: the board is fixed.
    #[error("omweso has no pits or seeds options: its board is fixed")]
    FixedBoard,
    /// Both `north-first` and `by-lot`.
    #[error("choose north-first or by-lot, not both")]
    TwoFirsts,
    /// A word that is not an option of Omweso.
    #[error(transparent)]
    Option(#[from] OptionError),
}

impl Variant {
    /// The options of the text, for reading it and for help texts.
    pub const OPTIONS: &'static [OptionInfo] = &[
        OptionInfo::flag(
            "two-captures-first",
            "the optional ending of rule 7 (2 points for capturing in two turns while the opponent has captured in none)",
        ),
        OptionInfo::flag(
            "north-first",
            "North makes the first move (South by default)",
        ),
        OptionInfo::flag("by-lot", "the first player is drawn by lot (rule 1)"),
    ];

    /// The standard variants, the default first: the standard rules, the optional
    /// ending, North first.
    pub const STANDARD: [Variant; 3] = [
        Variant::new(Rules::DEFAULT, First::South),
        Variant::new(
            Rules {
                two_captures_first: true,
            },
            First::South,
        ),
        Variant::new(Rules::DEFAULT, First::North),
    ];

    /// The variant with `rules`, `first` making the first move.
    #[must_use]
    pub const fn new(rules: Rules, first: First) -> Variant {
        Variant {
            two_captures_first: rules.two_captures_first,
            first,
        }
    }

    /// The variant of `options`, the defaults filling in what they leave out.
    ///
    /// # Errors
    /// [`VariantError::FixedBoard`] for a count, [`VariantError::TwoFirsts`] for both
    /// ways of choosing the first player.
    pub fn from_options(options: &Options) -> Result<Variant, VariantError> {
        if options.pits.is_some() || options.seeds.is_some() {
            return Err(VariantError::FixedBoard);
        }
        let first = match (options.has("north-first"), options.has("by-lot")) {
            (true, true) => return Err(VariantError::TwoFirsts),
            (true, false) => First::North,
            (false, true) => First::ByLot,
            (false, false) => First::South,
        };
        Ok(Variant {
            two_captures_first: options.has("two-captures-first"),
            first,
        })
    }

    /// The rule options.
    #[must_use]
    pub const fn rules(self) -> Rules {
        Rules {
            two_captures_first: self.two_captures_first,
        }
    }

    /// Who makes the first move.
    #[must_use]
    pub const fn first(self) -> First {
        self.first
    }
}

mancala_core::variant_text!(Variant, VariantError, "omweso");

impl fmt::Display for Variant {
    /// The options that are on (`two-captures-first by-lot`); empty for the default.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_words(
            f,
            &[],
            &[
                ("two-captures-first", self.two_captures_first),
                ("north-first", self.first == First::North),
                ("by-lot", self.first == First::ByLot),
            ],
        )
    }
}

/// The names of the modes of play (rule 9), as typed and printed.
#[cfg(feature = "alloc")]
const MODES: [(crate::Mode, &str); 3] = [
    (crate::Mode::Classic, "classic"),
    (crate::Mode::Contract, "contract"),
    (crate::Mode::Blitz, "blitz"),
];

/// A word that is not a mode of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not an omweso mode (classic, contract, blitz)")]
pub struct ParseModeError(pub mancala_core::variant::Word);

#[cfg(feature = "alloc")]
impl fmt::Display for crate::Mode {
    /// `classic`, `contract` or `blitz`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = MODES.iter().find(|(m, _)| m == self).map_or("", |(_, n)| n);
        f.write_str(name)
    }
}

#[cfg(feature = "alloc")]
impl core::str::FromStr for crate::Mode {
    type Err = ParseModeError;

    /// Reads `classic`, `contract` or `blitz`.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
    /// use mancala::omweso::Mode;
    /// assert_eq!("blitz".parse::<Mode>(), Ok(Mode::Blitz));
    /// assert_eq!(Mode::Contract.to_string(), "contract");
    /// let e = "fast".parse::<Mode>().unwrap_err();
    /// assert_eq!(e.to_string(), "\"fast\" is not an omweso mode (classic, contract, blitz)");
    /// ```
    fn from_str(s: &str) -> Result<crate::Mode, ParseModeError> {
        MODES
            .iter()
            .find(|(_, n)| *n == s)
            .map(|(m, _)| *m)
            .ok_or_else(|| ParseModeError(mancala_core::variant::word(s)))
    }
}
