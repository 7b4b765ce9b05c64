//! Engine against engine over many games, colours alternated; or over whole matches
//! with each game's own match scoring.
//!
//! ```text
//! cargo run --release --example tournament -- <GAME> [game options] [--from "<notation>"]
//!     [--games N] [--engine <spec>] [--opponent <spec>] [--opening-plies K] [--seed S]
//!     [--max-plies M]
//! cargo run --release --example tournament -- <GAME> --matches N [game options]
//!     [--target T] [--mode classic|contract|blitz] [--max-games G] [the options above]
//! cargo run --release --example tournament -- <GAME> --round-robin <spec>,<spec>,...
//!     [--games N] [--anchor <spec>] [the options above]
//! ```
//!
//! `--help` lists the options.
//!
//! Game `i` starts with `K` random plies (default 2; the same opening for games `2j` and
//! `2j + 1`, so each opening is played with both colours), then `--engine` (default
//! `alphabeta:4`) and `--opponent` (default `random`) alternate colours: the engine is
//! South in even games. A progress bar runs on stderr; the table at the end gives wins,
//! draws (annulled games and games stopped at `--max-plies`, default 1000, counted
//! among them) and losses, game points won, the average game length and the moves per
//! second, then the engine's Elo rating relative to the opponent's with its 95%
//! interval (`mancala::runtime::elo`: the maximum-likelihood Elo model, draws as half
//! points), and how the games ended (the rule of each ending, counted). Engines: see
//! `--help`.
//!
//! With `--round-robin`, every engine of the list plays `--games N` games against each
//! other one (the same openings in every pairing, colours alternated), and the table
//! gives each engine's games, score and Elo rating with its 95% interval, fitted over
//! all games at once, relative to `--anchor` (default the first engine of the list), the
//! rating differences between neighbours with their intervals, and the cross table of
//! scores.
//!
//! With `--matches N`, N whole matches are played with the game's own match type (see
//! `mancala::runtime::matches`): Urim to `--target` points (default 10, rule 8), Omweso to 12
//! points in `--mode` play (default classic, rule 9), Rio Kadalis as a serial match of
//! rounds until a stock is below 4 (rule 5). Oware and Kalah have no match type and
//! refuse the mode. The engine is South in even matches; every game of a match starts
//! with `K` random plies (the same for matches `2j` and `2j + 1`). A match still
//! undecided after `--max-games` games (default 100), or whose game reached
//! `--max-plies` where the match type cannot drop it (Urim, Omweso), is stopped and
//! counted as unfinished. In a match the engines value a win at the points the match
//! still needs (`AnyMatch::needed`: Urim's and Omweso's targets). The table gives matches won, lost and unfinished, the games
//! (rounds) won, drawn and lost, the game points, the average games per match and the
//! moves per second.
//!
//! The games, matches, ratings and tables are the library's (`mancala::runtime`:
//! `tournament` plays, `tables` counts and writes the tables); this example reads the
//! options, draws the progress bar and prints.

mod common;

use std::process::ExitCode;

use clap::Parser;
use common::cli::{VariantArgs, engines};
use indicatif::{ProgressBar, ProgressStyle};
use mancala::runtime::tables::{MatchTable, PairTable, RoundRobinTable};
use mancala::runtime::tournament::{Progress, Settings, Tournament, anchor_index, engine_list};
use mancala::runtime::{AnyMatch, EngineSpec, GameKind, MatchOptions, db};

/// A round robin's engines: one value of `--round-robin` (a list, not repeated options).
type Specs = Vec<EngineSpec>;

/// Engine against engine over many games, colours alternated; or over whole matches.
#[derive(Parser, Debug)]
#[command(
    name = "tournament",
    after_help = concat!(
        "A progress bar runs on stderr; the result table is printed at the end.\n\n",
        "Examples:\n  ",
        "cargo run --release --example tournament -- urim --games 100\n  ",
        "cargo run --release --example tournament -- oware --engine mcts:2000 --opponent alphabeta:6\n  ",
        "cargo run --release --example tournament -- urim --matches 10 --target 4\n  ",
        "cargo run --release --example tournament -- oware --games 20 --round-robin random,greedy,alphabeta:2"
    )
)]
struct Cli {
    /// The game: urim, omweso, rio-kadalis, oware, kalah
    #[arg(value_parser = common::cli::game_name)]
    game: GameKind,
    /// Single games to play (default 20; with --round-robin, games per pairing)
    #[arg(long, value_name = "N", conflicts_with = "matches")]
    games: Option<u64>,
    /// Every engine of the comma-separated list against every other one, --games N
    /// games a pairing, with Elo ratings fitted over all games
    #[arg(long, value_name = "SPECS", conflicts_with_all = ["matches", "engine", "opponent"],
          value_parser = |t: &str| engine_list(t).map_err(|e| e.to_string()), help_heading = "Round robin")]
    round_robin: Option<Specs>,
    /// The engine rated 0 in the round robin (default the first of the list)
    #[arg(long, value_name = "SPEC", requires = "round_robin", help_heading = "Round robin",
          value_parser = common::cli::engine_spec)]
    anchor: Option<EngineSpec>,
    /// The first engine (South in even games)
    #[arg(long, value_name = "SPEC", default_value = "alphabeta:4",
          value_parser = common::cli::engine_spec,
          long_help = format!("The first engine (South in even games and matches): {}", engines()))]
    engine: EngineSpec,
    /// The second engine
    #[arg(long, value_name = "SPEC", default_value = "random",
          value_parser = common::cli::engine_spec)]
    opponent: EngineSpec,
    /// Random plies that open each game (the same opening is played with both colours)
    #[arg(long, value_name = "K", default_value_t = 2)]
    opening_plies: u32,
    /// The random seed of openings and engines
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// A game still going after this many plies is stopped (counted as a draw)
    #[arg(long, value_name = "M", default_value_t = 1000)]
    max_plies: u64,
    /// Writes every game to a game file of its own in DIR (docs/game-files.md),
    /// numbered in the order played: `<game>-00001.mgn`, …
    #[arg(long, value_name = "DIR")]
    pgn: Option<std::path::PathBuf>,
    /// Whole matches to play, with the game's own match scoring (Urim, Omweso, Rio
    /// Kadalis)
    #[arg(long, value_name = "N", help_heading = "Matches")]
    matches: Option<u64>,
    /// Urim: the points that win a match (rule 8; default 10)
    #[arg(long, value_name = "T", requires = "matches", help_heading = "Matches")]
    target: Option<u16>,
    /// Omweso: classic, contract or blitz play (rule 9; default classic)
    #[arg(long, value_name = "MODE", requires = "matches", help_heading = "Matches",
          value_parser = |t: &str| t.parse::<mancala::omweso::Mode>().map_err(|e| e.to_string()))]
    mode: Option<mancala::omweso::Mode>,
    /// A match still undecided after this many games is stopped (default 100)
    #[arg(long, value_name = "G", requires = "matches", help_heading = "Matches",
          value_parser = common::cli::at_least_one)]
    max_games: Option<u64>,
    /// The endgame databases `solve` built in DIR, given to the first engine only, so
    /// that the result shows what they add (docs/solving.md)
    #[arg(long, value_name = "DIR", conflicts_with = "round_robin",
          long_help = format!("The endgame databases `solve` built in DIR ({}), given to the first engine only, so that the result shows what they add (docs/solving.md)", GameKind::names(&db::database_games())))]
    db: Option<std::path::PathBuf>,
    #[command(flatten)]
    variant: VariantArgs,
}

/// A progress bar of `total` games (or matches) on stderr.
fn bar(total: u64, unit: &str) -> ProgressBar {
    let template = format!("{{bar:40}} {{pos}}/{{len}} {unit}  {{elapsed_precise}}  {{msg}}");
    ProgressBar::new(total).with_style(
        ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()),
    )
}

/// The progress callback that draws on `bar`.
fn draw(bar: &ProgressBar) -> impl FnMut(&Progress) + '_ {
    move |p: &Progress| {
        bar.set_position(p.done);
        bar.set_message(p.message.clone());
    }
}

fn settings(cli: &Cli) -> common::Result<Settings> {
    let mut s = Settings::new(*cli.variant.game(cli.game)?.variant());
    if let Some(from) = &cli.variant.from {
        if cli.matches.is_some() {
            return Err("matches start from the standard start: drop --from".into());
        }
        s.start = Some(from.clone());
    }
    s.opening_plies = cli.opening_plies;
    s.seed = cli.seed;
    s.max_plies = cli.max_plies;
    s.files = cli.pgn.clone();
    s.db = cli.db.clone();
    Ok(s)
}

fn run(cli: &Cli) -> common::Result {
    let games = cli.games.unwrap_or(20);
    let mut t = Tournament::new(settings(cli)?);
    let variant = t.settings().variant;
    if let Some(count) = cli.matches {
        let options = MatchOptions {
            target: cli.target,
            mode: cli.mode,
            lot: cli.seed,
        };
        let rules = AnyMatch::new(&variant, &options)?.describe();
        let max_games = usize::try_from(cli.max_games.unwrap_or(100)).unwrap_or(usize::MAX);
        let bar = bar(count, "matches");
        let (e, o) = (&cli.engine, &cli.opponent);
        let results = t.play_matches(e, o, count, &options, max_games, &mut draw(&bar))?;
        bar.finish_and_clear();
        match MatchTable::new(cli.game, &rules, &results) {
            Some(table) => println!("{table}"),
            None => println!("no matches played"),
        }
        return Ok(());
    }
    if let Some(specs) = &cli.round_robin {
        let anchor = anchor_index(specs, cli.anchor.as_ref())?;
        let n = specs.len() as u64;
        let bar = bar(games * n * (n - 1) / 2, "games");
        let rr = t.round_robin(specs, games, anchor, &mut draw(&bar))?;
        bar.finish_and_clear();
        println!("{}", RoundRobinTable::new(cli.game, &rr));
        return Ok(());
    }
    let bar = bar(games, "games");
    let results = t.play_pair(&cli.engine, &cli.opponent, games, &mut draw(&bar))?;
    bar.finish_and_clear();
    match PairTable::new(cli.game, &results) {
        Some(table) => println!("{table}"),
        None => println!("no games played"),
    }
    Ok(())
}

fn main() -> ExitCode {
    common::quiet_on_closed_pipe();
    common::exit_code(run(&Cli::parse()))
}
