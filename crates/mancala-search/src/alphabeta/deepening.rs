//! Iterative deepening: a search is one negamax per depth, each reported, until a
//! limit or the end of what can be found; and [`AlphaBeta`] as an [`Engine`].

use mancala_core::Position;
use mancala_core::record::{MoveOf, Record};

use super::keys::ROOT_LINE;
use super::state::AlphaBeta;
use crate::Instant;
use crate::engine::{Engine, Report, working_copy};
use crate::eval::Evaluator;
use crate::score::{INFINITY, MAX_PLY, is_decisive, points_of};

impl<R: Record, E: Evaluator<R::Position>> Engine<R> for AlphaBeta<R, E> {
    fn name(&self) -> String {
        // The spec that builds this engine (`spec`): the same name in every table.
        let mut threads = if self.threads.count > 1 && self.threads.parallel.is_some() {
            format!(":{}t", self.threads.count)
        } else {
            String::new()
        };
        if !self.table_cuts {
            threads.insert_str(0, ":nocut");
        }
        match (self.limits.time, self.limits.nodes) {
            (Some(t), _) => format!("alphabeta:{}ms{threads}", t.as_millis()),
            (None, Some(n)) => format!("alphabeta:{n}n{threads}"),
            (None, None) => format!("alphabeta:{}{threads}", self.limits.depth),
        }
    }

    fn search(&mut self, game: &R) -> Report<MoveOf<R>> {
        self.search_with(game, |_| {})
    }
}

impl<R: Record, E: Evaluator<R::Position>> AlphaBeta<R, E> {
    /// Like [`Engine::search`], and calls `on_depth` with the report of every completed
    /// iteration (for showing the search as it deepens).
    ///
    /// ```
    /// use mancala_core::{record::{Line, Record}, toy::Countdown};
    /// use mancala_search::{AlphaBeta, Limits};
    /// let mut depths = Vec::new();
    /// let game = Line::new(Countdown::new(30));
    /// AlphaBeta::new(Limits::depth(3)).search_with(&game, |r| depths.push(r.depth));
    /// assert_eq!(depths, [1, 2, 3]);
    /// ```
    pub fn search_with(
        &mut self,
        game: &R,
        mut on_depth: impl FnMut(&Report<MoveOf<R>>),
    ) -> Report<MoveOf<R>> {
        if self.threads.count > 1
            && let Some(parallel) = self.threads.parallel
        {
            return parallel(self, game, &mut on_depth);
        }
        self.begin(self.limits);
        self.iterate(game, &mut on_depth)
    }

    /// Iterative deepening of the search begun.
    pub(super) fn iterate(
        &mut self,
        game: &R,
        on_depth: &mut dyn FnMut(&Report<MoveOf<R>>),
    ) -> Report<MoveOf<R>> {
        let moves = game.legal_moves();
        let mut report = Report::bare(moves.first().copied());
        let max_depth = self.limits.depth.clamp(1, MAX_PLY as u32 - 2);
        if moves.is_empty() {
            report.elapsed = self.start.elapsed();
            return report;
        }
        let mut work = working_copy(&mut self.work, game, MAX_PLY);
        // The time of the last iteration: short ones are searched by this thread alone,
        // since starting the others and waiting for them costs more (a thread can wait
        // milliseconds to be scheduled on a loaded machine).
        let mut last = core::time::Duration::ZERO;
        for depth in 1..=max_depth {
            let began = Instant::now();
            // Each iteration is an ordinary negamax; the table's move of the last
            // iteration is searched first, so an unfinished iteration that completed a
            // move better than the first has found a better move.
            self.depth_cut = false;
            let score = match self.threads.iteration {
                Some(iteration)
                    if !self.threads.helpers.is_empty() && last >= self.threads.options.after =>
                {
                    iteration(self, &mut work, depth)
                }
                _ => self.negamax(&mut work, depth, -INFINITY, INFINITY, 0, ROOT_LINE),
            };
            if self.stopped {
                // The root's first move is the previous best; the root's line changes
                // only when a completed move proves better than every move before it.
                if let Some(m) = self.pv.best()
                    && (report.depth == 0 || Some(m) != report.best)
                {
                    report.best = Some(m);
                    report.pv = self.pv.line();
                }
                break;
            }
            last = began.elapsed();
            report.best = self.pv.best().or(report.best);
            report.score = score;
            report.depth = depth;
            report.pv = self.pv.line();
            report.nodes = self.all_nodes();
            report.elapsed = self.start.elapsed();
            on_depth(&report);
            // Every line was searched to its end; or the game is lost; or it is won
            // with as many points as the player to move can use (in a match: what they
            // still need), and a shorter win would have been found already. A smaller
            // win keeps deepening: a bigger one may be further.
            let me = game.position().side_to_move();
            let most = self.utility.most_points(me);
            if !self.depth_cut
                || (is_decisive(score) && score < 0)
                || points_of(score).is_some_and(|p| score > 0 && p >= most)
            {
                break;
            }
            if let Some(t) = self.limits.time {
                // The next iteration would take several times as long as this one.
                if self.start.elapsed() * 3 > t {
                    break;
                }
            }
        }
        self.work = Some(work);
        report.nodes = self.all_nodes();
        report.elapsed = self.start.elapsed();
        report
    }
}
