//! The settings of [`AlphaBeta`](crate::AlphaBeta) beyond its limits.

use core::time::Duration;

use crate::relay::ENDLESS_AFTER;
use crate::score::{Score, Utility};

/// Settings of [`AlphaBeta`](crate::AlphaBeta) beyond its [`Limits`](crate::Limits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaOptions {
    /// log2 of the table's entries (`0` turns the table off).
    pub table_bits: u8,
    /// log2 of the slots of the memo of long relays
    /// ([`SearchMemo`](mancala_core::cycle::SearchMemo); `0` for none).
    pub memo_bits: u8,
    /// The laps of one relay after which the search takes a move as endless without
    /// proof ([`Position::play_in_search`](mancala_core::Position::play_in_search));
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
    /// ([`Record::history_key`](mancala_core::record::Record::history_key)) takes its stored value where it decides the window,
    /// so the values stay those of plain minimax (see the [module](crate::alphabeta)).
    /// Off, the table is keyed by the line from the root and only orders moves, as the
    /// engine did before the cuts were exact (kept to measure the cuts against).
    pub table_cuts: bool,
    /// Principal-variation search (on by default): a node's moves after its first are
    /// searched with a null window (can this move beat the best so far?) and searched
    /// again with the node's window only when one can; the values are those of plain
    /// alpha-beta, found in fewer nodes.
    pub pvs: bool,
    /// The aspiration window of the root, in score units (hundredths of a seed; `0` for
    /// none): each iteration after the first searches the root within this much of
    /// the last iteration's value, and searches again with a window four times wider,
    /// then with no bound, on the side the value fell out of; the value found is the
    /// same, and is exact. One thread only (an iteration shared by threads searches the
    /// whole window).
    pub aspiration: Score,
    /// Late-move reductions in a search limited by time or nodes (on by default: measured
    /// by Elo, `docs/engine.md`; never in a search to a fixed depth, whose value stays
    /// exact): at 3 plies left or more,
    /// a node's moves from its third on are searched a ply less deep first, and again
    /// at the full depth only if they beat the best so far. The value of a time- or
    /// node-limited search is then not the minimax value of any one depth.
    pub reductions: bool,
    /// In a search limited by time or nodes (off by default: not yet measured by Elo;
    /// never in a search to a fixed depth), the table's values cut nodes searched less deep than they were, as
    /// well as those searched as deep: the deeper value is the better one, and an entry
    /// kept from the searches before (see the module) then answers at once.
    pub deeper_cuts: bool,
    /// How the threads of [`AlphaBeta::with_threads`](crate::AlphaBeta::with_threads)
    /// share the search (no effect on one thread).
    pub split: SplitOptions,
}

impl Default for AlphaBetaOptions {
    /// A table of 2^18 entries (a few megabytes), a memo of 2^14 slots (768 KiB),
    /// [`ENDLESS_AFTER`] laps, the history heuristic, the table's cuts and
    /// principal-variation search on, an aspiration window of half a seed, late-move
    /// reductions on, deeper cuts off, and the default [`SplitOptions`].
    fn default() -> Self {
        AlphaBetaOptions {
            table_bits: 18,
            memo_bits: 14,
            endless_after: ENDLESS_AFTER,
            utility: Utility::GAME,
            history: true,
            killers: false,
            table_cuts: true,
            pvs: true,
            aspiration: 50,
            reductions: true,
            deeper_cuts: false,
            split: SplitOptions::default(),
        }
    }
}

/// Where the threads of [`AlphaBeta::with_threads`](crate::AlphaBeta::with_threads)
/// share the search: which nodes split their moves among the threads, and which
/// iterations. The defaults are the measured
/// best (`docs/engine.md`, "Threads"); other values serve tests, which want splits at
/// depths quick to check, and measurements (the `ordering` example). Whatever they are,
/// the values found are those of one thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitOptions {
    /// Nodes with at least this many plies left split (at least 1; default 5: below,
    /// the moves' subtrees are too small to pay for the copy of the record a joining
    /// thread makes). A node of more than 12 moves (Omweso's, up to 36) needs 2 plies
    /// more: its moves' subtrees are each smaller for the same depth.
    pub depth: u32,
    /// How many moves a node expected to cut searches before it splits (at least 1,
    /// the default, as every other node; with 2, a node whose second move cuts where
    /// the first did not is never split).
    pub cut_wait: usize,
    /// An iteration is shared among the threads only if the previous one took at least
    /// this long (default 1 ms: starting the helpers costs tens of microseconds; at
    /// 20 ms, the value before, a move of 100 ms left the second core idle:
    /// `docs/performance.md`, "Engine: the Elo of two threads"). Zero shares every
    /// iteration, and the helpers are then all waiting before each starts, so that even
    /// the quickest splits.
    pub after: Duration,
}

impl Default for SplitOptions {
    /// Nodes with 5 plies left or more, after one move, iterations after one of 1 ms.
    fn default() -> Self {
        SplitOptions {
            depth: 5,
            cut_wait: 1,
            after: Duration::from_millis(1),
        }
    }
}
