//! Times perft from a start position (every leaf played):
//! `cargo run --release -p urim --example urim_speed -- [depth] [pits] [seeds]`.

use std::time::Instant;

use mancala_core::perft::perft;
use urim::{Player, Urim};

fn time<const N: usize>(depth: u32, seeds: u8) {
    let start = Urim::<N>::start_with(seeds, Player::South).expect("3 or 4 seeds");
    let t = Instant::now();
    let nodes = perft(&start, depth);
    let s = t.elapsed().as_secs_f64();
    println!(
        "2x{N}/{seeds} perft {depth} = {nodes} in {s:.2} s: {:.1} M nodes/s",
        nodes as f64 / s / 1e6
    );
}

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let depth = args.first().copied().unwrap_or(11);
    let pits = args.get(1).copied().unwrap_or(6);
    let seeds = args.get(2).copied().unwrap_or(3) as u8;
    match pits {
        6 => time::<6>(depth, seeds),
        7 => time::<7>(depth, seeds),
        _ => eprintln!("pits: 6 or 7"),
    }
}
