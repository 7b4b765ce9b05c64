//! Iterative deepening: a search is one negamax per depth, each reported, until a
//! limit or the end of what can be found; and [`AlphaBeta`] as an [`Engine`].

use mancala_core::Position;
use mancala_core::record::{MoveOf, Record};

use super::keys::ROOT_LINE;
use super::state::AlphaBeta;
use crate::Instant;
use crate::engine::{Engine, Report, working_copy};
use crate::eval::Evaluator;
use crate::score::{INFINITY, MAX_PLY, Score, is_decisive, points_of};

/// An aspiration window this wide or wider is searched with no bound on that side: 20
/// seeds.
const ASPIRATION_LIMIT: Score = 2000;

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
    /// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
    /// use mancala::{record::{Line, Record}, toy::Countdown};
    /// use mancala::search::{AlphaBeta, Limits};
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

    /// One iteration of `depth` plies from the root, the current position of `game`,
    /// by this thread: within [`AlphaBetaOptions::aspiration`](crate::AlphaBetaOptions::aspiration)
    /// of `last`, the value of the last iteration (if any, and not decisive), searched
    /// again with a window four times wider on the side the value fell out of, then
    /// with no bound, until the value falls inside (so it is exact).
    fn aspire(&mut self, game: &mut R, depth: u32, last: Option<Score>) -> Score {
        let (mut alpha, mut beta) = (-INFINITY, INFINITY);
        let mut delta = self.aspiration;
        if let Some(v) = last.filter(|&v| delta > 0 && !is_decisive(v)) {
            (alpha, beta) = (v - delta, v + delta);
        }
        loop {
            self.depth_cut = false;
            let v = self.negamax(game, depth, alpha, beta, 0, ROOT_LINE);
            if self.stopped || (alpha < v && v < beta) {
                return v;
            }
            delta = delta.saturating_mul(4);
            let wide = delta >= ASPIRATION_LIMIT || is_decisive(v);
            if v <= alpha {
                alpha = if wide { -INFINITY } else { v - delta };
            } else {
                beta = if wide { INFINITY } else { v + delta };
            }
        }
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
        // A finished game has no move; a forced move needs no search when time is what
        // limits it (a depth or node limit searches it, for its value).
        if moves.is_empty() || (moves.len() == 1 && self.limits.time.is_some()) {
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
                _ => self.aspire(&mut work, depth, (report.depth > 0).then_some(report.score)),
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
        }
        self.work = Some(work);
        report.nodes = self.all_nodes();
        report.elapsed = self.start.elapsed();
        report
    }
}
