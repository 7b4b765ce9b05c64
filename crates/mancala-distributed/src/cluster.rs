//! Where this process is in the cluster ([`Cluster`]), and what a binary of the cluster
//! does when a process is lost ([`install_failure_hook`]).

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use crate::error::DistError;

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
