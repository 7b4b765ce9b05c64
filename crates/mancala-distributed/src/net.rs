//! The exchange between workers: one round of a timely dataflow (an input, an
//! `exchange` by the target worker, a probe) per step of the build.

use std::cell::RefCell;
use std::rc::Rc;

use serde::{Deserialize, Serialize};
use timely::container::CapacityContainerBuilder;
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;

/// A message between workers; each goes to one worker (the owner of a rank, or the
/// one that asked).
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub(crate) enum Msg {
    /// The bounds of a board of fewer seeds, asked by worker `from`.
    Ask { seeds: u8, rank: u64, from: u32 },
    /// The answer.
    Answer { seeds: u8, rank: u64, l: i8, u: i8 },
    /// `parent` has the board `child` of as many seeds as a child (to `child`'s owner).
    Edge { child: u32, parent: u32 },
    /// `child`'s new bounds (to `parent`'s owner).
    Bounds {
        parent: u32,
        child: u32,
        l: i8,
        u: i8,
    },
    /// Numbers every worker adds up (or takes the least of).
    Sum([u64; 4]),
}

/// One round of exchange: an input, `exchange` by the target worker, a probe.
pub(crate) struct Net {
    input: InputHandle<u64, CapacityContainerBuilder<Vec<(u32, Msg)>>>,
    probe: ProbeHandle<u64>,
    /// The messages arrived, with their round: a worker ahead may already send those
    /// of the next round.
    inbox: Rc<RefCell<Vec<(u64, Msg)>>>,
    epoch: u64,
    threads: usize,
    me: usize,
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
                .exchange(|(to, _): &(u32, Msg)| u64::from(*to))
                .inspect_core(move |event| {
                    if let Ok((stamp, data)) = event {
                        let t = stamp.elements().first().copied().unwrap_or(0);
                        sink.borrow_mut().extend(data.iter().map(|(_, m)| (t, *m)));
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
            messages: 0,
            bytes: 0,
        }
    }

    /// Sends `out` (target worker, message), waits until every worker's messages of
    /// this round have arrived, and returns those sent here.
    pub(crate) fn round(&mut self, worker: &mut Worker, out: Vec<(u32, Msg)>) -> Vec<Msg> {
        for x in out {
            self.messages += 1;
            if x.0 as usize / self.threads != self.me / self.threads {
                self.bytes += bincode::serialized_size(&x).unwrap_or(0);
            }
            self.input.send(x);
        }
        let now = self.epoch;
        self.epoch += 1;
        self.input.advance_to(self.epoch);
        while self.probe.less_than(self.input.time()) {
            worker.step();
        }
        let mut inbox = self.inbox.borrow_mut();
        let (this, later): (Vec<_>, Vec<_>) = inbox.drain(..).partition(|&(t, _)| t == now);
        *inbox = later;
        this.into_iter().map(|(_, m)| m).collect()
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
        let out = (0..worker.peers() as u32)
            .map(|w| (w, Msg::Sum(x)))
            .collect();
        let mut acc: Option<[u64; 4]> = None;
        for m in self.round(worker, out) {
            if let Msg::Sum(v) = m {
                acc = Some(match acc {
                    None => v,
                    Some(a) => [f(a[0], v[0]), f(a[1], v[1]), f(a[2], v[2]), f(a[3], v[3])],
                });
            }
        }
        acc.unwrap_or(x)
    }
}
