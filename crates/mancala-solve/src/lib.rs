//! Endgame databases by seeds on the board, and an exact proof search over them.
//!
//! The modules, from the bottom up (each uses only those before it):
//!
//! - [`rank`]: a perfect rank of the boards with `s` seeds in `p` pits, so a database
//!   is a flat array of values with no keys; [`file`](mod@file): the database file
//!   (header, checksum), read into memory or (an `unsafe fn`: the file must not
//!   change while mapped) memory-mapped; [`unsow`]: the parents of a board.
//! - [`progress`]: what a long build reports as it goes ([`progress::Progress`]); the
//!   library draws nothing.
//! - [`game`]: what the solver needs of a game ([`Solvable`]), written against
//!   [`mancala_core::Position`], and the kinds of game the searches need (marker
//!   traits): [`Acyclic`] (no position can repeat: [`search::Prover`]),
//!   [`Alternating`] (the turn always passes) and [`Cyclic`] (a repetition ends the
//!   game: [`history::HistoryProver`]).
//! - [`db`]: [`db::Databases`], the tables of one game and rule set.
//! - [`kalah`], [`urim`], [`oware`](mod@oware): the games, through their crates.
//! - [`retro`]: the retrograde analysis of a game with cycles (Urim, Oware), two
//!   bounds per board; [`build`]: the databases of any game one seed count after the
//!   other on all cores ([`build::BuildOptions`]), and their re-check; [`rows`]:
//!   tighter bounds for Urim, endless play valued by rule 6's split of the rows.
//! - [`search`]: MTD(f) over the game tree with a transposition table, looking the
//!   databases up; it proves a position's value or reports the bounds it reached.
//!   [`history`]: the same for Urim and Oware, carrying the history along its path and
//!   using the databases' bounds right after captures.
//! - [`oracle`]: the databases as a `mancala_search::Evaluator` that knows exact
//!   outcomes (or bounds on them) where they hold: for a game with cycles, at a
//!   position that is its whole history; [`player`]: a player that plays moves the
//!   proof search proved to keep the value ([`player::Perfect`]), with a fallback
//!   engine when a proof runs out of time.
//! - [`plan`]: a solving plan: which databases a position needs, their check, whether
//!   and how to search for its value (what the `solve` example runs); [`report`]: what
//!   a run found, in the words every front end prints.
//!
//! The value of a board is the margin (the mover's future gains minus the
//! opponent's) the side to move can force over the seeds still on the board; see
//! `docs/solving.md`.
//!
//! ```
//! use mancala_solve::{build, db::Databases, kalah::KalahGame, search::{Limits, Prover}};
//! use kalah::{Kalah, Player, Rules};
//! let game = KalahGame::new(Rules::with_pits(2));
//! let mut dbs = Databases::new(&game, 8)?;
//! build::BuildOptions::new().build(&game, &mut dbs, |_| {})?; // every board of <= 8 seeds
//! let start = Kalah::start_with(Rules::with_pits(2), 2, Player::South)?; // 8 seeds: in the databases
//! let proof = Prover::new(&game, &dbs, 10)?.prove(&start, &Limits::none())?;
//! assert_eq!(proof.value(), Some(i32::from(dbs.value(&[2, 2, 2, 2]).unwrap())));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![doc(html_root_url = "https://docs.rs/mancala-solve/0.1.0")]

// The layers, each using only those above it here: the boards and files; what a game
// is to the solver; the databases; the games; the builds; the searches and players.
pub mod build;
mod check;
pub mod dag;
pub mod db;
mod error;
pub mod file;
pub mod game;
pub mod history;
pub mod kalah;
pub mod oracle;
pub mod oware;
pub mod plan;
pub mod player;
pub mod progress;
pub mod rank;
pub mod report;
pub mod retro;
pub mod rows;
pub mod search;
pub mod unsow;
pub mod urim;

pub use db::{ABSENT, UNKNOWN};

pub use error::SolveError;
/// The old name of [`Solvable`], kept for one release.
#[deprecated(note = "renamed `Solvable`")]
pub use game::Solvable as SolveGame;
pub use game::{Acyclic, Alternating, Cyclic, NoWords, Solvable, WordChild, WordMoves};
pub use mancala_core::{Player, Position};
/// The clock of the builds' and searches' times: the standard one, and in a browser's
/// WebAssembly (whose `std::time::Instant::now` panics: it has no clock) the page's
/// `performance.now()` through `web-time`, as in `mancala-search`.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web_time::Instant;
