//! Every game and variant of the workspace as plain data, read from and written to the
//! text the examples and the game files use.
//!
//! The text is the game's name, then its options, in any order, separated by spaces:
//!
//! | game | options (defaults first) |
//! | --- | --- |
//! | `urim` | `pits=6\|7`, `seeds=3\|4` |
//! | `omweso` | `two-captures-first`; `north-first` or `by-lot` (rule 1) |
//! | `rio-kadalis` | `pits=6\|5`, `clockwise` |
//! | `oware` | `seeds=4\|3` |
//! | `kalah` | `pits=6` (1 to 10), `seeds=4`, `empty-capture` (K4b), `mover-empty` (K5b) |
//!
//! A variant prints with its board's sizes always written and its options when they are
//! on (`urim pits=6 seeds=3`, `kalah pits=6 seeds=4 empty-capture`), and reads back as
//! the same variant.
//!
//! ```
//! use mancala_runtime::{GameKind, Variant};
//! let v: Variant = "urim pits=7".parse()?;
//! assert_eq!(v.kind(), GameKind::Urim);
//! assert_eq!(v.to_string(), "urim pits=7 seeds=3");
//! assert_eq!(v.to_string().parse::<Variant>()?, v);
//! let err = "urim pits=8".parse::<Variant>().unwrap_err();
//! assert_eq!(err.to_string(), "pits: urim is played on rows of 6 or 7 pits, not 8");
//! # Ok::<(), mancala_runtime::Error>(())
//! ```

use core::fmt;
use core::str::FromStr;

use mancala_core::Player;

use crate::Error;

/// The five games, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum GameKind {
    /// Urim (Cape Verde).
    Urim,
    /// Omweso (Uganda).
    Omweso,
    /// Rio Kadalis (Somalia).
    RioKadalis,
    /// Oware (abapa).
    Oware,
    /// Kalah (OpenSpiel's `mancala`).
    Kalah,
}

impl GameKind {
    /// Every game, in the order the documentation lists them.
    pub const ALL: [GameKind; 5] = [
        GameKind::Urim,
        GameKind::Omweso,
        GameKind::RioKadalis,
        GameKind::Oware,
        GameKind::Kalah,
    ];

    /// The name as typed: `urim`, `omweso`, `rio-kadalis`, `oware`, `kalah`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Urim => "urim",
            GameKind::Omweso => "omweso",
            GameKind::RioKadalis => "rio-kadalis",
            GameKind::Oware => "oware",
            GameKind::Kalah => "kalah",
        }
    }

    /// The game's name for people: `Urim`, `Omweso`, `Rio Kadalis`, `Oware`, `Kalah`.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Urim => "Urim",
            GameKind::Omweso => "Omweso",
            GameKind::RioKadalis => "Rio Kadalis",
            GameKind::Oware => "Oware",
            GameKind::Kalah => "Kalah",
        }
    }

    /// The names of every game, comma separated, for messages and help texts.
    #[must_use]
    pub const fn names() -> &'static str {
        "urim, omweso, rio-kadalis, oware, kalah"
    }

    /// Whether the rules score whole matches (Urim rule 8, Omweso rule 9, Rio Kadalis
    /// rule 5): [`crate::AnyMatch`] plays them.
    #[must_use]
    pub const fn has_matches(self) -> bool {
        matches!(
            self,
            GameKind::Urim | GameKind::Omweso | GameKind::RioKadalis
        )
    }

    /// The game's standard variant.
    #[must_use]
    pub const fn standard(self) -> Variant {
        match self {
            GameKind::Urim => Variant::Urim { pits: 6, seeds: 3 },
            GameKind::Omweso => Variant::Omweso {
                two_captures_first: false,
                first: First::South,
            },
            GameKind::RioKadalis => Variant::RioKadalis {
                pits: 6,
                clockwise: false,
            },
            GameKind::Oware => Variant::Oware { seeds: 4 },
            GameKind::Kalah => Variant::Kalah {
                pits: 6,
                seeds: 4,
                empty_capture: false,
                mover_empty: false,
            },
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = Error;

    fn from_str(s: &str) -> Result<GameKind, Error> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| {
                Error::Variant(format!(
                    "unknown game {s:?}; the games are {}",
                    GameKind::names()
                ))
            })
    }
}

/// Who makes the first move of an Omweso game (rule 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum First {
    /// South (the default).
    #[default]
    South,
    /// North (`north-first`).
    North,
    /// Drawn by lot (`by-lot`, rule 1).
    ByLot,
}

/// A game and its variant: everything that sets up its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Variant {
    /// Urim on rows of `pits` (6 or 7) pits with `seeds` (3 or 4) seeds in each.
    Urim {
        /// Pits per row: 6 or 7.
        pits: u8,
        /// Seeds per pit at the start: 3 or 4.
        seeds: u8,
    },
    /// Omweso (its board is fixed).
    Omweso {
        /// The optional ending of rule 7: 2 points for capturing in two turns while the
        /// opponent has captured in none.
        two_captures_first: bool,
        /// Who makes the first move (rule 1).
        first: First,
    },
    /// Rio Kadalis on rows of `pits` (6 or 5) holes.
    RioKadalis {
        /// Holes per row: 6 or 5.
        pits: u8,
        /// Sown clockwise.
        clockwise: bool,
    },
    /// Oware with `seeds` (4 or 3) seeds in each pit.
    Oware {
        /// Seeds per pit at the start: 4 or 3.
        seeds: u8,
    },
    /// Kalah with `pits` pits a side and `seeds` seeds in each, and the options of
    /// docs/kalah.md.
    Kalah {
        /// Pits per side: 1 to 10.
        pits: u8,
        /// Seeds per pit at the start.
        seeds: u8,
        /// K4b: a last seed in an empty pit of one's own captures even when the pit
        /// opposite is empty.
        empty_capture: bool,
        /// K5b: the game ends when the player to move has no seeds.
        mover_empty: bool,
    },
}

/// A variant's options as typed, before they are checked against the game: the
/// command lines' `--pits`, `--seeds` and flags, or the words after a game's name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// `pits=N` (`--pits N`).
    pub pits: Option<u8>,
    /// `seeds=S` (`--seeds S`).
    pub seeds: Option<u8>,
    /// The options that are on, by name (`clockwise`, `two-captures-first`,
    /// `north-first`, `by-lot`, `empty-capture`, `mover-empty`).
    pub flags: Vec<String>,
}

/// Every option word of every game, for help texts: the flags of [`Options`].
pub const FLAGS: [&str; 6] = [
    "clockwise",
    "two-captures-first",
    "north-first",
    "by-lot",
    "empty-capture",
    "mover-empty",
];

impl Options {
    /// Whether no option is given.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.pits.is_none() && self.seeds.is_none() && self.flags.is_empty()
    }

    /// Whether the flag `name` is on.
    #[must_use]
    pub fn has(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// The options of a text such as `pits=7 seeds=4 clockwise`.
    ///
    /// # Errors
    /// [`Error::Variant`] for a word that is no option, or a count that is no number.
    pub fn parse(words: &str) -> Result<Options, Error> {
        let mut o = Options::default();
        for word in words.split_whitespace() {
            let count = |value: &str, key: &str| {
                value.parse::<u8>().map_err(|_| {
                    Error::Variant(format!("{key}: {value:?} is not a whole number up to 255"))
                })
            };
            if let Some(v) = word.strip_prefix("pits=") {
                o.pits = Some(count(v, "pits")?);
            } else if let Some(v) = word.strip_prefix("seeds=") {
                o.seeds = Some(count(v, "seeds")?);
            } else if FLAGS.contains(&word) {
                if !o.has(word) {
                    o.flags.push(word.to_string());
                }
            } else {
                return Err(Error::Variant(format!(
                    "{word:?} is not a variant option (pits=N, seeds=S, {})",
                    FLAGS.join(", ")
                )));
            }
        }
        Ok(o)
    }

    /// Refuses every flag that is not in `known` for `game`.
    fn check_flags(&self, game: GameKind, known: &[&str]) -> Result<(), Error> {
        match self.flags.iter().find(|f| !known.contains(&f.as_str())) {
            Some(f) => Err(Error::Variant(format!("{game} has no option {f}"))),
            None => Ok(()),
        }
    }
}

impl Variant {
    /// The variant of `game` with `options`, the defaults filling in what they leave
    /// out.
    ///
    /// # Errors
    /// [`Error::Variant`] naming the option that the game does not have or the value it
    /// does not take.
    pub fn new(game: GameKind, options: &Options) -> Result<Variant, Error> {
        let bad = |m: String| Err(Error::Variant(m));
        match game {
            GameKind::Urim => {
                options.check_flags(game, &[])?;
                let pits = options.pits.unwrap_or(6);
                if pits != 6 && pits != 7 {
                    return bad(format!(
                        "pits: urim is played on rows of 6 or 7 pits, not {pits}"
                    ));
                }
                let seeds = options.seeds.unwrap_or(3);
                if seeds != 3 && seeds != 4 {
                    return bad(format!(
                        "seeds: urim is played with 3 or 4 seeds per pit, not {seeds}"
                    ));
                }
                Ok(Variant::Urim { pits, seeds })
            }
            GameKind::Omweso => {
                options.check_flags(game, &["two-captures-first", "north-first", "by-lot"])?;
                if options.pits.is_some() || options.seeds.is_some() {
                    return bad("omweso has no pits or seeds options: its board is fixed".into());
                }
                let first = match (options.has("north-first"), options.has("by-lot")) {
                    (true, true) => return bad("choose north-first or by-lot, not both".into()),
                    (true, false) => First::North,
                    (false, true) => First::ByLot,
                    (false, false) => First::South,
                };
                Ok(Variant::Omweso {
                    two_captures_first: options.has("two-captures-first"),
                    first,
                })
            }
            GameKind::RioKadalis => {
                options.check_flags(game, &["clockwise"])?;
                if options.seeds.is_some() {
                    return bad(
                        "rio-kadalis has no seeds option: every hole starts with 4 stones".into(),
                    );
                }
                let pits = options.pits.unwrap_or(6);
                if pits != 5 && pits != 6 {
                    return bad(format!(
                        "pits: rio-kadalis has 5 or 6 holes per row, not {pits}"
                    ));
                }
                Ok(Variant::RioKadalis {
                    pits,
                    clockwise: options.has("clockwise"),
                })
            }
            GameKind::Oware => {
                options.check_flags(game, &[])?;
                if options.pits.is_some_and(|p| p != 6) {
                    return bad("pits: oware is played on rows of 6 pits".into());
                }
                let seeds = options.seeds.unwrap_or(4);
                if seeds != 4 && seeds != 3 {
                    return bad(format!(
                        "seeds: oware is played with 4 or 3 seeds per pit, not {seeds}"
                    ));
                }
                Ok(Variant::Oware { seeds })
            }
            GameKind::Kalah => {
                options.check_flags(game, &["empty-capture", "mover-empty"])?;
                let v = Variant::Kalah {
                    pits: options.pits.unwrap_or(6),
                    seeds: options.seeds.unwrap_or(4),
                    empty_capture: options.has("empty-capture"),
                    mover_empty: options.has("mover-empty"),
                };
                // The crate's own check of the board's size and seed total.
                kalah::Kalah::start_with(v.kalah_rules(), v.seeds_per_pit(), Player::South)
                    .map_err(|e| Error::Variant(format!("pits, seeds: {e}")))?;
                Ok(v)
            }
        }
    }

    /// The game.
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        match self {
            Variant::Urim { .. } => GameKind::Urim,
            Variant::Omweso { .. } => GameKind::Omweso,
            Variant::RioKadalis { .. } => GameKind::RioKadalis,
            Variant::Oware { .. } => GameKind::Oware,
            Variant::Kalah { .. } => GameKind::Kalah,
        }
    }

    /// The options that give this variant back with [`Variant::new`].
    #[must_use]
    pub fn options(&self) -> Options {
        let mut o = Options::default();
        let mut flag = |on: bool, name: &str| {
            if on {
                o.flags.push(name.to_string());
            }
        };
        match *self {
            Variant::Urim { .. } | Variant::Oware { .. } => {}
            Variant::Omweso {
                two_captures_first,
                first,
            } => {
                flag(two_captures_first, "two-captures-first");
                flag(first == First::North, "north-first");
                flag(first == First::ByLot, "by-lot");
            }
            Variant::RioKadalis { clockwise, .. } => flag(clockwise, "clockwise"),
            Variant::Kalah {
                empty_capture,
                mover_empty,
                ..
            } => {
                flag(empty_capture, "empty-capture");
                flag(mover_empty, "mover-empty");
            }
        }
        match *self {
            Variant::Urim { pits, seeds } | Variant::Kalah { pits, seeds, .. } => {
                o.pits = Some(pits);
                o.seeds = Some(seeds);
            }
            Variant::RioKadalis { pits, .. } => o.pits = Some(pits),
            Variant::Oware { seeds } => o.seeds = Some(seeds),
            Variant::Omweso { .. } => {}
        }
        o
    }

    /// Pits per row of one player (Omweso: 8, in each of its two rows).
    #[must_use]
    pub const fn pits(&self) -> u8 {
        match *self {
            Variant::Urim { pits, .. }
            | Variant::RioKadalis { pits, .. }
            | Variant::Kalah { pits, .. } => pits,
            Variant::Omweso { .. } => 8,
            Variant::Oware { .. } => 6,
        }
    }

    /// Seeds per pit at the start (Omweso: 0, its start is laid out by rule 2; Rio
    /// Kadalis: 4).
    #[must_use]
    pub const fn seeds_per_pit(&self) -> u8 {
        match *self {
            Variant::Urim { seeds, .. }
            | Variant::Oware { seeds }
            | Variant::Kalah { seeds, .. } => seeds,
            Variant::RioKadalis { .. } => 4,
            Variant::Omweso { .. } => 0,
        }
    }

    /// Kalah's rules of this variant (the default rules for the other games, which do
    /// not read them).
    #[must_use]
    pub const fn kalah_rules(&self) -> kalah::Rules {
        match *self {
            Variant::Kalah {
                pits,
                empty_capture,
                mover_empty,
                ..
            } => kalah::Rules {
                pits,
                empty_capture,
                ending: if mover_empty {
                    kalah::Ending::MoverEmpty
                } else {
                    kalah::Ending::AnySideEmpty
                },
            },
            _ => kalah::Rules::with_pits(6),
        }
    }

    /// Omweso's rules of this variant (the default rules for the other games).
    #[must_use]
    pub const fn omweso_rules(&self) -> omweso::Rules {
        match *self {
            Variant::Omweso {
                two_captures_first, ..
            } => omweso::Rules { two_captures_first },
            _ => omweso::Rules {
                two_captures_first: false,
            },
        }
    }

    /// The first player of the standard start; Omweso's `by-lot` draws with `lot`
    /// (any number: its lowest bit after mixing decides).
    #[must_use]
    pub fn first_player(&self, lot: u64) -> Player {
        match *self {
            Variant::Omweso { first, .. } => match first {
                First::South => Player::South,
                First::North => Player::North,
                First::ByLot => crate::draw_lot(lot),
            },
            _ => Player::South,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind().name())?;
        let o = self.options();
        if let Some(p) = o.pits {
            write!(f, " pits={p}")?;
        }
        if let Some(s) = o.seeds {
            write!(f, " seeds={s}")?;
        }
        for flag in &o.flags {
            write!(f, " {flag}")?;
        }
        Ok(())
    }
}

impl FromStr for Variant {
    type Err = Error;

    /// Reads `<game> [options]`: see the module.
    fn from_str(s: &str) -> Result<Variant, Error> {
        let s = s.trim();
        let (name, rest) = s.split_once(char::is_whitespace).unwrap_or((s, ""));
        if name.is_empty() {
            return Err(Error::Variant(format!(
                "no game given; the games are {}",
                GameKind::names()
            )));
        }
        Variant::new(name.parse()?, &Options::parse(rest)?)
    }
}

impl Default for Variant {
    /// Urim on 2×6 with 3 seeds, the examples' default game.
    fn default() -> Variant {
        GameKind::Urim.standard()
    }
}
