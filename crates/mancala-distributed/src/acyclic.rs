//! A worker's block of a table of a game without cycles (Kalah): the single-machine
//! kernel ([`mancala_solve::dag::build_ranks`], the memoised recursion within a seed
//! count) run on the block, only the boards outside it crossing the network.
//!
//! The worker plays every move of its boards once to find the children of fewer seeds
//! that other workers own, and asks for their values ([`ask`]); then the kernel
//! computes every board of the block it can, a child of as many seeds in the block on
//! the spot. A board that needs one outside the block not known yet waits: the
//! workers ask each other for those, and go on with the boards that waited, in rounds
//! until none waits anywhere (the positions form a DAG, so each round settles the
//! next links of the chains that cross blocks).

use std::sync::atomic::{AtomicU8, Ordering};

use mancala_solve::dag::{below_reads, build_ranks};
use mancala_solve::rank::MAX_PITS;
use mancala_solve::{Solvable, SolveError, UNKNOWN};
use timely::worker::Worker;

use crate::error::DistError;
use crate::known::{Known, ask, key};
use crate::net::Net;
use crate::table::Ctx;

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
    let mut ranks: Vec<u64> = Vec::new();
    let mut rounds = 0;
    loop {
        let mut waiting = Vec::new();
        let mut needed = Vec::new();
        {
            let lookup = ctx.lookup(me, &known);
            let each = |board, need| {
                waiting.push(board);
                needed.push(need);
            };
            if rounds == 0 {
                build_ranks(
                    game,
                    ranker,
                    seeds,
                    first,
                    &cells,
                    &lookup,
                    first..end,
                    each,
                )?;
            } else {
                let todo = std::mem::take(&mut ranks);
                build_ranks(game, ranker, seeds, first, &cells, &lookup, todo, each)?;
            }
        }
        rounds += 1;
        let left = net.sum(worker, [waiting.len() as u64, 0, 0, 0])[0];
        if left == 0 {
            break;
        }
        if rounds > seeds * p as u32 + 2 {
            return Err(SolveError::Cycle { seeds }.into());
        }
        ctx.report(seeds, rounds, left);
        for need in needed {
            known.insert(key(seeds, need));
        }
        waiting.dedup();
        ranks = waiting;
        ask(net, worker, ctx.owners, &mut known, 1, |s, r| {
            if s == seeds {
                let v = cells[(r - first) as usize].load(Ordering::Relaxed) as i8;
                Ok((v, v))
            } else {
                ctx.own(s, r)
            }
        })?;
    }
    Ok((
        cells.into_iter().map(AtomicU8::into_inner).collect(),
        rounds,
    ))
}
