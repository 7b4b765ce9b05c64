//! The best move, evaluation and principal variation of a position.
//!
//! ```text
//! cargo run --release --example analyze -- <GAME> [game options] [--from "<notation>"]
//!     [--depth D | --time-ms T | --engine <spec>] [--db DIR]
//! cargo run --release --example analyze -- --file <FILE> [--ply N] [--depth D | …]
//! ```
//!
//! Alpha-beta searches to depth `D` (default 10) or for `T` milliseconds, printing one
//! line per completed depth (it stops early once the end of the game is in reach);
//! `--engine` picks another engine (e.g. `mcts:50000`). The evaluation is for the
//! player to move, in seeds (`+1.50 seeds`) or as a forced result (`win in 7 plies`).
//! `--file` analyzes the position of a game file after `--ply` plies (default: all), its
//! history included (a repetition rule sees it). `--help` lists the options.

mod common;

use std::process::ExitCode;

use clap::Parser;
use common::cli::{VariantArgs, engines};
use mancala::runtime::engine::show_eval;
use mancala::runtime::{AnyGame, Engine, EngineSpec, GameKind, Report, db, describe_result, files};
use mancala::search::spec::Limit;

/// The best move, evaluation and principal variation of a position.
#[derive(Parser, Debug)]
#[command(
    name = "analyze",
    after_help = concat!(
        "The evaluation is for the player to move, in seeds, or a forced result.\n\n",
        "Examples:\n  ",
        "cargo run --release --example analyze -- urim --from \"3,3,3,3,3,3/3,3,3,3,3,3 0-0 S\" --depth 12\n  ",
        "cargo run --release --example analyze -- oware --time-ms 2000\n  ",
        "cargo run --release --example analyze -- omweso --engine mcts:50000\n  ",
        "cargo run --release --example analyze -- --file game.mgn --ply 20"
    )
)]
struct Cli {
    /// The game (with --file, the file's): urim, omweso, rio-kadalis, oware, kalah
    #[arg(value_parser = common::cli::game_name, required_unless_present = "file")]
    game: Option<GameKind>,
    /// Analyzes a position of this game file (docs/game-files.md; of a file of several
    /// games, the last)
    #[arg(long, value_name = "FILE")]
    file: Option<std::path::PathBuf>,
    /// With --file: the position after this many plies (default: the last)
    #[arg(long, value_name = "N", requires = "file")]
    ply: Option<usize>,
    /// Alpha-beta to this depth in plies (default 10)
    #[arg(long, value_name = "D", value_parser = common::cli::at_least_one,
          conflicts_with_all = ["time_ms", "engine"])]
    depth: Option<u64>,
    /// Alpha-beta for this many milliseconds
    #[arg(long, value_name = "T", value_parser = common::cli::at_least_one,
          conflicts_with = "engine")]
    time_ms: Option<u64>,
    /// Another engine, as a spec
    #[arg(long, value_name = "SPEC", value_parser = common::cli::engine_spec,
          long_help = format!("Another engine, as a spec: {}", engines()))]
    engine: Option<EngineSpec>,
    /// The endgame databases `solve` built in DIR: the search knows the value of every
    /// board in them (docs/solving.md)
    #[arg(long, value_name = "DIR",
          long_help = format!("The endgame databases `solve` built in DIR ({}): the search knows the value of every board in them (docs/solving.md)", GameKind::names(&db::database_games())))]
    db: Option<std::path::PathBuf>,
    #[command(flatten)]
    variant: VariantArgs,
}

fn line(r: &Report) -> String {
    let pv: Vec<String> = r.pv.iter().map(ToString::to_string).collect();
    let rate = r.nodes_per_second();
    format!(
        "depth {:>2}  eval {:>16}  nodes {:>10}  {:>6.2} Mn/s  {:>7.1} ms  pv {}",
        r.depth,
        show_eval(r.score),
        r.nodes,
        rate / 1e6,
        r.elapsed.as_secs_f64() * 1e3,
        pv.join(" ")
    )
}

fn analyze(cli: &Cli, game: &AnyGame) -> common::Result {
    let alphabeta = |limit| EngineSpec::AlphaBeta {
        limit,
        table_cuts: true,
        threads: 1,
    };
    let (spec, per_depth) = match (cli.depth, cli.time_ms, cli.engine) {
        (Some(d), _, _) => (alphabeta(Limit::Depth(d.min(100) as u32)), true),
        (_, Some(t), _) => (alphabeta(Limit::Millis(t)), true),
        (_, _, Some(s)) => (s, false),
        (None, None, None) => (alphabeta(Limit::Depth(10)), true),
    };
    let mut engine = Engine::new(&spec, game.variant(), 0, cli.db.as_deref())?;
    println!("position: {}", game.notation());
    if game.is_finished() {
        println!("the game is finished: {}", game.describe_status());
        return Ok(());
    }
    if let Some(o) = engine.exact(game) {
        let result = describe_result(&o);
        let totals = o
            .totals
            .map(|t| format!(", totals South {} North {}", t.south, t.north))
            .unwrap_or_default();
        println!("exact, from the databases: with perfect play {result}{totals}");
    }
    println!(
        "{} to move; legal moves: {}",
        game.side_to_move(),
        game.legal_moves_text().join(" ")
    );
    let report = if per_depth {
        engine.search_with(game, |r| println!("{}", line(r)))?
    } else {
        let r = engine.search(game)?;
        println!("{}: {r}", engine.name());
        r
    };
    match report.best {
        Some(m) => println!(
            "best move {m}, eval {}{}",
            show_eval(report.score),
            report
                .win_rate
                .map(|w| format!(" (win rate {:.1}%)", 100.0 * w))
                .unwrap_or_default()
        ),
        None => println!("no move"),
    }
    let pv: Vec<String> = report.pv.iter().map(ToString::to_string).collect();
    println!("principal variation: {}", pv.join(" "));
    Ok(())
}

fn run(cli: &Cli) -> common::Result {
    let Some(path) = &cli.file else {
        let game = cli.game.ok_or("name a game")?;
        return analyze(cli, &cli.variant.game(game)?);
    };
    let (mut game, file) = files::load(path)?;
    cli.variant.check_file(cli.game, path, &game)?;
    // `--ply 3: the game has 2 plies`.
    let file =
        files::cut(&file, cli.ply.unwrap_or(file.moves.len())).map_err(|e| format!("--{e}"))?;
    files::play_onto(&file, &mut game).map_err(common::after("--file"))?;
    analyze(cli, &game)
}

fn main() -> ExitCode {
    common::quiet_on_closed_pipe();
    common::exit_code(run(&Cli::parse()))
}
