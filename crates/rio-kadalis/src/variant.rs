//! Rio Kadalis's variants: rows of 6 or 5 holes, sown counter-clockwise or clockwise,
//! as a value that can only hold one of them, read from and written to text
//! (`pits=5 clockwise`).

use core::fmt;

use mancala_core::variant::{OptionError, OptionInfo, Options, write_words};

/// A variant of Rio Kadalis: the holes per row and the direction of sowing.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::rio_kadalis; }
/// use mancala::rio_kadalis::Variant;
/// let v: Variant = "clockwise pits=5".parse()?;
/// assert_eq!((v.pits(), v.clockwise()), (5, true));
/// assert_eq!(v.to_string(), "pits=5 clockwise");
/// assert_eq!(Variant::default().to_string(), "pits=6");
/// let e = "seeds=4".parse::<Variant>().unwrap_err();
/// assert_eq!(e.to_string(), "rio-kadalis has no seeds option: every hole starts with 4 stones");
/// # Ok::<(), mancala::rio_kadalis::VariantError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    pits: u8,
    clockwise: bool,
}

/// Why a variant of Rio Kadalis cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// Rows of other than 5 or 6 holes.
    #[error("pits: rio-kadalis has 5 or 6 holes per row, not {0}")]
    Pits(u8),
    /// `seeds=`: every hole starts with 4 stones.
    #[error("rio-kadalis has no seeds option: every hole starts with 4 stones")]
    Seeds,
    /// A word that is not an option of Rio Kadalis.
    #[error(transparent)]
    Option(#[from] OptionError),
}

impl Variant {
    /// The options of the text, for reading it and for help texts.
    pub const OPTIONS: &'static [OptionInfo] = &[
        OptionInfo::count("pits", "6 or 5", 6, "holes per row"),
        OptionInfo::flag("clockwise", "sow clockwise"),
    ];

    /// The standard variants, the default first: 2×6 and 2×5, each in both directions.
    pub const STANDARD: [Variant; 4] = [
        Variant {
            pits: 6,
            clockwise: false,
        },
        Variant {
            pits: 6,
            clockwise: true,
        },
        Variant {
            pits: 5,
            clockwise: false,
        },
        Variant {
            pits: 5,
            clockwise: true,
        },
    ];

    /// The variant on rows of `pits` holes, sown clockwise if `clockwise`.
    ///
    /// # Errors
    /// [`VariantError::Pits`] for rows of other than 5 or 6 holes.
    pub const fn new(pits: u8, clockwise: bool) -> Result<Variant, VariantError> {
        if pits != 5 && pits != 6 {
            return Err(VariantError::Pits(pits));
        }
        Ok(Variant { pits, clockwise })
    }

    /// The variant of `options`, the defaults filling in what they leave out.
    ///
    /// # Errors
    /// As [`Variant::new`]; [`VariantError::Seeds`] for a seed count.
    pub fn from_options(options: &Options) -> Result<Variant, VariantError> {
        if options.seeds.is_some() {
            return Err(VariantError::Seeds);
        }
        Variant::new(options.pits.unwrap_or(6), options.has("clockwise"))
    }

    /// Holes per row: 6 or 5.
    #[must_use]
    pub const fn pits(self) -> u8 {
        self.pits
    }

    /// Whether it is sown clockwise.
    #[must_use]
    pub const fn clockwise(self) -> bool {
        self.clockwise
    }
}

mancala_core::variant_text!(Variant, VariantError, "rio-kadalis");

impl fmt::Display for Variant {
    /// `pits=6`, then `clockwise` when it is.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_words(f, &[("pits", self.pits)], &[("clockwise", self.clockwise)])
    }
}
