//! A worker's block of a table of a game with cycles (Urim, Oware): the settling by
//! levels of `mancala_solve::retro` ([`Children::Stored`]: each board's `L` and `U`
//! settled once, from the highest level down) run on the block, only the links that
//! cross blocks on the network.
//!
//! The worker plays every move of its boards once ([`board_children`]): an end of the
//! game or a child of fewer seeds is an exit (the values of those that other workers
//! own are asked, [`ask`]); a child of as many seeds is a link, kept by the child's
//! board if it is in the block, else the child's owner is told that this worker holds
//! parents of it (once a child and worker: one rank, sorted and packed). Then, level
//! by level, what settles is passed to its parents: those in the block at once, those
//! of other workers as one packed message a settled node and worker, in rounds until
//! no worker has anything to send; the receiver passes it on to its own parents of
//! that child. The rules of a level are those of the single-machine build, so the
//! bounds are the least and greatest solution, byte for byte.
//!
//! [`Children::Stored`]: mancala_solve::retro::Children::Stored

use mancala_solve::rank::MAX_PITS;
use mancala_solve::retro::{Board, Kid, board_children, through};
use mancala_solve::{ABSENT, Solvable, SolveError};
use timely::worker::Worker;

use crate::ctx::Ctx;
use crate::error::DistError;
use crate::known::{Known, ask, key};
use crate::net::{Net, Outbox, get_varint, put_varint};

/// How many of a board's children of as many seeds are not settled yet (its `U`
/// settles with the last), in [`Cell::state`]; and whether its `L`, its `U` is
/// settled (as in the single-machine build).
const LEFT: u8 = (1 << 6) - 1;
const L_DONE: u8 = 1 << 6;
const U_DONE: u8 = 1 << 7;
/// A parent's link whose same side moves again: the bit set in its offset.
const AGAIN: u32 = 1 << 31;
/// An entry of a board's parents that is a worker holding others: the bit set.
const HOLDER: u32 = 1 << 30;
/// No exit (yet).
const NONE: i8 = i8::MIN;
/// The boards of a block of the settling: the parents a round reaches are applied a
/// block at a time, so that their cells are read from the caches.
const BLOCK_BITS: u32 = 16;

/// What the settling keeps of a board: its bounds, its state, the exit of its `U`.
#[derive(Clone, Copy)]
struct Cell {
    l: i8,
    u: i8,
    state: u8,
    exit_u: i8,
}

/// A move of a board of the block to a child of fewer seeds that another worker owns:
/// the board's offset, the child's key, what the move gained, whether the same side
/// moves again.
struct Exit {
    board: u32,
    key: u64,
    gain: i8,
    again: bool,
}

/// A compressed list: the items of `of(i)` are `items[start[i]..start[i + 1]]`.
struct Lists<T> {
    start: Vec<u32>,
    items: Vec<T>,
}

impl<T: Copy + Default> Lists<T> {
    /// The lists of `n` owners from `pairs` (owner, item).
    fn new(n: usize, pairs: &[(u32, T)]) -> Lists<T> {
        let mut start = vec![0u32; n + 1];
        for &(o, _) in pairs {
            start[o as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut at = start.clone();
        let mut items = vec![T::default(); pairs.len()];
        for &(o, x) in pairs {
            items[at[o as usize] as usize] = x;
            at[o as usize] += 1;
        }
        Lists { start, items }
    }

    #[inline]
    fn of(&self, i: usize) -> &[T] {
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// The block's links, for the settling.
struct Links {
    /// The parents in the block of each board of the block (offsets, [`AGAIN`] set if
    /// the same side moves again), and the workers that hold others ([`HOLDER`] set,
    /// the place in `holders`).
    parents: Lists<u32>,
    holders: Vec<Holder>,
    /// The children outside the block, in rank order, each worker's a range from
    /// `remote[w]`; their parents in the block (as `parents`): those of the `k`-th
    /// child of worker `w`'s block are `remote_parents.of(remote[w] + k)`.
    remote: Vec<u32>,
    remote_parents: Lists<u32>,
}

/// A worker that holds parents of a board, and the board's place among that
/// worker's children of this worker's block.
#[derive(Clone, Copy, Default)]
struct Holder {
    worker: u16,
    at: u32,
}

/// This worker's block of the table of `seeds` seeds of a game with cycles (two bytes
/// a board, `L` and `U`), and the rounds of its settling.
pub(crate) fn build<G: Solvable>(
    game: &G,
    net: &mut Net,
    worker: &mut Worker,
    ctx: &Ctx<'_>,
    seeds: u32,
) -> Result<(Vec<u8>, u32), DistError> {
    let ranker = ctx.ranker;
    let me = net.me();
    let (first, end) = ctx.block(seeds, me);
    let n = (end - first) as usize;
    if n >= HOLDER as usize {
        return Err(SolveError::TableSize {
            seeds,
            found: n as u64,
            expected: u64::from(HOLDER),
        }
        .into());
    }
    let s = seeds as i32;
    let p = ranker.pits();
    // The first pass: every move played.
    let mut cells = vec![
        Cell {
            l: NONE,
            u: NONE,
            state: 0,
            exit_u: NONE,
        };
        n
    ];
    let mut known = Known::new();
    let mut exits: Vec<Exit> = Vec::new();
    let mut local: Vec<(u32, u32)> = Vec::new();
    // The links to children of other workers' blocks, by owner: the child's offset in
    // its owner's block (under 2³², as the blocks differ by at most one board from
    // this one) in the high half, the parent in the low.
    let mut remote: Vec<Vec<u64>> = vec![Vec::new(); net.peers()];
    let mut board = [0u8; MAX_PITS];
    if n > 0 {
        ranker.unrank(seeds, first, &mut board[..p])?;
    }
    for (i, cell) in cells.iter_mut().enumerate() {
        let (mut el, mut eu) = (i32::MIN, i32::MIN);
        let mut kids = 0u8;
        let mut any = false;
        let what = board_children(game, ranker, seeds, &board[..p], |kid| {
            any = true;
            match kid {
                Kid::End(t) => (el, eu) = (el.max(t), eu.max(t)),
                Kid::Below {
                    seeds: cs,
                    rank,
                    gain,
                    again,
                } => {
                    if ctx.owners.owner(cs, rank) == me {
                        let (cl, cu) = ctx.own(cs, rank)?;
                        let (l, u) = through(gain, again, i32::from(cl), i32::from(cu));
                        (el, eu) = (el.max(l), eu.max(u));
                    } else {
                        let k = key(cs, rank);
                        known.insert(k);
                        exits.push(Exit {
                            board: i as u32,
                            key: k,
                            gain: gain as i8,
                            again,
                        });
                    }
                }
                Kid::Same { rank, again } => {
                    kids += 1;
                    let parent = i as u32 | if again { AGAIN } else { 0 };
                    if (first..end).contains(&rank) {
                        local.push(((rank - first) as u32, parent));
                    } else {
                        let o = ctx.owners.owner(seeds, rank);
                        let off = rank - ctx.owners.first(seeds, o);
                        remote[o].push(off << 32 | u64::from(parent));
                    }
                }
            }
            Ok(())
        })?;
        match what {
            Board::Absent => (el, eu) = (i32::from(ABSENT), i32::from(ABSENT)),
            Board::Over(t) => (el, eu) = (t, t),
            Board::Playing if !any => return Err(SolveError::NoMoves.into()),
            Board::Playing => {}
        }
        if kids > LEFT {
            return Err(SolveError::TooManyMoves.into());
        }
        cell.state = kids;
        cell.l = el.max(i32::from(NONE)) as i8;
        cell.u = eu.max(i32::from(NONE)) as i8;
        if i + 1 < n {
            ranker.next(&mut board[..p]);
        }
    }
    // The exits through children of fewer seeds that others own.
    ask(net, worker, ctx.owners, &mut known, 2, |cs, r| {
        ctx.own(cs, r)
    })?;
    for e in exits {
        let [cl, cu] = known.get(e.key).unwrap_or(0).to_le_bytes();
        let (cl, cu) = (cl as i8, cu as i8);
        if cl == ABSENT {
            let (seeds, rank) = ((e.key & 0x7f) as u32, e.key >> 7);
            return Err(SolveError::Absent { seeds, rank }.into());
        }
        let (l, u) = through(i32::from(e.gain), e.again, i32::from(cl), i32::from(cu));
        let c = &mut cells[e.board as usize];
        c.l = c.l.max(l as i8);
        c.u = c.u.max(u as i8);
    }
    drop(known);
    // The bounds the settling starts from: a board without children of as many seeds
    // is settled at its exits, the others start at `L = max(exit, −n)`, `U = n`.
    for c in &mut cells {
        if c.state > 0 {
            c.exit_u = c.u.max(-s as i8);
            c.l = c.l.max(-s as i8);
            c.u = s as i8;
        }
    }
    let links = link(net, worker, ctx, seeds, n, local, remote);
    let rounds = settle(net, worker, ctx, seeds, &mut cells, &links);
    let mut out = Vec::with_capacity(2 * n);
    for c in cells {
        out.extend_from_slice(&[c.l as u8, c.u as u8]);
    }
    Ok((out, rounds))
}

/// The links of the block: those in it turned round (each board's parents), and for
/// those to children outside it, the child's owner told (one packed rank a child and
/// worker, sorted), which gathers the workers that hold parents of each of its boards
/// with the child's place in that worker's list.
fn link(
    net: &mut Net,
    worker: &mut Worker,
    ctx: &Ctx<'_>,
    seeds: u32,
    n: usize,
    local: Vec<(u32, u32)>,
    mut remote: Vec<Vec<u64>>,
) -> Links {
    // The children outside the block once each, in rank order (owner by owner), and
    // their parents, each owner's links freed as they are listed.
    let mut ranks: Vec<u64> = Vec::new();
    let mut remote_parents = Lists {
        start: Vec::new(),
        items: Vec::with_capacity(remote.iter().map(Vec::len).sum()),
    };
    for (o, links) in remote.iter_mut().enumerate() {
        links.sort_unstable();
        let base = ctx.owners.first(seeds, o);
        for &x in links.iter() {
            let r = base + (x >> 32);
            if ranks.last() != Some(&r) {
                ranks.push(r);
                remote_parents.start.push(remote_parents.items.len() as u32);
            }
            remote_parents.items.push(x as u32);
        }
        *links = Vec::new();
    }
    remote_parents.start.push(remote_parents.items.len() as u32);
    // Each child outside the block, once, to its owner: the offset in its block, as
    // the difference from the one before (varints), after the place in this list of
    // the slice's first (the owners' blocks are ranges, so each owner's children are
    // a range of the list: its note of a child is the place from its first).
    let peers = net.peers();
    let mut out = Outbox::new(peers);
    let mut last = 0u64;
    let mut starts = vec![0u32; peers + 1];
    for (j, &r) in ranks.iter().enumerate() {
        let o = ctx.owners.owner(seeds, r);
        let off = r - ctx.owners.first(seeds, o);
        let buf = out.to(o);
        if buf.is_empty() {
            put_varint(buf, j as u64);
            last = 0;
        }
        put_varint(buf, off - last);
        last = off;
        starts[o + 1] = j as u32 + 1;
        net.flush_full(worker, &mut out);
    }
    for o in 0..peers {
        starts[o + 1] = starts[o + 1].max(starts[o]);
    }
    let mut held: Vec<(u32, Holder)> = Vec::new();
    let firsts = &mut vec![u32::MAX; peers];
    net.round(worker, out, |from, bytes, _| {
        let mut at = 0;
        let Some(mut j) = get_varint(bytes, &mut at) else {
            return;
        };
        // The sender's place of its first child of this worker's block.
        let first = &mut firsts[from];
        *first = (*first).min(j as u32);
        let mut off = 0;
        while let Some(d) = get_varint(bytes, &mut at) {
            off += d;
            held.push((
                off as u32,
                Holder {
                    worker: from as u16,
                    at: j as u32,
                },
            ));
            j += 1;
        }
    });
    // Each holder's place, from the sender's first child of this block; the holders
    // in one list with the parents in the block.
    let mut local = local;
    let mut holders = Vec::with_capacity(held.len());
    for (c, mut h) in held {
        h.at -= firsts[usize::from(h.worker)];
        local.push((c, HOLDER | holders.len() as u32));
        holders.push(h);
    }
    let parents = Lists::new(n, &local);
    Links {
        parents,
        holders,
        remote: starts,
        remote_parents,
    }
}

/// Settles every `L` and `U` of the block from level `n` down to `−n + 1` (what is
/// left keeps `L = −n`, `U = n`, or its exits), as the single-machine build's
/// settling by levels does, the links that cross blocks in rounds. A node is `2
/// offset` for a board's `L`, `2 offset + 1` for its `U`. Returns the rounds.
fn settle(
    net: &mut Net,
    worker: &mut Worker,
    ctx: &Ctx<'_>,
    seeds: u32,
    cells: &mut [Cell],
    links: &Links,
) -> u32 {
    let s = seeds as i32;
    let levels = (2 * s).max(0) as usize;
    let level = |v: i32| (v > -s && v <= s).then(|| (s - v) as usize);
    let peers = net.peers();
    // The nodes that settle at each level from their exits (every `L` at its own, the
    // `U` of a board without children of as many seeds at its own), and the `U`s
    // found to settle at a lower level than the one being settled.
    let mut todo: Vec<Vec<u32>> = vec![Vec::new(); levels];
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
    let mut rounds = 0;
    let mut queue: Vec<u32> = Vec::new();
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); (cells.len() >> BLOCK_BITS) + 1];
    let mut notes: Vec<Vec<u32>> = vec![Vec::new(); peers];
    for i in 0..levels {
        let t = s - i as i32;
        let mut level_todo = std::mem::take(&mut todo[i]);
        level_todo.sort_unstable();
        for x in level_todo {
            if settle_at(&mut cells[(x >> 1) as usize], x & 1, t) {
                queue.push(x);
            }
        }
        loop {
            // What settled, passed to the parents in the block at once (gathered by
            // the parent's block, then applied a block at a time), and noted for the
            // workers that hold others.
            while !queue.is_empty() {
                for &x in &queue {
                    let (c, kind) = ((x >> 1) as usize, x & 1);
                    for &pp in links.parents.of(c) {
                        if pp & HOLDER != 0 {
                            let h = links.holders[(pp & !HOLDER) as usize];
                            notes[usize::from(h.worker)].push(h.at << 1 | kind);
                        } else {
                            let y = node(pp, kind);
                            buckets[(y >> (BLOCK_BITS + 1)) as usize].push(y);
                        }
                    }
                }
                queue.clear();
                for b in &mut buckets {
                    for &y in b.iter() {
                        apply(cells, &mut todo, &mut queue, y, t, level);
                    }
                    b.clear();
                }
            }
            let sent: u64 = notes.iter().map(|v| v.len() as u64).sum();
            if net.sum(worker, [sent, 0, 0, 0])[0] == 0 {
                break;
            }
            rounds += 1;
            // Each worker's notes: the settled nodes, sorted, as differences.
            let mut out = Outbox::new(peers);
            for (to, v) in notes.iter_mut().enumerate() {
                v.sort_unstable();
                let mut last = 0;
                for &x in v.iter() {
                    if out.to(to).is_empty() {
                        last = 0;
                    }
                    put_varint(out.to(to), u64::from(x - last));
                    last = x;
                    net.flush_full(worker, &mut out);
                }
                v.clear();
            }
            net.round(worker, out, |from, bytes, _| {
                let base = links.remote[from] as usize;
                let (mut at, mut x) = (0, 0u64);
                while let Some(d) = get_varint(bytes, &mut at) {
                    x += d;
                    let j = base + (x >> 1) as usize;
                    if j < links.remote[from + 1] as usize {
                        for &pp in links.remote_parents.of(j) {
                            let y = node(pp, (x & 1) as u32);
                            apply(cells, &mut todo, &mut queue, y, t, level);
                        }
                    }
                }
            });
        }
        ctx.report(seeds, rounds, (i + 1) as u64);
    }
    rounds
}

/// The node of parent `pp` ([`AGAIN`] set if the same side moves again) that its
/// child's node of kind `kind` (0 its `L`, 1 its `U`) reaches: a parent's `L` takes
/// the child's `U` (turned round) and its `U` the child's `L`, unless the same side
/// moves again.
#[inline]
fn node(pp: u32, kind: u32) -> u32 {
    let k = if pp & AGAIN != 0 { kind } else { kind ^ 1 };
    (pp & !AGAIN) << 1 | k
}

/// Passes a child's node, settled at level `t`, to its parent's node `y`: an `L`
/// settles at `t`; a `U` when its last child settles, at the lower of `t` and its exit
/// (put in `todo` if lower).
#[inline]
fn apply(
    cells: &mut [Cell],
    todo: &mut [Vec<u32>],
    queue: &mut Vec<u32>,
    y: u32,
    t: i32,
    level: impl Fn(i32) -> Option<usize>,
) {
    let (p, k) = ((y >> 1) as usize, y & 1);
    let cell = &mut cells[p];
    if k == 0 {
        if settle_at(cell, 0, t) {
            queue.push((p as u32) << 1);
        }
        return;
    }
    cell.state -= 1;
    if cell.state & LEFT == 0 {
        let v = t.min(-i32::from(cell.exit_u));
        if v == t {
            if settle_at(cell, 1, t) {
                queue.push((p as u32) << 1 | 1);
            }
        } else if let Some(j) = level(v) {
            todo[j].push((p as u32) << 1 | 1);
        }
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
