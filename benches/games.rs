//! Criterion benches for every game: move generation, play, perft with the node count
//! asserted, whole random games, and (Omweso, Rio Kadalis) endless-move detection.
//! Reported as throughput; the figures are kept in `docs/performance.md`.
//!
//! Random games of Urim and Oware are complete games: they are played through the game
//! record, whose repetition rule ends the games that would otherwise circulate for ever
//! (about 6% of random Urim games), and the record is reused (`reset`) so that nothing
//! is allocated once its buffers have grown.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use mancala::perft::perft;
use mancala::record::Record;
use mancala::{Position, Status};
use std::hint::black_box;

// SplitMix64 (the test kit's), so the random games are the same on every run; the
// benches draw with `below_fast` (a multiply-shift, no division in the loop).
use mancala_testkit::Rng;

/// Plays one random game on the bare position from `start` (at most 10,000 plies: the
/// position alone has no repetition rule); returns its length in plies.
fn random_game<P: Position>(start: &P, rng: &mut Rng) -> u64 {
    let mut p = start.clone();
    let mut plies = 0;
    while p.status() == Status::Ongoing && plies < 10_000 {
        let moves = p.legal_moves();
        p.play_unchecked(moves[rng.below_fast(moves.len())]);
        plies += 1;
    }
    plies
}

/// Positions reached by random play from `start` (a fixed set, seeded).
fn sample_positions<P: Position>(start: &P, count: usize) -> Vec<P> {
    let mut rng = Rng::new(7);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut p = start.clone();
        let plies = rng.below_fast(40);
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(moves[rng.below_fast(moves.len())]);
        }
        if p.status() == Status::Ongoing {
            out.push(p);
        }
    }
    out
}

/// One complete random game of Urim through the reused record (rule 6 included).
fn urim_game<const N: usize>(
    game: &mut mancala::urim::Game<N>,
    start: &mancala::urim::Urim<N>,
    rng: &mut Rng,
) -> u64 {
    game.reset(*start);
    loop {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return game.moves().len() as u64;
        }
        game.play_unchecked(moves[rng.below_fast(moves.len())]);
    }
}

/// One complete random game of Oware through the reused record (repetition included).
fn oware_game(
    game: &mut mancala::oware::Game,
    start: &mancala::oware::Oware,
    rng: &mut Rng,
) -> u64 {
    game.reset(*start);
    loop {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return game.moves().len() as u64;
        }
        game.play_unchecked(moves[rng.below_fast(moves.len())]);
    }
}

/// The standard set of benches for one game and variant; `random_game` plays one
/// random game from the start and returns its plies.
fn bench_game<P: Position>(
    c: &mut Criterion,
    name: &str,
    start: P,
    perft_depth: u32,
    perft_nodes: u64,
    mut random_game: impl FnMut(&P, &mut Rng) -> u64,
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

    // Each iteration plays the next 100 games of one seeded sequence (replaying the
    // same games would let the branch predictor learn them). Their average length over
    // the first 10,000 games turns games/s into plies/s.
    let games = 100;
    let mut rng = Rng::new(1);
    let plies: u64 = (0..10_000).map(|_| random_game(&start, &mut rng)).sum();
    println!(
        "{name}/random_games: {:.2} plies per game (the first 10,000 games)",
        plies as f64 / 10_000.0
    );
    let mut rng = Rng::new(1);
    g.throughput(Throughput::Elements(games));
    g.bench_function("random_games", |b| {
        b.iter(|| {
            let mut plies = 0;
            for _ in 0..games {
                plies += random_game(black_box(&start), &mut rng);
            }
            plies
        })
    });
    g.finish();
}

/// The cost of one move that is resolved by the exact cycle finder, next to an
/// ordinary move of the same position: each is played on a fresh copy.
fn bench_moves<P>(c: &mut Criterion, group: &str, position: &str, cases: &[(&str, &str)])
where
    P: Position + std::str::FromStr,
    P::Err: std::fmt::Debug,
{
    let start: P = position.parse().expect("bench position");
    let mut g = c.benchmark_group(group);
    g.sample_size(10);
    for &(name, text) in cases {
        let m: P::Move = text.parse().expect("bench move");
        assert!(start.is_legal(m), "{group}: {text} is legal");
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut p = black_box(&start).clone();
                p.play_unchecked(m);
                p.status()
            })
        });
    }
    g.finish();
}

fn games(c: &mut Criterion) {
    // Perft depths and counts come from each crate's perft vector file.
    let urim = mancala::urim::Urim::<6>::new();
    let mut record = mancala::urim::Game::new(urim);
    bench_game(c, "urim-2x6-3", urim, 9, 2_561_380, |start, rng| {
        urim_game(&mut record, start, rng)
    });
    let oware = mancala::oware::Oware::new();
    let mut record = mancala::oware::Game::new(oware);
    bench_game(c, "oware-4", oware, 9, 3_592_872, |start, rng| {
        oware_game(&mut record, start, rng)
    });
    // Kalah (OpenSpiel's mancala): every game ends, so the bare position plays them.
    bench_game(
        c,
        "kalah-6x4",
        mancala::kalah::Kalah::new(),
        9,
        2_763_490,
        random_game,
    );
    bench_game(
        c,
        "rio-kadalis-2x6",
        mancala::rio_kadalis::RioKadalis::<6, false>::new(),
        9,
        966_209,
        random_game,
    );
    bench_game(
        c,
        "omweso",
        mancala::omweso::Omweso::new(),
        6,
        141_153,
        random_game,
    );
}

fn endless(c: &mut Criterion) {
    // North's d repeats its lap state only after about 90 million laps.
    bench_moves::<mancala::omweso::Omweso>(
        c,
        "omweso-endless",
        "2,0,0,1,0,1,2,1/0,0,0,1,0,0,0,0/6,2,5,7,12,1,5,2/0,4,0,4,3,0,3,2 N snc 1-4",
        &[("endless d (90M laps)", "d"), ("ordinary a", "a")],
    );
    // Rio Kadalis: South's a is endless (a 1,0,1,0 pattern travels round), b ends.
    bench_moves::<mancala::rio_kadalis::RioKadalis<6, false>>(
        c,
        "rio-kadalis-endless",
        "3,1,0,1,0,1/0,1,0,1,0,1 20-16 S",
        &[("endless a", "a"), ("ordinary b", "b")],
    );
}

criterion_group!(benches, games, endless);
criterion_main!(benches);
