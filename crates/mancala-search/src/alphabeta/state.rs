//! The engine itself: what [`AlphaBeta`] holds (its settings, its buffers kept from
//! search to search, the counters of the search under way, the threads' parts), how it
//! is made and set, and its limits.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

use mancala_core::cycle::MemoStats;
use mancala_core::record::{MoveOf, Record};

use super::options::{AlphaBetaOptions, SplitOptions};
use super::ordering::Heuristics;
use super::pv::Pv;
use super::split::{BUDGET_STEP, NodeKind, Shared, SplitPoint, cut_in};
use super::table::Table;
use crate::Instant;
use crate::engine::{Limits, Report};
use crate::eval::{Evaluator, Static};
use crate::relay::Relays;
use crate::score::{MAX_PLY, Score, Utility};

/// Negamax alpha-beta with iterative deepening, searching a game record.
///
/// - The lines are played on a copy of the record, so the history rules count: see the
///   [module](crate::alphabeta).
/// - Scores are side-relative; a child's score is negated only when the player to move
///   changes ([`from_child`](crate::score::from_child)), so Omweso's mid-turn decisions (the same player moves
///   twice) are searched correctly. Every decision is one ply.
/// - Finished games score by [`terminal_score`](crate::score::terminal_score) (annulled
///   = 0) of the record's status; other leaves by the evaluator.
/// - A table keyed by position and history cuts the search where a stored value decides
///   the window, keeping the values of plain minimax: see the
///   [module](crate::alphabeta).
/// - Moves are tried the table's move first (the best found at the same node, by the
///   previous iteration or by another line), then, at depth 2 and more, by the score of
///   the position they lead to; those are played to be scored only if the table's move
///   did not cut off. The table is reset at every search, so a search's result depends
///   only on the game and the limits (on one thread).
/// - A time- or node-limited search returns the best move of the deepest iteration
///   searched (or the better move found by an unfinished iteration).
/// - Moves are played with [`Record::play_in_search`]: in a game whose moves relay
///   (Omweso), a relay still going after [`AlphaBetaOptions::endless_after`] laps is
///   taken as endless without proof (an annulled game, never an ending), and long
///   relays are remembered in a memo kept from search to search, whose answers are what
///   walking would give (so a search's result does not depend on it).
/// - Searching allocates nothing per node: the table, the memo, the
///   principal-variation arrays and the working copy of the record are allocated once
///   and kept.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::{record::{Line, Record}, toy::Countdown};
/// use mancala::search::{AlphaBeta, Engine, Limits, score::{win_score, ShowScore}};
/// let mut ab = AlphaBeta::new(Limits::depth(20));
/// let r = ab.search(&Line::new(Countdown::new(8)));
/// assert_eq!(r.best.unwrap().0, 2);         // leave 6
/// // 6, 5 (North delays), 3, 2, 0: South takes the last token at ply 5.
/// assert_eq!(r.score, win_score(1, 5));
/// assert_eq!(ShowScore(r.score).to_string(), "win in 5");
/// ```
#[derive(Clone, Debug)]
pub struct AlphaBeta<R: Record, E = Static> {
    pub(super) eval: E,
    pub(super) limits: Limits,
    pub(super) utility: Utility,
    /// [`AlphaBetaOptions::table_cuts`].
    pub(super) table_cuts: bool,
    /// [`AlphaBetaOptions::pvs`] and [`AlphaBetaOptions::aspiration`].
    pub(super) pvs: bool,
    pub(super) aspiration: Score,
    /// [`AlphaBetaOptions::reductions`] and [`AlphaBetaOptions::deeper_cuts`], and
    /// whether the search under way is one they apply to (limited by time or nodes).
    pub(super) reductions: bool,
    pub(super) deeper_cuts: bool,
    pub(super) selective: bool,
    pub(super) table: Option<Table>,
    /// The values of finished games when the table's entries were found (`None`
    /// before the first search).
    pub(super) table_utility: Option<Utility>,
    /// The working copy of the record searched (kept for its buffers).
    pub(super) work: Option<R>,
    pub(super) pv: Pv<MoveOf<R>>,
    pub(super) relays: Relays,
    pub(super) order: Heuristics<MoveOf<R>>,
    /// The search under way: its nodes (this thread's), its start, whether it stopped.
    pub(super) nodes: u64,
    pub(super) start: Instant,
    pub(super) stopped: bool,
    /// Whether the current iteration met a leaf cut by the depth (not a finished game
    /// or a known outcome): if not, the iteration solved the game and the next can
    /// find nothing more.
    pub(super) depth_cut: bool,
    pub(super) threads: Threads<R, E>,
}

/// The part of [`AlphaBeta`] that searches with threads ([`AlphaBeta::with_threads`]);
/// on one thread, only `count` (1) and `kind` are used.
#[derive(Clone, Debug)]
pub(super) struct Threads<R: Record, E> {
    /// How many threads search.
    pub(super) count: usize,
    pub(super) options: SplitOptions,
    /// The searches that use the threads (set by [`AlphaBeta::with_threads`], which
    /// has the bounds they need): the whole search, one iteration, the split of a
    /// node's remaining moves.
    pub(super) parallel: Option<ParallelSearch<R, E>>,
    pub(super) iteration: Option<IterationSearch<R, E>>,
    pub(super) split: Option<SplitSearch<R, E>>,
    /// The engines of the other threads (kept for their buffers).
    pub(super) helpers: Vec<AlphaBeta<R, E>>,
    /// The nodes of all the threads, against the node limit (each adds its own every
    /// [`BUDGET_STEP`] nodes).
    pub(super) shared_nodes: Option<Arc<AtomicU64>>,
    /// In an iteration searched by several threads: what they share (the open split
    /// points, the idle count, the stop), and the innermost split point this thread
    /// searches moves of (whose cut, or an enclosing one's, stops it).
    pub(super) shared: Option<Arc<Shared<R>>>,
    pub(super) current: Option<Arc<SplitPoint<R>>>,
    /// Records kept for their buffers, into which this thread copies the record of a
    /// split point it joins.
    pub(super) spare: Vec<R>,
    /// In a split: the line of the best move this thread searched (kept while it
    /// searches the next ones).
    pub(super) split_pv: Vec<Option<MoveOf<R>>>,
    /// The expected kind of the node at each ply of the line this thread searches (set
    /// by the parent before it searches the child; the root is a PV node).
    pub(super) kind: Vec<NodeKind>,
}

/// The search of [`AlphaBeta::with_threads`].
pub(super) type ParallelSearch<R, E> =
    fn(&mut AlphaBeta<R, E>, &R, &mut dyn FnMut(&Report<MoveOf<R>>)) -> Report<MoveOf<R>>;

/// One iteration searched by all the threads ([`AlphaBeta::with_threads`]).
pub(super) type IterationSearch<R, E> = fn(&mut AlphaBeta<R, E>, &mut R, u32) -> Score;

/// The split of [`AlphaBeta::with_threads`]: the node's remaining moves in order, its
/// depth, window, ply and line; gives the best of those moves (value and index) and
/// leaves that move's line in the caller's row `ply + 1` of principal variations.
pub(super) type SplitSearch<R, E> = fn(
    &mut AlphaBeta<R, E>,
    &mut R,
    &[MoveOf<R>],
    u32,
    (Score, Score),
    usize,
    u64,
) -> Option<(Score, usize)>;

/// When a search of `time` stops: a little before, so that the move is given within
/// the time (2%, at most 5 ms).
#[inline]
pub(super) fn deadline(time: Duration) -> Duration {
    time.saturating_sub((time / 50).min(Duration::from_millis(5)))
}

impl<R: Record> AlphaBeta<R, Static> {
    /// An alpha-beta player with the standard evaluation and a default table.
    #[must_use]
    pub fn new(limits: Limits) -> Self {
        AlphaBeta::with_evaluator(Static, limits, AlphaBetaOptions::default())
    }
}

impl<R: Record, E: Evaluator<R::Position>> AlphaBeta<R, E> {
    /// An alpha-beta player with the evaluator `eval`.
    pub fn with_evaluator(eval: E, limits: Limits, options: AlphaBetaOptions) -> Self {
        let split = options.split;
        AlphaBeta {
            eval,
            limits,
            utility: options.utility,
            table_cuts: options.table_cuts,
            pvs: options.pvs,
            aspiration: options.aspiration.max(0),
            reductions: options.reductions,
            deeper_cuts: options.deeper_cuts,
            selective: false,
            table: (options.table_bits > 0).then(|| Table::new(options.table_bits)),
            table_utility: None,
            work: None,
            pv: Pv::new(),
            relays: Relays::new(options.memo_bits, options.endless_after),
            order: Heuristics::new(options.history, options.killers),
            nodes: 0,
            start: Instant::now(),
            stopped: false,
            depth_cut: false,
            threads: Threads {
                count: 1,
                options: SplitOptions {
                    depth: split.depth.max(1),
                    cut_wait: split.cut_wait.max(1),
                    after: split.after,
                },
                parallel: None,
                iteration: None,
                split: None,
                helpers: Vec::new(),
                shared_nodes: None,
                shared: None,
                current: None,
                spare: Vec::new(),
                split_pv: Vec::new(),
                kind: vec![NodeKind::Pv; MAX_PLY + 1],
            },
        }
    }

    /// The threads searching: 1 unless built [`with_threads`](AlphaBeta::with_threads).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads.count
    }

    /// The limits of the next searches.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// What finished games are worth in the next searches (in a match: the points each
    /// player still needs).
    pub fn set_utility(&mut self, utility: Utility) {
        self.utility = utility;
    }

    /// What the memo of long relays did in the last search: the moves taken as endless
    /// without proof ([`MemoStats::unproven`]), lookups, hits.
    #[must_use]
    pub fn memo_stats(&self) -> MemoStats {
        self.relays.stats
    }

    /// Starts a search within `limits`: an empty table, or for a search limited by time
    /// with the same values of finished games as the last one, the table as the last
    /// search left it (its entries hold whatever the root); and
    /// [`begin_thread`](AlphaBeta::begin_thread).
    pub(super) fn begin(&mut self, limits: Limits) {
        if let Some(t) = &self.table {
            // (A table keyed by the line from the root, which only orders moves,
            // starts afresh: its keys name other nodes from another root.)
            let keep = limits.time.is_some()
                && self.table_cuts
                && self.table_utility == Some(self.utility);
            if keep {
                t.next_search();
            } else {
                t.new_search();
            }
        }
        self.table_utility = Some(self.utility);
        self.begin_thread(limits);
    }

    /// [`begin`](AlphaBeta::begin) but for the table, which a search's threads share.
    pub(super) fn begin_thread(&mut self, limits: Limits) {
        self.limits = limits;
        self.selective = limits.time.is_some() || limits.nodes.is_some();
        self.nodes = 0;
        self.order.reset();
        self.relays.stats = MemoStats::default();
        self.start = Instant::now();
        self.stopped = false;
        // Nothing of an iteration that a panic left unfinished.
        self.threads.shared = None;
        self.threads.current = None;
    }

    /// Stops the search if it reached a limit (or, with threads, another thread did, or
    /// a split point this thread searches under was cut).
    #[inline]
    pub(super) fn check_limits(&mut self) {
        if let Some(n) = self.limits.nodes {
            let used = match &self.threads.shared_nodes {
                None => Some(self.nodes),
                // With threads, every `BUDGET_STEP` nodes: all threads' nodes.
                Some(all) if self.nodes.is_multiple_of(BUDGET_STEP) => {
                    Some(all.fetch_add(BUDGET_STEP, Relaxed) + BUDGET_STEP)
                }
                Some(_) => None,
            };
            if used.is_some_and(|used| used >= n) {
                self.stopped = true;
            }
        }
        // The clock every 128 nodes (a few nanoseconds a node): one node can take up
        // to half a millisecond in Omweso (a relay walked to the bound of
        // `endless_after` laps), so 1024 nodes could overrun the time by far more.
        if self.nodes & 127 == 0
            && let Some(t) = self.limits.time
            && self.start.elapsed() >= deadline(t)
        {
            self.stopped = true;
        }
        // With threads: a limit one thread reached stops all; a cut of the split point
        // this thread searches under stops this thread.
        if let Some(s) = &self.threads.shared {
            if self.stopped {
                s.stop.store(true, Relaxed);
            } else if s.stop.load(Relaxed) || cut_in(self.threads.current.as_ref()) {
                self.stopped = true;
            }
        }
    }

    /// The nodes searched by this thread and its helpers.
    pub(super) fn all_nodes(&self) -> u64 {
        self.nodes + self.threads.helpers.iter().map(|h| h.nodes).sum::<u64>()
    }
}
