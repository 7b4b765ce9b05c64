//! The search of one node: what is known before its moves are searched (a finished
//! game, an outcome the evaluator knows, the end of the depth, the table), then its
//! moves in order, shared with idle threads once its first are searched, and what the
//! table keeps of it.

use core::ops::ControlFlow::{self, Break, Continue};
use std::sync::atomic::Ordering::Relaxed;

use mancala_core::Position;
use mancala_core::record::{MoveOf, Record};

use super::keys::{ROOT_LINE, extend_line, move_hash, node_key};
use super::ordering::{MAX_SORTED, Ordered, Picker};
use super::pv::Pv;
use super::split::{NodeKind, wide_extra};
use super::state::AlphaBeta;
use super::table::{self, Entry};
use crate::engine::{Limits, working_copy};
use crate::eval::{Evaluator, known_scores, score_with};
use crate::score::{EVAL_LIMIT, INFINITY, MAX_PLY, Score, from_child};

/// The fewest plies left at which a node asks the table and stores in it: below, the
/// slot's cache miss costs more than the entry saves.
const TABLE_DEPTH: u32 = 2;

/// The best of a node's moves searched so far, and the window's floor it raised.
#[derive(Clone, Copy)]
struct Best<M> {
    value: Score,
    m: Option<M>,
    alpha: Score,
}

impl<M: Copy> Best<M> {
    /// Offers the value `v` of the move `m` of the node at `ply`: the best if above the
    /// best so far, and if above the floor too, the floor and the node's line.
    #[inline]
    fn offer(&mut self, v: Score, m: M, pv: &mut Pv<M>, ply: usize) {
        if v > self.value {
            self.value = v;
            self.m = Some(m);
            if v > self.alpha {
                self.alpha = v;
                pv.update(ply, m);
            }
        }
    }
}

impl<R: Record, E: Evaluator<R::Position>> AlphaBeta<R, E> {
    /// The value of the current position of `game` at exactly `depth` plies, for its
    /// player to move, history included (one iteration, no time limit).
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
    /// use mancala::{record::{Line, Record}, toy::Countdown};
    /// use mancala::search::{AlphaBeta, Limits, minimax, eval::Static};
    /// let game = Line::new(Countdown::new(9));
    /// let mut ab = AlphaBeta::new(Limits::depth(1));
    /// assert_eq!(ab.value(&game, 4), minimax(&game, 4, &Static));
    /// ```
    pub fn value(&mut self, game: &R, depth: u32) -> Score {
        self.begin(Limits::depth(depth));
        let mut work = working_copy(&mut self.work, game, MAX_PLY);
        let v = self.negamax(
            &mut work,
            depth.min(MAX_PLY as u32 - 1),
            -INFINITY,
            INFINITY,
            0,
            ROOT_LINE,
        );
        self.work = Some(work);
        v
    }

    /// The value of the current position of `game` searched `depth` plies deep in the
    /// window `(alpha, beta)`, `ply` plies from the root, the line from the root having
    /// the key `line` (fail-soft: exact inside the window, a bound outside; 0 if the
    /// search stopped). Leaves `game` as it found it.
    pub(super) fn negamax(
        &mut self,
        game: &mut R,
        depth: u32,
        alpha: Score,
        beta: Score,
        ply: usize,
        line: u64,
    ) -> Score {
        self.nodes += 1;
        self.pv.clear(ply);
        self.check_limits();
        if self.stopped {
            return 0;
        }
        let (lo, hi) = match self.before_moves(game, depth, (alpha, beta), ply) {
            Continue(bounds) => bounds,
            Break(v) => return v,
        };
        let key = if self.table_cuts {
            node_key(game)
        } else {
            line
        };
        let table = self.table.as_ref().filter(|_| depth >= TABLE_DEPTH);
        let entry = table.and_then(|t| t.probe(key));
        let (alpha, beta) = match entry {
            Some(e) if ply > 0 => match self.stored(&e, depth, (alpha, beta), ply) {
                Continue(window) => window,
                Break(v) => return v,
            },
            _ => (alpha, beta),
        };
        let moves = game.legal_moves();
        if moves.is_empty() {
            return score_with(&self.eval, game, ply, &self.utility);
        }
        let table_move = entry.and_then(|e| moves.get(usize::from(e.best)).copied());
        // Whether this node's own search meets a leaf cut by the depth.
        let cut_before = core::mem::replace(&mut self.depth_cut, false);
        let best = self.search_moves(game, &moves, table_move, depth, (alpha, beta), ply, line);
        let met_cut = self.depth_cut;
        self.depth_cut |= cut_before;
        let Some(best) = best else {
            return 0;
        };
        // Within the known bounds (fail-soft stays sound: a search that failed low
        // below `lo` proves the clamped value is `lo`, one that failed high above `hi`
        // that it is `hi`).
        let value = best.value.clamp(lo, hi);
        if let (Some(t), Some(i)) = (
            self.table.as_ref().filter(|_| depth >= TABLE_DEPTH),
            best.m.and_then(|m| moves.iter().position(|&x| x == m)),
        ) {
            let flags = match self.table_cuts {
                true => table::flags(value, (alpha, beta), met_cut),
                false => 0,
            };
            t.store(key, Entry::new(i, value, depth, ply, flags));
        }
        value
    }

    /// What is known of the current node of `game` before its moves are searched
    /// (`depth` plies left, the window `(alpha, beta)`, `ply` plies from the root): its
    /// value (`Break`) if the game is finished, if the evaluator knows its outcome or
    /// a bound that refutes the window, or if the depth ends here; otherwise
    /// (`Continue`) the bounds the evaluator knows of its value, which hold its score
    /// (infinite if none). At the root a move is still wanted, so nothing is known.
    #[inline]
    fn before_moves(
        &mut self,
        game: &R,
        depth: u32,
        (alpha, beta): (Score, Score),
        ply: usize,
    ) -> ControlFlow<Score, (Score, Score)> {
        if game.is_finished() {
            return Break(score_with(&self.eval, game, ply, &self.utility));
        }
        // A position whose outcome the evaluator knows (an endgame database) is scored
        // as that ending and not searched; one it knows bounds on is cut where a bound
        // refutes the window, and its score kept within them.
        let (lo, hi) = match ply > 0 {
            true => known_scores(&self.eval, game, ply, &self.utility),
            false => None,
        }
        .unwrap_or((-INFINITY, INFINITY));
        if lo == hi || lo >= beta {
            return Break(lo);
        }
        if hi <= alpha {
            return Break(hi);
        }
        if depth == 0 || ply + 1 >= MAX_PLY {
            // A leaf cut by the depth: a deeper iteration may see more.
            self.depth_cut = true;
            return Break(
                self.eval
                    .evaluate(game.position())
                    .clamp(-EVAL_LIMIT, EVAL_LIMIT)
                    .clamp(lo, hi),
            );
        }
        Continue((lo, hi))
    }

    /// What the table's entry `e` of a node (`depth` plies left, the window
    /// `(alpha, beta)`, `ply` plies from the root, not the root) decides: its value
    /// (`Break`) where it refutes the window; the narrowest window around an exact value
    /// inside the window, since the principal variation goes through the node, which
    /// is searched again for its line (and found exact again, quickly); otherwise the
    /// window as it was.
    #[inline]
    fn stored(
        &mut self,
        e: &Entry,
        depth: u32,
        (alpha, beta): (Score, Score),
        ply: usize,
    ) -> ControlFlow<Score, (Score, Score)> {
        let deeper = self.selective && self.deeper_cuts;
        match e.cut(depth, alpha, beta, ply, deeper) {
            None => Continue((alpha, beta)),
            Some(v) if v <= alpha || v >= beta || deeper => {
                if e.met_cut() {
                    self.depth_cut = true;
                }
                Break(v)
            }
            Some(v) => Continue((v - 1, v + 1)),
        }
    }

    /// Searches the moves `moves` of the current node of `game` (`depth` plies left,
    /// the window `(alpha, beta)`, `ply` plies from the root, on the line `line`) in
    /// order, the table's move `table_move` first ([`Picker`]), until one cuts off.
    /// Young brothers wait: once its first move is searched (its first
    /// [`SplitOptions::cut_wait`](crate::SplitOptions::cut_wait) at a node expected to
    /// cut), a node deep enough shares the others with the threads that have nothing
    /// to search. The best value and move; `None` if the search stopped.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn search_moves(
        &mut self,
        game: &mut R,
        moves: &[MoveOf<R>],
        table_move: Option<MoveOf<R>>,
        depth: u32,
        (alpha, beta): (Score, Score),
        ply: usize,
        line: u64,
    ) -> Option<Best<MoveOf<R>>> {
        let me = game.position().side_to_move();
        let kind = match ply {
            0 => NodeKind::Pv,
            _ => self.threads.kind[ply],
        };
        let mut best = Best {
            value: -INFINITY,
            m: None,
            alpha,
        };
        let mut picker = Picker::new(table_move);
        let mut children = 0;
        while let Some(m) = picker.next(moves, || self.ordered(game, moves, table_move, depth, ply))
        {
            children += 1;
            self.threads.kind[ply + 1] = kind.child(children);
            let alpha = best.alpha;
            let v = if children == 1 {
                self.child(game, m, depth, 0, (alpha, beta), ply, line)
            } else {
                // Principal-variation search: can this move beat the best so far? Only a
                // move that can is searched again, in the whole window, for its value.
                // A late move is asked first a ply less deep (where reductions apply),
                // and again at the full depth if it can.
                let test = if self.pvs {
                    (alpha, alpha.saturating_add(1).min(beta))
                } else {
                    (alpha, beta)
                };
                let r = u32::from(self.reductions && self.selective && depth >= 3 && children >= 3);
                let mut v = self.child(game, m, depth, r, test, ply, line);
                if r > 0 && v > alpha && !self.stopped {
                    v = self.child(game, m, depth, 0, test, ply, line);
                }
                if test.1 < beta && v > alpha && v < beta && !self.stopped {
                    // At the root the move is offered at once: it is better than every
                    // move before it, which a search stopped during its second pass
                    // still knows.
                    let before = best;
                    if ply == 0 {
                        best.offer(v, m, &mut self.pv, ply);
                    }
                    v = self.child(game, m, depth, 0, (alpha, beta), ply, line);
                    best = before;
                }
                v
            };
            if self.stopped {
                return None;
            }
            best.offer(v, m, &mut self.pv, ply);
            if best.alpha >= beta {
                self.order.note_cutoff(m, me, depth, ply);
                break;
            }
            if let (true, true, Some(split)) = (
                children == kind.wait(self.threads.options.cut_wait),
                depth >= self.threads.options.depth + wide_extra(moves.len()),
                self.threads.split,
            ) && moves.len() <= MAX_SORTED
                && self
                    .threads
                    .shared
                    .as_ref()
                    .is_some_and(|s| s.idle.load(Relaxed) > 0)
            {
                let rest = picker.rest(|| self.ordered(game, moves, table_move, depth, ply));
                let found = split(self, game, &rest, depth, (best.alpha, beta), ply, line);
                if let Some((v, i)) = found {
                    best.offer(v, rest[i], &mut self.pv, ply);
                }
                if self.stopped {
                    return None;
                }
                if best.alpha >= beta
                    && let Some(m) = best.m
                {
                    self.order.note_cutoff(m, me, depth, ply);
                }
                break;
            }
        }
        Some(best)
    }

    /// The value of the move `m` from the current node of `game` (`depth` plies left,
    /// the window `(alpha, beta)`, `ply` plies from the root, on the line `line`), for
    /// the node's player to move: `m` played, its child searched one ply less, and
    /// `reduce` plies less again (its window and value negated if the player to move
    /// changes), `m` taken back.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn child(
        &mut self,
        game: &mut R,
        m: MoveOf<R>,
        depth: u32,
        reduce: u32,
        (alpha, beta): (Score, Score),
        ply: usize,
        line: u64,
    ) -> Score {
        let me = game.position().side_to_move();
        self.relays.play(game, m);
        let child_line = extend_line(line, move_hash(&m));
        let d = (depth - 1).saturating_sub(reduce);
        let v = if game.position().side_to_move() == me {
            self.negamax(game, d, alpha, beta, ply + 1, child_line)
        } else {
            -self.negamax(game, d, -beta, -alpha, ply + 1, child_line)
        };
        game.undo();
        v
    }

    /// The moves `moves` of the current node of `game` other than `skip` (the table
    /// move, searched before), in search order: at depth 2 and more keyed by the score
    /// of the position they lead to (each child played on a copy of the position, its
    /// history left out: the evaluation, or the end of the game by the position), then
    /// sorted ([`Heuristics::sort`](super::ordering::Heuristics::sort)). Moves beyond
    /// [`MAX_SORTED`] are left out here and searched after, unsorted.
    fn ordered(
        &mut self,
        game: &mut R,
        moves: &[MoveOf<R>],
        skip: Option<MoveOf<R>>,
        depth: u32,
        ply: usize,
    ) -> Ordered<MoveOf<R>> {
        let me = game.position().side_to_move();
        let mut order = Ordered::new();
        for &m in moves.iter().take(MAX_SORTED) {
            if Some(m) == skip {
                continue;
            }
            let key = if depth >= 2 {
                // Played on a copy of the position, not on the record: the order needs
                // no history (a move that repeats is scored as the position it leaves),
                // and a copy is cheaper to make than a record's move to take back.
                let mut child = game.position().clone();
                self.relays.play_position(&mut child, m);
                let s = match self
                    .utility
                    .terminal(child.status(), child.side_to_move(), ply + 1)
                {
                    Some(s) => s,
                    None => self.eval.evaluate(&child).clamp(-EVAL_LIMIT, EVAL_LIMIT),
                };
                from_child(s, me, child.side_to_move())
            } else {
                0
            };
            order.push((m, key));
        }
        self.order.sort(&mut order, me, depth, ply);
        order
    }
}
