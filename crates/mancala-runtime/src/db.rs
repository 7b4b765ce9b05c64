//! The endgame databases that `solve` builds (docs/solving.md), opened for a variant and
//! given to an engine as its evaluator, so that it plays perfectly once the board is in
//! them. Urim (2×6 and 2×7), Oware and Kalah (each rule set) have them.
//!
//! ```no_run
//! use mancala_runtime::{Engine, Variant, db};
//! let v: Variant = "kalah pits=4 seeds=3".parse()?;
//! let dbs = db::open(&v, "target/solve-db".as_ref())?;
//! println!("{} databases, up to {} seeds", dbs.len(), dbs.len() - 1);
//! let engine = Engine::new("alphabeta:8", &v, 0, Some("target/solve-db".as_ref()))?;
//! # Ok::<(), mancala_runtime::Error>(())
//! ```

use std::any::Any;
use std::path::Path;
use std::sync::{Arc, Mutex};

use mancala_core::Position;
use mancala_search::{Evaluator, Static};
use mancala_solve::Solvable;
use mancala_solve::db::Databases;
use mancala_solve::kalah::KalahGame;
use mancala_solve::oracle::DbEvaluator;
use mancala_solve::oware::OwareGame;
use mancala_solve::player::{Perfect, Proving};
use mancala_solve::urim::UrimGame;

use crate::engine::Eval;
use crate::{Error, Variant};

/// Whether the variant has endgame databases.
#[must_use]
pub fn has_databases(variant: &Variant) -> bool {
    matches!(
        variant,
        Variant::Urim { .. } | Variant::Oware { .. } | Variant::Kalah { .. }
    )
}

/// The most seeds a board of `variant` holds: the largest database it can need.
fn most_seeds(variant: &Variant) -> u32 {
    2 * u32::from(variant.pits()) * u32::from(variant.seeds_per_pit())
}

/// Every database of the solver's game `game` in `dir`, from 0 seeds up to the first
/// seed count that has no file.
fn open_game<G: Solvable>(game: &G, most: u32, dir: &Path) -> Result<Databases, Error> {
    let mut dbs = Databases::new(game, most.min(u32::from(u8::MAX)))
        .map_err(|e| Error::Database(e.to_string()))?;
    while dbs.len() <= dbs.ranker().max_seeds() && dbs.path(dir, dbs.len()).exists() {
        dbs.open_next(dir)
            .map_err(|e| Error::Database(format!("{}: {e}", dir.display())))?;
    }
    if dbs.is_empty() {
        return Err(Error::Database(format!(
            "{}: no databases of {} ({}) there; build them with \
             `cargo run --release --example solve -- {} --db {}`",
            dir.display(),
            game.name(),
            game.variant(),
            game.name(),
            dir.display()
        )));
    }
    Ok(dbs)
}

/// Opens every database of `variant` in the folder `dir`: from 0 seeds up to the
/// first seed count without a file, each file's header and checksum checked.
///
/// # Errors
/// [`Error::Database`] when the variant has no databases, the folder has none of this
/// variant, or a file is damaged or of another game.
pub fn open(variant: &Variant, dir: &Path) -> Result<Databases, Error> {
    let most = most_seeds(variant);
    match *variant {
        Variant::Urim { pits: 6, .. } => open_game(&UrimGame::<6>::new(), most, dir),
        Variant::Urim { pits: 7, .. } => open_game(&UrimGame::<7>::new(), most, dir),
        Variant::Oware { .. } => open_game(&OwareGame::new(), most, dir),
        Variant::Kalah { .. } => open_game(&KalahGame::new(variant.kalah_rules()), most, dir),
        _ => Err(no_databases(variant)),
    }
}

fn no_databases(variant: &Variant) -> Error {
    Error::Database(format!(
        "{}: only {} have endgame databases (docs/solving.md)",
        variant.kind(),
        crate::engine::DATABASE_GAMES
    ))
}

/// The databases of `variant` in `dir`, opened once a process: a tournament asks for
/// them every game, and opening checks every file's checksum.
fn cached(variant: &Variant, dir: &Path) -> Result<Arc<Databases>, Error> {
    type Key = (std::path::PathBuf, String);
    static OPEN: Mutex<Vec<(Key, Arc<Databases>)>> = Mutex::new(Vec::new());
    // The databases depend on the rules, not on the seeds of the start.
    let key = (
        dir.to_path_buf(),
        format!("{:?}", variant.kalah_rules())
            + variant.kind().name()
            + &variant.pits().to_string(),
    );
    let mut open_now = OPEN
        .lock()
        .map_err(|_| Error::Database("a thread failed while opening databases".into()))?;
    if let Some((_, dbs)) = open_now.iter().find(|(k, _)| *k == key) {
        return Ok(Arc::clone(dbs));
    }
    let dbs = Arc::new(open(variant, dir)?);
    open_now.push((key, Arc::clone(&dbs)));
    Ok(dbs)
}

/// The databases of `variant` in `dir` and the solver's game, for the whole process:
/// the solver engine's proof search borrows them ([`Perfect`] holds references), and
/// [`cached`] keeps the databases open for the process anyway. Leaked once a folder and
/// rule set.
fn kept_kalah(
    variant: &Variant,
    dir: &Path,
) -> Result<(&'static KalahGame, &'static Databases), Error> {
    type Kept = (
        std::path::PathBuf,
        kalah::Rules,
        &'static KalahGame,
        &'static Databases,
    );
    static KEPT: Mutex<Vec<Kept>> = Mutex::new(Vec::new());
    let rules = variant.kalah_rules();
    let dbs = cached(variant, dir)?;
    let mut kept = KEPT
        .lock()
        .map_err(|_| Error::Database("a thread failed while opening databases".into()))?;
    if let Some(&(_, _, g, d)) = kept.iter().find(|k| k.0 == dir && k.1 == rules) {
        return Ok((g, d));
    }
    let game: &'static KalahGame = Box::leak(Box::new(KalahGame::new(rules)));
    let dbs: &'static Databases = Box::leak(Box::new(dbs));
    kept.push((dir.to_path_buf(), rules, game, dbs));
    Ok((game, dbs))
}

/// The solver engine of Kalah (`solver[:<ms>ms]`, [`Perfect`]) over the databases of
/// `variant` in `dir`: each move proven within `time`, else `fallback`'s.
///
/// # Errors
/// As [`open`] (`variant` must be Kalah's).
pub(crate) fn solver(
    variant: &Variant,
    dir: &Path,
    time: Option<std::time::Duration>,
    fallback: Box<dyn mancala_search::Engine<kalah::Game> + Send>,
) -> Result<Box<dyn Proving<kalah::Game> + Send>, Error> {
    let (game, dbs) = kept_kalah(variant, dir)?;
    let p = Perfect::new(game, dbs, time, fallback).map_err(|e| Error::Database(e.to_string()))?;
    Ok(Box::new(p))
}

/// The evaluator of positions `P` of `variant`: [`Static`], answering from the
/// databases in `dir`.
///
/// # Errors
/// As [`open`]; also when `P` is not the variant's type of position.
pub fn evaluator<P: Position + 'static>(variant: &Variant, dir: &Path) -> Result<Eval<P>, Error> {
    fn wrap<G: Solvable + Send + Sync + 'static>(game: G, dbs: Arc<Databases>) -> Box<dyn Any>
    where
        G::Pos: 'static,
    {
        let e: Arc<dyn Evaluator<G::Pos> + Send + Sync> =
            Arc::new(DbEvaluator::new(game, dbs, Static));
        Box::new(e)
    }
    let dbs = cached(variant, dir)?;
    let any = match *variant {
        Variant::Urim { pits: 6, .. } => wrap(UrimGame::<6>::new(), dbs),
        Variant::Urim { pits: 7, .. } => wrap(UrimGame::<7>::new(), dbs),
        Variant::Oware { .. } => wrap(OwareGame::new(), dbs),
        Variant::Kalah { .. } => wrap(KalahGame::new(variant.kalah_rules()), dbs),
        _ => return Err(no_databases(variant)),
    };
    any.downcast::<Arc<dyn Evaluator<P> + Send + Sync>>()
        .map(|e| Eval::with(*e))
        .map_err(|_| Error::Database(format!("the databases do not fit {variant}")))
}
