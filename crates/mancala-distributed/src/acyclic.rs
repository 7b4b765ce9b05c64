//! A table of a game without cycles (Kalah), split between the workers by
//! components: the single-machine kernel ([`mancala_solve::dag::build_ranks`], the
//! memoised recursion within a seed count) run by each worker on the boards of its
//! components, every board read where it is, none waiting for another worker's.
//!
//! A board's children of as many seeds are in its component
//! ([`Solvable::component`]: for Kalah, the smaller of the two rows' seeds), so the
//! table splits into components that do not depend on each other. Every worker walks
//! the table, counts the boards of each component and gives the components out the
//! same way (the largest first, each to the worker with the fewest boards), computes
//! its own in one pass of the kernel, reading the tables below in place, and sends
//! their values to every other worker ([`gather`]): each worker holds every finished
//! table, as the single build does, and writes its block of ranks to its partition.
//! One round of the exchange a seed count. A game without components is one
//! component, computed by one worker.

use std::sync::atomic::AtomicU8;

use mancala_solve::dag::{Block, Outside, build_ranks};
use mancala_solve::rank::Ranker;
use mancala_solve::{Solvable, SolveError, UNKNOWN};
use timely::worker::Worker;

use crate::error::DistError;
use crate::net::{Net, SLICE, get_varint, put_varint};

/// The whole table of `seeds` seeds of a game without cycles (one byte a board), built
/// with every worker's share, the tables below whole in `below`; and the rounds of
/// the exchange it took.
pub(crate) fn build<G: Solvable>(
    game: &G,
    net: &mut Net,
    worker: &mut Worker,
    ranker: &Ranker,
    below: &[Vec<u8>],
    seeds: u32,
) -> Result<(Vec<u8>, u32), DistError> {
    let me = net.me();
    let peers = net.peers();
    let count = ranker.count(seeds);
    let below = Below(below);
    let cells = unknown_cells(count);
    if peers == 1 {
        kernel(game, ranker, seeds, &cells, &below, 0..count)?;
        return Ok((cells.into_iter().map(AtomicU8::into_inner).collect(), 0));
    }
    // Each board's component, and who computes it.
    let mut comps = Vec::with_capacity(count as usize);
    let mut sizes = [0u64; 256];
    let p = ranker.pits();
    let mut board = [0u8; mancala_solve::rank::MAX_PITS];
    ranker.unrank(seeds, 0, &mut board[..p])?;
    for _ in 0..count {
        let c = game.component(&board[..p]).unwrap_or(0);
        sizes[usize::from(c)] += 1;
        comps.push(c);
        ranker.next(&mut board[..p]);
    }
    let who = share(&sizes, peers);
    let holder = |rank: u64| usize::from(who[usize::from(comps[rank as usize])]);
    // This worker's components, in slices of ranks.
    let mut ranks = Vec::new();
    for start in (0..count).step_by(1 << 16) {
        ranks.clear();
        ranks.extend((start..count.min(start + (1 << 16))).filter(|&r| holder(r) == me));
        kernel(game, ranker, seeds, &cells, &below, ranks.iter().copied())?;
    }
    let mut table: Vec<u8> = cells.into_iter().map(AtomicU8::into_inner).collect();
    gather(net, worker, seeds, &mut table, holder)?;
    Ok((table, 1))
}

/// Completes `table` (of `seeds` seeds) on every worker: the worker `holder(rank)`
/// has the value of each rank, and sends the values it has to every other worker, in
/// slices of [the index of the first among the values it has, the values…] in rank
/// order. One round of the exchange.
///
/// # Errors
/// [`DistError::Worker`] if a worker sent fewer values than it has.
pub(crate) fn gather(
    net: &mut Net,
    worker: &mut Worker,
    seeds: u32,
    table: &mut [u8],
    holder: impl Fn(u64) -> usize,
) -> Result<(), DistError> {
    let me = net.me();
    let peers = net.peers();
    let mut slice = Vec::with_capacity(SLICE + 16);
    let mut sent = 0u64;
    let send = |net: &mut Net, worker: &mut Worker, slice: &mut Vec<u8>| {
        for to in (0..peers).filter(|&w| w != me) {
            net.send(worker, to, slice.clone());
        }
        slice.clear();
    };
    for (rank, &v) in table.iter().enumerate() {
        if holder(rank as u64) == me {
            if slice.is_empty() {
                put_varint(&mut slice, sent);
            }
            slice.push(v);
            sent += 1;
            if slice.len() >= SLICE {
                send(net, worker, &mut slice);
            }
        }
    }
    if !slice.is_empty() {
        send(net, worker, &mut slice);
    }
    let mut from_each: Vec<Vec<u8>> = vec![Vec::new(); peers];
    net.finish(worker, |from, bytes, _| {
        let mut at = 0;
        let Some(index) = get_varint(bytes, &mut at) else {
            return;
        };
        let values = &bytes[at..];
        let got = &mut from_each[from];
        let end = index as usize + values.len();
        if got.len() < end {
            got.resize(end, UNKNOWN as u8);
        }
        got[index as usize..end].copy_from_slice(values);
    });
    let mut next = vec![0usize; peers];
    for (rank, v) in table.iter_mut().enumerate() {
        let w = holder(rank as u64);
        if w != me {
            *v = *from_each[w].get(next[w]).ok_or_else(|| DistError::Worker {
                worker: w,
                reason: format!("sent too few values of the table of {seeds} seeds"),
            })?;
            next[w] += 1;
        }
    }
    Ok(())
}

/// The finished tables, whole, by seed count: what the kernel reads below the table
/// it builds.
struct Below<'a>(&'a [Vec<u8>]);

impl Outside for Below<'_> {
    #[inline]
    fn get(&self, seeds: u32, rank: u64) -> Result<i8, SolveError> {
        let t = self
            .0
            .get(seeds as usize)
            .ok_or(SolveError::Missing { seeds })?;
        t.get(rank as usize)
            .map(|&v| v as i8)
            .ok_or(SolveError::Absent { seeds, rank })
    }
}

/// A cell a board, each [`UNKNOWN`].
fn unknown_cells(count: u64) -> Vec<AtomicU8> {
    (0..count).map(|_| AtomicU8::new(UNKNOWN as u8)).collect()
}

/// Runs the kernel on `ranks` of the table of `seeds` seeds, every board of the table
/// in `cells`. No board waits for another of the table (all are in the block); if one
/// did, the error names the board it waited for.
fn kernel<G: Solvable>(
    game: &G,
    ranker: &Ranker,
    seeds: u32,
    cells: &[AtomicU8],
    below: &Below<'_>,
    ranks: impl IntoIterator<Item = u64>,
) -> Result<(), SolveError> {
    let block = Block { first: 0, cells };
    let mut waited = None;
    build_ranks(game, ranker, seeds, block, below, ranks, |_, need| {
        waited.get_or_insert(need);
    })?;
    match waited {
        Some(rank) => Err(SolveError::Unknown { seeds, rank }),
        None => Ok(()),
    }
}

/// Who computes each component of `sizes` boards, among `peers` workers: the largest
/// first (the smaller number first among equals), each to the worker with the fewest
/// boards so far (the first among equals). Every worker computes the same.
fn share(sizes: &[u64; 256], peers: usize) -> [u16; 256] {
    let mut order: Vec<usize> = (0..256).filter(|&c| sizes[c] > 0).collect();
    order.sort_by_key(|&c| (std::cmp::Reverse(sizes[c]), c));
    let mut load = vec![0u64; peers];
    let mut who = [0u16; 256];
    for c in order {
        let w = (0..peers).min_by_key(|&w| (load[w], w)).unwrap_or(0);
        load[w] += sizes[c];
        who[c] = w as u16;
    }
    who
}

#[cfg(test)]
mod tests {
    use super::share;

    #[test]
    fn components_are_shared_largest_first_to_the_least_loaded() {
        let mut sizes = [0u64; 256];
        sizes[..5].copy_from_slice(&[5, 9, 9, 2, 4]);
        let who = share(&sizes, 2);
        // 9 (1) → 0, 9 (2) → 1, 5 (0) → 0 (14 to 9), 4 (4) → 1 (14 to 13), 2 (3) → 1.
        assert_eq!(&who[..5], &[0, 0, 1, 1, 1]);
        let who = share(&sizes, 8);
        assert_eq!(&who[..5], &[2, 0, 1, 4, 3]);
    }
}
