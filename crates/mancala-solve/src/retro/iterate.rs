//! The bounds of a table with its children replayed ([`Children::Replayed`]): the
//! equations iterated in rank order on all cores, each board's moves played again in
//! every iteration, with a worklist for a game that un-sows (see [`retro`](super)).

use std::sync::atomic::{AtomicU16, AtomicU64, Ordering};

use mancala_core::ArrayVec;
use rayon::prelude::*;

use super::equations::{
    AGAIN, CHUNK, Children, First, Kid, MAX_MOVES, RetroStats, children, firsts, pack,
    table_boards, unpack,
};
use crate::db::Databases;
use crate::error::SolveError;
use crate::game::Solvable;
use crate::progress::{Progress, Stage, Step};
use crate::rank::{MAX_PITS, Ranker};
use crate::unsow::{Sowing, unsow};

/// The children of as many seeds of `pos` (as [`expand`] keeps them), replayed.
fn same_kids<G: Solvable>(
    game: &G,
    ranker: &Ranker,
    seeds: u32,
    pos: &G::Pos,
    stores: i32,
) -> Result<ArrayVec<u32, MAX_MOVES>, SolveError> {
    let mut kids = ArrayVec::new();
    children(game, ranker, seeds, pos, stores, |kid| {
        if let Kid::Same(r) = kid {
            kids.try_push(r).map_err(|_| SolveError::TooManyMoves)?;
        }
        Ok(())
    })?;
    Ok(kids)
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

/// The worklist of an iteration with replayed children, for a game that un-sows
/// ([`Solvable::sowing`]): bit sets over the boards' ranks.
struct Work<'a> {
    /// The boards to evaluate in this iteration (parents of a board that changed).
    dirty: &'a [AtomicU64],
    /// The boards to evaluate in the next one.
    next: &'a [AtomicU64],
    sowing: Sowing,
}

impl Work<'_> {
    fn is_dirty(&self, rank: usize) -> bool {
        self.dirty[rank / 64].load(Ordering::Relaxed) & (1 << (rank % 64)) != 0
    }

    /// Marks for the next iteration every board that may have `board` as a child
    /// and whose bounds its change from `old` to `new` may move (the sides alternate,
    /// so a parent's `L` takes `−U` of the child and its `U` takes `−L`): if the
    /// child's `L` rose, every parent (its `U` may fall); if only the child's `U` fell,
    /// the parents whose `L` the child's new `−U` passes. `L` only rises, so a parent
    /// whose `L` already reaches `−U` never needs it; and a parent's `L` read while
    /// another thread is raising it is an older, lower one, which only marks more.
    /// (The same test on `U` would not be safe: an older `U` read is higher, and could
    /// hide a parent that the other thread is lowering from the child's old `L`.)
    fn mark_parents(
        &self,
        ranker: &Ranker,
        board: &[u8],
        vals: &[AtomicU16],
        old: (i32, i32),
        new: (i32, i32),
    ) {
        let n = vals.len();
        unsow(board, self.sowing, |parent| {
            let r = ranker.rank(parent) as usize;
            if r >= n {
                return;
            }
            let u_may_fall = new.0 > old.0;
            let l_may_rise = || new.1 < old.1 && -new.1 > unpack(vals[r].load(Ordering::Relaxed)).0;
            if u_may_fall || l_may_rise() {
                self.next[r / 64].fetch_or(1 << (r % 64), Ordering::Relaxed);
            }
        });
    }
}

/// The boards of one chunk still to iterate (with replayed children): marked in a bit
/// set over the chunk's boards (from rank `start`), with their exits (`pack`ed) in
/// rank order.
struct Chunk {
    start: usize,
    bits: Vec<u64>,
    exits: Vec<u16>,
}

impl Chunk {
    fn new(start: usize) -> Chunk {
        Chunk {
            start,
            bits: vec![0; CHUNK / 64],
            exits: Vec::new(),
        }
    }

    /// Adds the board of rank `rank` with its exits.
    fn add(&mut self, rank: usize, exit_l: i32, exit_u: i32) {
        let i = rank - self.start;
        self.bits[i / 64] |= 1 << (i % 64);
        self.exits.push(pack(exit_l, exit_u));
    }

    fn len(&self) -> usize {
        self.exits.len()
    }

    /// One iteration of the equations over the chunk's boards, in rank order; drops
    /// the boards that get resolved. Returns how many boards changed and how many
    /// were evaluated. With `work`, only the boards it marks dirty are evaluated (the
    /// others keep their bounds: none of their children changed), and the parents of
    /// those that change are marked for the next iteration.
    fn iterate<G: Solvable>(
        &mut self,
        game: &G,
        ranker: &Ranker,
        seeds: u32,
        vals: &[AtomicU16],
        work: Option<&Work>,
    ) -> Result<(u64, u64), SolveError> {
        let (mut changed, mut evaluated) = (0u64, 0u64);
        let Chunk { start, bits, exits } = self;
        let p = ranker.pits();
        let mut board = [0u8; MAX_PITS];
        let mut at = *start;
        ranker.unrank(seeds, at as u64, &mut board[..p])?;
        let (mut read, mut kept) = (0, 0);
        for (w, bits) in bits.iter_mut().enumerate() {
            let mut word = *bits;
            while word != 0 {
                let i = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                if work.is_some_and(|w| !w.is_dirty(*start + i)) {
                    exits[kept] = exits[read];
                    read += 1;
                    kept += 1;
                    continue;
                }
                if *start + i - at > 64 {
                    at = *start + i;
                    ranker.unrank(seeds, at as u64, &mut board[..p])?;
                }
                while at < *start + i {
                    ranker.next(&mut board[..p]);
                    at += 1;
                }
                let pos = game.position(&board[..p]).ok_or(SolveError::Absent {
                    seeds,
                    rank: at as u64,
                })?;
                let stores = game.view(&pos, &mut [0; MAX_PITS][..p]);
                let kids = same_kids(game, ranker, seeds, &pos, stores)?;
                let (el, eu) = unpack(exits[read]);
                read += 1;
                // The board's exits and children give new bounds, kept monotone (a
                // child's bounds read from another thread may be older: L only
                // rises, U only falls).
                let cell = &vals[at];
                evaluated += 1;
                let (l, u) = unpack(cell.load(Ordering::Relaxed));
                let (nl, nu) = step(el, eu, &kids, vals);
                let (nl, nu) = (nl.max(l), nu.min(u));
                if (nl, nu) != (l, u) {
                    cell.store(pack(nl, nu), Ordering::Relaxed);
                    changed += 1;
                    if let Some(w) = work {
                        w.mark_parents(ranker, &board[..p], vals, (l, u), (nl, nu));
                    }
                }
                if nl < nu {
                    exits[kept] = exits[read - 1];
                    kept += 1;
                } else {
                    *bits &= !(1 << (i % 64));
                }
            }
        }
        exits.truncate(kept);
        Ok((changed, evaluated))
    }
}

/// The table of `seeds` seeds with the children replayed: [`retro::solve`](super::solve)
/// with [`Children::Replayed`].
pub(crate) fn solve<G: Solvable>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    progress: &dyn Progress,
) -> Result<(Vec<u8>, RetroStats), SolveError> {
    let n = table_boards(dbs, seeds)?;
    let ranker = dbs.ranker();
    let s = seeds as i32;
    let vals: Vec<AtomicU16> = (0..n).into_par_iter().map(|_| AtomicU16::new(0)).collect();
    progress.start(&Stage {
        game: game.name(),
        seeds,
        step: Step::Moves,
        boards: Some(n as u64),
    });
    let mut chunks: Vec<Chunk> = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| -> Result<Chunk, SolveError> {
            let start = c * CHUNK;
            let end = n.min(start + CHUNK);
            let mut chunk = Chunk::new(start);
            firsts(game, dbs, seeds, start, end - start, |i, f| {
                let v = match f {
                    First::Fixed(l, u) => pack(l, u),
                    First::Cyclic(e) => {
                        let (el, eu) = (e.exit_l.max(-s), e.exit_u.max(-s));
                        chunk.add(start + i, el, eu);
                        pack(el, s)
                    }
                };
                vals[start + i].store(v, Ordering::Relaxed);
                Ok(())
            })?;
            progress.advance((end - start) as u64);
            Ok(chunk)
        })
        .collect::<Result<_, _>>()?;
    progress.finish();
    let cyclic: u64 = chunks.iter().map(|c| c.len() as u64).sum();
    // The worklist: every board is dirty in the first iteration.
    let sowing = game.sowing();
    let words = if sowing.is_some() { n.div_ceil(64) } else { 0 };
    let mut dirty: Vec<AtomicU64> = (0..words)
        .into_par_iter()
        .map(|_| AtomicU64::new(u64::MAX))
        .collect();
    let mut next: Vec<AtomicU64> = (0..words)
        .into_par_iter()
        .map(|_| AtomicU64::new(0))
        .collect();
    let mut stats = RetroStats {
        cyclic,
        children: Some(Children::Replayed),
        ..RetroStats::default()
    };
    loop {
        stats.iterations += 1;
        let left: u64 = chunks.iter().map(|c| c.len() as u64).sum();
        progress.start(&Stage {
            game: game.name(),
            seeds,
            step: Step::Iteration(stats.iterations),
            boards: Some(left),
        });
        // Evaluating a board is slow (its moves are played again): every board in
        // the first iteration (`dirty` is all ones), then only the parents of those
        // that changed.
        let work = sowing.map(|sowing| Work {
            dirty: &dirty,
            next: &next,
            sowing,
        });
        if work.is_some() && stats.worklist_from == 0 {
            stats.worklist_from = stats.iterations + 1;
        }
        let (changed, evaluated) = chunks
            .par_iter_mut()
            .map(|chunk| {
                let before = chunk.len() as u64;
                let ch = chunk.iterate(game, ranker, seeds, &vals, work.as_ref());
                progress.advance(before);
                ch
            })
            .try_reduce(|| (0, 0), |a, b| Ok((a.0 + b.0, a.1 + b.1)))?;
        progress.finish();
        stats.evaluated += evaluated;
        if changed == 0 {
            break;
        }
        if work.is_some() {
            std::mem::swap(&mut dirty, &mut next);
            next.par_iter().for_each(|w| w.store(0, Ordering::Relaxed));
        }
    }
    drop(chunks);
    if stats.worklist_from > stats.iterations {
        stats.worklist_from = 0;
    }
    let mut out = Vec::with_capacity(2 * n);
    for v in vals {
        let v = v.into_inner();
        let (l, u) = unpack(v);
        stats.unresolved += u64::from(l < u);
        out.extend_from_slice(&v.to_le_bytes());
    }
    Ok((out, stats))
}
