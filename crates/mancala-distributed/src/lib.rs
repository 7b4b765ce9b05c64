//! The endgame databases of [`mancala_solve`] built as a [timely dataflow]: across
//! worker threads, processes and machines, each worker owning a block of the ranks of
//! every table, the files byte-identical to the single-machine build
//! ([`mancala_solve::build::build`]).
//!
//! For every seed count `n`, one after the other (the database of `n` seeds reads only
//! those below it and itself), each worker runs the single-machine build's kernel on
//! its part of the table, and only what crosses parts goes over the network:
//!
//! - **a game without cycles** (Kalah): the table splits into components that do not
//!   depend on each other ([`Solvable::component`]: a board's children of as many
//!   seeds are in its own); each worker computes the components it is given with the
//!   memoised recursion of [`dag`], every finished table whole in its memory as the
//!   single build has them, then sends what it computed to every other worker;
//! - **a game with cycles** (Urim, Oware): each worker owns a block of ranks, plays
//!   every move of its boards once, asks the owners of the children of fewer seeds for
//!   their values, and settles its boards by levels as [`retro`] does, sending each
//!   settled board to the workers that hold its parents, in rounds until none has
//!   anything to send: the least and greatest solution, the single build's bounds.
//!
//! Each worker then **writes** its block of ranks of the table as a partition file, and
//! the first worker of each process the process's manifest ([`parts`]), so that a run
//! can resume from the last seed count every worker finished, and [`parts::merge`] can
//! make the database files, byte-identical to the single build's.
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
//! [`Solvable::component`]: mancala_solve::Solvable::component
//! [`dag`]: mancala_solve::dag
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
