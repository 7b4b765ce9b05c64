//! What every worker reads while it builds a table ([`Ctx`]): the game, the ranks' owners,
//! its own blocks of the finished tables, the progress.

use mancala_solve::SolveError;
use mancala_solve::progress::{Progress, Stage, Step};
use mancala_solve::rank::Ranker;

use crate::blocks::Owners;

/// What a worker reads while it builds a table.
pub(crate) struct Ctx<'a> {
    pub(crate) game: &'a str,
    pub(crate) ranker: &'a Ranker,
    pub(crate) owners: &'a Owners,
    /// This worker.
    pub(crate) me: usize,
    /// Each finished table as this worker keeps it: whole for a game without cycles
    /// (one byte a board), this worker's block for a game with cycles.
    pub(crate) tables: &'a [Vec<u8>],
    /// Bytes a board.
    pub(crate) width: usize,
    pub(crate) progress: &'a dyn Progress,
}

impl Ctx<'_> {
    /// Worker `w`'s block of the table of `seeds` seeds.
    pub(crate) fn block(&self, seeds: u32, w: usize) -> (u64, u64) {
        (self.owners.first(seeds, w), self.owners.first(seeds, w + 1))
    }

    /// The bounds of the board of `seeds` seeds and rank `rank` in this worker's
    /// block of a finished table.
    ///
    /// # Errors
    /// [`SolveError::Missing`] if the table is not finished, [`SolveError::Absent`]
    /// if the rank is not in the block.
    pub(crate) fn own(&self, seeds: u32, rank: u64) -> Result<(i8, i8), SolveError> {
        let t = self
            .tables
            .get(seeds as usize)
            .ok_or(SolveError::Missing { seeds })?;
        let at = rank
            .checked_sub(self.owners.first(seeds, self.me))
            .map(|o| o as usize * self.width)
            .filter(|&at| at + self.width <= t.len())
            .ok_or(SolveError::Absent { seeds, rank })?;
        Ok((t[at] as i8, t[at + self.width - 1] as i8))
    }

    /// Tells the progress that round `round` of `seeds` seeds is done, `moved` what
    /// it moved.
    pub(crate) fn report(&self, seeds: u32, round: u32, moved: u64) {
        self.progress.start(&Stage {
            game: self.game,
            seeds,
            step: Step::Round { round, moved },
            boards: None,
        });
    }
}
