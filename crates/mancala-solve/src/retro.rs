//! Retrograde analysis for games whose positions can repeat within one seed count
//! (Urim: rule 6 ends the game on a repeated position, which a board without its
//! history cannot know). For every board `p` of `n` seeds, seen from its mover, the
//! database holds two bounds on the margin the mover can force over the seeds on the
//! board:
//!
//! - `L(p)`: the margin the mover can force if every endless play (one that never
//!   leaves the seed count) counted as the worst for `p`'s mover;
//! - `U(p)`: the same with endless play counted as the best for `p`'s mover.
//!
//! In negamax form they are the least and the greatest solution of
//!
//! ```text
//! L(p) = max over moves m of  exitL(m)  or  −U(child)     (child of n seeds)
//! U(p) = max over moves m of  exitU(m)  or  −L(child)
//! ```
//!
//! where a move that captures (the child has fewer seeds) is an exit with
//! `exitL = gain − U(child)` and `exitU = gain − L(child)` from the databases below,
//! and a move that ends the game an exit with its final margin. They are computed by
//! iterating from `L = −n`, `U = +n` until nothing changes. `L ≤ exact ≤ U` holds for
//! the exact value of the position when it is the whole history (as it is right after
//! a capture, where rule 6's history starts afresh); where `L = U` the value is
//! exact. See `docs/solving.md` ("Games with cycles") for the proof and the stored
//! value `V = clamp(s, L, U)`.
//!
//! The build makes one pass over the boards that plays every move, resolves the exits
//! from the databases below and keeps the children of the same seed count (their
//! ranks, per chunk of boards), then iterates the two equations over those arrays in
//! rank order on all cores (in place: a value read from another thread may be one
//! iteration old, which only delays the fixed point, since `L` only rises and `U` only
//! falls), only over the boards still unresolved, until an iteration changes nothing.

use std::sync::atomic::{AtomicU16, AtomicU64, Ordering};

use mancala_core::{ArrayVec, Position};
use rayon::prelude::*;

use crate::build::{CheckReport, bar};
use crate::db::Databases;
use crate::game::Game;
use crate::rank::MAX_PITS;
use crate::{ABSENT, SolveError};

/// Boards a thread takes at a time.
const CHUNK: usize = 1 << 14;
/// The most moves a position has here.
const MAX_MOVES: usize = 16;
/// A child that the same side moves again (its value is added, not negated).
const AGAIN: u32 = 1 << 31;

/// The value kept for a board with bounds `l`, `u`: `clamp(s, l, u)`, where `s` is
/// the margin if the game ended at this board with each player taking the seeds in
/// their own row (Urim's rule 6): the mover's seeds minus the opponent's. `board` is
/// in pairs (the mover's pit `a`, the opponent's `a`, …).
///
/// ```
/// use mancala_solve::retro::stored_value;
/// assert_eq!(stored_value(-2, 4, &[3, 0, 0, 1]), 2); // s = 3 - 1
/// assert_eq!(stored_value(-2, 0, &[3, 0, 0, 1]), 0); // clamped to U
/// ```
#[must_use]
pub fn stored_value(l: i8, u: i8, board: &[u8]) -> i8 {
    let s: i32 = board
        .chunks_exact(2)
        .map(|p| i32::from(p[0]) - i32::from(p[1]))
        .sum();
    s.clamp(i32::from(l), i32::from(u)) as i8
}

/// What playing every move of one board gives.
struct Expanded {
    /// The best exit for `L` and for `U` (`i32::MIN` if none).
    exit_l: i32,
    exit_u: i32,
    /// The children with as many seeds: their ranks, [`AGAIN`] set if the same side
    /// moves again.
    kids: ArrayVec<u32, MAX_MOVES>,
}

/// Plays every move of `pos` (a board of `seeds` seeds, its stores' margin `stores`).
fn expand<G: Game>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    pos: &G::Pos,
    stores: i32,
) -> Result<Expanded, SolveError> {
    let p = dbs.ranker().pits();
    let mover = pos.side_to_move();
    let mut board = [0u8; MAX_PITS];
    let mut e = Expanded {
        exit_l: i32::MIN,
        exit_u: i32::MIN,
        kids: ArrayVec::new(),
    };
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let cs = game.view(&child, &mut board[..p]);
        let again = child.side_to_move() == mover;
        let gain = if again { cs } else { -cs } - stores;
        let sign = if again { 1 } else { -1 };
        if let Some(t) = game.terminal(&child, cs)? {
            e.exit_l = e.exit_l.max(gain + sign * t);
            e.exit_u = e.exit_u.max(gain + sign * t);
            continue;
        }
        let cseeds: u32 = board[..p].iter().map(|&x| u32::from(x)).sum();
        let rank = dbs.ranker().rank(&board[..p]);
        if cseeds > seeds {
            return Err(SolveError::SeedsRose {
                seeds,
                child: cseeds,
            });
        }
        if cseeds == seeds {
            let r = u32::try_from(rank).map_err(|_| SolveError::TableSize {
                seeds,
                found: rank,
                expected: u64::from(AGAIN),
            })?;
            e.kids
                .try_push(r | if again { AGAIN } else { 0 })
                .map_err(|_| SolveError::TooManyMoves)?;
            continue;
        }
        let (cl, cu) = dbs.bounds(cseeds, rank).ok_or(if dbs.len() <= cseeds {
            SolveError::Missing { seeds: cseeds }
        } else {
            SolveError::Absent {
                seeds: cseeds,
                rank,
            }
        })?;
        let (cl, cu) = (i32::from(cl), i32::from(cu));
        if again {
            e.exit_l = e.exit_l.max(gain + cl);
            e.exit_u = e.exit_u.max(gain + cu);
        } else {
            e.exit_l = e.exit_l.max(gain - cu);
            e.exit_u = e.exit_u.max(gain - cl);
        }
    }
    if e.exit_l == i32::MIN && e.kids.is_empty() {
        return Err(SolveError::NoMoves);
    }
    Ok(e)
}

#[inline]
fn pack(l: i32, u: i32) -> u16 {
    u16::from_le_bytes([l as i8 as u8, u as i8 as u8])
}

#[inline]
fn unpack(v: u16) -> (i32, i32) {
    let [l, u] = v.to_le_bytes();
    (i32::from(l as i8), i32::from(u as i8))
}

/// One step of the equations at a board: its exits and its children's bounds.
#[inline]
fn step(exit_l: i32, exit_u: i32, kids: &[u32], vals: &[AtomicU16]) -> (i32, i32) {
    let (mut l, mut u) = (exit_l, exit_u);
    for &k in kids {
        let (cl, cu) = unpack(vals[(k & !AGAIN) as usize].load(Ordering::Relaxed));
        if k & AGAIN != 0 {
            l = l.max(cl);
            u = u.max(cu);
        } else {
            l = l.max(-cu);
            u = u.max(-cl);
        }
    }
    (l, u)
}

/// A board still to iterate.
#[derive(Clone, Copy)]
struct Active {
    rank: u32,
    exit_l: i16,
    exit_u: i16,
    /// Its children in the chunk's `kids`.
    start: u32,
    len: u8,
}

#[derive(Default)]
struct Chunk {
    active: Vec<Active>,
    kids: Vec<u32>,
}

/// What building one database of bounds did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RetroStats {
    /// Iterations of the equations until nothing changed (the last changed nothing).
    pub iterations: u32,
    /// Boards with children of the same seed count (those iterated).
    pub cyclic: u64,
    /// Boards left with `L < U` (because of a cycle, or of an exit to a board below
    /// whose bounds differ).
    pub unresolved: u64,
}

/// Computes the database of `seeds` seeds of a game with cycles ([`Game::cycles`]):
/// the bounds `(L, U)` of every board, two bytes per board in rank order (both
/// [`ABSENT`] for a board the rules do not have). The databases of fewer seeds must
/// be in `dbs`. Shows progress bars if `progress`.
///
/// # Errors
/// [`SolveError::Order`] if `dbs` does not hold exactly the seed counts below;
/// [`SolveError::TableSize`] above `2^31` boards; those of a child that cannot be
/// looked up.
pub fn solve_table<G: Game>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    progress: bool,
) -> Result<(Vec<u8>, RetroStats), SolveError> {
    if dbs.len() != seeds {
        return Err(SolveError::Order {
            have: dbs.len(),
            want: seeds,
        });
    }
    let ranker = dbs.ranker();
    let count = ranker.count(seeds);
    if count >= u64::from(AGAIN) || seeds > 126 {
        return Err(SolveError::TableSize {
            seeds,
            found: count,
            expected: u64::from(AGAIN),
        });
    }
    let n = count as usize;
    let p = ranker.pits();
    let s = seeds as i32;
    let vals: Vec<AtomicU16> = (0..n).into_par_iter().map(|_| AtomicU16::new(0)).collect();
    let pb = bar(
        n as u64,
        format!("{} {seeds:>2} seeds, moves", game.name()),
        progress,
    );
    let mut chunks: Vec<Chunk> = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| -> Result<Chunk, SolveError> {
            let start = c * CHUNK;
            let end = n.min(start + CHUNK);
            let mut board = [0u8; MAX_PITS];
            ranker.unrank(seeds, start as u64, &mut board[..p])?;
            let mut chunk = Chunk::default();
            for (rank, cell) in (start..end).zip(&vals[start..end]) {
                let v = match game.position(&board[..p]) {
                    None => pack(i32::from(ABSENT), i32::from(ABSENT)),
                    Some(pos) => {
                        match game.terminal(&pos, game.view(&pos, &mut [0; MAX_PITS][..p]))? {
                            Some(t) => pack(t, t),
                            None => {
                                let st = game.view(&pos, &mut [0; MAX_PITS][..p]);
                                let e = expand(game, dbs, seeds, &pos, st)?;
                                if e.kids.is_empty() {
                                    pack(e.exit_l, e.exit_u)
                                } else {
                                    chunk.active.push(Active {
                                        rank: rank as u32,
                                        exit_l: e.exit_l.max(-s) as i16,
                                        exit_u: e.exit_u.max(-s) as i16,
                                        start: chunk.kids.len() as u32,
                                        len: e.kids.len() as u8,
                                    });
                                    chunk.kids.extend_from_slice(&e.kids);
                                    pack(e.exit_l.max(-s), s)
                                }
                            }
                        }
                    }
                };
                cell.store(v, Ordering::Relaxed);
                ranker.next(&mut board[..p]);
            }
            pb.inc((end - start) as u64);
            Ok(chunk)
        })
        .collect::<Result<_, _>>()?;
    pb.finish_and_clear();
    let cyclic: u64 = chunks.iter().map(|c| c.active.len() as u64).sum();
    let mut stats = RetroStats {
        cyclic,
        ..RetroStats::default()
    };
    loop {
        stats.iterations += 1;
        let left: u64 = chunks.iter().map(|c| c.active.len() as u64).sum();
        let pb = bar(
            left,
            format!(
                "{} {seeds:>2} seeds, iteration {}",
                game.name(),
                stats.iterations
            ),
            progress,
        );
        let changed = AtomicU64::new(0);
        chunks.par_iter_mut().for_each(|chunk| {
            let mut ch = 0u64;
            let before = chunk.active.len();
            let kids = &chunk.kids;
            chunk.active.retain(|a| {
                let cell = &vals[a.rank as usize];
                let (l, u) = unpack(cell.load(Ordering::Relaxed));
                let k = &kids[a.start as usize..a.start as usize + usize::from(a.len)];
                let (nl, nu) = step(i32::from(a.exit_l), i32::from(a.exit_u), k, &vals);
                // A child's bounds read from another thread may be older: keep the
                // bounds monotone (L only rises, U only falls).
                let (nl, nu) = (nl.max(l), nu.min(u));
                if (nl, nu) != (l, u) {
                    cell.store(pack(nl, nu), Ordering::Relaxed);
                    ch += 1;
                }
                nl < nu
            });
            pb.inc(before as u64);
            changed.fetch_add(ch, Ordering::Relaxed);
        });
        pb.finish_and_clear();
        if changed.into_inner() == 0 {
            break;
        }
    }
    drop(chunks);
    let mut out = Vec::with_capacity(2 * n);
    for v in vals {
        let v = v.into_inner();
        let (l, u) = unpack(v);
        stats.unresolved += u64::from(l < u);
        out.extend_from_slice(&v.to_le_bytes());
    }
    Ok((out, stats))
}

/// Re-checks the database of bounds of `seeds` seeds in `dbs`: every board's `L` and
/// `U` must be what the equations give from its children (those of fewer seeds, and
/// those of as many seeds, read from the same database), `L ≤ U`, both within
/// `−seeds..=seeds`, and a board the rules do not have must be marked so. Counts the
/// boards left unresolved (`L < U`). The examples hold the rank, the stored bound and
/// the recomputed one (`L`'s if it differs, else `U`'s).
///
/// The check proves the stored bounds are *a* solution of the equations; that they
/// are the least and greatest one (rather than another solution along a cycle) is
/// what the build's iteration from `−n` and `+n` gives.
///
/// # Errors
/// [`SolveError::Missing`] if `dbs` has no database of `seeds` seeds; a child whose
/// bounds are missing.
pub fn check_table<G: Game>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
) -> Result<CheckReport, SolveError> {
    let table = dbs.table(seeds).ok_or(SolveError::Missing { seeds })?;
    let bytes = table.bytes();
    let ranker = dbs.ranker();
    let p = ranker.pits();
    let n = bytes.len() / 2;
    let s = seeds as i32;
    let at = |rank: usize| {
        (
            i32::from(bytes[2 * rank] as i8),
            i32::from(bytes[2 * rank + 1] as i8),
        )
    };
    let parts: Vec<CheckReport> = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| -> Result<CheckReport, SolveError> {
            let start = c * CHUNK;
            let end = n.min(start + CHUNK);
            let mut board = [0u8; MAX_PITS];
            ranker.unrank(seeds, start as u64, &mut board[..p])?;
            let mut r = CheckReport::default();
            for rank in start..end {
                let (l, u) = at(rank);
                let mut out_of_range = false;
                let want = match game.position(&board[..p]) {
                    None => (i32::from(ABSENT), i32::from(ABSENT)),
                    Some(pos) => {
                        match game.terminal(&pos, game.view(&pos, &mut [0; MAX_PITS][..p]))? {
                            Some(t) => (t, t),
                            None => {
                                out_of_range = l < -s || u > s || l > u;
                                let st = game.view(&pos, &mut [0; MAX_PITS][..p]);
                                let e = expand(game, dbs, seeds, &pos, st)?;
                                let (mut wl, mut wu) = (e.exit_l, e.exit_u);
                                for &k in &e.kids {
                                    let (cl, cu) = at((k & !AGAIN) as usize);
                                    if k & AGAIN != 0 {
                                        wl = wl.max(cl);
                                        wu = wu.max(cu);
                                    } else {
                                        wl = wl.max(-cu);
                                        wu = wu.max(-cl);
                                    }
                                }
                                (wl, wu)
                            }
                        }
                    }
                };
                if out_of_range || (l, u) != want {
                    r.wrong += 1;
                    if r.examples.len() < 8 {
                        let e = if l != want.0 || u == want.1 {
                            (rank as u64, l as i8, want.0)
                        } else {
                            (rank as u64, u as i8, want.1)
                        };
                        r.examples.push(e);
                    }
                } else if l < u {
                    r.unresolved += 1;
                    r.gap += (u - l) as u64;
                }
                ranker.next(&mut board[..p]);
            }
            r.boards = (end - start) as u64;
            Ok(r)
        })
        .collect::<Result<_, _>>()?;
    Ok(CheckReport::merge(seeds, parts))
}
