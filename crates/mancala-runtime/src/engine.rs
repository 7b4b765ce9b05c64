//! Engines for any variant, built from a spec ([`EngineSpec`], one grammar for every
//! front end: the examples' `--engine`, the page's levels, the Python package;
//! [`spec_help`] for help texts): `random`, `greedy`,
//! `alphabeta[:<depth>|:<ms>ms|:<nodes>n][:nocut][:<n>t]`,
//! `mcts[:<playouts>|:<ms>ms][:<n>t]` (`mancala_search::spec` builds them), and
//! `solver[:<ms>ms]`: Kalah played from the databases' proofs
//! (`mancala_solve::player::Perfect`, with `--db`; a move whose proof does not finish
//! in time is `alphabeta:<ms>ms`'s, and [`Engine::choice`] says so).
//!
//! An [`Engine`] holds the engine of its variant's own record type (an enum over them,
//! made from the same list as [`AnyRecord`]), so nothing is dispatched inside the
//! search.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
//! use mancala::runtime::{AnyGame, Engine, Variant};
//! let v = Variant::default();
//! let mut game = AnyGame::new(&v);
//! let mut e = Engine::new(&"alphabeta:6".parse()?, &v, 0, None)?;
//! assert_eq!(e.name(), "alphabeta:6");
//! let report = e.search(&game)?;
//! game.play(report.best.expect("South can move"))?;
//! assert!("alphabeta:deep".parse::<mancala::runtime::EngineSpec>().is_err());
//! # Ok::<(), mancala::runtime::Error>(())
//! ```

use std::path::Path;

use mancala_core::record::MoveOf;
use mancala_search::score::Score;
use mancala_search::spec::{AnyEngine, EngineSpec};
use mancala_search::{Engine as _, Evaluator, Known, Utility};

use crate::error::{EngineError, Error};
use crate::eval::{EndgameDatabases, Eval};
use crate::game::{AnyGame, AnyRecord, GameRecord, with_records};
use crate::moves::{AnyMove, GameMove};
use crate::variant::Variant;

/// The help text of the engine specs (`--engine`): the grammar
/// ([`EngineSpec::GRAMMAR`]), what the solver needs, and examples.
#[must_use]
pub fn spec_help() -> String {
    format!(
        "{} (solver: kalah with --db, proven moves) (e.g. alphabeta:8, alphabeta:500ms:2t, \
         mcts:1000, solver:5000ms)",
        EngineSpec::GRAMMAR
    )
}

/// What a search found: the best move, its score for the player to move, the
/// principal variation, nodes, depth and time, with moves of any game.
pub type Report = mancala_search::Report<AnyMove>;

/// The searching part of an engine of the record type `R`.
#[allow(clippy::large_enum_variant)] // One an engine, built once.
enum Searcher<R: GameRecord> {
    /// A search engine of `mancala_search`.
    Search(AnyEngine<R, Eval<R::Position>>),
    /// Kalah's solver.
    #[cfg(feature = "db")]
    Solver(Box<dyn mancala_solve::player::Proving<R> + Send>),
}

/// The engine of the record type `R` and its evaluator (which the databases answer
/// through).
struct Typed<R: GameRecord> {
    searcher: Searcher<R>,
    eval: Eval<R::Position>,
}

impl<R: GameRecord> Typed<R> {
    /// The engine of `spec` for records `R` of `variant`.
    fn new(
        spec: &EngineSpec,
        variant: &Variant,
        seed: u64,
        db: Option<&Path>,
    ) -> Result<Self, Error> {
        if let EngineSpec::Solver { millis } = *spec {
            return Typed::solver(variant, seed, db, millis);
        }
        let eval = match db {
            Some(dir) => R::Position::evaluator(variant, dir)?,
            None => Eval::plain(),
        };
        let engine = spec.build_threaded(eval.clone(), seed)?;
        Ok(Typed {
            searcher: Searcher::Search(engine),
            eval,
        })
    }

    /// The solver proving each move within `millis`, its fallback `alphabeta:<ms>ms`
    /// with the databases in `db`.
    #[cfg(feature = "db")]
    fn solver(variant: &Variant, seed: u64, db: Option<&Path>, millis: u64) -> Result<Self, Error> {
        let mut kept = None;
        let solver = R::Position::solver(variant, db, millis, |dir| {
            let eval = R::Position::evaluator(variant, dir)?;
            let fallback = EngineSpec::AlphaBeta {
                limit: mancala_search::spec::Limit::Millis(millis),
                table_cuts: true,
                threads: 1,
            }
            .build_threaded::<R, _>(eval.clone(), seed)?;
            kept = Some(eval);
            Ok(Box::new(fallback))
        })?;
        Ok(Typed {
            searcher: Searcher::Solver(solver),
            eval: kept.unwrap_or_else(Eval::plain),
        })
    }

    #[cfg(not(feature = "db"))]
    fn solver(_: &Variant, _: u64, db: Option<&Path>, _: u64) -> Result<Self, Error> {
        let dir = db.ok_or(EngineError::SolverNeedsDatabases)?;
        Err(crate::error::DatabaseError::NotInBuild {
            dir: dir.to_path_buf(),
        }
        .into())
    }

    fn name(&self) -> String {
        match &self.searcher {
            Searcher::Search(e) => e.name(),
            #[cfg(feature = "db")]
            Searcher::Solver(e) => e.name(),
        }
    }

    fn set_utility(&mut self, utility: Utility) {
        match &mut self.searcher {
            Searcher::Search(e) => e.set_utility(utility),
            #[cfg(feature = "db")]
            Searcher::Solver(_) => {}
        }
    }

    fn search(&mut self, game: &R, on_depth: &mut dyn FnMut(&Report)) -> Report {
        let r = match &mut self.searcher {
            Searcher::Search(AnyEngine::AlphaBeta(ab)) => {
                return convert::<R>(&ab.search_with(game, |r| on_depth(&convert::<R>(r))));
            }
            Searcher::Search(e) => e.search(game),
            #[cfg(feature = "db")]
            Searcher::Solver(e) => e.search(game),
        };
        let r = convert::<R>(&r);
        on_depth(&r);
        r
    }

    fn known(&self, game: &R) -> Option<Known> {
        self.eval.known(game.positions())
    }

    #[cfg(feature = "db")]
    fn choice(&self) -> Option<mancala_solve::player::Choice> {
        match &self.searcher {
            Searcher::Solver(e) => e.last().cloned(),
            Searcher::Search(_) => None,
        }
    }
}

/// The engine of each concrete record, named as [`AnyRecord`] names the record, and
/// what dispatches to it.
macro_rules! define_engines {
    (() $($(#[$doc:meta])* $name:ident: $ty:ty,)*) => {
        /// The engine of the variant's own record type.
        enum Inner {
            $($(#[$doc])* $name(Typed<$ty>),)*
        }

        impl Inner {
            /// The engine of `spec` for the record type of `game`.
            fn new(
                game: &AnyRecord,
                spec: &EngineSpec,
                variant: &Variant,
                seed: u64,
                db: Option<&Path>,
            ) -> Result<Inner, Error> {
                Ok(match game {
                    $(AnyRecord::$name(_) => Inner::$name(Typed::new(spec, variant, seed, db)?),)*
                })
            }

            fn name(&self) -> String {
                match self {
                    $(Inner::$name(e) => e.name(),)*
                }
            }

            fn set_utility(&mut self, utility: Utility) {
                match self {
                    $(Inner::$name(e) => e.set_utility(utility),)*
                }
            }

            fn has_databases(&self) -> bool {
                match self {
                    $(Inner::$name(e) => e.eval.has_databases(),)*
                }
            }

            #[cfg(feature = "db")]
            fn choice(&self) -> Option<mancala_solve::player::Choice> {
                match self {
                    $(Inner::$name(e) => e.choice(),)*
                }
            }

            /// Searches `game`; `None` when it is of another record type.
            fn search(
                &mut self,
                game: &AnyRecord,
                on_depth: &mut dyn FnMut(&Report),
            ) -> Option<Report> {
                match (self, game) {
                    $((Inner::$name(e), AnyRecord::$name(g)) => Some(e.search(g, on_depth)),)*
                    _ => None,
                }
            }

            /// What the databases know of `game`; `None` when it is of another record
            /// type.
            fn known(&self, game: &AnyRecord) -> Option<Option<Known>> {
                match (self, game) {
                    $((Inner::$name(e), AnyRecord::$name(g)) => Some(e.known(g)),)*
                    _ => None,
                }
            }
        }
    };
}
with_records!(define_engines!());

/// An engine for one variant, built from a spec.
pub struct Engine {
    spec: EngineSpec,
    variant: Variant,
    inner: Inner,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("spec", &self.spec)
            .field("variant", &self.variant)
            .field("databases", &self.has_databases())
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// The engine of `spec` for games of `variant`, its random choices drawn from
    /// `seed`, with the endgame databases in the folder `db` if given (Urim, Oware and
    /// Kalah have them; they need the feature `db`: default in mancala-runtime, not
    /// default in `mancala`).
    ///
    /// # Errors
    /// [`EngineError`] when the engine cannot play this variant (the solver without
    /// databases or for another game than Kalah); [`crate::DatabaseError`] when the
    /// databases cannot be used, and, in a build without the feature `db`, whenever
    /// `db` is given ([`crate::DatabaseError::NotInBuild`], which names the feature).
    pub fn new(
        spec: &EngineSpec,
        variant: &Variant,
        seed: u64,
        db: Option<&Path>,
    ) -> Result<Engine, Error> {
        let game = AnyGame::with_lot(variant, 0);
        Ok(Engine {
            spec: *spec,
            variant: *variant,
            inner: Inner::new(game.record(), spec, variant, seed, db)?,
        })
    }

    /// The spec it was built from.
    #[must_use]
    pub const fn spec(&self) -> &EngineSpec {
        &self.spec
    }

    /// The variant it plays.
    #[must_use]
    pub const fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Whether it reads endgame databases.
    #[must_use]
    pub fn has_databases(&self) -> bool {
        self.inner.has_databases()
    }

    /// The engine's name with its limits, as the spec that builds it: `alphabeta:8`,
    /// `mcts:1000:2t` (`alphabeta` alone is `alphabeta:8`).
    #[must_use]
    pub fn name(&self) -> String {
        self.inner.name()
    }

    /// What finished games are worth to the searching engines in their next searches
    /// (in a match: the points each player still needs).
    pub fn set_utility(&mut self, utility: Utility) {
        self.inner.set_utility(utility);
    }

    /// Searches `game` for the best move.
    ///
    /// # Errors
    /// [`EngineError::OtherVariant`] when `game` is of another type of position than
    /// the engine's variant.
    pub fn search(&mut self, game: &AnyGame) -> Result<Report, Error> {
        self.search_with(game, |_| {})
    }

    /// Searches `game`, calling `on_depth` with the report of each finished iteration
    /// of alpha-beta's iterative deepening (once, at the end, for the other engines).
    ///
    /// # Errors
    /// As [`Engine::search`].
    pub fn search_with(
        &mut self,
        game: &AnyGame,
        mut on_depth: impl FnMut(&Report),
    ) -> Result<Report, Error> {
        self.inner
            .search(game.record(), &mut on_depth)
            .ok_or_else(|| self.other_variant(game))
    }

    /// The error of a game of another variant.
    fn other_variant(&self, game: &AnyGame) -> Error {
        EngineError::OtherVariant {
            engine: self.variant,
            game: *game.variant(),
        }
        .into()
    }

    /// How the solver engine (`solver[:<ms>ms]`) chose its last move: proven to keep
    /// the position's value, or the fallback's move when the proof ran out of time;
    /// `None` for the other engines and before the first move.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
    /// use mancala::runtime::{Engine, EngineSpec, Variant};
    /// let solver: EngineSpec = "solver:5000ms".parse()?;
    /// assert!("solver:fast".parse::<EngineSpec>().is_err());
    /// assert!("solver:0ms".parse::<EngineSpec>().is_err());
    /// let kalah: Variant = "kalah".parse()?;
    /// // The solver plays from the databases' proofs: it needs them, and only Kalah has it.
    /// let e = Engine::new(&solver, &kalah, 0, None).unwrap_err();
    /// assert!(e.to_string().contains("--db"), "{e}");
    /// let oware: Variant = "oware".parse()?;
    /// let e = Engine::new(&solver, &oware, 0, Some("db".as_ref())).unwrap_err();
    /// assert!(e.to_string().contains("only kalah"), "{e}");
    /// // Another engine never says how it chose.
    /// let e = Engine::new(&"alphabeta:2".parse()?, &kalah, 0, None)?;
    /// assert_eq!(e.choice(), None);
    /// # Ok::<(), mancala::runtime::Error>(())
    /// ```
    #[cfg(feature = "db")]
    #[must_use]
    pub fn choice(&self) -> Option<mancala_solve::player::Choice> {
        self.inner.choice()
    }

    /// What the databases know of the outcome of perfect play from `game`'s position,
    /// its history seen (an exact value, or bounds), where they know it.
    #[must_use]
    pub fn known(&self, game: &AnyGame) -> Option<Known> {
        self.inner.known(game.record()).flatten()
    }

    /// The exact outcome of perfect play from `game`'s position, where the databases
    /// know it.
    #[must_use]
    pub fn exact(&self, game: &AnyGame) -> Option<mancala_core::Outcome> {
        match self.known(game)? {
            Known::Exact(o) => Some(o),
            _ => None,
        }
    }
}

/// A report of the record type `R` with its moves as [`AnyMove`]s.
fn convert<R: GameRecord>(r: &mancala_search::Report<MoveOf<R>>) -> Report {
    Report {
        best: r.best.map(GameMove::to_any),
        score: r.score,
        pv: r.pv.iter().map(|m| m.to_any()).collect(),
        nodes: r.nodes,
        depth: r.depth,
        win_rate: r.win_rate,
        elapsed: r.elapsed,
    }
}

/// An evaluation with its unit: `+1.50 seeds` for the player to move, or a forced
/// result (`win in 7 plies`, `loss in 4 plies (2 points)`), or an outcome the endgame
/// databases know, at a distance they do not keep (`known win`).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; pub use ::mancala_search as search; }
/// use mancala::runtime::engine::show_eval;
/// use mancala::search::score::{known_score, win_score};
/// assert_eq!(show_eval(150), "+1.50 seeds");
/// assert_eq!(show_eval(win_score(1, 1)), "win in 1 ply");
/// assert_eq!(show_eval(-win_score(2, 4)), "loss in 4 plies (2 points)");
/// assert_eq!(show_eval(known_score(1, 1)), "known win");
/// ```
#[must_use]
pub fn show_eval(score: Score) -> String {
    use mancala_search::score::{ShowScore, is_decisive, plies_to_end};
    let text = ShowScore(score).to_string();
    match plies_to_end(score) {
        Some(plies) => text.replacen(
            &format!("in {plies}"),
            &format!("in {plies} {}", if plies == 1 { "ply" } else { "plies" }),
            1,
        ),
        None if is_decisive(score) => text,
        None => format!("{text} seeds"),
    }
}

/// The build without databases (`--no-default-features`): the solver and the databases
/// are refused with the feature to turn on.
#[cfg(all(test, not(feature = "db")))]
mod no_db_tests {
    use super::*;

    #[test]
    fn engine_new_names_the_features() {
        let variant: Variant = "kalah".parse().unwrap();
        let spec: EngineSpec = "solver".parse().unwrap();
        let e = Engine::new(&spec, &variant, 0, Some(Path::new("dbs"))).unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("the feature `db` of mancala-runtime (of `mancala`: feature `db`"),
            "{text}"
        );
    }
}
