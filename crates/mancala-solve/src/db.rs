//! A set of databases of one game and rule set: for every seed count from 0 up to
//! some `n`, the value of every board, indexed by its rank.

use std::path::{Path, PathBuf};

use crate::error::SolveError;
use crate::file::{self, Endless, FileError, Header, Mapped};
use crate::game::Solvable;
use crate::rank::Ranker;

/// The byte of a value not computed yet.
pub const UNKNOWN: i8 = i8::MIN;
/// The byte of a board the rules do not have ([`Solvable::position`] gave `None`).
pub const ABSENT: i8 = i8::MIN + 1;

/// One database: the values of every board with one seed count, in rank order: an
/// `i8` stored as its byte for a game without cycles, a pair of `i8` (the lower and
/// upper bounds `L`, `U`) for a game with cycles ([`Solvable::cycles`]).
#[derive(Debug)]
pub enum Table {
    /// Held in memory (built here and not written, or planted in a test).
    Memory(Vec<u8>),
    /// A file mapped into memory ([`Databases::open_next_mapped`]).
    Mapped(Mapped),
}

impl Table {
    /// The values as bytes.
    #[must_use]
    pub fn bytes(&self) -> &[u8] {
        match self {
            Table::Memory(v) => v,
            Table::Mapped(m) => m.values(),
        }
    }
}

/// The databases of one game and rule set, for every seed count below
/// [`len`](Databases::len).
#[derive(Debug)]
pub struct Databases {
    game: String,
    variant: String,
    pits: usize,
    /// Bytes per board: 1 (a value) or 2 (lower and upper bounds).
    width: usize,
    /// How the bounds value endless play.
    endless: Endless,
    ranker: Ranker,
    tables: Vec<Table>,
}

impl Databases {
    /// An empty set for `game`, able to hold databases of up to `max_seeds` seeds;
    /// for a game with cycles, bounds with endless play at the extremes
    /// ([`Endless::Extremes`]; [`with_endless`](Databases::with_endless) chooses).
    ///
    /// # Errors
    /// [`SolveError::Rank`] if the boards of `max_seeds` seeds cannot be ranked.
    pub fn new<G: Solvable>(game: &G, max_seeds: u32) -> Result<Databases, SolveError> {
        Databases::with_endless(game, max_seeds, Endless::Extremes)
    }

    /// An empty set for `game` as [`new`](Databases::new), its bounds valuing endless
    /// play as `endless` says: [`Endless::Rows`] for a game whose repetition gives each
    /// player their own row ([`Solvable::splits_rows`]: Urim, Oware).
    ///
    /// ```
    /// use mancala_solve::{db::Databases, file::Endless, kalah::KalahGame, urim::UrimGame};
    /// let dbs = Databases::with_endless(&UrimGame::<6>::new(), 8, Endless::Rows)?;
    /// assert_eq!(dbs.endless(), Endless::Rows);
    /// let kalah = KalahGame::new(kalah::Rules::with_pits(2));
    /// assert!(Databases::with_endless(&kalah, 8, Endless::Rows).is_err()); // no cycles
    /// # Ok::<(), mancala_solve::SolveError>(())
    /// ```
    ///
    /// # Errors
    /// [`SolveError::Rank`] as [`new`](Databases::new); [`SolveError::NoRowSplit`]
    /// for [`Endless::Rows`] and a game that does not end a repetition so.
    pub fn with_endless<G: Solvable>(
        game: &G,
        max_seeds: u32,
        endless: Endless,
    ) -> Result<Databases, SolveError> {
        if endless == Endless::Rows && !(game.cycles() && game.splits_rows()) {
            return Err(SolveError::NoRowSplit { game: game.name() });
        }
        let pits = 2 * game.pits_per_side();
        Ok(Databases {
            game: game.name().to_string(),
            variant: game.variant(),
            pits,
            width: if game.cycles() { 2 } else { 1 },
            endless,
            ranker: Ranker::new(pits, max_seeds)?,
            tables: Vec::new(),
        })
    }

    /// How the bounds value endless play: [`Endless::Extremes`] for a game without
    /// cycles.
    #[must_use]
    pub fn endless(&self) -> Endless {
        self.endless
    }

    /// The game and rule set the databases are of: `name (variant)`, as
    /// [`Solvable::name`] and [`Solvable::variant`] give them.
    #[must_use]
    pub fn game(&self) -> String {
        format!("{} ({})", self.game, self.variant)
    }

    /// Refuses these databases unless they are `game`'s (name and rule set).
    ///
    /// # Errors
    /// [`SolveError::Foreign`] naming both.
    pub fn expect_game<G: Solvable>(&self, game: &G) -> Result<(), SolveError> {
        if self.game != game.name() || self.variant != game.variant() {
            return Err(SolveError::Foreign {
                expected: format!("{} ({})", game.name(), game.variant()),
                found: self.game(),
            });
        }
        Ok(())
    }

    /// The ranker of the boards.
    #[must_use]
    pub fn ranker(&self) -> &Ranker {
        &self.ranker
    }

    /// Bytes per board: 1 (a value, games without cycles) or 2 (the bounds `L`, `U`,
    /// games with cycles).
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of databases: every board of fewer seeds has its value here.
    #[must_use]
    pub fn len(&self) -> u32 {
        self.tables.len() as u32
    }

    /// Whether there is no database yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// The database of `seeds` seeds, if there is one.
    #[must_use]
    pub fn table(&self, seeds: u32) -> Option<&Table> {
        self.tables.get(seeds as usize)
    }

    /// The database of `seeds` seeds as a mutable array, if it is held in memory (to
    /// plant an error in a test, for instance).
    pub fn memory_mut(&mut self, seeds: u32) -> Option<&mut Vec<u8>> {
        match self.tables.get_mut(seeds as usize) {
            Some(Table::Memory(v)) => Some(v),
            _ => None,
        }
    }

    /// The header a database of `seeds` seeds of this set has (checksum 0).
    #[must_use]
    pub fn header(&self, seeds: u32) -> Header {
        Header {
            game: self.game.clone(),
            variant: self.variant.clone(),
            pits: self.pits as u8,
            seeds: seeds as u8,
            entries: self.ranker.count(seeds),
            width: self.width as u8,
            endless: self.endless,
            checksum: 0,
        }
    }

    /// The file of the database of `seeds` seeds in `dir`:
    /// `<game>-<variant with spaces as _>-<seeds>.db`, with `-rows` before the seeds
    /// for bounds of the rows' split ([`Endless::Rows`]), so that both kinds can lie in
    /// one folder.
    #[must_use]
    pub fn path(&self, dir: &Path, seeds: u32) -> PathBuf {
        let variant: String = self
            .variant
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let rows = if self.endless == Endless::Rows {
            "-rows"
        } else {
            ""
        };
        dir.join(format!("{}-{variant}{rows}-{seeds:02}.db", self.game))
    }

    /// Appends the database of the next seed count ([`len`](Databases::len)).
    ///
    /// # Errors
    /// [`SolveError::TableSize`] if the table does not have one value (or one pair of
    /// bounds) per board.
    pub fn push(&mut self, table: Table) -> Result<(), SolveError> {
        let seeds = self.len();
        let want = self.ranker.count(seeds) * self.width as u64;
        if table.bytes().len() as u64 != want || seeds > self.ranker.max_seeds() {
            return Err(SolveError::TableSize {
                seeds,
                found: table.bytes().len() as u64,
                expected: want,
            });
        }
        self.tables.push(table);
        Ok(())
    }

    /// Reads the database of the next seed count from its file in `dir` into memory,
    /// checked ([`file::read`]).
    ///
    /// # Errors
    /// [`SolveError::File`] if the file is missing, damaged or of another game, rule
    /// set or size.
    pub fn open_next(&mut self, dir: &Path) -> Result<(), SolveError> {
        let seeds = self.len();
        let path = self.path(dir, seeds);
        let (_, values) = file::read(&path, &self.header(seeds))?;
        self.push(Table::Memory(values))
    }

    /// Maps the database of the next seed count from its file in `dir`, checked
    /// ([`Mapped::open`]): no memory of the process's own, for databases too large to
    /// read.
    ///
    /// # Safety
    /// As [`Mapped::open`]: the file must not change while these databases live.
    ///
    /// # Errors
    /// As [`open_next`](Databases::open_next).
    #[allow(unsafe_code)]
    pub unsafe fn open_next_mapped(&mut self, dir: &Path) -> Result<(), SolveError> {
        let seeds = self.len();
        let path = self.path(dir, seeds);
        // SAFETY: the caller's promise, passed on.
        let mapped = unsafe { Mapped::open(&path, &self.header(seeds)) }?;
        self.push(Table::Mapped(mapped))
    }

    /// Writes the database of `seeds` seeds to its file in `dir`; it stays in memory.
    ///
    /// # Errors
    /// [`SolveError::File`] if writing fails; [`SolveError::Missing`] if there is no
    /// such database.
    pub fn save(&mut self, dir: &Path, seeds: u32) -> Result<(), SolveError> {
        let path = self.path(dir, seeds);
        let header = self.header(seeds);
        let table = self
            .tables
            .get(seeds as usize)
            .ok_or(SolveError::Missing { seeds })?;
        file::write(&path, &header, table.bytes())?;
        Ok(())
    }

    /// [`save`](Databases::save), then replaces the table in memory with the file
    /// mapped (freeing the memory).
    ///
    /// # Safety
    /// As [`Mapped::open`]: the file must not change while these databases live.
    ///
    /// # Errors
    /// As [`save`](Databases::save).
    #[allow(unsafe_code)]
    pub unsafe fn save_mapped(&mut self, dir: &Path, seeds: u32) -> Result<(), SolveError> {
        self.save(dir, seeds)?;
        // SAFETY: the caller's promise, passed on.
        let mapped = unsafe { Mapped::open(&self.path(dir, seeds), &self.header(seeds)) }?;
        self.tables[seeds as usize] = Table::Mapped(mapped);
        Ok(())
    }

    /// The exact value of the board of `seeds` seeds with rank `rank`: `None`
    /// without that database, for a board the rules do not have, or (a game with
    /// cycles) for a board whose bounds differ.
    #[inline]
    #[must_use]
    pub fn get(&self, seeds: u32, rank: u64) -> Option<i8> {
        let (l, u) = self.bounds(seeds, rank)?;
        (l == u).then_some(l)
    }

    /// The bounds `(L, U)` on the value of the board of `seeds` seeds with rank
    /// `rank` (equal for a game without cycles): `None` without that database or for
    /// a board the rules do not have.
    #[inline]
    #[must_use]
    pub fn bounds(&self, seeds: u32, rank: u64) -> Option<(i8, i8)> {
        let bytes = self.tables.get(seeds as usize)?.bytes();
        let i = usize::try_from(rank).ok()?.checked_mul(self.width)?;
        let l = *bytes.get(i)? as i8;
        let u = *bytes.get(i + self.width - 1)? as i8;
        (l != ABSENT).then_some((l, u))
    }

    /// The exact value of `board` (the pits in pairs: the mover's `a`, the
    /// opponent's `a`, the mover's `b`, …; see [`Solvable`]), if its seed count has a
    /// database (and, for a game with cycles, its bounds are equal).
    #[must_use]
    pub fn value(&self, board: &[u8]) -> Option<i8> {
        let (l, u) = self.board_bounds(board)?;
        (l == u).then_some(l)
    }

    /// The bounds `(L, U)` of `board` (as in [`value`](Databases::value)), if its
    /// seed count has a database.
    #[must_use]
    pub fn board_bounds(&self, board: &[u8]) -> Option<(i8, i8)> {
        if board.len() != self.pits {
            return None;
        }
        let seeds: u32 = board.iter().map(|&x| u32::from(x)).sum();
        if seeds >= self.len() {
            return None;
        }
        self.bounds(seeds, self.ranker.rank(board))
    }

    /// Bytes held by all the databases.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        self.tables.iter().map(|t| t.bytes().len() as u64).sum()
    }

    /// The error for a file that does not exist yet (so that a caller can build it).
    pub(crate) fn is_missing_file(e: &SolveError) -> bool {
        matches!(e, SolveError::File(FileError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound)
    }
}
