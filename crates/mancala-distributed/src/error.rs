//! Why a distributed build or a merge failed.

use std::path::PathBuf;

use mancala_solve::SolveError;

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
