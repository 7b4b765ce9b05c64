//! What the threads of a search share in an iteration: the split points whose moves
//! they search together, the expected kinds of nodes that decide when a node splits,
//! and how an idle thread waits.

use std::sync::atomic::Ordering::{Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize};
use std::sync::{Arc, Mutex};

use mancala_core::arrayvec::ArrayVec;
use mancala_core::record::{MoveOf, Record};

use super::ordering::MAX_SORTED;
use crate::score::Score;

/// A thread of a search with threads adds its nodes to the shared count in steps of
/// this many: one atomic addition per step, and a node limit overrun by at most this
/// many nodes a thread.
pub(super) const BUDGET_STEP: u64 = 64;

/// A node of more than this many moves (Omweso's, up to 36; the two-row games' boards
/// here have 6 or 7 pits a side) splits only with [`WIDE_EXTRA`] more plies left than
/// [`SplitOptions::depth`](crate::SplitOptions::depth): its moves' subtrees are each
/// smaller for the same depth, and a second thread there searched moves one thread
/// never reached (on a quiet machine, Omweso to depth 15: 1.46× at 5 plies, 1.61× at
/// 7; Rio Kadalis lost at 7).
const WIDE_MOVES: usize = 12;

/// See [`WIDE_MOVES`].
const WIDE_EXTRA: u32 = 2;

/// The plies a node of `moves` moves needs beyond the split depth to split.
#[inline]
pub(super) fn wide_extra(moves: usize) -> u32 {
    if moves > WIDE_MOVES { WIDE_EXTRA } else { 0 }
}

/// The expected kind of a node (Knuth and Moore's node types), which decides how many
/// of its moves are searched before the rest is shared among the threads: a node on
/// the principal variation (`Pv`: the root and the first child of a `Pv` node), one
/// expected to fail high on its first move (`Cut`: the other children of `Pv` and
/// `All` nodes, and the children of a `Cut` node after its first), one expected to
/// search every move (`All`: the first child of a `Cut` node).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NodeKind {
    Pv,
    Cut,
    All,
}

impl NodeKind {
    /// The expected kind of this node's child searched as its `children`-th move.
    #[inline]
    pub(super) fn child(self, children: usize) -> NodeKind {
        match (self, children) {
            (NodeKind::Pv, 1) => NodeKind::Pv,
            (NodeKind::Cut, 1) => NodeKind::All,
            _ => NodeKind::Cut,
        }
    }

    /// How many moves of such a node are searched before the rest are offered to the
    /// idle threads (young brothers wait; offered then or never): one at `Pv` and
    /// `All` nodes; `cut` at a `Cut` node
    /// ([`SplitOptions::cut_wait`](crate::SplitOptions::cut_wait)).
    #[inline]
    pub(super) fn wait(self, cut: usize) -> usize {
        match self {
            NodeKind::Cut => cut,
            NodeKind::Pv | NodeKind::All => 1,
        }
    }
}

/// What the threads of an iteration share.
pub(super) struct Shared<R: Record> {
    /// The split points whose moves other threads may join.
    pub(super) offers: Mutex<Vec<Arc<SplitPoint<R>>>>,
    /// How many split points are offered (read without the lock).
    pub(super) open: AtomicUsize,
    /// Threads with nothing to search, looking for a split point to join.
    pub(super) idle: AtomicUsize,
    /// A thread reached the time or node limit, or panicked: every thread stops.
    pub(super) stop: AtomicBool,
    /// The iteration is over: the helpers return.
    pub(super) done: AtomicBool,
}

impl<R: Record> Shared<R> {
    /// Nothing offered, nobody idle, nothing stopped.
    pub(super) fn new(capacity: usize) -> Self {
        Shared {
            offers: Mutex::new(Vec::with_capacity(capacity)),
            open: AtomicUsize::new(0),
            idle: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            done: AtomicBool::new(false),
        }
    }
}

impl<R: Record> core::fmt::Debug for Shared<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Shared")
    }
}

/// A node whose remaining moves the threads share (young brothers wait: its first move
/// was searched alone). Made by the thread searching the node (its owner), which
/// searches its moves too, then waits for the others to leave it.
pub(super) struct SplitPoint<R: Record> {
    /// The record at the node (a joining thread searches on a copy).
    pub(super) game: R,
    /// The moves left, in search order; the next one to take.
    pub(super) moves: ArrayVec<MoveOf<R>, MAX_SORTED>,
    pub(super) next: AtomicUsize,
    pub(super) depth: u32,
    pub(super) beta: Score,
    pub(super) ply: usize,
    pub(super) line: u64,
    /// The best value found exact so far (the window's floor for the next moves).
    pub(super) floor: AtomicI32,
    /// A move failed high (or the owner stopped): every thread searching its moves
    /// stops, and what they were searching is discarded.
    pub(super) cut: AtomicBool,
    /// The split point under which the owner searched this node (its cut stops this
    /// one's threads too).
    pub(super) parent: Option<Arc<SplitPoint<R>>>,
    /// Threads other than the owner searching its moves.
    pub(super) workers: AtomicUsize,
    /// A search of one of its moves met a leaf cut by the depth.
    pub(super) depth_cut: AtomicBool,
    /// The best (value, found exact, index in `moves`) and its line.
    pub(super) best: Mutex<(Option<Found>, Line<R>)>,
}

/// A thread's best move at a split point: its value, whether it was found exact (above
/// the floor it was searched with), its index in the split point's moves.
pub(super) type Found = (Score, bool, usize);

/// A line of moves.
pub(super) type Line<R> = Vec<Option<MoveOf<R>>>;

impl<R: Record> core::fmt::Debug for SplitPoint<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("SplitPoint")
    }
}

/// Whether `sp` or a split point enclosing it is cut.
pub(super) fn cut_in<R: Record>(mut sp: Option<&Arc<SplitPoint<R>>>) -> bool {
    while let Some(s) = sp {
        if s.cut.load(Relaxed) {
            return true;
        }
        sp = s.parent.as_ref();
    }
    false
}

/// Whether `sp` is `under` or inside it.
pub(super) fn descends<R: Record>(sp: &Arc<SplitPoint<R>>, under: &Arc<SplitPoint<R>>) -> bool {
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
pub(super) struct Leave<'a, R: Record>(pub(super) &'a SplitPoint<R>, pub(super) &'a Shared<R>);

impl<R: Record> Drop for Leave<'_, R> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.1.stop.store(true, Relaxed);
            self.0.cut.store(true, Relaxed);
        }
        self.0.workers.fetch_sub(1, Release);
    }
}

/// Closes a split point its owner made (no longer offered), even by a panic (which
/// then stops every thread).
pub(super) struct Close<'a, R: Record>(pub(super) &'a Arc<SplitPoint<R>>, pub(super) &'a Shared<R>);

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

/// Ends an iteration's threads when the thread that started them leaves it, even by a
/// panic.
pub(super) struct Done<'a, R: Record>(pub(super) &'a Shared<R>);

impl<R: Record> Drop for Done<'_, R> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop.store(true, Relaxed);
        }
        self.0.done.store(true, Release);
    }
}

/// A thread with nothing to search waits: spinning a little, then yielding its core,
/// then (after some milliseconds without work) sleeping 50 µs at a time, so that on a
/// machine with fewer free cores than threads it does not take the core of a thread
/// that searches.
#[inline]
pub(super) fn idle_wait(spins: &mut u32) {
    *spins = spins.saturating_add(1);
    if *spins < 64 {
        std::hint::spin_loop();
    } else if *spins < 8192 {
        std::thread::yield_now();
    } else {
        std::thread::sleep(core::time::Duration::from_micros(50));
    }
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
