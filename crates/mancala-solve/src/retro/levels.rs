//! The retrograde analysis of a game with cycles by levels, over the parents of each
//! board ([`Children::Stored`]): the same bounds as
//! the iteration of [`iterate`](super::iterate), each settled once instead of iterated.
//!
//! The two equations of `retro` are one game over the boards' `L`s and `U`s, played
//! for the player whose value `L` is at `L`'s boards: at a board's `L` that player
//! chooses (its value is the best of its exit and its children's, a child's `−U` if
//! the turn passes), at a board's `U`, seen as `−U`, the other side chooses (the worst
//! of `−exitU` and its children's). Endless play is worth `−n` to that player, so `L`
//! and `−U` start at `−n` and rise to the least solution. That solution is found from
//! the highest value down (`docs/solving.md`, "Games with cycles"): at level `t`, a
//! board's `L` settles at `t` when its exit is `t` or a child settles at `t` (a higher
//! level would have settled it before); a board's `U` settles when its last child
//! settles, at the lower of that level and `−exitU` (the children settle from the
//! highest down, so the last is the least); what never settles stays at `−n` (`L =
//! −n`, `U = +n`): from there that player cannot force the play to leave the seed
//! count with more. Each settled `L` or `U` is passed to the parents once: the work
//! is twice the number of child links, not the iterations times the boards.
//!
//! The parents come from the first pass, which plays every move and puts each link
//! (child, parent) in the block of the child (blocks of `BLOCK` ranks); each block
//! then sorts its links by child, so that a board's parents are a range. A level
//! settles in rounds: the links of what the last round settled are gathered by the
//! parent's block, then each block applies its own on one thread, so the boards'
//! cells are read from the caches and no two threads write the same cell.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::equations::{AGAIN, CHUNK, Children, First, RetroStats, firsts, pack, table_boards};
use crate::db::Databases;
use crate::error::SolveError;
use crate::game::Solvable;
use crate::progress::{Progress, Stage, Step};

/// The ranks in a block: a block's cells (half a megabyte) stay in a core's
/// cache while its links are applied.
const BLOCK_BITS: u32 = 16;
const BLOCK: usize = 1 << BLOCK_BITS;

/// How many of a board's children of as many seeds are not settled yet (its `U`
/// settles with the last), in [`Cell::state`]; and whether its `L`, its `U` is
/// settled.
const LEFT: u8 = (1 << 6) - 1;
const L_DONE: u8 = 1 << 6;
const U_DONE: u8 = 1 << 7;

/// The links a thread gathers before it reads them: the reads of a batch's parents
/// are made first, independent of each other, so that their cache misses overlap.
const BATCH: usize = 256;

/// What the analysis keeps of a board: its bounds (its exits until they settle), its
/// state (`LEFT`, `L_DONE`, `U_DONE`), the exit of its `U`, and where its parents end
/// in its block's ([`Block`]); one cache line holds eight boards' cells.
#[derive(Clone, Copy, Default)]
struct Cell {
    l: i8,
    u: i8,
    state: u8,
    exit_u: i8,
    end: u32,
}

/// The parents of the boards of one block, each a rank with [`AGAIN`] set if the
/// same side moves again: those of the board at offset `i` are
/// `parents[cells[i - 1].end..cells[i].end]` (from 0 for `i = 0`).
struct Block {
    parents: Vec<u32>,
}

impl Block {
    /// The block of the boards of `cells` from its links `(child offset, parent)`;
    /// sets the cells' `end`.
    fn new(cells: &mut [Cell], links: impl Iterator<Item = (usize, u32)> + Clone) -> Block {
        for (c, _) in links.clone() {
            cells[c].end += 1;
        }
        let mut sum = 0;
        for c in cells.iter_mut() {
            sum += c.end;
            c.end = sum - c.end;
        }
        let mut parents = vec![0u32; sum as usize];
        for (c, p) in links {
            let c = &mut cells[c];
            parents[c.end as usize] = p;
            c.end += 1;
        }
        // Each `end` is now the end of its board's parents.
        Block { parents }
    }
}

/// The range of its block's parents of the board at offset `i` of the block's
/// `cells`.
#[inline]
fn range(cells: &[Cell], i: usize) -> (u32, u32) {
    (if i == 0 { 0 } else { cells[i - 1].end }, cells[i].end)
}

/// A settled node with the range of its parents.
#[derive(Clone, Copy)]
struct Settled {
    node: u32,
    from: u32,
    to: u32,
}

/// The links of one chunk of the first pass, sorted by the child's block: those of
/// block `b` are `links[starts[b]..starts[b + 1]]`, each the child's offset in its
/// block (the high 16 bits), [`AGAIN`]'s bit at bit 15 if the same side moves again,
/// and the parent's offset in the chunk (the low 14 bits): 4 bytes a link, where the
/// links are most of the build's memory.
struct Piece {
    start: u32,
    links: Vec<u32>,
    starts: Vec<u32>,
}

/// A parent's offset in its chunk fits the low 14 bits of a [`Piece`]'s link, a
/// child's offset in its block the high 16.
const _: () = assert!(CHUNK <= 1 << 14 && BLOCK_BITS <= 16);

impl Piece {
    /// The piece of the chunk from `start` with `links`, `(parent << 32) | child`
    /// (the parent with [`AGAIN`] set if the same side moves again), sorted by the
    /// child's block (of `blocks`).
    fn new(start: usize, links: &[u64], blocks: usize) -> Piece {
        let block = |l: u64| (l as u32 >> BLOCK_BITS) as usize;
        let mut starts = vec![0u32; blocks + 1];
        for &l in links {
            starts[block(l) + 1] += 1;
        }
        for b in 0..blocks {
            starts[b + 1] += starts[b];
        }
        let mut at = starts.clone();
        let mut packed = vec![0u32; links.len()];
        for &l in links {
            let a = &mut at[block(l)];
            let parent = (l >> 32) as u32;
            let again = (parent & AGAIN) >> 16;
            let offset = (parent & !AGAIN) - start as u32;
            packed[*a as usize] = (l as u32 & (BLOCK as u32 - 1)) << 16 | again | offset;
            *a += 1;
        }
        Piece {
            start: start as u32,
            links: packed,
            starts,
        }
    }

    /// The links `(child offset, parent)` into block `b`, the parent with [`AGAIN`]
    /// set if the same side moves again.
    fn block(&self, b: usize) -> impl Iterator<Item = (usize, u32)> + Clone + '_ {
        let r = self.starts[b] as usize..self.starts[b + 1] as usize;
        self.links[r].iter().map(|&x| {
            let parent = (self.start + (x & 0x3fff)) | (x & 0x8000) << 16;
            ((x >> 16) as usize, parent)
        })
    }
}

/// The table of `seeds` seeds by levels: [`retro::solve`](super::solve) with
/// [`Children::Stored`].
pub(crate) fn solve<G: Solvable>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    progress: &dyn Progress,
) -> Result<(Vec<u8>, RetroStats), SolveError> {
    let n = table_boards(dbs, seeds)?;
    let s = seeds as i32;
    let blocks = n.div_ceil(BLOCK);
    let mut cells = vec![Cell::default(); n];
    progress.start(&Stage {
        game: game.name(),
        seeds,
        step: Step::Moves,
        boards: Some(n as u64),
    });
    // The first pass: every move played, the exits resolved from the databases
    // below, the links to children of as many seeds kept by the child's block.
    let pieces: Vec<Piece> = cells
        .par_chunks_mut(CHUNK)
        .enumerate()
        .map_init(Vec::new, |links, (c, cells)| -> Result<Piece, SolveError> {
            let start = c * CHUNK;
            links.clear();
            firsts(game, dbs, seeds, start, cells.len(), |i, f| {
                let cell = &mut cells[i];
                let (l, u) = match f {
                    First::Fixed(l, u) => (l, u),
                    First::Cyclic(e) => {
                        let parent = (start + i) as u64;
                        for &k in &e.kids {
                            let again = u64::from(k & AGAIN);
                            links.push((parent | again) << 32 | u64::from(k & !AGAIN));
                        }
                        cell.state = e.kids.len() as u8;
                        cell.exit_u = e.exit_u.max(-s) as i8;
                        (e.exit_l.max(-s), s)
                    }
                };
                (cell.l, cell.u) = (l as i8, u as i8);
                Ok(())
            })?;
            progress.advance(cells.len() as u64);
            Ok(Piece::new(start, links, blocks))
        })
        .collect::<Result<_, _>>()?;
    progress.finish();
    let cyclic = cells.par_iter().filter(|c| c.state > 0).count() as u64;
    let parents: Vec<Block> = cells
        .par_chunks_mut(BLOCK)
        .enumerate()
        .map(|(b, cells)| Block::new(cells, pieces.iter().flat_map(move |p| p.block(b))))
        .collect();
    drop(pieces);
    let (rounds, settled) = settle(&parents, &mut cells, s);
    let mut stats = RetroStats {
        iterations: rounds,
        cyclic,
        unresolved: 0,
        children: Some(Children::Stored),
        evaluated: settled,
        worklist_from: 0,
    };
    let mut out = Vec::with_capacity(2 * n);
    for c in cells {
        stats.unresolved += u64::from(c.l < c.u);
        out.extend_from_slice(&pack(i32::from(c.l), i32::from(c.u)).to_le_bytes());
    }
    Ok((out, stats))
}

/// What a block found in a round: the nodes it settled, and the `U`s that settle at
/// a lower level (with the level).
#[derive(Default)]
struct Found {
    done: Vec<Settled>,
    lower: Vec<(u32, u32)>,
}

/// Settles every `L` and `U` from level `s` down to `−s + 1` (what is left keeps
/// `L = −s`, `U = s`, or its exit). A node is `2 rank` for a board's `L`, `2 rank + 1`
/// for its `U`. Returns the rounds (a round applies the links of what the round
/// before settled) and the nodes settled.
fn settle(parents: &[Block], cells: &mut [Cell], s: i32) -> (u32, u64) {
    let levels = (2 * s).max(0) as usize;
    let level = |v: i32| (v > -s && v <= s).then(|| (s - v) as usize);
    // The nodes that settle at each level from their exits: every `L` at its own,
    // the `U` of a board without children of as many seeds at its own (in rank
    // order, as they are found); and the `U`s found to settle at a lower level than
    // the one being settled (in the order found).
    let mut todo: Vec<Vec<u32>> = vec![Vec::new(); levels];
    let mut later: Vec<Vec<u32>> = vec![Vec::new(); levels];
    for (r, c) in cells.iter().enumerate() {
        if let Some(i) = level(i32::from(c.l)) {
            todo[i].push((r as u32) << 1);
        }
        if c.state == 0
            && let Some(i) = level(-i32::from(c.u))
        {
            todo[i].push((r as u32) << 1 | 1);
        }
    }
    let threads = rayon::current_num_threads().max(1);
    // A bit a board, set when its `L` settles: the gathering drops the links to an
    // `L` already settled (most of them: 79% of the `L` links at 18 seeds of Urim)
    // before their cells are read at random.
    let l_done = LDone(
        (0..cells.len().div_ceil(64))
            .map(|_| AtomicU64::new(0))
            .collect(),
    );
    // Each thread's gathered links by the parent's block; each block's settled
    // nodes, and the `U`s it found settle at a lower level (with the level).
    let mut links: Vec<Vec<Vec<u32>>> = (0..threads)
        .map(|_| vec![Vec::new(); parents.len()])
        .collect();
    let mut found: Vec<Found> = (0..parents.len()).map(|_| Found::default()).collect();
    let mut now: Vec<Settled> = Vec::new();
    let (mut rounds, mut settled) = (0u32, 0u64);
    for i in 0..levels {
        let t = s - i as i32;
        // In rank order, so that the cells are read in order: `todo` is, `later`
        // (fewer) is sorted.
        let first = std::mem::take(&mut todo[i]);
        let mut lower = std::mem::take(&mut later[i]);
        lower.sort_unstable();
        now.clear();
        for x in first.into_iter().chain(lower) {
            let r = (x >> 1) as usize;
            if settle_at(&mut cells[r], x & 1, t) {
                l_done.mark(x);
                let block = &cells[r & !(BLOCK - 1)..];
                let (from, to) = range(block, r & (BLOCK - 1));
                now.push(Settled { node: x, from, to });
            }
        }
        while !now.is_empty() {
            rounds += 1;
            settled += now.len() as u64;
            // The links of what settled, gathered by the parent's block.
            let per = now.len().div_ceil(threads);
            links
                .par_iter_mut()
                .zip(now.par_chunks(per))
                .for_each(|(links, now)| gather(parents, &l_done, now, links));
            // Applied a block at a time.
            cells
                .par_chunks_mut(BLOCK)
                .zip(found.par_iter_mut())
                .enumerate()
                .for_each(|(b, (cells, Found { done, lower }))| {
                    // The cells read ahead, independent of each other.
                    let touch = links
                        .iter()
                        .flat_map(|l| &l[b])
                        .fold(0, |a, y| a ^ cells[(y >> 1) as usize & (BLOCK - 1)].state);
                    std::hint::black_box(touch);
                    for &y in links.iter().flat_map(|l| &l[b]) {
                        let i = (y >> 1) as usize & (BLOCK - 1);
                        let cell = &mut cells[i];
                        if y & 1 == 0 {
                            // An `L`: the child's value reaches it at `t`.
                            if settle_at(cell, 0, t) {
                                l_done.mark(y);
                                let (from, to) = range(cells, i);
                                done.push(Settled { node: y, from, to });
                            }
                            continue;
                        }
                        // A `U`: one child fewer to wait for.
                        cell.state -= 1;
                        if cell.state & LEFT == 0 {
                            let v = t.min(-i32::from(cell.exit_u));
                            if v == t {
                                if settle_at(cell, 1, t) {
                                    let (from, to) = range(cells, i);
                                    done.push(Settled { node: y, from, to });
                                }
                            } else if let Some(j) = level(v) {
                                lower.push((j as u32, y));
                            }
                        }
                    }
                });
            for l in links.iter_mut().flatten() {
                l.clear();
            }
            now.clear();
            for Found { done, lower } in &mut found {
                now.append(done);
                for (j, y) in lower.drain(..) {
                    later[j as usize].push(y);
                }
            }
        }
    }
    (rounds, settled)
}

/// Whether each board's `L` is settled, a bit a board: set by the thread that
/// settles it (a block's bits by the block's thread), read by the gathering, which
/// runs apart from the settling.
struct LDone(Vec<AtomicU64>);

impl LDone {
    /// Marks the `L` of node `x`'s board settled if `x` is an `L` (`2 rank`).
    #[inline]
    fn mark(&self, x: u32) {
        if x & 1 == 0 {
            let r = (x >> 1) as usize;
            self.0[r / 64].fetch_or(1 << (r % 64), Ordering::Relaxed);
        }
    }

    /// Whether the `L` of the board of rank `r` is settled.
    #[inline]
    fn is_set(&self, r: u32) -> bool {
        let r = r as usize;
        self.0[r / 64].load(Ordering::Relaxed) & (1 << (r % 64)) != 0
    }
}

/// Settles the `L` (`kind` 0) or the `U` (`kind` 1) of `cell` at `t`, unless it is
/// settled; whether it was settled now.
#[inline]
fn settle_at(cell: &mut Cell, kind: u32, t: i32) -> bool {
    let done = if kind == 0 { L_DONE } else { U_DONE };
    if cell.state & done != 0 {
        return false;
    }
    cell.state |= done;
    if kind == 0 {
        cell.l = t as i8;
    } else {
        cell.u = -t as i8;
    }
    true
}

/// Puts the links of the parents of the settled nodes `now` in `links`, by the
/// parent's block: for each parent, its node that the child's settles — a parent's
/// `L` takes the child's `U` (turned round) and its `U` the child's `L`, unless the
/// same side moves again.
fn gather(parents: &[Block], l_done: &LDone, now: &[Settled], links: &mut [Vec<u32>]) {
    let of = |x: &Settled| &parents[(x.node >> 1) as usize >> BLOCK_BITS].parents;
    for batch in now.chunks(BATCH) {
        // The first parent of each, read ahead (its line holds most of the rest).
        let touch = batch
            .iter()
            .filter(|x| x.from < x.to)
            .fold(0, |a, x| a ^ of(x)[x.from as usize]);
        std::hint::black_box(touch);
        for x in batch {
            for &pp in &of(x)[x.from as usize..x.to as usize] {
                let p = pp & !AGAIN;
                let kind = if pp & AGAIN != 0 {
                    x.node & 1
                } else {
                    (x.node & 1) ^ 1
                };
                if kind == 0 && l_done.is_set(p) {
                    continue;
                }
                links[(p >> BLOCK_BITS) as usize].push(p << 1 | kind);
            }
        }
    }
}
