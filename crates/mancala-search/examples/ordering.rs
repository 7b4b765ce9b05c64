//! Move ordering and threads of alpha-beta, measured (issue 14 item 4; release build):
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
//! (the engine before issue 30); `cuts` searches every set with the cuts off and on,
//! one after the other, for each thread count (issue 30: the nodes and times side by
//! side in one run).

mod common;

use std::time::{Duration, Instant};

use common::games;
use mancala_core::record::Record;
use mancala_search::{AlphaBeta, AlphaBetaOptions, Engine, Limits};

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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
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
        &games(&rio_kadalis::Kadalis::<6>::new(), 12),
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
