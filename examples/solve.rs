//! Solve: builds the endgame databases of a game (every board with up to `--max-seeds`
//! seeds on it) and proves the value of a position with them.
//!
//! ```text
//! cargo run --release --example solve -- urim [--pits 6|7] [--seeds 3|4] [--max-seeds 20]
//!     [--from "<notation>"] [--db DIR] [--memory] [--no-check] [--time SECONDS]
//!     [--nodes N] [--max-path PLIES] [--by-depth PLIES] [--children stored|replayed]
//! cargo run --release --example solve -- oware [--seeds 4|3] [--max-seeds 16]
//!     [--from "<notation>"] [--db DIR] [--memory] [--no-check] [--time SECONDS]
//!     [--nodes N] [--max-path PLIES] [--by-depth PLIES] [--children stored|replayed]
//! cargo run --release --example solve -- kalah [--pits 6] [--seeds 4] [--from "<notation>"]
//!     [--empty-capture] [--mover-empty] [--max-seeds N] [--db DIR] [--memory]
//!     [--check] [--tt-mb MB] [--time SECONDS] [--nodes N] [--no-etc] [--id DEPTH]
//!     [--leaf even|rows|fitted] [--threads N] [--moves]
//! ```
//!
//! The databases are files in `--db` (default `target/solve-db`), one per seed
//! count, read back (checked) when they are already there; `--memory` keeps them in
//! memory only. After the build the program says what it built (seed counts, files,
//! size, folder) and how to give them to `play` and `analyze` (`--db DIR`). `--check`
//! re-checks every database (each value the best over its children). The proof
//! search stops at `--time` or `--nodes` if given and then prints the bounds it
//! reached. The value is the final margin of the side to move (its total minus the
//! opponent's); at the start, the first player's. The proof search's table is sized
//! by the boards it can meet and the memory available (`--tt-mb` sets it). For Kalah,
//! `--moves` first proves the value of every turn the side to move can play (the
//! first-move table: a move, or moves chained by extra turns such as `c-a`), each
//! within `--time` / `--nodes`, side by side on the threads; the position's value, its
//! best turn's, then comes from the table they leave.
//!
//! Urim's databases hold two bounds per board (rule 6 makes values depend on the
//! history; docs/solving.md, "Games with cycles"); they are always re-checked after
//! they are built or read, and the proof search carries the history along its path.
//! Oware's too (its repetition rule splits the seeds as Urim's does); they hold the
//! game with the end by majority played on, and so does its proof search. For these
//! two the proof search runs only when asked (`--from`, `--time` or `--nodes`) or when
//! the databases hold the position (then it is a look-up); it stops after 60 s unless
//! `--time` or `--nodes` says otherwise (the start is far beyond what it proves).

mod common;

use std::path::PathBuf;

use clap::Parser;
use common::cli::VariantArgs;
use mancala::runtime::{AnyGame, GameKind, Variant};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use mancala_solve::build::{BuildOptions, Built, build, build_mapped, check_table};
use mancala_solve::db::Databases;
use mancala_solve::history::{HistoryGame, HistoryProver};
use mancala_solve::kalah::{Kalah, KalahGame, Rules};
use mancala_solve::oware::{Oware, OwareGame};
use mancala_solve::retro::Children;
use mancala_solve::search::{
    LeafEstimate, Limits, Prover, available_memory, boards_above, table_bits,
};
use mancala_solve::urim::{Urim, UrimGame};
use mancala_solve::{Position, SolveGame};

/// Builds the endgame databases of a game and proves the value of a position with them.
#[derive(Parser, Debug)]
#[command(
    name = "solve",
    after_help = "The value is the final margin of the side to move (its total minus the \
        opponent's); at the start, the first player's. The published Kalah values (Irving et \
        al. 2000) hold with --empty-capture (docs/solving.md).\n\n\
        Examples:\n  \
        cargo run --release --example solve -- urim --max-seeds 20\n  \
        cargo run --release --example solve -- kalah --pits 6 --seeds 4 --empty-capture\n  \
        cargo run --release --example solve -- kalah --pits 4 --seeds 3 --memory --check"
)]
struct Cli {
    /// The game
    #[arg(value_enum)]
    game: SolverGame,
    /// Databases of every board with up to S seeds on it (default: urim and oware 16; kalah 20
    /// for 6 pits, 22 for 5, 24 for 4, every board for fewer)
    #[arg(long, value_name = "S")]
    max_seeds: Option<u32>,
    /// The databases' folder, read back (checked) when they are already there
    #[arg(long, value_name = "DIR", default_value = "target/solve-db")]
    db: PathBuf,
    /// Keep the databases in memory only (no files)
    #[arg(long)]
    memory: bool,
    /// Re-check every database (each value the best over its children); urim always
    /// does unless --no-check
    #[arg(long)]
    check: bool,
    /// urim, oware: the longest stretch without capture the proof search follows (it tries
    /// 8, 16, 32, … up to this); longer lines count as the worst (lower bound) or
    /// best (upper bound) for the side to move, which keeps the bounds sound
    #[arg(long, value_name = "PLIES", default_value_t = 256)]
    max_path: usize,
    /// urim, oware: instead, cut the whole line at 1, 2, …, PLIES moves (each stage's
    /// bounds sound, the best kept): a bound proven at depth d is a strategy that
    /// reaches it within d moves whatever the other side plays
    #[arg(long, value_name = "PLIES")]
    by_depth: Option<usize>,
    /// urim, oware: skip the consistency check of the databases (files read back are still
    /// refused if their checksum does not match)
    #[arg(long)]
    no_check: bool,
    /// urim, oware: how the retrograde analysis finds a board's children of as many
    /// seeds: stored from the first pass (fast, about 49 bytes a board) or replayed
    /// in every iteration (about 5 bytes a board); by default stored while they fit
    /// in 14 GiB (Urim 2×6: up to 23 seeds)
    #[arg(long, value_enum, value_name = "HOW")]
    children: Option<ChildrenArg>,
    /// The transposition table's size in MiB (default: by the boards the search can meet
    /// above the databases, at most a quarter of the memory available)
    #[arg(long, value_name = "MB")]
    tt_mb: Option<u64>,
    /// Stop the proof after this many seconds and print the bounds reached (urim, oware:
    /// 60 unless --time or --nodes is given; asking for a proof)
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
    /// kalah: what a position at the depth limit of those searches counts as: an even
    /// split (V = 0), its rows' difference (the mover's seeds on the board minus the
    /// opponent's), or a line in that difference and the seeds fitted to the largest
    /// database
    #[arg(long, value_enum, value_name = "HOW", default_value = "even")]
    leaf: LeafArg,
    /// kalah: the threads of the proof search, all over one table (default: the machine's
    /// cores); with --parts (feature distributed): worker threads per process (default 1)
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// kalah: before the position's value, the value of every turn the side to move can
    /// play (a move, or moves chained by extra turns: "c-a"), each proved within --time
    /// / --nodes, side by side on the threads, over one table
    #[arg(long)]
    moves: bool,
    #[command(flatten)]
    variant: VariantArgs,
    #[cfg(feature = "distributed")]
    #[command(flatten)]
    dist: DistArgs,
}

/// Feature `distributed`: the build as a timely dataflow (docs/solving.md, "It runs").
#[cfg(feature = "distributed")]
#[derive(clap::Args, Debug)]
struct DistArgs {
    /// Build the databases as a timely dataflow: this process's partitions and manifest
    /// go to DIR; process 0 then merges the partitions of every process found in DIR into
    /// --db (on a cluster, gather the folders first)
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

/// With `--parts`: builds the databases of `game` as this process of the cluster; on
/// process 0, merges every process's partitions into `dir` (which `databases` then
/// reads back). Returns whether this process goes on (process 0).
#[cfg(feature = "distributed")]
fn distributed<G: SolveGame + Clone + Send + 'static>(
    cli: &Cli,
    game: G,
    max_seeds: u32,
    dir: Option<&std::path::Path>,
) -> Result<bool, String> {
    use mancala_distributed::{Cluster, Options, SeedReport, install_failure_hook, parts, run};
    let d = &cli.dist;
    let Some(folder) = &d.parts else {
        return Ok(true);
    };
    let dir = dir.ok_or("--parts writes database files: it cannot go with --memory")?;
    install_failure_hook();
    // With --parts, --threads is the worker threads per process (default 1).
    let threads = cli.threads.unwrap_or(1);
    let cluster = Cluster::new(threads, d.processes, d.process, d.hostfile.clone());
    let options = Options {
        max_seeds,
        parts: folder.clone(),
        resume: d.resume,
        progress: true,
        pause: Duration::ZERO,
    };
    println!(
        "timely dataflow: {} workers ({} processes of {} threads), this is process {}",
        cluster.workers(),
        d.processes,
        threads,
        d.process
    );
    let game_name = game.name();
    let line = move |r: &SeedReport| {
        println!(
            "{game_name} {:>2} seeds: {} boards, {}",
            r.seeds,
            r.boards,
            if r.resumed {
                "resumed".to_string()
            } else {
                format!(
                    "{} rounds, {:.2} s, {} messages, {} bytes between processes",
                    r.rounds, r.seconds, r.messages, r.bytes
                )
            }
        );
    };
    let merge_game = game.clone();
    run(game, &cluster, options, line).map_err(|e| e.to_string())?;
    if d.process != 0 {
        println!("process {}: partitions in {}", d.process, folder.display());
        return Ok(false);
    }
    let merged = parts::merge(&merge_game, folder, dir).map_err(|e| e.to_string())?;
    println!(
        "merged the partitions of {} seed counts into {}",
        merged.len(),
        dir.display()
    );
    Ok(true)
}

/// `--children`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum ChildrenArg {
    Stored,
    Replayed,
}

impl From<ChildrenArg> for Children {
    fn from(c: ChildrenArg) -> Children {
        match c {
            ChildrenArg::Stored => Children::Stored,
            ChildrenArg::Replayed => Children::Replayed,
        }
    }
}

/// The games the solver knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum SolverGame {
    /// Urim (2×6 or 2×7), by retrograde analysis
    Urim,
    /// Oware, by retrograde analysis
    Oware,
    /// Kalah, databases and proof search
    Kalah,
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
    match *start.variant() {
        Variant::Kalah(_) => run_kalah(&cli, &start),
        Variant::Urim(v) if v.pits() == 7 => run_urim::<7>(&cli, &start),
        Variant::Urim(_) => run_urim::<6>(&cli, &start),
        _ => run_oware(&cli, &start),
    }
}

/// Builds (or reads back) the databases of `game` up to `max_seeds` into `dir` (in
/// memory without), printing a line per seed count and then what was built and how to
/// use it; re-checks them if `check`.
fn databases<G: SolveGame>(
    game: &G,
    cli: &Cli,
    max_seeds: u32,
    dir: Option<&std::path::Path>,
    check: bool,
) -> Result<Databases, String> {
    let t0 = Instant::now();
    let mut dbs = Databases::new(game, max_seeds).map_err(|e| e.to_string())?;
    println!(
        "databases up to {max_seeds} seeds{}",
        dir.map_or(" (in memory)".to_string(), |d| format!(
            " in {}",
            d.display()
        ))
    );
    let retro = game.cycles();
    println!(
        "{:>5} {:>14} {:>10} {:>9} {:>14}{}",
        "seeds",
        "boards",
        "MiB",
        "seconds",
        "boards/s",
        if retro {
            // Stored children: rounds of settling by levels and the bounds settled;
            // replayed: iterations and boards evaluated.
            "      rounds  worklist   evaluated     cyclic  unresolved  children"
        } else {
            ""
        }
    );
    let options = BuildOptions {
        progress: true,
        children: cli.children.map(Children::from),
    };
    let each = |b: &Built| {
        println!(
            "{:>5} {:>14} {:>10.1} {:>9.2} {:>14}{}",
            b.seeds,
            b.boards,
            (b.boards * dbs_width(retro)) as f64 / (1 << 20) as f64,
            b.seconds,
            if b.loaded {
                "read".to_string()
            } else {
                format!("{:.0}", b.boards as f64 / b.seconds.max(1e-9))
            },
            b.retro.map_or(String::new(), |r| format!(
                "  {:>10} {:>9} {:>11} {:>10} {:>11}  {}",
                r.iterations,
                r.worklist_from,
                r.evaluated,
                r.cyclic,
                r.unresolved,
                match r.children {
                    Some(Children::Stored) => "stored",
                    Some(Children::Replayed) => "replayed",
                    None => "",
                }
            ))
        );
    };
    let built = match dir {
        // SAFETY: the files in `dir` are this program's own, written once and renamed
        // into place, and not changed while it runs (mapped, Urim's databases of up to
        // 28 seeds cost no memory of the process's own).
        #[allow(unsafe_code)]
        Some(dir) => unsafe { build_mapped(game, &mut dbs, max_seeds, dir, options, each) },
        None => build(game, &mut dbs, max_seeds, None, options, each),
    }
    .map_err(|e| e.to_string())?;
    println!(
        "databases: {} bytes, {:.1} MiB, {:.1} s",
        dbs.bytes(),
        dbs.bytes() as f64 / (1 << 20) as f64,
        t0.elapsed().as_secs_f64()
    );
    let read = built.iter().filter(|b| b.loaded).count();
    let what = format!(
        "{} ({}), every board of 0 to {} seeds",
        game.name(),
        game.variant(),
        dbs.len().saturating_sub(1)
    );
    match dir {
        Some(dir) => {
            let files = u64::from(dbs.len());
            let size = dbs.bytes() + files * mancala_solve::file::HEADER_LEN as u64;
            println!(
                "built: the databases of {what}: {files} files, {size} bytes ({}), in {} ({} computed, {read} read back)",
                human(size),
                dir.display(),
                built.len() - read,
            );
            println!(
                "use them: --db {0} on play and analyze, e.g.\n  \
                 cargo run --release --example play -- {1} --db {0}\n  \
                 cargo run --release --example analyze -- {1} --db {0} --from \"<position>\"",
                dir.display(),
                game.name()
            );
        }
        None => println!(
            "built: the databases of {what}, in memory only (--memory): nothing written; \
             without --memory they go to --db DIR for play and analyze"
        ),
    }
    if check {
        let t = Instant::now();
        let mut unresolved = Vec::new();
        for seeds in 0..dbs.len() {
            let r = check_table(game, &dbs, seeds).map_err(|e| e.to_string())?;
            if r.wrong > 0 {
                return Err(format!(
                    "database of {seeds} seeds: {} of {} values are not what their children give, e.g. {:?}",
                    r.wrong, r.boards, r.examples
                ));
            }
            unresolved.push((r.unresolved, r.gap as f64 / r.boards.max(1) as f64));
        }
        println!(
            "check: every value is what its children give ({:.1} s)",
            t.elapsed().as_secs_f64()
        );
        if retro {
            println!("seeds: boards with L < U, mean U - L over all boards");
            for (seeds, (u, gap)) in unresolved.iter().enumerate() {
                println!("{seeds:>5}: {u:>12} {gap:>8.2}");
            }
        }
    }
    Ok(dbs)
}

/// `bytes` in KiB, MiB or GiB, one decimal.
fn human(bytes: u64) -> String {
    let b = bytes as f64;
    match bytes {
        0..0x10_0000 => format!("{:.1} KiB", b / 1024.0),
        0x10_0000..0x4000_0000 => format!("{:.1} MiB", b / (1 << 20) as f64),
        _ => format!("{:.1} GiB", b / (1 << 30) as f64),
    }
}

fn dbs_width(retro: bool) -> u64 {
    if retro { 2 } else { 1 }
}

fn limits(cli: &Cli) -> Result<Limits, String> {
    let time = match cli.time {
        Some(t) if !(t.is_finite() && t >= 0.0) => {
            return Err(format!("--time {t}: give a number of seconds, 0 or more"));
        }
        t => t.map(Duration::from_secs_f64),
    };
    Ok(Limits {
        nodes: cli.nodes,
        time,
    })
}

fn run_urim<const N: usize>(cli: &Cli, start: &AnyGame) -> Result<(), String> {
    let start: Urim<N> = start.notation().parse().map_err(|e| format!("{e}"))?;
    let game = UrimGame::<N>::new();
    let st = start.stores();
    let on_board = u32::from(start.total()) - u32::from(st.south) - u32::from(st.north);
    let max_seeds = cli.max_seeds.unwrap_or(16).min(on_board);
    if max_seeds > 28 {
        return Err(format!(
            "--max-seeds {max_seeds}: this solver builds Urim databases of up to 28 seeds"
        ));
    }
    let dir = (!cli.memory).then(|| cli.db.clone());
    limits(cli)?;
    println!("urim: {start}  ({})", game.variant());
    #[cfg(feature = "distributed")]
    if !distributed(cli, game, max_seeds, dir.as_deref())? {
        return Ok(());
    }
    let dbs = databases(&game, cli, max_seeds, dir.as_deref(), !cli.no_check)?;
    if !proof_wanted(cli, on_board, &dbs) {
        return Ok(());
    }
    let limits = default_limits(cli)?;
    prove_history(
        cli,
        game,
        &dbs,
        &start,
        &limits,
        on_board,
        "rule 6 counts repetitions from here",
    )
}

/// Whether to run the proof search of a game with cycles: when asked (`--from`,
/// `--time`, `--nodes`), or when the databases hold the position (a look-up). Says
/// why not otherwise.
fn proof_wanted(cli: &Cli, on_board: u32, dbs: &Databases) -> bool {
    let asked = cli.variant.from.is_some() || cli.time.is_some() || cli.nodes.is_some();
    if asked || on_board < dbs.len() {
        return true;
    }
    println!(
        "no proof search: the start has {on_board} seeds on the board, the databases hold up to \
         {}, and a proof from there does not finish in minutes (docs/solving.md); give --from \
         \"<position>\" to prove a position, --time or --nodes to search the start anyway",
        dbs.len().saturating_sub(1)
    );
    false
}

/// The proof limits of `--time` and `--nodes`; 60 s if neither is given (the start of
/// Urim or Oware is far beyond what the search proves here).
fn default_limits(cli: &Cli) -> Result<Limits, String> {
    let mut limits = limits(cli)?;
    if limits.time.is_none() && limits.nodes.is_none() {
        limits.time = Some(Duration::from_secs(60));
        println!("proof search limited to 60 s (give --time or --nodes to change it)");
    }
    Ok(limits)
}

/// The history-carrying proof search of `start` over `dbs`, printed: the bounds as
/// they are proven, then the value or the bounds reached and a best move.
fn prove_history<G: HistoryGame>(
    cli: &Cli,
    game: G,
    dbs: &Databases,
    start: &G::Pos,
    limits: &Limits,
    on_board: u32,
    repetition: &str,
) -> Result<(), String> {
    // About 48 bytes an entry, one per board right after a capture and run (two runs);
    // the map grows as it is used, up to this.
    const ENTRY: u64 = 48;
    let entries = match cli.tt_mb {
        Some(mb) => mb.max(1).saturating_mul(1 << 20) / ENTRY,
        None => {
            let boards = boards_above(2 * game.pits_per_side(), dbs.len(), on_board);
            let budget = available_memory().map_or(256 << 20, |a| a / 4);
            boards.saturating_mul(2).min(budget / ENTRY).max(1024)
        }
    };
    let entries = usize::try_from(entries).unwrap_or(usize::MAX);
    let mut prover = HistoryProver::new(game, dbs, entries).map_err(|e| e.to_string())?;
    prover.set_max_path(cli.max_path);
    let t = Instant::now();
    // The depth at which the lower bound was last raised (its strategy's line).
    let mut lower_at = None;
    let proof = match cli.by_depth {
        Some(last) => prover.prove_by_depth(start, limits, (1, 1, last), |lower, upper, nodes, d| {
            if lower_at.is_none_or(|(l, _)| lower > l) {
                lower_at = Some((lower, d));
            }
            eprintln!(
                "  bounds [{lower}, {upper}] with lines cut at {d} moves, after {nodes} nodes, {:.1} s",
                t.elapsed().as_secs_f64()
            );
        }),
        None => prover.prove_deepening(start, limits, |lower, upper, nodes| {
            eprintln!(
                "  bounds [{lower}, {upper}] after {nodes} nodes, {:.1} s",
                t.elapsed().as_secs_f64()
            );
        }),
    }
    .map_err(|e| e.to_string())?;
    let secs = t.elapsed().as_secs_f64();
    let mover = start.side_to_move();
    println!(
        "(the position is taken as the whole history, as at the start of a game: \
         {repetition})"
    );
    report(
        mover,
        proof.value(),
        proof.lower,
        proof.upper,
        proof.stopped,
    );
    match proof.best {
        Some(m) if proof.value().is_none() => {
            println!("a move that reaches the lower bound: {m}");
            if let Some((lower, d)) = lower_at.filter(|&(l, _)| l == proof.lower) {
                let line = prover.line(start, lower, d).map_err(|e| e.to_string())?;
                let mut end = start.clone();
                for &m in &line {
                    end.play(m)
                        .map_err(|e| format!("the line's move {m} at {end}: {e}"))?;
                }
                let line: Vec<String> = line.iter().map(ToString::to_string).collect();
                println!(
                    "its line (proven with lines cut at {d} moves; each reply the one that holds \
                     the bound lowest): {}\n  after it: {end}",
                    line.join(" ")
                );
            }
        }
        Some(m) => println!("best move: {m}"),
        None => {}
    }
    println!(
        "search: {} nodes, {} null-window searches, {secs:.2} s, {:.0} nodes/s",
        proof.nodes,
        proof.searches,
        proof.nodes as f64 / secs.max(1e-9)
    );
    Ok(())
}

fn run_oware(cli: &Cli, start: &AnyGame) -> Result<(), String> {
    let start: Oware = start.notation().parse().map_err(|e| format!("{e}"))?;
    let game = OwareGame::new();
    let st = start.stores();
    let on_board = u32::from(start.total()) - u32::from(st.south) - u32::from(st.north);
    let max_seeds = cli.max_seeds.unwrap_or(16).min(on_board);
    if max_seeds > 28 {
        return Err(format!(
            "--max-seeds {max_seeds}: this solver builds Oware databases of up to 28 seeds"
        ));
    }
    let dir = (!cli.memory).then(|| cli.db.clone());
    limits(cli)?;
    println!("oware: {start}  ({})", game.variant());
    #[cfg(feature = "distributed")]
    if !distributed(cli, game, max_seeds, dir.as_deref())? {
        return Ok(());
    }
    let dbs = databases(&game, cli, max_seeds, dir.as_deref(), !cli.no_check)?;
    if let mancala::Status::Over(o) = start.status() {
        println!("the game is over: {o:?}");
        return Ok(());
    }
    if !proof_wanted(cli, on_board, &dbs) {
        return Ok(());
    }
    let limits = default_limits(cli)?;
    println!(
        "(the margin is that of the game played on past a majority in a store, which keeps \
         the winner; docs/solving.md, \"Oware\")"
    );
    prove_history(
        cli,
        game,
        &dbs,
        &start,
        &limits,
        on_board,
        "a repeated position ends the game",
    )
}

fn report(mover: mancala_solve::Player, value: Option<i32>, lower: i32, upper: i32, stopped: bool) {
    match value {
        Some(v) => println!(
            "value: {v:+} for {mover:?} (the side to move){}",
            match v.signum() {
                1 => format!(": {mover:?} wins by {v}"),
                -1 => format!(": {mover:?} loses by {}", -v),
                _ => ": a draw".to_string(),
            }
        ),
        None => println!(
            "not proven{}: the value for {mover:?} is between {lower} and {upper}",
            if stopped {
                " (stopped at the limit)"
            } else {
                ""
            },
        ),
    }
}

fn run_kalah(cli: &Cli, start: &AnyGame) -> Result<(), String> {
    if cli.no_check || cli.max_path != 256 || cli.by_depth.is_some() {
        return Err(
            "--no-check, --max-path and --by-depth are options of urim's and oware's solver".into(),
        );
    }
    let start: Kalah = start.notation().parse().map_err(|e| format!("{e}"))?;
    let rules: Rules = start.rules();
    let pits = rules.pits;
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
    let limits = limits(cli)?;
    println!("kalah: {start}  ({})", game.variant());
    #[cfg(feature = "distributed")]
    if !distributed(cli, game, max_seeds, dir.as_deref())? {
        return Ok(());
    }
    let dbs = databases(&game, cli, max_seeds, dir.as_deref(), cli.check)?;

    // The table: 2^bits buckets of 32 bytes; by the boards the search can meet above
    // the databases and the memory there is, unless --tt-mb says.
    let bits = match cli.tt_mb {
        Some(mb) => (mb.max(1).saturating_mul(1 << 20) / 32).max(1).ilog2(),
        None => table_bits(
            boards_above(2 * usize::from(pits), dbs.len(), on_board),
            available_memory(),
        ),
    };
    let mut prover = Prover::new(&game, &dbs, bits).map_err(|e| e.to_string())?;
    let tt_mib = prover.table_bytes() as f64 / (1 << 20) as f64;
    prover.set_etc(!cli.no_etc);
    prover.set_iterative_deepening(cli.id);
    prover.set_leaf_estimate(match cli.leaf {
        LeafArg::Rows => LeafEstimate::Rows,
        LeafArg::Even => LeafEstimate::Even,
        LeafArg::Fitted => {
            let seeds = dbs.len().saturating_sub(1);
            let fitted = LeafEstimate::fit(&dbs, seeds)
                .ok_or("--leaf fitted: no database with a seed to fit the line to")?;
            if let LeafEstimate::Fitted { slope, lean } = fitted {
                println!(
                    "estimate at the depth limit: {:.3}·(rows' difference) + {:.3}·(seeds), \
                     fitted to the {seeds}-seed database",
                    f64::from(slope) / 1024.0,
                    f64::from(lean) / 1024.0
                );
            }
            fitted
        }
    });
    let threads = cli
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    if threads == 0 {
        return Err("--threads 0: give at least one thread".into());
    }
    prover.set_threads(threads);
    if cli.moves {
        // The turns first: the start's proof then finds its value in the table.
        move_table(&mut prover, &start, &limits)?;
    }
    let t = Instant::now();
    let cpu = cpu_seconds();
    let proof = prover
        .prove_with(&start, &limits, |lower, upper, nodes| {
            eprintln!(
                "  bounds [{lower}, {upper}] after {nodes} nodes, {:.1} s",
                t.elapsed().as_secs_f64()
            );
        })
        .map_err(|e| e.to_string())?;
    let secs = t.elapsed().as_secs_f64();
    let cpu = cpu_seconds().zip(cpu).map(|(b, a)| b - a);
    let mover = start.side_to_move();
    report(
        mover,
        proof.value(),
        proof.lower,
        proof.upper,
        proof.stopped,
    );
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
        "search: {} nodes, {} null-window searches, {secs:.2} s{}, {:.0} nodes/s; {threads} \
         thread{}, table {tt_mib:.2} MiB",
        proof.nodes,
        proof.searches,
        cpu.map(|c| format!(" ({c:.2} s CPU)")).unwrap_or_default(),
        proof.nodes as f64 / secs.max(1e-9),
        if threads == 1 { "" } else { "s" },
    );
    Ok(())
}

/// `--moves`: the value of every turn of `start` for its mover, as each is proven.
fn move_table(
    prover: &mut Prover<'_, KalahGame>,
    start: &Kalah,
    limits: &Limits,
) -> Result<(), String> {
    println!("turn  value for the mover         nodes   seconds");
    let t = Instant::now();
    let turns = prover
        .prove_turns(start, limits, |turn, p| {
            let turn: Vec<String> = turn.iter().map(ToString::to_string).collect();
            let value = match p.value() {
                Some(v) => format!("{v:+}"),
                None => format!("between {:+} and {:+}", p.lower, p.upper),
            };
            println!(
                "{:<5} {value:<20} {:>12} {:>9.1}",
                turn.join("-"),
                p.nodes,
                t.elapsed().as_secs_f64()
            );
        })
        .map_err(|e| e.to_string())?;
    println!(
        "turns: {} nodes, {:.1} s",
        turns.iter().map(|(_, p)| p.nodes).sum::<u64>(),
        t.elapsed().as_secs_f64()
    );
    Ok(())
}

/// What a position at the depth limit counts as (`--leaf`).
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum LeafArg {
    /// An even split: 0
    Even,
    /// The mover's seeds on the board minus the opponent's
    Rows,
    /// A line in the rows' difference and the seeds on the board, fitted to the largest
    /// database by least squares
    Fitted,
}

/// The CPU time of this process so far (all its threads), in seconds: Linux's
/// `/proc/self/stat` (utime + stime at 100 ticks a second); `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (which is in parentheses).
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn main() -> ExitCode {
    common::exit_code(run())
}
