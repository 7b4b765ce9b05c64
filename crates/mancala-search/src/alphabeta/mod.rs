//! Alpha-beta search over a game record: negamax with iterative deepening, a table of
//! best moves and move ordering, on one thread or several; and plain minimax, the slow
//! reference it is tested against.
//!
//! # History
//! The search plays its lines on a copy of the game's record ([`Record`](mancala_core::record::Record)), playing and
//! taking back each move, so every node sees the history of its own line: where the
//! game has a repetition rule (Urim rule 6, Rio Kadalis rule 6, Oware), a move that
//! brings back a position since the last capture ends the game there, scored as the
//! game's rule scores it (the record's [`status`](mancala_core::record::Record::status)).
//!
//! # The table, and why its cuts are exact
//! A node's value depends on the line that reached it, not only on its position: the
//! same position reached through other positions can repeat different ones. But all
//! that the rules read of the history is the set of positions since the last capture
//! (a move ends the game if it brings one of them back; a capture starts the set
//! afresh), so the table is keyed by the position **and** that set
//! ([`Record::history_key`](mancala_core::record::Record::history_key): a sum of mixed keys, kept by the record as it plays and
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
//! (from 8% fewer nodes to 2% more at the depths measured), since in these games the
//! same position rarely comes back by another order of moves at the same remaining
//! depth.

// The parts, each using only those listed before it:
// - `keys`: the keys of nodes and of lines;
// - `table`: the table of entries, shared by the threads without locks;
// - `ordering`: the order of a node's moves (killers, history, the move picker);
// - `pv`: the principal variations;
// - `options`: the settings (`AlphaBetaOptions`, `SplitOptions`);
// - `split`: what the threads share in an iteration (split points, node kinds);
// - `state`: the `AlphaBeta` struct: its settings, buffers and limits;
// - `negamax`: the search of one node and its moves;
// - `deepening`: iterative deepening, the `Engine` implementation;
// - `parallel`: the threads (young brothers wait), which start the other parts' searches;
// - `minimax`: the reference, apart from the rest.

mod deepening;
mod keys;
mod minimax;
mod negamax;
mod options;
mod ordering;
mod parallel;
mod pv;
mod split;
mod state;
mod table;

pub use crate::relay::ENDLESS_AFTER;
pub use minimax::{minimax, minimax_with};
pub use options::{AlphaBetaOptions, SplitOptions};
pub use state::AlphaBeta;
