//! The best move, evaluation and principal variation of a position.
//!
//! ```text
//! cargo run --release --example analyze -- <game> [variant flags] [--from "<notation>"]
//!     [--depth D | --time-ms T | --engine <spec>]
//! ```
//!
//! Alpha-beta searches to depth `D` (default 10) or for `T` milliseconds, printing one
//! line per completed depth (it stops early once the end of the game is in reach); `--engine` picks another engine (e.g. `mcts:50000`). The
//! evaluation is for the player to move, in seeds (`+1.50`) or as a forced result
//! (`win in 7`).

mod common;

use std::process::ExitCode;

use common::Runner;
use mancala::Position;
use mancala::record::Record;
use mancala::search::score::ShowScore;
use mancala::search::spec::{AnyEngine, from_spec};
use mancala::search::{AlphaBeta, AlphaBetaOptions, Engine, Limits, Report, Static};

enum How {
    Depth(u32),
    Time(u64),
    Spec(String),
}

struct Analyze(How);

fn line<M: std::fmt::Display>(r: &Report<M>) -> String {
    let pv: Vec<String> = r.pv.iter().map(ToString::to_string).collect();
    let rate = r.nodes_per_second();
    format!(
        "depth {:>2}  eval {:>10}  nodes {:>10}  {:>6.2} Mn/s  {:>7.1} ms  pv {}",
        r.depth,
        ShowScore(r.score).to_string(),
        r.nodes,
        rate / 1e6,
        r.elapsed.as_secs_f64() * 1e3,
        pv.join(" ")
    )
}

impl Runner for Analyze {
    type Output = ();

    fn run<G: Record>(self, game: G) -> Result<(), String> {
        let p = game.position().clone();
        println!("position: {}", common::notation(&game));
        let status = game.status();
        if status.is_finished() {
            println!("the game is finished: {status}");
            return Ok(());
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
                let mut e = AlphaBeta::with_evaluator(Static, limits, AlphaBetaOptions::default());
                e.search_with(&game, |r| println!("{}", line(r)))
            }
            How::Spec(spec) => {
                let mut e: AnyEngine<G, Static> =
                    from_spec(&spec, Static, 0).map_err(|e| e.to_string())?;
                let r = e.search(&game);
                println!("{}: {r}", e.name());
                r
            }
        };
        match report.best {
            Some(m) => println!(
                "best move {m}, eval {}{}",
                ShowScore(report.score),
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

fn run() -> Result<(), String> {
    let args = common::Args::parse(
        std::env::args().skip(1),
        &["depth", "time-ms", "engine"],
        &[],
    )?;
    if let Some(extra) = args.positional.first() {
        return Err(format!("unexpected argument {extra:?}"));
    }
    let depth: Option<u32> = args.value("depth")?;
    let time: Option<u64> = args.value("time-ms")?;
    let spec: Option<String> = args.value("engine")?;
    let how = match (depth, time, spec) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) | (_, Some(_), Some(_)) => {
            return Err("give one of --depth, --time-ms and --engine".into());
        }
        (Some(0), _, _) => return Err("--depth must be at least 1".into()),
        (Some(d), _, _) => How::Depth(d.min(100)),
        (_, Some(t), _) => How::Time(t.max(1)),
        (_, _, Some(s)) => How::Spec(s),
        (None, None, None) => How::Depth(10),
    };
    common::dispatch(&args.game, &args.variant, Analyze(how))
}

fn main() -> ExitCode {
    common::exit_code(run())
}
