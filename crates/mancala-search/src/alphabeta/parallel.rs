//! The search on several threads (young brothers wait): the threads live for an
//! iteration; a node whose first move is searched offers its other moves to the idle
//! threads as a split point, and every thread that joins it searches its next move
//! until none is left or one fails high.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::Ordering::{Acquire, Relaxed};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize};

use mancala_core::Position;
use mancala_core::arrayvec::ArrayVec;
use mancala_core::record::{MoveOf, Record};

use super::keys::ROOT_LINE;
use super::options::AlphaBetaOptions;
use super::split::{
    Close, Done, Found, Leave, NodeKind, Shared, SplitPoint, cut_in, descends, idle_wait,
};
use super::state::AlphaBeta;
use crate::engine::{Limits, Report, working_copy};
use crate::eval::Evaluator;
use crate::score::{INFINITY, MAX_PLY, Score};

impl<R, E> AlphaBeta<R, E>
where
    R: Record + Send + Sync,
    MoveOf<R>: Send + Sync,
    E: Evaluator<R::Position> + Clone + Send + Sync,
{
    /// An alpha-beta player that searches with `threads` threads (at least 1; the
    /// record, its moves and the evaluator go to the other threads). Young brothers
    /// wait: the other threads live for an iteration, waiting for work; at any node
    /// with at least 5 plies left ([`SplitOptions::depth`](crate::SplitOptions::depth))
    /// whose first move is searched (alone, by the thread searching the node), if a
    /// thread is idle, the node's other moves become a split point: every thread that
    /// joins it (on its own copy of the record) and the thread that made it take its
    /// next unsearched move and search it with the best value found so far as its floor
    /// (at the root, one below: ties go to the first move in the root's order),
    /// splitting again below; a move that fails high stops them all. A thread that runs
    /// out of moves at its own split point joins those made below it until the others
    /// leave it. All search over one shared table. A depth's value is therefore the
    /// one-thread value, the minimax value, whatever the timing; only the node counts
    /// (and, among equal values below the root, the move stored in the table) vary from
    /// run to run. Iterations after one shorter than 1 ms
    /// ([`SplitOptions::after`](crate::SplitOptions::after)) are searched by this thread
    /// alone. A node limit is one budget for all the threads; a panic in any of them
    /// reaches the caller as it was raised.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
    /// use mancala::{record::{Line, Record}, toy::Countdown};
    /// use mancala::search::{AlphaBeta, AlphaBetaOptions, Engine, Limits, eval::Static};
    /// let mut ab = AlphaBeta::with_threads(Static, Limits::depth(9), AlphaBetaOptions::default(), 2);
    /// assert_eq!(ab.threads(), 2);
    /// let r = ab.search(&Line::new(Countdown::new(8)));
    /// assert_eq!(r.best.unwrap().0, 2); // leave 6, as with one thread
    /// ```
    pub fn with_threads(
        eval: E,
        limits: Limits,
        options: AlphaBetaOptions,
        threads: usize,
    ) -> Self {
        let mut ab = AlphaBeta::with_evaluator(eval, limits, options);
        ab.threads.count = threads.max(1);
        ab.threads.parallel = Some(Self::search_parallel);
        ab.threads.iteration = Some(Self::iteration);
        ab.threads.split = Some(Self::split);
        ab
    }

    /// Iterative deepening with the nodes split among the threads: see
    /// [`AlphaBeta::with_threads`].
    fn search_parallel(
        &mut self,
        game: &R,
        on_depth: &mut dyn FnMut(&Report<MoveOf<R>>),
    ) -> Report<MoveOf<R>> {
        self.begin(self.limits);
        while self.threads.helpers.len() + 1 < self.threads.count {
            let mut h = self.clone();
            h.threads.helpers = Vec::new();
            h.threads.parallel = None;
            h.threads.iteration = None;
            h.threads.count = 1;
            self.threads.helpers.push(h);
        }
        self.threads.split_pv.reserve(MAX_PLY);
        let (start, limits) = (self.start, self.limits);
        // One node budget for all the threads.
        let all_nodes = Arc::new(AtomicU64::new(0));
        self.threads.shared_nodes = Some(Arc::clone(&all_nodes));
        for h in &mut self.threads.helpers {
            h.begin_thread(limits);
            h.start = start;
            h.threads.shared_nodes = Some(Arc::clone(&all_nodes));
            // One table for all the threads: they search the same iteration, so each
            // finds the others' entries at their own draft.
            h.table = self.table.as_ref().map(|t| t.share());
            h.threads.split_pv.reserve(MAX_PLY);
        }
        let report = self.iterate(game, on_depth);
        self.threads.shared_nodes = None;
        report
    }

    /// One iteration (`depth` plies from the current node of `game`, the root) searched
    /// by this thread and its helpers: they live for the iteration, each waiting for a
    /// split point to join ([`AlphaBeta::help`]) until this thread has the root's value.
    fn iteration(&mut self, game: &mut R, depth: u32) -> Score {
        let shared = Arc::new(Shared::new(MAX_PLY));
        let mut helpers = core::mem::take(&mut self.threads.helpers);
        for h in &mut helpers {
            h.threads.shared = Some(Arc::clone(&shared));
            h.threads.current = None;
            h.stopped = false;
        }
        self.threads.shared = Some(Arc::clone(&shared));
        self.threads.current = None;
        let (score, panicked) = std::thread::scope(|scope| {
            let handles: ArrayVec<_, 8> = helpers
                .iter_mut()
                .take(8)
                .map(|h| scope.spawn(|| h.help()))
                .collect();
            // For tests (`SplitOptions::after` zero): the helpers are all waiting
            // before the search starts, so that even a quick one splits.
            let mut spins = 0u32;
            while self.threads.options.after.is_zero() && shared.idle.load(Relaxed) < handles.len()
            {
                idle_wait(&mut spins);
            }
            let score = {
                let _done = Done(&shared);
                self.negamax(game, depth, -INFINITY, INFINITY, 0, ROOT_LINE)
            };
            let mut panicked = None;
            for h in handles {
                if let Err(payload) = h.join() {
                    // A helper's panic, as it was raised (not the scope's own).
                    panicked = panicked.or(Some(payload));
                }
            }
            (score, panicked)
        });
        if let Some(payload) = panicked {
            std::panic::resume_unwind(payload);
        }
        self.stopped |= shared.stop.load(Relaxed);
        self.threads.shared = None;
        for h in &mut helpers {
            h.threads.shared = None;
        }
        self.threads.helpers = helpers;
        score
    }

    /// A helper's part of an iteration: it joins split points until the iteration is
    /// over.
    fn help(&mut self) {
        let Some(shared) = self.threads.shared.clone() else {
            return;
        };
        shared.idle.fetch_add(1, Relaxed);
        let mut spins = 0u32;
        while !shared.done.load(Acquire) {
            if self.join(&shared, None) {
                spins = 0;
            } else {
                idle_wait(&mut spins);
            }
        }
        shared.idle.fetch_sub(1, Relaxed);
    }

    /// Joins an offered split point (one inside `under` if given), searches its moves
    /// until none is left, and leaves it; false if none was offered. The caller counts
    /// as idle in `shared.idle` before and after.
    fn join(&mut self, shared: &Shared<R>, under: Option<&Arc<SplitPoint<R>>>) -> bool {
        if shared.open.load(Relaxed) == 0 {
            return false;
        }
        let sp = {
            let offers = shared.offers.lock().unwrap_or_else(|e| e.into_inner());
            let found = offers.iter().find(|sp| {
                sp.next.load(Relaxed) < sp.moves.len()
                    && !sp.cut.load(Relaxed)
                    && under.is_none_or(|u| descends(sp, u))
            });
            match found {
                Some(sp) => {
                    sp.workers.fetch_add(1, Relaxed);
                    Arc::clone(sp)
                }
                None => return false,
            }
        };
        shared.idle.fetch_sub(1, Relaxed);
        {
            let _leave = Leave(&sp, shared);
            let mut game = working_copy(&mut self.threads.spare.pop(), &sp.game, MAX_PLY);
            let outer = self.threads.current.replace(Arc::clone(&sp));
            let cut_before = core::mem::replace(&mut self.depth_cut, false);
            self.work_on(&sp, &mut game);
            self.depth_cut = cut_before;
            self.threads.current = outer;
            self.threads.spare.push(game);
            // A cut stops this thread's search of the split point only.
            self.stopped = shared.stop.load(Relaxed);
        }
        shared.idle.fetch_add(1, Relaxed);
        true
    }

    /// This thread's share of the moves of `sp` (`game` at its node): it takes the next
    /// move in order and searches it with the best value found so far as its floor (at
    /// the root, one below, so that a move tying the best is found exact and the first
    /// of equal moves wins as on one thread), until no move is left, one fails high or
    /// the search stops; then it keeps the best it found in `sp` (by value, then found
    /// exact, then first in order) with its line.
    fn work_on(&mut self, sp: &SplitPoint<R>, game: &mut R) {
        let me = game.position().side_to_move();
        let (depth, beta, ply, line) = (sp.depth, sp.beta, sp.ply, sp.line);
        let mut found: Option<Found> = None;
        loop {
            if sp.cut.load(Relaxed) {
                break;
            }
            let i = sp.next.fetch_add(1, Relaxed);
            let Some(&m) = sp.moves.get(i) else { break };
            let floor = sp.floor.load(Relaxed);
            let floor = if ply == 0 {
                floor.saturating_sub(1)
            } else {
                floor
            };
            // Never a node's first move: a node expected to cut.
            self.threads.kind[ply + 1] = NodeKind::Cut;
            let v = self.child(game, m, depth, 0, (floor, beta), ply, line);
            if self.stopped {
                break;
            }
            let exact = v > floor;
            if exact {
                sp.floor.fetch_max(v, Relaxed);
            }
            if found.is_none_or(|(b, e, _)| (v, exact) > (b, e)) {
                found = Some((v, exact, i));
                self.threads.split_pv.clear();
                self.threads
                    .split_pv
                    .extend_from_slice(self.pv.row(ply + 1));
            }
            if v >= beta {
                self.order.note_cutoff(m, me, depth, ply);
                sp.cut.store(true, Relaxed);
                break;
            }
        }
        if self.depth_cut {
            sp.depth_cut.store(true, Relaxed);
        }
        let key = |f: Option<Found>| f.map(|(v, e, i)| (v, e, core::cmp::Reverse(i)));
        if found.is_some() {
            let mut best = sp.best.lock().unwrap_or_else(|e| e.into_inner());
            if key(found) > key(best.0) {
                best.0 = found;
                best.1.clear();
                best.1.extend_from_slice(&self.threads.split_pv);
            }
        }
    }

    /// The moves `rest` of the current node of `game` (its first move searched, `depth`
    /// plies left, the window `(alpha, beta)` narrowed by it, `ply` plies from the root,
    /// on the line `line`) offered to the idle threads as a split point and searched by
    /// this thread and any that join ([`AlphaBeta::work_on`]). Once no move is left,
    /// this thread joins split points inside this one (made by the threads still
    /// searching its moves) until they leave it. Gives the best value and its move's
    /// index in `rest` (among equal values one found exact, then the first), and
    /// leaves its line in row `ply + 1` of the principal variations; `None` if no move
    /// was completed.
    #[allow(clippy::too_many_arguments)]
    fn split(
        &mut self,
        game: &mut R,
        rest: &[MoveOf<R>],
        depth: u32,
        (alpha, beta): (Score, Score),
        ply: usize,
        line: u64,
    ) -> Option<(Score, usize)> {
        let shared = Arc::clone(self.threads.shared.as_ref()?);
        if rest.is_empty() {
            return None;
        }
        let sp = Arc::new(SplitPoint {
            game: game.clone(),
            moves: rest.iter().copied().collect(),
            next: AtomicUsize::new(0),
            depth,
            beta,
            ply,
            line,
            floor: AtomicI32::new(alpha),
            cut: AtomicBool::new(false),
            parent: self.threads.current.clone(),
            workers: AtomicUsize::new(0),
            depth_cut: AtomicBool::new(false),
            best: Mutex::new((None, Vec::with_capacity(MAX_PLY))),
        });
        {
            let mut offers = shared.offers.lock().unwrap_or_else(|e| e.into_inner());
            offers.push(Arc::clone(&sp));
            shared.open.fetch_add(1, Relaxed);
        }
        let outer = self.threads.current.replace(Arc::clone(&sp));
        {
            let _close = Close(&sp, &shared);
            self.work_on(&sp, game);
        }
        if self.stopped {
            // Whatever stopped this thread stops the others' search of the node.
            sp.cut.store(true, Relaxed);
        }
        // Helpful master: while others still search moves of this node, join the split
        // points they make below it.
        shared.idle.fetch_add(1, Relaxed);
        let mut spins = 0u32;
        while sp.workers.load(Acquire) > 0 {
            if self.join(&shared, Some(&sp)) {
                spins = 0;
            } else {
                idle_wait(&mut spins);
            }
        }
        shared.idle.fetch_sub(1, Relaxed);
        self.threads.current = outer;
        // Stopped by the limits or a cut of an enclosing split point; a cut of this one
        // is its value (a move failed high).
        self.stopped = shared.stop.load(Relaxed) || cut_in(self.threads.current.as_ref());
        if sp.depth_cut.load(Relaxed) {
            self.depth_cut = true;
        }
        let best = sp.best.lock().unwrap_or_else(|e| e.into_inner());
        let (v, _, i) = best.0?;
        self.pv.set_row(ply + 1, &best.1);
        Some((v, i))
    }
}
