//! Speed of the engines per game (release build):
//! `cargo run --release -p mancala-search --example speed`.
//!
//! Alpha-beta nodes per second with the standard evaluation and MCTS playouts per
//! second, over a few game records of each game (the start and random openings), each
//! searched through the game's own record type so the history rules are on.

mod common;

use std::time::{Duration, Instant};

use common::games;
use mancala_core::record::Record;
use mancala_search::{AlphaBeta, Engine, Limits, Mcts, MctsOptions};

fn alpha_beta<R: Record>(gs: &[R], depth: u32) -> (u64, Duration) {
    let mut ab = AlphaBeta::new(Limits::depth(depth));
    let t = Instant::now();
    let nodes = gs.iter().map(|g| ab.search(g).nodes).sum();
    (nodes, t.elapsed())
}

fn report<R: Record>(name: &str, start: R::Position, depth: u32) {
    let gs = games::<R>(&start, 12);
    let (n1, t1) = alpha_beta(&gs, depth);
    let mut mcts = Mcts::new(Limits::nodes(20_000), MctsOptions::default());
    let t = Instant::now();
    let playouts: u64 = gs.iter().take(4).map(|g| mcts.search(g).nodes).sum();
    let t2 = t.elapsed();
    println!(
        "{name:<12} alpha-beta depth {depth}: {n1:>9} nodes, {:>6.2} M nodes/s; MCTS {:>8.0} playouts/s",
        n1 as f64 / t1.as_secs_f64() / 1e6,
        playouts as f64 / t2.as_secs_f64(),
    );
}

fn main() {
    report::<urim::Game<6>>("urim", urim::Urim6::new(), 11);
    report::<omweso::Game>("omweso", omweso::Omweso::new(), 7);
    report::<rio_kadalis::Game>("rio-kadalis", rio_kadalis::RioKadalis::<6>::new(), 9);
    report::<oware::Game>("oware", oware::Oware::new(), 11);
}
