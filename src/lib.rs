//! # mancala
//!
//! Exact rules and fast engines for traditional mancala games, in one crate that
//! re-exports the workspace's parts under names that shadow nothing:
//!
//! - at the top level, everything of `mancala-core`: the [`Position`] trait every game
//!   implements, [`Player`], [`Board`], [`Status`], [`IllegalMove`], the
//!   [`record`] module with the `Record` trait of game records (feature
//!   `alloc`), [`perft`], the [`notation`] helpers and the primitives the games run on
//!   ([`sow`], [`capture`], [`cycle`]);
//! - [`urim`] (Cape Verde), [`omweso`] (Uganda), [`rio_kadalis`] (Somalia), [`oware`]
//!   (the abapa rules) and [`kalah`] (OpenSpiel's `mancala`): one module per game, each
//!   behind a feature of the same name;
//! - [`search`]: the engines (random, greedy, alpha-beta, Monte Carlo tree search),
//!   behind the feature `search`;
//! - [`runtime`]: the runtime layer every front end drives games through — any game
//!   and variant chosen at run time (`runtime::Variant`, `runtime::AnyGame`), engines
//!   from specs, matches, tournaments, Elo ratings, game files, and (feature `db`) the
//!   endgame databases for a position — behind the feature `runtime`.
//!
//! ```
//! # #[cfg(all(feature = "urim", feature = "search"))] {
//! use mancala::record::Record;
//! use mancala::search::{AlphaBeta, Engine, Limits};
//! use mancala::urim::{Game, Urim};
//! use mancala::{Position, Status};
//!
//! let start: Urim<6> = "3,3,3,3,3,3/3,3,3,3,3,3 0-0 S".parse().unwrap();
//! let mut game = Game::new(start);
//! assert_eq!(game.legal_moves().len(), 6);
//! game.play("c".parse().unwrap()).unwrap();
//! let reply = AlphaBeta::new(Limits::depth(4)).choose(&game).unwrap();
//! game.play(reply).unwrap();
//! assert_eq!(game.status(), Status::Ongoing);
//! assert_eq!(game.position().side_to_move(), mancala::Player::South);
//! # }
//! ```
//!
//! ## Feature flags
//!
//! - `urim`, `omweso`, `rio-kadalis`, `oware`, `kalah`: the games (default).
//! - `search` (default): the engines; implies `std`.
//! - `runtime` (default): the runtime layer; implies every game and `search`.
//! - `db`: the endgame databases in the runtime layer (memory-mapped files, threads).
//! - `distributed`: the `solve` example builds its databases as a timely dataflow across
//!   threads, processes and machines (`--parts`; crate `mancala-distributed`). Not
//!   default: it compiles timely.
//! - `alloc`: game records and matches, which keep history.
//! - `std` (default): the standard library; implies `alloc`.
//! - `serde`: positions and moves serialize (as their notation where it says
//!   everything), and are validated when deserialized.
#![no_std]
#![doc(html_root_url = "https://docs.rs/mancala/0.1.0")]

// Every re-export is inlined, so that `cargo doc -p mancala --no-deps` alone documents
// every item here, with links that stay inside these docs.
#[doc(inline)]
pub use mancala_core::*;
// What the games are built with, which a user of the games does not name: kept for code
// that does, but not shown at the top of these docs.
#[doc(hidden)]
pub use mancala_core::{ArrayVec, FxHasher, MemoSlot, MemoStats, SearchMemo, arrayvec, toy};

// Each game, the engines and the runtime are a module of their own here, with a page
// written for a dependent of this crate (its examples say `mancala::…`, and run as this
// crate's doctests); the items are the crates' own, inlined.

/// Urim, the two-row mancala of Cape Verde (2×6 or 2×7 pits, 3 or 4 seeds a pit): the
/// crate `urim`.
///
/// The rules page is `docs/urim.md`; [`Urim<N>`](urim::Urim) is a position of `N` pits a
/// row, [`Game`](urim::Game) a game record (it applies the repetition rule).
///
/// ```
/// use mancala::urim::{Game, Player, Position, Record, Status, Urim6};
///
/// let start: Urim6 = "0,0,0,0,0,1/1,0,0,0,0,1 20-13 N".parse().unwrap();
/// let moves: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
/// assert_eq!(moves, ["a", "f"]);
/// let mut game = Game::new(start);
/// game.play("f".parse().unwrap()).unwrap(); // North's f round the corner: South's a
/// game.play("f".parse().unwrap()).unwrap(); // South's f makes 2 in North's a: captured
/// assert_eq!(game.position().to_string(), "1,0,0,0,0,0/0,0,0,0,0,0 22-13 N");
/// // North, to move, has no seeds (rule 5): South takes its row, 23 of 36: 1 point.
/// let outcome = game.outcome().unwrap();
/// assert_eq!((outcome.winner, outcome.points), (Some(Player::South), 1));
/// assert_eq!(game.status(), Status::Over(outcome));
/// ```
#[cfg(feature = "urim")]
pub mod urim {
    #[doc(inline)]
    pub use ::urim::*;
}

/// Omweso, the four-row mancala of Uganda (4×8 pits, 64 seeds, relay sowing): the
/// crate `omweso`.
///
/// The rules page is `docs/omweso.md`; a turn's mid-turn decisions are plies of their
/// own.
///
/// ```
/// use mancala::omweso::{Game, Omweso, Player, Position, Record};
///
/// // South's p (2 seeds) ends in g, which faces North's only seeds (b and j).
/// let start: Omweso = "0,0,0,0,0,0,1,0/56,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,0 S sn 0-0"
///     .parse()
///     .unwrap();
/// let mut game = Game::new(start);
/// game.play("p".parse().unwrap()).unwrap();
/// // South captured all of North's seeds: a grand slam, 12 points (rule 7).
/// let outcome = game.outcome().unwrap();
/// assert_eq!((outcome.winner, outcome.points), (Some(Player::South), 12));
/// ```
#[cfg(feature = "omweso")]
pub mod omweso {
    #[doc(inline)]
    pub use ::omweso::*;
}

/// Rio Kadalis, the two-row relay mancala of Somalia, played in rounds of a serial
/// match: the crate `rio-kadalis`.
///
/// The rules page is `docs/rio-kadalis.md`.
///
/// ```
/// use mancala::rio_kadalis::{Game, Position, Record, RioKadalis};
///
/// let p: RioKadalis = "1,1,0,0,0,1/0,0,0,0,1,0 24-20 S".parse().unwrap();
/// let mut round = Game::new(p);
/// for m in ["a", "e", "c", "a", "e", "c"] {
///     round.play(m.parse().unwrap()).unwrap();
/// }
/// // The sixth move brings the first position back: the round is over (rule 6).
/// assert!(round.is_repetition());
/// assert_eq!(round.outcome().unwrap().to_string(), "27-21 S 1");
/// ```
#[cfg(feature = "rio-kadalis")]
pub mod rio_kadalis {
    #[doc(inline)]
    pub use ::rio_kadalis::*;
}

/// Oware (abapa), the best-known mancala game, with the standard competition rules:
/// the crate `oware`.
///
/// The rules page is `docs/oware.md`.
///
/// ```
/// use mancala::oware::{Game, IllegalMove, Oware, Position, Record};
///
/// let start: Oware = "1,0,0,0,3,0/1,2,0,0,0,1 20-20 S".parse()?;
/// let mut game = Game::new(start);
/// assert_eq!(game.play("b".parse()?), Err(IllegalMove::EmptyPit { pit: 'b' }));
/// game.play("e".parse()?)?; // North's a = 2, b = 3: both captured, 25 for South
/// assert_eq!(game.position().to_string(), "1,0,0,0,0,1/0,0,0,0,0,1 25-20 N");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "oware")]
pub mod oware {
    #[doc(inline)]
    pub use ::oware::*;
}

/// Kalah, the game of OpenSpiel's `mancala` (1 to 10 pits a side, stores that count
/// in the sowing, extra turns): the crate `kalah`.
///
/// The rules page is `docs/kalah.md`.
///
/// ```
/// use mancala::kalah::{Kalah, Position};
///
/// let mut p = Kalah::new();
/// assert_eq!(p.legal_moves().len(), 6);
/// // The third pit's 4 seeds end in the store: South moves again.
/// p.play("c".parse()?)?;
/// assert_eq!(p.side_to_move(), mancala::Player::South);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "kalah")]
pub mod kalah {
    #[doc(inline)]
    pub use ::kalah::*;
}

/// The engines, written once for every game: random, greedy, alpha-beta and Monte
/// Carlo tree search (the crate `mancala-search`; `docs/engine.md`).
///
/// ```
/// # #[cfg(feature = "urim")] {
/// use mancala::search::{AlphaBeta, Engine, Limits};
/// use mancala::urim::{Game, Player, Record, Urim6};
///
/// // South to move, 24 seeds stored against 8.
/// let p: Urim6 = "1,0,0,0,0,1/2,0,0,0,0,0 24-8 S".parse().unwrap();
/// let mut game = Game::new(p);
/// let m = AlphaBeta::new(Limits::depth(8)).choose(&game).unwrap();
/// assert_eq!(m.to_string(), "f"); // into North's a (2 → 3): captured
/// game.play(m).unwrap();
/// // North is starved: South takes its last seed, 28 of 36, a 2-point win.
/// let o = game.outcome().unwrap();
/// assert_eq!((o.winner, o.points), (Some(Player::South), 2));
/// # }
/// ```
#[cfg(feature = "search")]
pub mod search {
    #[doc(inline)]
    pub use mancala_search::*;
}

/// The runtime layer: any game and variant chosen at run time, engines from specs,
/// matches, tournaments, Elo ratings and game files (the crate `mancala-runtime`;
/// `docs/runtime.md`).
///
/// The endgame databases (`runtime::db`, and the `db` argument of
/// [`Engine::new`](runtime::Engine::new)) need this crate's feature `db`, which is not
/// default.
///
/// ```
/// use mancala::runtime::{AnyGame, Engine, Variant};
/// let variant: Variant = "oware".parse()?;
/// let mut game = AnyGame::new(&variant);
/// let mut engine = Engine::new(&"alphabeta:4".parse()?, &variant, 0, None)?;
/// while !game.is_finished() && game.ply() < 6 {
///     let report = engine.search(&game)?;
///     game.play(report.best.expect("a move"))?;
/// }
/// assert_eq!(game.ply(), 6);
/// # Ok::<(), mancala::runtime::Error>(())
/// ```
#[cfg(feature = "runtime")]
pub mod runtime {
    #[doc(inline)]
    pub use mancala_runtime::*;
}

/// The examples of `docs/api.md` (the common API), compiled and run as doctests the way
/// a dependent of this crate writes them.
#[cfg(all(doctest, feature = "urim", feature = "search"))]
#[doc = include_str!("../docs/api.md")]
pub struct ApiGuideDoctests;

/// The README's examples, compiled and run as doctests.
#[cfg(all(doctest, feature = "urim", feature = "search"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
