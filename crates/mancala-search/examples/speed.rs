//! Speed of the engines per game (release build):
//! `cargo run --release -p mancala-search --example speed --all-features`.
//!
//! Alpha-beta nodes per second with the game's own evaluation and with the notation
//! evaluation (what the root examples use), and MCTS playouts per second, over a few
//! positions of each game.

use std::fmt::Display;
use std::time::{Duration, Instant};

use mancala_core::Position;
use mancala_search::eval::{Evaluator, NotationEval, Static};
use mancala_search::{AlphaBeta, AlphaBetaOptions, Engine, Evaluate, Limits, Mcts, MctsOptions};
use rand::{Rng, SeedableRng};

fn positions<P: Position>(start: &P, n: u64) -> Vec<P> {
    (0..n)
        .filter_map(|seed| {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut p = start.clone();
            for _ in 0..(seed * 3) % 25 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
            (!p.is_finished()).then_some(p)
        })
        .collect()
}

fn alpha_beta<P: Position, E: Evaluator<P> + Copy>(
    ps: &[P],
    eval: E,
    depth: u32,
) -> (u64, Duration) {
    let mut ab = AlphaBeta::with_evaluator(eval, Limits::depth(depth), AlphaBetaOptions::default());
    let t = Instant::now();
    let nodes = ps.iter().map(|p| ab.search(p).nodes).sum();
    (nodes, t.elapsed())
}

fn report<P: Position + Evaluate + Display>(name: &str, start: P, depth: u32) {
    let ps = positions(&start, 12);
    let (n1, t1) = alpha_beta(&ps, Static, depth);
    let (n2, t2) = alpha_beta(&ps, NotationEval, depth);
    let mut mcts = Mcts::new(Limits::nodes(20_000), MctsOptions::default());
    let t = Instant::now();
    let playouts: u64 = ps.iter().take(4).map(|p| mcts.search(p).nodes).sum();
    let t3 = t.elapsed();
    println!(
        "{name:<12} alpha-beta depth {depth}: {:>6.2} M nodes/s (game eval), {:>6.2} M nodes/s (notation eval); MCTS {:>8.0} playouts/s",
        n1 as f64 / t1.as_secs_f64() / 1e6,
        n2 as f64 / t2.as_secs_f64() / 1e6,
        playouts as f64 / t3.as_secs_f64(),
    );
}

fn main() {
    #[cfg(feature = "urim")]
    report("urim", urim::Urim6::new(), 11);
    #[cfg(feature = "omweso")]
    report("omweso", omweso::Omweso::new(), 7);
    #[cfg(feature = "rio-kadalis")]
    report("rio-kadalis", rio_kadalis::Kadalis::<6>::start(), 9);
    #[cfg(feature = "oware")]
    report("oware", oware::Oware::new(), 11);
    #[cfg(not(any(
        feature = "urim",
        feature = "omweso",
        feature = "rio-kadalis",
        feature = "oware"
    )))]
    println!("no game feature enabled");
}
