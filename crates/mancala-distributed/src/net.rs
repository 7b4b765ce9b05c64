//! The exchange between workers: packed messages of bytes, one round of a timely
//! dataflow (an input, an `exchange` by the target worker, a probe) per step of the
//! build.
//!
//! A round's messages are combined per destination and sent in slices of about
//! [`SLICE`] bytes as they fill ([`Outbox`]), so that no worker builds a round's
//! messages before sending them; those that arrive are handed, as they come, to the
//! round's handler ([`Net::finish`]), which may answer (in the next round). A worker
//! that waits parks its thread rather than spinning, so that the CPU time a build
//! takes is its work.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use timely::container::CapacityContainerBuilder;
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;

/// The most bytes of one message: a round's messages to a worker go in slices of
/// this size.
pub(crate) const SLICE: usize = 1 << 16;

/// A message: its target worker, the worker that sent it, its bytes.
type Packet = (u32, u32, Vec<u8>);

/// A message arrived: its round, the worker that sent it, its bytes.
type Arrived = (u64, u32, Vec<u8>);

/// The bytes a message takes between processes, as timely serializes it (bincode: the
/// two workers, the length, the bytes).
fn wire_size(bytes: &[u8]) -> u64 {
    4 + 4 + 8 + bytes.len() as u64
}

/// The exchange: one round of a timely dataflow per [`finish`](Net::finish).
pub(crate) struct Net {
    input: InputHandle<u64, CapacityContainerBuilder<Vec<Packet>>>,
    probe: ProbeHandle<u64>,
    /// The messages arrived, with their round, not yet handled: a worker ahead may
    /// already send those of the next round.
    inbox: Rc<RefCell<Vec<Arrived>>>,
    epoch: u64,
    threads: usize,
    me: usize,
    peers: usize,
    /// Messages sent, and bytes sent to other processes, since the last reset.
    messages: u64,
    bytes: u64,
}

impl Net {
    pub(crate) fn new(worker: &mut Worker, threads: usize) -> Net {
        let mut input = InputHandle::new();
        let probe = ProbeHandle::new();
        let inbox = Rc::new(RefCell::new(Vec::new()));
        let sink = Rc::clone(&inbox);
        worker.dataflow(|scope| {
            scope
                .input_from(&mut input)
                .container::<Vec<_>>()
                .exchange(|(to, _, _): &Packet| u64::from(*to))
                .inspect_core(move |event| {
                    if let Ok((stamp, data)) = event {
                        let t = stamp.elements().first().copied().unwrap_or(0);
                        let mut sink = sink.borrow_mut();
                        for (_, from, bytes) in data {
                            sink.push((t, *from, bytes.clone()));
                        }
                    }
                })
                .probe_with(&probe);
        });
        Net {
            input,
            probe,
            inbox,
            epoch: 0,
            threads,
            me: worker.index(),
            peers: worker.peers(),
            messages: 0,
            bytes: 0,
        }
    }

    /// This worker.
    pub(crate) fn me(&self) -> usize {
        self.me
    }

    /// The workers.
    pub(crate) fn peers(&self) -> usize {
        self.peers
    }

    /// Sends `bytes` to worker `to` in this round, at once.
    pub(crate) fn send(&mut self, worker: &mut Worker, to: usize, bytes: Vec<u8>) {
        self.messages += 1;
        if to / self.threads != self.me / self.threads {
            self.bytes += wire_size(&bytes);
        }
        self.input.send((to as u32, self.me as u32, bytes));
        self.input.flush();
        worker.step();
    }

    /// Ends this round: waits until every worker's messages of it have arrived,
    /// handing each (its sender, its bytes) to `handle` as it comes, and returns what
    /// `handle` put in its outbox, for the caller to send in its next round (not
    /// before: the next round may be another's, a sum).
    pub(crate) fn finish(
        &mut self,
        worker: &mut Worker,
        mut handle: impl FnMut(usize, &[u8], &mut Outbox),
    ) -> Outbox {
        let now = self.epoch;
        self.epoch += 1;
        self.input.advance_to(self.epoch);
        let mut out = Outbox::new(self.peers);
        loop {
            let arrived: Vec<(u32, Vec<u8>)> = {
                let mut inbox = self.inbox.borrow_mut();
                if inbox.iter().all(|m| m.0 != now) {
                    Vec::new()
                } else {
                    let (this, later): (Vec<_>, Vec<_>) = inbox.drain(..).partition(|m| m.0 == now);
                    *inbox = later;
                    this.into_iter().map(|(_, f, b)| (f, b)).collect()
                }
            };
            for (from, bytes) in arrived {
                handle(from as usize, &bytes, &mut out);
            }
            if !self.probe.less_than(self.input.time()) {
                let inbox = self.inbox.borrow();
                if inbox.iter().all(|m| m.0 != now) {
                    break;
                }
                continue;
            }
            worker.step_or_park(Some(Duration::from_millis(1)));
        }
        out
    }

    /// Sends the slices of `out` that are full.
    pub(crate) fn flush_full(&mut self, worker: &mut Worker, out: &mut Outbox) {
        for to in 0..out.bufs.len() {
            if out.bufs[to].len() >= SLICE {
                let b = std::mem::take(&mut out.bufs[to]);
                self.send(worker, to, b);
            }
        }
    }

    /// Sends everything in `out`.
    pub(crate) fn flush(&mut self, worker: &mut Worker, out: &mut Outbox) {
        for to in 0..out.bufs.len() {
            if !out.bufs[to].is_empty() {
                let b = std::mem::take(&mut out.bufs[to]);
                self.send(worker, to, b);
            }
        }
    }

    /// Sends `out` and ends the round ([`finish`](Net::finish)).
    pub(crate) fn round(
        &mut self,
        worker: &mut Worker,
        mut out: Outbox,
        handle: impl FnMut(usize, &[u8], &mut Outbox),
    ) -> Outbox {
        self.flush(worker, &mut out);
        self.finish(worker, handle)
    }

    /// The messages sent, and the bytes sent to other processes, since the last
    /// [`reset_counts`](Net::reset_counts).
    pub(crate) fn counts(&self) -> (u64, u64) {
        (self.messages, self.bytes)
    }

    /// Starts the counts of [`counts`](Net::counts) afresh.
    pub(crate) fn reset_counts(&mut self) {
        self.messages = 0;
        self.bytes = 0;
    }

    /// Every worker's `x`, added up; also a barrier.
    pub(crate) fn sum(&mut self, worker: &mut Worker, x: [u64; 4]) -> [u64; 4] {
        self.fold(worker, x, |a, b| a + b)
    }

    /// Every worker's `x`, the least of each.
    pub(crate) fn min(&mut self, worker: &mut Worker, x: [u64; 4]) -> [u64; 4] {
        self.fold(worker, x, u64::min)
    }

    fn fold(&mut self, worker: &mut Worker, x: [u64; 4], f: impl Fn(u64, u64) -> u64) -> [u64; 4] {
        let bytes: Vec<u8> = x.iter().flat_map(|v| v.to_le_bytes()).collect();
        for to in 0..self.peers {
            self.send(worker, to, bytes.clone());
        }
        let mut acc: Option<[u64; 4]> = None;
        let out = self.finish(worker, |_, b, _| {
            let mut v = [0u64; 4];
            for (i, c) in b.chunks_exact(8).take(4).enumerate() {
                v[i] = u64::from_le_bytes(c.try_into().unwrap_or([0; 8]));
            }
            acc = Some(match acc {
                None => v,
                Some(a) => [f(a[0], v[0]), f(a[1], v[1]), f(a[2], v[2]), f(a[3], v[3])],
            });
        });
        debug_assert!(out.is_empty());
        acc.unwrap_or(x)
    }
}

/// A round's messages being written, one buffer a destination, sent in slices
/// ([`Net::flush_full`]).
pub(crate) struct Outbox {
    bufs: Vec<Vec<u8>>,
}

impl Outbox {
    pub(crate) fn new(peers: usize) -> Outbox {
        Outbox {
            bufs: vec![Vec::new(); peers],
        }
    }

    /// The buffer of the messages to worker `to`.
    pub(crate) fn to(&mut self, to: usize) -> &mut Vec<u8> {
        &mut self.bufs[to]
    }

    /// Whether nothing is written.
    pub(crate) fn is_empty(&self) -> bool {
        self.bufs.iter().all(Vec::is_empty)
    }
}

/// Writes `v` as a varint (7 bits a byte, low first).
#[inline]
pub(crate) fn put_varint(buf: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        buf.push(v as u8 | 0x80);
        v >>= 7;
    }
    buf.push(v as u8);
}

/// Reads a varint from `bytes` at `*at`, moving `*at` past it; `None` at the end or
/// on a malformed one.
#[inline]
pub(crate) fn get_varint(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut v = 0u64;
    let mut shift = 0;
    loop {
        let b = *bytes.get(*at)?;
        *at += 1;
        v |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            return Some(v);
        }
        shift += 7;
        if shift > 63 {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{get_varint, put_varint};

    #[test]
    fn varints_round_trip() {
        let vals = [0u64, 1, 127, 128, 300, 1 << 35, u64::MAX];
        let mut buf = Vec::new();
        for &v in &vals {
            put_varint(&mut buf, v);
        }
        // 1 + 1 + 1 + 2 + 2 + 6 + 10 bytes.
        assert_eq!(buf.len(), 23);
        let mut at = 0;
        for &v in &vals {
            assert_eq!(get_varint(&buf, &mut at), Some(v));
        }
        assert_eq!(get_varint(&buf, &mut at), None);
        assert_eq!(get_varint(&[0x80], &mut 0), None);
    }
}
