//! Rule options and the plain data a position is made from (rule 1 at a game's start).

use mancala_core::{ByPlayer, Player};

/// The rule options that are not part of a position's notation.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
/// use mancala::omweso::Rules;
/// assert!(!Rules::default().two_captures_first);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Rule 7, optional ending: a player who has captured in two separate turns while
    /// the opponent has captured in none wins 2 points. Off by default.
    pub two_captures_first: bool,
}

impl Rules {
    /// The default rules (every option off), in `const` code.
    pub const DEFAULT: Rules = Rules {
        two_captures_first: false,
    };

    /// The default rules with the two-captures-first ending switched on.
    #[must_use]
    pub const fn with_two_captures_first() -> Rules {
        Rules {
            two_captures_first: true,
        }
    }
}

/// The plain data of a position between turns: every pit, the player to move, the rule
/// options and the flags of the notation. Not necessarily legal:
/// [`Position::from_setup`](crate::Position::from_setup) validates it, and
/// [`Position::to_setup`](crate::Position::to_setup) reads a position back.
///
/// At a game's start (neither player has played, no capture) rule 1 applies in full:
/// each player has placed exactly 32 seeds, at most [`cap`](Setup::cap) in a pit. Later
/// the 64 seeds may lie anywhere. The pits are listed in letter order, inner `a`–`h`
/// then outer `i`–`p` ("Omweso custom setups").
///
/// A setup prints and parses as the position notation between turns (`Display` and
/// `FromStr`, syntax only; the rule options and the cap are not part of it).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
/// use mancala::omweso::{Omweso, Player, Position, Setup, SetupError};
/// let s: Setup = "0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 S - 0-0"
///     .parse()
///     .unwrap();
/// assert_eq!(s, Setup::standard());
/// assert_eq!(Omweso::from_setup(s), Ok(Omweso::new()));
///
/// // A custom placement (rule 1), North to move first.
/// let mut custom = Setup::standard();
/// custom.pits.north[0] = 11; // a: 11 seeds
/// custom.pits.north[8..11].copy_from_slice(&[0, 0, 1]); // i, j, k: 12 seeds fewer
/// assert_eq!(custom.total(), 64);
/// custom.to_move = Player::North;
/// assert_eq!(Omweso::from_setup(custom).unwrap_err().to_string(),
///            "North's pit a holds 11 seeds, the cap is 10");
/// let p = Omweso::from_setup(custom.with_cap(11)).unwrap();
/// assert_eq!(p.side_to_move(), Player::North);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// Each player's pits in letter order `a`–`p` (inner `a`–`h`, outer `i`–`p`).
    pub pits: ByPlayer<[u8; 16]>,
    /// The player to move.
    pub to_move: Player,
    /// The rule options.
    pub rules: Rules,
    /// The most seeds a pit may hold at a game's start (rule 1; 10 by default, and a pit
    /// may hold exactly the cap). Later positions ignore it.
    pub cap: u8,
    /// Whether each player has played their first turn (flags `s` and `n`).
    pub first_turn_over: ByPlayer<bool>,
    /// Whether a capture has happened in the game (flag `c`).
    pub capture_made: bool,
    /// How many of each player's turns made a capture (the pair `<S>-<N>`).
    pub capture_turns: ByPlayer<u16>,
}

/// The seeds each player places (rule 1).
pub const SEEDS_PER_PLAYER: u32 = 32;

/// The seeds of the game: every position holds all of them (with any in hand).
pub const SEEDS: u32 = 64;

/// The default cap on the seeds of one pit in a custom setup (rule 1).
pub const DEFAULT_CAP: u8 = 10;

impl Setup {
    /// The standard start: 4 seeds in each outer pit, inner rows empty, South to move,
    /// the default rules.
    #[must_use]
    pub const fn standard() -> Setup {
        let row = [0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4];
        Setup::new(row, row)
    }

    /// A game's start from each player's placement (rule 1), South to move, the default
    /// rules and cap (not validated).
    #[must_use]
    pub const fn new(south: [u8; 16], north: [u8; 16]) -> Setup {
        Setup {
            pits: ByPlayer::new(south, north),
            to_move: Player::South,
            rules: Rules {
                two_captures_first: false,
            },
            cap: DEFAULT_CAP,
            first_turn_over: ByPlayer::new(false, false),
            capture_made: false,
            capture_turns: ByPlayer::new(0, 0),
        }
    }

    /// The same setup with another cap.
    #[must_use]
    pub const fn with_cap(mut self, cap: u8) -> Setup {
        self.cap = cap;
        self
    }

    /// Whether this is a game's start: neither player has played and nothing was
    /// captured, so rule 1 applies in full.
    #[must_use]
    pub const fn is_start(&self) -> bool {
        !self.first_turn_over.south && !self.first_turn_over.north && !self.capture_made
    }

    /// The seeds in all pits.
    #[must_use]
    pub fn total(&self) -> u16 {
        self.pits
            .south
            .iter()
            .chain(&self.pits.north)
            .map(|&s| u16::from(s))
            .sum()
    }
}

impl Default for Setup {
    /// The standard start ([`Setup::standard`]).
    fn default() -> Setup {
        Setup::standard()
    }
}

/// Why a setup (or a position in notation) was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// At a game's start, a player did not place exactly 32 seeds (rule 1).
    #[error("{} placed {found} seed{}, exactly 32 are needed", player.name(), mancala_core::notation::plural(u32::from(*found)))]
    PlayerTotal {
        /// The player.
        player: Player,
        /// The seeds placed.
        found: u16,
    },
    /// At a game's start, a pit holds more than the cap (rule 1).
    #[error("{}'s pit {pit} holds {seeds} seeds, the cap is {cap}", player.name())]
    OverCap {
        /// The player.
        player: Player,
        /// The pit's letter.
        pit: char,
        /// The seeds in it.
        seeds: u8,
        /// The cap.
        cap: u8,
    },
    /// After the start, the seeds (with any in hand) do not add up to 64.
    #[error("the seeds add up to {found}; omweso is played with 64")]
    SeedTotal {
        /// The total found.
        found: u16,
    },
    /// Flag `c` is set without a capture count above 0, or the other way round.
    #[error("flag 'c' must be set exactly when a capture count is above 0")]
    CaptureFlag,
    /// A player has a capture count but has not played their first turn (no capture on
    /// a first turn, rule 6).
    #[error("{} has a capture count but has not played their first turn", player.name())]
    CaptureOnFirstTurn {
        /// The player.
        player: Player,
    },
    /// The player to move has played their first turn and the other has not: turns
    /// alternate, so the other is to move.
    #[error("turns alternate: the player who has not yet played is to move")]
    TurnOrder,
    /// The paused turn of a position in notation is impossible.
    #[error("impossible paused turn: {reason}")]
    PausedTurn {
        /// What is wrong.
        reason: &'static str,
    },
}
