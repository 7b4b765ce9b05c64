//! The engine's speed natively, measured as the page measures it in its worker
//! (`browser.py measure`): from each game's start, two searches of `spec` by the same
//! engine (the page's first search also starts its engine), the second one timed in wall
//! time and, where Linux says it, in the thread's CPU time; nodes per second
//! (docs/performance.md).
//!
//! ```text
//! cargo run --release --example speed -- alphabeta:50000n
//! ```

use std::time::Instant;

use mancala_web::{Bot, Table};

/// This thread's CPU time in ns (`/proc/thread-self/schedstat`), `None` off Linux.
fn cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn main() {
    let spec = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "alphabeta:50000n".into());
    for variant in ["urim", "omweso", "rio-kadalis", "oware", "kalah"] {
        let table = Table::new(variant).expect("a variant");
        let mut bot = Bot::new(&spec, variant, 1).expect("an engine");
        bot.search(&table).expect("a search");
        let cpu = cpu_ns();
        let t = Instant::now();
        let report = bot.search(&table).expect("a search");
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let cpu_ms = cpu.zip(cpu_ns()).map(|(a, b)| (b - a) as f64 / 1e6);
        let nodes: f64 = report
            .split("\"nodes\":")
            .nth(1)
            .and_then(|s| s.split(',').next())
            .and_then(|s| s.parse().ok())
            .unwrap_or(0.0);
        let cpu = cpu_ms.map_or(String::new(), |c| {
            format!("\tCPU {c:.0} ms\t{:.0}k nodes/s", nodes / c)
        });
        println!(
            "{variant}\t{spec}\t{nodes} nodes\t{ms:.0} ms\t{:.0}k nodes/s{cpu}",
            nodes / ms
        );
    }
}
