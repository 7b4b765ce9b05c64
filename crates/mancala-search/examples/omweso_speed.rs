//! Alpha-beta's speed in Omweso middlegames (release build):
//!
//! ```text
//! cargo run --release -p mancala-search --example omweso_speed -- [nodes] [--runs R] [--exact] [--no-memo] [--table-bits B]
//! ```
//!
//! Searches each position of `benches/omweso_middlegames.txt` (64 positions from engine
//! self-play, `examples/omweso_positions.rs`) with a fresh engine limited to `nodes`
//! nodes (default 1,000,000), `R` times (default 3), and prints each position's best
//! rate in nodes per second (the machine is shared: the best of a few runs is the least
//! disturbed), in wall-clock time and in the thread's CPU time (Linux), the moves taken
//! as endless without proof, then the median and the worst position, and the load
//! average when it started and ended. `--exact` plays every move
//! exactly (`endless_after = u64::MAX`: an endless move is walked to its cycle, however
//! long; the memo still remembers each relay once walked); `--no-memo` turns the memo
//! off; `--table-bits` sets the size of the table of best moves.

use std::time::Duration;

use mancala_search::{AlphaBeta, AlphaBetaOptions, Engine, Limits, Static};
use omweso::{Game, Omweso, Record};

const POSITIONS: &str = include_str!("../benches/omweso_middlegames.txt");

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runs: usize = args
        .iter()
        .position(|a| a == "--runs")
        .and_then(|i| args.get(i + 1))
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    let nodes: u64 = args
        .iter()
        .enumerate()
        .filter(|&(i, _)| i == 0 || (args[i - 1] != "--runs" && args[i - 1] != "--table-bits"))
        .find_map(|(_, a)| a.parse().ok())
        .unwrap_or(1_000_000);
    let mut options = AlphaBetaOptions::default();
    if args.iter().any(|a| a == "--exact") {
        options.endless_after = u64::MAX;
    }
    if args.iter().any(|a| a == "--no-memo") {
        options.memo_bits = 0;
    }
    if let Some(bits) = args
        .iter()
        .position(|a| a == "--table-bits")
        .and_then(|i| args.get(i + 1))
        .and_then(|b| b.parse().ok())
    {
        options.table_bits = bits;
    }
    println!(
        "alpha-beta, {nodes} nodes a position, best of {runs} runs, endless after {} laps, memo 2^{} slots",
        options.endless_after, options.memo_bits
    );
    println!("load average: {}", load());
    // Per position: (wall-clock rate, CPU-time rate, position).
    let mut rates: Vec<(f64, Option<f64>, String)> = Vec::new();
    let mut total_nodes = 0;
    let mut total_time = Duration::ZERO;
    for line in POSITIONS.lines().filter(|l| !l.starts_with('#')) {
        let text = line.split('#').next().unwrap_or("").trim();
        let p: Omweso = text.parse().expect("a position of the file");
        let mut best = None;
        let mut best_cpu: Option<f64> = None;
        for _ in 0..runs.max(1) {
            let mut engine = AlphaBeta::with_evaluator(Static, Limits::nodes(nodes), options);
            let cpu = cpu_time();
            let r = engine.search(&Game::new(p));
            if let (Some(a), Some(b)) = (cpu, cpu_time()) {
                let rate = r.nodes as f64 / (b - a).max(1e-9);
                best_cpu = Some(best_cpu.map_or(rate, |c| c.max(rate)));
            }
            if best
                .as_ref()
                .is_none_or(|(b, _): &(mancala_search::Report<_>, _)| {
                    r.nodes_per_second() > b.nodes_per_second()
                })
            {
                best = Some((r, engine.memo_stats()));
            }
        }
        let Some((r, memo)) = best else { return };
        let rate = r.nodes_per_second();
        println!(
            "{:>6.2} Mn/s ({:>5.2} CPU)  depth {:>2} {:>8} nodes {:>7.1} ms  unproven {:>3}  memo hits {:>4}/{:<4} long laps {:>8}  longest ended {:>4}  {text}",
            rate / 1e6,
            best_cpu.unwrap_or(0.0) / 1e6,
            r.depth,
            r.nodes,
            r.elapsed.as_secs_f64() * 1e3,
            memo.unproven,
            memo.hits,
            memo.probes,
            memo.laps,
            memo.longest_ended,
        );
        rates.push((rate, best_cpu, text.to_string()));
        total_nodes += r.nodes;
        total_time += r.elapsed;
    }
    let n = rates.len();
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        }
    };
    rates.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut wall: Vec<f64> = rates.iter().map(|r| r.0).collect();
    println!("positions {n}");
    println!("median   {:.2} M nodes/s", median(&mut wall) / 1e6);
    println!("worst    {:.2} M nodes/s  {}", rates[0].0 / 1e6, rates[0].2);
    println!("best     {:.2} M nodes/s", rates[n - 1].0 / 1e6);
    println!(
        "overall  {:.2} M nodes/s ({total_nodes} nodes in {:.2} s)",
        total_nodes as f64 / total_time.as_secs_f64() / 1e6,
        total_time.as_secs_f64()
    );
    let mut cpu: Vec<f64> = rates.iter().filter_map(|r| r.1).collect();
    if cpu.len() == n {
        let worst = rates
            .iter()
            .filter_map(|r| Some((r.1?, &r.2)))
            .min_by(|a, b| a.0.total_cmp(&b.0));
        println!(
            "in CPU time: median {:.2} M nodes/s, worst {:.2} M nodes/s{}",
            median(&mut cpu) / 1e6,
            cpu[0] / 1e6,
            worst.map_or(String::new(), |(_, t)| format!("  {t}"))
        );
    }
    println!("load average: {}", load());
}

/// The CPU time this thread has run, in seconds (Linux: `/proc/thread-self/schedstat`,
/// in nanoseconds), or `None`.
fn cpu_time() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// The machine's load averages (Linux), or `?`.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}
