//! The proof search for games whose value depends on the history (Urim's rule 6,
//! Oware's repetition: a move that produces a position seen since the last capture
//! ends the game, each player taking the seeds in their own row), any
//! [`Cyclic`] game.
//!
//! The search carries the exact history along its own path: the positions since the
//! last capture. A move that repeats one of them ends the line as rule 6 scores it. A
//! capture starts the history afresh, so the position after a capture is searched as
//! a position that is its own whole history — exactly what the databases hold bounds
//! for: there, and only there, the databases are looked up (`L` and `U` as rigorous
//! bounds) and the transposition table is used.
//!
//! Bounds: the search runs twice over the same tree, once with every leaf at the
//! bound worst for the root's mover (giving a value `vL ≤ exact`) and once at the bound
//! best for it (`vU ≥ exact`); each is an ordinary minimax with fixed leaf values,
//! searched by MTD(f). A null-window search that fails high in the lower run proves a
//! lower bound on the exact value, one that fails low in the upper run an upper bound.
//! The worst for the root's mover is the worst for whoever moves where the root's mover
//! does and the best where its opponent does, so a run is carried relative to each
//! node's mover (`Run`) and turns over at every ply: a database leaf whose mover is
//! the root's opponent counts at its upper bound `U` in the lower run, at `L` in the
//! upper run, and a line cut short counts as that leaf's mover taking every seed left.
//!
//! **The transposition table is sound with history** because it only holds positions
//! right after a capture (or the root): their history is the position alone, so
//! their value depends on the board and nothing else, and the key (seeds, rank, run)
//! is exact. Positions inside a stretch without capture are never stored, since their
//! value depends on the positions before them.

use std::collections::HashMap;
use std::time::Instant;

use mancala_core::{ArrayVec, Position};

use crate::db::Databases;
use crate::error::SolveError;
use crate::game::{Cyclic, Solvable};

/// The old name of [`Cyclic`], kept for one release.
#[deprecated(note = "renamed `mancala_solve::Cyclic`")]
pub use crate::game::Cyclic as HistoryGame;
use crate::rank::{MAX_PITS, Ranker};
use crate::search::{Limits, Proof};

/// A move of `G`.
type MoveOf<G> = <<G as Solvable>::Pos as Position>::Move;

/// Which bound the leaves take, for the mover of the node being searched: `Lower`,
/// the worst for it (the database's `L`, a cut line lost with every seed left), or
/// `Upper`, the best. The root's lower run is `Lower` at the root and `Upper` one ply
/// down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Run {
    Lower,
    Upper,
}

impl Run {
    /// The same run seen from the other side (one ply down).
    fn other(self) -> Run {
        match self {
            Run::Lower => Run::Upper,
            Run::Upper => Run::Lower,
        }
    }
}

/// A proof search for a [`Cyclic`] game with the exact history along its path.
#[derive(Debug)]
pub struct HistoryProver<'a, G: Cyclic> {
    game: G,
    /// Pits on the board (both rows).
    pits: usize,
    dbs: &'a Databases,
    ranker: Ranker,
    /// Bounds `(lower, upper)` on the value of positions right after a capture, per
    /// run (relative to the position's mover), keyed by `(rank << 8 | seeds) << 1 |
    /// run` and the moves left under the depth cut (0 when none cut the search).
    table: HashMap<(u64, u8), (i8, i8)>,
    max_entries: usize,
    path: Vec<G::Pos>,
    /// The longest stretch without capture searched; a line longer than this is cut
    /// and counted as the worst for the root's mover (lower run) or the best (upper
    /// run), which keeps both runs' values on their side of the exact value.
    max_path: usize,
    /// Whether a line was cut at `max_path` or `max_depth`.
    cut: bool,
    /// The longest line from the root searched (moves), cut as at `max_path`;
    /// `usize::MAX`: none.
    max_depth: usize,
    /// Moves from the root to the node being searched.
    ply: usize,
    /// Whether the search under the position after the last capture cut a line at
    /// `max_depth` (its value then depends on the depth left: its table key says it).
    depth_cut: bool,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

impl<'a, G: Cyclic> HistoryProver<'a, G> {
    /// A prover for `game` over `dbs` (its databases), keeping at most `max_entries`
    /// positions in its table.
    ///
    /// ```
    /// use mancala_solve::{build::BuildOptions, db::Databases, history::HistoryProver, search::Limits};
    /// use mancala_solve::oware::{Oware, OwareGame};
    /// let game = OwareGame::new();
    /// let mut dbs = Databases::new(&game, 4)?;
    /// BuildOptions::new().build(&game, &mut dbs, |_| {})?;
    /// // 5 seeds on the board, South to move: one more than the databases hold.
    /// let pos: Oware = "0,0,0,0,2,1/1,0,0,0,1,0 22-21 S".parse()?;
    /// let proof = HistoryProver::new(game, &dbs, 1 << 16)?.prove_with(&pos, &Limits::none(), |_, _, _| {})?;
    /// assert!(proof.value().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SolveError::Foreign`] if `dbs` are of another game or rule set,
    /// [`SolveError::Pits`] if of another board.
    pub fn new(game: G, dbs: &'a Databases, max_entries: usize) -> Result<Self, SolveError> {
        dbs.expect_game(&game)?;
        let pits = 2 * game.pits_per_side();
        if dbs.ranker().pits() != pits {
            return Err(SolveError::Pits {
                found: dbs.ranker().pits() / 2,
                expected: pits / 2,
            });
        }
        Ok(HistoryProver {
            game,
            pits,
            dbs,
            ranker: Ranker::new(pits, 64)?,
            table: HashMap::new(),
            max_entries,
            path: Vec::new(),
            max_path: 256,
            cut: false,
            max_depth: usize::MAX,
            ply: 0,
            depth_cut: false,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
        })
    }

    /// Sets the longest stretch of moves without capture that the search follows
    /// (default 256; the recursion needs stack in proportion). A longer line is cut
    /// and counted as the worst (lower run) or the best (upper run) for the root's
    /// mover: the bounds stay sound, but may not meet.
    pub fn set_max_path(&mut self, plies: usize) {
        let plies = plies.max(1);
        if plies != self.max_path {
            // The table's values were searched with the other cut: a longer cut must
            // not be held back by them.
            self.table.clear();
        }
        self.max_path = plies;
    }

    /// Sets the longest line from the root that the search follows, in moves (default:
    /// none): a position that many moves down is not searched but counted as
    /// [`set_max_path`](HistoryProver::set_max_path) counts a line cut (positions
    /// right after a capture that the databases hold are still looked up). The
    /// bounds stay sound; with a short line they come fast and are far apart. The
    /// table keeps the positions searched under the cut apart by the moves left, so it
    /// need not be emptied from one depth to the next.
    pub fn set_max_depth(&mut self, plies: usize) {
        self.max_depth = plies;
    }

    /// The longest line from the root that the search follows, in moves (`usize::MAX`:
    /// none), as [`set_max_depth`](HistoryProver::set_max_depth) set it.
    #[must_use]
    pub fn max_depth(&self) -> usize {
        self.max_depth
    }

    /// [`prove_with`](HistoryProver::prove_with) with the whole line cut at
    /// `first`, `first + step`, … moves up to `last`
    /// ([`set_max_depth`](HistoryProver::set_max_depth)), the stretches without
    /// capture at the longest set ([`set_max_path`](HistoryProver::set_max_path)):
    /// every stage's bounds are sound and the best are kept; `each(lower, upper,
    /// nodes, depth)` is called with them whenever a stage raises one. A bound proven
    /// at a shallow stage is a strategy that reaches it within that many moves
    /// whatever the other side plays. `limits` holds for the whole. The proof's
    /// `best` is the move that proved its lower bound (found at that stage). The
    /// longest line set before is set again at the end.
    ///
    /// # Errors
    /// Those of [`prove_with`](HistoryProver::prove_with).
    pub fn prove_by_depth(
        &mut self,
        pos: &G::Pos,
        limits: &Limits,
        (first, step, last): (usize, usize, usize),
        mut each: impl FnMut(i32, i32, u64, usize),
    ) -> Result<Proof<MoveOf<G>>, SolveError> {
        let start = Instant::now();
        let mut best: Option<Proof<MoveOf<G>>> = None;
        let mut nodes = 0u64;
        let mut searches = 0u32;
        let mut depth = first.max(1);
        let kept = self.max_depth;
        loop {
            self.set_max_depth(depth);
            let left = Limits {
                nodes: limits.nodes.map(|n| n.saturating_sub(nodes)),
                time: limits.time.map(|t| t.saturating_sub(start.elapsed())),
            };
            let mut p = self.prove_with(pos, &left, |_, _, _| {})?;
            nodes += p.nodes;
            searches += p.searches;
            let stopped = p.stopped;
            let (lo0, hi0) = best
                .as_ref()
                .map_or((i32::MIN, i32::MAX), |b| (b.lower, b.upper));
            if p.lower > lo0 && p.best.is_none() && !stopped {
                p.best = self.move_to(pos, p.lower)?;
            }
            let merged = match best.take() {
                None => p,
                Some(b) => Proof {
                    best: if p.lower > b.lower { p.best } else { b.best },
                    lower: b.lower.max(p.lower),
                    upper: b.upper.min(p.upper),
                    ..p
                },
            };
            if merged.lower > lo0 || merged.upper < hi0 {
                each(merged.lower, merged.upper, nodes, depth);
            }
            let done = merged.lower >= merged.upper || stopped || depth >= last;
            best = Some(merged);
            if done {
                break;
            }
            depth = depth.saturating_add(step.max(1)).min(last);
        }
        self.set_max_depth(kept);
        let mut proof = best.ok_or(SolveError::NoMoves)?;
        proof.nodes = nodes;
        proof.searches = searches;
        Ok(proof)
    }

    /// [`prove_with`](HistoryProver::prove_with) with the stretches without capture
    /// cut at 8, 16, 32, … plies up to the longest set
    /// ([`set_max_path`](HistoryProver::set_max_path)): every stage's bounds are
    /// sound, so the best of them are kept; short cuts finish fast and often already
    /// prove bounds that the full search would take long to reach. `limits` holds
    /// for the whole (nodes summed).
    ///
    /// # Errors
    /// Those of [`prove_with`](HistoryProver::prove_with).
    pub fn prove_deepening(
        &mut self,
        pos: &G::Pos,
        limits: &Limits,
        mut each: impl FnMut(i32, i32, u64),
    ) -> Result<Proof<MoveOf<G>>, SolveError> {
        let longest = self.max_path;
        let start = Instant::now();
        let mut best: Option<Proof<MoveOf<G>>> = None;
        let mut nodes = 0u64;
        let mut searches = 0u32;
        let mut plies = 8.min(longest);
        loop {
            self.set_max_path(plies);
            let left = Limits {
                nodes: limits.nodes.map(|n| n.saturating_sub(nodes)),
                time: limits.time.map(|t| t.saturating_sub(start.elapsed())),
            };
            let (lo0, hi0) = best
                .as_ref()
                .map_or((i32::MIN, i32::MAX), |b| (b.lower, b.upper));
            let p = self.prove_with(pos, &left, |lo, hi, n| {
                each(lo.max(lo0), hi.min(hi0), nodes + n)
            })?;
            nodes += p.nodes;
            searches += p.searches;
            let stopped = p.stopped;
            let merged = match best.take() {
                None => p,
                Some(b) => Proof {
                    best: if p.lower >= b.lower { p.best } else { b.best },
                    lower: b.lower.max(p.lower),
                    upper: b.upper.min(p.upper),
                    ..p
                },
            };
            let done = merged.lower >= merged.upper || stopped || plies >= longest;
            best = Some(merged);
            if done {
                break;
            }
            plies = (plies * 2).min(longest);
        }
        self.set_max_path(longest);
        let mut proof = best.ok_or(SolveError::NoMoves)?;
        proof.nodes = nodes;
        proof.searches = searches;
        Ok(proof)
    }

    /// Whether the last proof cut a line at the longest stretch
    /// ([`set_max_path`](HistoryProver::set_max_path)) or at the longest line
    /// ([`set_max_depth`](HistoryProver::set_max_depth)).
    #[must_use]
    pub fn was_cut(&self) -> bool {
        self.cut
    }

    /// The final margin of `pos`'s side to move (its total minus the opponent's)
    /// when `pos` is the whole history (the start of a game, a position set up, or
    /// the position right after a capture), or the bounds reached within `limits`.
    /// `each(lower, upper, nodes)` is called whenever a bound is proven.
    ///
    /// # Errors
    /// A database missing below the position's seeds ([`SolveError::Missing`]).
    pub fn prove_with(
        &mut self,
        pos: &G::Pos,
        limits: &Limits,
        mut each: impl FnMut(i32, i32, u64),
    ) -> Result<Proof<MoveOf<G>>, SolveError> {
        let n = self.pits;
        let mut board = [0u8; MAX_PITS];
        let stores = self.game.view(pos, &mut board[..n]);
        let seeds: u32 = board[..n].iter().map(|&x| u32::from(x)).sum();
        let s = seeds as i32;
        // The position of the board alone (its mover as South, the stores as the
        // game's adapter sets them): the value is over the board, and Oware's end by
        // majority, which reads the stores, is played on as in the databases.
        let pos = &self
            .game
            .position(&board[..n])
            .ok_or_else(|| SolveError::Absent {
                seeds,
                rank: self.ranker.rank(&board[..n]),
            })?;
        self.nodes = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        // A limit too far to be a time (`Duration::MAX`) is no limit.
        self.deadline = limits.time.and_then(|t| Instant::now().checked_add(t));
        self.stopped = false;
        self.cut = false;
        self.ply = 0;
        self.depth_cut = false;
        let mut proof = Proof {
            lower: stores - s,
            upper: stores + s,
            best: None,
            nodes: 0,
            searches: 0,
            stopped: false,
            estimate: None,
        };
        let own = self.game.view(pos, &mut [0; MAX_PITS][..n]);
        if let Some(t) = self.game.terminal(pos, own)? {
            proof.lower = stores + t;
            proof.upper = stores + t;
            return Ok(proof);
        }
        // lower/upper: proven bounds on the exact value (over the board's seeds).
        let (mut lower, mut upper) = (-s, s);
        for run in [Run::Lower, Run::Upper] {
            // MTD(f) on this run's value; only one side of it bounds the exact value.
            let (mut lo, mut hi) = (-s, s);
            let mut g = if run == Run::Lower { lower } else { upper };
            while lo < hi {
                // Every value has the parity of the seeds on the board.
                lo += (lo - s).rem_euclid(2);
                hi -= (hi - s).rem_euclid(2);
                if lo >= hi {
                    break;
                }
                g = g.clamp(lo, hi);
                let beta = if g == lo { g + 1 } else { g };
                let v = self.fresh(seeds, &board[..n], beta - 1, beta, run)?;
                if self.stopped {
                    break;
                }
                proof.searches += 1;
                if v >= beta {
                    lo = v;
                    if run == Run::Lower && v > lower {
                        lower = v;
                        each(stores + lower, stores + upper, self.nodes);
                    }
                } else {
                    hi = v;
                    if run == Run::Upper && v < upper {
                        upper = v;
                        each(stores + lower, stores + upper, self.nodes);
                    }
                }
                g = v;
                if lower >= upper {
                    break;
                }
            }
            if self.stopped || lower >= upper {
                break;
            }
        }
        proof.lower = stores + lower;
        proof.upper = stores + upper.max(lower);
        proof.nodes = self.nodes;
        proof.stopped = self.stopped;
        if proof.lower == proof.upper && !self.stopped {
            proof.best = self.best_move(pos, lower)?;
        }
        Ok(proof)
    }

    /// A line of the strategy behind a lower bound proven by
    /// [`prove_by_depth`](HistoryProver::prove_by_depth): `lower` (a final margin for
    /// the side to move at `pos`, a position that is its whole history) proven with
    /// the line cut at `depth` moves. The side to move plays a move that keeps the
    /// bound; the other side the reply that holds it lowest under the cut (the first
    /// such, in the order of the legal moves). The line stops where it is decided: the
    /// game ends or repeats a position, a capture reaches the databases, or `depth`
    /// moves are played; it is empty if the bound is not proven at that depth. The
    /// moves are those of `pos`'s board with its mover as the game's
    /// [`position`](Solvable::position) sets it, as the proof's are. The longest line
    /// set before ([`set_max_depth`](HistoryProver::set_max_depth)) is set again at
    /// the end.
    ///
    /// # Errors
    /// Those of [`prove_with`](HistoryProver::prove_with).
    pub fn line(
        &mut self,
        pos: &G::Pos,
        lower: i32,
        depth: usize,
    ) -> Result<Vec<MoveOf<G>>, SolveError> {
        let n = self.pits;
        let mut board = [0u8; MAX_PITS];
        let stores = self.game.view(pos, &mut board[..n]);
        let Some(mut cur) = self.game.position(&board[..n]) else {
            return Ok(Vec::new());
        };
        let kept = self.max_depth;
        self.set_max_depth(depth);
        self.stopped = false;
        (self.node_limit, self.deadline) = (u64::MAX, None);
        // The bound on `cur`'s value for its mover: at least `t` where the first side
        // moves (the lower run), at most `t` where the other does (the upper run).
        let mut t = lower - stores;
        let mut run = Run::Lower;
        let mut path = vec![cur.clone()];
        let mut line = Vec::new();
        for ply in 0..depth {
            let own = self.game.view(&cur, &mut board[..n]);
            if self.game.terminal(&cur, own)?.is_some() {
                break;
            }
            self.ply = ply;
            let mut chosen = None;
            if run == Run::Lower {
                for m in cur.legal_moves() {
                    self.path.clone_from(&path);
                    if self.move_value(&cur, m, t - 1, t, run)? >= t {
                        chosen = Some(m);
                        break;
                    }
                }
            } else {
                // Every reply is at most `t`: the first that reaches the most (an
                // alpha-beta over the replies, each searched above the best so far).
                let s: i32 = board[..n].iter().map(|&x| i32::from(x)).sum();
                let mut best = -s - 2;
                for m in cur.legal_moves() {
                    self.path.clone_from(&path);
                    let v = self.move_value(&cur, m, best, t + 1, run)?;
                    if v > best {
                        (best, chosen) = (v, Some(m));
                    }
                }
            }
            let Some(m) = chosen else { break };
            line.push(m);
            let mut child = cur.clone();
            let gain = self.play(&mut child, m)?;
            // The child's bound for its mover, the other side: the move's value is
            // `gain - child`, at least `t` for the first side (so the child at most
            // `gain - t`), at most `t` for the other (the child at least `gain - t`).
            t = gain - t;
            run = run.other();
            let seeds: u32 = board_seeds(&self.game, &child, n);
            if gain > 0 {
                if seeds < self.dbs.len() {
                    break;
                }
                path.clear();
            } else if path.contains(&child) {
                break;
            }
            path.push(child.clone());
            cur = child;
        }
        self.set_max_depth(kept);
        Ok(line)
    }

    /// A move of `pos` (a position that is its whole history) that reaches the final
    /// margin `v` or more in the lower run under the present cuts.
    fn move_to(&mut self, pos: &G::Pos, v: i32) -> Result<Option<MoveOf<G>>, SolveError> {
        let n = self.pits;
        let mut board = [0u8; MAX_PITS];
        let stores = self.game.view(pos, &mut board[..n]);
        let Some(pos) = self.game.position(&board[..n]) else {
            return Ok(None);
        };
        self.stopped = false;
        (self.node_limit, self.deadline) = (u64::MAX, None);
        self.best_move(&pos, v - stores)
    }

    /// A move that reaches `v` (a bound proven over the board) in the lower run.
    fn best_move(&mut self, pos: &G::Pos, v: i32) -> Result<Option<MoveOf<G>>, SolveError> {
        self.ply = 0;
        for m in pos.legal_moves() {
            self.path.clear();
            self.path.push(pos.clone());
            let ok = self.move_value(pos, m, v - 1, v, Run::Lower)? >= v;
            if self.stopped {
                return Ok(None);
            }
            if ok {
                return Ok(Some(m));
            }
        }
        Ok(None)
    }

    /// The value of a position that is its own whole history (the root, or right
    /// after a capture), given by its board: from the databases if its seeds have
    /// one, else searched (the path then holds it alone), with the table.
    fn fresh(
        &mut self,
        seeds: u32,
        board: &[u8],
        alpha: i32,
        beta: i32,
        run: Run,
    ) -> Result<i32, SolveError> {
        if seeds < self.dbs.len() {
            let rank = self.dbs.ranker().rank(board);
            let (l, u) = self
                .dbs
                .bounds(seeds, rank)
                .ok_or(SolveError::Absent { seeds, rank })?;
            return Ok(i32::from(if run == Run::Lower { l } else { u }));
        }
        let key = (((self.ranker.rank(board) << 8) | u64::from(seeds)) << 1)
            | u64::from(run == Run::Upper);
        // Searched under the depth cut: kept apart by the moves left. (Sound either
        // way, but a bound found with few moves left would stop a search with more
        // from proving what it can.)
        let left = self.max_depth.saturating_sub(self.ply);
        let cut_key = (key, left.min(254) as u8 + 1);
        let key = (key, 0);
        let trivial = (-(seeds as i32), seeds as i32);
        let (lo, hi) = self
            .entry(key)
            .or_else(|| self.entry(cut_key).filter(|_| self.max_depth != usize::MAX))
            .unwrap_or(trivial);
        if lo >= beta || lo == hi {
            return Ok(lo);
        }
        if hi <= alpha {
            return Ok(hi);
        }
        if self.ply >= self.max_depth {
            // Cut: every seed left to the opponent (lower run) or to the mover.
            self.cut = true;
            self.depth_cut = true;
            let s = seeds as i32;
            return Ok(if run == Run::Lower { -s } else { s });
        }
        // The history starts afresh here: the path holds this position alone (that of
        // its board, as at the root).
        let pos = self
            .game
            .position(board)
            .ok_or_else(|| SolveError::Absent {
                seeds,
                rank: self.ranker.rank(board),
            })?;
        self.path.clear();
        self.path.push(pos.clone());
        let outer_cut = std::mem::replace(&mut self.depth_cut, false);
        let (a, b) = (alpha.max(lo), beta.min(hi));
        let v = self.search(&pos, a, b, run)?;
        let cut_here = self.depth_cut;
        self.depth_cut |= outer_cut;
        if self.stopped {
            return Ok(0);
        }
        let key = if cut_here { cut_key } else { key };
        let (mut lo, mut hi) = self.entry(key).unwrap_or(trivial);
        if v <= a {
            hi = hi.min(v);
        } else if v >= b {
            lo = lo.max(v);
        } else {
            (lo, hi) = (v, v);
        }
        if self.table.len() < self.max_entries || self.table.contains_key(&key) {
            self.table.insert(key, (lo as i8, hi as i8));
        }
        Ok(v)
    }

    /// The bounds kept in the table under `key`.
    fn entry(&self, key: (u64, u8)) -> Option<(i32, i32)> {
        self.table
            .get(&key)
            .map(|&(l, u)| (i32::from(l), i32::from(u)))
    }

    /// The value of `m` from `pos` (the last position of the path) for `pos`'s
    /// mover, within `(alpha, beta)` (fail-soft).
    fn move_value(
        &mut self,
        pos: &G::Pos,
        m: MoveOf<G>,
        alpha: i32,
        beta: i32,
        run: Run,
    ) -> Result<i32, SolveError> {
        let n = self.pits;
        let mut child = pos.clone();
        let gain = self.play(&mut child, m)?;
        let mut board = [0u8; MAX_PITS];
        let cs = self.game.view(&child, &mut board[..n]);
        if let Some(t) = self.game.terminal(&child, cs)? {
            return Ok(gain - t);
        }
        if gain > 0 {
            // A capture: the history starts afresh with the child.
            let seeds: u32 = board[..n].iter().map(|&x| u32::from(x)).sum();
            let saved = std::mem::take(&mut self.path);
            // The child's mover is the other side: the run turns over.
            self.ply += 1;
            let v = self.fresh(seeds, &board[..n], gain - beta, gain - alpha, run.other());
            self.ply -= 1;
            self.path = saved;
            return Ok(gain - v?);
        }
        if self.path.contains(&child) {
            // A repetition ends the game (Urim's rule 6, Oware's repetition).
            return Ok(-self.game.repetition(&child));
        }
        if self.path.len() >= self.max_path || self.ply + 1 >= self.max_depth {
            // Cut: every seed left to the opponent (lower run) or to `pos`'s mover
            // (upper run), the run being `pos`'s mover's.
            self.cut = true;
            self.depth_cut |= self.ply + 1 >= self.max_depth;
            let s: i32 = board[..n].iter().map(|&x| i32::from(x)).sum();
            return Ok(if run == Run::Lower { -s } else { s });
        }
        self.path.push(child.clone());
        self.ply += 1;
        let v = self.search(&child, -beta, -alpha, run.other());
        self.ply -= 1;
        self.path.pop();
        Ok(-v?)
    }

    /// Plays `m` at `pos` and returns what it captured for the mover (the rise of
    /// the mover's stores' margin; the games here have no extra turns, and a move
    /// that leaves the same side to move is [`SolveError::ExtraTurn`]).
    fn play(&self, pos: &mut G::Pos, m: MoveOf<G>) -> Result<i32, SolveError> {
        let mut board = [0u8; MAX_PITS];
        let mover = pos.side_to_move();
        let before = self.game.view(pos, &mut board[..self.pits]);
        pos.play_unchecked(m);
        if pos.side_to_move() == mover {
            return Err(SolveError::ExtraTurn);
        }
        Ok(-self.game.view(pos, &mut board[..self.pits]) - before)
    }

    /// Alpha-beta (negamax, fail-soft) over the value of `pos`, the last position of
    /// the path.
    fn search(&mut self, pos: &G::Pos, alpha: i32, beta: i32, run: Run) -> Result<i32, SolveError> {
        self.nodes += 1;
        if self.nodes > self.node_limit
            || (self.nodes & 0xFFF == 0 && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        if self.stopped {
            return Ok(0);
        }
        // Captures first, the larger first.
        let mut moves: ArrayVec<(i32, MoveOf<G>), 16> = ArrayVec::new();
        for m in pos.legal_moves() {
            let mut c = pos.clone();
            let gain = self.play(&mut c, m)?;
            moves
                .try_push((gain, m))
                .map_err(|_| SolveError::TooManyMoves)?;
        }
        if moves.is_empty() {
            return Err(SolveError::NoMoves);
        }
        moves.sort_unstable_by_key(|&(g, _)| -g);
        let mut best = i32::MIN;
        let mut a = alpha;
        for &(_, m) in &moves {
            let v = self.move_value(pos, m, a, beta, run)?;
            if self.stopped {
                return Ok(0);
            }
            best = best.max(v);
            a = a.max(v);
            if best >= beta {
                break;
            }
        }
        Ok(best)
    }
}

/// The seeds on `pos`'s board.
fn board_seeds<G: Solvable>(game: &G, pos: &G::Pos, n: usize) -> u32 {
    let mut board = [0u8; MAX_PITS];
    game.view(pos, &mut board[..n]);
    board[..n].iter().map(|&x| u32::from(x)).sum()
}
