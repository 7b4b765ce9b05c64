//! The exact endless proof of rule 8, old and new side by side (`docs/performance.md`,
//! "Endless moves decided fast").
//!
//! - `endless_time corpus crates/omweso/tests/slow_moves.txt`: plays every move of the
//!   corpus with `Omweso::play_reporting_endless` (the turning walk) and then with
//!   `play_reporting_endless_oracle` (Brent on the full lap state, the walk before), in the same
//!   process; prints the laps and times of each, and fails if they disagree (verdict,
//!   position, status) or if a line's recorded laps differ.
//! - `endless_time search SEED POSITIONS MIN_LAPS`: random positions (64 seeds dealt over
//!   the 32 pits), every legal move
//!   played with the turning walk (South's seeds dealt first, North's mostly in its outer
//!   row, so that endless moves are common); prints the moves found endless after `MIN_LAPS` laps
//!   or more, as corpus lines (the old laps filled in by `corpus`).
use mancala_testkit::{Rng, thread_cpu_time};
use omweso::{Move, Omweso, Position};
use std::time::{Duration, Instant};

/// Plays `m` exactly; the position after, the laps if endless, wall clock and CPU time.
fn timed(p: &Omweso, m: Move, oracle: bool) -> (Omweso, Option<u64>, Duration, Duration) {
    let mut q = *p;
    let (t, c) = (Instant::now(), thread_cpu_time());
    let r = if oracle {
        q.play_reporting_endless_oracle(m)
    } else {
        q.play_reporting_endless(m)
    };
    let (wall, cpu) = (t.elapsed(), thread_cpu_time() - c);
    (q, r.expect("a legal move").map(|e| e.laps), wall, cpu)
}

fn corpus(path: &str) {
    let text = std::fs::read_to_string(path).expect("the corpus file");
    println!(
        "| position | move | old laps | old: wall, CPU | new laps | new: wall, CPU | old / new (CPU) |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    let (mut old_total, mut new_total) = (Duration::ZERO, Duration::ZERO);
    let mut slowest = Duration::ZERO;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let position = f[..4].join(" ");
        let p: Omweso = position.parse().expect("a position");
        let m: Move = f[4].parse().expect("a move");
        let (a, new_laps, new_wall, new_cpu) = timed(&p, m, false);
        let (b, old_laps, old_wall, old_cpu) = timed(&p, m, true);
        assert_eq!(a, b, "{line}: the two walks disagree");
        assert_eq!(new_laps.is_some(), old_laps.is_some(), "{line}");
        let recorded = |i: usize| f.get(i).and_then(|s| s.parse::<u64>().ok());
        if let Some(old) = recorded(5) {
            assert_eq!(old_laps, Some(old), "{line}: the oracle's laps");
        }
        if let Some(new) = recorded(6) {
            assert_eq!(new_laps, Some(new), "{line}: the turning walk's laps");
        }
        old_total += old_cpu;
        new_total += new_cpu;
        slowest = slowest.max(new_wall);
        let laps = |l: Option<u64>| l.map_or("ends".to_string(), |l| l.to_string());
        println!(
            "| `{position}` | `{}` | {} | {:.2} s, {:.2} s | {} | {:.3} s, {:.3} s | {:.1} |",
            f[4],
            laps(old_laps),
            old_wall.as_secs_f64(),
            old_cpu.as_secs_f64(),
            laps(new_laps),
            new_wall.as_secs_f64(),
            new_cpu.as_secs_f64(),
            old_cpu.as_secs_f64() / new_cpu.as_secs_f64().max(1e-9)
        );
    }
    println!(
        "total CPU: old {:.2} s, new {:.2} s; the slowest new move took {:.3} s of wall clock",
        old_total.as_secs_f64(),
        new_total.as_secs_f64(),
        slowest.as_secs_f64()
    );
}

fn search(seed: u64, positions: usize, min_laps: u64) {
    let mut rng = Rng::new(seed);
    for _ in 0..positions {
        // The mover's seeds first (rows 1 and 2 for South); the opponent's mostly in
        // their outer row (a relay can be endless only where nothing captures).
        let mine = 16 + rng.below(48);
        let mut pits = [0u8; 32];
        for _ in 0..mine {
            pits[rng.below(16)] += 1;
        }
        for _ in mine..64 {
            let pit = if rng.below(4) == 0 {
                rng.below(16)
            } else {
                8 + rng.below(8)
            };
            pits[16 + pit] += 1;
        }
        let row = |a: usize| {
            pits[a..a + 8]
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        let mover = "S";
        let text = format!(
            "{}/{}/{}/{} {mover} snc 1-1",
            row(0),
            row(8),
            row(16),
            row(24)
        );
        let p = match text.parse::<Omweso>() {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{text}: {e}");
                continue;
            }
        };
        for m in p.legal_moves() {
            let (_, laps, time, _) = timed(&p, m, false);
            if let Some(laps) = laps.filter(|&l| l >= min_laps) {
                println!("{text} {m} - {laps} # {:.3} s", time.as_secs_f64());
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("corpus") => corpus(&args[1]),
        Some("search") => search(
            args[1].parse().expect("a seed"),
            args[2].parse().expect("a number of positions"),
            args[3].parse().expect("laps"),
        ),
        _ => eprintln!("usage: endless_time corpus FILE | search SEED POSITIONS MIN_LAPS"),
    }
}
