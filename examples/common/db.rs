//! `--db DIR`: the endgame databases that `solve` builds (docs/solving.md), given to an
//! engine as its evaluator, so that it plays perfectly once the board is in them.
//!
//! The examples are written once for every game (a [`Runner`](super::Runner) is
//! generic over the game's record); the databases are of one game. [`evaluator`]
//! picks the databases by the position's type: Urim (6 or 7 pits), Oware and Kalah
//! (its rules read from the position) have them; every other game refuses `--db` with an
//! error.

use std::any::{Any, TypeId};
use std::path::Path;
use std::sync::{Arc, Mutex};

use mancala::Position;
use mancala::search::score::Score;
use mancala::search::{Evaluator, Known, Static};
use mancala_solve::db::Databases;
use mancala_solve::kalah::{Kalah, KalahGame};
use mancala_solve::oracle::DbEvaluator;
use mancala_solve::oware::{Oware, OwareGame};
use mancala_solve::urim::{Urim, UrimGame};
use mancala_solve::{SolveGame, rank::MAX_PITS};

/// The examples' evaluator: the standard one ([`Static`]), with the databases of
/// `--db` when given.
pub struct Eval<P>(Option<Arc<dyn Evaluator<P> + Send + Sync>>);

impl<P> Clone for Eval<P> {
    fn clone(&self) -> Self {
        Eval(self.0.clone())
    }
}

impl<P> Eval<P> {
    /// The standard evaluation, without databases.
    pub fn plain() -> Self {
        Eval(None)
    }

    /// Whether databases are in use.
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

/// Opens every database of `game` in `dir`, from 0 seeds up to the first seed count
/// that has no file; refuses a damaged or foreign file and a folder with none.
fn open<G: SolveGame>(game: &G, dir: &Path) -> Result<Arc<Databases>, String> {
    // The most seeds a board of this game can hold, and so the largest ranker needed.
    let most = match (game.name(), game.pits_per_side()) {
        ("urim", n) => 8 * n as u32,
        ("oware", _) => 48,
        _ => (MAX_PITS as u32 / 2) * 20,
    };
    let mut dbs = Databases::new(game, most.min(64)).map_err(|e| e.to_string())?;
    while dbs.len() <= dbs.ranker().max_seeds() && dbs.path(dir, dbs.len()).exists() {
        dbs.open_next(dir)
            .map_err(|e| format!("--db {}: {e}", dir.display()))?;
    }
    if dbs.is_empty() {
        return Err(format!(
            "--db {}: no databases of {} ({}) there; build them with \
             `cargo run --release --example solve -- {} --db {}`",
            dir.display(),
            game.name(),
            game.variant(),
            game.name(),
            dir.display()
        ));
    }
    Ok(Arc::new(dbs))
}

/// The databases of `game` in `dir`, opened once a run: a tournament asks for them
/// every game, and opening checks every file's checksum.
fn cached<G: SolveGame>(game: &G, dir: &Path) -> Result<Arc<Databases>, String> {
    type Key = (std::path::PathBuf, String);
    static OPEN: Mutex<Vec<(Key, Arc<Databases>)>> = Mutex::new(Vec::new());
    let key = (
        dir.to_path_buf(),
        format!("{} {}", game.name(), game.variant()),
    );
    let mut open_now = OPEN
        .lock()
        .map_err(|_| "--db: a thread failed".to_string())?;
    if let Some((_, dbs)) = open_now.iter().find(|(k, _)| *k == key) {
        return Ok(Arc::clone(dbs));
    }
    let dbs = open(game, dir)?;
    open_now.push((key, Arc::clone(&dbs)));
    Ok(dbs)
}

/// The evaluator of a game of `start`'s type: [`Static`], with the databases in `dir`
/// if given.
///
/// # Errors
/// When the game has no databases, or `dir` has none of this game and rule set, or a
/// file is damaged.
pub fn evaluator<P: Position + 'static>(start: &P, dir: Option<&Path>) -> Result<Eval<P>, String> {
    let Some(dir) = dir else {
        return Ok(Eval::plain());
    };
    fn wrap<G: SolveGame + Send + Sync + 'static>(
        game: G,
        dir: &Path,
    ) -> Result<Box<dyn Any>, String>
    where
        G::Pos: 'static,
    {
        let dbs = cached(&game, dir)?;
        let e: Arc<dyn Evaluator<G::Pos> + Send + Sync> =
            Arc::new(DbEvaluator::new(game, dbs, Static));
        Ok(Box::new(e))
    }
    let id = TypeId::of::<P>();
    let any: Box<dyn Any> = if id == TypeId::of::<Urim<6>>() {
        wrap(UrimGame::<6>::new(), dir)?
    } else if id == TypeId::of::<Urim<7>>() {
        wrap(UrimGame::<7>::new(), dir)?
    } else if id == TypeId::of::<Oware>() {
        wrap(OwareGame::new(), dir)?
    } else if let Some(k) = (start as &dyn Any).downcast_ref::<Kalah>() {
        wrap(KalahGame::new(k.rules()), dir)?
    } else {
        return Err(
            "--db: only urim, oware and kalah have endgame databases (docs/solving.md)".to_string(),
        );
    };
    any.downcast::<Arc<dyn Evaluator<P> + Send + Sync>>()
        .map(|e| Eval(Some(*e)))
        .map_err(|_| "--db: the databases do not fit this game".to_string())
}
