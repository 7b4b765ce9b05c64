//! One worker's part of the table of one seed count: [`build`] runs the kernel of the
//! game's kind, with what every worker reads ([`Ctx`]): the memoised recursion on the
//! worker's components for a game without cycles (`acyclic.rs`, every worker ending
//! with the whole table), the settling by levels on the worker's block of ranks for a
//! game with cycles (`cyclic.rs`).

use mancala_solve::{Solvable, SolveError};
use timely::worker::Worker;

use crate::ctx::Ctx;
use crate::error::DistError;
use crate::net::Net;
use crate::{acyclic, cyclic};

/// The table of `seeds` seeds (`ctx.width` bytes a board) as this worker keeps it
/// ([`Ctx::tables`]: whole for a game without cycles, else its block), the rounds of
/// the exchange and the boards left unresolved.
pub(crate) fn build<G: Solvable>(
    game: &G,
    net: &mut Net,
    worker: &mut Worker,
    ctx: &Ctx<'_>,
    seeds: u32,
) -> Result<(Vec<u8>, u32, u64), DistError> {
    if seeds > 126 {
        return Err(SolveError::TableSize {
            seeds,
            found: ctx.ranker.count(seeds),
            expected: 0,
        }
        .into());
    }
    if ctx.width == 1 {
        let (values, rounds) = acyclic::build(game, net, worker, ctx.ranker, ctx.tables, seeds)?;
        return Ok((values, rounds, 0));
    }
    let (values, rounds) = cyclic::build(game, net, worker, ctx, seeds)?;
    let unresolved = values
        .chunks_exact(2)
        .filter(|b| (b[0] as i8) < (b[1] as i8))
        .count() as u64;
    Ok((values, rounds, unresolved))
}
