//! Oware's variants: 4 or 3 seeds in each pit at the start, as a value that can only
//! hold one of them, read from and written to text (`seeds=3`).

use core::fmt;

use mancala_core::variant::{OptionError, OptionInfo, Options, write_words};

use crate::SEEDS_PER_PIT;

/// A variant of Oware: the seeds per pit at the start (the board is 2×6).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::oware; }
/// use mancala::oware::Variant;
/// let v: Variant = "seeds=3".parse()?;
/// assert_eq!(v.seeds(), 3);
/// assert_eq!(Variant::default().to_string(), "seeds=4");
/// assert_eq!("pits=6".parse::<Variant>()?, Variant::default());
/// let e = "pits=7".parse::<Variant>().unwrap_err();
/// assert_eq!(e.to_string(), "pits: oware is played on rows of 6 pits");
/// # Ok::<(), mancala::oware::VariantError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    seeds: u8,
}

/// Why a variant of Oware cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// Rows of other than 6 pits.
    #[error("pits: oware is played on rows of 6 pits")]
    Pits(u8),
    /// Other than 4 or 3 seeds per pit.
    #[error("seeds: oware is played with 4 or 3 seeds per pit, not {0}")]
    Seeds(u8),
    /// A word that is not an option of Oware.
    #[error(transparent)]
    Option(#[from] OptionError),
}

impl Variant {
    /// The options of the text, for reading it and for help texts (`pits=6` is read
    /// too: the board is 2×6).
    pub const OPTIONS: &'static [OptionInfo] = &[OptionInfo::count(
        "seeds",
        "4 or 3",
        4,
        "seeds per pit at the start",
    )];

    /// The standard variants, the default first: 4 and 3 seeds a pit.
    pub const STANDARD: [Variant; 2] = [
        Variant {
            seeds: SEEDS_PER_PIT[0],
        },
        Variant {
            seeds: SEEDS_PER_PIT[1],
        },
    ];

    /// The variant with `seeds` seeds in each pit.
    ///
    /// # Errors
    /// [`VariantError::Seeds`] for other than 4 or 3.
    pub const fn new(seeds: u8) -> Result<Variant, VariantError> {
        if seeds != SEEDS_PER_PIT[0] && seeds != SEEDS_PER_PIT[1] {
            return Err(VariantError::Seeds(seeds));
        }
        Ok(Variant { seeds })
    }

    /// The variant of `options`, the defaults filling in what they leave out.
    ///
    /// # Errors
    /// As [`Variant::new`]; [`VariantError::Pits`] for rows of other than 6 pits.
    pub fn from_options(options: &Options) -> Result<Variant, VariantError> {
        if let Some(p) = options.pits.filter(|&p| p != 6) {
            return Err(VariantError::Pits(p));
        }
        Variant::new(options.seeds.unwrap_or(SEEDS_PER_PIT[0]))
    }

    /// Seeds per pit at the start: 4 or 3.
    #[must_use]
    pub const fn seeds(self) -> u8 {
        self.seeds
    }
}

mancala_core::variant_text!(Variant, VariantError, "oware");

impl fmt::Display for Variant {
    /// `seeds=4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_words(f, &[("seeds", self.seeds)], &[])
    }
}
