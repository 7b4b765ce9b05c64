//! Play a game against the engine in the terminal.
//!
//! ```text
//! cargo run --release --example play -- [GAME] [game options] [--from "<notation>"]
//!     [--engine <spec>] [--human S|N] [--auto] [--seed N] [--max-plies N]
//! ```
//!
//! `--help` lists the options.
//!
//! Without arguments: Urim, you play South against `alphabeta:8`; type `help` at the
//! prompt for the commands. `--auto` lets the engine play both sides, `--match` plays a
//! whole match, `--save FILE` writes every game of the session to a game file
//! (docs/game-files.md), `--load FILE` goes on from one. The session (the engine's
//! turns, hints, take-backs, the files) is the library's
//! (`mancala::runtime::versus::Versus`); this example reads and prints.

#[path = "../common/mod.rs"]
mod common;
mod terminal;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use common::cli::{VariantArgs, engines};
use mancala::Player;
use mancala::runtime::versus::Versus;
use mancala::runtime::{Engine, EngineSpec, GameKind, MatchOptions, Session, db, files};

/// Play a game against the engine in the terminal (type `help` at the prompt).
#[derive(Parser, Debug)]
#[command(
    name = "play",
    after_help = concat!(
        "At the prompt: a move in the game's notation (a pit letter; Omweso also `a-`\n",
        "clockwise and `m*` a split), undo, hint, moves, new, help, quit.\n\n",
        "Examples:\n  ",
        "cargo run --release --example play\n  ",
        "cargo run --release --example play -- oware --human N --engine mcts:2000ms\n  ",
        "cargo run --release --example play -- omweso --auto --engine alphabeta:4\n  ",
        "cargo run --release --example play -- urim --match --target 4 --save last.mgn\n  ",
        "cargo run --release --example play -- --load last.mgn"
    )
)]
pub(crate) struct Cli {
    /// The game (default urim; with --load, the file's): urim, omweso, rio-kadalis,
    /// oware, kalah
    #[arg(value_parser = common::cli::game_name)]
    game: Option<GameKind>,
    /// The engine you play against (and the one giving hints)
    #[arg(long, value_name = "SPEC", default_value = "alphabeta:8",
          value_parser = common::cli::engine_spec,
          long_help = format!("The engine you play against (and the one giving hints): {}", engines()))]
    pub(crate) engine: EngineSpec,
    /// The side you play: S (South, moves first from the start) or N
    #[arg(long, value_name = "S|N", default_value = "S", value_parser = parse_side)]
    pub(crate) human: Player,
    /// The engine plays both sides, and the program ends with the game
    #[arg(long)]
    pub(crate) auto: bool,
    /// The engines' random seed
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Stop after this many plies of a game
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub(crate) max_plies: u64,
    /// A whole match with the game's own scoring: Urim (to --target points, rule 8),
    /// Omweso (to 12 points, rule 9), Rio Kadalis (the serial match, rule 5)
    #[arg(long = "match", conflicts_with = "load", help_heading = "Matches")]
    whole_match: bool,
    /// Urim: the points that win the match (default 10)
    #[arg(
        long,
        value_name = "T",
        requires = "whole_match",
        help_heading = "Matches"
    )]
    target: Option<u16>,
    /// Omweso: classic (take-backs allowed), contract or blitz (default classic)
    #[arg(long, value_name = "MODE", requires = "whole_match", help_heading = "Matches",
          value_parser = |t: &str| t.parse::<mancala::omweso::Mode>().map_err(|e| e.to_string()))]
    mode: Option<mancala::omweso::Mode>,
    /// Writes every game of the session to this game file when the program ends (one
    /// game after another; docs/game-files.md)
    #[arg(long, value_name = "FILE", help_heading = "Game files")]
    pub(crate) save: Option<PathBuf>,
    /// Goes on from the game in this game file (its game and options; of a file of
    /// several games, the last)
    #[arg(long, value_name = "FILE", help_heading = "Game files")]
    load: Option<PathBuf>,
    /// The endgame databases `solve` built in DIR: the engine plays perfectly once the
    /// board is in them (docs/solving.md)
    #[arg(long, value_name = "DIR",
          long_help = format!("The endgame databases `solve` built in DIR ({}): the engine plays perfectly once the board is in them (docs/solving.md)", GameKind::names(&db::database_games())))]
    db: Option<PathBuf>,
    #[command(flatten)]
    variant: VariantArgs,
}

/// `S`/`south` or `N`/`north`, in any case.
fn parse_side(text: &str) -> Result<Player, String> {
    match text.to_ascii_lowercase().as_str() {
        "s" | "south" => Ok(Player::South),
        "n" | "north" => Ok(Player::North),
        _ => Err("a side is S (South) or N (North)".into()),
    }
}

fn run(cli: Cli) -> common::Result {
    let session = if let Some(path) = &cli.load {
        let (mut game, file) = files::load(path)?;
        cli.variant.check_file(cli.game, path, &game)?;
        files::play_onto(&file, &mut game).map_err(common::after("--load"))?;
        println!("loaded {} plies", game.ply());
        Session::from_game(game)
    } else {
        let kind = cli.game.unwrap_or(GameKind::Urim);
        if cli.whole_match {
            if cli.variant.from.is_some() {
                return Err("matches start from the standard start: drop --from".into());
            }
            let options = MatchOptions {
                target: cli.target,
                mode: cli.mode,
                lot: cli.seed,
            };
            Session::whole_match(&cli.variant.variant(kind)?, &options)?
        } else {
            Session::from_game(cli.variant.game(kind)?)
        }
    };
    let variant = *session.current().variant();
    let db = cli.db.as_deref();
    let engine = Engine::new(&cli.engine, &variant, cli.seed, db)?;
    let helper = Engine::new(&cli.engine, &variant, cli.seed ^ 1, db)?;
    let human = (!cli.auto).then_some(cli.human);
    terminal::play(Versus::new(session, engine, helper, human), &cli)
}

fn main() -> ExitCode {
    common::quiet_on_closed_pipe();
    common::exit_code(run(Cli::parse()))
}
