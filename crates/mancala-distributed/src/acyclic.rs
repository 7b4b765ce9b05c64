//! A worker's block of a table of a game without cycles (Kalah): the single-machine
//! kernel ([`mancala_solve::dag::build_ranks`], the memoised recursion within a seed
//! count) run on the block, only the boards outside it crossing the network.
//!
//! The worker plays every move of its boards once to find the children of fewer seeds
//! that other workers own, and asks for their values ([`ask`]); then the kernel
//! computes every board of the block it can, a child of as many seeds in the block on
//! the spot. A board that needs one outside the block not known yet waits for it: the
//! worker asks its owner, which answers when it knows it (at once, or in the round
//! after it computed it), and the boards that waited for it are computed again, in
//! rounds until none waits anywhere (the positions form a DAG, so each round settles
//! the next links of the chains that cross blocks).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU8, Ordering};

use mancala_solve::dag::{Block, WAITING, below_reads, build_ranks};
use mancala_solve::rank::MAX_PITS;
use mancala_solve::{Solvable, SolveError, UNKNOWN};
use timely::worker::Worker;

use crate::ctx::Ctx;
use crate::error::DistError;
use crate::known::{Known, ask, key};
use crate::net::{Net, Outbox, get_varint, put_varint};

/// This worker's block of the table of `seeds` seeds of a game without cycles (one
/// byte a board), and the rounds it took.
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
    let p = ranker.pits();
    let mut known = Known::new();
    if net.peers() > 1 {
        // The children of fewer seeds that others own.
        let mut board = [0u8; MAX_PITS];
        if n > 0 {
            ranker.unrank(seeds, first, &mut board[..p])?;
        }
        for i in 0..n {
            below_reads(game, ranker, seeds, &board[..p], |s, rank| {
                if ctx.owners.owner(s, rank) != me {
                    known.insert(key(s, rank));
                }
            })?;
            if i + 1 < n {
                ranker.next(&mut board[..p]);
            }
        }
        ask(net, worker, ctx.owners, &mut known, 1, |s, r| ctx.own(s, r))?;
    }
    let cells: Vec<AtomicU8> = (0..n).map(|_| AtomicU8::new(UNKNOWN as u8)).collect();
    let cell = |rank: u64| &cells[(rank - first) as usize];
    let block = Block {
        first,
        cells: &cells,
    };
    // The boards waiting ([`WAITING`]), by the board each waits for (the first its
    // search met); the boards of the block others asked for before they were known,
    // and who asked.
    let mut waiting: HashMap<u64, Vec<u64>> = HashMap::new();
    let mut asked: HashSet<u64> = HashSet::new();
    let mut asked_here: Vec<(u64, usize)> = Vec::new();
    let mut todo: Vec<u64> = Vec::new();
    let mut out = Outbox::new(net.peers());
    let mut rounds = 0;
    loop {
        // The boards that can be computed, until none is left: those whose board
        // waited for one in the block go on as soon as it is known.
        let mut asks: Vec<u64> = Vec::new();
        let mut whole = rounds == 0;
        loop {
            let lookup = ctx.lookup(me, &known);
            let each = |board, need| {
                cell(board).store(WAITING as u8, Ordering::Relaxed);
                waiting.entry(need).or_default().push(board);
            };
            if whole {
                build_ranks(game, ranker, seeds, block, &lookup, first..end, each)?;
                whole = false;
            } else {
                todo.sort_unstable();
                let ranks = std::mem::take(&mut todo);
                build_ranks(game, ranker, seeds, block, &lookup, ranks, each)?;
            }
            let missing = lookup.missing.into_inner();
            let missing = missing.unwrap_or_else(std::sync::PoisonError::into_inner);
            asks.extend(missing.into_iter().filter(|&r| asked.insert(r)));
            let known_here: Vec<u64> = waiting
                .keys()
                .copied()
                .filter(|&r| {
                    (first..end).contains(&r)
                        && !matches!(cell(r).load(Ordering::Relaxed) as i8, UNKNOWN | WAITING)
                })
                .collect();
            for r in known_here {
                todo.extend(waiting.remove(&r).unwrap_or_default());
            }
            if todo.is_empty() {
                break;
            }
        }
        rounds += 1;
        let left: u64 = waiting.values().map(|w| w.len() as u64).sum();
        let left = net.sum(worker, [left, 0, 0, 0])[0];
        if left == 0 {
            break;
        }
        if rounds > seeds * p as u32 + 2 {
            return Err(SolveError::Cycle { seeds }.into());
        }
        ctx.report(seeds, rounds, left);
        // The boards asked for that are known now, to those who asked; the questions.
        asked_here.retain(|&(rank, from)| {
            let v = cell(rank).load(Ordering::Relaxed);
            if matches!(v as i8, UNKNOWN | WAITING) {
                return true;
            }
            let buf = out.to(from);
            buf.push(VALUE);
            put_varint(buf, rank - first);
            buf.push(v);
            false
        });
        for need in asks {
            let o = ctx.owners.owner(seeds, need);
            let buf = out.to(o);
            buf.push(ASK);
            put_varint(buf, need - ctx.owners.first(seeds, o));
        }
        out = net.round(worker, out, |from, bytes, out| {
            let base = ctx.owners.first(seeds, from);
            let mut at = 0;
            while let Some(&tag) = bytes.get(at) {
                at += 1;
                let Some(off) = get_varint(bytes, &mut at) else {
                    return;
                };
                if tag == ASK {
                    let v = cells[off as usize].load(Ordering::Relaxed);
                    if matches!(v as i8, UNKNOWN | WAITING) {
                        asked_here.push((first + off, from));
                    } else {
                        let buf = out.to(from);
                        buf.push(VALUE);
                        put_varint(buf, off);
                        buf.push(v);
                    }
                } else {
                    let Some(&v) = bytes.get(at) else {
                        return;
                    };
                    at += 1;
                    let rank = base + off;
                    known.put(key(seeds, rank), u16::from_le_bytes([v, v]));
                    todo.extend(waiting.remove(&rank).unwrap_or_default());
                }
            }
        });
    }
    Ok((
        cells.into_iter().map(AtomicU8::into_inner).collect(),
        rounds,
    ))
}

/// A message's tags: a question for a board of the receiver's block (its offset), a
/// board's value (its offset in the sender's block, the byte).
const ASK: u8 = 0;
const VALUE: u8 = 1;
