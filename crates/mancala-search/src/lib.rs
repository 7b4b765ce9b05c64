//! Game-playing engines for the mancala games, written once against the core's
//! [`Record`](mancala_core::record::Record) and
//! [`Position`](mancala_core::Position) traits: a random player, a greedy player,
//! alpha-beta ([`AlphaBeta`]: negamax with iterative deepening, move ordering, depth,
//! node and time limits) and Monte Carlo tree search ([`Mcts`]: UCT with random
//! playouts).
//!
//! The examples on the items' pages are written as a user of the facade crate `mancala`
//! writes them (`mancala::search::…`); with this crate alone, write `mancala_search::…`.
//!
//! ```
//! use mancala_search::{AlphaBeta, Engine, Limits};
//! use urim::{Game, Player, Position, Record, Urim6};
//!
//! // South to move, 24 seeds stored against 8.
//! let p: Urim6 = "1,0,0,0,0,1/2,0,0,0,0,0 24-8 S".parse()?;
//! let mut game = Game::new(p);
//! assert_eq!(game.legal_moves().len(), 2); // a and f
//!
//! // The engine searches the record, so a rule that needs history counts too.
//! let mut engine = AlphaBeta::new(Limits::depth(8));
//! let m = engine.choose(&game).unwrap();
//! assert_eq!(m.to_string(), "f"); // into North's a (2 → 3): captured
//! game.play(m)?;
//!
//! // North is starved: South takes its last seed, 28 of 36, a 2-point win.
//! let o = game.outcome().unwrap();
//! assert_eq!((o.winner, o.points), (Some(Player::South), 2));
//! assert_eq!(o.to_string(), "28-8 S 2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Game records
//! Engines implement [`Engine<R>`](Engine) for any game record `R` (`urim::Game`,
//! `oware::Game`, `rio_kadalis::Game`, `omweso::Game`): a search plays its lines on a
//! copy of the record, so where a game's rules need history (Urim rule 6 and Rio
//! Kadalis rule 6: a move that brings back a position since the last capture ends the
//! game or the round) the engines see those endings, scored as the record scores them.
//! A bare position is searched through a record that starts from it
//! (`Game::new(position)`).
//!
//! # Scores
//! Scores are side-relative ([`score`]): positive is good for the player to move. A
//! child's score is negated only when the player to move changes, which is what
//! Omweso's mid-turn decisions need (the same player decides twice in a row). A finished
//! game scores as a win or loss worth its game points, sooner better; a draw or an
//! annulled game scores 0.
//!
//! # Evaluations
//! The standard evaluation, [`Static`], reads the position's board as data
//! ([`Position::board`](mancala_core::Position::board)) and works for every game; any
//! [`Evaluator`] (a closure, too) can replace it. `docs/engine.md` describes them.
//! The [`tune`] module fits the standard evaluation's weights by self-play (SPSA).

#![doc(html_root_url = "https://docs.rs/mancala-search/0.1.0")]

pub mod alphabeta;
pub mod engine;
pub mod eval;
pub mod learn;
pub mod mcts;
mod relay;
pub mod score;
pub mod simple;
pub mod spec;
pub mod tune;

pub use alphabeta::{AlphaBeta, AlphaBetaOptions, SplitOptions, minimax, minimax_with};
pub use engine::{Engine, Limits, Report};
pub use eval::{Evaluator, Known, Static};
pub use mcts::{Mcts, MctsOptions};
pub use score::Utility;
pub use simple::{Greedy, RandomPlayer};

/// The clock of the time limits and reports: the standard one, and in a browser's
/// WebAssembly (whose `std::time::Instant::now` panics: it has no clock) the page's
/// `performance.now()` through `web-time`.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web_time::Instant;
