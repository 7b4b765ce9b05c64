//! Game-playing engines for the mancala games, written once against
//! [`mancala_core::Position`]: a random player, a greedy player, alpha-beta
//! ([`AlphaBeta`]: negamax with iterative deepening, a transposition table, move
//! ordering, depth, node and time limits) and Monte Carlo tree search ([`Mcts`]: UCT
//! with random playouts).
//!
//! ```
//! use mancala_core::{toy::Countdown, Position};
//! use mancala_search::{AlphaBeta, Engine, Greedy, Limits, RandomPlayer, score::ShowScore};
//!
//! // A toy game: take 1 or 2 tokens, whoever takes the last one wins.
//! let mut p = Countdown::new(10);
//! let mut engine = AlphaBeta::new(Limits::depth(12));
//! let report = engine.search(&p);
//! assert_eq!(report.best.unwrap().0, 1); // leave 9, a multiple of 3
//! assert_eq!(ShowScore(report.score).to_string(), "win in 7");
//!
//! // Engines play each other through the same trait.
//! let mut players: [Box<dyn Engine<Countdown>>; 2] =
//!     [Box::new(RandomPlayer::new(1)), Box::new(engine)];
//! let mut turn = 0;
//! while let Some(m) = players[turn % 2].choose(&p) {
//!     p.play(m).unwrap();
//!     turn += 1;
//! }
//! // The engine (North) always wins from 10 when random starts badly… or South was lucky.
//! assert!(p.is_finished());
//! ```
//!
//! # Scores
//! Scores are side-relative ([`score`]): positive is good for the player to move. A
//! child's score is negated only when the player to move changes, which is what
//! Omweso's mid-turn decisions need (the same player decides twice in a row). A finished
//! game scores as a win or loss worth its game points, sooner better; a draw or an
//! annulled game scores 0.
//!
//! # Evaluations
//! Each game's evaluation is an [`Evaluate`] implementation on its
//! position type, behind a feature; [`eval::NotationEval`] applies the same formulas
//! to any game through its notation, for generic code. `docs/engine.md` describes them.
//!
//! # Feature flags
//! - `urim`: [`Evaluate`] for Urim positions.
//! - `omweso`: [`Evaluate`] for Omweso positions.
//! - `rio-kadalis`: [`Evaluate`] for Rio Kadalis positions.

pub mod alphabeta;
pub mod board;
pub mod engine;
pub mod eval;
mod games;
pub mod mcts;
pub mod score;
pub mod simple;
pub mod spec;

pub use alphabeta::{AlphaBeta, AlphaBetaOptions, minimax};
pub use engine::{Engine, Limits, Report};
pub use eval::{Evaluate, Evaluator, NotationEval, Static};
pub use mcts::{Mcts, MctsOptions};
pub use simple::{Greedy, RandomPlayer};
