//! The command-line options the examples share, read by `clap` (derive): the game, its
//! variant options and `--from`, and engine specs checked before anything is printed.
//! The words come from the library (`mancala::runtime`), so the help texts list what
//! the library accepts.

use clap::Args;
use mancala::runtime::engine::SPEC_HELP;
use mancala::runtime::{AnyGame, Engine, Error, GameKind, Options, Variant};

/// `clap`'s value parser for a game's name.
pub fn game_name(text: &str) -> Result<GameKind, String> {
    text.parse::<GameKind>().map_err(|e| e.to_string())
}

/// The engines an `--engine` option takes.
pub const ENGINES: &str = SPEC_HELP;

/// The variant options and `--from`: every game's, each game refusing those that are
/// not its own.
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Game options (each game refuses those that are not its own)")]
pub struct VariantArgs {
    /// Pits per row: urim 6 or 7, rio-kadalis 5 or 6, kalah 1 to 10 (default 6)
    #[arg(long, value_name = "N")]
    pub pits: Option<u8>,
    /// Seeds per pit at the start: urim 3 (default) or 4, oware 4 (default) or 3, kalah
    /// (default 4)
    #[arg(long, value_name = "S")]
    pub seeds: Option<u8>,
    /// rio-kadalis: sow clockwise
    #[arg(long)]
    pub clockwise: bool,
    /// omweso: the optional ending of rule 7 (2 points for capturing in two turns while
    /// the opponent has captured in none)
    #[arg(long)]
    pub two_captures_first: bool,
    /// omweso: North makes the first move (South by default)
    #[arg(long)]
    pub north_first: bool,
    /// omweso: the first player is drawn by lot (rule 1)
    #[arg(long)]
    pub by_lot: bool,
    /// kalah: a last seed in an empty pit of one's own captures even when the pit
    /// opposite is empty (rule K4b)
    #[arg(long)]
    pub empty_capture: bool,
    /// kalah: the game ends when the player to move has no seeds (rule K5b)
    #[arg(long)]
    pub mover_empty: bool,
    /// Start from this position, in the game's notation (docs/<game>.md); in Omweso
    /// also a paused turn, as `play` and `replay` print it
    #[arg(long, value_name = "NOTATION", allow_hyphen_values = true)]
    pub from: Option<String>,
}

impl VariantArgs {
    /// The options as the library reads them.
    pub fn options(&self) -> Options {
        let flags = [
            ("clockwise", self.clockwise),
            ("two-captures-first", self.two_captures_first),
            ("north-first", self.north_first),
            ("by-lot", self.by_lot),
            ("empty-capture", self.empty_capture),
            ("mover-empty", self.mover_empty),
        ];
        Options {
            pits: self.pits,
            seeds: self.seeds,
            flags: flags
                .iter()
                .filter(|(_, on)| *on)
                .map(|(name, _)| (*name).to_string())
                .collect(),
        }
    }

    /// Whether any option or `--from` is given.
    pub fn is_set(&self) -> bool {
        !self.options().is_empty() || self.from.is_some()
    }

    /// The variant of `game` these options give.
    pub fn variant(&self, game: GameKind) -> Result<Variant, Error> {
        Variant::new(game, &self.options())
    }

    /// The game they set up: the variant's start, or the position of `--from`.
    pub fn game(&self, game: GameKind) -> Result<AnyGame, Error> {
        match &self.from {
            Some(text) => AnyGame::from_notation(game, text, &self.options())
                .map_err(|e| Error::Position(format!("--from: {e}"))),
            None => AnyGame::new(&self.variant(game)?),
        }
    }
}

/// Refuses a game or game options given beside a game file (`--file`, `--load`),
/// whose tags give the game and its options.
pub fn file_gives_the_game(
    named: Option<GameKind>,
    options: &VariantArgs,
    path: &std::path::Path,
    game: &AnyGame,
) -> Result<(), Error> {
    if named.is_some_and(|g| g != game.kind()) || options.is_set() {
        return Err(Error::GameFile(format!(
            "{} is a game of {}: the file gives the game and its options",
            path.display(),
            game.kind()
        )));
    }
    Ok(())
}

/// Checks an engine spec (`clap`'s value parser for `--engine` and `--opponent`), so
/// that a bad one is refused before anything is printed.
pub fn engine_spec(spec: &str) -> Result<String, String> {
    Engine::check_spec(spec)
        .map(|()| spec.to_string())
        .map_err(|e| e.to_string())
}

/// A count of at least 1 (`clap`'s value parser for `--depth`, `--time-ms`, …): every
/// such option refuses 0 with the same words.
pub fn at_least_one(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{text:?} is not a whole number")),
    }
}
