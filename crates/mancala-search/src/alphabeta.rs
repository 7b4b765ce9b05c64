//! Alpha-beta search over a game record: negamax with iterative deepening, a table of
//! best moves and move ordering; and plain minimax, the slow reference it is tested
//! against.
//!
//! # History
//! The search plays its lines on a copy of the game's record ([`Record`]), playing and
//! taking back each move, so every node sees the history of its own line: where the
//! game has a repetition rule (Urim rule 6, Rio Kadalis rule 6, Oware), a move that
//! brings back a position since the last capture ends the game there, scored as the
//! game's rule scores it (the record's [`status`](Record::status)).
//!
//! # The table, and why its cuts are exact (issue 30)
//! A node's value depends on the line that reached it, not only on its position: the
//! same position reached through other positions can repeat different ones. But all
//! that the rules read of the history is the set of positions since the last capture
//! (a move ends the game if it brings one of them back; a capture starts the set
//! afresh), so the table is keyed by the position **and** that set
//! ([`Record::history_key`]: a sum of mixed keys, kept by the record as it plays and
//! takes back; 0 in games without a repetition rule, Kalah and Omweso). Two nodes with
//! the same key have the same value at the same depth, whatever line reached them (up
//! to a collision of 64-bit keys).
//!
//! Each entry holds the best move, the value (decisive scores counted from the node, so
//! that they hold at any ply), its bound (fail-soft: exact inside the window searched, an
//! upper bound at or below it, a lower bound at or above it), the draft (the plies
//! searched below the node) and whether that search met a leaf cut by the depth. A
//! stored value is taken where it decides the window and was searched to the **same
//! draft**, or to a smaller one by a search that met no leaf cut by the depth (its value
//! then holds at every depth). An exact value inside the window is not returned as it
//! is, since the principal variation goes through that node: the node is searched again
//! in the narrowest window around it, which the table makes quick.
//!
//! The promise, tested against a minimax over the record that carries the history
//! (`tests/table.rs` on every game, `tests/repetition.rs`, `tests/engines.rs` on a ring
//! where nearly every line ends by repetition): **the value at depth `d` is exactly the
//! depth-`d` minimax value of the record**, history included, with or without the cuts
//! ([`AlphaBetaOptions::table_cuts`]), on one thread or several. A deeper entry is never
//! taken for a shallower node: that would make the value depend on what the table
//! happened to hold. What the cuts save is measured in `docs/performance.md`: little
//! (from 8% fewer nodes to 2% more at the depths measured), since in these games the same position
//! rarely comes back by another order of moves at the same remaining depth.

use crate::Instant;

use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU8, AtomicU64, AtomicUsize};
use std::sync::{Arc, Mutex};

use mancala_core::Position;
use mancala_core::arrayvec::ArrayVec;
use mancala_core::cycle::{MemoSlot, MemoStats, SearchMemo};
use mancala_core::record::{MoveOf, Record};
use mancala_core::rng::mix;

use crate::engine::{Engine, Limits, Report, working_copy};
use crate::eval::{Evaluator, Static, known_scores, score_with};
use crate::score::{
    EVAL_LIMIT, INFINITY, MAX_PLY, Score, Utility, from_child, is_decisive, points_of,
};

/// The most moves a node sorts; the games have at most 36 (Omweso's `MAX_MOVES`).
/// Moves beyond come after, unsorted.
const MAX_SORTED: usize = 64;

/// The default laps of one relay after which the engines take a move as endless without
/// proof ([`AlphaBetaOptions::endless_after`]). In Omweso, the only game whose relays
/// run long, every relay that ended in the measurements of `docs/performance.md` ended
/// within a few thousand laps, while proving a move endless takes up to billions; the
/// walk stops at Brent's next save, so after between this many laps and twice as many
/// (131,071 laps, about 0.4 ms).
pub const ENDLESS_AFTER: u64 = 1 << 16;

/// A memo of `2^bits` empty slots (none for 0), or of the largest power of two below
/// that the allocator grants.
pub(crate) fn memo_slots(bits: u8) -> Vec<MemoSlot> {
    if bits == 0 {
        return Vec::new();
    }
    let mut bits = bits.min(usize::BITS as u8 - 8);
    loop {
        let n = 1usize << bits;
        let mut slots = Vec::new();
        if slots.try_reserve_exact(n).is_ok() || bits == 0 {
            slots.resize(n, MemoSlot::default());
            return slots;
        }
        bits -= 1;
    }
}

/// The key of the search's root line (no move played yet).
const ROOT_LINE: u64 = mancala_core::rng::GOLDEN_GAMMA;

/// The key of the line `line` followed by a move whose hash is `m`.
#[inline]
fn extend_line(line: u64, m: u64) -> u64 {
    (line.rotate_left(23) ^ m)
        .wrapping_add(0x632b_e59b_d9b4_e019)
        .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
}

/// A move's hash for line keys.
#[inline]
fn move_hash<M: core::hash::Hash>(m: &M) -> u64 {
    use core::hash::Hasher;
    let mut h = mancala_core::FxHasher::default();
    m.hash(&mut h);
    h.finish()
}

/// The table's key of the current node of `game`: its position and what the rules read
/// of its history ([`Record::history_key`]), all a node's value depends on.
#[inline]
fn node_key<R: Record>(game: &R) -> u64 {
    mix(game.position().hash_key() ^ mix(game.history_key() ^ 0x632b_e59b_d9b4_e019))
}

/// An entry's bound: its value is a lower bound of the node's.
const LOWER: u8 = 1;
/// An entry's bound: its value is an upper bound of the node's.
const UPPER: u8 = 2;
/// Both bounds: the node's value.
const EXACT: u8 = LOWER | UPPER;
/// The entry's search met a leaf cut by the depth: its value holds at its draft only.
const DEPTH_CUT: u8 = 4;

/// A decisive score counted from the node `ply` plies from the root (as stored in the
/// table), not from the root.
#[inline]
fn to_node(v: Score, ply: usize) -> Score {
    match (is_decisive(v), v > 0) {
        (false, _) => v,
        (true, true) => v + ply as Score,
        (true, false) => v - ply as Score,
    }
}

/// [`to_node`] undone: a stored score counted from the root again.
#[inline]
fn from_node(v: Score, ply: usize) -> Score {
    match (is_decisive(v), v > 0) {
        (false, _) => v,
        (true, true) => v - ply as Score,
        (true, false) => v + ply as Score,
    }
}

/// What the table holds of a node.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The best move's index in the node's legal moves.
    best: u8,
    /// The value found (counted from the node: [`to_node`]) and its bound ([`LOWER`],
    /// [`UPPER`], none with the cuts off), the plies searched below the node, and
    /// [`DEPTH_CUT`].
    value: Score,
    draft: u8,
    flags: u8,
}

/// The table's slots: two words each, the entry packed in one (value, draft, flags,
/// move index, generation) and its key XOR that word in the other, so that threads
/// share one table without locks: a slot written by two threads at once reads as
/// empty (its words no longer match any key), never as another node's entry. The
/// threads of [`AlphaBeta::with_threads`] share one: they search the same iteration, so
/// an entry one thread stores is at the draft another thread's node asks for. (Lazy SMP,
/// every thread deepening on its own over one table, was tried in issue 30 and
/// measured slower: its deeper entries never cut.)
#[derive(Debug)]
struct Slots {
    words: Vec<[AtomicU64; 2]>,
    mask: usize,
    /// The current search's generation (never 0, the empty slot's).
    generation: AtomicU8,
}

/// The best move, value and bound found at each node of the search: one entry per
/// slot, indexed by the low bits of the node's key (its position and history, or with
/// [`AlphaBetaOptions::table_cuts`] off the line's: the moves from the root) and
/// checked against the whole key. Allocated once; a clone of an engine gets an empty
/// table of its own (a helper thread's is then replaced by its caller's).
#[derive(Debug)]
struct Table(Arc<Slots>);

impl Clone for Table {
    fn clone(&self) -> Self {
        Table::new(self.0.words.len().trailing_zeros() as u8)
    }
}

impl Table {
    /// A table of `2^bits` slots, or of the largest power of two below it that the
    /// allocator grants (a caller's `table_bits` is a wish, never an abort).
    fn new(bits: u8) -> Self {
        let mut bits = bits.min(usize::BITS as u8 - 8);
        loop {
            let n = 1usize << bits;
            let mut words = Vec::new();
            if words.try_reserve_exact(n).is_ok() || bits == 0 {
                words.extend((0..n).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]));
                return Table(Arc::new(Slots {
                    words,
                    mask: n - 1,
                    generation: AtomicU8::new(1),
                }));
            }
            bits -= 1;
        }
    }

    /// Forgets every entry in O(1): entries of older generations count as empty, so a
    /// search's result never depends on earlier searches.
    fn new_search(&self) {
        let g = self.0.generation.load(Relaxed).wrapping_add(1);
        if g == 0 {
            for w in &self.0.words {
                w[0].store(0, Relaxed);
                w[1].store(0, Relaxed);
            }
        }
        self.0.generation.store(g.max(1), Relaxed);
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<Entry> {
        let w = &self.0.words[key as usize & self.0.mask];
        let data = w[1].load(Relaxed);
        if w[0].load(Relaxed) ^ data != key || (data >> 56) as u8 != self.0.generation.load(Relaxed)
        {
            return None;
        }
        Some(Entry {
            value: data as u32 as Score,
            draft: (data >> 32) as u8,
            flags: (data >> 40) as u8,
            best: (data >> 48) as u8,
        })
    }

    /// The latest search of a node replaces whatever the slot held.
    #[inline]
    fn store(&self, key: u64, e: Entry) {
        let data = u64::from(e.value as u32)
            | u64::from(e.draft) << 32
            | u64::from(e.flags) << 40
            | u64::from(e.best) << 48
            | u64::from(self.0.generation.load(Relaxed)) << 56;
        let w = &self.0.words[key as usize & self.0.mask];
        w[0].store(key ^ data, Relaxed);
        w[1].store(data, Relaxed);
    }
}

/// Settings of [`AlphaBeta`] beyond its [`Limits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaOptions {
    /// log2 of the table's entries (`0` turns the table off).
    pub table_bits: u8,
    /// log2 of the slots of the memo of long relays ([`SearchMemo`]; `0` for none).
    pub memo_bits: u8,
    /// The laps of one relay after which the search takes a move as endless without
    /// proof ([`Position::play_in_search`]);
    /// `u64::MAX` plays every move exactly, however long that takes.
    pub endless_after: u64,
    /// What a finished game is worth: its game points, capped at what each player still
    /// needs in a match ([`Utility`]).
    pub utility: Utility,
    /// The history heuristic in the move ordering (on by default): moves that cut off
    /// earlier in the search, weighted by the depth squared, come first among moves
    /// the other keys tie (at depth 1, where children are not evaluated to be ordered,
    /// it is the only key). Off, the ordering is the table's move, then the children's
    /// evaluations, then the game's order. `docs/engine.md` gives the nodes it saves.
    pub history: bool,
    /// Killer moves (off by default: measured, they cost nodes in two games of four;
    /// `docs/engine.md`): the last two moves that cut off at the same ply come first
    /// among moves of equal evaluation.
    pub killers: bool,
    /// Whether the table's values cut the search (on by default): a node found again
    /// with the same position and the same history the rules read
    /// ([`Record::history_key`]) takes its stored value where it decides the window,
    /// so the values stay those of plain minimax (see the [module](self)). Off, the
    /// table is keyed by the line from the root and only orders moves, as before
    /// issue 30 (kept to measure the cuts against).
    pub table_cuts: bool,
}

impl Default for AlphaBetaOptions {
    /// A table of 2^18 entries (a few megabytes), a memo of 2^14 slots (768 KiB) and
    /// [`ENDLESS_AFTER`] laps.
    fn default() -> Self {
        AlphaBetaOptions {
            table_bits: 18,
            memo_bits: 14,
            endless_after: ENDLESS_AFTER,
            utility: Utility::GAME,
            history: true,
            killers: false,
            table_cuts: true,
        }
    }
}

/// Negamax alpha-beta with iterative deepening, searching a game record.
///
/// - The lines are played on a copy of the record, so the history rules count: see the
///   [module](self).
/// - Scores are side-relative; a child's score is negated only when the player to move
///   changes ([`from_child`]), so Omweso's mid-turn decisions (the same player moves
///   twice) are searched correctly. Every decision is one ply.
/// - Finished games score by [`terminal_score`](crate::score::terminal_score) (annulled
///   = 0) of the record's status; other leaves by the evaluator.
/// - A table keyed by position and history cuts the search where a stored value decides
///   the window, keeping the values of plain minimax: see the [module](self).
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
/// use mancala_core::{record::{Line, Record}, toy::Countdown};
/// use mancala_search::{AlphaBeta, Engine, Limits, score::{win_score, ShowScore}};
/// let mut ab = AlphaBeta::new(Limits::depth(20));
/// let r = ab.search(&Line::new(Countdown::new(8)));
/// assert_eq!(r.best.unwrap().0, 2);         // leave 6
/// // 6, 5 (North delays), 3, 2, 0: South takes the last token at ply 5.
/// assert_eq!(r.score, win_score(1, 5));
/// assert_eq!(ShowScore(r.score).to_string(), "win in 5");
/// ```
#[derive(Clone, Debug)]
pub struct AlphaBeta<R: Record, E = Static> {
    eval: E,
    limits: Limits,
    table: Option<Table>,
    /// The working copy of the record searched (kept for its buffers).
    work: Option<R>,
    pv: Vec<Option<MoveOf<R>>>,
    pv_len: Vec<usize>,
    /// The memo of long relays, kept from search to search (its answers do not depend
    /// on what it holds), and its counters.
    memo: Vec<MemoSlot>,
    memo_stats: MemoStats,
    endless_after: u64,
    utility: Utility,
    nodes: u64,
    start: Instant,
    stopped: bool,
    /// Whether the current iteration met a leaf cut by the depth (not a finished game
    /// or a known outcome): if not, the iteration solved the game and the next can
    /// find nothing more.
    depth_cut: bool,
    /// Two killer moves a ply (moves that cut off at that ply, latest first), and the
    /// history counters (`HISTORY` per player, indexed by the move's hash), reset at
    /// every search; each empty when off.
    killers: Vec<[Option<MoveOf<R>>; 2]>,
    history: Vec<u32>,
    /// Whether the history counters order moves (they are kept for the killers too).
    options_history: bool,
    /// [`AlphaBetaOptions::table_cuts`].
    table_cuts: bool,
    /// Threads, and the search that uses them (set by [`AlphaBeta::with_threads`]), with
    /// the engines of the other threads (kept for their buffers).
    threads: usize,
    parallel: Option<ParallelSearch<R, E>>,
    helpers: Vec<AlphaBeta<R, E>>,
    /// In a search with threads: the nodes of all of them, against the node limit
    /// (each adds its own every [`BUDGET_STEP`] nodes).
    shared_nodes: Option<std::sync::Arc<core::sync::atomic::AtomicU64>>,
    /// The split of a node's remaining moves among the threads, and the iteration that
    /// starts them (set by [`AlphaBeta::with_threads`]).
    split: Option<SplitSearch<R, E>>,
    iteration: Option<IterationSearch<R, E>>,
    /// In an iteration searched by several threads: what they share (the open split
    /// points, the idle count, the stop), and the innermost split point this thread
    /// searches moves of (whose cut, or an enclosing one's, stops it).
    shared: Option<Arc<Shared<R>>>,
    current: Option<Arc<SplitPoint<R>>>,
    /// Records kept for their buffers, into which this thread copies the record of a
    /// split point it joins.
    spare: Vec<R>,
    /// Nodes with at least this many plies left split ([`SPLIT_DEPTH`] unless a test
    /// sets it).
    split_depth: u32,
    /// How many moves a node expected to cut searches before it splits
    /// ([`NodeKind::wait`]; 1 unless set).
    cut_wait: usize,
    /// In a split: the line of the best move this thread searched (kept while it
    /// searches the next ones), and its length.
    split_pv: Vec<Option<MoveOf<R>>>,
    split_pv_len: usize,
    /// The expected kind of the node at each ply of the line this thread searches (set
    /// by the parent before it searches the child; the root is a PV node).
    kind: Vec<NodeKind>,
    /// Iterations are split among the threads only if the previous one took this long
    /// ([`PARALLEL_AFTER`] unless a test sets it).
    parallel_after: core::time::Duration,
}

/// A node is split among the threads only with at least this many plies left (below,
/// the moves' subtrees are too small to pay for the copy of the record a joining thread
/// makes).
const SPLIT_DEPTH: u32 = 5;

/// A node of more than this many moves (Omweso's, up to 36; the two-row games' boards
/// here have 6 or 7 pits a side) splits only with [`WIDE_EXTRA`] more plies left than
/// [`SPLIT_DEPTH`]: its moves' subtrees are each smaller for the same depth, and a
/// second thread there searched moves one thread never reached (on a quiet machine,
/// Omweso to depth 15: 1.46× at 5 plies, 1.61× at 7; Rio Kadalis lost at 7).
const WIDE_MOVES: usize = 12;

/// See [`WIDE_MOVES`].
const WIDE_EXTRA: u32 = 2;

/// The plies a node of `moves` moves needs beyond the split depth to split.
fn wide_extra(moves: usize) -> u32 {
    if moves > WIDE_MOVES { WIDE_EXTRA } else { 0 }
}

/// The expected kind of a node (Knuth and Moore's node types), which decides how many
/// of its moves are searched before the rest is shared among the threads: a node on
/// the principal variation (`Pv`: the root and the first child of a `Pv` node), one
/// expected to fail high on its first move (`Cut`: the other children of `Pv` and
/// `All` nodes, and the children of a `Cut` node after its first), one expected to
/// search every move (`All`: the first child of a `Cut` node).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NodeKind {
    Pv,
    Cut,
    All,
}

impl NodeKind {
    /// The expected kind of this node's child searched as its `children`-th move.
    #[inline]
    fn child(self, children: usize) -> NodeKind {
        match (self, children) {
            (NodeKind::Pv, 1) => NodeKind::Pv,
            (NodeKind::Cut, 1) => NodeKind::All,
            _ => NodeKind::Cut,
        }
    }

    /// How many moves of such a node are searched before the rest are offered to the
    /// idle threads (young brothers wait; offered then or never): one at `Pv` and
    /// `All` nodes; `cut` at a `Cut` node (1 by default; with 2, a node whose second
    /// move cuts where the first did not is never split, where a helper joining after
    /// the first would search moves that one thread never reaches).
    #[inline]
    fn wait(self, cut: usize) -> usize {
        match self {
            NodeKind::Cut => cut,
            NodeKind::Pv | NodeKind::All => 1,
        }
    }
}

/// One iteration searched by all the threads ([`AlphaBeta::with_threads`]).
type IterationSearch<R, E> = fn(&mut AlphaBeta<R, E>, &mut R, u32) -> Score;

/// What the threads of an iteration share.
struct Shared<R: Record> {
    /// The split points whose moves other threads may join.
    offers: Mutex<Vec<Arc<SplitPoint<R>>>>,
    /// How many split points are offered (read without the lock).
    open: AtomicUsize,
    /// Threads with nothing to search, looking for a split point to join.
    idle: AtomicUsize,
    /// A thread reached the time or node limit, or panicked: every thread stops.
    stop: AtomicBool,
    /// The iteration is over: the helpers return.
    done: AtomicBool,
}

impl<R: Record> core::fmt::Debug for Shared<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Shared")
    }
}

/// A node whose remaining moves the threads share (young brothers wait: its first move
/// was searched alone). Made by the thread searching the node (its owner), which
/// searches its moves too, then waits for the others to leave it.
struct SplitPoint<R: Record> {
    /// The record at the node (a joining thread searches on a copy).
    game: R,
    /// The moves left, in search order; the next one to take.
    moves: ArrayVec<MoveOf<R>, MAX_SORTED>,
    next: AtomicUsize,
    depth: u32,
    beta: Score,
    ply: usize,
    line: u64,
    /// The best value found exact so far (the window's floor for the next moves).
    floor: AtomicI32,
    /// A move failed high (or the owner stopped): every thread searching its moves
    /// stops, and what they were searching is discarded.
    cut: AtomicBool,
    /// The split point under which the owner searched this node (its cut stops this
    /// one's threads too).
    parent: Option<Arc<SplitPoint<R>>>,
    /// Threads other than the owner searching its moves.
    workers: AtomicUsize,
    /// A search of one of its moves met a leaf cut by the depth.
    depth_cut: AtomicBool,
    /// The best (value, found exact, index in `moves`) and its line.
    best: Mutex<(Option<Found>, Line<R>)>,
}

/// A thread's best move at a split point: its value, whether it was found exact (above
/// the floor it was searched with), its index in the split point's moves.
type Found = (Score, bool, usize);

/// A line of moves.
type Line<R> = Vec<Option<MoveOf<R>>>;

impl<R: Record> core::fmt::Debug for SplitPoint<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("SplitPoint")
    }
}

/// Whether `sp` or a split point enclosing it is cut.
fn cut_in<R: Record>(mut sp: Option<&Arc<SplitPoint<R>>>) -> bool {
    while let Some(s) = sp {
        if s.cut.load(Relaxed) {
            return true;
        }
        sp = s.parent.as_ref();
    }
    false
}

/// Whether `sp` is `under` or inside it.
fn descends<R: Record>(sp: &Arc<SplitPoint<R>>, under: &Arc<SplitPoint<R>>) -> bool {
    let mut s = Some(sp);
    while let Some(x) = s {
        if Arc::ptr_eq(x, under) {
            return true;
        }
        s = x.parent.as_ref();
    }
    false
}

/// Leaves a split point joined, even by a panic (which then stops every thread).
struct Leave<'a, R: Record>(&'a SplitPoint<R>, &'a Shared<R>);

impl<R: Record> Drop for Leave<'_, R> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.1.stop.store(true, Relaxed);
            self.0.cut.store(true, Relaxed);
        }
        self.0.workers.fetch_sub(1, Release);
    }
}

/// Ends an iteration's threads when the thread that started them leaves it, even by a
/// panic.
struct Done<'a, R: Record>(&'a Shared<R>);

impl<R: Record> Drop for Done<'_, R> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop.store(true, Relaxed);
        }
        self.0.done.store(true, Release);
    }
}

/// The split of [`AlphaBeta::with_threads`]: the node's remaining moves in order, its
/// depth, window, ply and line; gives the best of those moves (value and index) and
/// leaves that move's line in the caller's row `ply + 1` of principal variations.
type SplitSearch<R, E> = fn(
    &mut AlphaBeta<R, E>,
    &mut R,
    &[MoveOf<R>],
    u32,
    (Score, Score),
    usize,
    u64,
) -> Option<(Score, usize)>;

/// An iteration of alpha-beta with threads is shared among them only if the previous
/// one took this long (starting the helpers costs tens of microseconds; at 20 ms, the
/// value before, a move of 100 ms left the second core idle: docs/performance.md,
/// "Engine: the Elo of two threads").
const PARALLEL_AFTER: core::time::Duration = core::time::Duration::from_millis(1);

/// A thread of a search with threads adds its nodes to the shared count in steps of
/// this many: one atomic addition per step, and a node limit overrun by at most this
/// many nodes a thread.
const BUDGET_STEP: u64 = 64;

/// The search of [`AlphaBeta::with_threads`].
type ParallelSearch<R, E> =
    fn(&mut AlphaBeta<R, E>, &R, &mut dyn FnMut(&Report<MoveOf<R>>)) -> Report<MoveOf<R>>;

/// History counters per player (a power of two; moves share a counter by the low bits
/// of their hash, which only ever changes an order).
const HISTORY: usize = 1 << 12;

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
        AlphaBeta {
            eval,
            limits,
            table: (options.table_bits > 0).then(|| Table::new(options.table_bits)),
            work: None,
            pv: vec![None; MAX_PLY * MAX_PLY],
            pv_len: vec![0; MAX_PLY + 1],
            memo: memo_slots(options.memo_bits),
            memo_stats: MemoStats::default(),
            endless_after: options.endless_after,
            utility: options.utility,
            nodes: 0,
            start: Instant::now(),
            stopped: false,
            depth_cut: false,
            killers: if options.killers {
                vec![[None; 2]; MAX_PLY + 1]
            } else {
                Vec::new()
            },
            history: if options.history || options.killers {
                vec![0; 2 * HISTORY]
            } else {
                Vec::new()
            },
            options_history: options.history,
            table_cuts: options.table_cuts,
            threads: 1,
            parallel: None,
            helpers: Vec::new(),
            shared_nodes: None,
            split: None,
            iteration: None,
            shared: None,
            current: None,
            spare: Vec::new(),
            split_depth: SPLIT_DEPTH,
            cut_wait: 1,
            split_pv: Vec::new(),
            split_pv_len: 0,
            kind: vec![NodeKind::Pv; MAX_PLY + 1],
            parallel_after: PARALLEL_AFTER,
        }
    }

    /// The threads searching: 1 unless built [`with_threads`](AlphaBeta::with_threads).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Splits every iteration among the threads, however short the one before (for
    /// tests: the threads then split at depths quick to check; by default iterations
    /// after one shorter than 1 ms are searched by one thread).
    #[doc(hidden)]
    pub fn split_every_iteration(&mut self) {
        self.parallel_after = core::time::Duration::ZERO;
    }

    /// Splits nodes with at least `depth` plies left, nodes of more than 12 moves with 2
    /// more (for tests: splits at depths quick to check, many of them inside other
    /// splits; by default 5).
    #[doc(hidden)]
    pub fn set_split_depth(&mut self, depth: u32) {
        self.split_depth = depth.max(1);
    }

    /// Makes a node expected to cut (`NodeKind`) search `moves` moves without a cut
    /// before it splits (at least 1, the default, as every other node; for measuring:
    /// `ordering -- deep [rounds] cut-wait 2`).
    #[doc(hidden)]
    pub fn set_cut_wait(&mut self, moves: usize) {
        self.cut_wait = moves.max(1);
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
        self.memo_stats
    }

    /// Plays `m` on the search's copy of the record: bounded and remembered
    /// ([`Record::play_in_search`]).
    #[inline]
    fn play(&mut self, game: &mut R, m: MoveOf<R>) {
        let mut memo = SearchMemo::new(&mut self.memo, &mut self.memo_stats, self.endless_after);
        game.play_in_search(m, &mut memo);
    }

    /// The value of the current position of `game` at exactly `depth` plies, for its
    /// player to move, history included (one iteration, no time limit).
    ///
    /// ```
    /// use mancala_core::{record::{Line, Record}, toy::Countdown};
    /// use mancala_search::{AlphaBeta, Limits, minimax, eval::Static};
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

    fn begin(&mut self, limits: Limits) {
        if let Some(t) = &self.table {
            t.new_search();
        }
        self.begin_thread(limits);
    }

    /// [`begin`](AlphaBeta::begin) but for the table, which a search's threads share.
    fn begin_thread(&mut self, limits: Limits) {
        self.limits = limits;
        self.nodes = 0;
        self.killers.fill([None; 2]);
        self.history.fill(0);
        self.memo_stats = MemoStats::default();
        self.start = Instant::now();
        self.stopped = false;
        // Nothing of an iteration that a panic left unfinished.
        self.shared = None;
        self.current = None;
    }

    #[inline]
    fn check_limits(&mut self) {
        if let Some(n) = self.limits.nodes {
            let used = match &self.shared_nodes {
                None => Some(self.nodes),
                // With threads, every `BUDGET_STEP` nodes: all threads' nodes.
                Some(all) if self.nodes.is_multiple_of(BUDGET_STEP) => Some(
                    all.fetch_add(BUDGET_STEP, core::sync::atomic::Ordering::Relaxed) + BUDGET_STEP,
                ),
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
            && self.start.elapsed() >= t
        {
            self.stopped = true;
        }
        // With threads: a limit one thread reached stops all; a cut of the split point
        // this thread searches under stops this thread.
        if let Some(s) = &self.shared {
            if self.stopped {
                s.stop.store(true, Relaxed);
            } else if s.stop.load(Relaxed) || cut_in(self.current.as_ref()) {
                self.stopped = true;
            }
        }
    }

    /// The moves of the current position of `game` other than `skip` (the table move,
    /// searched before), in search order: at depth 2 and more by the score of the
    /// position they lead to (each child played and taken back once); then (ties, and
    /// at depth 1 the only keys) the killer moves of `ply` if on, then the history
    /// counters if on; then the game's order. Moves beyond `MAX_SORTED` are left out
    /// here and searched after, unsorted.
    fn ordered(
        &mut self,
        game: &mut R,
        moves: &[MoveOf<R>],
        skip: Option<MoveOf<R>>,
        depth: u32,
        ply: usize,
    ) -> ArrayVec<(MoveOf<R>, Score), MAX_SORTED> {
        let me = game.position().side_to_move();
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let use_history = self.options_history;
        let mut order = ArrayVec::new();
        for &m in moves.iter().take(MAX_SORTED) {
            if Some(m) == skip {
                continue;
            }
            let key = if depth >= 2 {
                self.play(game, m);
                let s = from_child(
                    score_with(&self.eval, game, ply + 1, &self.utility),
                    me,
                    game.position().side_to_move(),
                );
                game.undo();
                s
            } else {
                0
            };
            order.push((m, key));
        }
        // Stable: equal keys keep the game's move order, so results are deterministic.
        if self.history.is_empty() {
            if depth >= 2 {
                order.sort_by_key(|e| core::cmp::Reverse(e.1));
            }
        } else {
            let side = me.index() * HISTORY;
            let history = &self.history;
            order.sort_by_key(|&(m, key)| {
                let killer = if killers[0] == Some(m) {
                    2
                } else {
                    u8::from(killers[1] == Some(m))
                };
                let h = if use_history {
                    history[side + (move_hash(&m) as usize & (HISTORY - 1))]
                } else {
                    0
                };
                core::cmp::Reverse((key, killer, h))
            });
        }
        order
    }

    /// Notes that `m` cut off at `ply`, `depth` plies from the leaves: a killer of the
    /// ply, and `depth²` more on its history counter.
    #[inline]
    fn note_cutoff(&mut self, m: MoveOf<R>, me: mancala_core::Player, depth: u32, ply: usize) {
        if self.history.is_empty() {
            return;
        }
        if let Some(k) = self.killers.get_mut(ply)
            && k[0] != Some(m)
        {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let i = me.index() * HISTORY + (move_hash(&m) as usize & (HISTORY - 1));
        self.history[i] = self.history[i].saturating_add(depth * depth);
    }

    /// The value of the current position of `game` searched `depth` plies deep, the
    /// line from the root having the key `line`. Leaves `game` as it found it.
    fn negamax(
        &mut self,
        game: &mut R,
        depth: u32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
        line: u64,
    ) -> Score {
        self.nodes += 1;
        self.pv_len[ply] = 0;
        self.check_limits();
        if self.stopped {
            return 0;
        }
        if game.is_finished() {
            return score_with(&self.eval, game, ply, &self.utility);
        }
        // A position whose outcome the evaluator knows (an endgame database) is scored
        // as that ending and not searched; one it knows bounds on is cut where a bound
        // refutes the window, and its score kept within them. At the root a move is
        // still wanted.
        let (lo, hi) = match ply > 0 {
            true => known_scores(&self.eval, game, ply, &self.utility),
            false => None,
        }
        .unwrap_or((-INFINITY, INFINITY));
        if lo == hi || lo >= beta {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        if depth == 0 || ply + 1 >= MAX_PLY {
            // A leaf cut by the depth: a deeper iteration may see more.
            self.depth_cut = true;
            return self
                .eval
                .evaluate(game.position())
                .clamp(-EVAL_LIMIT, EVAL_LIMIT)
                .clamp(lo, hi);
        }
        let key = if self.table_cuts {
            node_key(game)
        } else {
            line
        };
        let entry = self.table.as_ref().and_then(|t| t.probe(key));
        if let Some(e) = entry
            && ply > 0
            && let Some(v) = self.stored_cut(&e, depth, alpha, beta, ply)
        {
            if v <= alpha || v >= beta {
                if e.flags & DEPTH_CUT != 0 {
                    self.depth_cut = true;
                }
                return v;
            }
            // An exact value inside the window: the principal variation goes through
            // here, so the node is searched for its line, in the narrowest window that
            // holds the value (where it is found exact again, quickly).
            alpha = v - 1;
            beta = v + 1;
        }
        let moves = game.legal_moves();
        if moves.is_empty() {
            return score_with(&self.eval, game, ply, &self.utility);
        }
        // The table's move first, before the others are played to be ordered: if it
        // cuts off, they are never played (some Omweso moves take long to play).
        let table_move = entry.and_then(|e| moves.get(usize::from(e.best)).copied());
        let me = game.position().side_to_move();
        let kind = match ply {
            0 => NodeKind::Pv,
            _ => self.kind[ply],
        };
        let alpha_in = alpha;
        // Whether this node's own search meets a leaf cut by the depth.
        let cut_before = core::mem::replace(&mut self.depth_cut, false);
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut order = ArrayVec::new();
        let mut first = table_move;
        let mut sorted = false;
        let mut next = 0;
        let mut children = 0;
        loop {
            let m = match first.take() {
                Some(m) => m,
                None => {
                    if !sorted {
                        order = self.ordered(game, &moves, table_move, depth, ply);
                        sorted = true;
                    }
                    // After the sorted moves, those beyond MAX_SORTED in the game's order.
                    let m = match order.get(next) {
                        Some(&(m, _)) => m,
                        None => match moves
                            .iter()
                            .skip(MAX_SORTED)
                            .filter(|&&m| Some(m) != table_move)
                            .nth(next - order.len())
                        {
                            Some(&m) => m,
                            None => break,
                        },
                    };
                    next += 1;
                    m
                }
            };
            children += 1;
            self.kind[ply + 1] = kind.child(children);
            let v = self.child(game, m, depth, (alpha, beta), ply, line);
            if self.stopped {
                self.depth_cut |= cut_before;
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
                self.note_cutoff(m, me, depth, ply);
                break;
            }
            // Young brothers wait: once its first move is searched (its first two at a
            // node expected to cut), a node deep enough shares the others with the
            // threads that have nothing to search.
            if let (true, true, Some(split)) = (
                children == kind.wait(self.cut_wait),
                depth >= self.split_depth + wide_extra(moves.len()),
                self.split,
            ) && moves.len() <= MAX_SORTED
                && self
                    .shared
                    .as_ref()
                    .is_some_and(|s| s.idle.load(Relaxed) > 0)
            {
                if !sorted {
                    order = self.ordered(game, &moves, table_move, depth, ply);
                }
                let rest: ArrayVec<MoveOf<R>, MAX_SORTED> =
                    order.iter().skip(next).map(|&(m, _)| m).collect();
                let found = split(self, game, &rest, depth, (alpha, beta), ply, line);
                if let Some((v, i)) = found
                    && v > best
                {
                    best = v;
                    best_move = Some(rest[i]);
                    if v > alpha {
                        alpha = v;
                        self.update_pv(ply, rest[i]);
                    }
                }
                if self.stopped {
                    self.depth_cut |= cut_before;
                    return 0;
                }
                if alpha >= beta
                    && let Some(m) = best_move
                {
                    self.note_cutoff(m, me, depth, ply);
                }
                break;
            }
        }
        // Within the known bounds (fail-soft stays sound: a search that failed low
        // below `lo` proves the clamped value is `lo`, one that failed high above `hi`
        // that it is `hi`).
        let value = best.clamp(lo, hi);
        let met_cut = self.depth_cut;
        self.depth_cut |= cut_before;
        if let (Some(t), Some(best)) = (
            &self.table,
            best_move.and_then(|m| moves.iter().position(|&x| x == m)),
        ) {
            let flags = match self.table_cuts {
                false => 0,
                // Fail-soft: a value at or below the window's floor bounds the node's
                // from above, one at or above its ceiling from below.
                true => {
                    let bound = if value <= alpha_in {
                        UPPER
                    } else if value >= beta {
                        LOWER
                    } else {
                        EXACT
                    };
                    bound | if met_cut { DEPTH_CUT } else { 0 }
                }
            };
            t.store(
                key,
                Entry {
                    best: u8::try_from(best).unwrap_or(u8::MAX),
                    value: to_node(value, ply),
                    draft: depth.min(u32::from(u8::MAX)) as u8,
                    flags,
                },
            );
        }
        value
    }

    /// The value of the move `m` from the current node of `game` (`depth` plies left,
    /// the window `(alpha, beta)`, `ply` plies from the root, on the line `line`), for
    /// the node's player to move: `m` played, its child searched one ply less (its
    /// window and value negated if the player to move changes), `m` taken back.
    #[inline]
    fn child(
        &mut self,
        game: &mut R,
        m: MoveOf<R>,
        depth: u32,
        (alpha, beta): (Score, Score),
        ply: usize,
        line: u64,
    ) -> Score {
        let me = game.position().side_to_move();
        self.play(game, m);
        let child_line = extend_line(line, move_hash(&m));
        let v = if game.position().side_to_move() == me {
            self.negamax(game, depth - 1, alpha, beta, ply + 1, child_line)
        } else {
            -self.negamax(game, depth - 1, -beta, -alpha, ply + 1, child_line)
        };
        game.undo();
        v
    }

    /// The stored value of a node searched `depth` plies deep in the window
    /// `(alpha, beta)`, `ply` plies from the root, where the entry `e` decides it: an
    /// entry of the same draft, or of a smaller one whose search met no leaf cut by the
    /// depth (its value holds at every depth from there), whose bound is exact or
    /// refutes the window. With it, the node's value is what its search would return
    /// under the fail-soft rule (exact inside the window, a bound outside).
    #[inline]
    fn stored_cut(
        &self,
        e: &Entry,
        depth: u32,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Option<Score> {
        let draft = u32::from(e.draft);
        if e.flags & EXACT == 0 || !(draft == depth || (draft < depth && e.flags & DEPTH_CUT == 0))
        {
            return None;
        }
        let v = from_node(e.value, ply);
        match e.flags & EXACT {
            EXACT => Some(v),
            LOWER if v >= beta => Some(v),
            UPPER if v <= alpha => Some(v),
            _ => None,
        }
    }

    /// The principal variation at `ply` is `m` followed by the child's.
    #[inline]
    fn update_pv(&mut self, ply: usize, m: MoveOf<R>) {
        let child_len = self.pv_len[ply + 1].min(MAX_PLY - 1);
        let (head, tail) = self.pv.split_at_mut((ply + 1) * MAX_PLY);
        let row = &mut head[ply * MAX_PLY..];
        row[0] = Some(m);
        row[1..=child_len].copy_from_slice(&tail[..child_len]);
        self.pv_len[ply] = child_len + 1;
    }

    fn principal_variation(&self) -> Vec<MoveOf<R>> {
        self.pv[..self.pv_len[0]]
            .iter()
            .flatten()
            .copied()
            .collect()
    }
}

impl<R: Record, E: Evaluator<R::Position>> Engine<R> for AlphaBeta<R, E> {
    fn name(&self) -> String {
        // The spec that builds this engine (`spec`): the same name in every table.
        let mut threads = if self.threads > 1 && self.parallel.is_some() {
            format!(":{}t", self.threads)
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
        if self.threads > 1
            && let Some(parallel) = self.parallel
        {
            return parallel(self, game, &mut on_depth);
        }
        self.begin(self.limits);
        self.iterate(game, &mut on_depth)
    }

    /// Iterative deepening of the search begun.
    fn iterate(
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
            let score = match self.iteration {
                Some(iteration) if !self.helpers.is_empty() && last >= self.parallel_after => {
                    iteration(self, &mut work, depth)
                }
                _ => self.negamax(&mut work, depth, -INFINITY, INFINITY, 0, ROOT_LINE),
            };
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
            last = began.elapsed();
            report.best = self.pv[0].filter(|_| self.pv_len[0] > 0).or(report.best);
            report.score = score;
            report.depth = depth;
            report.pv = self.principal_variation();
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

    /// The nodes searched by this thread and its helpers.
    fn all_nodes(&self) -> u64 {
        self.nodes + self.helpers.iter().map(|h| h.nodes).sum::<u64>()
    }
}

impl<R, E> AlphaBeta<R, E>
where
    R: Record + Send + Sync,
    MoveOf<R>: Send + Sync,
    E: Evaluator<R::Position> + Clone + Send + Sync,
{
    /// An alpha-beta player that searches with `threads` threads (at least 1; the
    /// record, its moves and the evaluator go to the other threads). Young brothers
    /// wait: the other threads live for an iteration, waiting for work; at any node
    /// with at least 5 plies left whose first move is searched (alone, by the thread
    /// searching the node; its first two without a cut at a node expected to cut,
    /// `NodeKind`), if a thread is idle, the node's other moves become a split
    /// point: every thread that joins it (on its own copy of the record) and the thread
    /// that made it take its next unsearched move and search it with the best value
    /// found so far as its floor (at the root, one below: ties go to the first move in
    /// the root's order), splitting again below; a move that fails high stops them all.
    /// A thread that runs out of moves at its own split point joins those made below
    /// it until the others leave it. All search over one shared table. A depth's value
    /// is therefore the one-thread value, the minimax value, whatever the timing; only
    /// the node counts (and, among equal values below the root, the move stored in the
    /// table) vary from run to run. Iterations after one shorter than 1 ms are
    /// searched by this thread alone. A node limit is one budget for all the threads;
    /// a panic in any of them reaches the caller as it was raised.
    ///
    /// ```
    /// use mancala_core::{record::{Line, Record}, toy::Countdown};
    /// use mancala_search::{AlphaBeta, AlphaBetaOptions, Engine, Limits, eval::Static};
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
        ab.threads = threads.max(1);
        ab.parallel = Some(Self::search_parallel);
        ab.iteration = Some(Self::iteration);
        ab.split = Some(Self::split);
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
        while self.helpers.len() + 1 < self.threads {
            let mut h = self.clone();
            h.helpers = Vec::new();
            h.parallel = None;
            h.iteration = None;
            h.threads = 1;
            self.helpers.push(h);
        }
        if self.split_pv.is_empty() {
            self.split_pv = vec![None; MAX_PLY];
        }
        let (start, limits) = (self.start, self.limits);
        // One node budget for all the threads.
        let all_nodes = Arc::new(AtomicU64::new(0));
        self.shared_nodes = Some(Arc::clone(&all_nodes));
        for h in &mut self.helpers {
            h.begin_thread(limits);
            h.start = start;
            h.shared_nodes = Some(Arc::clone(&all_nodes));
            h.split_depth = self.split_depth;
            h.cut_wait = self.cut_wait;
            // One table for all the threads: they search the same iteration, so each
            // finds the others' entries at their own draft.
            h.table = self.table.as_ref().map(|t| Table(Arc::clone(&t.0)));
            if h.split_pv.is_empty() {
                h.split_pv = vec![None; MAX_PLY];
            }
        }
        let report = self.iterate(game, on_depth);
        self.shared_nodes = None;
        report
    }

    /// One iteration (`depth` plies from the current node of `game`, the root) searched
    /// by this thread and its helpers: they live for the iteration, each waiting for a
    /// split point to join ([`AlphaBeta::help`]) until this thread has the root's value.
    fn iteration(&mut self, game: &mut R, depth: u32) -> Score {
        let shared = Arc::new(Shared {
            offers: Mutex::new(Vec::with_capacity(MAX_PLY)),
            open: AtomicUsize::new(0),
            idle: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            done: AtomicBool::new(false),
        });
        let mut helpers = core::mem::take(&mut self.helpers);
        for h in &mut helpers {
            h.shared = Some(Arc::clone(&shared));
            h.current = None;
            h.stopped = false;
        }
        self.shared = Some(Arc::clone(&shared));
        self.current = None;
        let (score, panicked) = std::thread::scope(|scope| {
            let handles: ArrayVec<_, 8> = helpers
                .iter_mut()
                .take(8)
                .map(|h| scope.spawn(|| h.help()))
                .collect();
            // For tests ([`AlphaBeta::split_every_iteration`]): the helpers are all
            // waiting before the search starts, so that even a quick one splits.
            let mut spins = 0u32;
            while self.parallel_after.is_zero() && shared.idle.load(Relaxed) < handles.len() {
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
        self.shared = None;
        for h in &mut helpers {
            h.shared = None;
        }
        self.helpers = helpers;
        score
    }

    /// A helper's part of an iteration: it joins split points until the iteration is
    /// over.
    fn help(&mut self) {
        let Some(shared) = self.shared.clone() else {
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
            let mut game = working_copy(&mut self.spare.pop(), &sp.game, MAX_PLY);
            let outer = self.current.replace(Arc::clone(&sp));
            let cut_before = core::mem::replace(&mut self.depth_cut, false);
            self.work_on(&sp, &mut game);
            self.depth_cut = cut_before;
            self.current = outer;
            self.spare.push(game);
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
            self.kind[ply + 1] = NodeKind::Cut;
            let v = self.child(game, m, depth, (floor, beta), ply, line);
            if self.stopped {
                break;
            }
            let exact = v > floor;
            if exact {
                sp.floor.fetch_max(v, Relaxed);
            }
            if found.is_none_or(|(b, e, _)| (v, exact) > (b, e)) {
                found = Some((v, exact, i));
                let n = self.pv_len[ply + 1].min(MAX_PLY);
                let row = (ply + 1) * MAX_PLY;
                self.split_pv[..n].copy_from_slice(&self.pv[row..row + n]);
                self.split_pv_len = n;
            }
            if v >= beta {
                self.note_cutoff(m, me, depth, ply);
                sp.cut.store(true, Relaxed);
                break;
            }
        }
        if self.depth_cut {
            sp.depth_cut.store(true, Relaxed);
        }
        let key =
            |f: Option<(Score, bool, usize)>| f.map(|(v, e, i)| (v, e, core::cmp::Reverse(i)));
        if found.is_some() {
            let mut best = sp.best.lock().unwrap_or_else(|e| e.into_inner());
            if key(found) > key(best.0) {
                best.0 = found;
                best.1.clear();
                best.1
                    .extend_from_slice(&self.split_pv[..self.split_pv_len]);
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
        let shared = Arc::clone(self.shared.as_ref()?);
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
            parent: self.current.clone(),
            workers: AtomicUsize::new(0),
            depth_cut: AtomicBool::new(false),
            best: Mutex::new((None, Vec::with_capacity(MAX_PLY))),
        });
        {
            let mut offers = shared.offers.lock().unwrap_or_else(|e| e.into_inner());
            offers.push(Arc::clone(&sp));
            shared.open.fetch_add(1, Relaxed);
        }
        let outer = self.current.replace(Arc::clone(&sp));
        /// Closes the split point, even by a panic (which then stops every thread).
        struct Close<'a, R: Record>(&'a Arc<SplitPoint<R>>, &'a Shared<R>);
        impl<R: Record> Drop for Close<'_, R> {
            fn drop(&mut self) {
                if std::thread::panicking() {
                    self.1.stop.store(true, Relaxed);
                    self.0.cut.store(true, Relaxed);
                }
                let mut offers = self.1.offers.lock().unwrap_or_else(|e| e.into_inner());
                offers.retain(|x| !Arc::ptr_eq(x, self.0));
                self.1.open.store(offers.len(), Relaxed);
            }
        }
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
        self.current = outer;
        // Stopped by the limits or a cut of an enclosing split point; a cut of this one
        // is its value (a move failed high).
        self.stopped = shared.stop.load(Relaxed) || cut_in(self.current.as_ref());
        if sp.depth_cut.load(Relaxed) {
            self.depth_cut = true;
        }
        let best = sp.best.lock().unwrap_or_else(|e| e.into_inner());
        let (v, _, i) = best.0?;
        let n = best.1.len().min(MAX_PLY);
        let row = (ply + 1) * MAX_PLY;
        self.pv[row..row + n].copy_from_slice(&best.1[..n]);
        self.pv_len[ply + 1] = n;
        Some((v, i))
    }
}

/// A thread with nothing to search waits: spinning a little, then yielding its core,
/// then (after some milliseconds without work) sleeping 50 µs at a time, so that on a
/// machine with fewer free cores than threads it does not take the core of a thread
/// that searches.
#[inline]
fn idle_wait(spins: &mut u32) {
    *spins = spins.saturating_add(1);
    if *spins < 64 {
        std::hint::spin_loop();
    } else if *spins < 8192 {
        std::thread::yield_now();
    } else {
        std::thread::sleep(core::time::Duration::from_micros(50));
    }
}

/// Plain minimax (negamax form, no pruning, no table) over a copy of the record: the
/// value of the current position of `game` at `depth` plies for its player to move,
/// history included. The slow, obviously correct reference for [`AlphaBeta`]; finished
/// games and leaves are scored exactly as there.
///
/// ```
/// use mancala_core::{record::{Line, Record}, toy::Countdown};
/// use mancala_search::{minimax, eval::Zero, score::win_score};
/// // From 4, take 1: North faces 3, takes 1, and South takes the last 2 at ply 3.
/// assert_eq!(minimax(&Line::new(Countdown::new(4)), 6, &Zero), win_score(1, 3));
/// ```
pub fn minimax<R: Record, E: Evaluator<R::Position>>(game: &R, depth: u32, eval: &E) -> Score {
    minimax_with(game, depth, eval, &Utility::GAME)
}

/// [`minimax`] with finished games valued by `utility` (game points capped at what each
/// player still needs in a match).
pub fn minimax_with<R: Record, E: Evaluator<R::Position>>(
    game: &R,
    depth: u32,
    eval: &E,
    utility: &Utility,
) -> Score {
    fn go<R: Record, E: Evaluator<R::Position>>(
        game: &mut R,
        depth: u32,
        ply: usize,
        eval: &E,
        utility: &Utility,
    ) -> Score {
        if depth == 0 || ply + 1 >= MAX_PLY || game.is_finished() {
            return score_with(eval, game, ply, utility);
        }
        let me = game.position().side_to_move();
        let (lo, hi) = match ply > 0 {
            true => known_scores(eval, game, ply, utility),
            false => None,
        }
        .unwrap_or((-INFINITY, INFINITY));
        if lo == hi {
            return lo;
        }
        let moves = game.legal_moves();
        if moves.is_empty() {
            return score_with(eval, game, ply, utility);
        }
        let mut best = -INFINITY;
        for m in moves {
            game.play_unchecked(m);
            let v = from_child(
                go(game, depth - 1, ply + 1, eval, utility),
                me,
                game.position().side_to_move(),
            );
            game.undo();
            best = best.max(v);
        }
        // A value the evaluator bounds stays within its bounds.
        best.clamp(lo, hi)
    }
    go(&mut game.clone(), depth, 0, eval, utility)
}

#[cfg(test)]
mod tests {
    use super::NodeKind::{All, Cut, Pv};

    /// Knuth and Moore's minimal tree (1975): a type-1 node's first child is type 1,
    /// its others type 2; a type-2 node's first child is type 3; every child of a
    /// type-3 node is type 2. Beyond the minimal tree (a type-2 node whose first move
    /// did not cut searches every move, as a type-3 node), children are type 2.
    #[test]
    fn node_kinds_follow_the_minimal_tree() {
        let rows = [
            (Pv, [Pv, Cut, Cut]),
            (Cut, [All, Cut, Cut]),
            (All, [Cut, Cut, Cut]),
        ];
        for (parent, children) in rows {
            for (i, want) in children.into_iter().enumerate() {
                assert_eq!(parent.child(i + 1), want, "{parent:?}, child {}", i + 1);
            }
        }
        // Young brothers wait: `cut` moves at a node expected to cut, one elsewhere.
        assert_eq!([Pv.wait(2), Cut.wait(2), All.wait(2)], [1, 2, 1]);
        assert_eq!([Pv.wait(1), Cut.wait(1), All.wait(1)], [1, 1, 1]);
    }
}
