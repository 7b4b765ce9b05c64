//! How the engines play a move in a search: a relay bounded in laps, and long relays
//! remembered ([`Record::play_in_search`]). Only Omweso's relays run long; in the other
//! games this is plain play.

use mancala_core::Position;
use mancala_core::cycle::{MemoSlot, MemoStats, SearchMemo};
use mancala_core::record::{MoveOf, Record};

/// The default laps of one relay after which the engines take a move as endless without
/// proof ([`AlphaBetaOptions::endless_after`](crate::AlphaBetaOptions::endless_after)).
/// In Omweso, the only game whose relays run long, every relay that ended in the
/// measurements of `docs/performance.md` ended within a few thousand laps, while proving
/// a move endless takes up to billions; the walk stops at Brent's next save, so after
/// between this many laps and twice as many (131,071 laps, about 0.4 ms).
pub const ENDLESS_AFTER: u64 = 1 << 16;

/// A memo of `2^bits` empty slots (none for 0), or of the largest power of two below
/// that the allocator grants.
fn memo_slots(bits: u8) -> Vec<MemoSlot> {
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

/// The memo of long relays of an engine, kept from search to search (its answers are
/// what walking the relay would give, so a search's result does not depend on what it
/// holds), its counters, and the laps after which a relay is taken as endless.
#[derive(Clone, Debug)]
pub(crate) struct Relays {
    memo: Vec<MemoSlot>,
    /// What the memo did since the counters were last reset.
    pub(crate) stats: MemoStats,
    endless_after: u64,
}

impl Relays {
    /// A memo of `2^memo_bits` slots (none for 0), relays taken as endless after
    /// `endless_after` laps.
    pub(crate) fn new(memo_bits: u8, endless_after: u64) -> Self {
        Relays {
            memo: memo_slots(memo_bits),
            stats: MemoStats::default(),
            endless_after,
        }
    }

    /// Plays `m` on a search's copy of the record: bounded and remembered
    /// ([`Record::play_in_search`]).
    #[inline]
    pub(crate) fn play<R: Record>(&mut self, game: &mut R, m: MoveOf<R>) {
        let mut memo = SearchMemo::new(&mut self.memo, &mut self.stats, self.endless_after);
        game.play_in_search(m, &mut memo);
    }

    /// Plays `m` on a bare position (a copy, to score it for the move ordering),
    /// bounded and remembered as [`play`](Relays::play) plays it on a record.
    #[inline]
    pub(crate) fn play_position<P: Position>(&mut self, p: &mut P, m: P::Move) {
        let mut memo = SearchMemo::new(&mut self.memo, &mut self.stats, self.endless_after);
        p.play_in_search(m, &mut memo);
    }
}
