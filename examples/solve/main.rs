//! Solve: builds the endgame databases of a game (every board with up to `--max-seeds`
//! seeds on it) and proves the value of a position with them (`--help` for the options).
//!
//! ```text
//! cargo run --release --example solve -- urim|oware|kalah [options]
//! ```
//!
//! What to build, the check and the proof are the library's solving plan
//! (`mancala_solve::plan`, docs/solving.md), and what it found is written in the
//! library's words (`mancala_solve::report`); this program reads the options, draws the
//! progress and prints. With the feature `distributed`, `--parts` builds the databases
//! as a timely dataflow (`mancala_distributed`, `dist.rs`).

#[path = "../common/mod.rs"]
mod common;
#[cfg(feature = "distributed")]
mod dist;
mod prove;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use common::{bars, cli::VariantArgs};
use mancala::runtime::{GameKind, Variant};
use mancala_solve::build::BuildOptions;
use mancala_solve::db::Databases;
use mancala_solve::file::Endless;
use mancala_solve::oware::OwareGame;
use mancala_solve::plan::Plan;
use mancala_solve::report::{self, Building, Checked, Summary};
use mancala_solve::retro::Children;
use mancala_solve::urim::UrimGame;
use mancala_solve::{Solvable, SolveError};
use prove::{cyclic, kalah};

/// Builds the endgame databases of a game and proves the value of a position with them.
#[derive(Parser, Debug)]
#[command(
    name = "solve",
    after_help = "The value is the final margin of the side to move (its total minus the \
        opponent's); at the start, the first player's. The published Kalah values (Irving et \
        al. 2000) hold with --empty-capture. Urim's and Oware's proof searches carry the \
        history (docs/solving-cycles.md).\n\n\
        Examples:\n  \
        cargo run --release --example solve -- urim --max-seeds 20\n  \
        cargo run --release --example solve -- kalah --pits 6 --seeds 4 --empty-capture\n  \
        cargo run --release --example solve -- kalah --pits 4 --seeds 3 --memory --check"
)]
pub(crate) struct Cli {
    /// The game: urim (2×6 or 2×7) and oware by retrograde analysis, kalah
    #[arg(value_parser = common::cli::database_game())]
    game: GameKind,
    /// Databases of every board with up to S seeds on it (default: urim and oware 16; kalah
    /// 20 for 6 pits, 22 for 5, 24 for 4, every board for fewer)
    #[arg(long, value_name = "S")]
    max_seeds: Option<u32>,
    /// The databases' folder, read back (checked) when they are already there
    #[arg(long, value_name = "DIR", default_value = "target/solve-db")]
    db: PathBuf,
    /// Keep the databases in memory only (no files)
    #[arg(long)]
    memory: bool,
    /// Re-check every database (each value the best over its children; urim and oware do)
    #[arg(long)]
    check: bool,
    /// urim, oware: skip the re-check (a file read back is still refused if damaged)
    #[arg(long)]
    no_check: bool,
    /// urim, oware: the longest stretch without capture the proof follows (8, 16, … up to
    /// this); longer lines count as the worst or best for the mover, the bounds sound
    #[arg(long, value_name = "PLIES", default_value_t = 256)]
    max_path: usize,
    /// urim, oware: instead, cut the whole line at 1, 2, …, PLIES moves: a bound proven at
    /// depth d is a strategy that reaches it within d moves
    #[arg(long, value_name = "PLIES")]
    by_depth: Option<usize>,
    /// urim, oware: the children of as many seeds stored from the first pass (fast, 49
    /// bytes a board) or replayed (5 bytes a board); default: stored while they fit 14 GiB
    #[arg(long, value_name = "stored|replayed")]
    children: Option<Children>,
    /// urim, oware: the databases' bounds value endless play at the extremes (-n, +n) or
    /// by the rows' split it keeps (rule 6; tighter, files named `…-rows-NN.db`)
    #[arg(long, value_name = "extremes|rows", default_value = "extremes")]
    endless: Endless,
    /// The proof search's table in MiB (default: by the boards it can meet above the
    /// databases, at most a quarter of the memory available)
    #[arg(long, value_name = "MB", value_parser = common::cli::at_least_one)]
    tt_mb: Option<u64>,
    /// Stop the proof after this many seconds and print the bounds reached (urim, oware:
    /// 60 unless --time or --nodes is given; asking for a proof)
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,
    /// Stop the proof after this many nodes and print the bounds reached
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// kalah: no enhanced transposition cutoffs
    #[arg(long)]
    no_etc: bool,
    /// kalah: the deepest depth-limited search before the search to the end
    #[arg(long, value_name = "DEPTH", default_value_t = 32)]
    id: u32,
    /// kalah: a position at the depth limit of those searches counts as an even split, its
    /// rows' difference, or a line in that and the seeds fitted to the largest database
    #[arg(long, value_enum, value_name = "HOW", default_value = "even")]
    leaf: LeafArg,
    /// kalah: the proof search's threads, over one table (default: the machine's cores);
    /// with --parts (feature distributed): worker threads per process (default 1)
    #[arg(long, value_name = "N", value_parser = common::cli::at_least_one)]
    pub(crate) threads: Option<u64>,
    /// kalah: first the value of every turn the side to move can play (a move, or moves
    /// chained by extra turns: "c-a"), each within --time / --nodes
    #[arg(long)]
    moves: bool,
    #[command(flatten)]
    variant: VariantArgs<common::cli::WithDatabases>,
    #[cfg(feature = "distributed")]
    #[command(flatten)]
    pub(crate) dist: dist::DistArgs,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub(crate) enum LeafArg {
    Even,
    Rows,
    Fitted,
}

fn run(cli: &Cli) -> Result<(), String> {
    // The library sets up the start (the variant's, or --from's) and checks the options.
    let start = cli.variant.game(cli.game).map_err(|e| e.to_string())?;
    let is_kalah = cli.game == GameKind::Kalah;
    if cli.moves && !is_kalah {
        return Err("--moves is an option of kalah's solver".into());
    }
    if is_kalah && (cli.no_check || cli.max_path != 256 || cli.by_depth.is_some()) {
        let options = "--no-check, --max-path and --by-depth";
        return Err(format!(
            "{options} are options of urim's and oware's solver"
        ));
    }
    if let Some(t) = cli.time.filter(|t| !(t.is_finite() && *t >= 0.0)) {
        return Err(format!("--time {t}: give a number of seconds, 0 or more"));
    }
    if !cli.memory && cli.db.exists() && !cli.db.is_dir() {
        return Err(format!("--db {}: a file, not a folder", cli.db.display()));
    }
    let (text, v) = (start.notation(), start.variant());
    let repeats = "a repeated position ends the game";
    match *v {
        Variant::Kalah(_) => kalah(cli, v, &text.parse().map_err(|e| format!("{e}"))?),
        Variant::Urim(u) if u.pits() == 7 => cyclic(cli, v, UrimGame::<7>::new(), &text, URIM),
        Variant::Urim(_) => cyclic(cli, v, UrimGame::<6>::new(), &text, URIM),
        _ => cyclic(cli, v, OwareGame::new(), &text, repeats),
    }
}

/// What a repetition means for a Urim position taken as the whole history.
const URIM: &str = "rule 6 counts repetitions from here";

/// The plan for `pos` (of `variant`), its databases built (and checked) with what was
/// built printed; `None` on a process of a cluster other than 0.
pub(crate) fn databases<G: Solvable + Clone + Send + 'static>(
    cli: &Cli,
    variant: &Variant,
    game: &G,
    pos: &G::Pos,
) -> Result<Option<(Plan, Databases)>, String> {
    let plan = Plan::new(game, pos, cli.max_seeds).map_err(|e| match e {
        SolveError::TooManySeeds { .. } => {
            format!("--max-seeds {}: {e}", cli.max_seeds.unwrap_or(0))
        }
        e => e.to_string(),
    })?;
    // Urim's and Oware's databases are checked unless --no-check, Kalah's with --check.
    let plan = plan
        .check(if game.cycles() {
            !cli.no_check
        } else {
            cli.check
        })
        .endless(cli.endless);
    println!("{}: {pos}  ({})", game.name(), game.variant());
    let dir = (!cli.memory).then_some(cli.db.as_path());
    #[cfg(feature = "distributed")]
    if !dist::build(cli, game.clone(), plan.max_seeds(), dir)? {
        return Ok(None);
    }
    let (max_seeds, cycles) = (plan.max_seeds(), game.cycles());
    println!(
        "{}",
        Building {
            max_seeds,
            dir,
            cycles
        }
    );
    let (t, bars) = (Instant::now(), bars::Bars::default());
    let mut options = BuildOptions::new().progress(&bars);
    if let Some(c) = cli.children {
        options = options.children(c);
    }
    let each = |b: &_| println!("{b}");
    let (dbs, built) = match dir {
        // SAFETY: the files in `dir` are this program's own, written once and renamed
        // into place, and not changed while it runs (mapped, Urim's databases of up to
        // 28 seeds cost no memory of the process's own).
        #[allow(unsafe_code)]
        Some(dir) => unsafe { plan.build_mapped(game, options.dir(dir), each) },
        None => plan.build(game, options, each),
    }
    .map_err(|e| report::Refused(&e).to_string())?;
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{}",
        Summary::new(game, &dbs, &built, dir, &variant.flags(), secs)
    );
    let t = Instant::now();
    let reports = plan.verify(game, &dbs).map_err(|e| e.to_string())?;
    if plan.checks() {
        let seconds = t.elapsed().as_secs_f64();
        println!(
            "{}",
            Checked {
                seconds,
                reports,
                cycles
            }
        );
    }
    Ok(Some((plan, dbs)))
}

fn main() -> ExitCode {
    common::quiet_on_closed_pipe();
    common::exit_code(run(&Cli::parse()))
}
