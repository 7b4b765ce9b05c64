//! Building a game's databases, one seed count after the other, and re-checking them.
//!
//! [`BuildOptions`] says how (the files' folder, how far, how a game with cycles keeps
//! its children, where progress goes) and builds: a game without cycles table by table
//! by memoised recursion, a game with cycles by retrograde analysis
//! ([`retro`]). [`check_table`] re-checks a table either way.
//!
//! ```
//! use mancala_solve::{build::BuildOptions, db::Databases, kalah::KalahGame};
//! let game = KalahGame::new(kalah::Rules::with_pits(2));
//! let mut dbs = Databases::new(&game, 8)?;
//! let built = BuildOptions::new().max_seeds(6).build(&game, &mut dbs, |_| {})?;
//! assert_eq!((built.len(), dbs.len()), (7, 7)); // 0 to 6 seeds
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::path::Path;
use std::time::Instant;

use crate::dag;
use crate::db::{Databases, Table};
use crate::error::SolveError;
use crate::file::FileError;
use crate::game::Solvable;
use crate::progress::Progress;
use crate::retro::{self, Children, RetroStats};

pub use crate::check::CheckReport;

/// What building one database did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Built {
    /// The seed count.
    pub seeds: u32,
    /// Boards in the database.
    pub boards: u64,
    /// Bytes of its values (one or two a board).
    pub bytes: u64,
    /// Seconds it took (to compute, or to open and check the file).
    pub seconds: f64,
    /// Whether it was read from its file rather than computed.
    pub loaded: bool,
    /// For a game with cycles, computed here: what the retrograde analysis did.
    pub retro: Option<RetroStats>,
}

impl Built {
    /// The head of a table of builds, one a line ([`Built`]'s
    /// [`Display`](fmt::Display)): with `retro`, the columns of [`RetroStats`] too (a game
    /// with cycles: rounds of settling or iterations, the iteration from which the
    /// worklist chose, the bounds settled or boards evaluated, the boards with children
    /// of as many seeds, those left unresolved, how the children were found).
    #[must_use]
    pub fn header(retro: bool) -> &'static str {
        if retro {
            "seeds         boards        MiB   seconds       boards/s      rounds  worklist   \
             evaluated     cyclic  unresolved  children"
        } else {
            "seeds         boards        MiB   seconds       boards/s"
        }
    }
}

/// A line of the table of [`Built::header`]: the seed count, the boards, the MiB, the
/// seconds, and the boards a second (`read` for a database read back), with what the
/// retrograde analysis did.
///
/// ```
/// use mancala_solve::build::Built;
/// let b = Built { seeds: 9, boards: 167_960, bytes: 167_960, seconds: 0.02, loaded: false, retro: None };
/// assert_eq!(b.to_string(), "    9         167960        0.2      0.02        8398000");
/// let read = Built { loaded: true, ..b };
/// assert_eq!(read.to_string(), "    9         167960        0.2      0.02           read");
/// assert_eq!(Built::header(false).len(), b.to_string().len());
/// // Oware's 3 seeds by levels (`solve oware` printed this line, but for its time).
/// use mancala_solve::retro::{Children, RetroStats};
/// let retro = RetroStats {
///     iterations: 34, cyclic: 258, unresolved: 64, children: Some(Children::Stored),
///     evaluated: 308, worklist_from: 0,
/// };
/// let b = Built { seeds: 3, boards: 364, bytes: 728, seconds: 0.01, loaded: false, retro: Some(retro) };
/// assert_eq!(
///     b.to_string(),
///     "    3            364        0.0      0.01          36400          34         0         308        258          64  stored"
/// );
/// ```
impl fmt::Display for Built {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mib = self.bytes as f64 / f64::from(1 << 20);
        write!(
            f,
            "{:>5} {:>14} {mib:>10.1} {:>9.2} ",
            self.seeds, self.boards, self.seconds
        )?;
        if self.loaded {
            write!(f, "{:>14}", "read")?;
        } else {
            write!(f, "{:>14.0}", self.boards as f64 / self.seconds.max(1e-9))?;
        }
        if let Some(r) = self.retro {
            let children = r.children.map_or(String::new(), |c| c.to_string());
            write!(
                f,
                "  {:>10} {:>9} {:>11} {:>10} {:>11}  {children}",
                r.iterations, r.worklist_from, r.evaluated, r.cyclic, r.unresolved
            )?;
        }
        Ok(())
    }
}

/// How to build a game's databases, and the builds themselves: set what differs from
/// the defaults, then [`build`](BuildOptions::build) (or
/// [`build_mapped`](BuildOptions::build_mapped), or one table with
/// [`solve_table`](BuildOptions::solve_table)).
///
/// The defaults: every seed count the databases can hold (their `max_seeds`,
/// [`Databases::new`]), in memory only (no folder), a game with cycles keeping its
/// children while they fit ([`Children::for_boards`]), no progress shown.
///
/// ```no_run
/// use std::path::Path;
/// use mancala_solve::{build::BuildOptions, db::Databases, retro::Children, urim::UrimGame};
/// let game = UrimGame::<6>::new();
/// let mut dbs = Databases::new(&game, 20)?;
/// BuildOptions::new()
///     .max_seeds(16)
///     .dir(Path::new("target/solve-db"))
///     .children(Children::Replayed)
///     .build(&game, &mut dbs, |b| println!("{} seeds: {} boards", b.seeds, b.boards))?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct BuildOptions<'a> {
    max_seeds: Option<u32>,
    dir: Option<&'a Path>,
    children: Option<Children>,
    progress: &'a dyn Progress,
}

impl fmt::Debug for BuildOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BuildOptions")
            .field("max_seeds", &self.max_seeds)
            .field("dir", &self.dir)
            .field("children", &self.children)
            .finish_non_exhaustive()
    }
}

impl Default for BuildOptions<'_> {
    fn default() -> Self {
        BuildOptions::new()
    }
}

impl<'a> BuildOptions<'a> {
    /// The defaults (see above).
    #[must_use]
    pub fn new() -> Self {
        BuildOptions {
            max_seeds: None,
            dir: None,
            children: None,
            progress: &(),
        }
    }

    /// Builds the databases up to and including `max_seeds` seeds (more than the
    /// databases can hold is refused when the build gets there,
    /// [`SolveError::TableSize`]).
    #[must_use]
    pub fn max_seeds(self, max_seeds: u32) -> Self {
        BuildOptions {
            max_seeds: Some(max_seeds),
            ..self
        }
    }

    /// Keeps the databases as files in `dir` (made if missing): each seed count is
    /// read from its file if there is one (checked: a file of another game, rule set
    /// or size, or a damaged one, is refused), else computed and written there.
    #[must_use]
    pub fn dir(self, dir: &'a Path) -> Self {
        BuildOptions {
            dir: Some(dir),
            ..self
        }
    }

    /// For a game with cycles: keeps the children from the first pass or replays them
    /// in every iteration (both give the same bytes; the default chooses by the
    /// table's size, [`Children::for_boards`]).
    #[must_use]
    pub fn children(self, children: Children) -> Self {
        BuildOptions {
            children: Some(children),
            ..self
        }
    }

    /// Reports the build's progress to `progress` (a program's progress bar).
    #[must_use]
    pub fn progress(self, progress: &'a dyn Progress) -> Self {
        BuildOptions { progress, ..self }
    }

    /// Extends `dbs` up to the seed count set (by retrograde analysis for a game with
    /// cycles): every database is held in memory ([`build_mapped`] maps the files
    /// instead). Calls `each` after each seed count.
    ///
    /// # Errors
    /// Those of [`solve_table`](BuildOptions::solve_table) and of the files.
    ///
    /// [`build_mapped`]: BuildOptions::build_mapped
    pub fn build<G: Solvable>(
        &self,
        game: &G,
        dbs: &mut Databases,
        each: impl FnMut(&Built),
    ) -> Result<Vec<Built>, SolveError> {
        self.extend(game, dbs, false, each)
    }

    /// [`build`](BuildOptions::build), with every file in the folder mapped rather
    /// than read (the databases then cost no memory of the process's own once written:
    /// Urim's of up to 28 seeds are 8.6 GiB). Without a folder, as `build`.
    ///
    /// # Safety
    /// As [`Mapped::open`](crate::file::Mapped::open): no file in the folder may
    /// change while `dbs` lives.
    ///
    /// # Errors
    /// As [`build`](BuildOptions::build).
    #[allow(unsafe_code)]
    pub unsafe fn build_mapped<G: Solvable>(
        &self,
        game: &G,
        dbs: &mut Databases,
        each: impl FnMut(&Built),
    ) -> Result<Vec<Built>, SolveError> {
        self.extend(game, dbs, true, each)
    }

    /// Computes the database of `seeds` seeds alone, those of fewer seeds being in
    /// `dbs` (`dbs.len() == seeds`): one value a board for a game without cycles, the
    /// bounds `(L, U)` for a game with cycles, with what the retrograde analysis did.
    /// The seed count and the folder set play no part.
    ///
    /// # Errors
    /// [`SolveError::Order`] if `dbs` does not hold exactly the seed counts below; the
    /// errors of a game the algorithm cannot solve ([`SolveError::Cycle`],
    /// [`SolveError::SeedsRose`], …) or of a table too large
    /// ([`SolveError::TableSize`]).
    pub fn solve_table<G: Solvable>(
        &self,
        game: &G,
        dbs: &Databases,
        seeds: u32,
    ) -> Result<(Vec<u8>, Option<RetroStats>), SolveError> {
        if !game.cycles() {
            return Ok((dag::solve_table(game, dbs, seeds, self.progress)?, None));
        }
        let children = self
            .children
            .unwrap_or_else(|| Children::for_boards(dbs.ranker().count(seeds)));
        let (table, stats) = retro::solve(game, dbs, seeds, children, self.progress)?;
        Ok((table, Some(stats)))
    }

    /// [`build`](BuildOptions::build) or (`map`) [`build_mapped`](BuildOptions::build_mapped).
    #[allow(unsafe_code)]
    fn extend<G: Solvable>(
        &self,
        game: &G,
        dbs: &mut Databases,
        map: bool,
        mut each: impl FnMut(&Built),
    ) -> Result<Vec<Built>, SolveError> {
        let max_seeds = self.max_seeds.unwrap_or_else(|| dbs.ranker().max_seeds());
        if let Some(dir) = self.dir {
            std::fs::create_dir_all(dir).map_err(|source| FileError::Io {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        let mut out = Vec::new();
        while dbs.len() <= max_seeds {
            let seeds = dbs.len();
            let t0 = Instant::now();
            let mut loaded = false;
            let mut retro = None;
            if let Some(dir) = self.dir {
                let opened = if map {
                    // SAFETY: `build_mapped`'s caller promises that no file in `dir`
                    // changes while `dbs` lives.
                    unsafe { dbs.open_next_mapped(dir) }
                } else {
                    dbs.open_next(dir)
                };
                match opened {
                    Ok(()) => loaded = true,
                    Err(e) if Databases::is_missing_file(&e) => {}
                    Err(e) => return Err(e),
                }
            }
            if !loaded {
                let table;
                (table, retro) = self.solve_table(game, dbs, seeds)?;
                dbs.push(Table::Memory(table))?;
                match self.dir {
                    // SAFETY: as above.
                    Some(dir) if map => unsafe { dbs.save_mapped(dir, seeds) }?,
                    Some(dir) => dbs.save(dir, seeds)?,
                    None => {}
                }
            }
            let b = Built {
                seeds,
                boards: dbs.ranker().count(seeds),
                bytes: dbs.table(seeds).map_or(0, |t| t.bytes().len() as u64),
                seconds: t0.elapsed().as_secs_f64(),
                loaded,
                retro,
            };
            each(&b);
            out.push(b);
        }
        Ok(out)
    }
}

/// Extends `dbs` up to and including `max_seeds` seeds, the files in `dir` if given;
/// `progress` is ignored (a build reports its progress through
/// [`BuildOptions::progress`]).
///
/// # Errors
/// As [`BuildOptions::build`].
#[deprecated(
    note = "use `BuildOptions::new().max_seeds(max_seeds).dir(dir).build(game, dbs, each)`"
)]
pub fn build<G: Solvable>(
    game: &G,
    dbs: &mut Databases,
    max_seeds: u32,
    dir: Option<&Path>,
    progress: bool,
    each: impl FnMut(&Built),
) -> Result<Vec<Built>, SolveError> {
    let _ = progress;
    let mut options = BuildOptions::new().max_seeds(max_seeds);
    if let Some(dir) = dir {
        options = options.dir(dir);
    }
    options.build(game, dbs, each)
}

/// The deprecated [`build`] with every file in `dir` mapped
/// ([`BuildOptions::build_mapped`]).
///
/// # Safety
/// As [`BuildOptions::build_mapped`].
///
/// # Errors
/// As [`BuildOptions::build`].
#[deprecated(
    note = "use `BuildOptions::new().max_seeds(max_seeds).dir(dir).build_mapped(game, dbs, each)`"
)]
#[allow(unsafe_code)]
pub unsafe fn build_mapped<G: Solvable>(
    game: &G,
    dbs: &mut Databases,
    max_seeds: u32,
    dir: &Path,
    progress: bool,
    each: impl FnMut(&Built),
) -> Result<Vec<Built>, SolveError> {
    let _ = progress;
    let options = BuildOptions::new().max_seeds(max_seeds).dir(dir);
    // SAFETY: the caller's promise, passed on.
    unsafe { options.build_mapped(game, dbs, each) }
}

/// The deprecated single table of a game without cycles
/// ([`BuildOptions::solve_table`]); `progress` is ignored.
///
/// # Errors
/// As [`BuildOptions::solve_table`].
#[deprecated(note = "use `BuildOptions::new().solve_table(game, dbs, seeds)`")]
pub fn solve_table<G: Solvable>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    progress: bool,
) -> Result<Vec<u8>, SolveError> {
    let _ = progress;
    dag::solve_table(game, dbs, seeds, &())
}

/// Re-checks the database of `seeds` seeds in `dbs`: every stored value must be the
/// best over the board's children, each child's value read from the databases (the
/// same one for a child with as many seeds), and a board the rules do not have must
/// be marked so. For a game with cycles, [`retro::check_table`].
///
/// # Errors
/// [`SolveError::Missing`] if `dbs` has no database of `seeds` seeds; a child whose
/// value is missing.
pub fn check_table<G: Solvable>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
) -> Result<CheckReport, SolveError> {
    if dbs.width() == 2 {
        return retro::check_table(game, dbs, seeds);
    }
    dag::check_table(game, dbs, seeds)
}
