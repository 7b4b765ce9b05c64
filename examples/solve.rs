//! Solve: builds the endgame databases of a game (every board with up to `--max-seeds`
//! seeds on it) and proves the value of a position with them.
//!
//! ```text
//! cargo run --release --example solve -- kalah [--pits 6] [--seeds 4] [--from "<notation>"]
//!     [--empty-capture] [--mover-empty] [--max-seeds N] [--db DIR] [--memory]
//!     [--check] [--tt-mb MB] [--time SECONDS] [--nodes N] [--no-etc] [--id DEPTH]
//! ```
//!
//! The databases are files in `--db` (default `target/solve-db`), one per seed
//! count, read back (checked) when they are already there; `--memory` keeps them in
//! memory only. `--check` re-checks every database (each value the best over its
//! children). The proof search stops at `--time` or `--nodes` if given and then
//! prints the bounds it reached. The value is the final margin of the side to move
//! (its total minus the opponent's); at the start, the first player's.

mod common;

use std::path::PathBuf;

use clap::Parser;
use common::GameName;
use common::cli::VariantArgs;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use mancala_solve::build::{build, check_table};
use mancala_solve::db::Databases;
use mancala_solve::kalah::{Ending, Kalah, KalahGame, Rules};
use mancala_solve::search::{Limits, Prover};
use mancala_solve::{Game, Position};

/// Builds the endgame databases of a game and proves the value of a position with them.
#[derive(Parser, Debug)]
#[command(
    name = "solve",
    after_help = "The value is the final margin of the side to move (its total minus the \
        opponent's); at the start, the first player's. The published Kalah values (Irving et \
        al. 2000) hold with --empty-capture (docs/solving.md).\n\n\
        Examples:\n  \
        cargo run --release --example solve -- kalah --pits 6 --seeds 4 --empty-capture\n  \
        cargo run --release --example solve -- kalah --pits 4 --seeds 3 --memory --check"
)]
struct Cli {
    /// The game (the solver knows kalah; Urim is issue 16)
    #[arg(value_enum)]
    game: GameName,
    /// Databases of every board with up to S seeds on it (default: 20 for 6 pits, 22
    /// for 5, 24 for 4, every board for fewer)
    #[arg(long, value_name = "S")]
    max_seeds: Option<u32>,
    /// The databases' folder, read back (checked) when they are already there
    #[arg(long, value_name = "DIR", default_value = "target/solve-db")]
    db: PathBuf,
    /// Keep the databases in memory only (no files)
    #[arg(long)]
    memory: bool,
    /// Re-check every database (each value the best over its children)
    #[arg(long)]
    check: bool,
    /// The transposition table's size in MiB
    #[arg(long, value_name = "MB", default_value_t = 1024)]
    tt_mb: u64,
    /// Stop the proof after this many seconds and print the bounds reached
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,
    /// Stop the proof after this many nodes and print the bounds reached
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// No enhanced transposition cutoffs
    #[arg(long)]
    no_etc: bool,
    /// The deepest depth-limited search before the search to the end
    #[arg(long, value_name = "DEPTH", default_value_t = 32)]
    id: u32,
    #[command(flatten)]
    variant: VariantArgs,
}

fn run() -> Result<(), String> {
    let cli = Cli::try_parse().unwrap_or_else(|e| e.exit());
    if cli.game != GameName::Kalah {
        return Err(format!(
            "the solver knows kalah, not {} (Urim is issue 16)",
            cli.game
        ));
    }
    let variant = cli.variant.variant();
    variant.check_flags("kalah", &["empty-capture", "mover-empty"])?;
    if variant.clockwise {
        return Err("kalah has no option --clockwise".into());
    }
    let pits = variant.pits.unwrap_or(6);
    let pits = u8::try_from(pits).map_err(|_| format!("--pits {pits} is too many"))?;
    let rules = Rules {
        pits,
        empty_capture: cli.variant.empty_capture,
        ending: if cli.variant.mover_empty {
            Ending::MoverEmpty
        } else {
            Ending::AnySideEmpty
        },
    };
    let start: Kalah = match &variant.from {
        Some(text) => {
            let p: Kalah = text.parse().map_err(|e| format!("--from {text:?}: {e}"))?;
            if p.rules() != rules {
                return Err(format!(
                    "--from has the rules {}, the options say {rules}: give the options the position has",
                    p.rules()
                ));
            }
            p
        }
        None => Kalah::start(rules, variant.seeds.unwrap_or(4)).map_err(|e| e.to_string())?,
    };
    let game = KalahGame::new(rules);
    let on_board = u32::from(start.total())
        - u32::from(start.store(mancala_solve::Player::South))
        - u32::from(start.store(mancala_solve::Player::North));
    let default_max = match pits {
        0..=3 => on_board,
        4 => 24,
        5 => 22,
        _ => 20,
    };
    let max_seeds: u32 = cli.max_seeds.unwrap_or(default_max).min(on_board);
    let dir = (!cli.memory).then(|| cli.db.clone());
    let tt_mb: u64 = cli.tt_mb;
    let limits = Limits {
        nodes: cli.nodes,
        time: cli.time.map(Duration::from_secs_f64),
    };

    println!("kalah: {start}  ({})", game.variant());
    let t0 = Instant::now();
    let mut dbs = Databases::new(&game, max_seeds).map_err(|e| e.to_string())?;
    println!(
        "databases up to {max_seeds} seeds{}",
        dir.as_ref().map_or(" (in memory)".to_string(), |d| format!(
            " in {}",
            d.display()
        ))
    );
    println!(
        "{:>5} {:>14} {:>10} {:>9} {:>14}",
        "seeds", "boards", "MiB", "seconds", "boards/s"
    );
    build(&game, &mut dbs, max_seeds, dir.as_deref(), true, |b| {
        println!(
            "{:>5} {:>14} {:>10.1} {:>9.2} {:>14}",
            b.seeds,
            b.boards,
            b.boards as f64 / (1 << 20) as f64,
            b.seconds,
            if b.loaded {
                "read".to_string()
            } else {
                format!("{:.0}", b.boards as f64 / b.seconds.max(1e-9))
            }
        );
    })
    .map_err(|e| e.to_string())?;
    println!(
        "databases: {} boards, {:.1} MiB, {:.1} s",
        dbs.bytes(),
        dbs.bytes() as f64 / (1 << 20) as f64,
        t0.elapsed().as_secs_f64()
    );
    if cli.check {
        let t = Instant::now();
        for seeds in 0..dbs.len() {
            let r = check_table(&game, &dbs, seeds).map_err(|e| e.to_string())?;
            if r.wrong > 0 {
                return Err(format!(
                    "database of {seeds} seeds: {} of {} values are not the best over their children, e.g. {:?}",
                    r.wrong, r.boards, r.examples
                ));
            }
        }
        println!(
            "check: every value is the best over its children ({:.1} s)",
            t.elapsed().as_secs_f64()
        );
    }

    let bits = (tt_mb.max(1) * (1 << 20) / 32).ilog2();
    let mut prover = Prover::new(&game, &dbs, bits).map_err(|e| e.to_string())?;
    prover.set_etc(!cli.no_etc);
    prover.set_iterative_deepening(cli.id);
    let t = Instant::now();
    let proof = prover
        .prove_with(&start, &limits, |lower, upper, nodes| {
            eprintln!(
                "  bounds [{lower}, {upper}] after {nodes} nodes, {:.1} s",
                t.elapsed().as_secs_f64()
            );
        })
        .map_err(|e| e.to_string())?;
    let secs = t.elapsed().as_secs_f64();
    let mover = start.side_to_move();
    match proof.value() {
        Some(v) => println!(
            "value: {v:+} for {mover:?} (the side to move){}",
            match v.signum() {
                1 => format!(": {mover:?} wins by {v}"),
                -1 => format!(": {mover:?} loses by {}", -v),
                _ => ": a draw".to_string(),
            }
        ),
        None => println!(
            "not proven{}: the value for {mover:?} is between {} and {}",
            if proof.stopped {
                " (stopped at the limit)"
            } else {
                ""
            },
            proof.lower,
            proof.upper
        ),
    }
    if let (None, Some(e)) = (proof.value(), proof.estimate) {
        println!("estimate (depth-limited search, not a bound): {e:+}");
    }
    if let Some(m) = proof.best {
        println!("best move: {m}");
    }
    if !rules.empty_capture {
        println!(
            "(these are OpenSpiel's rules; the published values of Irving et al. hold with --empty-capture)"
        );
    }
    println!(
        "search: {} nodes, {} null-window searches, {secs:.2} s, {:.0} nodes/s; table {tt_mb} MiB",
        proof.nodes,
        proof.searches,
        proof.nodes as f64 / secs.max(1e-9)
    );
    Ok(())
}

fn main() -> ExitCode {
    common::exit_code(run())
}
