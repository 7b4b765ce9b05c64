//! The distributed build: what it does ([`Options`]), what it did ([`SeedReport`]),
//! and [`run`], which starts the workers of this process; each builds its blocks of
//! the tables one seed count after the other (`table.rs`), writing its partitions
//! and the process's manifest ([`parts`](crate::parts)).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use mancala_solve::Solvable;
use mancala_solve::db::Databases;
use mancala_solve::progress::{Progress, Stage, Step};
use serde::{Deserialize, Serialize};
use timely::worker::Worker;

use crate::blocks::Owners;
use crate::cluster::Cluster;
use crate::ctx::Ctx;
use crate::error::DistError;
use crate::net::Net;
use crate::parts::Layout;
use crate::{acyclic, table};

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
    /// A pause after each seed count (so that a test can stop a process mid-run).
    pub pause: Duration,
}

impl Options {
    /// The databases of 0 to `max_seeds` seeds, this process's partitions in `parts`,
    /// computed afresh, without a pause.
    #[must_use]
    pub fn new(max_seeds: u32, parts: impl Into<PathBuf>) -> Options {
        Options {
            max_seeds,
            parts: parts.into(),
            resume: false,
            pause: Duration::ZERO,
        }
    }
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

/// Builds the databases of `game` of 0 to `options.max_seeds` seeds as this process
/// of `cluster`, writing its partitions and manifest to `options.parts`; every process
/// of the cluster runs it with the same game and options. The first worker of process 0
/// reports the steps of each seed count to `progress` and calls `each` after each seed
/// count. Returns, on that worker's process, what each seed count did.
///
/// A worker that fails prints its error and ends its process (exit code 1): the other
/// processes then lose the connection and stop
/// ([`install_failure_hook`](crate::install_failure_hook)).
///
/// # Errors
/// [`DistError::Cluster`] if timely refuses the cluster.
pub fn run<G, P>(
    game: G,
    cluster: &Cluster,
    options: Options,
    progress: P,
    each: impl Fn(&SeedReport) + Send + Sync + 'static,
) -> Result<Vec<SeedReport>, DistError>
where
    G: Solvable + Send + 'static,
    P: Progress + Send + 'static,
{
    let config = cluster.config()?;
    let game = Arc::new(game);
    let options = Arc::new(options);
    let threads = cluster.threads;
    let processes = cluster.processes;
    let each = Arc::new(each);
    let progress = Arc::new(progress);
    let guards = timely::execute(config, move |worker| {
        let index = worker.index();
        let lead = index == 0;
        let mut b = Builder {
            game: &*game,
            options: &options,
            progress: if lead { &*progress } else { &() },
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
    /// Where the steps go (nowhere but on the first worker of process 0).
    progress: &'a dyn Progress,
    threads: usize,
    processes: usize,
    net: Net,
    /// Each finished table as this worker keeps it ([`Ctx::tables`]).
    tables: Vec<Vec<u8>>,
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
        let owners = Owners::new(
            (0..=self.options.max_seeds).map(|s| dbs.ranker().count(s)),
            peers,
        );
        let layout = Layout::new(self.game, &dbs, peers, self.threads, self.processes);
        let whole = dbs.width() == 1;
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
        if whole {
            // A game without cycles keeps every table whole: the blocks gathered.
            for (seeds, t) in self.tables.iter_mut().enumerate() {
                let seeds = seeds as u32;
                let (first, end) = (owners.first(seeds, me), owners.first(seeds, me + 1));
                let mut all = vec![0u8; dbs.ranker().count(seeds) as usize];
                all.get_mut(first as usize..end as usize)
                    .filter(|b| b.len() == t.len())
                    .ok_or_else(|| DistError::Parts {
                        path: self.options.parts.clone(),
                        reason: format!(
                            "the kept block of {seeds} seeds has {} boards, not {}",
                            t.len(),
                            end - first
                        ),
                    })?
                    .copy_from_slice(t);
                let holder = |rank| owners.owner(seeds, rank);
                acyclic::gather(&mut self.net, worker, seeds, &mut all, holder)?;
                *t = all;
            }
        }
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
        for seeds in start..=self.options.max_seeds {
            let t0 = Instant::now();
            self.progress.start(&Stage {
                game: self.game.name(),
                seeds,
                step: Step::Moves,
                boards: None,
            });
            let ctx = Ctx {
                game: self.game.name(),
                ranker: dbs.ranker(),
                owners: &owners,
                me,
                tables: &self.tables,
                width: dbs.width(),
                progress: self.progress,
            };
            let (values, rounds, unresolved) =
                table::build(self.game, &mut self.net, worker, &ctx, seeds)?;
            let block = if whole {
                &values[owners.first(seeds, me) as usize..owners.first(seeds, me + 1) as usize]
            } else {
                &values[..]
            };
            layout.write_part(&self.options.parts, &dbs, seeds, me, block)?;
            self.tables.push(values);
            let (messages, bytes) = self.net.counts();
            let sums = self.net.sum(worker, [messages, bytes, unresolved, 0]);
            self.net.reset_counts();
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
            self.progress.finish();
            if lead {
                each(&r);
            }
            reports.push(r);
            std::thread::sleep(self.options.pause);
        }
        Ok(reports)
    }
}
