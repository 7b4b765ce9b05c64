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
//! and a move that ends the game an exit with its final margin. They are what
//! iterating from `L = −n`, `U = +n` until nothing changes gives. `L ≤ exact ≤ U`
//! holds for the exact value of the position when it is the whole history (as it is
//! right after a capture, where rule 6's history starts afresh); where `L = U` the
//! value is exact. See `docs/solving-cycles.md` for the proof and the
//! stored value `V = clamp(s, L, U)`.
//!
//! The build makes one pass over the boards that plays every move and resolves the
//! exits from the databases below. Then, two ways ([`Children`]):
//!
//! - [`Children::Stored`]: the pass keeps every link from a board to a child of as
//!   many seeds, turned round (each board's parents), and the bounds are settled by
//!   levels, from `n` down, each `L` and `U` once, passing it to the parents
//!   (`levels.rs`): the work is twice the links, not the iterations times the boards.
//! - [`Children::Replayed`], where the links would take more than
//!   [`Children::STORED_LIMIT`]: the equations are iterated in rank order on all cores
//!   (in place: a value read from another thread may be one iteration old, which only
//!   delays the fixed point, since `L` only rises and `U` only falls), over the boards
//!   still unresolved, each board's moves played again, until an iteration changes
//!   nothing. For a game that says how it sows ([`Solvable::sowing`]: Urim, Oware)
//!   the iteration keeps a worklist: after the first, only the boards marked as
//!   parents ([`unsow`](crate::unsow)) of a board whose change can move their bounds
//!   are evaluated again, the others keep theirs (`iterate.rs`).
//!
//! Both give the same bytes (a test builds every table both ways).

mod equations;
mod iterate;
mod levels;

use rayon::prelude::*;

use crate::check::CheckReport;
use crate::db::{ABSENT, Databases};
use crate::error::SolveError;
use crate::file::Endless;
use crate::game::Solvable;
use crate::progress::Progress;
use crate::rank::MAX_PITS;

pub use equations::{
    AGAIN, Board, Children, Kid, RetroStats, board_children, children, stored_value, through,
};
pub(crate) use equations::{CHUNK, expand, split, table_boards};

/// Computes the database of `seeds` seeds of a game with cycles ([`Solvable::cycles`]):
/// the bounds `(L, U)` of every board, two bytes per board in rank order (both
/// [`ABSENT`] for a board the rules do not have). The databases of fewer seeds must
/// be in `dbs`. The children are stored if they fit in [`Children::STORED_LIMIT`],
/// else replayed ([`Children::for_boards`]). `progress` is ignored: a build reports
/// its progress through [`BuildOptions::progress`](crate::build::BuildOptions::progress).
///
/// # Errors
/// [`SolveError::Order`] if `dbs` does not hold exactly the seed counts below;
/// [`SolveError::TableSize`] above `2^31` boards; those of a child that cannot be
/// looked up.
#[deprecated(
    note = "use `BuildOptions::new().solve_table(game, dbs, seeds)`; progress goes to `BuildOptions::progress`"
)]
pub fn solve_table<G: Solvable>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    progress: bool,
) -> Result<(Vec<u8>, RetroStats), SolveError> {
    let _ = progress;
    let children = Children::for_boards(dbs.ranker().count(seeds));
    solve(game, dbs, seeds, children, &())
}

/// The deprecated `solve_table` with the children kept as `children` says. Both ways
/// give the same bounds. `progress` is ignored.
///
/// # Errors
/// Those of the deprecated `solve_table`.
#[deprecated(
    note = "use `BuildOptions::new().children(children).solve_table(game, dbs, seeds)`; progress goes to `BuildOptions::progress`"
)]
pub fn solve_table_with<G: Solvable>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    children: Children,
    progress: bool,
) -> Result<(Vec<u8>, RetroStats), SolveError> {
    let _ = progress;
    solve(game, dbs, seeds, children, &())
}

/// The bounds `(L, U)` of every board of `seeds` seeds of a game with cycles, two
/// bytes a board in rank order (both [`ABSENT`] for a board the rules do not have),
/// with the children kept as `children` says (both ways give the same bounds),
/// reporting to `progress`. The databases of fewer seeds must be in `dbs`.
///
/// # Errors
/// [`SolveError::Order`] if `dbs` does not hold exactly the seed counts below;
/// [`SolveError::TableSize`] above `2^31` boards; those of a child that cannot be
/// looked up.
pub(crate) fn solve<G: Solvable>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    children: Children,
    progress: &dyn Progress,
) -> Result<(Vec<u8>, RetroStats), SolveError> {
    match (children, dbs.endless()) {
        (Children::Replayed, Endless::Extremes) => iterate::solve(game, dbs, seeds, progress),
        _ => levels::solve(game, dbs, seeds, children, progress),
    }
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
pub fn check_table<G: Solvable>(
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
