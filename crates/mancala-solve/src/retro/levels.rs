//! The retrograde analysis of a game with cycles by levels, over the parents of each
//! board: the same bounds as the iteration of [`iterate`](super::iterate), each settled
//! once instead of iterated.
//!
//! The two equations of `retro` are one game over the boards' `L`s and `U`s, played
//! for the player whose value `L` is at `L`'s boards: at a board's `L` that player
//! chooses (its value is the best of its exit and its children's, a child's `−U` if
//! the turn passes), at a board's `U`, seen as `−U`, the other side chooses (the worst
//! of `−exitU` and its children's). Endless play is worth `−n` to that player, so `L`
//! and `−U` start at `−n` and rise to the least solution. That solution is found from
//! the highest value down (`docs/solving-cycles.md`): at level `t`, a
//! board's `L` settles at `t` when its exit is `t` or a child settles at `t` (a higher
//! level would have settled it before); a board's `U` settles when its last child
//! settles, at the lower of that level and `−exitU` (the children settle from the
//! highest down, so the last is the least); what never settles stays at `−n` (`L =
//! −n`, `U = +n`): from there that player cannot force the play to leave the seed
//! count with more. Each settled `L` or `U` is passed to the parents once: the work
//! is twice the number of child links, not the iterations times the boards.
//!
//! **Endless play by the rows' split** ([`Endless::Rows`], `docs/solving-cycles.md`, "Tighter
//! bounds from the rows' split"): the same game with endless play worth to that player
//! the least split (its row minus the other's) it keeps visiting, a co-Büchi game for
//! each level. After a level of the parity of `n` has settled, a *stay pass* finds
//! the nodes not settled from which the player can keep the play for ever on splits
//! of that level or more: the candidates (not settled, split at least `t`) less the
//! other side's attractor, within the nodes not settled, to the rest; they settle at
//! `t` and the level goes on from them, until a pass finds none. The values are those
//! of the fixed point of [`rows`](crate::rows), byte for byte (a test builds both).
//!
//! **The parents** ([`Children`]): [`Children::Stored`] keeps them from the first pass,
//! which plays every move and puts each link (child, parent) in the block of the child
//! (blocks of `BLOCK` ranks); each block then sorts its links by child, so that a
//! board's parents are a range. [`Children::Replayed`] (endless play by the rows' split
//! only) keeps nothing but the boards' cells (5 bytes a board) and finds a board's
//! parents when they are needed by un-sowing it ([`unsow`](crate::unsow)), each
//! candidate's move played forward to keep only the real ones. Either way a level
//! settles in rounds: the links of what the last round settled are gathered by the
//! parent's block, then each block applies its own on one thread, so the boards'
//! cells are read from the caches and no two threads write the same cell. The nodes
//! that settle from their exits at a level are found by a scan of the cells.

use std::sync::atomic::{AtomicU64, Ordering};

use mancala_core::{ArrayVec, Position};
use rayon::prelude::*;

use super::equations::{
    AGAIN, CHUNK, Children, First, RetroStats, firsts, pack, split, table_boards,
};
use crate::db::{ABSENT, Databases};
use crate::error::SolveError;
use crate::file::Endless;
use crate::game::{Solvable, WordMoves};
use crate::progress::{Progress, Stage, Step};
use crate::rank::{MAX_PITS, Ranker};
use crate::unsow::{Sowing, unsow_from};

/// The ranks in a block: a block's cells stay in a core's cache while its links are
/// applied.
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

/// The nodes a round takes at a time (bounding the links gathered).
const ROUND: usize = 1 << 24;

/// What the analysis keeps of a board: its bounds (each its exit until it settles:
/// `L`'s exit, then `L`; `U`'s exit, then `U`) and its state (`LEFT`, `L_DONE`,
/// `U_DONE`).
#[derive(Clone, Copy, Default)]
struct Cell {
    l: i8,
    u: i8,
    state: u8,
}

/// What a board keeps for the stay passes of the rows' split: a byte for each of its
/// nodes (`L`, `U`), [`IN_C`], [`OUT`] and the node's children in `C` ([`COUNT`]),
/// and, in the low bits of the two, `(split + n) / 2` (the split has the parity of
/// `n`), the split from its mover.
#[derive(Clone, Copy, Default)]
struct Stay([u8; 2]);

/// In a stay pass, a node of the candidates (`C`).
const IN_C: u8 = 1 << 7;
/// In a stay pass, a candidate the other side can force out of `C`.
const OUT: u8 = 1 << 6;
/// In a stay pass, the node's children in `C`.
const COUNT: u8 = 0b111 << 3;
const COUNT_ONE: u8 = 1 << 3;
/// The split's bits, three in each byte.
const SPLIT: u8 = 0b111;
/// The most children of as many seeds a board can have with the rows' split (its
/// count is three bits), and the most seeds (the split's six bits).
const MAX_STAY_KIDS: usize = 7;
const MAX_STAY_SEEDS: u32 = 63;

impl Stay {
    fn new(split: i32, seeds: u32) -> Stay {
        let half = ((split + seeds as i32) / 2) as u8;
        Stay([half & SPLIT, half >> 3])
    }

    fn split(self, seeds: u32) -> i32 {
        i32::from(self.0[0] & SPLIT | (self.0[1] & SPLIT) << 3) * 2 - seeds as i32
    }
}

/// The parents of the boards of one block, each a rank with [`AGAIN`] set if the
/// same side moves again: those of the board at offset `i` are
/// `parents[end[i - 1]..end[i]]` (from 0 for `i = 0`).
struct Block {
    parents: Vec<u32>,
    end: Vec<u32>,
}

impl Block {
    /// The block of `boards` boards from its links `(child offset, parent)`.
    fn new(boards: usize, links: impl Iterator<Item = (usize, u32)> + Clone) -> Block {
        let mut end = vec![0u32; boards];
        for (c, _) in links.clone() {
            end[c] += 1;
        }
        let mut sum = 0;
        for e in &mut end {
            sum += *e;
            *e = sum - *e;
        }
        let mut parents = vec![0u32; sum as usize];
        for (c, p) in links {
            parents[end[c] as usize] = p;
            end[c] += 1;
        }
        // Each `end` is now the end of its board's parents.
        Block { parents, end }
    }

    /// The parents of the board at offset `i`.
    #[inline]
    fn of(&self, i: usize) -> &[u32] {
        let from = if i == 0 { 0 } else { self.end[i - 1] };
        &self.parents[from as usize..self.end[i] as usize]
    }
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

/// Where the parents of a board come from.
enum Parents<'a, G: Solvable> {
    /// Kept from the first pass, by the child's block.
    Stored(Vec<Block>),
    /// Found by un-sowing the board, each candidate's moves played.
    Unsown {
        game: &'a G,
        ranker: &'a Ranker,
        seeds: u32,
        sowing: Sowing,
    },
}

impl<G: Solvable> Parents<'_, G> {
    /// Puts the links of the parents of the settled nodes `now` in `links`, by the
    /// parent's block: for each parent, its node that the child's settles — a
    /// parent's `L` takes the child's `U` (turned round) and its `U` the child's `L`,
    /// unless the same side moves again — with as many links as the parent has moves
    /// to the child. The links to an `L` already settled are dropped.
    fn gather(&self, l_done: &LDone, now: &[u32], links: &mut [Vec<u32>]) {
        let mut push = |p: u32, kind: u32| {
            if kind == 1 || !l_done.is_set(p) {
                links[(p >> BLOCK_BITS) as usize].push(p << 1 | kind);
            }
        };
        match self {
            Parents::Stored(blocks) => {
                let of = |x: u32| {
                    let r = (x >> 1) as usize;
                    blocks[r >> BLOCK_BITS].of(r & (BLOCK - 1))
                };
                for batch in now.chunks(BATCH) {
                    // The first parent of each, read ahead (its line holds most of
                    // the rest).
                    let touch = batch
                        .iter()
                        .filter_map(|&x| of(x).first())
                        .fold(0, |a, &p| a ^ p);
                    std::hint::black_box(touch);
                    for &x in batch {
                        for &pp in of(x) {
                            let kind = if pp & AGAIN != 0 { x & 1 } else { (x & 1) ^ 1 };
                            push(pp & !AGAIN, kind);
                        }
                    }
                }
            }
            &Parents::Unsown {
                game,
                ranker,
                seeds,
                sowing,
            } => {
                for &x in now {
                    unsown(game, ranker, seeds, sowing, x >> 1, |p| {
                        push(p, (x & 1) ^ 1)
                    });
                }
            }
        }
    }
}

/// Calls `each` with the rank of every parent of the board of rank `rank` (of `seeds`
/// seeds) whose move captures nothing and passes the turn (as many times as it has
/// such moves to the board): its candidates by un-sowing, each kept once, its moves
/// played (on the board in one word if the game has its moves so).
fn unsown<G: Solvable>(
    game: &G,
    ranker: &Ranker,
    seeds: u32,
    sowing: Sowing,
    rank: u32,
    mut each: impl FnMut(u32),
) {
    let p = ranker.pits();
    let mut board = [0u8; MAX_PITS];
    // A rank of the table: it unranks.
    if ranker
        .unrank(seeds, u64::from(rank), &mut board[..p])
        .is_err()
    {
        return;
    }
    let word = |b: &[u8]| {
        let mut w = [0u8; 16];
        w[..p].copy_from_slice(b);
        u128::from_le_bytes(w)
    };
    let child = word(&board[..p]);
    let words = game.word_moves().filter(|_| p <= 16);
    let mut seen: ArrayVec<u32, 64> = ArrayVec::new();
    unsow_from(&board[..p], sowing, |_, parent| {
        let moves = match words {
            Some(w) => moves_to(w, word(parent), child),
            None => position_moves_to(game, parent, &board[..p]),
        };
        if moves == 0 {
            return;
        }
        let r = ranker.rank(parent) as u32;
        if seen.contains(&r) {
            return;
        }
        // More candidates than room (not met on these boards) only costs the check.
        let _ = seen.try_push(r);
        for _ in 0..moves {
            each(r);
        }
    });
}

/// How many moves of the board `parent` (in one word) lead to the board `child`
/// without capture, the turn passing.
fn moves_to<W: WordMoves>(moves: &W, parent: u128, child: u128) -> u32 {
    if !moves.exists(parent) || moves.over(parent).is_some() {
        return 0;
    }
    let mut legal = moves.legal(parent);
    let mut n = 0;
    while legal != 0 {
        let pit = legal.trailing_zeros() as usize;
        legal &= legal - 1;
        let k = moves.play(parent, pit);
        n += u32::from(k.gain == 0 && !k.again && k.board == child);
    }
    n
}

/// [`moves_to`] through the game's positions.
fn position_moves_to<G: Solvable>(game: &G, parent: &[u8], child: &[u8]) -> u32 {
    let Some(pos) = game.position(parent) else {
        return 0;
    };
    let mut b = [0u8; MAX_PITS];
    let stores = game.view(&pos, &mut b[..parent.len()]);
    if let Ok(Some(_)) | Err(_) = game.terminal(&pos, stores) {
        return 0;
    }
    let mover = pos.side_to_move();
    let mut n = 0;
    for m in pos.legal_moves() {
        let mut c = pos.clone();
        c.play_unchecked(m);
        let cs = game.view(&c, &mut b[..parent.len()]);
        n += u32::from(c.side_to_move() != mover && cs == -stores && b[..parent.len()] == *child);
    }
    n
}

/// The table of `seeds` seeds by levels: [`retro::solve`](super::solve) with the
/// parents `children` says (stored, or un-sown for endless play by the rows' split).
pub(crate) fn solve<G: Solvable>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    children: Children,
    progress: &dyn Progress,
) -> Result<(Vec<u8>, RetroStats), SolveError> {
    let n = table_boards(dbs, seeds)?;
    let s = seeds as i32;
    let blocks = n.div_ceil(BLOCK);
    let rows = dbs.endless() == Endless::Rows;
    let stored = children == Children::Stored;
    let sowing = match game.sowing() {
        None if !stored => return Err(SolveError::NoUnsowing { game: game.name() }),
        sowing => sowing,
    };
    if rows && seeds > MAX_STAY_SEEDS {
        return Err(SolveError::TableSize {
            seeds,
            found: u64::from(seeds),
            expected: u64::from(MAX_STAY_SEEDS),
        });
    }
    let mut cells = vec![Cell::default(); n];
    let mut stays = vec![Stay::default(); if rows { n } else { 0 }];
    progress.start(&Stage {
        game: game.name(),
        seeds,
        step: Step::Moves,
        boards: Some(n as u64),
    });
    // The first pass: every move played, the exits resolved from the databases
    // below; with stored children, the links to children of as many seeds kept by the
    // child's block.
    let pieces: Vec<Piece> = cells
        .par_chunks_mut(CHUNK)
        .enumerate()
        .map_init(Vec::new, |links, (c, cells)| -> Result<Piece, SolveError> {
            let start = c * CHUNK;
            links.clear();
            firsts(game, dbs, seeds, start, cells.len(), |i, f| {
                let cell = &mut cells[i];
                (cell.l, cell.u) = match f {
                    First::Fixed(l, u) => (l as i8, u as i8),
                    First::Cyclic(e) => {
                        if rows && e.kids.len() > MAX_STAY_KIDS {
                            return Err(SolveError::TooManyMoves);
                        }
                        if stored {
                            let parent = (start + i) as u64;
                            for &k in &e.kids {
                                let again = u64::from(k & AGAIN);
                                links.push((parent | again) << 32 | u64::from(k & !AGAIN));
                            }
                        }
                        cell.state = e.kids.len() as u8;
                        (e.exit_l.max(-s) as i8, e.exit_u.max(-s) as i8)
                    }
                };
                Ok(())
            })?;
            progress.advance(cells.len() as u64);
            Ok(Piece::new(start, links, if stored { blocks } else { 0 }))
        })
        .collect::<Result<_, _>>()?;
    progress.finish();
    let cyclic = cells.par_iter().filter(|c| c.state > 0).count() as u64;
    let parents = match sowing {
        Some(sowing) if !stored => Parents::Unsown {
            game,
            ranker: dbs.ranker(),
            seeds,
            sowing,
        },
        _ => Parents::Stored(
            (0..blocks)
                .into_par_iter()
                .map(|b| {
                    let boards = BLOCK.min(n - b * BLOCK);
                    Block::new(boards, pieces.iter().flat_map(move |p| p.block(b)))
                })
                .collect(),
        ),
    };
    drop(pieces);
    if rows {
        let ranker = dbs.ranker();
        let p = ranker.pits();
        stays.par_chunks_mut(CHUNK).enumerate().try_for_each(
            |(c, stays)| -> Result<(), SolveError> {
                let mut board = [0u8; MAX_PITS];
                ranker.unrank(seeds, (c * CHUNK) as u64, &mut board[..p])?;
                for st in stays {
                    *st = Stay::new(split(&board[..p]), seeds);
                    ranker.next(&mut board[..p]);
                }
                Ok(())
            },
        )?;
    }
    let (rounds, settled) = settle(&parents, &mut cells, &mut stays, seeds);
    let mut stats = RetroStats {
        iterations: rounds,
        cyclic,
        unresolved: 0,
        children: Some(children),
        evaluated: settled,
        worklist_from: 0,
    };
    let mut out = Vec::with_capacity(2 * n);
    for c in cells {
        // What never settled: `L` at `−n` (its exit no higher), `U` at `+n`.
        let (l, u) = if c.l == ABSENT {
            (ABSENT, ABSENT)
        } else if c.state & U_DONE == 0 {
            (c.l, seeds as i8)
        } else {
            (c.l, c.u)
        };
        stats.unresolved += u64::from(l < u);
        out.extend_from_slice(&pack(i32::from(l), i32::from(u)).to_le_bytes());
    }
    Ok((out, stats))
}

/// The buffers of the rounds: each thread's gathered links by the parent's block, and
/// the nodes each block found.
struct Rounds {
    links: Vec<Vec<Vec<u32>>>,
    found: Vec<Vec<u32>>,
    /// The rounds run.
    count: u32,
}

impl Rounds {
    fn new(blocks: usize) -> Rounds {
        let threads = rayon::current_num_threads().max(1);
        Rounds {
            links: (0..threads).map(|_| vec![Vec::new(); blocks]).collect(),
            found: vec![Vec::new(); blocks],
            count: 0,
        }
    }

    /// Runs rounds from the nodes `now` until none is found: in each, the links of
    /// the nodes to their parents gathered by the parent's block, then applied a
    /// block at a time by `apply(cells, stays, link)` (the block's cells and stays, a
    /// link `2 rank + kind` to a parent node in the block), which says whether that
    /// node is found, for the next round. Returns the nodes the rounds took.
    fn run<G: Solvable>(
        &mut self,
        parents: &Parents<'_, G>,
        l_done: &LDone,
        cells: &mut [Cell],
        stays: &mut [Stay],
        mut now: Vec<u32>,
        apply: impl Fn(&mut [Cell], &mut [Stay], u32) -> bool + Sync,
    ) -> u64 {
        let mut taken = 0;
        while !now.is_empty() {
            self.count += 1;
            taken += now.len() as u64;
            // A large round a part at a time: the links it gathers stay bounded.
            for part in now.chunks(ROUND) {
                let per = part.len().div_ceil(self.links.len()).max(1);
                self.links
                    .par_iter_mut()
                    .zip(part.par_chunks(per))
                    .for_each(|(links, part)| parents.gather(l_done, part, links));
                let links = &self.links;
                // Without stays (endless play at the extremes) each block gets none.
                let stays: Vec<&mut [Stay]> = if stays.is_empty() {
                    (0..self.found.len()).map(|_| &mut [][..]).collect()
                } else {
                    stays.chunks_mut(BLOCK).collect()
                };
                cells
                    .par_chunks_mut(BLOCK)
                    .zip(stays)
                    .zip(self.found.par_iter_mut())
                    .enumerate()
                    .for_each(|(b, ((cells, stays), found))| {
                        // The cells read ahead, independent of each other.
                        let touch = links
                            .iter()
                            .flat_map(|l| &l[b])
                            .fold(0, |a, y| a ^ cells[(y >> 1) as usize & (BLOCK - 1)].state);
                        std::hint::black_box(touch);
                        for &y in links.iter().flat_map(|l| &l[b]) {
                            if apply(cells, stays, y) {
                                found.push(y);
                            }
                        }
                    });
                for l in self.links.iter_mut().flatten() {
                    l.clear();
                }
            }
            now.clear();
            for f in &mut self.found {
                now.append(f);
            }
        }
        taken
    }
}

/// The nodes of the cells (`2 rank + kind`) that `keep(rank, cell, stay)` gives, with
/// the kinds it gives (bit 0 for the `L`, bit 1 for the `U`), in rank order, the
/// blocks on all cores; `stays` empty without the rows' split.
fn scan(cells: &[Cell], stays: &[Stay], keep: impl Fn(&Cell, Stay) -> u8 + Sync) -> Vec<u32> {
    cells
        .par_chunks(BLOCK)
        .enumerate()
        .flat_map_iter(|(b, block)| {
            let keep = &keep;
            block.iter().enumerate().flat_map(move |(i, cell)| {
                let r = b * BLOCK + i;
                let kinds = keep(cell, stays.get(r).copied().unwrap_or_default());
                [0, 1]
                    .into_iter()
                    .filter(move |k| kinds & (1 << k) != 0)
                    .map(move |k| (r as u32) << 1 | k)
            })
        })
        .collect()
}

/// Settles every `L` and `U` from level `n` down to `−n + 1` (what is left keeps
/// `L = −n`, `U = n`, or its exit). A node is `2 rank` for a board's `L`, `2 rank + 1`
/// for its `U`. With `stays` (endless play valued by the rows' split), after each
/// level of the parity of `n` a stay pass adds the nodes from which the mover of the
/// `L`s can keep the play on splits of that level or more, and the level goes on
/// from them. Returns the rounds (a round applies the links of what the round before
/// settled) and the nodes settled.
fn settle<G: Solvable>(
    parents: &Parents<'_, G>,
    cells: &mut [Cell],
    stays: &mut [Stay],
    seeds: u32,
) -> (u32, u64) {
    let s = seeds as i32;
    // A bit a board, set when its `L` settles: the gathering drops the links to an
    // `L` already settled (most of them: 79% of the `L` links at 18 seeds of Urim)
    // before their cells are read at random.
    let l_done = LDone(
        (0..cells.len().div_ceil(64))
            .map(|_| AtomicU64::new(0))
            .collect(),
    );
    let blocks = cells.len().div_ceil(BLOCK);
    let mut rounds = Rounds::new(blocks);
    let mut settled = 0u64;
    for i in 0..(2 * s).max(0) {
        let t = s - i;
        // What settles from its exit: an `L` whose exit is `t`; a `U` whose children
        // are all settled and whose exit (worth `−exitU` to the player) is `t`.
        let mut now = scan(cells, &[], |c, _| {
            let l = c.state & L_DONE == 0 && i32::from(c.l) == t;
            let u = c.state & (U_DONE | LEFT) == 0 && c.l != ABSENT && -i32::from(c.u) == t;
            u8::from(l) | u8::from(u) << 1
        });
        loop {
            for &x in &now {
                let r = (x >> 1) as usize;
                settle_at(&mut cells[r], x & 1, t);
                l_done.mark(x);
            }
            settled += rounds.run(parents, &l_done, cells, stays, now, |cells, _, y| {
                let cell = &mut cells[(y >> 1) as usize & (BLOCK - 1)];
                if y & 1 == 0 {
                    // An `L`: the child's value reaches it at `t`.
                    let done = settle_at(cell, 0, t);
                    if done {
                        l_done.mark(y);
                    }
                    return done;
                }
                // A `U`: one child fewer to wait for; it settles at `t` with the last
                // unless its exit is worth less (then it does at that level's scan).
                cell.state -= 1;
                cell.state & LEFT == 0 && -i32::from(cell.u) >= t && settle_at(cell, 1, t)
            });
            // The values have the parity of the seeds: at the other levels no
            // winning set grows.
            if stays.is_empty() || i % 2 == 1 {
                break;
            }
            now = stay(parents, &l_done, cells, stays, &mut rounds, seeds, t);
            if now.is_empty() {
                break;
            }
        }
    }
    (rounds.count, settled)
}

/// The nodes that join the winning set at level `t` because the player `P` who moves
/// at the `L`s can keep the play for ever on positions whose rows' split is `t` or
/// more for it (the split at an `L`, minus it at a `U`), beside the settled nodes (the
/// winning set at `t` so far, closed under `P`'s attractor): the candidates `C` (not
/// settled, split `t` or more) less the other side's attractor, within the nodes not
/// settled, to those outside `C` and to an exit of its own worth less than `t` to `P`.
/// At an `L` outside that attractor `P` has a child in `C` left (none of its children
/// is settled, or it would be); at a `U` every child not settled is in `C` left, and
/// its exit is no escape. In rank order; empty when none.
fn stay<G: Solvable>(
    parents: &Parents<'_, G>,
    l_done: &LDone,
    cells: &mut [Cell],
    stays: &mut [Stay],
    rounds: &mut Rounds,
    seeds: u32,
    t: i32,
) -> Vec<u32> {
    // The candidates: a node not settled, of a board the rules have, its split `t`
    // or more.
    let marked: usize = cells
        .par_chunks(BLOCK)
        .zip(stays.par_chunks_mut(BLOCK))
        .map(|(cells, stays)| {
            let mut count = 0;
            for (cell, st) in cells.iter().zip(stays) {
                let w = st.split(seeds);
                let live = cell.l != ABSENT;
                let l = live && cell.state & L_DONE == 0 && w >= t;
                let u = live && cell.state & U_DONE == 0 && -w >= t;
                st.0[0] = st.0[0] & SPLIT | if l { IN_C } else { 0 };
                st.0[1] = st.0[1] & SPLIT | if u { IN_C } else { 0 };
                count += usize::from(l) + usize::from(u);
            }
            count
        })
        .sum();
    if marked == 0 {
        return Vec::new();
    }
    let in_c = |st: Stay| (st.0[0] & IN_C != 0) as u8 | ((st.0[1] & IN_C != 0) as u8) << 1;
    // Each candidate's children in `C`, counted through the candidates' parents (a
    // round that finds nothing).
    let now = scan(cells, stays, |_, st| in_c(st));
    rounds.run(parents, l_done, cells, stays, now, |_, stays, y| {
        let p = &mut stays[(y >> 1) as usize & (BLOCK - 1)].0[(y & 1) as usize];
        if *p & IN_C != 0 {
            *p += COUNT_ONE;
        }
        false
    });
    // The other side's attractor: first the candidates it can force out at once (an
    // `L` with no child in `C`; a `U` with a child neither settled nor in `C`, or an
    // escape), then those it forces out through them, in rounds.
    let now = scan(cells, stays, |cell, st| {
        let count = |k: usize| (st.0[k] & COUNT) / COUNT_ONE;
        let l = st.0[0] & IN_C != 0 && count(0) == 0;
        let u = st.0[1] & IN_C != 0 && (count(1) < cell.state & LEFT || -i32::from(cell.u) < t);
        u8::from(l) | u8::from(u) << 1
    });
    for &x in &now {
        stays[(x >> 1) as usize].0[(x & 1) as usize] |= OUT;
    }
    rounds.run(parents, l_done, cells, stays, now, |_, stays, y| {
        let p = &mut stays[(y >> 1) as usize & (BLOCK - 1)].0[(y & 1) as usize];
        if *p & IN_C == 0 || *p & OUT != 0 {
            return false;
        }
        if y & 1 == 0 {
            // An `L`: one child fewer in `C`; out with the last.
            *p -= COUNT_ONE;
            if *p & COUNT != 0 {
                return false;
            }
        }
        *p |= OUT;
        true
    });
    scan(cells, stays, |_, st| {
        let safe = |k: usize| st.0[k] & (IN_C | OUT) == IN_C;
        u8::from(safe(0)) | u8::from(safe(1)) << 1
    })
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
