//! The keys of the table: a node's (its position and what the rules read of its
//! history), and a line's (the moves from the root, the key of the table that only
//! orders moves).

use mancala_core::Position;
use mancala_core::record::Record;

/// The key of the search's root line (no move played yet).
pub(super) const ROOT_LINE: u64 = 0x9e37_79b9_7f4a_7c15;

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

/// A strong 64-bit mix (splitmix64's finalizer).
#[inline]
fn mix(z: u64) -> u64 {
    let z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The table's key of the current node of `game`: its position and what the rules read
/// of its history ([`Record::history_key`]), all a node's value depends on.
#[inline]
pub(super) fn node_key<R: Record>(game: &R) -> u64 {
    mix(game.position().hash_key() ^ mix(game.history_key() ^ 0x632b_e59b_d9b4_e019))
}
