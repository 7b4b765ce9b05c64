//! The core's sowing primitives against the games' own loops, on the same jobs (issue 12,
//! item 6: a game that keeps its own loop shows here that the core's is slower). The
//! figures are kept in `docs/performance.md`, "The core's primitives".
//!
//! Each group runs one job two ways and checks, before timing, that both give the same
//! boards and captures:
//!
//! - `urim-move`, `oware-move`: every legal move of 1000 positions reached by random play,
//!   sown and captured. `game`: the game's `play_capturing` (its board-word lap, its
//!   capture, and turning the board round for the next player: more work than the job).
//!   `core`: `mancala_core::sow::sow` on the board as a ring of bytes, then
//!   `capture::capture_run` (and Oware's grand slam).
//! - `rio-kadalis-move`: every legal move of 1000 positions that ends within the 8 laps
//!   that Rio Kadalis sows without looking for a repeat. `game`: `play_unchecked`.
//!   `core`: lap after lap through `sow_with` (the core's until issue 12, copied here as
//!   it was at `c07f53a`), capturing each four in its per-drop hook.
//! - `omweso-relay`: relay laps on 1000 random 32-seed circuits from every pit holding 2
//!   or more, until a lap ends in an empty pit (at most 64 laps). `game`: Omweso's lap
//!   (a table addition on the circuit as one `u128`, copied here from
//!   `crates/omweso/src/pit.rs`, which keeps it private). `core`: `sow_ring` (the core's
//!   until issue 12, copied as it was at `c07f53a`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala::capture::capture_run;
use mancala::sow::{SowError, sow};
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
/// `first`'s row (a closed pit as 0), and the closed pits as bits.
fn ring<P: Position>(p: &P, first: Player) -> ([u8; 12], u16) {
    let mut ring = [0u8; 12];
    let mut closed = 0u16;
    for (k, player) in [first, first.opponent()].into_iter().enumerate() {
        for i in 0..6 {
            match p.pit(player, i) {
                Some(n) => ring[6 * k + i] = n,
                None => closed |= 1 << (6 * k + i),
            }
        }
    }
    (ring, closed)
}

// ---- The core's sowing primitives of `c07f53a`, removed from the core by issue 12
// ---- (no game used them); kept here, unchanged, for this comparison.

/// `mancala_core::sow::sow_with` as it was at `c07f53a`.
#[inline]
fn sow_with(
    pits: &mut [u8],
    origin: usize,
    seeds: u32,
    dir: Direction,
    mut passes_over: impl FnMut(usize, u8) -> bool,
    mut after_drop: impl FnMut(&mut [u8], usize, u32),
) -> Result<usize, SowError> {
    let len = pits.len();
    if origin >= len {
        return Err(SowError::NoSuchPit { pit: origin, len });
    }
    let mut pit = origin;
    let mut left = seeds;
    let mut passed = 0;
    while left > 0 {
        pit = match dir {
            Direction::CounterClockwise => {
                if pit + 1 == len {
                    0
                } else {
                    pit + 1
                }
            }
            Direction::Clockwise => {
                if pit == 0 {
                    len - 1
                } else {
                    pit - 1
                }
            }
        };
        if passes_over(pit, pits[pit]) {
            passed += 1;
            if passed >= len {
                return Err(SowError::Stuck { left });
            }
            continue;
        }
        passed = 0;
        pits[pit] = match pits[pit].checked_add(1) {
            Some(n) => n,
            None => return Err(SowError::Full { pit, left }),
        };
        left -= 1;
        after_drop(pits, pit, left);
    }
    Ok(pit)
}

/// `mancala_core::sow::sow_ring` as it was at `c07f53a`.
#[inline]
fn sow_ring<const L: usize>(
    pits: &mut [u8; L],
    origin: usize,
    seeds: u32,
    dir: Direction,
) -> Result<usize, SowError> {
    let no_pit = SowError::NoSuchPit {
        pit: origin,
        len: L,
    };
    let Some(last) = dir.advance(origin, seeds as usize, L) else {
        return Err(no_pit);
    };
    let rounds = seeds / L as u32;
    let rest = (seeds % L as u32) as usize;
    let after = |j: usize| match dir {
        Direction::CounterClockwise => (j + L - origin - 1) % L,
        Direction::Clockwise => (origin + L - j - 1) % L,
    };
    for (j, &p) in pits.iter().enumerate() {
        let gets = rounds + u32::from(after(j) < rest);
        if u64::from(p) + u64::from(gets) > u64::from(u8::MAX) {
            return Err(SowError::Full {
                pit: j,
                left: seeds,
            });
        }
    }
    for (j, p) in pits.iter_mut().enumerate() {
        *p += (rounds + u32::from(after(j) < rest)) as u8;
    }
    Ok(last)
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
        let (ring, _) = ring(&p, p.side_to_move());
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
        assert_eq!(ring(&game, p.side_to_move()).0, core, "urim {p} {m}");
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
        assert_eq!(ring(&game, p.side_to_move()).0, core, "oware {p} {m}");
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

// ---- Rio Kadalis: a whole move, lap after lap, capturing fours mid-lap.

/// A Rio Kadalis 2×6 move through `sow_with`, South's row first (as the game keeps its
/// board): rule 2, a four made with stones in hand goes to the row's owner, a four made
/// by the last stone to the mover and ends the move, a last stone in an empty pit ends
/// it, otherwise relay. `None` if the move is still going after 8 laps.
#[inline]
fn kadalis_core(
    ring: &mut [u8; 12],
    closed: u16,
    mover: usize,
    mut origin: usize,
    stores: &mut [u8; 2],
) -> Option<()> {
    for _ in 0..8 {
        let hand = std::mem::take(&mut ring[origin]);
        let mut binikh = false;
        let last = sow_with(
            ring,
            origin,
            u32::from(hand),
            CCW,
            |p, _| closed >> p & 1 != 0,
            |pits, p, left| {
                if pits[p] == 4 {
                    pits[p] = 0;
                    if left == 0 {
                        stores[mover] += 4;
                        binikh = true;
                    } else {
                        stores[p / 6] += 4;
                    }
                }
            },
        )
        .ok()?;
        if binikh || ring[last] == 1 {
            return Some(());
        }
        origin = last;
    }
    None
}

type KadalisJob = (
    mancala::rio_kadalis::Kadalis<6, false>,
    mancala::rio_kadalis::Move,
    [u8; 12],
    u16,
    usize,
    usize,
);

fn kadalis_moves(c: &mut Criterion) {
    let start = mancala::rio_kadalis::Kadalis::<6, false>::new();
    let mut jobs: Vec<KadalisJob> = Vec::new();
    for p in sample_positions(&start, 1000) {
        let (r, closed) = ring(&p, Player::South);
        let mover = p.side_to_move().index();
        for m in p.legal_moves() {
            let origin = 6 * mover + m.index();
            let mut core = r;
            let mut stores = [0u8; 2];
            if kadalis_core(&mut core, closed, mover, origin, &mut stores).is_none() {
                continue;
            }
            let mut game = p;
            game.play_unchecked(m);
            assert_eq!(ring(&game, Player::South).0, core, "rio kadalis {p} {m}");
            let gained = game.stores().map(|s| s);
            let before = p.stores();
            assert_eq!(
                [gained.south - before.south, gained.north - before.north],
                stores,
                "rio kadalis {p} {m}"
            );
            jobs.push((p, m, r, closed, mover, origin));
        }
    }
    let mut g = c.benchmark_group("rio-kadalis-move");
    g.throughput(Throughput::Elements(jobs.len() as u64));
    g.bench_function("game", |b| {
        b.iter(|| {
            for (p, m, ..) in &jobs {
                let mut q = *p;
                q.play_unchecked(*m);
                black_box(&q);
            }
        });
    });
    g.bench_function("core", |b| {
        b.iter(|| {
            for (_, _, r, closed, mover, origin) in &jobs {
                let mut ring = *r;
                let mut stores = [0u8; 2];
                black_box(kadalis_core(
                    &mut ring,
                    *closed,
                    *mover,
                    *origin,
                    &mut stores,
                ));
                black_box((&ring, &stores));
            }
        });
    });
    g.finish();
}

// ---- Omweso: relay laps round one player's 16-pit circuit.

const ONES: u128 = u128::from_le_bytes([1; 16]);

/// Omweso's `ROUNDS` and `REST_CCW` (`crates/omweso/src/pit.rs`).
static ROUNDS: [u128; 16] = {
    let mut t = [0u128; 16];
    let mut k = 1;
    while k < 16 {
        t[k] = t[k - 1] + ONES;
        k += 1;
    }
    t
};

static REST_CCW: [[u128; 16]; 16] = {
    let mut t = [[0u128; 16]; 16];
    let mut q = 0;
    while q < 16 {
        let mut r = 1;
        while r < 16 {
            t[q][r] = t[q][r - 1] | (1u128 << (8 * ((q + r) % 16)));
            r += 1;
        }
        q += 1;
    }
    t
};

/// Omweso's lap (`sow_ccw`, `get`, `clear`): relay until a lap ends in an empty pit.
#[inline]
fn omweso_game(mut x: u128, mut q: usize) -> (u128, usize) {
    for _ in 0..64 {
        let n = (x >> (8 * q)) as u8;
        x &= !(0xff << (8 * q));
        x = x + ROUNDS[(n >> 4) as usize] + REST_CCW[q][(n & 15) as usize];
        q = (q + n as usize) & 15;
        if (x >> (8 * q)) as u8 == 1 {
            break;
        }
    }
    (x, q)
}

/// The same through `sow_ring`.
#[inline]
fn omweso_core(c: &mut [u8; 16], mut q: usize) -> usize {
    for _ in 0..64 {
        let n = std::mem::take(&mut c[q]);
        let Ok(last) = sow_ring(c, q, u32::from(n), CCW) else {
            break;
        };
        q = last;
        if c[q] == 1 {
            break;
        }
    }
    q
}

fn omweso_relay(c: &mut Criterion) {
    let mut rng = Rng::new(11);
    let mut jobs: Vec<([u8; 16], usize)> = Vec::new();
    while jobs.len() < 1000 * 4 {
        let mut circuit = [0u8; 16];
        for _ in 0..32 {
            circuit[rng.below_fast(16)] += 1;
        }
        for q in 0..16 {
            if circuit[q] >= 2 {
                jobs.push((circuit, q));
            }
        }
    }
    for &(circuit, q) in &jobs {
        let (x, a) = omweso_game(u128::from_le_bytes(circuit), q);
        let mut c = circuit;
        let b = omweso_core(&mut c, q);
        assert_eq!((x.to_le_bytes(), a), (c, b));
    }
    let mut g = c.benchmark_group("omweso-relay");
    g.throughput(Throughput::Elements(jobs.len() as u64));
    g.bench_function("game", |b| {
        b.iter(|| {
            for &(circuit, q) in &jobs {
                black_box(omweso_game(u128::from_le_bytes(black_box(circuit)), q));
            }
        });
    });
    g.bench_function("core", |b| {
        b.iter(|| {
            for &(circuit, q) in &jobs {
                let mut c = black_box(circuit);
                black_box(omweso_core(&mut c, q));
                black_box(&c);
            }
        });
    });
    g.finish();
}

criterion_group!(benches, two_row_moves, kadalis_moves, omweso_relay);
criterion_main!(benches);
