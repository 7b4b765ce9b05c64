//! The values a worker of a game with cycles reads from other workers' blocks: the
//! boards of fewer seeds its boards' moves reach. Asked of their owners ([`ask`]) with
//! the keys packed (varints, combined per owner, in slices), answered with the values
//! alone in the order asked, and kept in an open-addressing table ([`Known`]).

use mancala_solve::{SolveError, UNKNOWN};
use timely::worker::Worker;

use crate::blocks::Owners;
use crate::net::{Net, Outbox, SLICE, get_varint, put_varint};

/// The key of the board of `seeds` seeds and rank `rank`.
#[inline]
pub(crate) fn key(seeds: u32, rank: u64) -> u64 {
    rank << 7 | u64::from(seeds)
}

/// The seeds and rank of a key.
#[inline]
fn unkey(k: u64) -> (u32, u64) {
    ((k & 0x7f) as u32, k >> 7)
}

/// A key no board has.
const EMPTY: u64 = u64::MAX;

/// A value not known: both bounds [`UNKNOWN`].
pub(crate) const NOT_KNOWN: u16 = u16::from_le_bytes([UNKNOWN as u8, UNKNOWN as u8]);

/// Boards' values by key, in an open-addressing table (linear probing): 10 bytes a
/// slot, at most three quarters of the slots full.
pub(crate) struct Known {
    keys: Vec<u64>,
    vals: Vec<u16>,
    len: usize,
}

impl Known {
    pub(crate) fn new() -> Known {
        Known {
            keys: vec![EMPTY; 16],
            vals: vec![NOT_KNOWN; 16],
            len: 0,
        }
    }

    #[inline]
    fn slot_of(&self, k: u64) -> usize {
        // Fibonacci hashing: the high bits of the product.
        let h = k.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> (64 - self.keys.len().trailing_zeros())) as usize
    }

    /// Adds key `k` (its value not known) if it is not there.
    pub(crate) fn insert(&mut self, k: u64) {
        if 4 * (self.len + 1) > 3 * self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut i = self.slot_of(k);
        loop {
            match self.keys[i] {
                EMPTY => {
                    self.keys[i] = k;
                    self.len += 1;
                    return;
                }
                x if x == k => return,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Sets the value of key `k`, adding it if it is not there.
    pub(crate) fn put(&mut self, k: u64, v: u16) {
        self.insert(k);
        if let Some(i) = self.find(k) {
            self.vals[i] = v;
        }
    }

    fn grow(&mut self) {
        let old = std::mem::replace(
            self,
            Known {
                keys: vec![EMPTY; self.keys.len() * 2],
                vals: vec![NOT_KNOWN; self.keys.len() * 2],
                len: 0,
            },
        );
        for (k, v) in old.keys.into_iter().zip(old.vals) {
            if k != EMPTY {
                self.put(k, v);
            }
        }
    }

    /// The slot of key `k`, if it is there.
    #[inline]
    fn find(&self, k: u64) -> Option<usize> {
        let mask = self.keys.len() - 1;
        let mut i = self.slot_of(k);
        loop {
            match self.keys[i] {
                EMPTY => return None,
                x if x == k => return Some(i),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// The value of key `k` ([`NOT_KNOWN`] if it is there without one), if it is
    /// there.
    #[inline]
    pub(crate) fn get(&self, k: u64) -> Option<u16> {
        self.find(k).map(|i| self.vals[i])
    }

    /// The keys (with their slots) whose value is not known.
    fn unknown(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.keys
            .iter()
            .zip(&self.vals)
            .enumerate()
            .filter(|(_, (k, v))| **k != EMPTY && **v == NOT_KNOWN)
            .map(|(i, (k, _))| (i, *k))
    }
}

/// Asks the owners of the keys of `known` whose value is not known for their values,
/// and answers the others' questions with `answer(seeds, rank)` (the bounds of a board
/// of this worker's blocks), `width` bytes an answer (1: the bounds are one value):
/// two rounds. A key's owner is `owners`'s. Returns the keys asked.
pub(crate) fn ask(
    net: &mut Net,
    worker: &mut Worker,
    owners: &Owners,
    known: &mut Known,
    width: usize,
    mut answer: impl FnMut(u32, u64) -> Result<(i8, i8), SolveError>,
) -> Result<u64, SolveError> {
    let peers = net.peers();
    // The slots asked of each owner, in the order asked.
    let mut asked: Vec<Vec<u32>> = vec![Vec::new(); peers];
    for (slot, k) in known.unknown() {
        let (s, r) = unkey(k);
        asked[owners.owner(s, r)].push(slot as u32);
    }
    let total = asked.iter().map(|a| a.len() as u64).sum();
    // The questions: per owner, slices of [index of the first key, keys…].
    let mut out = Outbox::new(peers);
    for (to, slots) in asked.iter().enumerate() {
        for (i, &slot) in slots.iter().enumerate() {
            let buf = out.to(to);
            if buf.is_empty() {
                put_varint(buf, i as u64);
            }
            put_varint(buf, known.keys[slot as usize]);
            if buf.len() >= SLICE {
                net.flush_full(worker, &mut out);
            }
        }
        net.flush(worker, &mut out);
    }
    // The answers, in the next round: per slice of questions, [index of the first,
    // count, the values (`width` bytes each)…].
    let mut failed = None;
    let mut values = Vec::new();
    let replies = net.finish(worker, |from, bytes, out| {
        let mut at = 0;
        let Some(first) = get_varint(bytes, &mut at) else {
            return;
        };
        values.clear();
        while let Some(k) = get_varint(bytes, &mut at) {
            let (s, r) = unkey(k);
            let (l, u) = answer(s, r).unwrap_or_else(|e| {
                failed.get_or_insert(e);
                (UNKNOWN, UNKNOWN)
            });
            values.push(l as u8);
            if width == 2 {
                values.push(u as u8);
            }
        }
        let buf = out.to(from);
        put_varint(buf, first);
        put_varint(buf, (values.len() / width) as u64);
        buf.extend_from_slice(&values);
    });
    if let Some(e) = failed {
        return Err(e);
    }
    let vals = &mut known.vals;
    net.round(worker, replies, |from, bytes, _| {
        let mut at = 0;
        while let (Some(first), Some(count)) =
            (get_varint(bytes, &mut at), get_varint(bytes, &mut at))
        {
            let n = count as usize * width;
            let Some(values) = bytes.get(at..at + n) else {
                return;
            };
            at += n;
            for (i, v) in values.chunks_exact(width).enumerate() {
                if let Some(&slot) = asked[from].get(first as usize + i) {
                    vals[slot as usize] = u16::from_le_bytes([v[0], v[width - 1]]);
                }
            }
        }
    });
    Ok(total)
}
