//! The order in which a node's moves are searched: the table's move first, then the
//! others by the score of the position they lead to, ties broken by the killer moves
//! and the history counters, then the game's order ([`Picker`]).

use core::cmp::Reverse;
use core::hash::Hash;

use mancala_core::Player;
use mancala_core::arrayvec::ArrayVec;

use super::keys::move_hash;
use crate::score::{MAX_PLY, Score};

/// A move's sort key: its child's score, then killer rank, then history count (the
/// largest first).
type SortKey = Reverse<(Score, u8, u32)>;

/// The most moves a node sorts; the games have at most 36 (Omweso's `MAX_MOVES`).
/// Moves beyond come after, unsorted.
pub(super) const MAX_SORTED: usize = 64;

/// History counters per player (a power of two; moves share a counter by the low bits
/// of their hash, which only ever changes an order).
const HISTORY: usize = 1 << 12;

/// A node's moves other than the table's, each with the score of the position it leads
/// to (0 where children are not scored), sorted by [`Heuristics::sort`].
pub(super) type Ordered<M> = ArrayVec<(M, Score), MAX_SORTED>;

/// What the search learns about moves as it goes, to order them: two killer moves a
/// ply (moves that cut off at that ply, latest first), and the history counters
/// (`HISTORY` per player, indexed by the move's hash); each empty when off, both reset
/// at every search.
#[derive(Clone, Debug)]
pub(super) struct Heuristics<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<u32>,
    /// Whether the history counters order moves (they are kept for the killers too).
    use_history: bool,
}

impl<M: Copy + PartialEq + Hash> Heuristics<M> {
    /// The killer moves if `killers`, the history counters if `history`.
    pub(super) fn new(history: bool, killers: bool) -> Self {
        Heuristics {
            killers: if killers {
                vec![[None; 2]; MAX_PLY + 1]
            } else {
                Vec::new()
            },
            history: if history || killers {
                vec![0; 2 * HISTORY]
            } else {
                Vec::new()
            },
            use_history: history,
        }
    }

    /// Forgets what the last search learnt.
    pub(super) fn reset(&mut self) {
        self.killers.fill([None; 2]);
        self.history.fill(0);
    }

    /// Sorts the moves of a node (`me` to move, `depth` plies left, `ply` from the
    /// root), stable so that results are deterministic: by their keys (the scores of
    /// their children, at depth 2 and more); then, among equal keys, the killer moves of
    /// `ply` if on, then the history counters if on; then the game's order.
    #[inline]
    pub(super) fn sort(&self, order: &mut Ordered<M>, me: Player, depth: u32, ply: usize) {
        // Each move's keys once, then an unstable sort on keys made distinct by the
        // game's order (no allocation; the order of the stable sort).
        let mut keyed: ArrayVec<(SortKey, usize), MAX_SORTED> = ArrayVec::new();
        if self.history.is_empty() {
            if depth < 2 {
                return;
            }
            keyed.extend(
                order
                    .iter()
                    .enumerate()
                    .map(|(i, e)| (Reverse((e.1, 0, 0)), i)),
            );
        } else {
            let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
            let side = me.index() * HISTORY;
            keyed.extend(order.iter().enumerate().map(|(i, &(m, key))| {
                let killer = if killers[0] == Some(m) {
                    2
                } else {
                    u8::from(killers[1] == Some(m))
                };
                let h = if self.use_history {
                    self.history[side + (move_hash(&m) as usize & (HISTORY - 1))]
                } else {
                    0
                };
                (Reverse((key, killer, h)), i)
            }));
        }
        keyed.sort_unstable();
        let before = order.clone();
        for (slot, &(_, i)) in order.iter_mut().zip(&keyed) {
            *slot = before[i];
        }
    }

    /// Notes that `m` cut off at `ply`, `depth` plies from the leaves: a killer of the
    /// ply, and `depth²` more on its history counter.
    #[inline]
    pub(super) fn note_cutoff(&mut self, m: M, me: Player, depth: u32, ply: usize) {
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
}

/// Hands out a node's moves in search order: the table's move first, before the others
/// are played to be ordered (if it cuts off, they never are: some Omweso moves take long
/// to play); then the others, sorted when first asked for; then the moves beyond
/// [`MAX_SORTED`] in the game's order.
pub(super) struct Picker<M> {
    table_move: Option<M>,
    /// The table's move while not yet handed out.
    first: Option<M>,
    order: Ordered<M>,
    sorted: bool,
    /// The next of the sorted moves (then of those beyond) to hand out.
    next: usize,
}

impl<M: Copy + PartialEq> Picker<M> {
    /// The moves of a node whose table's move is `table_move`.
    #[inline]
    pub(super) fn new(table_move: Option<M>) -> Self {
        Picker {
            table_move,
            first: table_move,
            order: ArrayVec::new(),
            sorted: false,
            next: 0,
        }
    }

    /// The next move to search of the node's legal moves `moves`; `sort` gives the
    /// others than the table's move, sorted, the first time they are needed.
    #[inline]
    pub(super) fn next(&mut self, moves: &[M], sort: impl FnOnce() -> Ordered<M>) -> Option<M> {
        if let Some(m) = self.first.take() {
            return Some(m);
        }
        if !self.sorted {
            self.order = sort();
            self.sorted = true;
        }
        let m = match self.order.get(self.next) {
            Some(&(m, _)) => m,
            None => *moves
                .iter()
                .skip(MAX_SORTED)
                .filter(|&&m| Some(m) != self.table_move)
                .nth(self.next - self.order.len())?,
        };
        self.next += 1;
        Some(m)
    }

    /// The sorted moves not handed out yet (sorted by `sort` if they were not).
    pub(super) fn rest(&mut self, sort: impl FnOnce() -> Ordered<M>) -> ArrayVec<M, MAX_SORTED> {
        if !self.sorted {
            self.order = sort();
            self.sorted = true;
        }
        self.order.iter().skip(self.next).map(|&(m, _)| m).collect()
    }
}
