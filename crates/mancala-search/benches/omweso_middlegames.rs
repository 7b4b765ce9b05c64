//! Alpha-beta's speed in Omweso middlegames: each of the 64 positions of
//! `omweso_middlegames.txt` (engine self-play, `examples/omweso_positions.rs`) searched
//! by a fresh engine to 100,000 nodes, as nodes per second over the whole set.
//! `cargo bench -p mancala-search --bench omweso_middlegames`; the per-position figures
//! (median, worst) come from `examples/omweso_speed.rs`, and both are in
//! `docs/performance.md`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala_search::{AlphaBeta, Engine, Limits};
use omweso::{Game, Omweso, Record};
use std::hint::black_box;

const POSITIONS: &str = include_str!("omweso_middlegames.txt");
const NODES: u64 = 100_000;

fn positions() -> Vec<Omweso> {
    POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('#').next().unwrap_or("").trim().parse().unwrap())
        .collect()
}

/// Searches every position with a fresh engine; the nodes searched.
fn search_all(games: &[Game]) -> u64 {
    games
        .iter()
        .map(|g| {
            let mut engine = AlphaBeta::new(Limits::nodes(NODES));
            black_box(engine.search(g)).nodes
        })
        .sum()
}

fn middlegames(c: &mut Criterion) {
    let games: Vec<Game> = positions().into_iter().map(Game::new).collect();
    assert!(games.len() >= 50);
    // The searches are limited by nodes, so every run searches the same nodes.
    let nodes = search_all(&games);
    let mut group = c.benchmark_group("omweso-middlegames");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("alphabeta {NODES} nodes x {}", games.len()), |b| {
        b.iter(|| assert_eq!(search_all(&games), nodes));
    });
    group.finish();
}

criterion_group!(benches, middlegames);
criterion_main!(benches);
