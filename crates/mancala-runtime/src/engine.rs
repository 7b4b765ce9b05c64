//! Engines for any variant, built from a spec.
//!
//! The spec grammar, one for every front end (the examples' `--engine`, the page's
//! levels, the Python package), is [`SPEC_HELP`]: `random`, `greedy`,
//! `alphabeta[:<depth>|:<ms>ms|:<nodes>n][:nocut][:<n>t]`, `mcts[:<playouts>|:<ms>ms][:<n>t]`
//! (`mancala_search::spec` builds them), and `solver[:<ms>ms]`: Kalah played from the
//! databases' proofs (`mancala_solve::player::Perfect`, with `--db`; a move whose proof
//! does not finish in time is `alphabeta:<ms>ms`'s, and [`Engine::choice`] says so).
//! The engine searches the game's own record
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
mcts[:<playouts>|:<ms>ms][:<n>t], solver[:<ms>ms] (kalah with --db: proven moves) \
(e.g. alphabeta:8, alphabeta:500ms:2t, mcts:1000, solver:5000ms)";

/// The time a proof of `solver` may take without `:<ms>ms`.
pub const SOLVER_DEFAULT_MS: u64 = 10_000;

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

/// The solver engine of a record type `R` (Kalah's only).
#[cfg(feature = "db")]
type SolverOf<R> = Box<dyn mancala_solve::player::Proving<R> + Send>;

/// The time limit of a `solver[:<ms>ms]` spec; `None` if `spec` is not the solver's.
fn solver_time(spec: &str) -> Option<Result<std::time::Duration, Error>> {
    let mut parts = spec.split(':');
    if parts.next() != Some("solver") {
        return None;
    }
    let bad = || {
        Error::Engine(format!(
            "engine {spec:?}: the solver takes one option, its time a move (solver:<ms>ms)"
        ))
    };
    let ms = match (parts.next(), parts.next()) {
        (None, _) => Ok(SOLVER_DEFAULT_MS),
        (Some(t), None) => t
            .strip_suffix("ms")
            .and_then(|n| n.parse::<u64>().ok())
            .filter(|&n| n > 0)
            .ok_or_else(bad),
        _ => Err(bad()),
    };
    Some(ms.map(std::time::Duration::from_millis))
}

/// The solver engine of `variant` proving each move within `time`, its fallback
/// `alphabeta:<ms>ms` with the databases in `db`.
#[cfg(feature = "db")]
fn solver(
    variant: &Variant,
    seed: u64,
    db: Option<&Path>,
    time: std::time::Duration,
) -> Result<Engine, Error> {
    let Some(dir) = db else {
        return Err(Error::Engine(
            "solver: give the endgame databases (--db DIR): it plays the moves their proof \
             search proves"
                .into(),
        ));
    };
    let not_kalah = || {
        Error::Engine(format!(
            "solver: {} has no proof search whose values hold after any history; only \
             kalah (a game without cycles) has this engine",
            variant.kind()
        ))
    };
    if !matches!(variant, Variant::Kalah { .. }) {
        return Err(not_kalah());
    }
    let fallback = Engine::new(
        &format!("alphabeta:{}ms", time.as_millis()),
        variant,
        seed,
        db,
    )?;
    let Engine { inner, eval, .. } = fallback;
    let inner: Box<dyn mancala_search::Engine<kalah::Game> + Send> = inner
        .downcast::<EngineOf<kalah::Game>>()
        .map_err(|_| not_kalah())?;
    let inner: SolverOf<kalah::Game> = crate::db::solver(variant, dir, Some(time), inner)?;
    Ok(Engine {
        spec: format!("solver:{}ms", time.as_millis()),
        variant: *variant,
        databases: true,
        inner: Box::new(inner),
        eval,
    })
}

#[cfg(not(feature = "db"))]
fn solver(_: &Variant, _: u64, _: Option<&Path>, _: std::time::Duration) -> Result<Engine, Error> {
    Err(Error::Engine(
        "solver: this build has no databases (the feature `db` of mancala-runtime)".into(),
    ))
}

/// The engine in `inner` as the solver of `R`, if it is.
#[cfg(feature = "db")]
fn as_solver<R: GameRecord>(inner: &(dyn Any + Send)) -> Option<&SolverOf<R>> {
    inner.downcast_ref::<SolverOf<R>>()
}

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
        if let Some(time) = solver_time(spec) {
            return solver(variant, seed, db, time?);
        }
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
        if let Some(time) = solver_time(spec) {
            return time.map(|_| ());
        }
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
                if let Some(e) = self.0.downcast_ref::<EngineOf<R>>() {
                    return e.name();
                }
                #[cfg(feature = "db")]
                if let Some(e) = as_solver::<R>(self.0) {
                    return e.name();
                }
                String::new()
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
                #[cfg(feature = "db")]
                if let Some(e) = inner.downcast_mut::<SolverOf<R>>() {
                    let r = convert::<R>(&e.search(game));
                    on_depth(&r);
                    return Some(r);
                }
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

    /// How the solver engine (`solver[:<ms>ms]`) chose its last move: proven to keep
    /// the position's value, or the fallback's move when the proof ran out of time;
    /// `None` for the other engines and before the first move.
    ///
    /// ```
    /// use mancala_runtime::{Engine, Variant};
    /// assert!(Engine::check_spec("solver:5000ms").is_ok());
    /// assert!(Engine::check_spec("solver:fast").is_err());
    /// assert!(Engine::check_spec("solver:0ms").is_err());
    /// let kalah: Variant = "kalah".parse()?;
    /// // The solver plays from the databases' proofs: it needs them, and only Kalah has it.
    /// let e = Engine::new("solver", &kalah, 0, None).unwrap_err();
    /// assert!(e.to_string().contains("--db"), "{e}");
    /// let oware: Variant = "oware".parse()?;
    /// let e = Engine::new("solver", &oware, 0, Some("db".as_ref())).unwrap_err();
    /// assert!(e.to_string().contains("only kalah"), "{e}");
    /// // Another engine never says how it chose.
    /// let e = Engine::new("alphabeta:2", &kalah, 0, None)?;
    /// assert_eq!(e.choice(), None);
    /// # Ok::<(), mancala_runtime::Error>(())
    /// ```
    #[cfg(feature = "db")]
    #[must_use]
    pub fn choice(&self) -> Option<mancala_solve::player::Choice> {
        struct Last<'a>(&'a (dyn Any + Send));
        impl Visitor for Last<'_> {
            type Output = Option<mancala_solve::player::Choice>;
            fn visit<R: GameRecord>(self, _: &Variant, _: &R) -> Self::Output {
                as_solver::<R>(self.0)?.last().cloned()
            }
        }
        self.template().visit(Last(self.inner.as_ref()))
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
