//! The endgame databases that `solve` builds (docs/solving.md), opened for a variant and
//! given to an engine as its evaluator, so that it plays perfectly once the board is in
//! them. Urim (2×6 and 2×7), Oware and Kalah (each rule set) have them
//! ([`database_games`]); a process opens each folder's databases of a rule set once and
//! shares them ([`Arc`]) between its engines.
//!
//! ```no_run
//! use mancala_runtime::{Engine, Variant, db};
//! let v: Variant = "kalah pits=4 seeds=3".parse()?;
//! let dbs = db::open(&v, "target/solve-db".as_ref())?;
//! println!("{} databases, up to {} seeds", dbs.len(), dbs.len() - 1);
//! let engine = Engine::new(&"alphabeta:8".parse()?, &v, 0, Some("target/solve-db".as_ref()))?;
//! # Ok::<(), mancala_runtime::Error>(())
//! ```

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use mancala_core::record::Record;
use mancala_search::Static;
use mancala_solve::Solvable;
use mancala_solve::db::Databases;
use mancala_solve::file::Endless;
use mancala_solve::kalah::KalahGame;
use mancala_solve::oracle::DbEvaluator;
use mancala_solve::oware::OwareGame;
use mancala_solve::player::{Perfect, Proving};
use mancala_solve::urim::UrimGame;

use crate::error::{DatabaseError, Error};
use crate::eval::{EndgameDatabases, Eval};
use crate::variant::{GameKind, Variant};

/// A game's databases as the solver keys them: the rules they were built for (not the
/// seeds of the start, which only say how many a game can need).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum DbGame {
    Urim6,
    Urim7,
    Oware,
    Kalah(kalah::Rules),
}

impl DbGame {
    /// The databases of `variant`, if it has them: the one place that says which
    /// variants do.
    fn of(variant: &Variant) -> Option<DbGame> {
        match variant {
            Variant::Urim(v) if v.pits() == 6 => Some(DbGame::Urim6),
            Variant::Urim(_) => Some(DbGame::Urim7),
            Variant::Oware(_) => Some(DbGame::Oware),
            Variant::Kalah(v) => Some(DbGame::Kalah(v.rules())),
            _ => None,
        }
    }
}

/// Whether the variant has endgame databases.
#[must_use]
pub fn has_databases(variant: &Variant) -> bool {
    DbGame::of(variant).is_some()
}

/// The games that have endgame databases (those of whose standard variant
/// [`has_databases`] says so), for help texts: Urim, Oware, Kalah.
#[must_use]
pub fn database_games() -> Vec<GameKind> {
    GameKind::ALL
        .into_iter()
        .filter(|g| has_databases(&g.standard()))
        .collect()
}

/// The error of a variant without databases.
fn no_databases(variant: &Variant) -> Error {
    DatabaseError::NoDatabases {
        game: variant.kind(),
        games: database_games(),
    }
    .into()
}

/// The error `e` of the databases in `dir`.
fn solve_error(dir: Option<&Path>, e: mancala_solve::SolveError) -> Error {
    DatabaseError::Solve {
        dir: dir.map(Path::to_path_buf),
        error: Arc::new(e),
    }
    .into()
}

/// The most seeds a board of `variant` holds: the largest database it can need.
fn most_seeds(variant: &Variant) -> u32 {
    2 * u32::from(variant.pits()) * u32::from(variant.seeds_per_pit())
}

/// Every database of the solver's game `game` in `dir`, from 0 seeds up to the first
/// seed count that has no file: the bounds of the rows' split (tighter,
/// [`Endless::Rows`](mancala_solve::file::Endless::Rows)) if the folder has their file of
/// 0 seeds, else those with endless play at the extremes.
fn open_game<G: Solvable>(game: &G, most: u32, dir: &Path) -> Result<Databases, Error> {
    let most = most.min(u32::from(u8::MAX));
    let rows = (game.cycles() && game.splits_rows())
        .then(|| Databases::with_endless(game, most, Endless::Rows).ok())
        .flatten()
        .filter(|dbs| dbs.path(dir, 0).exists());
    let mut dbs = match rows {
        Some(dbs) => dbs,
        None => Databases::new(game, most).map_err(|e| solve_error(None, e))?,
    };
    while dbs.len() <= dbs.ranker().max_seeds() && dbs.path(dir, dbs.len()).exists() {
        dbs.open_next(dir).map_err(|e| solve_error(Some(dir), e))?;
    }
    if dbs.is_empty() {
        return Err(DatabaseError::NoneThere {
            dir: dir.to_path_buf(),
            game: game.name().to_string(),
            variant: game.variant(),
        }
        .into());
    }
    Ok(dbs)
}

/// Opens the databases `key` for `variant` in the folder `dir`: from 0 seeds up to
/// the first seed count without a file, each file's header and checksum checked.
fn open_key(key: DbGame, variant: &Variant, dir: &Path) -> Result<Databases, Error> {
    let most = most_seeds(variant);
    match key {
        DbGame::Urim6 => open_game(&UrimGame::<6>::new(), most, dir),
        DbGame::Urim7 => open_game(&UrimGame::<7>::new(), most, dir),
        DbGame::Oware => open_game(&OwareGame::new(), most, dir),
        DbGame::Kalah(rules) => open_game(&KalahGame::new(rules), most, dir),
    }
}

/// Opens every database of `variant` in the folder `dir`: from 0 seeds up to the
/// first seed count without a file, each file's header and checksum checked.
///
/// # Errors
/// [`DatabaseError`] when the variant has no databases, the folder has none of this
/// variant, or a file is damaged or of another game.
pub fn open(variant: &Variant, dir: &Path) -> Result<Databases, Error> {
    let key = DbGame::of(variant).ok_or_else(|| no_databases(variant))?;
    open_key(key, variant, dir)
}

/// The databases `key` in `dir`, opened once a process and shared: a tournament asks
/// for them every game, and opening checks every file's checksum.
fn cached(key: DbGame, variant: &Variant, dir: &Path) -> Result<Arc<Databases>, Error> {
    /// The databases open in this process: a folder and a rule set, each once.
    type Open = Vec<((PathBuf, DbGame), Arc<Databases>)>;
    static OPEN: Mutex<Open> = Mutex::new(Vec::new());
    let mut open_now = OPEN.lock().map_err(|_| DatabaseError::Poisoned)?;
    if let Some((_, dbs)) = open_now.iter().find(|(k, _)| k.0 == dir && k.1 == key) {
        return Ok(Arc::clone(dbs));
    }
    let dbs = Arc::new(open_key(key, variant, dir)?);
    open_now.push(((dir.to_path_buf(), key), Arc::clone(&dbs)));
    Ok(dbs)
}

/// The evaluator of `game`'s positions over its databases `key` in `dir`.
fn evaluator_of<G>(
    game: G,
    key: DbGame,
    variant: &Variant,
    dir: &Path,
) -> Result<Eval<G::Pos>, Error>
where
    G: Solvable + 'static,
{
    if DbGame::of(variant) != Some(key) {
        return Err(no_databases(variant));
    }
    let dbs = cached(key, variant, dir)?;
    Ok(Eval::with(Arc::new(DbEvaluator::new(game, dbs, Static))))
}

impl EndgameDatabases for urim::Urim<6> {
    fn evaluator(variant: &Variant, dir: &Path) -> Result<Eval<Self>, Error> {
        evaluator_of(UrimGame::<6>::new(), DbGame::Urim6, variant, dir)
    }
}

impl EndgameDatabases for urim::Urim<7> {
    fn evaluator(variant: &Variant, dir: &Path) -> Result<Eval<Self>, Error> {
        evaluator_of(UrimGame::<7>::new(), DbGame::Urim7, variant, dir)
    }
}

impl EndgameDatabases for oware::Oware {
    fn evaluator(variant: &Variant, dir: &Path) -> Result<Eval<Self>, Error> {
        evaluator_of(OwareGame::new(), DbGame::Oware, variant, dir)
    }
}

/// The rules of a Kalah variant, or the error of another game.
fn kalah_rules(variant: &Variant) -> Result<kalah::Rules, Error> {
    match variant {
        Variant::Kalah(v) => Ok(v.rules()),
        _ => Err(no_databases(variant)),
    }
}

impl EndgameDatabases for kalah::Kalah {
    fn evaluator(variant: &Variant, dir: &Path) -> Result<Eval<Self>, Error> {
        let rules = kalah_rules(variant)?;
        evaluator_of(KalahGame::new(rules), DbGame::Kalah(rules), variant, dir)
    }

    /// Kalah's solver ([`Perfect`]), which shares the process's databases.
    fn solver<R>(
        variant: &Variant,
        dir: &Path,
        millis: u64,
        fallback: impl FnOnce() -> Result<Box<dyn mancala_search::Engine<R> + Send>, Error>,
    ) -> Result<Box<dyn Proving<R> + Send>, Error>
    where
        R: Record<Position = Self> + 'static,
    {
        let rules = kalah_rules(variant)?;
        let fallback = fallback()?;
        let dbs = cached(DbGame::Kalah(rules), variant, dir)?;
        let time = Some(std::time::Duration::from_millis(millis));
        let p = Perfect::shared(Arc::new(KalahGame::new(rules)), dbs, time, fallback)
            .map_err(|e| solve_error(Some(dir), e))?;
        Ok(Box::new(p))
    }
}

impl EndgameDatabases for omweso::Omweso {
    fn evaluator(variant: &Variant, _: &Path) -> Result<Eval<Self>, Error> {
        Err(no_databases(variant))
    }
}

impl<const N: usize, const CW: bool> EndgameDatabases for rio_kadalis::RioKadalis<N, CW> {
    fn evaluator(variant: &Variant, _: &Path) -> Result<Eval<Self>, Error> {
        Err(no_databases(variant))
    }
}
