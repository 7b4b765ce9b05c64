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
//! [`run`] does it on this process of a [`Cluster`]; its progress goes to a
//! [`Progress`](mancala_solve::progress::Progress) (the crate draws nothing), and the
//! binary `solve-dist` (package `solve-dist`) runs it from the command line.
//!
//! Every exchange is one round of a timely dataflow (an input, an `exchange` by the
//! owning worker, a probe): the workers of all processes advance together, and the
//! bytes sent between processes are counted per seed count.
//!
//! [timely dataflow]: https://docs.rs/timely
//! [`retro::children`]: mancala_solve::retro::children
//! [`retro`]: mancala_solve::retro

#![doc(html_root_url = "https://docs.rs/mancala-distributed/0.1.0")]

// Each module uses only those before it, from the bottom up: the blocks, the errors,
// the exchange, the values asked of others, what a worker reads; the kernels on a
// block, the table; the cluster, the partitions, the build.
mod acyclic;
mod blocks;
mod build;
mod cluster;
mod ctx;
mod cyclic;
mod error;
mod known;
mod net;
pub mod parts;
mod table;

pub use blocks::{block, owner};
pub use build::{Options, SeedReport, run};
pub use cluster::{Cluster, install_failure_hook};
pub use error::DistError;
