//! The rule options of a game of Kalah: the pits per side, the empty capture and the
//! ending (docs/kalah.md, rules K1, K4 and K5).

use core::fmt;

/// The most pits a side may have (rule K1).
pub const MAX_PITS: usize = 10;

/// The most seeds a game may hold, pits and stores together (rule K1): every pit and
/// store is one byte, and a store can end up holding every seed.
pub const MAX_SEEDS: u16 = u8::MAX as u16;

/// When the game ends (rule K5). Either way each player then adds the seeds left on
/// their own side to their store.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::kalah; }
/// use mancala::kalah::Ending;
/// assert_eq!(Ending::default(), Ending::AnySideEmpty);
/// ```
// Not `#[non_exhaustive]`: rule K5 has these two readings, and the databases name
// each one (mancala-solve matches on it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ending {
    /// K5a (the default, OpenSpiel's `mancala`, Wikipedia's wording): the game is over
    /// as soon as either side has no seeds in its pits, whoever is to move.
    #[default]
    AnySideEmpty,
    /// K5b: the game is over only when the player to move has no seeds on their side; a
    /// player whose opponent's side is empty goes on playing until then.
    MoverEmpty,
}

/// The rules of a game of Kalah: pits per side, whether a last seed in an empty own pit
/// is captured alone when the opposite pit is empty, and when the game ends.
///
/// Plain data: [`Position::from_setup`](mancala_core::Position::from_setup) checks it
/// (the pits must be 1 to [`MAX_PITS`]). The default is OpenSpiel's `mancala`: six pits a
/// side, no empty capture, the game over as soon as either side is empty.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::kalah; }
/// use mancala::kalah::{Ending, Rules};
/// let r = Rules::default();
/// assert_eq!((r.pits, r.empty_capture, r.ending), (6, false, Ending::AnySideEmpty));
/// assert_eq!(Rules::with_pits(4).pits, 4);
/// assert_eq!(r.to_string(), "6 pits");
/// let r = Rules { empty_capture: true, ending: Ending::MoverEmpty, ..Rules::default() };
/// assert_eq!(r.to_string(), "6 pits, empty-capture, mover-empty");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rules {
    /// Pits per side, 1 to [`MAX_PITS`] (rule K1).
    pub pits: u8,
    /// Rule K4b: a last seed that lands in an empty own pit is captured even when the
    /// opposite pit is empty (alone, then).
    pub empty_capture: bool,
    /// When the game ends (rule K5).
    pub ending: Ending,
}

impl Rules {
    /// The default rules on `pits` pits a side (not checked here).
    #[must_use]
    pub const fn with_pits(pits: u8) -> Rules {
        Rules {
            pits,
            empty_capture: false,
            ending: Ending::AnySideEmpty,
        }
    }

    /// Whether the options other than the pits are the default ones, so that the
    /// notation needs no options field.
    #[must_use]
    pub const fn has_default_options(&self) -> bool {
        !self.empty_capture && matches!(self.ending, Ending::AnySideEmpty)
    }

    /// Writes the options field of the notation (`empty-capture`, `mover-empty`, comma
    /// separated); nothing for the default options.
    pub(crate) fn write_options(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = "";
        if self.empty_capture {
            f.write_str(EMPTY_CAPTURE)?;
            sep = ",";
        }
        if self.ending == Ending::MoverEmpty {
            write!(f, "{sep}{MOVER_EMPTY}")?;
        }
        Ok(())
    }
}

/// The notation's word for rule K4b.
pub(crate) const EMPTY_CAPTURE: &str = "empty-capture";
/// The notation's word for rule K5b.
pub(crate) const MOVER_EMPTY: &str = "mover-empty";

impl Default for Rules {
    /// OpenSpiel's `mancala`: 6 pits a side, no empty capture, [`Ending::AnySideEmpty`].
    fn default() -> Self {
        Rules::with_pits(6)
    }
}

impl fmt::Display for Rules {
    /// `6 pits`, then the options that are not the default, as the notation writes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} pits", self.pits)?;
        if !self.has_default_options() {
            f.write_str(", ")?;
            let mut sep = "";
            if self.empty_capture {
                f.write_str(EMPTY_CAPTURE)?;
                sep = ", ";
            }
            if self.ending == Ending::MoverEmpty {
                write!(f, "{sep}{MOVER_EMPTY}")?;
            }
        }
        Ok(())
    }
}
