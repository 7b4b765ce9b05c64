//! Tighter rigorous bounds for a game with cycles whose repetition rule gives each
//! player the seeds in their own row (Urim's rule 6): endless play is valued by the
//! rows' split on the positions it keeps visiting, instead of by `−n` / `+n` as in
//! [`retro`](crate::retro).
//!
//! For a board `p` of `n` seeds, seen from its mover `X`, and `s(q)` the seeds in
//! `X`'s row minus those in the opponent's at a position `q` (rule 6's score, the
//! stores left out):
//!
//! - `L(p)`: the margin `X` can force in the game *without* rule 6 in which an
//!   endless play (one that never leaves the seed count) is worth the **least** `s`
//!   over the positions it visits infinitely often (`lim inf`);
//! - `U(p)`: the same with the **greatest** (`lim sup`).
//!
//! Exits (a capture, the end by starvation) are valued as in [`retro`](crate::retro):
//! a capture by the child's bounds in the databases below. `L ≤ exact ≤ U` holds for
//! the position as its whole history (`docs/solving-cycles.md`, "Tighter bounds from the
//! rows' split", has the proof): against a positional strategy of the `lim inf` game,
//! a real play that ends by repetition at `q` closes a loop the opponent could have
//! repeated for ever, a play worth at most `s(q)`, the real payoff.
//!
//! In negamax form (every move passes the turn: [`Alternating`]) the two are the
//! nested fixed point, least over `Z`, greatest over `Y`,
//!
//! ```text
//! L(p) = max( exitL(p), max over children c of  max(−ZU(c), min(s(p), −YU(c))) )
//! U(p) = max( exitU(p), max over children c of  min(−ZL(c), max(s(p), −YL(c))) )
//! ```
//!
//! (a co-Büchi game per threshold, solved here for all thresholds at once): the
//! outer iteration starts from `ZL = −n`, `ZU = +n` (today's start), and each outer
//! step iterates `Y` from `YL = +n`, `YU = −n` down to its fixed point with `Z` held,
//! then sets `Z = Y`, until `Z` no longer changes. With `s = −n` everywhere the inner
//! iteration takes one step and this is [`retro`](crate::retro)'s iteration, so these
//! bounds are never looser than those: `L ≥ L_retro`, `U ≤ U_retro`.
//!
//! The databases built here hold the same two bytes a board as
//! [`retro`](crate::retro)'s, but under another definition, in memory ([`build`]): the
//! reference of the build by levels, which settles the same bounds on all cores and
//! writes them in files of their own
//! ([`Endless::Rows`](crate::file::Endless::Rows), format version 2).

use mancala_core::ArrayVec;
use rayon::prelude::*;

use crate::db::{ABSENT, Databases, Table};
use crate::error::SolveError;
use crate::game::{Alternating, Solvable};
use crate::rank::MAX_PITS;
use crate::retro::{AGAIN, expand, split, table_boards};

/// Boards a thread takes at a time in the first pass.
const CHUNK: usize = 1 << 14;

/// What building one database of row-split bounds did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RowsStats {
    /// Steps of the outer (least) fixed point, the last changing nothing.
    pub outer: u32,
    /// Boards evaluated in the inner (greatest) fixed points, all outer steps
    /// together.
    pub evaluations: u64,
    /// Boards with children of the same seed count (those iterated).
    pub cyclic: u64,
    /// Boards left with `L < U`.
    pub unresolved: u64,
    /// The sum of `U − L` over the boards of the game.
    pub gap: u64,
}

/// A board with children of as many seeds.
#[derive(Clone, Copy)]
struct Active {
    rank: u32,
    exit_l: i8,
    exit_u: i8,
    /// Rule 6's score at the board, from its mover.
    split: i8,
    start: u32,
    len: u8,
}

/// Computes the database of `seeds` seeds under the rows' split definition: the
/// bounds `(L, U)` of every board, two bytes a board in rank order as
/// [`retro`](crate::retro)'s tables lay them out (both [`ABSENT`]
/// for a board the rules do not have). The databases of fewer seeds in `dbs` must be
/// of this definition too.
///
/// # Errors
/// [`SolveError::Order`] if `dbs` does not hold exactly the seed counts below;
/// [`SolveError::TableSize`] above `2^31` boards or 126 seeds; those of a child
/// that cannot be looked up.
pub fn solve_table<G: Solvable + Alternating>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
) -> Result<(Vec<u8>, RowsStats), SolveError> {
    let n = table_boards(dbs, seeds)?;
    let ranker = dbs.ranker();
    let p = ranker.pits();
    let s = seeds as i32;
    // The first pass: every board's fixed bounds, or its exits and children.
    type Part = (Vec<(i8, i8)>, Vec<Active>, Vec<u32>);
    let parts: Vec<Part> = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| -> Result<Part, SolveError> {
            let start = c * CHUNK;
            let end = n.min(start + CHUNK);
            let mut board = [0u8; MAX_PITS];
            ranker.unrank(seeds, start as u64, &mut board[..p])?;
            let (mut vals, mut active, mut kids) = (Vec::new(), Vec::new(), Vec::new());
            for rank in start..end {
                let v = match game.position(&board[..p]) {
                    None => (ABSENT, ABSENT),
                    Some(pos) => {
                        let st = game.view(&pos, &mut [0; MAX_PITS][..p]);
                        match game.terminal(&pos, st)? {
                            Some(t) => (t as i8, t as i8),
                            None => {
                                let e = expand(game, dbs, seeds, &pos, st)?;
                                let (el, eu) = (e.exit_l.max(-s) as i8, e.exit_u.max(-s) as i8);
                                if e.kids.is_empty() {
                                    (el, eu)
                                } else {
                                    active.push(Active {
                                        rank: rank as u32,
                                        exit_l: el,
                                        exit_u: eu,
                                        split: split(&board[..p]) as i8,
                                        start: kids.len() as u32,
                                        len: e.kids.len() as u8,
                                    });
                                    kids.extend(e.kids.iter().map(|&k| k & !AGAIN));
                                    (el, s as i8)
                                }
                            }
                        }
                    }
                };
                vals.push(v);
                ranker.next(&mut board[..p]);
            }
            Ok((vals, active, kids))
        })
        .collect::<Result<_, _>>()?;
    let mut zl = Vec::with_capacity(n);
    let mut zu = Vec::with_capacity(n);
    let mut active = Vec::new();
    let mut kids: Vec<u32> = Vec::new();
    for (vals, act, k) in parts {
        let base = kids.len() as u32;
        zl.extend(vals.iter().map(|v| v.0));
        zu.extend(vals.iter().map(|v| v.1));
        active.extend(act.into_iter().map(|a| Active {
            start: a.start + base,
            ..a
        }));
        kids.extend(k);
    }
    let mut stats = RowsStats {
        cyclic: active.len() as u64,
        ..RowsStats::default()
    };
    let (mut yl, mut yu) = (zl.clone(), zu.clone());
    let kids_of = |a: &Active| -> ArrayVec<u32, 16> {
        kids[a.start as usize..a.start as usize + usize::from(a.len)]
            .iter()
            .copied()
            .collect()
    };
    // The parents (ranks) of each board: `parents[pstart[c]..pstart[c + 1]]`.
    let mut pstart = vec![0u32; n + 1];
    for &c in &kids {
        pstart[c as usize + 1] += 1;
    }
    for c in 0..n {
        pstart[c + 1] += pstart[c];
    }
    let mut fill = pstart.clone();
    let mut parents = vec![0u32; kids.len()];
    for a in &active {
        for c in kids_of(a) {
            parents[fill[c as usize] as usize] = a.rank;
            fill[c as usize] += 1;
        }
    }
    drop(fill);
    // Each iterated board's place in `active` (`NONE`: not iterated).
    const NONE: u32 = u32::MAX;
    let mut slot = vec![NONE; n];
    let mut queued = vec![false; n];
    let mut queue = std::collections::VecDeque::new();
    loop {
        stats.outer += 1;
        // The inner fixed point, `Z` held, from above it (for the mover of `L`):
        // `YL = ZU`, `YU = ZL`. Any start above the greatest fixed point gets there
        // (each step keeps the values above it, and the iteration stops at a
        // post-fixed point, which is below it), and this one is: the greatest fixed
        // point is the next `Z`, below the final `L ≤ U ≤ ZU` (and its `U` above the
        // final `U ≥ L ≥ ZL`). Boards already resolved (`ZL = ZU`) stay so. A
        // worklist: every board once, then the parents of those that change.
        for a in &active {
            slot[a.rank as usize] = NONE;
        }
        active.retain(|a| zl[a.rank as usize] < zu[a.rank as usize]);
        for (i, a) in active.iter().enumerate() {
            let r = a.rank as usize;
            (yl[r], yu[r]) = (zu[r], zl[r]);
            slot[r] = i as u32;
            queued[r] = true;
            queue.push_back(i as u32);
        }
        while let Some(i) = queue.pop_front() {
            let a = &active[i as usize];
            let r = a.rank as usize;
            queued[r] = false;
            stats.evaluations += 1;
            let sp = i32::from(a.split);
            let (mut l, mut u) = (i32::from(a.exit_l), i32::from(a.exit_u));
            for c in kids_of(a) {
                let c = c as usize;
                let (czl, czu) = (i32::from(zl[c]), i32::from(zu[c]));
                let (cyl, cyu) = (i32::from(yl[c]), i32::from(yu[c]));
                l = l.max((-czu).max(sp.min(-cyu)));
                u = u.max((-czl).min(sp.max(-cyl)));
            }
            let (l, u) = (l.min(i32::from(yl[r])), u.max(i32::from(yu[r])));
            if (l as i8, u as i8) != (yl[r], yu[r]) {
                (yl[r], yu[r]) = (l as i8, u as i8);
                for &p in &parents[pstart[r] as usize..pstart[r + 1] as usize] {
                    let j = slot[p as usize];
                    if j != NONE && !queued[p as usize] {
                        queued[p as usize] = true;
                        queue.push_back(j);
                    }
                }
            }
        }
        let mut moved = false;
        for a in &active {
            let r = a.rank as usize;
            if (yl[r], yu[r]) != (zl[r], zu[r]) {
                (zl[r], zu[r]) = (yl[r], yu[r]);
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
    let mut out = Vec::with_capacity(2 * n);
    for (&l, &u) in zl.iter().zip(&zu) {
        if l != ABSENT && l < u {
            stats.unresolved += 1;
            stats.gap += (i32::from(u) - i32::from(l)) as u64;
        }
        out.extend_from_slice(&[l as u8, u as u8]);
    }
    Ok((out, stats))
}

/// Extends `dbs` up to and including `max_seeds` seeds with [`solve_table`]'s
/// bounds, in memory; calls `each` with each seed count's statistics. `dbs` must
/// hold only databases of this definition (start from an empty one).
///
/// # Errors
/// Those of [`solve_table`].
pub fn build<G: Solvable + Alternating>(
    game: &G,
    dbs: &mut Databases,
    max_seeds: u32,
    mut each: impl FnMut(u32, &RowsStats),
) -> Result<(), SolveError> {
    while dbs.len() <= max_seeds {
        let seeds = dbs.len();
        let (table, stats) = solve_table(game, dbs, seeds)?;
        dbs.push(Table::Memory(table))?;
        each(seeds, &stats);
    }
    Ok(())
}
