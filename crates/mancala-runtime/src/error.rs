//! What went wrong, typed: [`Error`] says which kind of thing failed, and its payload
//! keeps the library's own reason (a game's [`mancala_core::IllegalMove`] reason, its position's
//! parse error, an engine's [`SpecError`], the databases' error…), so that a front end
//! can tell a rule from a typo without reading the words. `Display` builds the words,
//! the same in every front end.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
//! use mancala::IllegalMove;
//! use mancala::runtime::{AnyGame, Error, IllegalMoveError, Variant};
//! let mut game = AnyGame::new(&"oware".parse()?);
//! game.play_text("a")?;
//! game.play_text("a")?;
//! // South's pit a is empty now: a rule, with its reason.
//! match game.play_text("a").unwrap_err() {
//!     Error::IllegalMove(IllegalMoveError::Refused { reason, .. }) => {
//!         assert_eq!(reason, IllegalMove::EmptyPit { pit: 'a' });
//!     }
//!     e => panic!("{e}"),
//! }
//! // A typo is another kind.
//! let e = game.play_text("a!").unwrap_err();
//! assert!(matches!(e, Error::MoveNotation(_)));
//! assert_eq!(e.to_string(), "bad move \"a!\": a move is a pit letter (a to f)");
//! # Ok::<(), mancala::runtime::Error>(())
//! ```

use core::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use mancala_search::spec::SpecError;

use crate::moves::{IllegalMoveError, MoveNotationError};
use crate::variant::{GameKind, Variant, VariantError};

/// What went wrong, by kind, with the library's reason; `Display` gives the words a
/// front end shows as they are. Each kind is a variant, so that front ends can raise
/// their own classes of error (the Python package does).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Error {
    /// A variant or an option that the game does not have, or a bad combination.
    Variant(VariantError),
    /// A position that is not in the game's notation, or not a position of the game.
    Position(PositionError),
    /// A move that cannot be read.
    MoveNotation(MoveNotationError),
    /// A move that the rules refuse here.
    IllegalMove(IllegalMoveError),
    /// An engine spec that cannot be read, or an engine that cannot play this game.
    Engine(EngineError),
    /// Databases that cannot be opened or do not fit the game.
    Database(DatabaseError),
    /// A game file that cannot be read, written or replayed.
    GameFile(FileError),
    /// A match or tournament that cannot be played as asked.
    Match(MatchError),
    /// Game results that give no ratings.
    Rating(RatingError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Variant(e) => e.fmt(f),
            Error::Position(e) => e.fmt(f),
            Error::MoveNotation(e) => e.fmt(f),
            Error::IllegalMove(e) => e.fmt(f),
            Error::Engine(e) => e.fmt(f),
            Error::Database(e) => e.fmt(f),
            Error::GameFile(e) => e.fmt(f),
            Error::Match(e) => e.fmt(f),
            Error::Rating(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Variant(e) => Some(e),
            Error::Position(e) => Some(e),
            Error::MoveNotation(e) => Some(e),
            Error::IllegalMove(e) => Some(e),
            Error::Engine(e) => Some(e),
            Error::Database(e) => Some(e),
            Error::GameFile(e) => Some(e),
            Error::Match(e) => Some(e),
            Error::Rating(e) => Some(e),
        }
    }
}

/// Each payload goes into its kind of [`Error`].
macro_rules! into_error {
    ($($kind:ident: $payload:ty),* $(,)?) => {
        $(impl From<$payload> for Error {
            fn from(e: $payload) -> Error {
                Error::$kind(e)
            }
        })*
    };
}
into_error! {
    Variant: VariantError,
    Position: PositionError,
    MoveNotation: MoveNotationError,
    IllegalMove: IllegalMoveError,
    Engine: EngineError,
    Database: DatabaseError,
    GameFile: FileError,
    Match: MatchError,
    Rating: RatingError,
}

impl From<SpecError> for Error {
    fn from(e: SpecError) -> Error {
        Error::Engine(EngineError::Spec(e))
    }
}

/// A position that is not one of the game's: the text and the game's reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The game.
    pub game: GameKind,
    /// The position as given.
    pub text: String,
    /// Why it is not a position of the game.
    pub reason: PositionReason,
}

/// Why a text is not a position of a game: the game crate's parse error, or rows of a
/// length the game is not played on.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionReason {
    /// Urim's.
    Urim(urim::ParsePositionError),
    /// Omweso's.
    Omweso(omweso::ParsePositionError),
    /// Rio Kadalis's.
    RioKadalis(rio_kadalis::ParsePositionError),
    /// Oware's.
    Oware(oware::ParsePositionError),
    /// Kalah's.
    Kalah(kalah::ParsePositionError),
    /// Rows of this length, on which the game is not played (Urim: 6 or 7).
    RowLength(usize),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a position of {}: ", self.text, self.game)?;
        match &self.reason {
            PositionReason::Urim(e) => e.fmt(f),
            PositionReason::Omweso(e) => e.fmt(f),
            PositionReason::RioKadalis(e) => e.fmt(f),
            PositionReason::Oware(e) => e.fmt(f),
            PositionReason::Kalah(e) => e.fmt(f),
            PositionReason::RowLength(n) => {
                write!(f, "{} is played on rows of 6 or 7 pits, not {n}", self.game)
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// An engine spec that cannot be read, or an engine that cannot play as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EngineError {
    /// The spec's own error.
    Spec(SpecError),
    /// A game of another variant than the engine's.
    OtherVariant {
        /// The engine's variant.
        engine: Variant,
        /// The game's.
        game: Variant,
    },
    /// The solver without databases.
    SolverNeedsDatabases,
    /// The solver for a game that has none (only Kalah, a game without cycles, has
    /// one).
    NoSolver(GameKind),
    /// An engine that found no move in a game that goes on.
    NoMove,
    /// A round robin of fewer than two engines.
    TooFewEngines,
    /// An engine listed twice in a round robin.
    ListedTwice(String),
    /// An anchor that is not in the round robin.
    NotListed(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Spec(e) => e.fmt(f),
            EngineError::OtherVariant { engine, game } => {
                write!(f, "this engine plays {engine}, not {game}")
            }
            EngineError::SolverNeedsDatabases => f.write_str(
                "solver: give the endgame databases (--db DIR): it plays the moves their proof search proves",
            ),
            EngineError::NoSolver(game) => write!(
                f,
                "solver: {game} has no proof search whose values hold after any history; only \
                 kalah (a game without cycles) has this engine"
            ),
            EngineError::NoMove => f.write_str("the engine found no move in an ongoing game"),
            EngineError::TooFewEngines => {
                f.write_str("a round robin needs two or more engines, separated by commas")
            }
            EngineError::ListedTwice(spec) => write!(f, "{spec} is listed twice"),
            EngineError::NotListed(spec) => write!(f, "the anchor {spec} is not in the round robin"),
        }
    }
}

impl std::error::Error for EngineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EngineError::Spec(e) => Some(e),
            _ => None,
        }
    }
}

/// Endgame databases that cannot be used.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum DatabaseError {
    /// A game without databases.
    NoDatabases {
        /// The game.
        game: GameKind,
        /// The games that have them.
        games: Vec<GameKind>,
    },
    /// No database of the variant in the folder.
    NoneThere {
        /// The folder.
        dir: PathBuf,
        /// The variant.
        variant: Variant,
    },
    /// A folder of databases that is a file.
    NotAFolder(PathBuf),
    /// The databases' own error (a file damaged or of another game), with the folder.
    #[cfg(feature = "db")]
    Solve {
        /// The folder, where known.
        dir: Option<PathBuf>,
        /// The error.
        error: Arc<mancala_solve::SolveError>,
    },
    /// A build without databases: the feature `db` of this crate (default) is off, or,
    /// through the facade `mancala`, its feature `db` (not default) is.
    NotInBuild {
        /// The folder asked for.
        dir: PathBuf,
    },
    /// Another thread failed while it opened databases.
    Poisoned,
}

impl fmt::Display for DatabaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatabaseError::NoDatabases { game, games } => write!(
                f,
                "{game}: only {} have endgame databases (docs/solving.md)",
                GameKind::names(games)
            ),
            DatabaseError::NoneThere { dir, variant } => write!(
                f,
                "{}: no databases of {variant} there; build them with \
                 `cargo run --release --example solve -- {} --db {}`",
                dir.display(),
                variant.flags(),
                dir.display()
            ),
            DatabaseError::NotAFolder(dir) => {
                write!(f, "{}: a file, not a folder of databases", dir.display())
            }
            #[cfg(feature = "db")]
            DatabaseError::Solve { dir, error } => {
                let error = mancala_solve::report::Refused(error);
                match dir {
                    Some(dir) => write!(f, "{}: {error}", dir.display()),
                    None => error.fmt(f),
                }
            }
            DatabaseError::NotInBuild { dir } => write!(
                f,
                "{}: this build has no endgame databases: they need the feature `db` of \
                 mancala-runtime (of `mancala`: feature `db`, not default there)",
                dir.display()
            ),
            DatabaseError::Poisoned => f.write_str("a thread failed while opening databases"),
        }
    }
}

impl std::error::Error for DatabaseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            #[cfg(feature = "db")]
            DatabaseError::Solve { error, .. } => Some(&**error),
            _ => None,
        }
    }
}

/// A game file that cannot be read, written or replayed.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum FileError {
    /// A file that cannot be read or written.
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The system's error.
        error: Arc<std::io::Error>,
    },
    /// The file's format, or a move the file's game refuses (the core's reader).
    Format(mancala_core::game_file::GameFileError),
    /// A tag the file must have.
    MissingTag(&'static str),
    /// A tag whose value is refused.
    Tag {
        /// The tag.
        tag: &'static str,
        /// Why.
        error: Box<Error>,
    },
    /// A `Result` tag that is not the result the moves reach.
    Result {
        /// The tag's value.
        tag: String,
        /// The result the moves reach.
        found: String,
    },
    /// A cut after more plies than the game has.
    Cut {
        /// The ply asked for.
        ply: usize,
        /// The game's plies.
        plies: usize,
    },
    /// A file without a game.
    NoGame(PathBuf),
    /// An error in a file, or in one game of a file of several.
    In {
        /// The file (`game.mgn`, `games.mgn, game 2`).
        at: String,
        /// The error.
        error: Box<Error>,
    },
    /// A `Variant` tag that names another game than the `Game` tag.
    VariantOfOtherGame {
        /// The `Game` tag's game.
        game: GameKind,
        /// The game the `Variant` tag names.
        named: GameKind,
    },
    /// A folder of game files that is a file.
    NotAFolder(PathBuf),
    /// A file to write whose folder does not exist.
    NoFolder(PathBuf),
    /// A folder for a tournament's game files that holds game files already.
    EarlierGames {
        /// The folder.
        dir: PathBuf,
        /// One of its game files.
        file: PathBuf,
    },
    /// A file of another game than the one named with it.
    OtherGame {
        /// The file.
        path: PathBuf,
        /// Its game.
        game: GameKind,
    },
}

impl FileError {
    /// The error of `error` at `path`.
    pub(crate) fn io(path: &std::path::Path, error: std::io::Error) -> FileError {
        FileError::Io {
            path: path.to_path_buf(),
            error: Arc::new(error),
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            FileError::Format(e) => e.fmt(f),
            FileError::MissingTag(tag) => write!(f, "the tag {tag} is missing"),
            FileError::Tag { tag, error } => write!(f, "the {tag} tag: {error}"),
            FileError::Result { tag, found } => write!(
                f,
                "the {} tag says {tag:?}, the moves reach {found:?}",
                mancala_core::game_file::RESULT
            ),
            FileError::Cut { ply, plies } => write!(f, "ply {ply}: the game has {plies} plies"),
            FileError::NoGame(path) => write!(f, "{}: no game", path.display()),
            FileError::In { at, error } => write!(f, "{at}: {error}"),
            FileError::VariantOfOtherGame { game, named } => write!(
                f,
                "the Variant tag is a variant of {named}, the Game tag says {game}"
            ),
            FileError::NotAFolder(path) => write!(f, "{}: a file, not a folder", path.display()),
            FileError::NoFolder(path) => {
                write!(f, "{}: its folder does not exist", path.display())
            }
            FileError::EarlierGames { dir, file } => write!(
                f,
                "{}: the folder holds game files already ({}, …); give a new or empty \
                 folder, so that the numbers of two tournaments do not mix",
                dir.display(),
                file.display()
            ),
            FileError::OtherGame { path, game } => write!(
                f,
                "{} is a game of {game}: the file gives the game and its options",
                path.display()
            ),
        }
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FileError::Io { error, .. } => Some(&**error),
            FileError::Format(e) => Some(e),
            FileError::Tag { error, .. } | FileError::In { error, .. } => Some(&**error),
            _ => None,
        }
    }
}

/// A match or a tournament that cannot be played as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MatchError {
    /// A game without matches (each game is scored on its own).
    NoMatches(GameKind),
    /// A target for a game other than Urim.
    Target(GameKind),
    /// A mode for a game other than Omweso.
    Mode(GameKind),
    /// A word that is no mode of Omweso.
    ParseMode(omweso::ParseModeError),
    /// A match that was asked to start from a position: matches start from the
    /// standard start.
    NotFromStart,
    /// The rules of Urim's match refuse the request.
    Urim(urim::MatchError),
    /// The rules of Omweso's match refuse the request.
    Omweso(omweso::MatchError),
    /// The rules of Rio Kadalis's serial match refuse the request.
    RioKadalis(rio_kadalis::MatchError),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::NoMatches(game) => {
                write!(
                    f,
                    "{game} has no match type (each game is scored on its own)"
                )
            }
            MatchError::Target(game) => write!(
                f,
                "a target is Urim's (rule 8); {game} has its own end of the match"
            ),
            MatchError::Mode(game) => write!(f, "a mode is Omweso's (rule 9); {game} has no modes"),
            MatchError::ParseMode(e) => e.fmt(f),
            MatchError::NotFromStart => {
                f.write_str("matches start from the standard start: drop the start position")
            }
            MatchError::Urim(e) => e.fmt(f),
            MatchError::Omweso(e) => e.fmt(f),
            MatchError::RioKadalis(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MatchError {}

/// Each game's match error goes into its [`MatchError`].
macro_rules! match_errors {
    ($($game:ident: $error:ty),* $(,)?) => {
        $(impl From<$error> for MatchError {
            fn from(e: $error) -> MatchError {
                MatchError::$game(e)
            }
        })*
    };
}
match_errors! {
    Urim: urim::MatchError,
    Omweso: omweso::MatchError,
    RioKadalis: rio_kadalis::MatchError,
    ParseMode: omweso::ParseModeError,
}

/// Game results that give no ratings ([`crate::elo::fit`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RatingError {
    /// An anchor that is not one of the players.
    Anchor {
        /// The anchor asked for.
        anchor: usize,
        /// The players.
        players: usize,
    },
    /// Players no games connect to the anchor, by index.
    NotConnected(Vec<usize>),
    /// A player won or lost every game, and no prior holds the fit finite.
    Diverged,
}

impl fmt::Display for RatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingError::Anchor { anchor, players } => {
                write!(f, "the anchor {anchor} is not among the {players} players")
            }
            RatingError::NotConnected(lost) => {
                let (who, them) = if lost.len() == 1 {
                    ("player", "it")
                } else {
                    ("players", "them")
                };
                let list: Vec<String> = lost.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "no rating for {who} {}: no games connect {them} to the anchor",
                    list.join(", ")
                )
            }
            RatingError::Diverged => f.write_str(
                "the ratings diverge: a player won or lost every game (add a prior of drawn games)",
            ),
        }
    }
}

impl std::error::Error for RatingError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A user of either crate learns which feature to turn on.
    #[test]
    fn not_in_build_names_both_features() {
        let e = DatabaseError::NotInBuild {
            dir: PathBuf::from("dbs"),
        };
        assert_eq!(
            e.to_string(),
            "dbs: this build has no endgame databases: they need the feature `db` of \
             mancala-runtime (of `mancala`: feature `db`, not default there)"
        );
    }
}
