//! Alpha-beta search: negamax with iterative deepening, a transposition table and move
//! ordering; and plain minimax, the slow reference it is tested against.

use std::time::Instant;

use mancala_core::Position;
use mancala_core::arrayvec::ArrayVec;

use crate::engine::{Engine, Limits, Report};
use crate::eval::{Evaluate, Evaluator, Static, score_of};
use crate::score::{INFINITY, MAX_PLY, Score, from_child, from_table, is_decisive, to_table};

/// The most moves a node sorts (and keeps the children of, on the stack); the games
/// have at most 36 (Omweso's `MAX_MOVES`). Moves beyond come after, unsorted.
const MAX_SORTED: usize = 64;

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry<M> {
    key: u64,
    score: Score,
    best: Option<M>,
    depth: u8,
    bound: Bound,
    generation: u8,
}

/// A transposition table: one entry per slot, indexed by the low bits of the position's
/// `hash_key()` and checked against the whole key. Allocated once.
#[derive(Clone, Debug)]
struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
    generation: u8,
}

impl<M: Copy> Table<M> {
    fn new(bits: u8) -> Self {
        let n = 1usize << bits;
        Table {
            slots: vec![None; n],
            mask: n - 1,
            generation: 0,
        }
    }

    /// Forgets every entry in O(1): entries of older generations count as empty, so a
    /// search's result never depends on earlier searches.
    fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(None);
        }
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<&Entry<M>> {
        match &self.slots[key as usize & self.mask] {
            Some(e) if e.key == key && e.generation == self.generation => Some(e),
            _ => None,
        }
    }

    #[inline]
    fn store(&mut self, e: Entry<M>) {
        let slot = &mut self.slots[e.key as usize & self.mask];
        // Keep the deeper entry of this search; replace anything older.
        let replace = match slot {
            Some(old) => {
                old.generation != self.generation || old.key == e.key || old.depth <= e.depth
            }
            None => true,
        };
        if replace {
            *slot = Some(e);
        }
    }
}

/// Settings of [`AlphaBeta`] beyond its [`Limits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaOptions {
    /// log2 of the transposition table's entries (`0` turns the table off).
    pub table_bits: u8,
}

impl Default for AlphaBetaOptions {
    /// A table of 2^18 entries (a few megabytes).
    fn default() -> Self {
        AlphaBetaOptions { table_bits: 18 }
    }
}

/// Negamax alpha-beta with iterative deepening.
///
/// - Scores are side-relative; a child's score is negated only when the player to move
///   changes ([`from_child`]), so Omweso's mid-turn decisions (the same player moves
///   twice) are searched correctly. Every decision is one ply.
/// - Finished games score by [`terminal_score`](crate::score::terminal_score) (annulled
///   = 0); other leaves by the evaluator.
/// - A transposition table keyed by `hash_key()`, allocated once, gives the first move to
///   try and cuts off with stored bounds of the same depth (so the value at a given
///   depth is exactly the minimax value, with or without the table). It is reset at every
///   search, so a search's result depends only on the position and the limits.
/// - Moves are tried table move first, then by the evaluation of the position they lead
///   to (at depth 2 and more). Each child is played once per visit of its parent (some
///   Omweso moves sow thousands of laps before they are found endless).
/// - A time- or node-limited search returns the best move of the deepest iteration
///   searched (or the better move found by an unfinished iteration).
/// - Searching allocates nothing per node: the table and the principal-variation arrays
///   are allocated when the engine is made.
///
/// ```
/// use mancala_core::toy::Countdown;
/// use mancala_search::{AlphaBeta, Engine, Limits, score::{win_score, ShowScore}};
/// let mut ab = AlphaBeta::new(Limits::depth(20));
/// let r = ab.search(&Countdown::new(8));
/// assert_eq!(r.best.unwrap().0, 2);         // leave 6
/// // 6, 5 (North delays), 3, 2, 0: South takes the last token at ply 5.
/// assert_eq!(r.score, win_score(1, 5));
/// assert_eq!(ShowScore(r.score).to_string(), "win in 5");
/// ```
#[derive(Clone, Debug)]
pub struct AlphaBeta<P: Position, E = Static> {
    eval: E,
    limits: Limits,
    table: Option<Table<P::Move>>,
    pv: Vec<Option<P::Move>>,
    pv_len: Vec<usize>,
    nodes: u64,
    start: Instant,
    stopped: bool,
}

impl<P: Evaluate> AlphaBeta<P, Static> {
    /// An alpha-beta player with the game's own evaluation and a default table.
    #[must_use]
    pub fn new(limits: Limits) -> Self {
        AlphaBeta::with_evaluator(Static, limits, AlphaBetaOptions::default())
    }
}

impl<P: Position, E: Evaluator<P>> AlphaBeta<P, E> {
    /// An alpha-beta player with the evaluator `eval`.
    pub fn with_evaluator(eval: E, limits: Limits, options: AlphaBetaOptions) -> Self {
        AlphaBeta {
            eval,
            limits,
            table: (options.table_bits > 0).then(|| Table::new(options.table_bits.min(40))),
            pv: vec![None; MAX_PLY * MAX_PLY],
            pv_len: vec![0; MAX_PLY + 1],
            nodes: 0,
            start: Instant::now(),
            stopped: false,
        }
    }

    /// The limits of the next searches.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The value of `p` at exactly `depth` plies, for its player to move (one
    /// iteration, no time limit).
    ///
    /// ```
    /// use mancala_core::toy::Countdown;
    /// use mancala_search::{AlphaBeta, Limits, minimax, eval::Static};
    /// let p = Countdown::new(9);
    /// let mut ab = AlphaBeta::new(Limits::depth(1));
    /// assert_eq!(ab.value(&p, 4), minimax(&p, 4, &Static));
    /// ```
    pub fn value(&mut self, p: &P, depth: u32) -> Score {
        self.begin(Limits::depth(depth));
        self.negamax(p, depth.min(MAX_PLY as u32 - 1), -INFINITY, INFINITY, 0)
    }

    fn begin(&mut self, limits: Limits) {
        self.limits = limits;
        if let Some(t) = &mut self.table {
            t.new_search();
        }
        self.nodes = 0;
        self.start = Instant::now();
        self.stopped = false;
    }

    #[inline]
    fn check_limits(&mut self) {
        if let Some(n) = self.limits.nodes
            && self.nodes >= n
        {
            self.stopped = true;
        }
        if self.nodes & 1023 == 0
            && let Some(t) = self.limits.time
            && self.start.elapsed() >= t
        {
            self.stopped = true;
        }
    }

    /// The children in search order, each played once: the table move first, then (at
    /// depth 2 and more) by the score of the position they lead to. Moves beyond
    /// `MAX_SORTED` are left out here and searched after, unsorted.
    fn ordered(
        &self,
        p: &P,
        moves: &P::MoveList,
        table_move: Option<P::Move>,
        depth: u32,
        ply: usize,
    ) -> ArrayVec<(P::Move, Score, P), MAX_SORTED> {
        let me = p.side_to_move();
        let mut order = ArrayVec::new();
        for &m in moves.iter().take(MAX_SORTED) {
            let mut child = p.clone();
            child.play_unchecked(m);
            let key = if Some(m) == table_move {
                INFINITY
            } else if depth >= 2 {
                from_child(
                    score_of(&self.eval, &child, ply + 1),
                    me,
                    child.side_to_move(),
                )
            } else {
                0
            };
            order.push((m, key, child));
        }
        // Stable: equal keys keep the game's move order, so results are deterministic.
        order.sort_by_key(|e| core::cmp::Reverse(e.1));
        order
    }

    fn negamax(&mut self, p: &P, depth: u32, mut alpha: Score, beta: Score, ply: usize) -> Score {
        self.nodes += 1;
        self.pv_len[ply] = 0;
        self.check_limits();
        if self.stopped {
            return 0;
        }
        if depth == 0 || ply + 1 >= MAX_PLY || p.is_finished() {
            return score_of(&self.eval, p, ply);
        }
        let key = p.hash_key();
        let mut table_move = None;
        if let Some(e) = self.table.as_ref().and_then(|t| t.probe(key)) {
            table_move = e.best;
            if u32::from(e.depth) == depth {
                let s = from_table(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    if let (Bound::Exact, Some(m)) = (e.bound, e.best) {
                        self.pv[ply * MAX_PLY] = Some(m);
                        self.pv_len[ply] = 1;
                    }
                    return s;
                }
            }
        }
        let moves = p.legal_moves();
        if moves.is_empty() {
            return score_of(&self.eval, p, ply);
        }
        let order = self.ordered(p, &moves, table_move, depth, ply);
        let rest = moves.iter().skip(MAX_SORTED).map(|&m| {
            let mut child = p.clone();
            child.play_unchecked(m);
            (m, 0, child)
        });
        let me = p.side_to_move();
        let alpha0 = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for (m, _, child) in order.into_iter().chain(rest) {
            let v = if child.side_to_move() == me {
                self.negamax(&child, depth - 1, alpha, beta, ply + 1)
            } else {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            };
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(m);
                if v > alpha {
                    alpha = v;
                    self.update_pv(ply, m);
                }
            }
            if alpha >= beta {
                break;
            }
        }
        if let Some(t) = &mut self.table {
            let bound = if best <= alpha0 {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            t.store(Entry {
                key,
                score: to_table(best, ply),
                best: best_move,
                depth: depth as u8,
                bound,
                generation: t.generation,
            });
        }
        best
    }

    /// The principal variation at `ply` is `m` followed by the child's.
    #[inline]
    fn update_pv(&mut self, ply: usize, m: P::Move) {
        let child_len = self.pv_len[ply + 1].min(MAX_PLY - 1);
        let (head, tail) = self.pv.split_at_mut((ply + 1) * MAX_PLY);
        let row = &mut head[ply * MAX_PLY..];
        row[0] = Some(m);
        row[1..=child_len].copy_from_slice(&tail[..child_len]);
        self.pv_len[ply] = child_len + 1;
    }

    fn principal_variation(&self) -> Vec<P::Move> {
        self.pv[..self.pv_len[0]]
            .iter()
            .flatten()
            .copied()
            .collect()
    }
}

impl<P: Position, E: Evaluator<P>> Engine<P> for AlphaBeta<P, E> {
    fn name(&self) -> String {
        match (self.limits.time, self.limits.nodes) {
            (Some(t), _) => format!("alphabeta({}ms)", t.as_millis()),
            (None, Some(n)) => format!("alphabeta({n} nodes)"),
            (None, None) => format!("alphabeta({})", self.limits.depth),
        }
    }

    fn search(&mut self, p: &P) -> Report<P::Move> {
        self.search_with(p, |_| {})
    }
}

impl<P: Position, E: Evaluator<P>> AlphaBeta<P, E> {
    /// Like [`Engine::search`], and calls `on_depth` with the report of every completed
    /// iteration (for showing the search as it deepens).
    ///
    /// ```
    /// use mancala_core::toy::Countdown;
    /// use mancala_search::{AlphaBeta, Limits};
    /// let mut depths = Vec::new();
    /// AlphaBeta::new(Limits::depth(3)).search_with(&Countdown::new(30), |r| depths.push(r.depth));
    /// assert_eq!(depths, [1, 2, 3]);
    /// ```
    pub fn search_with(
        &mut self,
        p: &P,
        mut on_depth: impl FnMut(&Report<P::Move>),
    ) -> Report<P::Move> {
        self.begin(self.limits);
        let moves = p.legal_moves();
        let mut report = Report::bare(moves.first().copied());
        let max_depth = self.limits.depth.clamp(1, MAX_PLY as u32 - 2);
        if moves.is_empty() {
            report.elapsed = self.start.elapsed();
            return report;
        }
        for depth in 1..=max_depth {
            // Each iteration is an ordinary negamax; the table's move of the last
            // iteration is searched first, so an unfinished iteration that completed a
            // move better than the first has found a better move.
            let score = self.negamax(p, depth, -INFINITY, INFINITY, 0);
            if self.stopped {
                // The root's first move is the previous best; the root's line changes
                // only when a completed move proves better than every move before it.
                if let (true, Some(m)) = (self.pv_len[0] > 0, self.pv[0])
                    && (report.depth == 0 || Some(m) != report.best)
                {
                    report.best = Some(m);
                    report.pv = self.principal_variation();
                }
                break;
            }
            report.best = self.pv[0].filter(|_| self.pv_len[0] > 0).or(report.best);
            report.score = score;
            report.depth = depth;
            report.pv = self.principal_variation();
            report.nodes = self.nodes;
            report.elapsed = self.start.elapsed();
            on_depth(&report);
            if is_decisive(score) {
                break; // every line has been searched to its end
            }
            if let Some(t) = self.limits.time {
                // The next iteration would take several times as long as this one.
                if self.start.elapsed() * 3 > t {
                    break;
                }
            }
        }
        report.nodes = self.nodes;
        report.elapsed = self.start.elapsed();
        report
    }
}

/// Plain minimax (negamax form, no pruning, no table): the value of `p` at `depth`
/// plies for its player to move. The slow, obviously correct reference for
/// [`AlphaBeta`]; finished games and leaves are scored exactly as there.
///
/// ```
/// use mancala_core::toy::Countdown;
/// use mancala_search::{minimax, eval::Zero, score::win_score};
/// // From 4, take 1: North faces 3, takes 1, and South takes the last 2 at ply 3.
/// assert_eq!(minimax(&Countdown::new(4), 6, &Zero), win_score(1, 3));
/// ```
pub fn minimax<P: Position, E: Evaluator<P>>(p: &P, depth: u32, eval: &E) -> Score {
    fn go<P: Position, E: Evaluator<P>>(p: &P, depth: u32, ply: usize, eval: &E) -> Score {
        if depth == 0 || ply + 1 >= MAX_PLY || p.is_finished() {
            return score_of(eval, p, ply);
        }
        let me = p.side_to_move();
        let moves = p.legal_moves();
        if moves.is_empty() {
            return score_of(eval, p, ply);
        }
        let mut best = -INFINITY;
        for m in moves {
            let mut child = p.clone();
            child.play_unchecked(m);
            let v = from_child(
                go(&child, depth - 1, ply + 1, eval),
                me,
                child.side_to_move(),
            );
            best = best.max(v);
        }
        best
    }
    go(p, depth, 0, eval)
}
