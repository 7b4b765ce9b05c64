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

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering, fence};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use mancala_core::rng::GOLDEN_GAMMA;
use mancala_core::{ArrayVec, Position};

use crate::Instant;
use crate::db::{Databases, UNKNOWN};
use crate::error::SolveError;
use crate::game::Acyclic;
use crate::rank::{MAX_PITS, Ranker};

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
    /// Positions searched (not counting those looked up in the databases), by all
    /// threads together.
    pub nodes: u64,
    /// Null-window searches made (by the thread whose result this is).
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

/// The CPU time of this process so far, all its threads, in seconds: Linux's
/// `/proc/self/stat` (user and system time, at 100 ticks a second); `None` where it
/// cannot be read.
#[must_use]
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (which is in parentheses).
    let rest = stat.get(stat.rfind(')')? + 2..)?;
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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

impl Entry {
    /// The entry's 40 bits of data.
    fn data(self) -> u64 {
        u64::from(self.lower as u8)
            | u64::from(self.upper as u8) << 8
            | u64::from(self.best) << 16
            | u64::from(self.depth) << 24
            | u64::from(self.work) << 32
    }

    fn from_words(key: u64, data: u64) -> Entry {
        Entry {
            key,
            lower: data as u8 as i8,
            upper: (data >> 8) as u8 as i8,
            best: (data >> 16) as u8,
            depth: (data >> 24) as u8,
            work: (data >> 32) as u8,
        }
    }
}

/// The depth of a search to the end of the game, and of proven table bounds.
const EXACT: u8 = u8::MAX;

/// The data bits of an entry's second word.
const DATA: u64 = (1 << 40) - 1;
/// The bucket's lock bit, in its first entry's data word.
const LOCK: u64 = 1 << 63;
/// One step of the bucket's version (bits 40 to 62 of its first entry's data word).
const VERSION: u64 = 1 << 40;

/// The transposition table, shared by the threads of a search: buckets of two
/// entries (32 bytes), each entry a key word and a data word. A writer locks the
/// bucket (a bit of the first data word) and bumps its version; a reader retries
/// until it has read the bucket with the same unlocked version before and after (a
/// sequence lock), so no thread ever reads one entry's key with another's bounds.
#[derive(Debug)]
struct Table {
    buckets: Vec<[AtomicU64; 4]>,
}

impl Table {
    /// A table of `2^bits` empty buckets (at most 2^40), or of the largest power of
    /// two below that the allocator grants: a caller's size is a wish, never an abort.
    fn new(bits: u32) -> Table {
        let mut bits = bits.min(40);
        loop {
            let n = 1usize << bits;
            let mut buckets = Vec::new();
            if buckets.try_reserve_exact(n).is_ok() || bits == 0 {
                buckets.resize_with(n, Default::default);
                return Table { buckets };
            }
            bits -= 1;
        }
    }

    fn bytes(&self) -> u64 {
        (self.buckets.len() * core::mem::size_of::<[AtomicU64; 4]>()) as u64
    }

    fn clear(&mut self) {
        for b in &mut self.buckets {
            for w in b.iter_mut() {
                *w.get_mut() = 0;
            }
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[AtomicU64; 4] {
        let i = (key.wrapping_mul(GOLDEN_GAMMA) >> 20) as usize & (self.buckets.len() - 1);
        &self.buckets[i]
    }

    /// The bucket's two entries, read consistently.
    fn read(b: &[AtomicU64; 4]) -> [Entry; 2] {
        loop {
            let v1 = b[1].load(Ordering::Acquire);
            if v1 & LOCK != 0 {
                std::hint::spin_loop();
                continue;
            }
            let (k0, k1, d1) = (
                b[0].load(Ordering::Relaxed),
                b[2].load(Ordering::Relaxed),
                b[3].load(Ordering::Relaxed),
            );
            fence(Ordering::Acquire);
            if b[1].load(Ordering::Relaxed) == v1 {
                return [Entry::from_words(k0, v1 & DATA), Entry::from_words(k1, d1)];
            }
        }
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        Table::read(self.bucket(key))
            .into_iter()
            .find(|e| e.key == key)
    }

    /// Stores bounds for `key`: bounds of the same depth narrow those there, deeper
    /// ones replace them; a new board takes the slot kept by depth and work if it
    /// has done as much, else the other.
    fn store(&self, key: u64, lower: i32, upper: i32, best: u8, depth: u8, work: u8) {
        let b = self.bucket(key);
        // Lock the bucket.
        let v = loop {
            let v = b[1].load(Ordering::Relaxed);
            if v & LOCK == 0
                && b[1]
                    .compare_exchange_weak(v, v | LOCK, Ordering::Acquire, Ordering::Relaxed)
                    .is_ok()
            {
                break v;
            }
            std::hint::spin_loop();
        };
        fence(Ordering::Release);
        let mut bucket = [
            Entry::from_words(b[0].load(Ordering::Relaxed), v & DATA),
            Entry::from_words(b[2].load(Ordering::Relaxed), b[3].load(Ordering::Relaxed)),
        ];
        let (lower, upper) = (lower.clamp(-127, 127) as i8, upper.clamp(-127, 127) as i8);
        let new = Entry {
            key,
            lower,
            upper,
            best,
            depth,
            work,
        };
        let mut found = false;
        for e in &mut bucket {
            if e.key == key {
                found = true;
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
                break;
            }
        }
        if !found {
            if (depth, work) >= (bucket[0].depth, bucket[0].work) {
                bucket[1] = bucket[0];
                bucket[0] = new;
            } else {
                bucket[1] = new;
            }
        }
        b[0].store(bucket[0].key, Ordering::Relaxed);
        b[2].store(bucket[1].key, Ordering::Relaxed);
        b[3].store(bucket[1].data(), Ordering::Relaxed);
        // Unlock, with the next version.
        let version = ((v & !DATA) + VERSION) & !LOCK;
        b[1].store(version | bucket[0].data(), Ordering::Release);
    }
}

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
    /// Its estimate at the depth limit ([`LeafEstimate`]).
    leaf: i32,
}

/// The most moves a position may have here.
const MAX_MOVES: usize = 16;

/// What a proof search takes as the value of a position at the depth limit of its
/// iterative deepening (a guess that orders the moves and steers MTD(f); never a
/// bound: only searches whose every line reached the end prove anything).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LeafEstimate {
    /// An even split of the seeds left: `V = 0` (the default: fewer nodes to prove
    /// Kalah(6,4) and (6,3) than [`Rows`](LeafEstimate::Rows), docs/solving.md).
    #[default]
    Even,
    /// The seeds in the mover's row minus those in the opponent's (as if each side
    /// kept its own row, Kalah's end of the game).
    Rows,
    /// A line fitted to a database by least squares ([`LeafEstimate::fit`]):
    /// `V ≈ (slope·d + lean·s) / 1024`, `d` the rows' difference (as in
    /// [`Rows`](LeafEstimate::Rows)) and `s` the seeds on the board.
    Fitted {
        /// What a seed of the rows' difference is worth, in 1024ths.
        slope: i32,
        /// What each seed on the board is worth to the mover, in 1024ths (the
        /// database's mean value over its seeds).
        lean: i32,
    },
}

/// The game or the databases of a [`Prover`]: borrowed, or shared by an `Arc` (a
/// prover that lives on its own, as [`Perfect`](crate::player::Perfect)'s does).
#[derive(Debug)]
pub(crate) enum Shared<'a, T> {
    /// Borrowed for the prover's life.
    Borrowed(&'a T),
    /// Shared with whoever else holds it.
    Arc(Arc<T>),
}

impl<T> Clone for Shared<'_, T> {
    fn clone(&self) -> Self {
        match self {
            Shared::Borrowed(t) => Shared::Borrowed(t),
            Shared::Arc(t) => Shared::Arc(Arc::clone(t)),
        }
    }
}

impl<T> core::ops::Deref for Shared<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        match self {
            Shared::Borrowed(t) => t,
            Shared::Arc(t) => t,
        }
    }
}

/// A proof search over one game and its databases, with its transposition table
/// (kept from one proof to the next), on one thread or several sharing the table.
#[derive(Debug)]
pub struct Prover<'a, G: Acyclic> {
    game: Shared<'a, G>,
    dbs: Shared<'a, Databases>,
    ranker: Ranker,
    /// Buckets of two entries: one kept by work, one always replaced.
    table: Table,
    /// Every board of the game keeps its seed count's parity in its value (all the
    /// seeds on the board end in someone's total).
    parity: bool,
    /// Whether to try enhanced transposition cutoffs.
    etc: bool,
    /// The deepest iteration before the search to the end.
    id_depth: u32,
    /// The value of a position at the depth limit.
    leaf: LeafEstimate,
    /// The threads searching.
    threads: usize,
}

/// One thread's search over the prover's shared table: its counters and limits.
struct Worker<'p, G: Acyclic> {
    game: &'p G,
    dbs: &'p Databases,
    ranker: &'p Ranker,
    table: &'p Table,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Set once a thread has finished or met a limit: the others stop too.
    stop: &'p AtomicBool,
    /// The nodes of every thread, as each adds its own (every 256).
    total: &'p AtomicU64,
    parity: bool,
    etc: bool,
    id_depth: u32,
    leaf: LeafEstimate,
    /// 0 for the thread whose result is reported; 1, 2, … for the helpers.
    helper: usize,
}

/// The position a proof search starts from: its stores' margin, the seeds on its
/// board, its table key and its estimate at the depth limit.
struct Root<'r, P> {
    pos: &'r P,
    stores: i32,
    seeds: u32,
    key: u64,
    leaf: i32,
}

/// What one thread's MTD(f) proved: bounds on `V` (the stores not included).
struct Reached<M> {
    lower: i32,
    upper: i32,
    best: Option<M>,
    searches: u32,
    estimate: Option<i32>,
}

/// Where a proof starts ([`Prover::start`]).
enum Start {
    /// The value `V` is known at once: the game is over (`finished`) or the board is in
    /// the databases.
    Known { stores: i32, v: i32, finished: bool },
    /// A search from a board of `seeds` seeds, table key `key`, estimate `leaf`.
    Search {
        stores: i32,
        seeds: u32,
        key: u64,
        leaf: i32,
    },
}

/// The proof of a value known at once: `v` on the board, `stores` in the stores.
fn known<M>(stores: i32, v: i32) -> Proof<M> {
    Proof {
        lower: stores + v,
        upper: stores + v,
        best: None,
        nodes: 0,
        searches: 0,
        stopped: false,
        estimate: None,
    }
}

/// One turn's proof among those proven side by side ([`Prover::prove_turns`]): its
/// root, the flag that stops the threads on it and their nodes.
struct Job<'r, P> {
    /// The turn's index among all the turns.
    turn: usize,
    root: Root<'r, P>,
    stop: AtomicBool,
    total: AtomicU64,
    state: Mutex<JobState>,
}

/// Who is on a [`Job`], and what its reported thread found.
#[derive(Default)]
struct JobState {
    /// Its reported thread has begun (at `deadline`'s start).
    started: bool,
    /// Its reported thread is done: no thread joins any more.
    finished: bool,
    /// The threads on it now.
    threads: usize,
    /// The helpers that have joined it.
    helpers: usize,
    deadline: Option<Instant>,
    /// The nodes of the threads that have left it.
    nodes: u64,
    /// What the reported thread found (its move left out).
    found: Option<Result<Reached<()>, SolveError>>,
    /// Whether the reported thread stopped at a limit.
    stopped: bool,
}

impl<P> Job<'_, P> {
    fn state(&self) -> std::sync::MutexGuard<'_, JobState> {
        // A thread that panicked holding the lock panics the scope anyway.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl LeafEstimate {
    /// The estimate of `V` for `board` (the pits in pairs, the mover's first).
    fn of(self, board: &[u8]) -> i32 {
        let (d, s) = board.chunks_exact(2).fold((0, 0), |(d, s), p| {
            let (m, o) = (i32::from(p[0]), i32::from(p[1]));
            (d + m - o, s + m + o)
        });
        match self {
            LeafEstimate::Even => 0,
            LeafEstimate::Rows => d,
            LeafEstimate::Fitted { slope, lean } => {
                // Rounded to the nearest, within the seeds there are.
                slope
                    .saturating_mul(d)
                    .saturating_add(lean.saturating_mul(s))
                    .saturating_add(512)
                    .div_euclid(1024)
                    .clamp(-s, s)
            }
        }
    }

    /// The line `V ≈ (slope·d + lean·s) / 1024` ([`Fitted`](LeafEstimate::Fitted))
    /// that fits the values of the boards of `seeds` seeds in `dbs` best (least
    /// squares, over every board or, above 2²⁰ of them, an even sample of about
    /// that many): the databases' own statistics, for positions at the depth limit
    /// of more seeds than any database holds. `None` without that database, for 0
    /// seeds, or if no board of `seeds` seeds has a value.
    #[must_use]
    pub fn fit(dbs: &Databases, seeds: u32) -> Option<LeafEstimate> {
        let ranker = dbs.ranker();
        if seeds == 0 || seeds >= dbs.len() || !ranker.pits().is_multiple_of(2) {
            return None;
        }
        let count = ranker.count(seeds);
        let step = (count >> 20).max(1);
        let mut board = [0u8; MAX_PITS];
        let board = &mut board[..ranker.pits()];
        // Sums of n, d, V, d² and dV.
        let (mut n, mut sd, mut sv, mut sdd, mut sdv) = (0f64, 0f64, 0f64, 0f64, 0f64);
        let mut rank = 0;
        while rank < count {
            ranker.unrank(seeds, rank, board).ok()?;
            if let Some(v) = dbs.get(seeds, rank) {
                let d = f64::from(LeafEstimate::Rows.of(board));
                let v = f64::from(v);
                n += 1.0;
                sd += d;
                sv += v;
                sdd += d * d;
                sdv += d * v;
            }
            rank += step;
        }
        if n == 0.0 {
            return None;
        }
        let spread = n * sdd - sd * sd;
        let slope = if spread > 0.0 {
            (n * sdv - sd * sv) / spread
        } else {
            0.0
        };
        let mean = (sv - slope * sd) / n;
        Some(LeafEstimate::Fitted {
            slope: (slope * 1024.0).round() as i32,
            lean: (mean / f64::from(seeds) * 1024.0).round() as i32,
        })
    }
}

impl<'a, G: Acyclic> Prover<'a, G> {
    /// A prover for `game` (a game without cycles, [`Acyclic`]: its table is keyed
    /// by the board) over `dbs`, with a table of `2^table_bits` buckets (32 bytes
    /// each; at most 2^40, or as many as the allocator grants: [`table_bits`] sizes
    /// it by the problem and the memory there is). It searches on one thread until
    /// [`set_threads`](Prover::set_threads) says otherwise.
    ///
    /// # Errors
    /// [`SolveError::Foreign`] if `dbs` are of another game or rule set;
    /// [`SolveError::Rank`] if the game's boards cannot be ranked.
    pub fn new(game: &'a G, dbs: &'a Databases, table_bits: u32) -> Result<Self, SolveError> {
        Prover::with(Shared::Borrowed(game), Shared::Borrowed(dbs), table_bits)
    }

    /// The prover of [`Prover::new`] over `game` and `dbs` shared with others, so that
    /// it borrows nothing.
    ///
    /// # Errors
    /// As [`Prover::new`].
    pub fn shared(
        game: Arc<G>,
        dbs: Arc<Databases>,
        table_bits: u32,
    ) -> Result<Prover<'static, G>, SolveError>
    where
        G: 'static,
    {
        Prover::with(Shared::Arc(game), Shared::Arc(dbs), table_bits)
    }

    /// The prover of [`Prover::new`] over `game` and `dbs`, borrowed or shared.
    pub(crate) fn with(
        game: Shared<'a, G>,
        dbs: Shared<'a, Databases>,
        table_bits: u32,
    ) -> Result<Self, SolveError> {
        dbs.expect_game(&*game)?;
        let ranker = Ranker::new(2 * game.pits_per_side(), 0)?;
        let parity = game.seeds_decide_parity();
        Ok(Prover {
            game,
            dbs,
            ranker,
            table: Table::new(table_bits),
            parity,
            etc: true,
            id_depth: 32,
            leaf: LeafEstimate::default(),
            threads: 1,
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
    ) -> Result<Proof<<G::Pos as Position>::Move>, SolveError>
    where
        G: Sync,
        G::Pos: Sync,
    {
        self.prove_with(pos, limits, |_, _, _| {})
    }

    /// [`prove`](Prover::prove), calling `each(lower, upper, nodes)` after every
    /// null-window search with the bounds on the final margin reached so far.
    ///
    /// With several threads ([`set_threads`](Prover::set_threads)) every thread runs
    /// the iterative deepening and MTD(f) over the one table (a lazy SMP): the
    /// helpers deepen by odd depths and, searching to the end, test the bound one
    /// step above the reported thread's guess, and every thread takes the proven
    /// bounds the others left in the table's entry of `pos`. Proven bounds hold
    /// whoever proved them (the table is keyed by the board, which alone decides the
    /// value), so the value is the one thread's; the best move may be another that
    /// reaches it. The limits count the nodes of all threads.
    ///
    /// # Errors
    /// Those of [`prove`](Prover::prove).
    pub fn prove_with(
        &mut self,
        pos: &G::Pos,
        limits: &Limits,
        mut each: impl FnMut(i32, i32, u64),
    ) -> Result<Proof<<G::Pos as Position>::Move>, SolveError>
    where
        G: Sync,
        G::Pos: Sync,
    {
        let (stores, seeds, key, leaf) = match self.start(pos)? {
            Start::Known {
                stores,
                v,
                finished,
            } => {
                let mut proof = known(stores, v);
                if !finished {
                    let (stop, total) = (AtomicBool::new(false), AtomicU64::new(0));
                    proof.best = self
                        .worker(&stop, &total, u64::MAX, None, 0)
                        .best_move(pos, v, stores)?;
                }
                return Ok(proof);
            }
            Start::Search {
                stores,
                seeds,
                key,
                leaf,
            } => (stores, seeds, key, leaf),
        };
        let node_limit = limits.nodes.unwrap_or(u64::MAX);
        // A limit too far to be a time (`Duration::MAX`) is no limit.
        let deadline = limits.time.and_then(|t| Instant::now().checked_add(t));
        let stop = AtomicBool::new(false);
        let total = AtomicU64::new(0);
        let worker = |helper| self.worker(&stop, &total, node_limit, deadline, helper);
        let root = Root {
            pos,
            stores,
            seeds,
            key,
            leaf,
        };
        let threads = self.threads.max(1);
        let (mut main, reached, others) = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|h| {
                    let mut w = worker(h);
                    let root = &root;
                    scope.spawn(move || {
                        // A helper's error is the main thread's too, which reports it.
                        let r = w.drive(root, &mut |_, _, _| {});
                        if r.is_ok_and(|r| r.lower == r.upper) {
                            // Proven: the main thread finds the bounds in the table.
                            w.stop.store(true, Ordering::Relaxed);
                        }
                        w.nodes
                    })
                })
                .collect();
            let mut w = worker(0);
            let reached = w.drive(&root, &mut each);
            stop.store(true, Ordering::Relaxed);
            let others: u64 = helpers
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .sum();
            (w, reached, others)
        });
        let mut r = reached?;
        if r.lower == r.upper && r.best.is_none() {
            // A move reaching the value (the search that proved it was perhaps another
            // thread's).
            stop.store(false, Ordering::Relaxed);
            let mut w = worker(0);
            (w.node_limit, w.deadline) = (u64::MAX, None);
            r.best = w.best_move(pos, r.lower, stores)?;
            main.nodes += w.nodes;
        }
        Ok(Proof {
            lower: stores + r.lower,
            upper: stores + r.upper,
            best: r.best,
            nodes: main.nodes + others,
            searches: r.searches,
            stopped: main.stopped && r.lower < r.upper,
            estimate: r.estimate,
        })
    }

    /// Where a proof of `pos` starts: its value at once (the game over, or its board
    /// in the databases) or the root of a search. Grows the ranker (and empties the
    /// table) for a board of more seeds than it ranks.
    fn start(&mut self, pos: &G::Pos) -> Result<Start, SolveError> {
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
        if let Some(v) = self.game.terminal(pos, stores)? {
            return Ok(Start::Known {
                stores,
                v,
                finished: true,
            });
        }
        if seeds < self.dbs.len() {
            let v = lookup(&self.dbs, seeds, &board[..p])?;
            return Ok(Start::Known {
                stores,
                v,
                finished: false,
            });
        }
        if seeds > 126 {
            return Err(SolveError::ValueRange {
                seeds,
                value: seeds as i32,
            });
        }
        Ok(Start::Search {
            stores,
            seeds,
            key: key(&self.ranker, &board[..p], seeds),
            leaf: self.leaf.of(&board[..p]),
        })
    }

    /// A thread's search over the table, stopping with the others at `stop` and
    /// counting its nodes into `total` (`helper`: 0 for the thread whose result is
    /// reported).
    fn worker<'p>(
        &'p self,
        stop: &'p AtomicBool,
        total: &'p AtomicU64,
        node_limit: u64,
        deadline: Option<Instant>,
        helper: usize,
    ) -> Worker<'p, G> {
        Worker {
            game: &self.game,
            dbs: &self.dbs,
            ranker: &self.ranker,
            table: &self.table,
            nodes: 0,
            node_limit,
            deadline,
            stopped: false,
            stop,
            total,
            parity: self.parity,
            etc: self.etc,
            id_depth: self.id_depth,
            leaf: self.leaf,
            helper,
        }
    }

    /// The value of every turn the side to move at `pos` can play — every sequence of
    /// its moves up to the one that passes the turn or ends the game (a move that gives
    /// another turn, as a sowing ending in one's store does in Kalah, is followed by
    /// each move of the position it leaves) — for that side: its final margin after the
    /// turn and perfect play on both sides. The turns come in the order of
    /// `legal_moves`, depth first; each is proven within `limits` (the bounds reached if
    /// that proof stopped; a finished or looked-up position is exact at once). Each is
    /// the proof of the position after the turn, turned to the mover's view (negated,
    /// its bounds swapped, when the opponent moves next); its `best` is the turn's last
    /// move. The table is kept from one proof to the next: proving `pos` after its
    /// turns finds its value there at once (the best turn's), and that order is the
    /// quicker one (docs/performance.md). `each` is called with every turn and its
    /// proof as it is found.
    ///
    /// With several threads ([`set_threads`](Prover::set_threads)) the turns are proven
    /// side by side, one a thread, all over the one table: each thread takes the next
    /// turn no thread has begun, and once all are begun it helps (the lazy SMP of
    /// [`prove_with`](Prover::prove_with)) the unfinished proof with the fewest
    /// threads. The time limit counts from each turn's start, the node limit counts
    /// each turn's nodes; `each` then comes in the order the proofs finish, and a
    /// finished or looked-up turn first.
    ///
    /// ```
    /// use mancala_solve::{build, db::Databases, kalah::KalahGame, search::{Limits, Prover}};
    /// use kalah::{Kalah, Player, Rules};
    /// let game = KalahGame::new(Rules::with_pits(3));
    /// let mut dbs = Databases::new(&game, 6)?;
    /// build::BuildOptions::new().build(&game, &mut dbs, |_| {})?;
    /// let start = Kalah::start_with(Rules::with_pits(3), 2, Player::South)?; // 12 seeds
    /// let mut prover = Prover::new(&game, &dbs, 12)?;
    /// let value = prover.prove(&start, &Limits::none())?.value().unwrap();
    /// let turns = prover.prove_turns(&start, &Limits::none(), |_, _| {})?;
    /// // The position's value is its best turn's.
    /// assert_eq!(turns.iter().map(|(_, p)| p.value().unwrap()).max(), Some(value));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// Those of [`prove`](Prover::prove).
    #[allow(clippy::type_complexity)]
    pub fn prove_turns(
        &mut self,
        pos: &G::Pos,
        limits: &Limits,
        mut each: impl FnMut(&[<G::Pos as Position>::Move], &Proof<<G::Pos as Position>::Move>),
    ) -> Result<
        Vec<(
            Vec<<G::Pos as Position>::Move>,
            Proof<<G::Pos as Position>::Move>,
        )>,
        SolveError,
    >
    where
        G: Sync,
        G::Pos: Sync,
    {
        let mut turns = Vec::new();
        turns_from(pos, pos.side_to_move(), &mut Vec::new(), &mut turns);
        // The turn's proof, turned to the mover's view.
        let turned = |(turn, child): &(Vec<_>, G::Pos), mut p: Proof<_>| {
            if child.side_to_move() != pos.side_to_move() {
                (p.lower, p.upper) = (-p.upper, -p.lower);
                p.estimate = p.estimate.map(|e| -e);
            }
            p.best = turn.last().copied();
            p
        };
        let mut proofs: Vec<Option<Proof<_>>> = turns.iter().map(|_| None).collect();
        if self.threads <= 1 {
            for (t, found) in turns.iter().zip(&mut proofs) {
                let p = turned(t, self.prove(&t.1, limits)?);
                each(&t.0, &p);
                *found = Some(p);
            }
        } else {
            // Grows the ranker for the most seeds any turn leaves on the board.
            self.start(pos)?;
            let mut jobs = Vec::new();
            for (i, t) in turns.iter().enumerate() {
                match self.start(&t.1)? {
                    Start::Known { stores, v, .. } => {
                        let p = turned(t, known(stores, v));
                        each(&t.0, &p);
                        proofs[i] = Some(p);
                    }
                    Start::Search {
                        stores,
                        seeds,
                        key,
                        leaf,
                    } => jobs.push(Job {
                        turn: i,
                        root: Root {
                            pos: &t.1,
                            stores,
                            seeds,
                            key,
                            leaf,
                        },
                        stop: AtomicBool::new(false),
                        total: AtomicU64::new(0),
                        state: Mutex::new(JobState::default()),
                    }),
                }
            }
            let this = &*self;
            let (jobs, next, abort) = (&jobs, &AtomicUsize::new(0), &AtomicBool::new(false));
            let (done, finished) = std::sync::mpsc::channel();
            std::thread::scope(|scope| {
                for _ in 0..this.threads {
                    let done = done.clone();
                    scope.spawn(move || this.prove_side_by_side(jobs, next, abort, limits, &done));
                }
                drop(done);
                let mut error = None;
                // Until every thread has left.
                for j in finished {
                    let job: &Job<'_, G::Pos> = &jobs[j];
                    let mut s = job.state();
                    match s.found.take() {
                        Some(Ok(r)) => {
                            let stores = job.root.stores;
                            let p = Proof {
                                lower: stores + r.lower,
                                upper: stores + r.upper,
                                best: None,
                                nodes: s.nodes,
                                searches: r.searches,
                                stopped: s.stopped && r.lower < r.upper,
                                estimate: r.estimate,
                            };
                            let p = turned(&turns[job.turn], p);
                            each(&turns[job.turn].0, &p);
                            proofs[job.turn] = Some(p);
                        }
                        Some(Err(e)) => {
                            abort.store(true, Ordering::Relaxed);
                            for job in jobs {
                                job.stop.store(true, Ordering::Relaxed);
                            }
                            error.get_or_insert(e);
                        }
                        None => {}
                    }
                }
                error.map_or(Ok(()), Err)
            })?;
        }
        Ok(turns
            .into_iter()
            .zip(proofs)
            .filter_map(|((turn, _), p)| Some((turn, p?)))
            .collect())
    }

    /// One thread of [`prove_turns`](Prover::prove_turns) side by side: it proves the
    /// next turn no thread has begun, as its reported thread, and once every turn is
    /// begun it joins, as a helper (the lazy SMP of [`prove_with`](Prover::prove_with)),
    /// the unfinished proof with the fewest threads, until none is left. The last
    /// thread to leave a finished proof sends its index on `done`.
    fn prove_side_by_side(
        &self,
        jobs: &[Job<'_, G::Pos>],
        next: &AtomicUsize,
        abort: &AtomicBool,
        limits: &Limits,
        done: &std::sync::mpsc::Sender<usize>,
    ) {
        let node_limit = limits.nodes.unwrap_or(u64::MAX);
        let mut helped = vec![false; jobs.len()];
        while !abort.load(Ordering::Relaxed) {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let (j, helper, deadline) = if i < jobs.len() {
                let deadline = limits.time.and_then(|t| Instant::now().checked_add(t));
                let mut s = jobs[i].state();
                (s.started, s.deadline) = (true, deadline);
                s.threads += 1;
                (i, 0, deadline)
            } else {
                let mut pick: Option<(usize, usize)> = None;
                for (j, job) in jobs.iter().enumerate() {
                    let s = job.state();
                    if !helped[j]
                        && s.started
                        && !s.finished
                        && pick.is_none_or(|(_, t)| s.threads < t)
                    {
                        pick = Some((j, s.threads));
                    }
                }
                let Some((j, _)) = pick else { return };
                helped[j] = true;
                let mut s = jobs[j].state();
                if s.finished {
                    continue;
                }
                s.threads += 1;
                s.helpers += 1;
                (j, s.helpers, s.deadline)
            };
            let job = &jobs[j];
            let mut w = self.worker(&job.stop, &job.total, node_limit, deadline, helper);
            let r = w.drive(&job.root, &mut |_, _, _| {});
            if helper == 0 || r.as_ref().is_ok_and(|r| r.lower == r.upper) {
                // Done, or proven (the reported thread finds the bounds in the table).
                job.stop.store(true, Ordering::Relaxed);
            }
            let mut s = job.state();
            s.threads -= 1;
            s.nodes += w.nodes;
            if helper == 0 {
                s.finished = true;
                s.stopped = w.stopped;
                s.found = Some(r.map(|r| Reached {
                    lower: r.lower,
                    upper: r.upper,
                    best: None,
                    searches: r.searches,
                    estimate: r.estimate,
                }));
            }
            let complete = s.finished && s.threads == 0;
            drop(s);
            if complete {
                // The receiver only goes once every thread has left.
                let _ = done.send(j);
            }
        }
    }

    /// The table's size in bytes (what [`Prover::new`] was granted).
    #[must_use]
    pub fn table_bytes(&self) -> u64 {
        self.table.bytes()
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
        self.id_depth = depth.min(u32::from(EXACT) - 2);
    }

    /// Sets what a position at the depth limit counts as ([`LeafEstimate::Even`]
    /// unless set).
    pub fn set_leaf_estimate(&mut self, leaf: LeafEstimate) {
        self.leaf = leaf;
    }

    /// Sets the threads that search (at least 1; 1 unless set), all over the one
    /// table ([`prove_with`](Prover::prove_with)).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Empties the transposition table.
    pub fn clear(&mut self) {
        self.table.clear();
    }
}

/// The turns of `mover` from `pos`, reached by `turn` (the moves of the turn so far),
/// depth first: each with the position it leaves.
#[allow(clippy::type_complexity)]
fn turns_from<P: Position>(
    pos: &P,
    mover: mancala_core::Player,
    turn: &mut Vec<P::Move>,
    all: &mut Vec<(Vec<P::Move>, P)>,
) {
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        turn.push(m);
        if child.side_to_move() == mover && !child.is_finished() {
            turns_from(&child, mover, turn, all);
        } else {
            all.push((turn.clone(), child));
        }
        turn.pop();
    }
}

fn key(ranker: &Ranker, board: &[u8], seeds: u32) -> u64 {
    ((ranker.rank(board) << 8) | u64::from(seeds)) + 1
}

fn lookup(dbs: &Databases, seeds: u32, board: &[u8]) -> Result<i32, SolveError> {
    let rank = dbs.ranker().rank(board);
    match dbs.bounds(seeds, rank) {
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

impl<G: Acyclic> Worker<'_, G> {
    /// The iterative deepening and MTD(f) from the ongoing position `pos` above the
    /// databases: the bounds on `V` it proved (with those the other threads left in
    /// the table), until they meet or a limit or another thread stops it.
    fn drive(
        &mut self,
        root: &Root<'_, G::Pos>,
        each: &mut dyn FnMut(i32, i32, u64),
    ) -> Result<Reached<<G::Pos as Position>::Move>, SolveError> {
        let &Root {
            pos,
            stores,
            seeds,
            key,
            leaf,
        } = root;
        let s = seeds as i32;
        let (mut lower, mut upper) = (-s, s);
        let mut best = None;
        let mut searches = 0;
        // Iterative deepening: MTD(f) to depth 2, 4, … (the helpers 3, 5, …;
        // positions at the depth count as the leaf estimate) orders the moves and
        // guesses the value; then to the end. Any search whose every line reached the
        // end proves its bound.
        let mut g = 0;
        let mut estimate = None;
        let odd = u8::from(self.helper > 0);
        let depths = (1..=self.id_depth / 2)
            .map(|d| (2 * d) as u8 + odd)
            .chain([EXACT]);
        'depths: for depth in depths {
            let (mut lo, mut hi) = (lower, upper);
            let mut converged = false;
            if depth == EXACT && self.helper > 0 {
                // A helper tests the bound one step past the reported thread's guess.
                g += 2 * self.helper as i32;
            }
            while lo < hi {
                if depth == EXACT {
                    // The proven bounds any thread left in the table.
                    self.proven_in_table(pos, key, &mut lower, &mut upper, &mut best);
                    if lower >= upper {
                        break 'depths;
                    }
                    (lo, hi) = (lo.max(lower), hi.min(upper));
                }
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
                let (v, proven) =
                    self.search(pos, stores, seeds, key, leaf, beta - 1, beta, depth)?;
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
                    if proven && v > lower {
                        lower = v;
                        best = self
                            .table
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
        if lower < upper {
            // The proven bounds the other threads left (a stopped search too).
            self.proven_in_table(pos, key, &mut lower, &mut upper, &mut best);
        }
        if self.parity && lower < upper {
            lower += (lower - s).rem_euclid(2);
            upper -= (upper - s).rem_euclid(2);
        }
        if lower > upper {
            lower = upper;
        }
        Ok(Reached {
            lower,
            upper,
            best,
            searches,
            estimate,
        })
    }

    /// Narrows `lower..upper` to the proven bounds in `pos`'s table entry (`key`),
    /// taking the entry's move as `best` if it raises the lower bound (the move that
    /// proved it).
    fn proven_in_table(
        &self,
        pos: &G::Pos,
        key: u64,
        lower: &mut i32,
        upper: &mut i32,
        best: &mut Option<<G::Pos as Position>::Move>,
    ) {
        if let Some(e) = self.table.probe(key).filter(|e| e.depth == EXACT) {
            if i32::from(e.lower) > *lower {
                *lower = i32::from(e.lower);
                *best = pos.legal_moves().get(usize::from(e.best)).copied();
            }
            *upper = (*upper).min(i32::from(e.upper));
        }
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
                    self.search(&k.pos, k.stores, k.seeds, k.key, k.leaf, t - 1, t, EXACT)?
                        .0
                        >= t
                }
                None => {
                    let t = k.gain - v;
                    self.search(&k.pos, k.stores, k.seeds, k.key, k.leaf, t, t + 1, EXACT)?
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
                None if seeds < self.dbs.len() => (Some(lookup(self.dbs, seeds, &board[..p])?), 0),
                None => (None, key(self.ranker, &board[..p], seeds)),
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
                leaf: self.leaf.of(&board[..p]),
            })
            .map_err(|_| SolveError::TooManyMoves)?;
        }
        Ok(())
    }

    /// The value of the ongoing position `pos` (stores' margin `stores`, `seeds` on
    /// the board, table key `key`, estimate `leaf`), searched `depth` plies deep (a
    /// position at depth 0 counts as its estimate, [`LeafEstimate`]) or to the end
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
        leaf: i32,
        alpha: i32,
        beta: i32,
        depth: u8,
    ) -> Result<(i32, bool), SolveError> {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.stopped = true;
        }
        if self.nodes & 0xFF == 0 {
            // Every 256 nodes: the nodes of all threads, the others' stop, the time.
            let all = self.total.fetch_add(0x100, Ordering::Relaxed) + 0x100;
            if all > self.node_limit
                || self.stop.load(Ordering::Relaxed)
                || (self.nodes & 0xFFF == 0 && self.deadline.is_some_and(|d| Instant::now() >= d))
            {
                self.stopped = true;
            }
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
        if let Some(e) = self.table.probe(key) {
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
            return Ok((leaf.clamp(-s, s), false));
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
            self.table.store(key, best, s, best_index, EXACT, 0);
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
                    if let Some(e) = self.table.probe(k2.key).filter(|e| e.depth >= child_depth) {
                        let b = k2.gain
                            + if k2.again {
                                i32::from(e.lower)
                            } else {
                                -i32::from(e.upper)
                            };
                        if b >= beta {
                            let d = if e.depth == EXACT { EXACT } else { depth };
                            self.table.store(key, b, s, k2.index, d, 0);
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
                    k.leaf,
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
                    k.leaf,
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
            self.table.store(key, -s, best, best_index, d, work);
        } else if best >= beta {
            self.table.store(key, best, s, best_index, d, work);
        } else {
            self.table.store(key, best, best, best_index, d, work);
        }
        Ok((best, proven))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two threads write and read the entries of 64 keys in a table of one bucket,
    /// each entry's bounds a function of its key: a read must never pair a key with
    /// another key's bounds (a torn read), and the same-depth bounds narrow.
    #[test]
    fn the_shared_table_never_mixes_entries() {
        let table = Table::new(0);
        let bounds = |key: u64, round: u64| {
            let l = (key % 50) as i32 - 25;
            (l, l + 1 + (round % 7) as i32)
        };
        let mixed = AtomicU64::new(0);
        let found = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for t in 0..2u64 {
                let (table, mixed, found) = (&table, &mixed, &found);
                scope.spawn(move || {
                    for round in 0..500_000u64 {
                        let key = 1 + (round * 7 + t * 13) % 64;
                        let (l, u) = bounds(key, round);
                        table.store(key, l, u, (key % 16) as u8, (key % 3) as u8, 1);
                        let read = 1 + (round * 11 + t) % 64;
                        if let Some(e) = table.probe(read) {
                            found.fetch_add(1, Ordering::Relaxed);
                            let (l, _) = bounds(read, 0);
                            let ok = i32::from(e.lower) == l
                                && i32::from(e.upper) > l
                                && i32::from(e.upper) <= l + 7
                                && u64::from(e.best) == read % 16
                                && u64::from(e.depth) == read % 3;
                            if !ok {
                                mixed.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                    }
                });
            }
        });
        assert_eq!(mixed.load(Ordering::Relaxed), 0);
        assert!(found.load(Ordering::Relaxed) > 10_000);
    }

    #[test]
    fn an_entry_packs_into_its_words() {
        let e = Entry {
            key: 12_345,
            lower: -127,
            upper: 126,
            best: u8::MAX,
            depth: EXACT,
            work: 63,
        };
        assert_eq!(e.data() & !DATA, 0);
        assert_eq!(Entry::from_words(12_345, e.data()), e);
    }

    #[test]
    fn the_rows_estimate_is_the_mover_row_minus_the_other() {
        // Pairs: the mover's pit a, the opponent's a, …
        assert_eq!(LeafEstimate::Rows.of(&[4, 0, 3, 1, 0, 5]), 7 - 6);
        assert_eq!(LeafEstimate::Even.of(&[4, 0, 3, 1, 0, 5]), 0);
        // Half the difference plus a quarter seed a seed: 1/2 + 13/4 = 3.75, to 4.
        let fitted = LeafEstimate::Fitted {
            slope: 512,
            lean: 256,
        };
        assert_eq!(fitted.of(&[4, 0, 3, 1, 0, 5]), 4);
        // Rounded to the nearest (1.5 to 2), within the seeds there are (1, 8).
        let steep = LeafEstimate::Fitted {
            slope: 1536,
            lean: 0,
        };
        assert_eq!(steep.of(&[1, 0]), 1);
        assert_eq!(steep.of(&[4, 0, 3, 1, 0, 4]), 3);
        assert_eq!(steep.of(&[0, 4, 0, 4]), -8);
        // Any coefficients a caller writes: no overflow, still within the seeds.
        let huge = LeafEstimate::Fitted {
            slope: i32::MAX,
            lean: i32::MAX,
        };
        assert_eq!(huge.of(&[126, 0]), 126);
        let low = LeafEstimate::Fitted {
            slope: i32::MAX,
            lean: i32::MIN,
        };
        assert_eq!(low.of(&[0, 126]), -126);
    }
}
