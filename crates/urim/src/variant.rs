//! Urim's variants (rule 1): rows of 6 or 7 pits, 3 or 4 seeds in each, as a value
//! that can only hold one of them, read from and written to text (`pits=7 seeds=4`).

use core::fmt;

use mancala_core::variant::{OptionError, OptionInfo, Options, write_words};

use crate::SEEDS_PER_PIT;

/// The rows' lengths Urim is played on (rule 1; `Urim<N>` takes the same).
const PITS: [u8; 2] = [6, 7];

/// A variant of Urim: the pits per row and the seeds per pit at the start.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::urim; }
/// use mancala::urim::Variant;
/// let v: Variant = "seeds=4 pits=7".parse()?;
/// assert_eq!((v.pits(), v.seeds()), (7, 4));
/// assert_eq!(v.to_string(), "pits=7 seeds=4");
/// assert_eq!("".parse::<Variant>()?, Variant::default());
/// assert_eq!(Variant::STANDARD.len(), 4);
/// let e = "pits=8".parse::<Variant>().unwrap_err();
/// assert_eq!(e.to_string(), "pits: urim is played on rows of 6 or 7 pits, not 8");
/// # Ok::<(), mancala::urim::VariantError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    pits: u8,
    seeds: u8,
}

/// Why a variant of Urim cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// Rows of other than 6 or 7 pits.
    #[error("pits: urim is played on rows of 6 or 7 pits, not {0}")]
    Pits(u8),
    /// Other than 3 or 4 seeds per pit.
    #[error("seeds: urim is played with 3 or 4 seeds per pit, not {0}")]
    Seeds(u8),
    /// A word that is not an option of Urim.
    #[error(transparent)]
    Option(#[from] OptionError),
}

impl Variant {
    /// The options of the text, for reading it and for help texts.
    pub const OPTIONS: &'static [OptionInfo] = &[
        OptionInfo::count("pits", "6 or 7", 6, "pits per row"),
        OptionInfo::count("seeds", "3 or 4", 3, "seeds per pit at the start"),
    ];

    /// The standard variants, the default first: 2×6 and 2×7, 3 and 4 seeds a pit.
    pub const STANDARD: [Variant; 4] = [
        Variant { pits: 6, seeds: 3 },
        Variant { pits: 6, seeds: 4 },
        Variant { pits: 7, seeds: 3 },
        Variant { pits: 7, seeds: 4 },
    ];

    /// The variant on rows of `pits` pits with `seeds` seeds in each.
    ///
    /// # Errors
    /// [`VariantError::Pits`] or [`VariantError::Seeds`] for a value the rules do not
    /// have.
    pub const fn new(pits: u8, seeds: u8) -> Result<Variant, VariantError> {
        if pits != PITS[0] && pits != PITS[1] {
            return Err(VariantError::Pits(pits));
        }
        if seeds != SEEDS_PER_PIT[0] && seeds != SEEDS_PER_PIT[1] {
            return Err(VariantError::Seeds(seeds));
        }
        Ok(Variant { pits, seeds })
    }

    /// The variant of `options`, the defaults filling in what they leave out.
    ///
    /// # Errors
    /// As [`Variant::new`].
    pub fn from_options(options: &Options) -> Result<Variant, VariantError> {
        Variant::new(options.pits.unwrap_or(6), options.seeds.unwrap_or(3))
    }

    /// Pits per row: 6 or 7.
    #[must_use]
    pub const fn pits(self) -> u8 {
        self.pits
    }

    /// Seeds per pit at the start: 3 or 4.
    #[must_use]
    pub const fn seeds(self) -> u8 {
        self.seeds
    }
}

mancala_core::variant_text!(Variant, VariantError, "urim");

impl fmt::Display for Variant {
    /// `pits=6 seeds=3`: both counts, always.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_words(f, &[("pits", self.pits), ("seeds", self.seeds)], &[])
    }
}
