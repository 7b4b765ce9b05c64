//! Kalah's variants: the pits a side, the seeds a pit and the rule options of
//! docs/kalah.md, as a value that can only hold a game the rules allow, read from and
//! written to text (`pits=4 seeds=3 empty-capture`).

use core::fmt;

use mancala_core::Player;
use mancala_core::variant::{OptionError, OptionInfo, Options, write_words};

use crate::{Ending, Kalah, Rules, SetupError};

/// A variant of Kalah: its rules and the seeds in each pit at the start.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::kalah; }
/// use mancala::kalah::{Ending, Variant};
/// let v: Variant = "pits=4 seeds=3 mover-empty".parse()?;
/// assert_eq!((v.rules().pits, v.seeds()), (4, 3));
/// assert_eq!(v.rules().ending, Ending::MoverEmpty);
/// assert_eq!(v.to_string(), "pits=4 seeds=3 mover-empty");
/// assert_eq!(Variant::default().to_string(), "pits=6 seeds=4");
/// let e = "pits=11".parse::<Variant>().unwrap_err();
/// assert_eq!(e.to_string(), "pits: kalah is played with 1 to 10 pits a side, not 11");
/// let e = "pits=10 seeds=13".parse::<Variant>().unwrap_err();
/// assert_eq!(e.to_string(), "seeds: the seeds add up to 260; a game of kalah holds at most 255");
/// # Ok::<(), mancala::kalah::VariantError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    rules: Rules,
    seeds: u8,
}

/// Why a variant of Kalah cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// A board the rules refuse (rule K1): its size or its seeds, named by the option
    /// that gives it (`pits: …`, `seeds: …`).
    #[error("{}: {setup}", if matches!(.0, SetupError::Pits { .. }) { "pits" } else { "seeds" }, setup = .0)]
    Setup(SetupError),
    /// A word that is not an option of Kalah.
    #[error(transparent)]
    Option(#[from] OptionError),
}

impl Variant {
    /// The options of the text, for reading it and for help texts.
    pub const OPTIONS: &'static [OptionInfo] = &[
        OptionInfo::count("pits", "1 to 10", 6, "pits per side"),
        OptionInfo::count("seeds", "at least 1", 4, "seeds per pit at the start"),
        OptionInfo::flag(
            "empty-capture",
            "a last seed in an empty pit of one's own captures even when the pit opposite is empty (rule K4b)",
        ),
        OptionInfo::flag(
            "mover-empty",
            "the game ends when the player to move has no seeds (rule K5b)",
        ),
    ];

    /// The standard variants, the default first: OpenSpiel's `mancala` (6 pits, 4
    /// seeds), with each rule option, with 6 seeds a pit, and the small 4×3 board.
    pub const STANDARD: [Variant; 5] = [
        Variant {
            rules: Rules::with_pits(6),
            seeds: 4,
        },
        Variant {
            rules: Rules {
                empty_capture: true,
                ..Rules::with_pits(6)
            },
            seeds: 4,
        },
        Variant {
            rules: Rules {
                ending: Ending::MoverEmpty,
                ..Rules::with_pits(6)
            },
            seeds: 4,
        },
        Variant {
            rules: Rules::with_pits(6),
            seeds: 6,
        },
        Variant {
            rules: Rules::with_pits(4),
            seeds: 3,
        },
    ];

    /// The variant with `rules` and `seeds` seeds in each pit.
    ///
    /// # Errors
    /// [`VariantError::Setup`] with the crate's own reason when the rules refuse the
    /// board (its pits, or a seed total over [`MAX_SEEDS`](crate::MAX_SEEDS)).
    pub fn new(rules: Rules, seeds: u8) -> Result<Variant, VariantError> {
        Kalah::start_with(rules, seeds, Player::South).map_err(VariantError::Setup)?;
        Ok(Variant { rules, seeds })
    }

    /// The variant of `options`, the defaults filling in what they leave out.
    ///
    /// # Errors
    /// As [`Variant::new`].
    pub fn from_options(options: &Options) -> Result<Variant, VariantError> {
        let rules = Rules {
            empty_capture: options.has("empty-capture"),
            ending: if options.has("mover-empty") {
                Ending::MoverEmpty
            } else {
                Ending::AnySideEmpty
            },
            ..Rules::with_pits(options.pits.unwrap_or(6))
        };
        Variant::new(rules, options.seeds.unwrap_or(4))
    }

    /// The rules.
    #[must_use]
    pub const fn rules(self) -> Rules {
        self.rules
    }

    /// Seeds per pit at the start.
    #[must_use]
    pub const fn seeds(self) -> u8 {
        self.seeds
    }
}

mancala_core::variant_text!(Variant, VariantError, "kalah");

impl fmt::Display for Variant {
    /// `pits=6 seeds=4`, then the rule options that are on (`empty-capture`,
    /// `mover-empty`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_words(
            f,
            &[("pits", self.rules.pits), ("seeds", self.seeds)],
            &[
                ("empty-capture", self.rules.empty_capture),
                (
                    "mover-empty",
                    matches!(self.rules.ending, Ending::MoverEmpty),
                ),
            ],
        )
    }
}
