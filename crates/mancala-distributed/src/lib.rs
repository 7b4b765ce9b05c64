//! The endgame databases of [`mancala_solve`] built as a [timely dataflow]: across
//! worker threads, processes and machines, each worker owning a block of the ranks of
//! every table, the files byte-identical to the single-machine build
//! ([`mancala_solve::build::build`]).
//!
//! For every seed count `n`, one after the other (the database of `n` seeds reads only
//! those below it and itself), each worker:
//!
//! 1. **expands** its block of ranks: plays every move of every board
//!    ([`retro::children`], the expansion the single-machine build uses), keeping the
//!    exits that end the game and the children of as many seeds;
//! 2. **asks** the owners of the children of fewer seeds for their values and
//!    answers the others' questions from its own blocks of the finished tables (an
//!    exchange by owner: no worker reads another's table, and nothing goes through a
//!    shared file system);
//! 3. sends each child of as many seeds the rank of its parent (the reverse edges, to
//!    the child's owner), then **iterates** the equations of [`retro`] in rounds: a
//!    board whose bounds moved sends them to its parents' owners, which recompute those
//!    parents, until a round in which no bound moved anywhere. For Kalah (no cycles)
//!    the same rounds settle the DAG of each seed count from its leaves up, every
//!    board's bounds meeting at its value; for Urim and Oware they reach the least and
//!    greatest fixed point, the bounds the single-machine iteration gives (a monotone
//!    iteration from the same start reaches the same fixed point in any order);
//! 4. **writes** its block of the table as a partition file, and the first worker of
//!    each process the process's manifest ([`parts`]), so that a run can resume from the
//!    last seed count every worker finished, and [`parts::merge`] can make the
//!    database files of today's format.
//!
//! Every exchange is one round of a timely dataflow (an input, an `exchange` by the
//! owning worker, a probe): the workers of all processes advance together, and the
//! bytes sent between processes are counted per seed count.
//!
//! [timely dataflow]: https://docs.rs/timely
//! [`retro::children`]: mancala_solve::retro::children
//! [`retro`]: mancala_solve::retro

#![doc(html_root_url = "https://docs.rs/mancala-distributed/0.1.0")]

pub mod parts;

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mancala_solve::db::Databases;
use mancala_solve::rank::MAX_PITS;
use mancala_solve::retro::{AGAIN, Kid, children, through};
use mancala_solve::{ABSENT, Solvable, SolveError};
use serde::{Deserialize, Serialize};
use timely::container::CapacityContainerBuilder;
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;

/// Why a distributed build or a merge failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DistError {
    /// The solver refused a board or a table.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A board could not be ranked.
    #[error(transparent)]
    Rank(#[from] mancala_solve::rank::RankError),
    /// A database file could not be written.
    #[error(transparent)]
    File(#[from] mancala_solve::file::FileError),
    /// A partition file or a manifest could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// A manifest or a partition is not what this run or merge needs.
    #[error("{}: {reason}", path.display())]
    Parts {
        /// The file or folder.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The cluster's description is refused (by timely, or by this crate).
    #[error("the cluster: {0}")]
    Cluster(String),
    /// A worker failed.
    #[error("worker {worker}: {reason}")]
    Worker {
        /// The worker's index.
        worker: usize,
        /// What failed.
        reason: String,
    },
}

/// Where this process is in the cluster: timely's `-w`, `-n`, `-p` and `-h`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// Worker threads per process (`-w`).
    pub threads: usize,
    /// Processes (`-n`).
    pub processes: usize,
    /// This process's index (`-p`).
    pub process: usize,
    /// A file of `host:port` lines, one per process (`-h`); without it, timely's
    /// default (`localhost:2101` and on).
    pub hostfile: Option<PathBuf>,
}

impl Cluster {
    /// Process `process` of `processes`, each of `threads` worker threads, the
    /// processes' addresses in `hostfile`.
    #[must_use]
    pub fn new(
        threads: usize,
        processes: usize,
        process: usize,
        hostfile: Option<PathBuf>,
    ) -> Cluster {
        Cluster {
            threads,
            processes,
            process,
            hostfile,
        }
    }

    /// The workers of the cluster.
    #[must_use]
    pub fn workers(&self) -> usize {
        self.threads * self.processes
    }

    /// timely's configuration of this process.
    ///
    /// # Errors
    /// [`DistError::Cluster`] if a count is 0, the process index is not below the
    /// processes, or timely refuses the options.
    pub fn config(&self) -> Result<timely::Config, DistError> {
        if self.threads == 0 || self.processes == 0 || self.process >= self.processes {
            return Err(DistError::Cluster(format!(
                "{} threads, {} processes, process {}: give at least one thread and one \
                 process, and a process index below the processes",
                self.threads, self.processes, self.process
            )));
        }
        let mut args = vec![
            "solve-dist".to_string(),
            "-w".into(),
            self.threads.to_string(),
            "-n".into(),
            self.processes.to_string(),
            "-p".into(),
            self.process.to_string(),
        ];
        if let Some(h) = &self.hostfile {
            args.extend(["-h".to_string(), h.display().to_string()]);
        }
        timely::Config::from_args(args.into_iter()).map_err(DistError::Cluster)
    }
}

/// What a distributed build does.
#[derive(Clone, Debug)]
pub struct Options {
    /// The databases of 0 to this many seeds.
    pub max_seeds: u32,
    /// The folder of this process's partition files and manifest.
    pub parts: PathBuf,
    /// Keep the seed counts that every worker has finished (partition and manifest
    /// present and checked) rather than computing them again.
    pub resume: bool,
    /// Show progress (on the first worker of process 0).
    pub progress: bool,
    /// A pause after each seed count (so that a test can stop a process mid-run).
    pub pause: Duration,
}

/// What the build did for one seed count, summed over the workers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SeedReport {
    /// The seed count.
    pub seeds: u32,
    /// Boards in the table.
    pub boards: u64,
    /// Whether it was kept from an earlier run (`--resume`) rather than computed.
    pub resumed: bool,
    /// Rounds of the iteration (the last moved nothing).
    pub rounds: u32,
    /// Seconds it took.
    pub seconds: f64,
    /// Messages between workers.
    pub messages: u64,
    /// Bytes of the messages between processes (bincode, as timely sends them).
    pub bytes: u64,
    /// Boards left with `L < U` (games with cycles).
    pub unresolved: u64,
}

/// A message between workers; each goes to one worker (the owner of a rank, or the
/// one that asked).
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
enum Msg {
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
struct Net {
    input: InputHandle<u64, CapacityContainerBuilder<Vec<(u32, Msg)>>>,
    probe: ProbeHandle<u64>,
    /// The messages arrived, with their round: a worker ahead may already send those
    /// of the next round.
    inbox: Rc<RefCell<Vec<(u64, Msg)>>>,
    epoch: u64,
    threads: usize,
    me: usize,
    /// Messages sent, and bytes sent to other processes, since the last `take`.
    messages: u64,
    bytes: u64,
}

impl Net {
    fn new(worker: &mut Worker, threads: usize) -> Net {
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
    fn round(&mut self, worker: &mut Worker, out: Vec<(u32, Msg)>) -> Vec<Msg> {
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

    /// Every worker's `x`, added up; also a barrier.
    fn sum(&mut self, worker: &mut Worker, x: [u64; 4]) -> [u64; 4] {
        self.fold(worker, x, |a, b| a + b)
    }

    /// Every worker's `x`, the least of each.
    fn min(&mut self, worker: &mut Worker, x: [u64; 4]) -> [u64; 4] {
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

/// The block of ranks `0..count` worker `w` of `workers` owns: `count·w/workers ..
/// count·(w+1)/workers`.
#[must_use]
pub fn block(count: u64, w: usize, workers: usize) -> (u64, u64) {
    let at = |w: usize| (u128::from(count) * w as u128 / workers as u128) as u64;
    (at(w), at(w + 1))
}

/// The worker that owns rank `rank` of `count` ([`block`]).
#[must_use]
pub fn owner(count: u64, rank: u64, workers: usize) -> usize {
    let mut w = (u128::from(rank) * workers as u128 / u128::from(count.max(1))) as usize;
    w = w.min(workers - 1);
    while w + 1 < workers && block(count, w + 1, workers).0 <= rank {
        w += 1;
    }
    while w > 0 && block(count, w, workers).0 > rank {
        w -= 1;
    }
    w
}

/// Panics in timely's communication threads (`timely:recv-<process>`,
/// `timely:send-<process>`) mean a connection to that process was lost: this hook
/// waits half a second (so that every process sees the first failure before any of
/// them exits), prints `error: lost process <i> of the cluster (…)` and exits with code
/// 3. A panic in any other thread (a worker) is printed and exits with code 101, so
/// that the other processes stop too — unless a connection was lost already (a worker
/// then fails on the queue the communication thread left poisoned): it waits for that
/// report instead. For the binaries of a cluster; call it once.
pub fn install_failure_hook() {
    static LOST: Mutex<Vec<usize>> = Mutex::new(Vec::new());
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let name = std::thread::current().name().unwrap_or("").to_string();
        let peer = name
            .strip_prefix("timely:recv-")
            .or_else(|| name.strip_prefix("timely:send-"))
            .and_then(|i| i.parse::<usize>().ok());
        let Some(peer) = peer else {
            let lost = !LOST
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .is_empty();
            if lost {
                // A worker that fails because a connection was lost (timely's queue
                // poisoned by the communication thread's panic): the lost process is
                // the error, and that thread's hook reports it and exits; wait for it.
                std::thread::sleep(Duration::from_secs(5));
            }
            default(info);
            std::process::exit(101);
        };
        let first = {
            let mut lost = LOST
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            lost.push(peer);
            lost.len() == 1
        };
        if first {
            std::thread::sleep(Duration::from_millis(500));
            let mut lost = LOST
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .clone();
            lost.sort_unstable();
            lost.dedup();
            let what = info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_default();
            let names: Vec<String> = lost.iter().map(usize::to_string).collect();
            eprintln!(
                "error: lost process {} of the cluster (it failed or was killed: {what}); \
                 restart every process with --resume to go on from the last finished seed count",
                names.join(", process ")
            );
            std::process::exit(3);
        }
    }));
}

/// Builds the databases of `game` of 0 to `options.max_seeds` seeds as this process
/// of `cluster`, writing its partitions and manifest to `options.parts`; every process
/// of the cluster runs it with the same game and options. `each` is called on the
/// first worker of process 0 after each seed count. Returns, on that worker's process,
/// what each seed count did.
///
/// A worker that fails prints its error and ends its process (exit code 1): the other
/// processes then lose the connection and stop ([`install_failure_hook`]).
///
/// # Errors
/// [`DistError::Cluster`] if timely refuses the cluster.
pub fn run<G>(
    game: G,
    cluster: &Cluster,
    options: Options,
    each: impl Fn(&SeedReport) + Send + Sync + 'static,
) -> Result<Vec<SeedReport>, DistError>
where
    G: Solvable + Send + 'static,
{
    let config = cluster.config()?;
    let game = Arc::new(game);
    let options = Arc::new(options);
    let threads = cluster.threads;
    let processes = cluster.processes;
    let each = Arc::new(each);
    let guards = timely::execute(config, move |worker| {
        let index = worker.index();
        let mut b = Builder {
            game: &*game,
            options: &options,
            threads,
            processes,
            net: Net::new(worker, threads),
            tables: Vec::new(),
        };
        match b.run(worker, &*each) {
            Ok(r) => r,
            Err(e) => {
                eprintln!(
                    "error: worker {index} (process {}): {e}",
                    index / threads.max(1)
                );
                std::process::exit(1);
            }
        }
    })
    .map_err(DistError::Cluster)?;
    let mut out = Vec::new();
    for (w, r) in guards.join().into_iter().enumerate() {
        let r = r.map_err(|reason| DistError::Worker { worker: w, reason })?;
        if out.is_empty() {
            out = r;
        }
    }
    Ok(out)
}

/// One worker's build.
struct Builder<'a, G> {
    game: &'a G,
    options: &'a Options,
    threads: usize,
    processes: usize,
    net: Net,
    /// This worker's block of each finished table.
    tables: Vec<Vec<u8>>,
}

/// One board of a block while its table is built.
#[derive(Clone, Copy)]
struct Board {
    l: i8,
    u: i8,
    exit_l: i32,
    exit_u: i32,
    /// Still iterated (it has children of as many seeds).
    open: bool,
}

impl<G: Solvable> Builder<'_, G> {
    fn run(
        &mut self,
        worker: &mut Worker,
        each: &dyn Fn(&SeedReport),
    ) -> Result<Vec<SeedReport>, DistError> {
        let me = worker.index();
        let peers = worker.peers();
        let dbs = Databases::new(self.game, self.options.max_seeds)?;
        let layout = parts::Layout::new(self.game, &dbs, peers, self.threads, self.processes);
        std::fs::create_dir_all(&self.options.parts).map_err(|source| DistError::Io {
            path: self.options.parts.clone(),
            source,
        })?;
        let mut reports = Vec::new();
        // Resume: the seed counts every worker has, checked.
        let mut have = 0;
        if self.options.resume {
            self.tables = layout.load(&self.options.parts, &dbs, me)?;
            have = self.tables.len() as u64;
        }
        let start = self.net.min(worker, [have, 0, 0, 0])[0] as u32;
        self.tables.truncate(start as usize);
        let lead = me == 0;
        for seeds in 0..start.min(self.options.max_seeds + 1) {
            let r = SeedReport {
                seeds,
                boards: dbs.ranker().count(seeds),
                resumed: true,
                ..SeedReport::default()
            };
            if lead {
                each(&r);
            }
            reports.push(r);
        }
        let bar = if lead && self.options.progress {
            let pb = indicatif::ProgressBar::new_spinner();
            pb.enable_steady_tick(Duration::from_millis(200));
            pb
        } else {
            indicatif::ProgressBar::hidden()
        };
        for seeds in start..=self.options.max_seeds {
            let t0 = Instant::now();
            bar.set_message(format!("{} {seeds:>2} seeds: moves", self.game.name()));
            let (values, rounds, unresolved) = self.table(worker, &dbs, seeds, &bar)?;
            layout.write_part(&self.options.parts, &dbs, seeds, me, &values)?;
            self.tables.push(values);
            let (messages, bytes) = (self.net.messages, self.net.bytes);
            let sums = self.net.sum(worker, [messages, bytes, unresolved, 0]);
            self.net.messages = 0;
            self.net.bytes = 0;
            if me.is_multiple_of(self.threads) {
                layout.write_manifest(&self.options.parts, &dbs, me / self.threads, seeds)?;
            }
            // Every process's manifest is written before the next seed count starts.
            self.net.sum(worker, [0; 4]);
            let r = SeedReport {
                seeds,
                boards: dbs.ranker().count(seeds),
                resumed: false,
                rounds,
                seconds: t0.elapsed().as_secs_f64(),
                messages: sums[0],
                bytes: sums[1],
                unresolved: sums[2],
            };
            if lead {
                bar.suspend(|| each(&r));
            }
            reports.push(r);
            std::thread::sleep(self.options.pause);
        }
        bar.finish_and_clear();
        Ok(reports)
    }

    /// This worker's block of the table of `seeds` seeds (width bytes a board), the
    /// rounds of the iteration and the boards left unresolved.
    fn table(
        &mut self,
        worker: &mut Worker,
        dbs: &Databases,
        seeds: u32,
        bar: &indicatif::ProgressBar,
    ) -> Result<(Vec<u8>, u32, u64), DistError> {
        let game = self.game;
        let ranker = dbs.ranker();
        let p = ranker.pits();
        let me = worker.index();
        let peers = worker.peers();
        let count = ranker.count(seeds);
        if count >= u64::from(AGAIN) {
            return Err(SolveError::TableSize {
                seeds,
                found: count,
                expected: u64::from(AGAIN),
            }
            .into());
        }
        let (a, b) = block(count, me, peers);
        let n = (b - a) as usize;
        let s = seeds as i32;
        let absent = i32::from(ABSENT);

        // 1. Expand.
        let mut boards = Vec::with_capacity(n);
        let mut kid_start: Vec<u32> = Vec::with_capacity(n + 1);
        let mut kids: Vec<u32> = Vec::new();
        // (board, child's seeds, child's rank, gain, again)
        let mut below: Vec<(u32, u8, u64, i32, bool)> = Vec::new();
        let mut board = [0u8; MAX_PITS];
        if n > 0 {
            ranker.unrank(seeds, a, &mut board[..p])?;
        }
        for i in 0..n {
            kid_start.push(kids.len() as u32);
            let mut x = Board {
                l: ABSENT,
                u: ABSENT,
                exit_l: i32::MIN,
                exit_u: i32::MIN,
                open: false,
            };
            if let Some(pos) = game.position(&board[..p]) {
                let st = game.view(&pos, &mut [0; MAX_PITS][..p]);
                if let Some(t) = game.terminal(&pos, st)? {
                    (x.exit_l, x.exit_u) = (t, t);
                } else {
                    children(game, ranker, seeds, &pos, st, |kid| {
                        match kid {
                            Kid::End(t) => {
                                x.exit_l = x.exit_l.max(t);
                                x.exit_u = x.exit_u.max(t);
                            }
                            Kid::Same(r) => kids.push(r),
                            Kid::Below {
                                seeds,
                                rank,
                                gain,
                                again,
                            } => below.push((i as u32, seeds as u8, rank, gain, again)),
                        }
                        Ok(())
                    })?;
                    x.open = true;
                }
            } else {
                (x.exit_l, x.exit_u) = (absent, absent);
            }
            boards.push(x);
            if i + 1 < n {
                ranker.next(&mut board[..p]);
            }
        }
        kid_start.push(kids.len() as u32);

        // 2. The children of fewer seeds, from their owners.
        let mut asked: Vec<(u8, u64)> = below.iter().map(|b| (b.1, b.2)).collect();
        asked.sort_unstable();
        asked.dedup();
        let out = asked
            .iter()
            .map(|&(cs, rank)| {
                let to = owner(ranker.count(u32::from(cs)), rank, peers) as u32;
                (
                    to,
                    Msg::Ask {
                        seeds: cs,
                        rank,
                        from: me as u32,
                    },
                )
            })
            .collect();
        let questions = self.net.round(worker, out);
        let width = dbs.width();
        let mut out = Vec::with_capacity(questions.len());
        for m in questions {
            if let Msg::Ask {
                seeds: cs,
                rank,
                from,
            } = m
            {
                let table = self
                    .tables
                    .get(usize::from(cs))
                    .ok_or(SolveError::Missing { seeds: cs.into() })?;
                let first = block(ranker.count(cs.into()), me, peers).0;
                let at = (rank - first) as usize * width;
                let (l, u) = (table[at] as i8, table[at + width - 1] as i8);
                out.push((
                    from,
                    Msg::Answer {
                        seeds: cs,
                        rank,
                        l,
                        u,
                    },
                ));
            }
        }
        let answers: HashMap<(u8, u64), (i8, i8)> = self
            .net
            .round(worker, out)
            .into_iter()
            .filter_map(|m| match m {
                Msg::Answer { seeds, rank, l, u } => Some(((seeds, rank), (l, u))),
                _ => None,
            })
            .collect();
        for &(i, cs, rank, gain, again) in &below {
            let &(cl, cu) = answers
                .get(&(cs, rank))
                .ok_or(SolveError::Missing { seeds: cs.into() })?;
            if cl == ABSENT {
                return Err(SolveError::Absent {
                    seeds: cs.into(),
                    rank,
                }
                .into());
            }
            let (l, u) = through(gain, again, i32::from(cl), i32::from(cu));
            let x = &mut boards[i as usize];
            x.exit_l = x.exit_l.max(l);
            x.exit_u = x.exit_u.max(u);
        }
        drop(below);
        drop(answers);
        for (i, x) in boards.iter_mut().enumerate() {
            let has_kids = kid_start[i + 1] > kid_start[i];
            if !x.open || !has_kids {
                if x.open && x.exit_l == i32::MIN {
                    return Err(SolveError::NoMoves.into());
                }
                x.open = false;
                (x.l, x.u) = (x.exit_l as i8, x.exit_u as i8);
            } else {
                x.exit_l = x.exit_l.max(-s);
                x.exit_u = x.exit_u.max(-s);
                (x.l, x.u) = (x.exit_l as i8, s as i8);
            }
        }

        // 3. The reverse edges, to the children's owners.
        let mut out = Vec::new();
        for i in 0..n {
            let mut ks: Vec<u32> = kids[kid_start[i] as usize..kid_start[i + 1] as usize]
                .iter()
                .map(|k| k & !AGAIN)
                .collect();
            ks.sort_unstable();
            ks.dedup();
            for child in ks {
                let to = owner(count, u64::from(child), peers) as u32;
                let parent = (a + i as u64) as u32;
                out.push((to, Msg::Edge { child, parent }));
            }
        }
        let mut edges: Vec<(u32, u32)> = self
            .net
            .round(worker, out)
            .into_iter()
            .filter_map(|m| match m {
                Msg::Edge { child, parent } => Some(((u64::from(child) - a) as u32, parent)),
                _ => None,
            })
            .collect();
        edges.sort_unstable();
        let mut par_start = vec![0u32; n + 1];
        for &(c, _) in &edges {
            par_start[c as usize + 1] += 1;
        }
        for i in 0..n {
            par_start[i + 1] += par_start[i];
        }
        let parents: Vec<u32> = edges.into_iter().map(|e| e.1).collect();

        // 4. Iterate: the boards that moved send their bounds to their parents.
        let mut cache: Vec<(i8, i8)> = vec![(0, 0); kids.len()];
        let mut changed: Vec<u32> = (0..n as u32)
            .filter(|&i| par_start[i as usize + 1] > par_start[i as usize])
            .collect();
        let mut touched = vec![false; n];
        let mut rounds = 0;
        loop {
            let mut out = Vec::new();
            for &i in &changed {
                let x = boards[i as usize];
                for &parent in
                    &parents[par_start[i as usize] as usize..par_start[i as usize + 1] as usize]
                {
                    let to = owner(count, u64::from(parent), peers) as u32;
                    let child = (a + u64::from(i)) as u32;
                    out.push((
                        to,
                        Msg::Bounds {
                            parent,
                            child,
                            l: x.l,
                            u: x.u,
                        },
                    ));
                }
            }
            let moved = changed.len() as u64;
            out.extend((0..peers as u32).map(|w| (w, Msg::Sum([moved, 0, 0, 0]))));
            let inbox = self.net.round(worker, out);
            rounds += 1;
            let mut total = 0;
            let mut list = Vec::new();
            for m in inbox {
                match m {
                    Msg::Sum(v) => total += v[0],
                    Msg::Bounds {
                        parent,
                        child,
                        l,
                        u,
                    } => {
                        let li = (u64::from(parent) - a) as usize;
                        for slot in kid_start[li] as usize..kid_start[li + 1] as usize {
                            if kids[slot] & !AGAIN == child {
                                cache[slot] = (l, u);
                            }
                        }
                        if !touched[li] {
                            touched[li] = true;
                            list.push(li);
                        }
                    }
                    _ => {}
                }
            }
            if total == 0 {
                break;
            }
            bar.set_message(format!(
                "{} {seeds:>2} seeds: round {rounds}, {total} boards moved",
                game.name()
            ));
            changed.clear();
            for li in list {
                touched[li] = false;
                let x = &mut boards[li];
                if !x.open || x.l >= x.u {
                    continue;
                }
                let (mut nl, mut nu) = (x.exit_l, x.exit_u);
                for slot in kid_start[li] as usize..kid_start[li + 1] as usize {
                    let (cl, cu) = (i32::from(cache[slot].0), i32::from(cache[slot].1));
                    if kids[slot] & AGAIN != 0 {
                        nl = nl.max(cl);
                        nu = nu.max(cu);
                    } else {
                        nl = nl.max(-cu);
                        nu = nu.max(-cl);
                    }
                }
                let (nl, nu) = (nl.max(i32::from(x.l)), nu.min(i32::from(x.u)));
                if (nl, nu) != (i32::from(x.l), i32::from(x.u)) {
                    (x.l, x.u) = (nl as i8, nu as i8);
                    changed.push(li as u32);
                }
            }
        }

        // 5. The block's bytes, as the single-machine build stores them.
        let mut values = Vec::with_capacity(n * width);
        let mut unresolved = 0;
        for x in &boards {
            unresolved += u64::from(x.l < x.u);
            if width == 2 {
                values.extend_from_slice(&[x.l as u8, x.u as u8]);
            } else if x.l == x.u {
                values.push(x.l as u8);
            } else {
                return Err(SolveError::Cycle { seeds }.into());
            }
        }
        Ok((values, rounds, unresolved))
    }
}

#[cfg(test)]
mod tests {
    use super::{block, owner};

    #[test]
    fn blocks_cover_the_ranks_and_owners_find_them() {
        for count in [0u64, 1, 2, 7, 100, 1001] {
            for workers in 1..6 {
                let mut next = 0;
                for w in 0..workers {
                    let (a, b) = block(count, w, workers);
                    assert_eq!(a, next);
                    for r in a..b {
                        assert_eq!(owner(count, r, workers), w, "rank {r} of {count}");
                    }
                    next = b;
                }
                assert_eq!(next, count);
            }
        }
    }
}
