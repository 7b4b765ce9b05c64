//! The runtime layer of the mancala games: what a program needs to *use* the games,
//! engines and databases when the game is chosen at run time. The examples, the web
//! page and the Python package all drive games through it.
//!
//! - [`Variant`] names any game and variant of the workspace, read from and written to
//!   text (`urim pits=7 seeds=4`, `kalah pits=6 seeds=4 empty-capture`).
//! - [`AnyGame`] is a game of any variant behind one object (an enum over the concrete
//!   records, like shakmaty's `VariantPosition`): legal moves, play and undo, status and
//!   outcome with its reason in words, notation, the board, perft.
//! - [`Engine`] builds any engine of the workspace from its spec (`alphabeta:8`,
//!   `mcts:1000:2t`: [`engine::SPEC_HELP`]) for any variant, with the endgame
//!   databases where they exist ([`db`], feature `db`).
//! - [`AnyMatch`] plays whole matches with the game's own scoring (Urim, Omweso, Rio
//!   Kadalis) through the core's [`mancala_core::series::Series`] trait.
//! - [`tournament`] plays engines against each other (pairs and round robins), writes
//!   every game to a file of its own, and [`elo`] fits their ratings.
//! - [`files`] reads and writes game files with the variant's tags.
//!
//! ```
//! use mancala_runtime::{AnyGame, Engine, Variant};
//! let variant: Variant = "oware".parse()?;
//! let mut game = AnyGame::new(&variant)?;
//! let mut engine = Engine::new("alphabeta:4", &variant, 0, None)?;
//! while !game.is_finished() && game.ply() < 6 {
//!     let report = engine.search(&game)?;
//!     game.play(report.best.expect("a move"))?;
//! }
//! assert_eq!(game.ply(), 6);
//! # Ok::<(), mancala_runtime::Error>(())
//! ```
//!
//! # Feature flags
//! - `db` (default): the endgame databases of `mancala-solve` (memory-mapped files,
//!   rayon threads), for [`db`] and the engines' `db` argument. Without it the crate
//!   builds for targets without files or threads (WebAssembly).

use core::fmt;

use mancala_core::{Player, Status};

#[cfg(feature = "db")]
pub mod db;
pub mod draw;
pub mod elo;
pub mod engine;
pub mod files;
pub mod game;
pub mod matches;
pub mod session;
pub mod tournament;
pub mod variant;

pub use engine::{Engine, Report};
pub use game::{AnyGame, AnyMove, AnyRecord, GameMove, GameRecord, Visitor};
pub use mancala_core::events::{LapKind, PitId, SowEvent};
pub use matches::{AnyMatch, MatchOptions};
pub use session::Session;
pub use variant::{First, GameKind, Options, Variant};

/// What went wrong, in words a front end can show as they are. Each kind is a variant,
/// so that front ends can raise their own classes of error (the Python package does).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A variant or an option that the game does not have, or a bad combination.
    Variant(String),
    /// A position that is not in the game's notation, or not a position of the game.
    Position(String),
    /// A move that cannot be read.
    MoveNotation(String),
    /// A move that the rules refuse here.
    IllegalMove(String),
    /// An engine spec that cannot be read, or an engine of another variant.
    Engine(String),
    /// Databases that cannot be opened or do not fit the game.
    Database(String),
    /// A game file that cannot be read, written or replayed.
    GameFile(String),
    /// A match or tournament that cannot be played as asked.
    Match(String),
    /// Game results that give no ratings.
    Rating(String),
}

impl Error {
    /// The message, without the kind.
    #[must_use]
    pub fn message(&self) -> &str {
        match self {
            Error::Variant(m)
            | Error::Position(m)
            | Error::MoveNotation(m)
            | Error::IllegalMove(m)
            | Error::Engine(m)
            | Error::Database(m)
            | Error::GameFile(m)
            | Error::Match(m)
            | Error::Rating(m) => m,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Error {}

/// `South` or `North`.
#[must_use]
pub const fn side_name(p: Player) -> &'static str {
    match p {
        Player::South => "South",
        Player::North => "North",
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

/// A player drawn by lot from `lot` (SplitMix64's mixing of it: any number serves).
#[must_use]
pub fn draw_lot(lot: u64) -> Player {
    let mut z = lot.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    if (z ^ (z >> 31)) & 1 == 0 {
        Player::South
    } else {
        Player::North
    }
}

/// Who won what, in words: `South wins 2 points`, `North wins 1 point`, `a draw`.
#[must_use]
pub fn describe_result(o: &mancala_core::Outcome) -> String {
    match o.winner {
        Some(w) => format!(
            "{} wins {} point{}",
            side_name(w),
            o.points,
            if o.points == 1 { "" } else { "s" }
        ),
        None => "a draw".to_string(),
    }
}

/// How a game ended, in words: who won what, by which rule, with the totals — e.g.
/// `North wins 2 points by beheading (rule 7): North's captures emptied South's inner
/// row or took its four corner pits`. `to_move` is the player to move at the end.
#[must_use]
pub fn describe_status(game: GameKind, status: Status, to_move: Player) -> String {
    describe(game, status, to_move, None)
}

/// [`describe_status`], naming Omweso's beheading condition when it is known.
pub(crate) fn describe(
    game: GameKind,
    status: Status,
    to_move: Player,
    beheading: Option<omweso::Beheading>,
) -> String {
    let o = match status {
        Status::Ongoing => return "the game goes on".into(),
        Status::Annulled => {
            let rule = match game {
                GameKind::Omweso => " (rule 8)",
                GameKind::RioKadalis => " (rule 3: the round is replayed)",
                _ => "",
            };
            return format!("annulled: an endless move{rule}; no points");
        }
        Status::Over(o) => o,
    };
    let result = describe_result(&o);
    let (mover, other) = (side_name(to_move), side_name(to_move.opponent()));
    let how = match (o.reason.name(), game) {
        ("regular", GameKind::Omweso) => {
            format!("a regular win (rule 7): {mover} has no legal move")
        }
        ("regular", GameKind::RioKadalis) => format!(
            "the end of the round (rule 4): {mover} has no stone to move; each player takes the stones in their row"
        ),
        ("regular", _) => format!("the regular end: {mover} has no legal move"),
        ("starvation", GameKind::Urim) => format!(
            "starvation (rule 5): {mover} has no seeds in their row; {other} takes the seeds left"
        ),
        ("starvation", _) => format!(
            "starvation: {mover} cannot move, or cannot feed {other}; each player takes the seeds in their row"
        ),
        ("side-empty", _) => {
            "an empty side (rule K5): each player adds the seeds on their side".into()
        }
        ("majority", _) => {
            "a majority in store: more than half of the seeds in one store, or half in each".into()
        }
        ("repetition", g) => format!(
            "repetition{}: a position came back since the last capture; each player takes the seeds in their row",
            match g {
                GameKind::Urim | GameKind::RioKadalis => " (rule 6)",
                _ => "",
            }
        ),
        ("beheading", _) => match beheading {
            Some(omweso::Beheading::InnerRow) => {
                format!("beheading (rule 7): {other}'s captures emptied {mover}'s inner row")
            }
            Some(omweso::Beheading::Corners) => {
                format!("beheading (rule 7): {other}'s captures took {mover}'s four corner pits")
            }
            Some(_) => format!(
                "beheading (rule 7): {other}'s captures emptied {mover}'s inner row and took its four corner pits"
            ),
            None => format!(
                "beheading (rule 7): {other}'s captures emptied {mover}'s inner row or took its four corner pits"
            ),
        },
        ("grand-slam", _) => {
            format!("grand slam (rule 7): all of {mover}'s pits are empty")
        }
        ("two-captures-first", _) => format!(
            "two captures first (rule 7): {other} has captured in two turns, {mover} in none"
        ),
        ("forfeit", _) => "forfeit: a move over 3 seconds in blitz play (rule 9)".into(),
        (name, _) => name.to_string(),
    };
    let totals = o
        .totals
        .map(|t| format!("; totals South {} North {}", t.south, t.north))
        .unwrap_or_default();
    format!("{result} by {how}{totals}")
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
