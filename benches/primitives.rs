//! The core's sowing primitives against the games' own loops, on the same jobs: a game
//! that keeps its own loop shows here that the core's is slower. The figures are kept
//! in `docs/performance.md`, "The core's primitives".
//!
//! Each group runs one job two ways and checks, before timing, that both give the same
//! boards and captures:
//!
//! - `urim-move`, `oware-move`: every legal move of 1000 positions reached by random play,
//!   sown and captured. `game`: the game's `play_capturing` (its board-word lap, its
//!   capture, and turning the board round for the next player: more work than the job).
//!   `core`: `mancala_core::sow::sow` on the board as a ring of bytes, then
//!   `capture::capture_run` (and Oware's grand slam).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala::capture::capture_run;
use mancala::sow::sow;
use mancala::{Direction, Player, Position, Status};
use mancala_testkit::Rng;
use std::hint::black_box;

const CCW: Direction = Direction::CounterClockwise;

/// Positions reached by random play from `start` (a fixed set, seeded; as in
/// `benches/games.rs`).
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

/// The 12 pits of a two-row position as a counter-clockwise ring starting with
/// `first`'s row.
fn ring<P: Position>(p: &P, first: Player) -> [u8; 12] {
    let mut ring = [0u8; 12];
    for (k, player) in [first, first.opponent()].into_iter().enumerate() {
        for (i, pit) in ring[6 * k..6 * k + 6].iter_mut().enumerate() {
            *pit = p.pit(player, i).unwrap_or(0);
        }
    }
    ring
}

// ---- Urim and Oware: a move's lap and capture.

/// Urim 2×6 through the core: the mover's row first; rule 3 passes over the origin and
/// full pits (17), rule 4 captures 2 or 3, then 2 to 4.
#[inline]
fn urim_core(ring: &mut [u8; 12], origin: usize) -> u8 {
    let seeds = std::mem::take(&mut ring[origin]);
    let Ok(last) = sow(ring, origin, u32::from(seeds), CCW, |p, n| {
        p == origin || n >= 17
    }) else {
        return 0;
    };
    let Some(run) = capture_run(
        ring,
        last,
        CCW,
        6..12,
        |n| matches!(n, 2 | 3),
        |n| matches!(n, 2..=4),
    ) else {
        return 0;
    };
    ring[run.from..=run.to].fill(0);
    run.seeds as u8
}

/// Oware through the core: the mover's row first; the origin is passed over; 2 or 3
/// captured; a grand slam takes nothing.
#[inline]
fn oware_core(ring: &mut [u8; 12], origin: usize) -> u8 {
    let seeds = std::mem::take(&mut ring[origin]);
    let Ok(last) = sow(ring, origin, u32::from(seeds), CCW, |p, _| p == origin) else {
        return 0;
    };
    let Some(run) = capture_run(
        ring,
        last,
        CCW,
        6..12,
        |n| matches!(n, 2 | 3),
        |n| matches!(n, 2 | 3),
    ) else {
        return 0;
    };
    let left: u8 = ring[6..].iter().sum();
    if u64::from(left) == run.seeds {
        return 0;
    }
    ring[run.from..=run.to].fill(0);
    run.seeds as u8
}

/// The jobs of a two-row game: each position with each legal move, and the ring the
/// core version starts from (the mover's row first).
fn move_jobs<P: Position>(
    start: &P,
    index: impl Fn(P::Move) -> usize,
) -> Vec<(P, P::Move, [u8; 12], usize)> {
    let mut jobs = Vec::new();
    for p in sample_positions(start, 1000) {
        let ring = ring(&p, p.side_to_move());
        for m in p.legal_moves() {
            jobs.push((p.clone(), m, ring, index(m)));
        }
    }
    jobs
}

fn two_row_moves(c: &mut Criterion) {
    // Urim.
    let jobs = move_jobs(&mancala::urim::Urim::<6>::new(), |m| m.index());
    for (p, m, r, i) in &jobs {
        let mut game = *p;
        let taken = game.play_capturing(*m);
        let mut core = *r;
        assert_eq!(urim_core(&mut core, *i), taken, "urim {p} {m}");
        // The game has turned the board round: the mover's row is now the second.
        assert_eq!(ring(&game, p.side_to_move()), core, "urim {p} {m}");
    }
    let mut g = c.benchmark_group("urim-move");
    g.throughput(Throughput::Elements(jobs.len() as u64));
    g.bench_function("game", |b| {
        b.iter(|| {
            for (p, m, _, _) in &jobs {
                let mut q = *p;
                black_box(q.play_capturing(*m));
                black_box(&q);
            }
        });
    });
    g.bench_function("core", |b| {
        b.iter(|| {
            for (_, _, r, i) in &jobs {
                let mut ring = *r;
                black_box(urim_core(&mut ring, *i));
                black_box(&ring);
            }
        });
    });
    g.finish();

    // Oware.
    let jobs = move_jobs(&mancala::oware::Oware::new(), |m| m.index());
    for (p, m, r, i) in &jobs {
        let mut game = *p;
        let taken = game.play_capturing(*m);
        let mut core = *r;
        assert_eq!(oware_core(&mut core, *i), taken, "oware {p} {m}");
        assert_eq!(ring(&game, p.side_to_move()), core, "oware {p} {m}");
    }
    let mut g = c.benchmark_group("oware-move");
    g.throughput(Throughput::Elements(jobs.len() as u64));
    g.bench_function("game", |b| {
        b.iter(|| {
            for (p, m, _, _) in &jobs {
                let mut q = *p;
                black_box(q.play_capturing(*m));
                black_box(&q);
            }
        });
    });
    g.bench_function("core", |b| {
        b.iter(|| {
            for (_, _, r, i) in &jobs {
                let mut ring = *r;
                black_box(oware_core(&mut ring, *i));
                black_box(&ring);
            }
        });
    });
    g.finish();
}

criterion_group!(benches, two_row_moves);
criterion_main!(benches);
