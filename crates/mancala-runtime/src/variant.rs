//! Every game and variant of the workspace, read from and written to the text the
//! examples and the game files use: the game's name, then the words of its variant,
//! which each game crate reads and writes (`urim::Variant`, `omweso::Variant`, …), in
//! any order, separated by spaces:
//!
//! | game | options (defaults first) |
//! | --- | --- |
//! | `urim` | `pits=6\|7`, `seeds=3\|4` |
//! | `omweso` | `two-captures-first`; `north-first` or `by-lot` (rule 1) |
//! | `rio-kadalis` | `pits=6\|5`, `clockwise` |
//! | `oware` | `seeds=4\|3` |
//! | `kalah` | `pits=6` (1 to 10), `seeds=4`, `empty-capture` (K4b), `mover-empty` (K5b) |
//!
//! A [`Variant`] holds the game crate's own variant, which only a valid one can be: a
//! variant prints with its board's sizes always written and its options when they are
//! on (`urim pits=6 seeds=3`, `kalah pits=6 seeds=4 empty-capture`), and reads back as
//! the same variant. [`Variant::standard_variants`] lists the standard variants of every game,
//! from the game crates' lists; [`GameKind::options`] each game's options.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
//! use mancala::runtime::{GameKind, Variant};
//! let v: Variant = "urim pits=7".parse()?;
//! assert_eq!(v.kind(), GameKind::Urim);
//! assert_eq!(v.to_string(), "urim pits=7 seeds=3");
//! assert_eq!(v.to_string().parse::<Variant>()?, v);
//! let err = "urim pits=8".parse::<Variant>().unwrap_err();
//! assert_eq!(err.to_string(), "pits: urim is played on rows of 6 or 7 pits, not 8");
//! assert_eq!(Variant::standard_variants().len(), 18);
//! # Ok::<(), mancala::runtime::Error>(())
//! ```

use core::fmt;
use core::str::FromStr;

use mancala_core::Player;
use mancala_core::variant::{OptionInfo, Options};

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

    /// The names of `games`, comma separated, for messages and help texts
    /// (`urim, omweso, rio-kadalis, oware, kalah` for [`GameKind::ALL`]).
    #[must_use]
    pub fn names(games: &[GameKind]) -> String {
        let names: Vec<&str> = games.iter().map(|g| g.name()).collect();
        names.join(", ")
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

    /// The most game points one game can score: Urim 2 (rule 7), Omweso 12 (a grand
    /// slam, rule 7), 1 in the others (a won round or game).
    #[must_use]
    pub const fn most_points(self) -> u8 {
        match self {
            GameKind::Urim => 2,
            GameKind::Omweso => 12,
            _ => 1,
        }
    }

    /// The options of the game's variant text, from its crate (`urim::Variant::OPTIONS`,
    /// …), for help texts.
    #[must_use]
    pub const fn options(self) -> &'static [OptionInfo] {
        match self {
            GameKind::Urim => urim::Variant::OPTIONS,
            GameKind::Omweso => omweso::Variant::OPTIONS,
            GameKind::RioKadalis => rio_kadalis::Variant::OPTIONS,
            GameKind::Oware => oware::Variant::OPTIONS,
            GameKind::Kalah => kalah::Variant::OPTIONS,
        }
    }

    /// The game's standard variant.
    #[must_use]
    pub const fn standard(self) -> Variant {
        match self {
            GameKind::Urim => Variant::Urim(urim::Variant::STANDARD[0]),
            GameKind::Omweso => Variant::Omweso(omweso::Variant::STANDARD[0]),
            GameKind::RioKadalis => Variant::RioKadalis(rio_kadalis::Variant::STANDARD[0]),
            GameKind::Oware => Variant::Oware(oware::Variant::STANDARD[0]),
            GameKind::Kalah => Variant::Kalah(kalah::Variant::STANDARD[0]),
        }
    }

    /// The game's standard variants, the standard one first, from its crate's list.
    #[must_use]
    pub fn standard_variants(self) -> Vec<Variant> {
        match self {
            GameKind::Urim => urim::Variant::STANDARD.map(Variant::Urim).to_vec(),
            GameKind::Omweso => omweso::Variant::STANDARD.map(Variant::Omweso).to_vec(),
            GameKind::RioKadalis => rio_kadalis::Variant::STANDARD
                .map(Variant::RioKadalis)
                .to_vec(),
            GameKind::Oware => oware::Variant::STANDARD.map(Variant::Oware).to_vec(),
            GameKind::Kalah => kalah::Variant::STANDARD.map(Variant::Kalah).to_vec(),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = VariantError;

    fn from_str(s: &str) -> Result<GameKind, VariantError> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| VariantError::UnknownGame(s.to_string()))
    }
}

pub use omweso::First;

/// A game and its variant: everything that sets up its start. Each game's variant is
/// its crate's own type, which holds only what the rules allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Variant {
    /// Urim: rows of 6 or 7 pits, 3 or 4 seeds in each.
    Urim(urim::Variant),
    /// Omweso: its rule options and who moves first (its board is fixed).
    Omweso(omweso::Variant),
    /// Rio Kadalis: rows of 6 or 5 holes, sown either way.
    RioKadalis(rio_kadalis::Variant),
    /// Oware: 4 or 3 seeds in each pit.
    Oware(oware::Variant),
    /// Kalah: its rules (pits a side, the options of docs/kalah.md) and seeds a pit.
    Kalah(kalah::Variant),
}

/// Why a variant cannot be made: the game's own reason, or a name or an option that
/// does not go with it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VariantError {
    /// No game named.
    NoGame,
    /// A name that is no game of the workspace.
    UnknownGame(String),
    /// Urim's reason.
    Urim(urim::VariantError),
    /// Omweso's reason.
    Omweso(omweso::VariantError),
    /// Rio Kadalis's reason.
    RioKadalis(rio_kadalis::VariantError),
    /// Oware's reason.
    Oware(oware::VariantError),
    /// Kalah's reason.
    Kalah(kalah::VariantError),
    /// `pits=` given with a position whose rows are of another length.
    PitsDisagree {
        /// The pits given.
        given: u8,
        /// The pits of the position's rows.
        found: u8,
    },
    /// `seeds=` given with a position that holds another number.
    SeedsDisagree {
        /// The seeds given.
        given: u8,
        /// The seeds per pit the position holds.
        found: u8,
    },
    /// `north-first` or `by-lot` given with a position, which gives the player to
    /// move.
    FirstWithPosition,
    /// Oware's `seeds=` given with a position, which gives the seeds.
    SeedsWithPosition,
    /// Kalah's options given with a position, whose notation gives them.
    OptionsWithPosition,
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let games = || GameKind::names(&GameKind::ALL);
        match self {
            VariantError::NoGame => write!(f, "no game given; the games are {}", games()),
            VariantError::UnknownGame(name) => {
                write!(f, "unknown game {name:?}; the games are {}", games())
            }
            VariantError::Urim(e) => e.fmt(f),
            VariantError::Omweso(e) => e.fmt(f),
            VariantError::RioKadalis(e) => e.fmt(f),
            VariantError::Oware(e) => e.fmt(f),
            VariantError::Kalah(e) => e.fmt(f),
            VariantError::PitsDisagree { given, found } => write!(
                f,
                "pits={given} disagrees with the position, whose rows have {found} pits"
            ),
            VariantError::SeedsDisagree { given, found } => write!(
                f,
                "seeds={given} disagrees with the position, which holds {found} seeds per pit"
            ),
            VariantError::FirstWithPosition => {
                f.write_str("the position gives the player to move: drop north-first and by-lot")
            }
            VariantError::SeedsWithPosition => {
                f.write_str("seeds does not apply with a position: the position gives the seeds")
            }
            VariantError::OptionsWithPosition => f.write_str(
                "pits, seeds and the options do not apply with a position: the notation gives them",
            ),
        }
    }
}

impl std::error::Error for VariantError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            VariantError::Urim(e) => Some(e),
            VariantError::Omweso(e) => Some(e),
            VariantError::RioKadalis(e) => Some(e),
            VariantError::Oware(e) => Some(e),
            VariantError::Kalah(e) => Some(e),
            _ => None,
        }
    }
}

/// Each game's reason goes into its [`VariantError`].
macro_rules! variant_errors {
    ($($game:ident: $error:ty),* $(,)?) => {
        $(impl From<$error> for VariantError {
            fn from(e: $error) -> VariantError {
                VariantError::$game(e)
            }
        })*
    };
}
variant_errors! {
    Urim: urim::VariantError,
    Omweso: omweso::VariantError,
    RioKadalis: rio_kadalis::VariantError,
    Oware: oware::VariantError,
    Kalah: kalah::VariantError,
}

impl Variant {
    /// The variant of `game` with the options of the text `options` (`pits=7 seeds=4`,
    /// `clockwise`: the words after the game's name), the defaults filling in what they
    /// leave out.
    ///
    /// # Errors
    /// [`VariantError`] naming the option that the game does not have or the value it
    /// does not take.
    pub fn with_options(game: GameKind, options: &str) -> Result<Variant, VariantError> {
        Ok(match game {
            GameKind::Urim => Variant::Urim(options.parse()?),
            GameKind::Omweso => Variant::Omweso(options.parse()?),
            GameKind::RioKadalis => Variant::RioKadalis(options.parse()?),
            GameKind::Oware => Variant::Oware(options.parse()?),
            GameKind::Kalah => Variant::Kalah(options.parse()?),
        })
    }

    /// The options of `text` as `game` reads them, before their values are checked:
    /// what a position given with options must agree with.
    pub(crate) fn read_options(game: GameKind, text: &str) -> Result<Options, VariantError> {
        Ok(match game {
            GameKind::Urim => urim::Variant::read_options(text)?,
            GameKind::Omweso => omweso::Variant::read_options(text)?,
            GameKind::RioKadalis => rio_kadalis::Variant::read_options(text)?,
            GameKind::Oware => oware::Variant::read_options(text)?,
            GameKind::Kalah => kalah::Variant::read_options(text)?,
        })
    }

    /// The standard variants of every game, from the game crates' lists, in the order
    /// of [`GameKind::ALL`]: what a menu of games offers.
    #[must_use]
    pub fn standard_variants() -> Vec<Variant> {
        GameKind::ALL
            .into_iter()
            .flat_map(GameKind::standard_variants)
            .collect()
    }

    /// The game.
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        match self {
            Variant::Urim(_) => GameKind::Urim,
            Variant::Omweso(_) => GameKind::Omweso,
            Variant::RioKadalis(_) => GameKind::RioKadalis,
            Variant::Oware(_) => GameKind::Oware,
            Variant::Kalah(_) => GameKind::Kalah,
        }
    }

    /// Pits per row of one player (Omweso: 8, in each of its two rows; Oware: 6).
    #[must_use]
    pub const fn pits(&self) -> u8 {
        match self {
            Variant::Urim(v) => v.pits(),
            Variant::RioKadalis(v) => v.pits(),
            Variant::Kalah(v) => v.rules().pits,
            Variant::Omweso(_) => 8,
            Variant::Oware(_) => 6,
        }
    }

    /// Seeds per pit at the start (Omweso: 0, its start is laid out by rule 2; Rio
    /// Kadalis: 4).
    #[must_use]
    pub const fn seeds_per_pit(&self) -> u8 {
        match self {
            Variant::Urim(v) => v.seeds(),
            Variant::Oware(v) => v.seeds(),
            Variant::Kalah(v) => v.seeds(),
            Variant::RioKadalis(_) => 4,
            Variant::Omweso(_) => 0,
        }
    }

    /// The variant as the examples' command lines take it: the game's name, then each
    /// option that is not its default, as a flag (`urim --pits 7`, `kalah --seeds 3
    /// --empty-capture`, `oware`).
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
    /// use mancala::runtime::Variant;
    /// let v: Variant = "kalah pits=6 seeds=3 empty-capture".parse()?;
    /// assert_eq!(v.flags(), "kalah --seeds 3 --empty-capture");
    /// assert_eq!("urim".parse::<Variant>()?.flags(), "urim");
    /// # Ok::<(), mancala::runtime::Error>(())
    /// ```
    #[must_use]
    pub fn flags(&self) -> String {
        let text = self.to_string();
        let mut out = vec![self.kind().name().to_string()];
        for word in text.split_whitespace().skip(1) {
            match word.split_once('=') {
                Some((name, value)) => {
                    let default = self.kind().options().iter().find(|o| o.name == name);
                    if default.is_none_or(|o| o.default.to_string() != value) {
                        out.push(format!("--{name} {value}"));
                    }
                }
                None => out.push(format!("--{word}")),
            }
        }
        out.join(" ")
    }

    /// The first player of the standard start; Omweso's `by-lot` draws with `lot`
    /// ([`draw_lot`]).
    #[must_use]
    pub fn first_player(&self, lot: u64) -> Player {
        match self {
            Variant::Omweso(v) => match v.first() {
                First::North => Player::North,
                First::ByLot => draw_lot(lot),
                _ => Player::South,
            },
            _ => Player::South,
        }
    }
}

impl fmt::Display for Variant {
    /// The game's name, then its crate's words (`urim pits=6 seeds=3`, `omweso`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = match self {
            Variant::Urim(v) => v.to_string(),
            Variant::Omweso(v) => v.to_string(),
            Variant::RioKadalis(v) => v.to_string(),
            Variant::Oware(v) => v.to_string(),
            Variant::Kalah(v) => v.to_string(),
        };
        f.write_str(self.kind().name())?;
        if !words.is_empty() {
            write!(f, " {words}")?;
        }
        Ok(())
    }
}

impl FromStr for Variant {
    type Err = VariantError;

    /// Reads `<game> [options]`: see the module.
    fn from_str(s: &str) -> Result<Variant, VariantError> {
        let s = s.trim();
        let (name, rest) = s.split_once(char::is_whitespace).unwrap_or((s, ""));
        if name.is_empty() {
            return Err(VariantError::NoGame);
        }
        Variant::with_options(name.parse()?, rest)
    }
}

impl Default for Variant {
    /// Urim on 2×6 with 3 seeds, the examples' default game.
    fn default() -> Variant {
        GameKind::Urim.standard()
    }
}

/// A player drawn by lot from `lot` (any number): the lowest bit of the first output
/// of the workspace's generator seeded with it ([`mancala_core::rng::SplitMix64`]).
#[must_use]
pub fn draw_lot(lot: u64) -> Player {
    if mancala_core::rng::SplitMix64::new(lot).next_u64() & 1 == 0 {
        Player::South
    } else {
        Player::North
    }
}

/// A number from the clock, for lots: 0 where there is no clock
/// (WebAssembly without a host, whose `SystemTime` panics).
pub(crate) fn clock_lot() -> u64 {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u64::from(d.subsec_nanos()) >> 10)
    }
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        0
    }
}
