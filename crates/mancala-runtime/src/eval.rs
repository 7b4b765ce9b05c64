//! The evaluator of the runtime's engines ([`Eval`]: the standard evaluation, answering
//! from the endgame databases where they are given), and what each game's positions
//! know of their databases ([`EndgameDatabases`]; the `db` module implements it where
//! the feature `db` is on).

use std::path::Path;
use std::sync::Arc;

use mancala_core::Position;
use mancala_search::score::Score;
use mancala_search::{Evaluator, Known, Static};

use crate::error::Error;
use crate::variant::Variant;

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

/// What a game's positions know of their endgame databases: how to open them as an
/// evaluator and, for Kalah, the solver that plays from their proofs. Implemented for
/// the positions of every record of [`crate::AnyRecord`] (those of games without
/// databases refuse); without the feature `db` every game refuses.
pub trait EndgameDatabases: Position + Sized {
    /// The evaluator of positions of `variant` answering from the databases in `dir`
    /// (opened once a process and shared).
    ///
    /// # Errors
    /// [`crate::DatabaseError`] when the game has no databases, the folder has none of
    /// this variant, or a file is damaged or of another game.
    fn evaluator(variant: &Variant, dir: &Path) -> Result<Eval<Self>, Error>;

    /// The solver of `R` (`solver:<ms>ms`: each move proven within `millis`
    /// milliseconds over the databases in `dir`, else the move of the engine that
    /// `fallback` builds).
    ///
    /// # Errors
    /// [`crate::EngineError::NoSolver`] for a game without one (all but Kalah, before
    /// anything is opened), and as [`EndgameDatabases::evaluator`].
    #[cfg(feature = "db")]
    #[allow(clippy::type_complexity)]
    fn solver<R>(
        variant: &Variant,
        dir: &Path,
        millis: u64,
        fallback: impl FnOnce() -> Result<Box<dyn mancala_search::Engine<R> + Send>, Error>,
    ) -> Result<Box<dyn mancala_solve::player::Proving<R> + Send>, Error>
    where
        R: mancala_core::record::Record<Position = Self> + 'static,
    {
        let _ = (dir, millis, fallback);
        Err(crate::error::EngineError::NoSolver(variant.kind()).into())
    }
}

/// Without databases in the build, every game refuses them.
#[cfg(not(feature = "db"))]
impl<P: Position> EndgameDatabases for P {
    fn evaluator(_: &Variant, dir: &Path) -> Result<Eval<P>, Error> {
        Err(crate::error::DatabaseError::NotInBuild {
            dir: dir.to_path_buf(),
        }
        .into())
    }
}
