//! The table: what the search found at each node (best move, value and bound, draft),
//! in slots that the threads of a search share without locks.

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU8, AtomicU64};

use crate::score::{Score, is_decisive};

/// An entry's bound: its value is a lower bound of the node's.
const LOWER: u8 = 1;
/// An entry's bound: its value is an upper bound of the node's.
const UPPER: u8 = 2;
/// Both bounds: the node's value.
const EXACT: u8 = LOWER | UPPER;
/// The entry's search met a leaf cut by the depth: its value holds at its draft only.
const DEPTH_CUT: u8 = 4;
/// Where the search's age ([`Table::next_search`]) goes in an entry's flags byte, and
/// its bits.
const AGE_SHIFT: u8 = 4;
const AGE_MASK: u8 = 0xf;

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

/// The flags of an entry whose value `value` was found in the window `(alpha, beta)`
/// (fail-soft: a value at or below the window's floor bounds the node's from above, one
/// at or above its ceiling from below), by a search that met a leaf cut by the depth if
/// `met_cut`.
#[inline]
pub(super) fn flags(value: Score, (alpha, beta): (Score, Score), met_cut: bool) -> u8 {
    let bound = if value <= alpha {
        UPPER
    } else if value >= beta {
        LOWER
    } else {
        EXACT
    };
    bound | if met_cut { DEPTH_CUT } else { 0 }
}

/// What the table holds of a node.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    /// The best move's index in the node's legal moves.
    pub(super) best: u8,
    /// The value found (counted from the node: [`to_node`]) and its bound ([`flags`];
    /// none in a table that only orders moves), the plies searched below the node.
    value: Score,
    draft: u8,
    flags: u8,
}

impl Entry {
    /// The entry of a node `ply` plies from the root searched `depth` plies deep: the
    /// index of its best move in its legal moves, its value and [`flags`] (0 in a table
    /// that only orders moves).
    #[inline]
    pub(super) fn new(best: usize, value: Score, depth: u32, ply: usize, flags: u8) -> Entry {
        Entry {
            best: u8::try_from(best).unwrap_or(u8::MAX),
            value: to_node(value, ply),
            draft: depth.min(u32::from(u8::MAX)) as u8,
            flags,
        }
    }

    /// Whether the search that stored the entry met a leaf cut by the depth.
    #[inline]
    pub(super) fn met_cut(&self) -> bool {
        self.flags & DEPTH_CUT != 0
    }

    /// The stored value of a node searched `depth` plies deep in the window
    /// `(alpha, beta)`, `ply` plies from the root, where this entry decides it: an
    /// entry of the same draft, or of a smaller one whose search met no leaf cut by the
    /// depth (its value holds at every depth from there), whose bound is exact or
    /// refutes the window. With it, the node's value is what its search would return
    /// under the fail-soft rule (exact inside the window, a bound outside).
    ///
    /// With `deeper`, an entry searched deeper than `depth` decides too (the search is
    /// then no longer the minimax of one depth).
    #[inline]
    pub(super) fn cut(
        &self,
        depth: u32,
        alpha: Score,
        beta: Score,
        ply: usize,
        deeper: bool,
    ) -> Option<Score> {
        let draft = u32::from(self.draft);
        if self.flags & EXACT == 0
            || !(draft == depth
                || (draft < depth && self.flags & DEPTH_CUT == 0)
                || (deeper && draft > depth))
        {
            return None;
        }
        let v = from_node(self.value, ply);
        match self.flags & EXACT {
            EXACT => Some(v),
            LOWER if v >= beta => Some(v),
            UPPER if v <= alpha => Some(v),
            _ => None,
        }
    }
}

/// The table's slots: two words each, the entry packed in one (value, draft, flags,
/// move index, generation) and its key XOR that word in the other, so that threads
/// share one table without locks: a slot written by two threads at once reads as
/// empty (its words no longer match any key), never as another node's entry. The
/// threads of [`AlphaBeta::with_threads`](crate::AlphaBeta::with_threads) share one:
/// they search the same iteration, so an entry one thread stores is at the draft
/// another thread's node asks for. (Lazy SMP, every thread deepening on its own over
/// one table, was tried and measured slower: its deeper entries never cut.)
///
/// Slots go in pairs, a [`Bucket`] of 32 bytes (half a cache line, never across two):
/// a node is looked for in both slots of its bucket; the first keeps the deeper
/// searches, the second takes the rest (`docs/engine.md`, "The table").
#[derive(Debug)]
struct Slots {
    buckets: Vec<Bucket>,
    mask: usize,
    /// The current generation (never 0, the empty slot's): entries of another one
    /// count as empty.
    generation: AtomicU8,
    /// The current search's age (4 bits): a search that keeps the entries of the
    /// searches before ([`Table::next_search`]) replaces theirs first.
    age: AtomicU8,
}

/// Two slots of the table, aligned so that one read of the cache brings both.
#[derive(Debug, Default)]
#[repr(align(32))]
struct Bucket([[AtomicU64; 2]; 2]);

/// The best move, value and bound found at each node of the search: one entry per
/// slot, indexed by the low bits of the node's key (its position and history, or with
/// [`AlphaBetaOptions::table_cuts`](crate::AlphaBetaOptions::table_cuts) off the
/// line's: the moves from the root) and checked against the whole key. Allocated once;
/// a clone of an engine gets an empty table of its own (a helper thread's is then
/// replaced by its caller's, [`Table::share`]).
#[derive(Debug)]
pub(super) struct Table(Arc<Slots>);

impl Clone for Table {
    fn clone(&self) -> Self {
        Table::new(self.0.buckets.len().trailing_zeros() as u8 + 1)
    }
}

impl Table {
    /// A table of `2^bits` slots (at least two), or of the largest power of two below
    /// it that the allocator grants (a caller's `table_bits` is a wish, never an abort).
    pub(super) fn new(bits: u8) -> Self {
        let mut bits = bits.clamp(1, usize::BITS as u8 - 8) - 1;
        loop {
            let n = 1usize << bits;
            let mut buckets = Vec::new();
            if buckets.try_reserve_exact(n).is_ok() || bits == 0 {
                buckets.extend((0..n).map(|_| Bucket::default()));
                return Table(Arc::new(Slots {
                    buckets,
                    mask: n - 1,
                    generation: AtomicU8::new(1),
                    age: AtomicU8::new(0),
                }));
            }
            bits -= 1;
        }
    }

    /// This table, for another thread of the same search (not a copy: the slots are
    /// shared).
    pub(super) fn share(&self) -> Table {
        Table(Arc::clone(&self.0))
    }

    /// Forgets every entry in O(1): entries of older generations count as empty, so a
    /// search's result never depends on earlier searches.
    pub(super) fn new_search(&self) {
        let g = self.0.generation.load(Relaxed).wrapping_add(1);
        if g == 0 {
            for b in &self.0.buckets {
                for w in &b.0 {
                    w[0].store(0, Relaxed);
                    w[1].store(0, Relaxed);
                }
            }
        }
        self.0.generation.store(g.max(1), Relaxed);
    }

    /// Starts a search that keeps the entries of the searches before (they are as true
    /// now as then: an entry is the value of its position and history at its draft):
    /// their slots are the first taken for the new search's entries.
    pub(super) fn next_search(&self) {
        let a = self.0.age.load(Relaxed).wrapping_add(1) & AGE_MASK;
        self.0.age.store(a, Relaxed);
    }

    /// The entry of the node whose key is `key`, if a slot of its bucket holds it.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let b = &self.0.buckets[key as usize & self.0.mask];
        let generation = self.0.generation.load(Relaxed);
        b.0.iter().find_map(|w| {
            let data = w[1].load(Relaxed);
            (w[0].load(Relaxed) ^ data == key && (data >> 56) as u8 == generation).then_some(
                Entry {
                    value: data as u32 as Score,
                    draft: (data >> 32) as u8,
                    flags: (data >> 40) as u8 & !(AGE_MASK << AGE_SHIFT),
                    best: (data >> 48) as u8,
                },
            )
        })
    }

    /// Stores the entry `e` of the node whose key is `key`: in its bucket's first slot
    /// if that slot holds the same node, an entry of another generation or an earlier
    /// search, or one searched no deeper; otherwise in the second slot, whatever it
    /// held.
    #[inline]
    pub(super) fn store(&self, key: u64, e: Entry) {
        let generation = self.0.generation.load(Relaxed);
        let age = self.0.age.load(Relaxed);
        let data = u64::from(e.value as u32)
            | u64::from(e.draft) << 32
            | u64::from(e.flags | age << AGE_SHIFT) << 40
            | u64::from(e.best) << 48
            | u64::from(generation) << 56;
        let b = &self.0.buckets[key as usize & self.0.mask];
        let first = b.0[0][1].load(Relaxed);
        let keep_first = (first >> 56) as u8 == generation
            && (first >> (40 + AGE_SHIFT)) as u8 & AGE_MASK == age
            && b.0[0][0].load(Relaxed) ^ first != key
            && (first >> 32) as u8 > e.draft;
        let w = &b.0[usize::from(keep_first)];
        w[0].store(key ^ data, Relaxed);
        w[1].store(data, Relaxed);
    }
}
