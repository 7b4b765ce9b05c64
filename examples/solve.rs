//! Solve: builds the endgame databases of a game (every board with up to `--max-seeds`
//! seeds on it) and proves the value of a position with them (`--help` for the options).
//!
//! ```text
//! cargo run --release --example solve -- urim|oware|kalah [options]
//! ```
//!
//! What to build, the check and the proof are the library's solving plan
//! (`mancala_solve::plan`, docs/solving.md); this program reads the options, draws the
//! progress bars and prints what was built and proven. With the feature `distributed`,
//! `--parts` builds the databases as a timely dataflow (`mancala_distributed`).

mod common;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use common::{bars::Bars, cli::VariantArgs};
use mancala::runtime::{AnyGame, GameKind, Variant};
use mancala_solve::build::{BuildOptions, Built};
use mancala_solve::history::HistoryProver;
use mancala_solve::kalah::{Kalah, KalahGame};
use mancala_solve::oware::OwareGame;
use mancala_solve::plan::{Plan, Verdict, prove_history};
use mancala_solve::retro::Children;
use mancala_solve::search::{LeafEstimate, Limits, Prover, available_memory, cpu_seconds};
use mancala_solve::urim::UrimGame;
use mancala_solve::{
    Cyclic, Position, Solvable, SolveError,
    db::Databases,
    file::{Endless, HEADER_LEN},
};

/// Builds the endgame databases of a game and proves the value of a position with them.
#[derive(Parser, Debug)]
#[command(
    name = "solve",
    after_help = "The value is the final margin of the side to move (its total minus the \
        opponent's); at the start, the first player's. The published Kalah values (Irving et \
        al. 2000) hold with --empty-capture. Urim's and Oware's proof searches carry the \
        history (docs/solving.md).\n\n\
        Examples:\n  \
        cargo run --release --example solve -- urim --max-seeds 20\n  \
        cargo run --release --example solve -- kalah --pits 6 --seeds 4 --empty-capture\n  \
        cargo run --release --example solve -- kalah --pits 4 --seeds 3 --memory --check"
)]
struct Cli {
    /// The game: urim (2×6 or 2×7) and oware by retrograde analysis, kalah
    #[arg(value_enum)]
    game: SolverGame,
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
    #[arg(long, value_name = "MB")]
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
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// kalah: first the value of every turn the side to move can play (a move, or moves
    /// chained by extra turns: "c-a"), each within --time / --nodes
    #[arg(long)]
    moves: bool,
    #[command(flatten)]
    variant: VariantArgs,
    #[cfg(feature = "distributed")]
    #[command(flatten)]
    dist: dist::DistArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum SolverGame {
    Urim,
    Oware,
    Kalah,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum LeafArg {
    Even,
    Rows,
    Fitted,
}

fn run() -> Result<(), String> {
    let cli = Cli::try_parse().unwrap_or_else(|e| e.exit());
    let kind = match cli.game {
        SolverGame::Urim => GameKind::Urim,
        SolverGame::Oware => GameKind::Oware,
        SolverGame::Kalah => GameKind::Kalah,
    };
    // The library sets up the start (the variant's, or --from's) and checks the options.
    let start = cli.variant.game(kind).map_err(|e| e.to_string())?;
    if cli.moves && kind != GameKind::Kalah {
        return Err("--moves is an option of kalah's solver".into());
    }
    let (rule6, repeated) = (
        "rule 6 counts repetitions from here",
        "a repeated position ends the game",
    );
    match *start.variant() {
        Variant::Kalah(_) => kalah(&cli, &start),
        Variant::Urim(v) if v.pits() == 7 => history(&cli, UrimGame::<7>::new(), &start, rule6),
        Variant::Urim(_) => history(&cli, UrimGame::<6>::new(), &start, rule6),
        _ => history(&cli, OwareGame::new(), &start, repeated),
    }
}

/// The plan for `pos`, its databases built (and checked) with what was built printed,
/// and the proof's limits; `None` on a process of a cluster other than 0.
fn databases<G: Solvable + Clone + Send + 'static>(
    cli: &Cli,
    game: &G,
    pos: &G::Pos,
) -> Result<Option<(Plan, Databases, Limits)>, String> {
    let plan = Plan::new(game, pos, cli.max_seeds).map_err(|e| match e {
        SolveError::TooManySeeds { seeds, .. } => format!("--max-seeds {seeds}: {e}"),
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
    let time = match cli.time {
        Some(t) if !(t.is_finite() && t >= 0.0) => {
            return Err(format!("--time {t}: give a number of seconds, 0 or more"));
        }
        t => t.map(Duration::from_secs_f64),
    };
    println!("{}: {pos}  ({})", game.name(), game.variant());
    let dir = (!cli.memory).then_some(cli.db.as_path());
    #[cfg(feature = "distributed")]
    if !dist::build(cli, game.clone(), plan.max_seeds(), dir)? {
        return Ok(None);
    }
    let at = dir.map_or(" (in memory)".into(), |d| format!(" in {}", d.display()));
    println!("databases up to {} seeds{at}", plan.max_seeds());
    println!("{}", Built::header(game.cycles()));
    let (t, bars) = (Instant::now(), Bars::default());
    let mut options = BuildOptions::new().progress(&bars);
    if let Some(c) = cli.children {
        options = options.children(c);
    }
    let each = |b: &Built| println!("{b}");
    let (dbs, built) = match dir {
        // SAFETY: the files in `dir` are this program's own, written once and renamed
        // into place, and not changed while it runs (mapped, Urim's databases of up to
        // 28 seeds cost no memory of the process's own).
        #[allow(unsafe_code)]
        Some(dir) => unsafe { plan.build_mapped(game, options.dir(dir), each) },
        None => plan.build(game, options, each),
    }
    .map_err(|e| e.to_string())?;
    let (bytes, secs) = (dbs.bytes(), t.elapsed().as_secs_f64());
    let mib = bytes as f64 / f64::from(1 << 20);
    println!("databases: {bytes} bytes, {mib:.1} MiB, {secs:.1} s");
    let last = dbs.len().saturating_sub(1);
    let what = format!(
        "{} ({}), every board of 0 to {last} seeds",
        game.name(),
        game.variant()
    );
    if let Some(d) = dir.map(Path::display) {
        let files = u64::from(dbs.len());
        let size = bytes + files * HEADER_LEN as u64;
        let read = built.iter().filter(|b| b.loaded).count();
        let computed = built.len() - read;
        println!(
            "built: the databases of {what}: {files} files, {size} bytes ({}), in {d} \
             ({computed} computed, {read} read back)",
            human(size)
        );
        let g = game.name();
        println!("use them: --db {d} on play and analyze, e.g.");
        println!("  cargo run --release --example play -- {g} --db {d}");
        println!("  cargo run --release --example analyze -- {g} --db {d} --from \"<position>\"");
    } else {
        println!(
            "built: the databases of {what}, in memory only (--memory): nothing written; \
             without --memory they go to --db DIR for play and analyze"
        );
    }
    let t = Instant::now();
    let reports = plan.verify(game, &dbs).map_err(|e| e.to_string())?;
    if plan.checks() {
        let secs = t.elapsed().as_secs_f64();
        println!("check: every value is what its children give ({secs:.1} s)");
    }
    if plan.checks() && game.cycles() {
        println!("seeds: boards with L < U, mean U - L over all boards");
        for r in &reports {
            println!("{:>5}: {:>12} {:>8.2}", r.seeds, r.unresolved, r.mean_gap());
        }
    }
    Ok(Some((
        plan,
        dbs,
        Limits {
            nodes: cli.nodes,
            time,
        },
    )))
}

/// `bytes` in KiB, MiB or GiB, one decimal.
fn human(bytes: u64) -> String {
    let (unit, size) = match bytes.ilog2() {
        0..20 => ("KiB", 10),
        20..30 => ("MiB", 20),
        _ => ("GiB", 30),
    };
    format!("{:.1} {unit}", bytes as f64 / f64::from(1 << size))
}

/// Urim or Oware: the databases, then the proof search with history of the start if
/// the plan wants it; `repetition` says what the start's history means.
fn history<G: Cyclic + Clone + Send + 'static>(
    cli: &Cli,
    game: G,
    start: &AnyGame,
    repetition: &str,
) -> Result<(), String> {
    let start: G::Pos = start.notation().parse().map_err(|e| format!("{e}"))?;
    let Some((plan, dbs, limits)) = databases(cli, &game, &start)? else {
        return Ok(());
    };
    let oware = cli.game == SolverGame::Oware;
    if let (true, mancala::Status::Over(o)) = (oware, start.status()) {
        println!("the game is over: {o:?}");
        return Ok(());
    }
    let asked = cli.variant.from.is_some() || cli.time.is_some() || cli.nodes.is_some();
    if !plan.wants_proof(&dbs, asked) {
        println!(
            "no proof search: the start has {} seeds on the board, the databases hold up to \
             {}, and a proof from there does not finish in minutes (docs/solving.md); give \
             --from \"<position>\" to prove a position, --time or --nodes to search the start \
             anyway",
            plan.on_board(),
            dbs.len().saturating_sub(1)
        );
        return Ok(());
    }
    let (limits, set) = plan.limits(limits);
    if set {
        println!("proof search limited to 60 s (give --time or --nodes to change it)");
    }
    if oware {
        println!(
            "(the margin is that of the game played on past a majority in a store, which keeps \
             the winner; docs/solving.md, \"Oware\")"
        );
    }
    let entries = plan.history_entries(&dbs, cli.tt_mb, available_memory());
    let mut prover = HistoryProver::new(game, &dbs, entries).map_err(|e| e.to_string())?;
    prover.set_max_path(cli.max_path);
    let t = Instant::now();
    let found = prove_history(&mut prover, &start, &limits, cli.by_depth, |l, u, n, d| {
        let cut = d.map_or(String::new(), |d| format!(" with lines cut at {d} moves,"));
        let secs = t.elapsed().as_secs_f64();
        eprintln!("  bounds [{l}, {u}]{cut} after {n} nodes, {secs:.1} s");
    })
    .map_err(|e| e.to_string())?;
    let (secs, p) = (t.elapsed().as_secs_f64(), &found.proof);
    println!(
        "(the position is taken as the whole history, as at the start of a game: {repetition})"
    );
    println!("{}", Verdict::of(p, start.side_to_move()));
    match (p.best, p.value()) {
        (Some(m), None) => println!("a move that reaches the lower bound: {m}"),
        (Some(m), Some(_)) => println!("best move: {m}"),
        _ => {}
    }
    if let Some(line) = found.line {
        println!("{line}");
    }
    let rate = p.nodes as f64 / secs.max(1e-9);
    let (n, s) = (p.nodes, p.searches);
    println!("search: {n} nodes, {s} null-window searches, {secs:.2} s, {rate:.0} nodes/s");
    Ok(())
}

/// Kalah: the databases, then the proof search of the start (the turns first with
/// `--moves`).
fn kalah(cli: &Cli, start: &AnyGame) -> Result<(), String> {
    if cli.no_check || cli.max_path != 256 || cli.by_depth.is_some() {
        let options = "--no-check, --max-path and --by-depth";
        return Err(format!(
            "{options} are options of urim's and oware's solver"
        ));
    }
    let start: Kalah = start.notation().parse().map_err(|e| format!("{e}"))?;
    let game = KalahGame::new(start.rules());
    let Some((plan, dbs, limits)) = databases(cli, &game, &start)? else {
        return Ok(());
    };
    let bits = plan.table_bits(&dbs, cli.tt_mb, available_memory());
    let mut prover = Prover::new(&game, &dbs, bits).map_err(|e| e.to_string())?;
    let tt_mib = prover.table_bytes() as f64 / f64::from(1 << 20);
    prover.set_etc(!cli.no_etc);
    prover.set_iterative_deepening(cli.id);
    let seeds = dbs.len().saturating_sub(1);
    let leaf = match cli.leaf {
        LeafArg::Even => LeafEstimate::Even,
        LeafArg::Rows => LeafEstimate::Rows,
        LeafArg::Fitted => LeafEstimate::fit(&dbs, seeds)
            .ok_or("--leaf fitted: no database with a seed to fit the line to")?,
    };
    if let LeafEstimate::Fitted { slope, lean } = leaf {
        let (s, l) = (f64::from(slope) / 1024.0, f64::from(lean) / 1024.0);
        println!(
            "estimate at the depth limit: {s:.3}·(rows' difference) + {l:.3}·(seeds), fitted \
             to the {seeds}-seed database"
        );
    }
    prover.set_leaf_estimate(leaf);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let threads = cli.threads.unwrap_or(cores);
    if threads == 0 {
        return Err("--threads 0: give at least one thread".into());
    }
    prover.set_threads(threads);
    let t = Instant::now();
    if cli.moves {
        // The turns first: the start's proof then finds its value in the table.
        println!("turn  value for the mover         nodes   seconds");
        let turns = prover.prove_turns(&start, &limits, |turn, p| {
            let turn: Vec<String> = turn.iter().map(ToString::to_string).collect();
            let (l, u) = (p.lower, p.upper);
            let value = p
                .value()
                .map_or(format!("between {l:+} and {u:+}"), |v| format!("{v:+}"));
            let secs = t.elapsed().as_secs_f64();
            println!(
                "{:<5} {value:<20} {:>12} {secs:>9.1}",
                turn.join("-"),
                p.nodes
            );
        });
        let nodes: u64 = turns
            .map_err(|e| e.to_string())?
            .iter()
            .map(|(_, p)| p.nodes)
            .sum();
        println!("turns: {nodes} nodes, {:.1} s", t.elapsed().as_secs_f64());
    }
    let (t, cpu) = (Instant::now(), cpu_seconds());
    let proof = prover.prove_with(&start, &limits, |l, u, n| {
        eprintln!(
            "  bounds [{l}, {u}] after {n} nodes, {:.1} s",
            t.elapsed().as_secs_f64()
        );
    });
    let (p, secs) = (proof.map_err(|e| e.to_string())?, t.elapsed().as_secs_f64());
    let cpu = cpu_seconds()
        .zip(cpu)
        .map(|(b, a)| format!(" ({:.2} s CPU)", b - a));
    println!("{}", Verdict::of(&p, start.side_to_move()));
    if let (None, Some(e)) = (p.value(), p.estimate) {
        println!("estimate (depth-limited search, not a bound): {e:+}");
    }
    if let Some(m) = p.best {
        println!("best move: {m}");
    }
    if !start.rules().empty_capture {
        println!(
            "(these are OpenSpiel's rules; the published values of Irving et al. hold with \
             --empty-capture)"
        );
    }
    let (n, s, rate) = (p.nodes, p.searches, p.nodes as f64 / secs.max(1e-9));
    let cpu = cpu.unwrap_or_default();
    let plural = if threads == 1 { "" } else { "s" };
    println!(
        "search: {n} nodes, {s} null-window searches, {secs:.2} s{cpu}, {rate:.0} nodes/s; \
         {threads} thread{plural}, table {tt_mib:.2} MiB"
    );
    Ok(())
}

/// Feature `distributed`: the build as a timely dataflow (docs/solving.md, "It runs").
#[cfg(feature = "distributed")]
mod dist {
    use super::{Bars, Cli, Path, PathBuf, Solvable};
    use mancala_distributed::{Cluster, Options, SeedReport, install_failure_hook, parts, run};

    #[derive(clap::Args, Debug)]
    pub struct DistArgs {
        /// Build the databases as a timely dataflow, this process's partitions in DIR;
        /// process 0 then merges those of every process found in DIR into --db
        #[arg(long, value_name = "DIR")]
        parts: Option<PathBuf>,
        /// With --parts: processes in the cluster
        #[arg(long, value_name = "N", default_value_t = 1)]
        processes: usize,
        /// With --parts: this process's index
        #[arg(long, value_name = "I", default_value_t = 0)]
        process: usize,
        /// With --parts: a file of host:port lines, one per process
        #[arg(long, value_name = "FILE")]
        hostfile: Option<PathBuf>,
        /// With --parts: keep the seed counts every worker finished in an earlier run
        #[arg(long)]
        resume: bool,
    }

    /// With `--parts`: builds the databases as this process of the cluster; on process
    /// 0, merges every process's partitions into `dir` (which the plan's build then reads
    /// back). Whether this process goes on (process 0).
    pub fn build<G: Solvable + Clone + Send + 'static>(
        cli: &Cli,
        game: G,
        max_seeds: u32,
        dir: Option<&Path>,
    ) -> Result<bool, String> {
        let (d, threads) = (&cli.dist, cli.threads.unwrap_or(1));
        let Some(folder) = &d.parts else {
            return Ok(true);
        };
        let dir = dir.ok_or("--parts writes database files: it cannot go with --memory")?;
        install_failure_hook();
        let cluster = Cluster::new(threads, d.processes, d.process, d.hostfile.clone());
        let options = Options {
            resume: d.resume,
            ..Options::new(max_seeds, folder)
        };
        let (w, n, p) = (cluster.workers(), d.processes, d.process);
        println!(
            "timely dataflow: {w} workers ({n} processes of {threads} threads), this is process {p}"
        );
        let name = game.name();
        let line = move |r: &SeedReport| {
            let what = match r.resumed {
                true => "resumed".to_string(),
                false => format!(
                    "{} rounds, {:.2} s, {} messages, {} bytes between processes",
                    r.rounds, r.seconds, r.messages, r.bytes
                ),
            };
            println!("{name} {:>2} seeds: {} boards, {what}", r.seeds, r.boards);
        };
        run(game.clone(), &cluster, options, Bars::default(), line).map_err(|e| e.to_string())?;
        if p != 0 {
            println!("process {p}: partitions in {}", folder.display());
            return Ok(false);
        }
        let merged = parts::merge(&game, folder, dir).map_err(|e| e.to_string())?;
        let (m, d) = (merged.len(), dir.display());
        println!("merged the partitions of {m} seed counts into {d}");
        Ok(true)
    }
}

fn main() -> ExitCode {
    common::exit_code(run())
}
