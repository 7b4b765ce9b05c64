//! The endgame databases that `solve` builds (docs/solving.md), opened for a variant and
//! given to an engine as its evaluator, so that it plays perfectly once the board is in
//! them. Urim (2×6 and 2×7), Oware and Kalah (each rule set) have them
//! ([`database_games`]); a process opens each folder's databases of a rule set once and
//! shares them ([`Arc`]) between its engines.
//!
//! ```no_run
//! # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
//! use mancala::runtime::{Engine, Variant, db};
//! let v: Variant = "kalah pits=4 seeds=3".parse()?;
//! let dbs = db::open(&v, "target/solve-db".as_ref())?;
//! println!("{} databases, up to {} seeds", dbs.len(), dbs.len() - 1);
//! let engine = Engine::new(&"alphabeta:8".parse()?, &v, 0, Some("target/solve-db".as_ref()))?;
//! # Ok::<(), mancala::runtime::Error>(())
//! ```
//!
//! A program without files or threads (the web page, in a Web Worker) builds a
//! variant's small databases in memory instead, keeps their files' bytes where it can
//! (the browser's storage) and reads them back, checked: [`MemoryDatabases`].

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use mancala_core::record::Record;
use mancala_search::{Known, Static};
use mancala_solve::Solvable;
use mancala_solve::build::{BuildOptions, Built};
use mancala_solve::db::{Databases, Table};
use mancala_solve::file::{self, Endless};
use mancala_solve::kalah::KalahGame;
use mancala_solve::oracle::DbEvaluator;
use mancala_solve::oware::OwareGame;
use mancala_solve::player::{Perfect, Proving};
use mancala_solve::urim::UrimGame;

use crate::error::{DatabaseError, EngineError, Error};
use crate::eval::{EndgameDatabases, Eval};
use crate::game::{AnyGame, AnyRecord};
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

/// Runs `$body` with `$g` bound to the solver's game of the key `$key` (a [`DbGame`]).
macro_rules! with_game {
    ($key:expr, $g:ident => $body:expr) => {
        match $key {
            DbGame::Urim6 => {
                let $g = UrimGame::<6>::new();
                $body
            }
            DbGame::Urim7 => {
                let $g = UrimGame::<7>::new();
                $body
            }
            DbGame::Oware => {
                let $g = OwareGame::new();
                $body
            }
            DbGame::Kalah(rules) => {
                let $g = KalahGame::new(rules);
                $body
            }
        }
    };
}

/// Whether the variant has endgame databases.
#[must_use]
pub fn has_databases(variant: &Variant) -> bool {
    DbGame::of(variant).is_some()
}

/// Whether the databases' values of `variant` hold after any history (Kalah: no
/// position repeats), or only at a position that is its whole history — a game's start
/// or the position right after a capture (Urim's rule 6 and Oware's repetition count
/// the positions since the last capture): a search's lines in between see repetitions
/// the databases do not, so its evaluation can differ from their exact value.
#[must_use]
pub fn hold_after_any_history(variant: &Variant) -> bool {
    matches!(DbGame::of(variant), Some(DbGame::Kalah(_)))
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

/// Every database of the solver's game `game` (of `variant`) in `dir`, from 0 seeds up
/// to the first seed count that has no file: the bounds of the rows' split (tighter,
/// [`Endless::Rows`](mancala_solve::file::Endless::Rows)) if the folder has their file of
/// 0 seeds, else those with endless play at the extremes.
fn open_game<G: Solvable>(game: &G, variant: &Variant, dir: &Path) -> Result<Databases, Error> {
    if dir.exists() && !dir.is_dir() {
        return Err(DatabaseError::NotAFolder(dir.to_path_buf()).into());
    }
    let most = most_seeds(variant).min(u32::from(u8::MAX));
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
            variant: *variant,
        }
        .into());
    }
    Ok(dbs)
}

/// Opens the databases `key` for `variant` in the folder `dir`: from 0 seeds up to
/// the first seed count without a file, each file's header and checksum checked.
fn open_key(key: DbGame, variant: &Variant, dir: &Path) -> Result<Databases, Error> {
    with_game!(key, g => open_game(&g, variant, dir))
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
        dir: Option<&Path>,
        millis: u64,
        fallback: impl FnOnce(&Path) -> Result<Box<dyn mancala_search::Engine<R> + Send>, Error>,
    ) -> Result<Box<dyn Proving<R> + Send>, Error>
    where
        R: Record<Position = Self> + 'static,
    {
        let rules = kalah_rules(variant)?;
        let dir = dir.ok_or(EngineError::SolverNeedsDatabases)?;
        let fallback = fallback(dir)?;
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

/// A variant's databases held in memory, for a program without files or threads (the
/// web page, in a Web Worker): built here one seed count after the other (on the
/// calling thread where no thread can be spawned: rayon then runs its work there), or
/// read back from their files' bytes, each checked as a file is; then asked what
/// perfect play gives from a game's position ([`MemoryDatabases::known`]). The bytes
/// are those of the files `solve` writes.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; pub use ::mancala_runtime as runtime; }
/// use mancala::runtime::{AnyGame, Variant, db::MemoryDatabases};
/// use mancala::search::Known;
/// let v: Variant = "kalah pits=2 seeds=2".parse()?;
/// let mut dbs = MemoryDatabases::new(&v, 8)?;
/// while dbs.len() <= 8 {
///     dbs.build_next()?;
/// }
/// // The start of Kalah(2, 2) has 8 seeds on the board: South loses by 2.
/// let Some(Known::Exact(o)) = dbs.known(&AnyGame::new(&v))? else { panic!() };
/// assert_eq!(o.totals.map(|t| (t.south, t.north)), Some((3, 5)));
/// // The same databases, read back from their files' bytes.
/// let mut again = MemoryDatabases::new(&v, 8)?;
/// for seeds in 0..=8 {
///     again.push_file(&dbs.file_bytes(seeds)?)?;
/// }
/// assert_eq!(again.known(&AnyGame::new(&v))?, dbs.known(&AnyGame::new(&v))?);
/// # Ok::<(), mancala::runtime::Error>(())
/// ```
#[derive(Debug)]
pub struct MemoryDatabases {
    key: DbGame,
    /// Shared only with the oracle of [`MemoryDatabases::known`], while it answers.
    dbs: Arc<Databases>,
}

impl MemoryDatabases {
    /// No database yet of `variant`'s rule set, able to hold those of up to
    /// `max_seeds` seeds on the board.
    ///
    /// # Errors
    /// [`DatabaseError::NoDatabases`] for a game without databases; the solver's error
    /// if the boards of `max_seeds` seeds cannot be ranked.
    pub fn new(variant: &Variant, max_seeds: u32) -> Result<MemoryDatabases, Error> {
        let key = DbGame::of(variant).ok_or_else(|| no_databases(variant))?;
        let dbs = with_game!(key, g => Databases::new(&g, max_seeds))
            .map_err(|e| solve_error(None, e))?;
        Ok(MemoryDatabases {
            key,
            dbs: Arc::new(dbs),
        })
    }

    /// The databases held: every board of fewer seeds has its value (or, in Urim and
    /// Oware, its bounds) here.
    #[must_use]
    pub fn len(&self) -> u32 {
        self.dbs.len()
    }

    /// Whether no database is held yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.dbs.is_empty()
    }

    /// The most seeds these databases can hold.
    #[must_use]
    pub fn max_seeds(&self) -> u32 {
        self.dbs.ranker().max_seeds()
    }

    /// The databases themselves.
    #[must_use]
    pub fn databases(&self) -> &Databases {
        &self.dbs
    }

    /// The databases, to extend: no oracle holds them outside
    /// [`known`](MemoryDatabases::known), which borrows `self`.
    fn extend(&mut self) -> &mut Databases {
        Arc::get_mut(&mut self.dbs).expect("the databases are shared only within `known`")
    }

    /// Builds the database of the next seed count ([`len`](MemoryDatabases::len)) in
    /// memory and says what the build did.
    ///
    /// # Errors
    /// The solver's error, for a seed count past [`max_seeds`](MemoryDatabases::max_seeds)
    /// among others; the databases are then as they were.
    pub fn build_next(&mut self) -> Result<Built, Error> {
        let key = self.key;
        let dbs = self.extend();
        let options = BuildOptions::new().max_seeds(dbs.len());
        let built = with_game!(key, g => options.build(&g, dbs, |_| {}))
            .map_err(|e| solve_error(None, e))?;
        built.into_iter().next().ok_or_else(|| {
            solve_error(
                None,
                mancala_solve::SolveError::Missing { seeds: self.len() },
            )
        })
    }

    /// The name of the file of the database of `seeds` seeds, as `solve` names it in
    /// its folder (`urim-pits=6_cap=17-08.db`).
    #[must_use]
    pub fn file_name(&self, seeds: u32) -> String {
        self.dbs.path(Path::new(""), seeds).display().to_string()
    }

    /// The bytes of the file of the database of `seeds` seeds: those `solve` writes
    /// ([`mancala_solve::file::to_bytes`]).
    ///
    /// # Errors
    /// The solver's error when there is no such database.
    pub fn file_bytes(&self, seeds: u32) -> Result<Vec<u8>, Error> {
        let name = self.file_name(seeds);
        let table = self
            .dbs
            .table(seeds)
            .ok_or_else(|| solve_error(None, mancala_solve::SolveError::Missing { seeds }))?;
        file::to_bytes(name.as_ref(), &self.dbs.header(seeds), table.bytes())
            .map_err(|e| solve_error(None, e.into()))
    }

    /// Adds the database of the next seed count from its file's bytes, checked as a
    /// file is (the game, rule set, seeds, size and checksums).
    ///
    /// # Errors
    /// The solver's error for bytes that are not that file (damaged, of another game
    /// or rule set, of another seed count); the databases are then as they were.
    pub fn push_file(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let seeds = self.len();
        let name = self.file_name(seeds);
        let (_, values) = file::from_bytes(name.as_ref(), bytes, &self.dbs.header(seeds))
            .map_err(|e| solve_error(None, e.into()))?;
        let values = values.to_vec();
        self.extend()
            .push(Table::Memory(values))
            .map_err(|e| solve_error(None, e))
    }

    /// What perfect play gives from `game`'s position, as the databases know it: the
    /// outcome ([`Known::Exact`]), or in Urim and Oware, where the repetition rule
    /// leaves a board two bounds, the worst and best outcomes for the player to move
    /// ([`Known::Bounds`]; `docs/solving-cycles.md`). `None` where they do not know: more
    /// seeds on the board than they hold, a finished game, or in Urim and Oware a
    /// position that is not its whole history (neither the record's start nor right
    /// after a capture: the positions since the last capture then change its value).
    ///
    /// # Errors
    /// [`mancala_solve::SolveError::Foreign`] for a game of another rule set.
    pub fn known(&self, game: &AnyGame) -> Result<Option<Known>, Error> {
        if DbGame::of(game.variant()) != Some(self.key) {
            let of_game = DbGame::of(game.variant()).map_or_else(
                || game.variant().to_string(),
                |k| with_game!(k, g => format!("{} ({})", g.name(), g.variant())),
            );
            return Err(solve_error(
                None,
                mancala_solve::SolveError::Foreign {
                    expected: of_game,
                    found: self.dbs.game(),
                },
            ));
        }
        let dbs = Arc::clone(&self.dbs);
        Ok(match (game.record(), self.key) {
            (AnyRecord::Urim6(r), _) => {
                DbEvaluator::new(UrimGame::<6>::new(), dbs, Static).known_at(r.positions())
            }
            (AnyRecord::Urim7(r), _) => {
                DbEvaluator::new(UrimGame::<7>::new(), dbs, Static).known_at(r.positions())
            }
            (AnyRecord::Oware(r), _) => {
                DbEvaluator::new(OwareGame::new(), dbs, Static).known_at(r.positions())
            }
            (AnyRecord::Kalah(r), DbGame::Kalah(rules)) => {
                DbEvaluator::new(KalahGame::new(rules), dbs, Static).known_at(r.positions())
            }
            _ => None,
        })
    }
}
