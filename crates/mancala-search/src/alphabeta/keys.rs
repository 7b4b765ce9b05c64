//! The keys of the table: a node's (its position and what the rules read of its
//! history), and a line's (the moves from the root, the key of the table that only
//! orders moves).

use mancala_core::Position;
use mancala_core::record::Record;
use mancala_core::rng::mix;

/// The key of the search's root line (no move played yet).
pub(super) const ROOT_LINE: u64 = mancala_core::rng::GOLDEN_GAMMA;

/// The key of the line `line` followed by a move whose hash is `m`.
#[inline]
pub(super) fn extend_line(line: u64, m: u64) -> u64 {
    (line.rotate_left(23) ^ m)
        .wrapping_add(0x632b_e59b_d9b4_e019)
        .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
}

/// A move's hash, for line keys and the history counters.
#[inline]
pub(super) fn move_hash<M: core::hash::Hash>(m: &M) -> u64 {
    use core::hash::Hasher;
    let mut h = mancala_core::FxHasher::default();
    m.hash(&mut h);
    h.finish()
}

/// The table's key of the current node of `game`: its position and what the rules read
/// of its history ([`Record::history_key`]), all a node's value depends on.
#[inline]
pub(super) fn node_key<R: Record>(game: &R) -> u64 {
    mix(game.position().hash_key() ^ mix(game.history_key() ^ 0x632b_e59b_d9b4_e019))
}
