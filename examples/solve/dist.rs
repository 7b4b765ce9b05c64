//! Feature `distributed`: the build as a timely dataflow across threads, processes and
//! machines (docs/solving.md, "Beyond one machine"), byte-identical to the plan's.

use std::path::{Path, PathBuf};

use mancala_distributed::{Cluster, Options, SeedReport, install_failure_hook, parts, run};
use mancala_solve::Solvable;

use crate::Cli;
use crate::common::bars::Bars;

#[derive(clap::Args, Debug)]
pub struct DistArgs {
    /// Build the databases as a timely dataflow, this process's partitions in DIR;
    /// process 0 then merges those of every process found in DIR into --db
    #[arg(long, value_name = "DIR")]
    parts: Option<PathBuf>,
    /// With --parts: processes in the cluster
    #[arg(long, value_name = "N", default_value_t = 1)]
    processes: usize,
    /// With --parts: this process's index
    #[arg(long, value_name = "I", default_value_t = 0)]
    process: usize,
    /// With --parts: a file of host:port lines, one per process
    #[arg(long, value_name = "FILE")]
    hostfile: Option<PathBuf>,
    /// With --parts: keep the seed counts every worker finished in an earlier run
    #[arg(long)]
    resume: bool,
}

/// With `--parts`: builds the databases as this process of the cluster; on process
/// 0, merges every process's partitions into `dir` (which the plan's build then reads
/// back). Whether this process goes on (process 0).
pub fn build<G: Solvable + Clone + Send + 'static>(
    cli: &Cli,
    game: G,
    max_seeds: u32,
    dir: Option<&Path>,
) -> Result<bool, String> {
    let d = &cli.dist;
    let threads = cli
        .threads
        .map_or(1, |n| usize::try_from(n).unwrap_or(usize::MAX));
    let Some(folder) = &d.parts else {
        return Ok(true);
    };
    let dir = dir.ok_or("--parts writes database files: it cannot go with --memory")?;
    install_failure_hook();
    let cluster = Cluster::new(threads, d.processes, d.process, d.hostfile.clone());
    let options = Options {
        resume: d.resume,
        ..Options::new(max_seeds, folder)
    };
    let (w, n, p) = (cluster.workers(), d.processes, d.process);
    println!(
        "timely dataflow: {w} workers ({n} processes of {threads} threads), this is process {p}"
    );
    let name = game.name();
    let line = move |r: &SeedReport| {
        let what = match r.resumed {
            true => "resumed".to_string(),
            false => format!(
                "{} rounds, {:.2} s, {} messages, {} bytes between processes",
                r.rounds, r.seconds, r.messages, r.bytes
            ),
        };
        println!("{name} {:>2} seeds: {} boards, {what}", r.seeds, r.boards);
    };
    run(game.clone(), &cluster, options, Bars::default(), line).map_err(|e| e.to_string())?;
    if p != 0 {
        println!("process {p}: partitions in {}", folder.display());
        return Ok(false);
    }
    let merged = parts::merge(&game, folder, dir).map_err(|e| e.to_string())?;
    let (m, d) = (merged.len(), dir.display());
    println!("merged the partitions of {m} seed counts into {d}");
    Ok(true)
}
