//! Criterion benches for every game: move generation, play, perft with the node count
//! asserted, whole random games, and (Omweso, Rio Kadalis) endless-move detection.
//! Reported as throughput; the figures are kept in `docs/performance.md`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use mancala::core::perft::perft;
use mancala::core::{Position, Status};
use std::hint::black_box;

/// SplitMix64, so the random games are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// Plays one random game from `start`; returns its length in plies.
fn random_game<P: Position>(start: &P, rng: &mut Rng) -> u64 {
    let mut p = start.clone();
    let mut plies = 0;
    while p.status() == Status::Ongoing && plies < 10_000 {
        let moves = p.legal_moves();
        p.play_unchecked(moves[rng.below(moves.len())]);
        plies += 1;
    }
    plies
}

/// Positions reached by random play from `start` (a fixed set, seeded).
fn sample_positions<P: Position>(start: &P, count: usize) -> Vec<P> {
    let mut rng = Rng(7);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut p = start.clone();
        let plies = rng.below(40);
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(moves[rng.below(moves.len())]);
        }
        if p.status() == Status::Ongoing {
            out.push(p);
        }
    }
    out
}

/// The standard set of benches for one game and variant.
fn bench_game<P: Position>(
    c: &mut Criterion,
    name: &str,
    start: P,
    perft_depth: u32,
    perft_nodes: u64,
) {
    let positions = sample_positions(&start, 1000);
    let mut g = c.benchmark_group(name);

    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("legal_moves", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &positions {
                n += black_box(p).legal_moves().len();
            }
            n
        })
    });

    let pairs: Vec<(P, P::Move)> = positions
        .iter()
        .map(|p| (p.clone(), p.legal_moves()[0]))
        .collect();
    g.throughput(Throughput::Elements(pairs.len() as u64));
    g.bench_function("play", |b| {
        b.iter(|| {
            for (p, m) in &pairs {
                let mut q = p.clone();
                q.play_unchecked(*m);
                black_box(&q);
            }
        })
    });

    assert_eq!(
        perft(&start, perft_depth),
        perft_nodes,
        "{name} perft {perft_depth}"
    );
    g.throughput(Throughput::Elements(perft_nodes));
    g.sample_size(10);
    g.bench_function(BenchmarkId::new("perft", perft_depth), |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), perft_depth), perft_nodes))
    });

    let games = 100;
    g.throughput(Throughput::Elements(games));
    g.bench_function("random_games", |b| {
        let mut rng = Rng(1);
        b.iter(|| {
            let mut plies = 0;
            for _ in 0..games {
                plies += random_game(&start, &mut rng);
            }
            plies
        })
    });
    g.finish();
}

fn games(c: &mut Criterion) {
    // Each game adds its line here as it lands.
    let _ = (bench_game::<mancala::core::toy::Countdown>, c);
}

criterion_group!(benches, games);
criterion_main!(benches);
