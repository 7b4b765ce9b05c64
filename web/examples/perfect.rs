//! The page's endgame databases built natively as the page builds them in its worker
//! (one thread, in memory: run it with `RAYON_NUM_THREADS=1`), timed in wall time and,
//! where Linux says it, in the process's CPU time (`docs/performance.md`): Kalah, Urim
//! 2×6 and 2×7, Oware, to the page's seed counts (`src/perfect.rs`).
//!
//! ```text
//! RAYON_NUM_THREADS=1 cargo run --release --example perfect
//! ```

use std::time::Instant;

use mancala_web::perfect::Perfect;

/// The process's CPU time in ms, every thread's (`/proc/self/stat`: user and system
/// time in ticks of 10 ms), `None` off Linux.
fn cpu_ms() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's closing parenthesis: utime is the 12th, stime
    // the 13th.
    let mut f = stat.rsplit_once(')')?.1.split_whitespace().skip(11);
    let user: u64 = f.next()?.parse().ok()?;
    let system: u64 = f.next()?.parse().ok()?;
    Some((user + system) * 10)
}

fn main() {
    for variant in ["kalah", "urim", "urim pits=7", "oware"] {
        let mut p = Perfect::new(variant).expect("a variant with databases");
        let cpu = cpu_ms();
        let t = Instant::now();
        while !p.is_complete() {
            p.build_next().expect("a database");
        }
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let cpu = cpu
            .zip(cpu_ms())
            .map_or(String::new(), |(a, b)| format!("\tCPU {} ms", b - a));
        println!("{variant}\t{}\t{ms:.0} ms{cpu}", p.plan_json());
    }
}
