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
use common::cli::{ENGINES, VariantArgs};
use common::db::Eval;
use common::{GameName, Runner};
use mancala::Position;
use mancala::record::Record;
use mancala::search::spec::{AnyEngine, from_spec_threaded};
use mancala::search::{AlphaBeta, AlphaBetaOptions, Engine, Evaluator, Limits, Report};

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
    /// The game (with --file, the file's)
    #[arg(value_enum, required_unless_present = "file")]
    game: Option<GameName>,
    /// Analyzes a position of this game file (docs/game-files.md)
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
          long_help = format!("Another engine, as a spec: {ENGINES}"))]
    engine: Option<String>,
    /// The endgame databases `solve` built in DIR (urim, kalah): the search knows the
    /// value of every board in them (docs/solving.md)
    #[arg(long, value_name = "DIR")]
    db: Option<std::path::PathBuf>,
    #[command(flatten)]
    variant: VariantArgs,
}

enum How {
    Depth(u32),
    Time(u64),
    Spec(String),
}

/// How to search, the game, the moves of a game file to play first, and `--db`.
struct Analyze(
    How,
    GameName,
    Option<mancala::game_file::GameFile>,
    Option<std::path::PathBuf>,
);

fn line<M: std::fmt::Display>(r: &Report<M>) -> String {
    let pv: Vec<String> = r.pv.iter().map(ToString::to_string).collect();
    let rate = r.nodes_per_second();
    format!(
        "depth {:>2}  eval {:>16}  nodes {:>10}  {:>6.2} Mn/s  {:>7.1} ms  pv {}",
        r.depth,
        common::show_eval(r.score),
        r.nodes,
        rate / 1e6,
        r.elapsed.as_secs_f64() * 1e3,
        pv.join(" ")
    )
}

impl Runner for Analyze {
    type Output = ();

    fn run<G: Record<Position: Position<Move: Send + Sync> + 'static> + Send + Sync + 'static>(
        self,
        mut game: G,
    ) -> Result<(), String> {
        if let Some(file) = &self.2 {
            file.play_onto(&mut game)
                .map_err(|e| format!("--file: {e}"))?;
        }
        let p = game.position().clone();
        let eval = common::db::evaluator(&p, self.3.as_deref())?;
        let mut other: Option<AnyEngine<G, Eval<G::Position>>> = match &self.0 {
            How::Spec(spec) => {
                Some(from_spec_threaded(spec, eval.clone(), 0).map_err(|e| e.to_string())?)
            }
            _ => None,
        };
        println!("position: {}", common::notation(&game));
        let status = game.status();
        if status.is_finished() {
            println!(
                "the game is finished: {}",
                common::describe_status(self.1, status, p.side_to_move())
            );
            return Ok(());
        }
        if let Some(mancala::search::Known::Exact(o)) = eval.known(game.positions()) {
            let result = match o.winner {
                Some(w) => format!(
                    "{} wins {} point{}",
                    common::side_name(w),
                    o.points,
                    if o.points == 1 { "" } else { "s" }
                ),
                None => "a draw".to_string(),
            };
            let totals = o
                .totals
                .map(|t| format!(", totals South {} North {}", t.south, t.north))
                .unwrap_or_default();
            println!("exact, from the databases: with perfect play {result}{totals}");
        }
        println!("{} to move; legal moves: {}", p.side_to_move(), {
            let v: Vec<String> = p.legal_moves().iter().map(ToString::to_string).collect();
            v.join(" ")
        });
        let report = match self.0 {
            How::Depth(_) | How::Time(_) => {
                let limits = match self.0 {
                    How::Depth(d) => Limits::depth(d),
                    _ => Limits::millis(match self.0 {
                        How::Time(t) => t,
                        _ => 0,
                    }),
                };
                let mut e = AlphaBeta::with_evaluator(eval, limits, AlphaBetaOptions::default());
                e.search_with(&game, |r| println!("{}", line(r)))
            }
            How::Spec(_) => {
                let e = other.as_mut().ok_or("no engine")?;
                let r = e.search(&game);
                println!("{}: {r}", e.name());
                r
            }
        };
        match report.best {
            Some(m) => println!(
                "best move {m}, eval {}{}",
                common::show_eval(report.score),
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
}

fn run(cli: Cli) -> Result<(), String> {
    let how = match (cli.depth, cli.time_ms, cli.engine) {
        (Some(d), _, _) => How::Depth(d.min(100) as u32),
        (_, Some(t), _) => How::Time(t),
        (_, _, Some(s)) => How::Spec(s),
        (None, None, None) => How::Depth(10),
    };
    let Some(path) = &cli.file else {
        let game = cli.game.ok_or("name a game")?;
        return common::dispatch(
            game,
            &cli.variant.variant(),
            Analyze(how, game, None, cli.db),
        );
    };
    let loaded = common::files::load(path)?;
    if cli.game.is_some_and(|g| g != loaded.game) || cli.variant.variant().is_set() {
        return Err(format!(
            "{} is a game of {}: the file gives the game and its options",
            path.display(),
            loaded.game
        ));
    }
    let file = common::files::cut(&loaded.file, cli.ply.unwrap_or(loaded.file.moves.len()))?;
    common::dispatch(
        loaded.game,
        &loaded.variant,
        Analyze(how, loaded.game, Some(file), cli.db),
    )
}

fn main() -> ExitCode {
    common::exit_code(run(Cli::parse()))
}
