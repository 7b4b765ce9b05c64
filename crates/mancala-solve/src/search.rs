//! The proof search: MTD(f) — a sequence of null-window alpha-beta searches to the end
//! of the game — over the game tree, with a transposition table keyed by the board
//! (its seed count and rank: no collisions), looking up the databases as soon as a
//! board has few enough seeds.
//!
//! The searches work on the value of a board (the margin the mover can force over the
//! seeds still on the board), which does not depend on the stores, so one table entry
//! serves every position with the same board. Each search leaves a bound on the
//! value; the bounds meet at the proven value, or the search stops at a limit and
//! reports the bounds it reached.

use std::time::{Duration, Instant};

use mancala_core::{ArrayVec, Position};

use crate::db::Databases;
use crate::game::Acyclic;
use crate::rank::{MAX_PITS, Ranker};
use crate::{SolveError, UNKNOWN};

/// Where a proof search stops if it has not proven the value by then.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The most positions to search.
    pub nodes: Option<u64>,
    /// The most time to take.
    pub time: Option<Duration>,
}

impl Limits {
    /// No limit: search until the value is proven.
    #[must_use]
    pub fn none() -> Limits {
        Limits::default()
    }

    /// At most `nodes` positions.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            time: None,
        }
    }

    /// At most `time`.
    #[must_use]
    pub fn time(time: Duration) -> Limits {
        Limits {
            nodes: None,
            time: Some(time),
        }
    }
}

/// What a proof search found: bounds on the final margin of the side to move (its
/// total minus the opponent's at the end of the game, the stores included), equal
/// once proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof<M> {
    /// The side to move's final margin is at least this.
    pub lower: i32,
    /// The side to move's final margin is at most this.
    pub upper: i32,
    /// A move that reaches the lower bound, if a search proved one.
    pub best: Option<M>,
    /// Positions searched (not counting those looked up in the databases).
    pub nodes: u64,
    /// Null-window searches made.
    pub searches: u32,
    /// Whether the search stopped at a limit.
    pub stopped: bool,
    /// The value of the deepest depth-limited search that finished (stores
    /// included): a guess, not a bound; `None` if none did.
    pub estimate: Option<i32>,
}

impl<M> Proof<M> {
    /// The proven value, once the bounds meet.
    #[must_use]
    pub fn value(&self) -> Option<i32> {
        (self.lower == self.upper).then_some(self.lower)
    }
}

/// The boards a proof search from a board of `seeds` seeds on `pits` pits (both rows)
/// can meet above databases of `0..below` seeds: those of `below` to `seeds` seeds,
/// `Σ C(s + pits − 1, pits − 1)`, saturating at `u64::MAX`. An upper bound on the
/// table entries such a search can use.
///
/// ```
/// use mancala_solve::search::boards_above;
/// assert_eq!(boards_above(4, 0, 2), 1 + 4 + 10);
/// assert_eq!(boards_above(8, 25, 24), 0); // every board in the databases
/// // Kalah(6, 4) above databases of up to 20 seeds: C(60, 12) − C(32, 12).
/// assert_eq!(boards_above(12, 21, 48), 1_399_133_052_135);
/// ```
#[must_use]
pub fn boards_above(pits: usize, below: u32, seeds: u32) -> u64 {
    // C(n, k) by the product formula, exact in u128 for these sizes.
    let choose = |n: u128, k: u128| -> u128 {
        let k = k.min(n.saturating_sub(k));
        (0..k).fold(1u128, |c, i| c.saturating_mul(n - i) / (i + 1))
    };
    let k = pits.saturating_sub(1) as u128;
    (below..=seeds)
        .map(|s| choose(u128::from(s) + k, k))
        .fold(0u128, u128::saturating_add)
        .try_into()
        .unwrap_or(u64::MAX)
}

/// The memory the system has available, in bytes: Linux's `MemAvailable` from
/// `/proc/meminfo`; `None` where it cannot be read.
#[must_use]
pub fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// The size of [`Prover`]'s table for a search that can meet `boards` boards
/// ([`boards_above`]), as the `table_bits` of [`Prover::new`]: a bucket (two entries,
/// 32 bytes) per board, rounded up to a power of two; at most a quarter of `available`
/// bytes ([`available_memory`]; 256 MiB if unknown); at least 2^10 buckets (32 KiB).
///
/// ```
/// use mancala_solve::search::table_bits;
/// let gib = 1u64 << 30;
/// assert_eq!(table_bits(0, Some(16 * gib)), 10);        // all in the databases
/// assert_eq!(table_bits(5_000, Some(16 * gib)), 13);    // 8,192 buckets, 256 KiB
/// assert_eq!(table_bits(u64::MAX, Some(16 * gib)), 27); // 4 GiB, a quarter of 16
/// assert_eq!(table_bits(u64::MAX, None), 23);           // 256 MiB
/// ```
#[must_use]
pub fn table_bits(boards: u64, available: Option<u64>) -> u32 {
    const MIN_BITS: u32 = 10;
    let budget = available.map_or(256 << 20, |a| a / 4);
    // The most buckets the budget holds, as a power of two.
    let most = (budget / 32).max(1).ilog2().max(MIN_BITS);
    let want = boards
        .max(1)
        .checked_next_power_of_two()
        .map_or(64, u64::trailing_zeros);
    want.clamp(MIN_BITS, most)
}

/// One entry of the transposition table: bounds on a board's value.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// `(rank << 8 | seeds) + 1`; 0 for an empty entry.
    key: u64,
    lower: i8,
    upper: i8,
    /// The index of the best move found in the legal move list, or `u8::MAX`.
    best: u8,
    /// The depth the bounds were searched to, [`EXACT`] for proven bounds (every
    /// line searched to the end of the game or to the databases).
    depth: u8,
    /// log2 of the positions searched below the entry: the deeper work is kept.
    work: u8,
}

/// The depth of a search to the end of the game, and of proven table bounds.
const EXACT: u8 = u8::MAX;

/// A child of a searched position.
#[derive(Clone, Debug)]
struct Kid<P> {
    pos: P,
    /// Its stores' margin, from its side to move.
    stores: i32,
    again: bool,
    gain: i32,
    index: u8,
    /// The value of a child looked up or finished: no search needed.
    exact: Option<i32>,
    seeds: u32,
    key: u64,
    order: i32,
}

/// A table of `2^bits` empty buckets (at most 2^40), or of the largest power of two
/// below that the allocator grants: a caller's size is a wish, never an abort.
fn buckets(bits: u32) -> Vec<[Entry; 2]> {
    let mut bits = bits.min(40);
    loop {
        let n = 1usize << bits;
        let mut table = Vec::new();
        if table.try_reserve_exact(n).is_ok() || bits == 0 {
            table.resize(n, [Entry::default(); 2]);
            return table;
        }
        bits -= 1;
    }
}

/// The most moves a position may have here.
const MAX_MOVES: usize = 16;

/// A proof search over one game and its databases, with its transposition table
/// (kept from one proof to the next).
#[derive(Debug)]
pub struct Prover<'a, G: Acyclic> {
    game: &'a G,
    dbs: &'a Databases,
    ranker: Ranker,
    /// Buckets of two entries: one kept by work, one always replaced.
    table: Vec<[Entry; 2]>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Every board of the game keeps its seed count's parity in its value (all the
    /// seeds on the board end in someone's total).
    parity: bool,
    /// Whether to try enhanced transposition cutoffs.
    etc: bool,
    /// The deepest iteration before the search to the end.
    id_depth: u32,
}

impl<'a, G: Acyclic> Prover<'a, G> {
    /// A prover for `game` (a game without cycles, [`Acyclic`]: its table is keyed
    /// by the board) over `dbs`, with a table of `2^table_bits` buckets (32 bytes
    /// each; at most 2^40, or as many as the allocator grants: [`table_bits`] sizes
    /// it by the problem and the memory there is).
    ///
    /// # Errors
    /// [`SolveError::Foreign`] if `dbs` are of another game or rule set;
    /// [`SolveError::Rank`] if the game's boards cannot be ranked.
    pub fn new(game: &'a G, dbs: &'a Databases, table_bits: u32) -> Result<Self, SolveError> {
        dbs.expect_game(game)?;
        let ranker = Ranker::new(2 * game.pits_per_side(), 0)?;
        Ok(Prover {
            game,
            dbs,
            ranker,
            table: buckets(table_bits),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
            parity: game.seeds_decide_parity(),
            etc: true,
            id_depth: 32,
        })
    }

    /// The value of `pos` for its side to move (its final margin), or the bounds
    /// reached within `limits`.
    ///
    /// # Errors
    /// [`SolveError::Pits`] for a position of another size; [`SolveError::Rank`] if
    /// its boards are too many to key the table; those of a game the solver cannot
    /// handle ([`SolveError::Annulled`], …).
    pub fn prove(
        &mut self,
        pos: &G::Pos,
        limits: &Limits,
    ) -> Result<Proof<<G::Pos as Position>::Move>, SolveError> {
        self.prove_with(pos, limits, |_, _, _| {})
    }

    /// [`prove`](Prover::prove), calling `each(lower, upper, nodes)` after every
    /// null-window search with the bounds on the final margin reached so far.
    ///
    /// # Errors
    /// Those of [`prove`](Prover::prove).
    pub fn prove_with(
        &mut self,
        pos: &G::Pos,
        limits: &Limits,
        mut each: impl FnMut(i32, i32, u64),
    ) -> Result<Proof<<G::Pos as Position>::Move>, SolveError> {
        let m = self.game.pits_per_side();
        let p = 2 * m;
        let b = pos.board();
        let found = b.pits[b.to_move].len();
        if found != m || b.pits[b.to_move.opponent()].len() != m {
            return Err(SolveError::Pits { found, expected: m });
        }
        let mut board = [0u8; MAX_PITS];
        let stores = self.game.view(pos, &mut board[..p]);
        let seeds: u32 = board[..p].iter().map(|&x| u32::from(x)).sum();
        if self.ranker.max_seeds() < seeds {
            self.ranker = Ranker::new(p, seeds)?;
            if self.ranker.count(seeds) >= 1 << 55 {
                return Err(SolveError::Rank(crate::rank::RankError::TooMany {
                    pits: p,
                    seeds,
                }));
            }
            self.clear();
        }
        self.nodes = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        // A limit too far to be a time (`Duration::MAX`) is no limit.
        self.deadline = limits.time.and_then(|t| Instant::now().checked_add(t));
        self.stopped = false;
        let done = |v: i32, best| Proof {
            lower: stores + v,
            upper: stores + v,
            best,
            nodes: 0,
            searches: 0,
            stopped: false,
            estimate: None,
        };
        if let Some(t) = self.game.terminal(pos, stores)? {
            return Ok(done(t, None));
        }
        let s = seeds as i32;
        let (mut lower, mut upper) = (-s, s);
        let key = self.key(&board[..p], seeds);
        if seeds < self.dbs.len() {
            let v = self.lookup(seeds, &board[..p])?;
            let mut proof = done(v, None);
            proof.best = self.best_move(pos, v, stores)?;
            return Ok(proof);
        }
        if seeds > 126 {
            return Err(SolveError::ValueRange { seeds, value: s });
        }
        let mut best = None;
        let mut searches = 0;
        // Iterative deepening: MTD(f) to depth 2, 4, … (positions at the depth count
        // as an even split) orders the moves and guesses the value; then to the end.
        // Any search whose every line reached the end proves its bound.
        let mut g = 0;
        let mut estimate = None;
        let depths = (1..=self.id_depth / 2)
            .map(|d| (2 * d) as u8)
            .chain([EXACT]);
        'depths: for depth in depths {
            let (mut lo, mut hi) = (lower, upper);
            let mut converged = false;
            while lo < hi {
                if self.parity && depth == EXACT {
                    // The value has the parity of the seeds on the board.
                    lo += (lo - s).rem_euclid(2);
                    hi -= (hi - s).rem_euclid(2);
                    if lo >= hi {
                        break;
                    }
                }
                g = g.clamp(lo, hi);
                let beta = if g == lo { g + 1 } else { g };
                let (v, proven) = self.search(pos, stores, seeds, key, beta - 1, beta, depth)?;
                if self.stopped {
                    break 'depths;
                }
                searches += 1;
                if v < beta {
                    hi = v;
                    if proven {
                        upper = upper.min(v);
                    }
                } else {
                    lo = v;
                    if proven {
                        lower = lower.max(v);
                        best = self
                            .probe(key)
                            .and_then(|e| pos.legal_moves().get(usize::from(e.best)).copied());
                    }
                }
                g = v;
                converged = lo >= hi;
                if proven {
                    each(stores + lower, stores + upper, self.nodes);
                }
                if lower >= upper {
                    break 'depths;
                }
            }
            if converged && depth != EXACT {
                estimate = Some(stores + g);
            }
        }
        if self.parity && lower < upper {
            lower += (lower - s).rem_euclid(2);
            upper -= (upper - s).rem_euclid(2);
        }
        if lower > upper {
            lower = upper;
        }
        if lower == upper && best.is_none() && !self.stopped {
            best = self.best_move(pos, lower, stores)?;
        }
        Ok(Proof {
            lower: stores + lower,
            upper: stores + upper,
            best,
            nodes: self.nodes,
            searches,
            stopped: self.stopped,
            estimate,
        })
    }

    /// The table's size in bytes (what [`Prover::new`] was granted).
    #[must_use]
    pub fn table_bytes(&self) -> u64 {
        (self.table.len() * core::mem::size_of::<[Entry; 2]>()) as u64
    }

    /// Turns the enhanced transposition cutoffs on (the default) or off: before
    /// searching the children of a position, look each up in the table to see if
    /// one already refutes the window (costs a table read per child).
    pub fn set_etc(&mut self, on: bool) {
        self.etc = on;
    }

    /// Sets the iterative deepening: depth-limited searches to depths 2, 4, …,
    /// `depth` (0: none) before the search to the end, to order the moves and guess
    /// the value.
    pub fn set_iterative_deepening(&mut self, depth: u32) {
        self.id_depth = depth.min(u32::from(EXACT) - 1);
    }

    /// Empties the transposition table.
    pub fn clear(&mut self) {
        self.table.fill([Entry::default(); 2]);
    }

    /// A move of `pos` whose value is `v` (the proven value of `pos`), found by
    /// null-window searches of the children.
    fn best_move(
        &mut self,
        pos: &G::Pos,
        v: i32,
        stores: i32,
    ) -> Result<Option<<G::Pos as Position>::Move>, SolveError> {
        let mut kids = ArrayVec::new();
        self.children(pos, stores, &mut kids)?;
        kids.sort_unstable_by_key(|k| -k.order);
        for k in kids {
            let reaches = match k.exact {
                Some(x) => k.gain + if k.again { x } else { -x } >= v,
                // The child's value must be at least v - gain (again) or at most
                // gain - v (the opponent moves).
                None if k.again => {
                    let t = v - k.gain;
                    self.search(&k.pos, k.stores, k.seeds, k.key, t - 1, t, EXACT)?
                        .0
                        >= t
                }
                None => {
                    let t = k.gain - v;
                    self.search(&k.pos, k.stores, k.seeds, k.key, t, t + 1, EXACT)?
                        .0
                        <= t
                }
            };
            if self.stopped {
                return Ok(None);
            }
            if reaches {
                return Ok(pos.legal_moves().get(usize::from(k.index)).copied());
            }
        }
        Ok(None)
    }

    fn key(&self, board: &[u8], seeds: u32) -> u64 {
        ((self.ranker.rank(board) << 8) | u64::from(seeds)) + 1
    }

    fn lookup(&self, seeds: u32, board: &[u8]) -> Result<i32, SolveError> {
        let rank = self.dbs.ranker().rank(board);
        match self.dbs.bounds(seeds, rank) {
            None => Err(SolveError::Absent { seeds, rank }),
            Some((UNKNOWN, _)) => Err(SolveError::Unknown { seeds, rank }),
            Some((l, u)) if l == u => Ok(i32::from(l)),
            Some((lower, upper)) => Err(SolveError::Unresolved {
                seeds,
                rank,
                lower,
                upper,
            }),
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & (self.table.len() - 1)
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        self.table[self.bucket(key)]
            .iter()
            .find(|e| e.key == key)
            .copied()
    }

    fn store(&mut self, key: u64, lower: i32, upper: i32, best: u8, depth: u8, work: u8) {
        let i = self.bucket(key);
        let bucket = &mut self.table[i];
        let (lower, upper) = (lower.clamp(-127, 127) as i8, upper.clamp(-127, 127) as i8);
        let new = Entry {
            key,
            lower,
            upper,
            best,
            depth,
            work,
        };
        for e in bucket.iter_mut() {
            if e.key == key {
                if e.depth == depth {
                    // Bounds of the same search depth narrow each other. The best
                    // move stays the one that proved the lower bound: a search that
                    // failed low proved no move, it only kept its most hopeful child.
                    if lower > e.lower || e.best == u8::MAX {
                        e.best = best;
                    }
                    e.lower = e.lower.max(lower);
                    e.upper = e.upper.min(upper);
                    e.work = e.work.max(work);
                } else if depth > e.depth {
                    *e = new;
                }
                return;
            }
        }
        if (depth, work) >= (bucket[0].depth, bucket[0].work) {
            bucket[1] = bucket[0];
            bucket[0] = new;
        } else {
            bucket[1] = new;
        }
    }

    /// The children of `pos`, those looked up or finished with their values.
    fn children(
        &mut self,
        pos: &G::Pos,
        stores: i32,
        kids: &mut ArrayVec<Kid<G::Pos>, MAX_MOVES>,
    ) -> Result<(), SolveError> {
        let p = 2 * self.game.pits_per_side();
        let mover = pos.side_to_move();
        let mut board = [0u8; MAX_PITS];
        for (index, m) in pos.legal_moves().into_iter().enumerate() {
            let mut c = pos.clone();
            c.play_unchecked(m);
            let cs = self.game.view(&c, &mut board[..p]);
            let again = c.side_to_move() == mover;
            let gain = if again { cs } else { -cs } - stores;
            let seeds: u32 = board[..p].iter().map(|&x| u32::from(x)).sum();
            let (exact, key) = match self.game.terminal(&c, cs)? {
                Some(t) => (Some(t), 0),
                None if seeds < self.dbs.len() => (Some(self.lookup(seeds, &board[..p])?), 0),
                None => (None, self.key(&board[..p], seeds)),
            };
            let order = match exact {
                Some(v) => 1000 + gain + if again { v } else { -v },
                None => 500 * i32::from(again) + gain,
            };
            kids.try_push(Kid {
                pos: c,
                stores: cs,
                again,
                gain,
                index: index as u8,
                exact,
                seeds,
                key,
                order,
            })
            .map_err(|_| SolveError::TooManyMoves)?;
        }
        Ok(())
    }

    /// The value of the ongoing position `pos` (stores' margin `stores`, `seeds` on
    /// the board, table key `key`), searched `depth` plies deep (a position at depth 0
    /// counts as an even split of the seeds left: value 0) or to the end
    /// ([`EXACT`]), within `(alpha, beta)`: exact inside, an upper bound at or below
    /// `alpha`, a lower bound at or above `beta`. The flag says whether the result is
    /// proven: no line was cut short by the depth.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        pos: &G::Pos,
        stores: i32,
        seeds: u32,
        key: u64,
        alpha: i32,
        beta: i32,
        depth: u8,
    ) -> Result<(i32, bool), SolveError> {
        self.nodes += 1;
        if self.nodes > self.node_limit
            || (self.nodes & 0xFFF == 0 && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        if self.stopped {
            return Ok((0, false));
        }
        let s = seeds as i32;
        if alpha >= s {
            return Ok((s, true));
        }
        if beta <= -s {
            return Ok((-s, true));
        }
        let mut tt_best = u8::MAX;
        if let Some(e) = self.probe(key) {
            tt_best = e.best;
            if e.depth >= depth {
                let (lo, hi) = (i32::from(e.lower), i32::from(e.upper));
                let proven = e.depth == EXACT;
                if lo >= beta || lo == hi {
                    return Ok((lo, proven));
                }
                if hi <= alpha {
                    return Ok((hi, proven));
                }
            }
        }
        if depth == 0 {
            return Ok((0, false));
        }
        let child_depth = if depth == EXACT { EXACT } else { depth - 1 };
        let start_nodes = self.nodes;
        let mut kids = ArrayVec::new();
        self.children(pos, stores, &mut kids)?;
        if kids.is_empty() {
            return Err(SolveError::NoMoves);
        }
        let mut best = i32::MIN;
        let mut best_index = u8::MAX;
        // Children with known values first.
        for k in &mut kids {
            if k.index == tt_best {
                k.order += 10_000;
            }
            if let Some(v) = k.exact {
                let b = k.gain + if k.again { v } else { -v };
                if b > best {
                    best = b;
                    best_index = k.index;
                }
            }
        }
        if best >= beta {
            self.store(key, best, s, best_index, EXACT, 0);
            return Ok((best, true));
        }
        kids.sort_unstable_by_key(|k| -k.order);
        let mut a = alpha.max(best);
        let mut proven = true;
        let mut etc_done = !self.etc;
        for (i, k) in kids.iter().enumerate() {
            if k.exact.is_some() {
                continue;
            }
            if !etc_done && k.index != tt_best {
                // Enhanced transposition cutoff, once the table's move (if any) did
                // not cut: a child whose table bound already refutes the window.
                etc_done = true;
                for k2 in &kids[i..] {
                    if k2.exact.is_some() {
                        continue;
                    }
                    if let Some(e) = self.probe(k2.key).filter(|e| e.depth >= child_depth) {
                        let b = k2.gain
                            + if k2.again {
                                i32::from(e.lower)
                            } else {
                                -i32::from(e.upper)
                            };
                        if b >= beta {
                            let d = if e.depth == EXACT { EXACT } else { depth };
                            self.store(key, b, s, k2.index, d, 0);
                            return Ok((b, e.depth == EXACT));
                        }
                    }
                }
            }
            let (v, done) = if k.again {
                let (v, done) = self.search(
                    &k.pos,
                    k.stores,
                    k.seeds,
                    k.key,
                    a - k.gain,
                    beta - k.gain,
                    child_depth,
                )?;
                (k.gain + v, done)
            } else {
                let (v, done) = self.search(
                    &k.pos,
                    k.stores,
                    k.seeds,
                    k.key,
                    k.gain - beta,
                    k.gain - a,
                    child_depth,
                )?;
                (k.gain - v, done)
            };
            if self.stopped {
                return Ok((0, false));
            }
            if v >= beta {
                // A cutoff is proven by this child alone.
                proven = done;
            } else {
                proven &= done;
            }
            if v > best {
                best = v;
                best_index = k.index;
            }
            if best > a {
                a = best;
            }
            if best >= beta {
                break;
            }
        }
        let work = (64 - (self.nodes - start_nodes).leading_zeros()) as u8;
        let d = if proven { EXACT } else { depth };
        if best <= alpha {
            self.store(key, -s, best, best_index, d, work);
        } else if best >= beta {
            self.store(key, best, s, best_index, d, work);
        } else {
            self.store(key, best, best, best_index, d, work);
        }
        Ok((best, proven))
    }
}
