//! solve-dist: the endgame databases of `solve` built as a timely dataflow across
//! threads, processes and machines, and merged into the files `solve`, `analyze --db`
//! and the engines read.
//!
//! ```text
//! solve-dist build <kalah|urim|oware> --max-seeds S --parts DIR [--pits N]
//!     [--empty-capture] [--mover-empty] [--resume] [--progress]
//!     [-w THREADS] [-n PROCESSES] [-p INDEX] [-h HOSTFILE]
//! solve-dist merge <kalah|urim|oware> --parts DIR --db DIR [--pits N] [--empty-capture]
//!     [--mover-empty]
//! ```
//!
//! Every process of the cluster runs `build` with the same options but its own `-p`;
//! `-h` names a file of `host:port` lines, one per process (`cargo run --release -p
//! solve-dist -- build …`). The build is the library `mancala-distributed`'s
//! ([`mancala_distributed::run`]); this binary parses the command line, prints the
//! table and draws the spinner. See docs/solving.md, "Beyond one machine".

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::ProgressBar;
use mancala_distributed::{Cluster, DistError, Options, SeedReport, install_failure_hook, run};
use mancala_solve::Solvable;
use mancala_solve::build::BuildOptions;
use mancala_solve::db::Databases;
use mancala_solve::kalah::{Ending, KalahGame, Rules};
use mancala_solve::oware::OwareGame;
use mancala_solve::progress::{Progress, Stage};
use mancala_solve::urim::UrimGame;

/// Builds the databases of `solve` as a timely dataflow, and merges the partitions.
#[derive(Parser, Debug)]
#[command(name = "solve-dist", disable_help_flag = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Print help
    #[arg(long, action = clap::ArgAction::Help, global = true)]
    help: Option<bool>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Build this process's partitions of the databases (every process runs it)
    Build(BuildArgs),
    /// Merge the partitions of every process (gathered in one folder) into database files
    Merge(MergeArgs),
    /// The single-machine build (mancala-solve's, on all cores), timed per seed count, to
    /// compare with
    Single(SingleArgs),
}

#[derive(Args, Debug)]
struct SingleArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Databases of every board with up to S seeds
    #[arg(long, value_name = "S")]
    max_seeds: u32,
    /// Where to write the database files
    #[arg(long, value_name = "DIR")]
    db: PathBuf,
}

#[derive(Args, Debug)]
struct GameArgs {
    /// The game
    #[arg(value_enum)]
    game: SolverGame,
    /// Pits a side (kalah: 1 to 16, default 6; urim: 6 or 7)
    #[arg(long)]
    pits: Option<u8>,
    /// kalah: a last seed in an own empty pit captures even if the opposite pit is empty
    #[arg(long)]
    empty_capture: bool,
    /// kalah: the game ends when the side to move has no seeds (rather than either side)
    #[arg(long)]
    mover_empty: bool,
}

#[derive(Args, Debug)]
struct BuildArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Databases of every board with up to S seeds
    #[arg(long, value_name = "S")]
    max_seeds: u32,
    /// This process's folder of partitions and manifest
    #[arg(long, value_name = "DIR")]
    parts: PathBuf,
    /// Keep the seed counts every worker finished in an earlier run
    #[arg(long)]
    resume: bool,
    /// Show progress (process 0)
    #[arg(long)]
    progress: bool,
    /// Pause this many milliseconds after each seed count (for tests that stop a process)
    #[arg(long, value_name = "MS", default_value_t = 0, hide = true)]
    pause_ms: u64,
    /// Worker threads per process
    #[arg(short = 'w', long, default_value_t = 1)]
    threads: usize,
    /// Processes in the cluster
    #[arg(short = 'n', long, default_value_t = 1)]
    processes: usize,
    /// This process's index
    #[arg(short = 'p', long, default_value_t = 0)]
    process: usize,
    /// A file of host:port lines, one per process
    #[arg(short = 'h', long)]
    hostfile: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct MergeArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The partitions and manifests of every process
    #[arg(long, value_name = "DIR")]
    parts: PathBuf,
    /// Where to write the database files
    #[arg(long, value_name = "DIR")]
    db: PathBuf,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SolverGame {
    Kalah,
    Urim,
    Oware,
}

/// Calls `$body` with `$g` bound to the game the arguments name.
macro_rules! with_game {
    ($args:expr, $g:ident => $body:expr) => {{
        let a: &GameArgs = $args;
        match (a.game, a.pits) {
            (SolverGame::Kalah, pits) => {
                let rules = Rules {
                    pits: pits.unwrap_or(6),
                    empty_capture: a.empty_capture,
                    ending: if a.mover_empty {
                        Ending::MoverEmpty
                    } else {
                        Ending::AnySideEmpty
                    },
                };
                if !(1..=16).contains(&rules.pits) {
                    return Err(format!(
                        "--pits {}: kalah has 1 to 16 pits a side",
                        rules.pits
                    ));
                }
                let $g = KalahGame::new(rules);
                $body
            }
            (_, _) if a.empty_capture || a.mover_empty => {
                return Err("--empty-capture and --mover-empty are options of kalah".into());
            }
            (SolverGame::Urim, None | Some(6)) => {
                let $g = UrimGame::<6>::new();
                $body
            }
            (SolverGame::Urim, Some(7)) => {
                let $g = UrimGame::<7>::new();
                $body
            }
            (SolverGame::Urim, Some(p)) => return Err(format!("--pits {p}: urim has 6 or 7")),
            (SolverGame::Oware, None | Some(6)) => {
                let $g = OwareGame::new();
                $body
            }
            (SolverGame::Oware, Some(p)) => return Err(format!("--pits {p}: oware has 6")),
        }
    }};
}

fn print_line(r: &SeedReport) {
    if r.resumed {
        println!("{:>5} {:>12} resumed", r.seeds, r.boards);
    } else {
        println!(
            "{:>5} {:>12} {:>6} {:>9.3} {:>12} {:>14} {:>11}",
            r.seeds, r.boards, r.rounds, r.seconds, r.messages, r.bytes, r.unresolved
        );
    }
}

/// `--progress`: a spinner on stderr with the step the build is at (hidden without).
struct Spinner(ProgressBar);

impl Progress for Spinner {
    fn start(&self, stage: &Stage<'_>) {
        self.0.set_message(stage.to_string());
    }
}

fn build_dist<G: Solvable + Send + 'static>(game: G, a: &BuildArgs) -> Result<(), String> {
    let cluster = Cluster::new(a.threads, a.processes, a.process, a.hostfile.clone());
    let options = Options {
        resume: a.resume,
        pause: Duration::from_millis(a.pause_ms),
        ..Options::new(a.max_seeds, &a.parts)
    };
    let spinner = if a.progress {
        let pb = ProgressBar::new_spinner();
        pb.enable_steady_tick(Duration::from_millis(200));
        pb
    } else {
        ProgressBar::hidden()
    };
    if a.process == 0 {
        println!(
            "{} ({}): databases of 0 to {} seeds, {} workers ({} processes of {} threads)",
            game.name(),
            game.variant(),
            a.max_seeds,
            cluster.workers(),
            a.processes,
            a.threads
        );
        println!(
            "{:>5} {:>12} {:>6} {:>9} {:>12} {:>14} {:>11}",
            "seeds", "boards", "rounds", "seconds", "messages", "bytes", "unresolved"
        );
    }
    let lines = spinner.clone();
    let reports = run(
        game,
        &cluster,
        options,
        Spinner(spinner.clone()),
        move |r| {
            lines.suspend(|| print_line(r));
        },
    )
    .map_err(|e| e.to_string())?;
    spinner.finish_and_clear();
    if a.process == 0 {
        let secs: f64 = reports.iter().map(|r| r.seconds).sum();
        let bytes: u64 = reports.iter().map(|r| r.bytes).sum();
        println!(
            "built: {} seed counts ({} resumed), {secs:.2} s, {bytes} bytes between processes; \
             partitions in {}",
            reports.len(),
            reports.iter().filter(|r| r.resumed).count(),
            a.parts.display()
        );
    }
    Ok(())
}

fn merge<G: Solvable>(game: G, a: &MergeArgs) -> Result<(), String> {
    let merged = mancala_distributed::parts::merge(&game, &a.parts, &a.db)
        .map_err(|e: DistError| e.to_string())?;
    match merged.last() {
        Some(last) => println!(
            "merged: the databases of {} ({}) of 0 to {last} seeds in {}; use them with --db {}",
            game.name(),
            game.variant(),
            a.db.display(),
            a.db.display()
        ),
        None => return Err(format!("{}: no seed count is finished", a.parts.display())),
    }
    Ok(())
}

fn single<G: Solvable>(game: G, a: &SingleArgs) -> Result<(), String> {
    let mut dbs = Databases::new(&game, a.max_seeds).map_err(|e| e.to_string())?;
    println!("{:>5} {:>12} {:>9}", "seeds", "boards", "seconds");
    let options = BuildOptions::new().max_seeds(a.max_seeds).dir(&a.db);
    options
        .build(&game, &mut dbs, |b| {
            println!("{:>5} {:>12} {:>9.3}", b.seeds, b.boards, b.seconds);
        })
        .map_err(|e| e.to_string())?;
    Ok(())
}

fn main_inner() -> Result<(), String> {
    let cli = Cli::parse();
    match &cli.command {
        Command::Build(a) => {
            install_failure_hook();
            with_game!(&a.game, g => build_dist(g, a))
        }
        Command::Merge(a) => with_game!(&a.game, g => merge(g, a)),
        Command::Single(a) => with_game!(&a.game, g => single(g, a)),
    }
}

fn main() -> ExitCode {
    match main_inner() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
