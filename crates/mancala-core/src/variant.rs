//! The words of a game's variant, as text: what each game crate's `Variant` reads and
//! writes after the game's name (`pits=7 seeds=4`, `clockwise`, `two-captures-first`).
//!
//! A variant's text is words separated by spaces, in any order: `pits=N` and `seeds=S`
//! (counts up to 255) and the game's flags. [`Options::read`] reads the words against
//! a game's list of options ([`OptionInfo`]); the game then checks the values and
//! fills in its defaults. The words are the same in every game, so that one command
//! line (`--pits 7 --clockwise`) serves them all.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; }
//! use mancala::variant::{OptionError, OptionInfo, Options};
//! const OPTIONS: &[OptionInfo] = &[
//!     OptionInfo::count("pits", "6 or 5", 6, "holes per row"),
//!     OptionInfo::flag("clockwise", "sow clockwise"),
//! ];
//! let o = Options::read("clockwise pits=5", "rio-kadalis", OPTIONS)?;
//! assert_eq!((o.pits, o.seeds), (Some(5), None));
//! assert!(o.has("clockwise"));
//! let e = Options::read("pits=5 fast", "rio-kadalis", OPTIONS).unwrap_err();
//! assert_eq!(e.to_string(), "rio-kadalis has no option fast (its options: pits=N, clockwise)");
//! let e = Options::read("pits=many", "rio-kadalis", OPTIONS).unwrap_err();
//! assert_eq!(e.to_string(), "pits: \"many\" is not a whole number up to 255");
//! # Ok::<(), OptionError>(())
//! ```

use core::fmt;

use arrayvec::{ArrayString, ArrayVec};

/// A word of a variant's text kept in an error: its first 24 bytes (an error needs no
/// allocator).
pub type Word = ArrayString<24>;

/// The word `text`, cut to what a [`Word`] holds (whole characters).
#[must_use]
pub fn word(text: &str) -> Word {
    let mut w = Word::new();
    for c in text.chars() {
        if w.try_push(c).is_err() {
            break;
        }
    }
    w
}

/// One option of a game's variant text, for reading it and for help texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OptionInfo {
    /// The word: `pits` or `seeds` for a count (written `pits=N`), else the flag.
    pub name: &'static str,
    /// A count's values in words (`6 or 7`, `1 to 10`, `at least 1`); empty for a
    /// flag.
    pub values: &'static str,
    /// A count's default.
    pub default: u8,
    /// What it does, in a few words (`pits per row`, `sow clockwise`).
    pub help: &'static str,
}

impl OptionInfo {
    /// The count `name` (`pits`, `seeds`) taking `values`, `default` when not given.
    #[must_use]
    pub const fn count(
        name: &'static str,
        values: &'static str,
        default: u8,
        help: &'static str,
    ) -> OptionInfo {
        OptionInfo {
            name,
            values,
            default,
            help,
        }
    }

    /// The flag `name`, off when not given.
    #[must_use]
    pub const fn flag(name: &'static str, help: &'static str) -> OptionInfo {
        OptionInfo {
            name,
            values: "",
            default: 0,
            help,
        }
    }

    /// Whether this is a flag (not a count).
    #[must_use]
    pub const fn is_flag(&self) -> bool {
        self.values.is_empty()
    }
}

impl OptionInfo {
    /// The placeholder of a count's value in help texts: `N` for the pits, `S` for the
    /// seeds.
    #[must_use]
    pub const fn value_name(&self) -> &'static str {
        match self.name.as_bytes() {
            b"pits" => "N",
            b"seeds" => "S",
            _ => "",
        }
    }
}

impl fmt::Display for OptionInfo {
    /// The word as typed: `pits=N`, `seeds=S`, or the flag.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_flag() {
            f.write_str(self.name)
        } else {
            write!(f, "{}={}", self.name, self.value_name())
        }
    }
}

/// The most flags a game has.
pub const MAX_FLAGS: usize = 8;

/// A variant's options as written, before the game checks their values: the counts
/// given and the flags that are on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// `pits=N`, if given.
    pub pits: Option<u8>,
    /// `seeds=S`, if given.
    pub seeds: Option<u8>,
    /// The flags given, each once, as the game's list names them.
    flags: ArrayVec<&'static str, MAX_FLAGS>,
}

/// Why a variant's text cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OptionError {
    /// A count (`pits=`, `seeds=`) whose value is not a number up to 255.
    #[error("{key}: {value:?} is not a whole number up to 255")]
    BadCount {
        /// `pits` or `seeds`.
        key: &'static str,
        /// The value given.
        value: Word,
    },
    /// A word that is not one of the game's options.
    #[error("{game} has no option {word} (its options: {})", Listed(options))]
    Unknown {
        /// The game's name.
        game: &'static str,
        /// The word given.
        word: Word,
        /// The game's options.
        options: &'static [OptionInfo],
    },
}

/// Options listed for a message: `pits=6|7, seeds=3|4`, or `none`.
struct Listed(&'static [OptionInfo]);

impl fmt::Display for Listed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("none");
        }
        for (i, o) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{o}")?;
        }
        Ok(())
    }
}

impl Options {
    /// Reads the words of `text` against the options of the game `game`: `pits=N` and
    /// `seeds=S` in every game (the game says whether it takes them), and the flags in
    /// `options`.
    ///
    /// # Errors
    /// [`OptionError`] naming the word that is no option of the game, or a count that
    /// is not a number.
    pub fn read(
        text: &str,
        game: &'static str,
        options: &'static [OptionInfo],
    ) -> Result<Options, OptionError> {
        let mut o = Options::default();
        for w in text.split_whitespace() {
            if let Some((key, value)) = w.split_once('=') {
                let key = match key {
                    "pits" => "pits",
                    "seeds" => "seeds",
                    _ => {
                        return Err(OptionError::Unknown {
                            game,
                            word: word(w),
                            options,
                        });
                    }
                };
                let n = value.parse::<u8>().map_err(|_| OptionError::BadCount {
                    key,
                    value: word(value),
                })?;
                if key == "pits" {
                    o.pits = Some(n);
                } else {
                    o.seeds = Some(n);
                }
                continue;
            }
            let Some(flag) = options.iter().find(|f| f.is_flag() && f.name == w) else {
                return Err(OptionError::Unknown {
                    game,
                    word: word(w),
                    options,
                });
            };
            if !o.has(flag.name) && o.flags.try_push(flag.name).is_err() {
                return Err(OptionError::Unknown {
                    game,
                    word: word(w),
                    options,
                });
            }
        }
        Ok(o)
    }

    /// Whether the flag `name` is on.
    #[must_use]
    pub fn has(&self, name: &str) -> bool {
        self.flags.contains(&name)
    }

    /// The flags that are on, in the order given.
    #[must_use]
    pub fn flags(&self) -> &[&'static str] {
        &self.flags
    }

    /// Whether no option is given.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.pits.is_none() && self.seeds.is_none() && self.flags.is_empty()
    }
}

/// Writes a variant's words, separated by spaces: the counts, then the flags that are
/// on (what each game's `Display` of its variant writes).
///
/// # Errors
/// Those of `f`.
pub fn write_words(
    f: &mut fmt::Formatter<'_>,
    counts: &[(&str, u8)],
    flags: &[(&str, bool)],
) -> fmt::Result {
    let mut sep = "";
    for (name, n) in counts {
        write!(f, "{sep}{name}={n}")?;
        sep = " ";
    }
    for (name, on) in flags {
        if *on {
            write!(f, "{sep}{name}")?;
            sep = " ";
        }
    }
    Ok(())
}

/// Implements what every game's variant type does alike: `read_options` (the words of
/// a text against the type's `OPTIONS`, for the game `$name`), `FromStr` (those words,
/// then the type's `from_options`) and `Default` (the first of the type's `STANDARD`
/// variants). The type's error must take an [`OptionError`] (`From`).
///
/// ```ignore
/// # mod mancala { pub use mancala_core::*; }
/// mancala::variant_text!(Variant, VariantError, "urim");
/// ```
#[macro_export]
macro_rules! variant_text {
    ($variant:ty, $error:ty, $name:literal) => {
        impl $variant {
            /// The options of the text `text` (see the type's `OPTIONS`), before their
            /// values are checked.
            ///
            /// # Errors
            /// For a word that is no option of the game.
            pub fn read_options(text: &str) -> Result<$crate::variant::Options, $error> {
                Ok($crate::variant::Options::read(
                    text,
                    $name,
                    <$variant>::OPTIONS,
                )?)
            }
        }

        impl core::str::FromStr for $variant {
            type Err = $error;

            fn from_str(s: &str) -> Result<$variant, $error> {
                <$variant>::from_options(&<$variant>::read_options(s)?)
            }
        }

        impl Default for $variant {
            /// The first of the standard variants.
            fn default() -> $variant {
                <$variant>::STANDARD[0]
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    const KALAH: &[OptionInfo] = &[
        OptionInfo::count("pits", "1 to 10", 6, "pits per side"),
        OptionInfo::count("seeds", "at least 1", 4, "seeds per pit"),
        OptionInfo::flag("empty-capture", "K4b"),
        OptionInfo::flag("mover-empty", "K5b"),
    ];

    #[test]
    fn words_in_any_order_each_flag_once() {
        let o = Options::read(" mover-empty seeds=3  pits=4 mover-empty ", "kalah", KALAH).unwrap();
        assert_eq!((o.pits, o.seeds), (Some(4), Some(3)));
        assert_eq!(o.flags(), ["mover-empty"]);
        assert!(!o.has("empty-capture"));
        assert!(Options::read("", "kalah", KALAH).unwrap().is_empty());
    }

    #[test]
    fn bad_words_are_named() {
        let e = Options::read("seeds=256", "kalah", KALAH).unwrap_err();
        assert_eq!(
            e.to_string(),
            "seeds: \"256\" is not a whole number up to 255"
        );
        let e = Options::read("holes=4", "kalah", KALAH).unwrap_err();
        assert_eq!(
            e.to_string(),
            "kalah has no option holes=4 (its options: pits=N, seeds=S, empty-capture, mover-empty)"
        );
        let e = Options::read("clockwise", "urim", &[]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "urim has no option clockwise (its options: none)"
        );
        // A long word is cut in the error, never a panic.
        let long = "é".repeat(40);
        let e = Options::read(&long, "urim", &[]).unwrap_err();
        assert!(e.to_string().starts_with("urim has no option éé"), "{e}");
    }
}
