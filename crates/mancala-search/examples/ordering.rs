//! Move ordering and threads of alpha-beta, measured (release build):
//! `cargo run --release -p mancala-search --example ordering -- [threads…] [no-history]
//! [killers] [nocut | cuts]`.
//!
//! For every game, a fixed set of game records (the start and random games, as the
//! `speed` example; for Omweso also the first 16 middlegames of
//! `benches/omweso_middlegames.txt`) is searched to a fixed depth by alpha-beta with the
//! standard evaluation. Prints the nodes summed over the set (deterministic with one
//! thread: the measure of move ordering) and, for each thread count given (default 1
//! and 2), the wall-clock time to reach that depth over the set. `no-history` turns the
//! history heuristic off, `killers` the killer moves on, `nocut` the table's cuts off
//! (the table only orders moves); `cuts` searches every set with the cuts off and on,
//! one after the other, for each thread count (the nodes and times side by side in
//! one run).
//!
//! `deep [rounds]` measures two threads on deep searches instead: for
//! every game, the start and two records of a few random moves are searched to a depth
//! of seconds (about 1–5 s a search with one thread; the table shows every depth from
//! 0.05 s on, so the shallower depths of earlier runs are kept), with one thread then
//! two, `rounds` times (default 1); it prints, for each depth, the time to reach it
//! summed over the records and rounds, one thread and two, and their ratio (the
//! speed-up), and checks that the two find the same values.
//! `deep [rounds] cut-wait N`: two threads split a node expected to cut only after `N`
//! of its moves (default 1, as every other node; docs/engine.md, "Threads");
//! `split-depth N`: only nodes with `N` plies or more left (default 5).
//! `only GAME`: that game alone; `deeper N`: `N` plies past each game's usual depth;
//! `records N`: the first `N` records of the list (record `k` is the start followed by
//! `3k mod 25` random moves: by default 3, of 0, 3 and 6 moves; 12, the list of this
//! example's own table, adds 9, 12, …, 24, 2, 5 and 8). A named count without a number
//! after it is an error.

mod common;

use std::time::{Duration, Instant};

use common::games;
use mancala_core::record::Record;
use mancala_search::{AlphaBeta, AlphaBetaOptions, Engine, Limits, SplitOptions};

fn report<R: Record + Send + Sync>(
    name: &str,
    gs: &[R],
    depth: u32,
    threads: &[usize],
    bases: &[AlphaBetaOptions],
) where
    mancala_core::record::MoveOf<R>: Send + Sync,
{
    for &t in threads {
        for &base in bases {
            run(name, gs, depth, t, base);
        }
    }
}

fn run<R: Record + Send + Sync>(name: &str, gs: &[R], depth: u32, t: usize, base: AlphaBetaOptions)
where
    mancala_core::record::MoveOf<R>: Send + Sync,
{
    {
        let cuts = if base.table_cuts { "cuts" } else { "nocut" };
        let mut ab = AlphaBeta::with_threads(mancala_search::Static, Limits::depth(depth), base, t);
        let start = Instant::now();
        let mut nodes = 0;
        let mut elapsed = Duration::ZERO;
        for g in gs {
            let r = ab.search(g);
            nodes += r.nodes;
            elapsed += r.elapsed;
        }
        println!(
            "{name:<12} depth {depth:>2}, {:>3} positions, {cuts:<5} {t} thread(s): {nodes:>11} nodes, {:>8.3} s to depth ({:.3} s wall)",
            gs.len(),
            elapsed.as_secs_f64(),
            start.elapsed().as_secs_f64()
        );
    }
}

/// The CPU time of this process so far (every thread's, Linux's `/proc/self/stat`, in
/// clock ticks of 10 ms); 0 elsewhere.
fn process_cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command's closing parenthesis: utime and stime are 14 and 15.
    let rest = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<f64> = rest
        .split_whitespace()
        .filter_map(|x| x.parse().ok())
        .collect();
    // `rest` starts at field 3 (the state, not a number): utime is the 11th number.
    f.get(10)
        .zip(f.get(11))
        .map_or(0.0, |(u, s)| (u + s) / 100.0)
}

/// Time to each depth of `gs` searched to `depth`, one thread against two (`deep`).
/// `(rounds, cut_wait, split_depth)`: the rounds, after how many moves nodes expected
/// to cut split, and from how many plies left nodes split.
fn deep<R: Record + Send + Sync>(
    name: &str,
    gs: &[R],
    depth: u32,
    (rounds, cut_wait, split_depth): (usize, usize, u32),
) where
    mancala_core::record::MoveOf<R>: Send + Sync,
{
    let d = depth as usize;
    // Per thread count: the time to each depth (summed), the nodes to the last.
    let mut time = [vec![Duration::ZERO; d + 1], vec![Duration::ZERO; d + 1]];
    let mut nodes = [0u64; 2];
    // The process's CPU time (all its threads) during the searches of each count.
    let mut cpu = [0.0f64; 2];
    // Per record: the time to the last depth, one thread and two (summed over rounds).
    let mut each = vec![[Duration::ZERO; 2]; gs.len()];
    for _ in 0..rounds {
        for (g, each) in gs.iter().zip(&mut each) {
            let mut values = [vec![None; d + 1], vec![None; d + 1]];
            for t in 0..2 {
                let options = AlphaBetaOptions {
                    split: SplitOptions {
                        depth: split_depth,
                        cut_wait,
                        ..SplitOptions::default()
                    },
                    ..AlphaBetaOptions::default()
                };
                let mut ab = AlphaBeta::with_threads(
                    mancala_search::Static,
                    Limits::depth(depth),
                    options,
                    t + 1,
                );
                let before = process_cpu();
                let r = ab.search_with(g, |r| {
                    time[t][r.depth as usize] += r.elapsed;
                    values[t][r.depth as usize] = Some(r.score);
                });
                each[t] += r.elapsed;
                nodes[t] += r.nodes;
                cpu[t] += process_cpu() - before;
            }
            assert_eq!(
                values[0], values[1],
                "{name}: two threads found other values"
            );
        }
    }
    println!(
        "{name}: {} records, {rounds} round(s); nodes to depth {depth}: {} (1 thread), {} (2 threads)",
        gs.len(),
        nodes[0],
        nodes[1]
    );
    println!(
        "CPU time of the process: {:.2} s (1 thread), {:.2} s (2 threads: {:.2} cores on average)",
        cpu[0],
        cpu[1],
        cpu[1] / time[1][d].as_secs_f64()
    );
    println!("| depth | 1 thread | 2 threads | speed-up |");
    println!("| ---: | ---: | ---: | ---: |");
    for (k, (one, two)) in time[0].iter().zip(&time[1]).enumerate().skip(1) {
        let (one, two) = (one.as_secs_f64(), two.as_secs_f64());
        if one >= 0.05 {
            println!("| {k} | {one:.3} s | {two:.3} s | {:.2}× |", one / two);
        }
    }
    let each: Vec<String> = each
        .iter()
        .map(|[one, two]| format!("{:.2}×", one.as_secs_f64() / two.as_secs_f64()))
        .collect();
    println!("speed-up to depth {depth} per record: {}", each.join(" "));
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "deep") {
        let rounds = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
        // `cut-wait N`: nodes expected to cut split after N moves (default 1);
        // `split-depth N`: nodes split with N plies or more left (default 5).
        // A named count given without a number after it is an error (it would
        // otherwise measure something else than asked, silently).
        let value = |name: &str, default: usize| match args.iter().position(|a| a == name) {
            None => default,
            Some(i) => match args.get(i + 1).and_then(|v| v.parse::<usize>().ok()) {
                Some(v) => v,
                None => {
                    eprintln!("{name} needs a number after it (default {default})");
                    std::process::exit(2);
                }
            },
        };
        let extra = u32::try_from(value("deeper", 0)).unwrap_or(0);
        let n = value("records", 3) as u64;
        if n == 0 {
            eprintln!("records 0: at least one record");
            std::process::exit(2);
        }
        let split_depth = u32::try_from(value("split-depth", 5)).unwrap_or(5);
        let run = (rounds, value("cut-wait", 1), split_depth);
        println!(
            "two threads: nodes expected to cut split after {} move(s), nodes with {} plies or more left",
            run.1, run.2
        );
        // `only GAME`: that game alone; `deeper N`: N plies past each game's depth.
        let only = args
            .iter()
            .position(|a| a == "only")
            .and_then(|i| args.get(i + 1));
        const GAMES: [&str; 5] = ["urim", "oware", "rio-kadalis", "omweso", "kalah"];
        if let Some(o) = only.filter(|o| !GAMES.contains(&o.as_str())) {
            eprintln!("only {o:?}: the games are {}", GAMES.join(", "));
            std::process::exit(2);
        }
        let wanted = |name: &str| only.is_none_or(|o| o == name);
        if wanted("urim") {
            deep::<urim::Game<6>>("urim", &games(&urim::Urim6::new(), n), 18 + extra, run);
        }
        if wanted("oware") {
            deep::<oware::Game>("oware", &games(&oware::Oware::new(), n), 17 + extra, run);
        }
        if wanted("rio-kadalis") {
            let rio = games(&rio_kadalis::RioKadalis::<6>::new(), n);
            deep::<rio_kadalis::Game>("rio-kadalis", &rio, 20 + extra, run);
        }
        if wanted("omweso") {
            let om = games(&omweso::Omweso::new(), n);
            deep::<omweso::Game>("omweso", &om, 15 + extra, run);
        }
        if wanted("kalah") {
            deep::<kalah::Game>("kalah", &games(&kalah::Kalah::new(), n), 17 + extra, run);
        }
        return;
    }
    let base = AlphaBetaOptions {
        history: !args.iter().any(|a| a == "no-history"),
        killers: args.iter().any(|a| a == "killers"),
        table_cuts: !args.iter().any(|a| a == "nocut"),
        ..AlphaBetaOptions::default()
    };
    let bases = if args.iter().any(|a| a == "cuts") {
        vec![
            AlphaBetaOptions {
                table_cuts: false,
                ..base
            },
            base,
        ]
    } else {
        vec![base]
    };
    let base = &bases[..];
    let threads: Vec<usize> = {
        let t: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
        if t.is_empty() { vec![1, 2] } else { t }
    };
    report::<urim::Game<6>>("urim", &games(&urim::Urim6::new(), 12), 13, &threads, base);
    report::<oware::Game>(
        "oware",
        &games(&oware::Oware::new(), 12),
        13,
        &threads,
        base,
    );
    report::<rio_kadalis::Game>(
        "rio-kadalis",
        &games(&rio_kadalis::RioKadalis::<6>::new(), 12),
        12,
        &threads,
        base,
    );
    let mut om = games::<omweso::Game>(&omweso::Omweso::new(), 12);
    for line in include_str!("../benches/omweso_middlegames.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(16)
    {
        let text = line.split('#').next().unwrap().trim();
        om.push(omweso::Game::new(text.parse().unwrap()));
    }
    report::<omweso::Game>("omweso", &om, 8, &threads, base);
    report::<kalah::Game>(
        "kalah",
        &games(&kalah::Kalah::new(), 12),
        13,
        &threads,
        base,
    );
}
