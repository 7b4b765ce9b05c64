//! Alpha-beta to a fixed depth over a list of game records, for the node rate and the
//! values side by side (release build):
//! `cargo run --release -p mancala-search --example bench -- GAME DEPTH [FILE] [every K]`.
//!
//! `GAME` is `oware`, `urim`, `rio-kadalis`, `omweso` or `kalah`. `FILE` holds one
//! record a line: the moves from the game's standard start, in its notation, separated
//! by spaces (`#` starts a comment); without it, the records of the `speed` example
//! (the start and random openings, 12 of them). `every K` searches every `K`-th line;
//! `aspiration N`, `table-bits N` and `no-pvs` set those options of the engine.
//!
//! Prints the nodes (deterministic: one thread, a fixed depth), the CPU time of the
//! searching thread and the nodes per CPU-second, a checksum of the values found, and
//! one of the values and best moves: two builds that search alike print the same nodes
//! and checksums; a change of move ordering keeps the values' checksum.

mod common;

use std::time::Duration;

use mancala_core::record::Record;
use mancala_search::eval::Static;
use mancala_search::{AlphaBeta, AlphaBetaOptions, Engine, Limits};

/// The CPU time of this thread so far, if the system tells.
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(Duration::from_nanos(
        text.split_whitespace().next()?.parse().ok()?,
    ))
}

fn records<R: Record>(start: R::Position, file: Option<&str>, every: usize) -> Vec<R> {
    let Some(file) = file else {
        return common::games::<R>(&start, 12);
    };
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .step_by(every.max(1))
        .map(|line| {
            let mut g = R::new(start.clone());
            for m in line.split_whitespace() {
                let m = m
                    .parse()
                    .unwrap_or_else(|_| panic!("{m:?} is not a move ({line})"));
                g.play(m)
                    .unwrap_or_else(|e| panic!("{m} is not legal: {e:?} ({line})"));
            }
            g
        })
        .filter(|g| !g.is_finished())
        .collect()
}

fn run<R: Record>(
    name: &str,
    start: R::Position,
    depth: u32,
    file: Option<&str>,
    every: usize,
    options: AlphaBetaOptions,
) {
    let gs = records::<R>(start, file, every);
    let mut ab = AlphaBeta::with_evaluator(Static, Limits::depth(depth), options);
    let mut nodes = 0u64;
    let mut check = 0u64;
    let mut values = 0u64;
    let cpu0 = thread_cpu();
    let t = std::time::Instant::now();
    for g in &gs {
        let r = ab.search(g);
        nodes += r.nodes;
        let best = r.best.map(|m| m.to_string()).unwrap_or_default();
        for b in best.bytes().chain(r.score.to_le_bytes()) {
            check = (check ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
        for b in r.score.to_le_bytes() {
            values = (values ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    let wall = t.elapsed();
    let cpu = cpu0
        .zip(thread_cpu())
        .map_or(wall, |(a, b)| b.saturating_sub(a));
    println!(
        "{name} depth {depth}: {} records, {nodes} nodes, CPU {:.2} s (wall {:.2} s), {:.2} M nodes per CPU-second, values {values:016x}, moves and values {check:016x}",
        gs.len(),
        cpu.as_secs_f64(),
        wall.as_secs_f64(),
        nodes as f64 / cpu.as_secs_f64() / 1e6,
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "bench GAME DEPTH [FILE] [every K] [aspiration N] [table-bits N] [no-pvs]";
    let game = args.first().expect(usage).as_str();
    let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).expect(usage);
    let mut file = None;
    let mut every = 1;
    let mut options = AlphaBetaOptions::default();
    let mut rest = args[2..].iter();
    while let Some(a) = rest.next() {
        let mut number = || -> u64 { rest.next().and_then(|k| k.parse().ok()).expect(usage) };
        match a.as_str() {
            "every" => every = number() as usize,
            "aspiration" => options.aspiration = number() as i32,
            "table-bits" => options.table_bits = number() as u8,
            "no-pvs" => options.pvs = false,
            f => file = Some(f),
        }
    }
    match game {
        "oware" => run::<oware::Game>(game, oware::Oware::new(), depth, file, every, options),
        "urim" => run::<urim::Game<6>>(game, urim::Urim6::new(), depth, file, every, options),
        "rio-kadalis" => run::<rio_kadalis::Game>(
            game,
            rio_kadalis::RioKadalis::<6>::new(),
            depth,
            file,
            every,
            options,
        ),
        "omweso" => run::<omweso::Game>(game, omweso::Omweso::new(), depth, file, every, options),
        "kalah" => run::<kalah::Game>(game, kalah::Kalah::new(), depth, file, every, options),
        _ => panic!("{usage}: no game {game:?}"),
    }
}
