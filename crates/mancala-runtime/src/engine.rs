//! Engines for any variant, built from a spec.
//!
//! The spec grammar, one for every front end (the examples' `--engine`, the page's
//! levels, the Python package), is [`SPEC_HELP`]: `random`, `greedy`,
//! `alphabeta[:<depth>|:<ms>ms|:<nodes>n][:nocut][:<n>t]`, `mcts[:<playouts>|:<ms>ms][:<n>t]`
//! (`mancala_search::spec` builds them). The engine searches the game's own record
//! type, so nothing is dispatched inside the search.
//!
//! ```
//! use mancala_runtime::{AnyGame, Engine, Variant};
//! let v = Variant::default();
//! let mut game = AnyGame::new(&v)?;
//! let mut e = Engine::new("alphabeta:6", &v, 0, None)?;
//! assert_eq!(e.name(), "alphabeta:6");
//! let report = e.search(&game)?;
//! game.play(report.best.expect("South can move"))?;
//! assert!(Engine::new("alphabeta:deep", &v, 0, None).is_err());
//! # Ok::<(), mancala_runtime::Error>(())
//! ```

use std::any::Any;
use std::path::Path;
use std::sync::Arc;

use mancala_core::record::{MoveOf, Record};
use mancala_core::{Outcome, Position};
use mancala_search::score::Score;
use mancala_search::spec::{AnyEngine, from_spec_threaded};
use mancala_search::{Engine as _, Evaluator, Known, Static, Utility};

use crate::game::{AnyGame, AnyMove, GameMove, GameRecord, Visitor};
use crate::{Error, Variant};

/// The spec grammar, for help texts (`--engine`): every engine and its options.
pub const SPEC_HELP: &str = "random, greedy, alphabeta[:<depth>|:<ms>ms|:<nodes>n][:nocut][:<n>t], \
mcts[:<playouts>|:<ms>ms][:<n>t] (e.g. alphabeta:8, alphabeta:500ms:2t, mcts:1000)";

/// The games that have endgame databases (`solve` builds them), for help texts.
pub const DATABASE_GAMES: &str = "urim, oware, kalah";

/// What a search found: the best move, its score for the player to move, the
/// principal variation, nodes, depth and time, with moves of any game.
pub type Report = mancala_search::Report<AnyMove>;

/// The evaluator the runtime's engines use: the standard one ([`Static`]), answering
/// from the endgame databases where they are given and exact.
pub struct Eval<P>(Option<Arc<dyn Evaluator<P> + Send + Sync>>);

impl<P> Clone for Eval<P> {
    fn clone(&self) -> Self {
        Eval(self.0.clone())
    }
}

impl<P> Eval<P> {
    /// The standard evaluation, without databases.
    #[must_use]
    pub fn plain() -> Self {
        Eval(None)
    }

    /// The evaluator `e` (the databases' own).
    #[must_use]
    pub fn with(e: Arc<dyn Evaluator<P> + Send + Sync>) -> Self {
        Eval(Some(e))
    }

    /// Whether databases are in use.
    #[must_use]
    pub fn has_databases(&self) -> bool {
        self.0.is_some()
    }
}

impl<P: Position> Evaluator<P> for Eval<P> {
    fn evaluate(&self, p: &P) -> Score {
        match &self.0 {
            Some(e) => e.evaluate(p),
            None => Static.evaluate(p),
        }
    }

    fn known(&self, line: &[P]) -> Option<Known> {
        self.0.as_ref().and_then(|e| e.known(line))
    }
}

/// The engine of a record type `R`, as the runtime builds it.
type EngineOf<R> = AnyEngine<R, Eval<<R as Record>::Position>>;

/// An engine for one variant, built from a spec.
pub struct Engine {
    spec: String,
    variant: Variant,
    databases: bool,
    /// The `EngineOf<R>` of the variant's record type.
    inner: Box<dyn Any + Send>,
    /// Its evaluator, an `Eval<R::Position>`.
    eval: Box<dyn Any + Send>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("spec", &self.spec)
            .field("variant", &self.variant)
            .field("databases", &self.databases)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// The engine of `spec` ([`SPEC_HELP`]) for games of `variant`, its random choices
    /// drawn from `seed`, with the endgame databases in the folder `db` if given
    /// (feature `db`; Urim, Oware and Kalah have them).
    ///
    /// # Errors
    /// [`Error::Engine`] naming what is wrong with the spec; [`Error::Database`] when
    /// the databases cannot be used.
    pub fn new(
        spec: &str,
        variant: &Variant,
        seed: u64,
        db: Option<&Path>,
    ) -> Result<Engine, Error> {
        let game = AnyGame::with_lot(variant, 0)?;
        struct Build<'a> {
            spec: &'a str,
            seed: u64,
            db: Option<&'a Path>,
        }
        impl Visitor for Build<'_> {
            type Output = Result<(Box<dyn Any + Send>, Box<dyn Any + Send>, bool), Error>;
            fn visit<R: GameRecord>(self, variant: &Variant, game: &R) -> Self::Output {
                let eval = evaluator::<R>(variant, game.position(), self.db)?;
                let with_db = eval.has_databases();
                let e: EngineOf<R> = from_spec_threaded(self.spec, eval.clone(), self.seed)
                    .map_err(|e| Error::Engine(e.to_string()))?;
                Ok((Box::new(e), Box::new(eval), with_db))
            }
        }
        let (inner, eval, databases) = game.visit(Build { spec, seed, db })?;
        Ok(Engine {
            spec: spec.to_string(),
            variant: *variant,
            databases,
            inner,
            eval,
        })
    }

    /// Checks `spec` without building an engine for a game.
    ///
    /// # Errors
    /// [`Error::Engine`] naming what is wrong.
    pub fn check_spec(spec: &str) -> Result<(), Error> {
        Engine::new(spec, &Variant::default(), 0, None).map(|_| ())
    }

    /// The spec it was built from.
    #[must_use]
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// The variant it plays.
    #[must_use]
    pub const fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Whether it reads endgame databases.
    #[must_use]
    pub const fn has_databases(&self) -> bool {
        self.databases
    }

    /// The engine's name with its limits, as the spec that builds it: `alphabeta:8`,
    /// `mcts:1000:2t` (`alphabeta` alone is `alphabeta:8`).
    #[must_use]
    pub fn name(&self) -> String {
        struct Name<'a>(&'a (dyn Any + Send));
        impl Visitor for Name<'_> {
            type Output = String;
            fn visit<R: GameRecord>(self, _: &Variant, _: &R) -> String {
                self.0
                    .downcast_ref::<EngineOf<R>>()
                    .map(|e| e.name())
                    .unwrap_or_default()
            }
        }
        self.template().visit(Name(self.inner.as_ref()))
    }

    /// A game of the engine's variant, to visit its record type.
    fn template(&self) -> AnyGame {
        // The variant was checked when the engine was built.
        AnyGame::with_lot(&self.variant, 0).expect("a checked variant")
    }

    /// What finished games are worth to the searching engines in their next searches
    /// (in a match: the points each player still needs).
    pub fn set_utility(&mut self, utility: Utility) {
        struct Set<'a>(&'a mut (dyn Any + Send), Utility);
        impl Visitor for Set<'_> {
            type Output = ();
            fn visit<R: GameRecord>(self, _: &Variant, _: &R) {
                if let Some(e) = self.0.downcast_mut::<EngineOf<R>>() {
                    e.set_utility(self.1);
                }
            }
        }
        let t = self.template();
        t.visit(Set(self.inner.as_mut(), utility));
    }

    /// Searches `game` for the best move.
    ///
    /// # Errors
    /// [`Error::Engine`] when `game` is of another type of position than the engine's
    /// variant.
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
        on_depth: impl FnMut(&Report),
    ) -> Result<Report, Error> {
        struct Search<'a, F>(&'a mut (dyn Any + Send), F);
        impl<F: FnMut(&Report)> Visitor for Search<'_, F> {
            type Output = Option<Report>;
            fn visit<R: GameRecord>(self, _: &Variant, game: &R) -> Option<Report> {
                let Search(inner, mut on_depth) = self;
                let e = inner.downcast_mut::<EngineOf<R>>()?;
                let r = match e {
                    AnyEngine::AlphaBeta(ab) => {
                        ab.search_with(game, |r| on_depth(&convert::<R>(r)))
                    }
                    e => {
                        let r = e.search(game);
                        on_depth(&convert::<R>(&r));
                        r
                    }
                };
                Some(convert::<R>(&r))
            }
        }
        game.visit(Search(self.inner.as_mut(), on_depth))
            .ok_or_else(|| {
                Error::Engine(format!(
                    "this engine plays {}, not {}",
                    self.variant,
                    game.variant()
                ))
            })
    }

    /// What the databases know of the outcome of perfect play from `game`'s position,
    /// its history seen (an exact value, or bounds), where they know it.
    #[must_use]
    pub fn known(&self, game: &AnyGame) -> Option<Known> {
        struct Exact<'a>(&'a (dyn Any + Send));
        impl Visitor for Exact<'_> {
            type Output = Option<Known>;
            fn visit<R: GameRecord>(self, _: &Variant, game: &R) -> Option<Known> {
                let eval = self.0.downcast_ref::<Eval<R::Position>>()?;
                eval.known(game.positions())
            }
        }
        game.visit(Exact(self.eval.as_ref()))
    }

    /// The exact outcome of perfect play from `game`'s position, where the databases
    /// know it.
    #[must_use]
    pub fn exact(&self, game: &AnyGame) -> Option<Outcome> {
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

/// The evaluator of the record type `R`: [`Static`], with the databases in `db`.
#[allow(unused_variables)]
fn evaluator<R: GameRecord>(
    variant: &Variant,
    start: &R::Position,
    db: Option<&Path>,
) -> Result<Eval<R::Position>, Error> {
    let Some(dir) = db else {
        return Ok(Eval::plain());
    };
    #[cfg(feature = "db")]
    {
        crate::db::evaluator::<R::Position>(variant, dir)
    }
    #[cfg(not(feature = "db"))]
    {
        Err(Error::Database(format!(
            "{}: this build has no databases (the feature `db` of mancala-runtime)",
            dir.display()
        )))
    }
}

/// An evaluation with its unit: `+1.50 seeds` for the player to move, or a forced
/// result (`win in 7 plies`, `loss in 4 plies (2 points)`).
#[must_use]
pub fn show_eval(score: Score) -> String {
    use mancala_search::score::{ShowScore, plies_to_end};
    let text = ShowScore(score).to_string();
    match plies_to_end(score) {
        Some(plies) => text.replacen(
            &format!("in {plies}"),
            &format!("in {plies} {}", if plies == 1 { "ply" } else { "plies" }),
            1,
        ),
        None => format!("{text} seeds"),
    }
}
