//! Building the databases of a game without cycles (Kalah), and re-checking them.
//!
//! Within one seed count the positions form a DAG (a move that keeps every seed on
//! the board only moves the mover's seeds toward the mover's store), so the value of
//! a board is computed by memoised recursion into the array being built: each thread
//! takes a range of ranks, and a child with the same seed count is computed on the
//! spot if no thread has stored it yet (two threads may compute the same value; they
//! store the same byte). Children with fewer seeds are read from the databases below.

use std::path::Path;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use mancala_core::{ArrayVec, Position};

use crate::db::{Databases, Table};
use crate::game::{SolveGame, WordChild, WordMoves};
use crate::rank::{MAX_PITS, Ranker, WordRanker};
use crate::retro::RetroStats;
use crate::{ABSENT, SolveError, UNKNOWN};

/// Ranks a thread takes at a time.
const CHUNK: usize = 1 << 14;

/// The most moves a board has (a side of at most `MAX_PITS / 2` pits).
const MAX_MOVES: usize = MAX_PITS / 2;

/// Computes (or, in checking mode, recomputes) values of boards of one seed count.
struct Evaluator<'a, G: SolveGame> {
    game: &'a G,
    dbs: &'a Databases,
    seeds: u32,
    /// The databases' values by seed count, those below `seeds` (and in checking
    /// mode `seeds`'s own): read without going through [`Table`] each time.
    tables: Vec<&'a [u8]>,
    /// The table being built; `None` when checking `dbs`'s own table of `seeds`.
    current: Option<&'a [AtomicU8]>,
    /// A chain of moves that keep the seed count is at most this long; longer means a
    /// cycle, which this algorithm cannot solve.
    max_depth: u32,
}

/// A move's child still to be looked up ([`Evaluator::value`]).
struct Kid<P> {
    child: P,
    /// The child's stores' margin, from its mover.
    stores: i32,
    /// What the move gained the parent's mover.
    gain: i32,
    /// Whether the same side moves again.
    again: bool,
    seeds: u32,
    rank: u64,
}

impl<'a, G: SolveGame> Evaluator<'a, G> {
    fn new(
        game: &'a G,
        dbs: &'a Databases,
        seeds: u32,
        current: Option<&'a [AtomicU8]>,
        max_depth: u32,
    ) -> Self {
        let tables = (0..dbs.len())
            .filter_map(|s| dbs.table(s).map(Table::bytes))
            .collect();
        Evaluator {
            game,
            dbs,
            seeds,
            tables,
            current,
            max_depth,
        }
    }

    /// The value of `pos` (its stores' margin `stores`): the best over its children.
    ///
    /// Three passes over the moves: play them all and rank the children that are
    /// not over; read all their stored values (independent reads, whose cache misses
    /// overlap); then take the best, computing a child of as many seeds not yet
    /// known.
    fn value(&self, pos: &G::Pos, stores: i32, depth: u32) -> Result<i32, SolveError> {
        if let Some(t) = self.game.terminal(pos, stores)? {
            return Ok(t);
        }
        let ranker = self.dbs.ranker();
        let p = ranker.pits();
        let mover = pos.side_to_move();
        let mut board = [0u8; MAX_PITS];
        let mut best = i32::MIN;
        let mut kids: ArrayVec<Kid<G::Pos>, MAX_MOVES> = ArrayVec::new();
        for m in pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let cs = self.game.view(&child, &mut board[..p]);
            let again = child.side_to_move() == mover;
            let gain = if again { cs } else { -cs } - stores;
            if let Some(t) = self.game.terminal(&child, cs)? {
                best = best.max(gain + if again { t } else { -t });
                continue;
            }
            let (rank, seeds) = ranker.rank_seeds(&board[..p]);
            let rank = match rank {
                Some(r) if seeds <= self.seeds => r,
                _ => {
                    return Err(SolveError::SeedsRose {
                        seeds: self.seeds,
                        child: seeds,
                    });
                }
            };
            kids.try_push(Kid {
                child,
                stores: cs,
                gain,
                again,
                seeds,
                rank,
            })
            .map_err(|_| SolveError::TooManyMoves)?;
        }
        let mut stored = [0i8; MAX_MOVES];
        for (k, v) in kids.iter().zip(&mut stored) {
            *v = self.stored(k.seeds, k.rank)?;
        }
        for (k, &v) in kids.iter().zip(&stored) {
            let vc = match v {
                ABSENT => {
                    return Err(SolveError::Absent {
                        seeds: k.seeds,
                        rank: k.rank,
                    });
                }
                UNKNOWN => self.compute(k, depth)?,
                v => i32::from(v),
            };
            best = best.max(k.gain + if k.again { vc } else { -vc });
        }
        if best == i32::MIN {
            return Err(SolveError::NoMoves);
        }
        Ok(best)
    }

    /// The stored byte of the board of `seeds` seeds with rank `rank`: from the
    /// table being built for as many seeds as `self.seeds`, else from the databases
    /// ([`read`], shared with [`WordJob`]).
    #[inline]
    fn stored(&self, seeds: u32, rank: u64) -> Result<i8, SolveError> {
        read(&self.tables, self.current, self.seeds, seeds, rank)
    }

    /// The value of a child whose stored byte is [`UNKNOWN`]: computed and stored if
    /// it is of the table being built, an error otherwise.
    fn compute(&self, k: &Kid<G::Pos>, depth: u32) -> Result<i32, SolveError> {
        let Some(current) = self.current.filter(|_| k.seeds == self.seeds) else {
            return Err(SolveError::Unknown {
                seeds: k.seeds,
                rank: k.rank,
            });
        };
        if depth >= self.max_depth {
            return Err(SolveError::Cycle { seeds: self.seeds });
        }
        let v = self.value(&k.child, k.stores, depth + 1)?;
        current[k.rank as usize].store(checked(v, k.seeds)? as u8, Ordering::Relaxed);
        Ok(v)
    }
}

/// A table being built on boards in one word: what the build's loop over them reads
/// and writes ([`WordMoves::build_range`], called by [`solve_table`] for a game with
/// [`SolveGame::word_moves`]). The same values as [`Evaluator::value`] computes
/// through positions; its tables, reads and depth limit. Opaque: only the build makes
/// one.
#[doc(hidden)]
pub struct WordJob<'a> {
    /// The databases' values below `seeds`, by seed count.
    tables: &'a [&'a [u8]],
    /// The table being built.
    current: &'a [AtomicU8],
    seeds: u32,
    max_depth: u32,
    ranker: &'a Ranker,
}

impl WordJob<'_> {
    /// Computes the boards of ranks `start..end` not yet known (those a thread
    /// computed on the way to another are skipped), with `moves`.
    pub(crate) fn build_range<W: WordMoves + ?Sized>(
        &self,
        moves: &W,
        start: usize,
        end: usize,
    ) -> Result<(), SolveError> {
        let p = self.ranker.pits();
        let mut board = [0u8; MAX_PITS];
        self.ranker
            .unrank(self.seeds, start as u64, &mut board[..p])?;
        let cells = self.current.get(start..end).ok_or(SolveError::TableSize {
            seeds: self.seeds,
            found: self.current.len() as u64,
            expected: end as u64,
        })?;
        for cell in cells {
            if cell.load(Ordering::Relaxed) as i8 == UNKNOWN {
                let mut bytes = [0u8; 16];
                bytes.copy_from_slice(&board[..16]);
                let word = u128::from_le_bytes(bytes);
                // A board the rules lack (none of Kalah's: `exists` is `true`).
                let v = if moves.exists(word) {
                    checked(self.value(moves, word, 0)?, self.seeds)?
                } else {
                    ABSENT
                };
                cell.store(v as u8, Ordering::Relaxed);
            }
            self.ranker.next(&mut board[..p]);
        }
        Ok(())
    }

    /// A child with its seeds and rank.
    #[inline]
    fn kid(&self, words: WordRanker<'_>, k: WordChild) -> Result<WordKid, SolveError> {
        match words.rank(k.board) {
            (Some(rank), s) if s <= self.seeds => Ok(WordKid {
                board: k.board,
                gain: k.gain,
                again: k.again,
                seeds: s,
                rank,
            }),
            (_, s) => Err(SolveError::SeedsRose {
                seeds: self.seeds,
                child: s,
            }),
        }
    }

    /// What the move to `k` is worth to the parent's mover: its gain and the child's
    /// value (read, or computed at `depth + 1` if it is of as many seeds and not yet
    /// known).
    #[inline]
    fn take<W: WordMoves + ?Sized>(
        &self,
        moves: &W,
        k: &WordKid,
        depth: u32,
    ) -> Result<i32, SolveError> {
        let (s, r) = (k.seeds, k.rank);
        let vc = match read(self.tables, Some(self.current), self.seeds, s, r)? {
            ABSENT => return Err(SolveError::Absent { seeds: s, rank: r }),
            UNKNOWN if s == self.seeds => {
                if depth >= self.max_depth {
                    return Err(SolveError::Cycle { seeds: s });
                }
                let v = self.value(moves, k.board, depth + 1)?;
                self.current[r as usize].store(checked(v, s)? as u8, Ordering::Relaxed);
                v
            }
            UNKNOWN => return Err(SolveError::Unknown { seeds: s, rank: r }),
            v => i32::from(v),
        };
        Ok(k.gain + if k.again { vc } else { -vc })
    }

    /// The value of `board`: the best over its children, as [`Evaluator::value`].
    ///
    /// One pass over the legal moves: each child played, ranked, read and taken. The
    /// reads of different children still overlap: nothing waits on one but the rare
    /// child not yet known, the branches on the value being predicted. A child whose
    /// game is over is ranked and read like any other: its stored value is what
    /// `over` would give (this function's first line made it), and reading it costs
    /// no branch a child.
    fn value<W: WordMoves + ?Sized>(
        &self,
        moves: &W,
        board: u128,
        depth: u32,
    ) -> Result<i32, SolveError> {
        if let Some(t) = moves.over(board) {
            return Ok(t);
        }
        // The ranker's tables in registers for the loop (not read through it a child).
        let words = self.ranker.words();
        let mut best = i32::MIN;
        let mut legal = moves.legal(board);
        while legal != 0 {
            let pit = legal.trailing_zeros() as usize;
            legal &= legal - 1;
            let kid = self.kid(words, moves.play(board, pit))?;
            best = best.max(self.take(moves, &kid, depth)?);
        }
        if best == i32::MIN {
            return Err(SolveError::NoMoves);
        }
        Ok(best)
    }
}

/// A child of a board in one word, with its seeds and rank.
#[derive(Clone, Copy, Debug)]
struct WordKid {
    board: u128,
    gain: i32,
    again: bool,
    seeds: u32,
    rank: u64,
}

/// The stored byte of the board of `seeds` seeds with rank `rank`: from `current`, the
/// table being built for `own` seeds (if any), else from `tables`, the databases by
/// seed count. The errors are made lazily: `ok_or` built one (an enum with drop glue)
/// and dropped it on every read, 3% of the build's time in the profile.
#[inline]
#[allow(clippy::unnecessary_lazy_evaluations)]
fn read(
    tables: &[&[u8]],
    current: Option<&[AtomicU8]>,
    own: u32,
    seeds: u32,
    rank: u64,
) -> Result<i8, SolveError> {
    let r = rank as usize;
    let v = match current {
        Some(current) if seeds == own => current.get(r).map(|c| c.load(Ordering::Relaxed)),
        _ => tables
            .get(seeds as usize)
            .ok_or_else(|| SolveError::Missing { seeds })?
            .get(r)
            .copied(),
    };
    v.map(|v| v as i8)
        .ok_or_else(|| SolveError::Absent { seeds, rank })
}

/// `v` as a stored byte, if it is a possible value of a board of `seeds` seeds.
fn checked(v: i32, seeds: u32) -> Result<i8, SolveError> {
    if v.unsigned_abs() > seeds || v.unsigned_abs() > 126 {
        return Err(SolveError::ValueRange { seeds, value: v });
    }
    Ok(v as i8)
}

pub(crate) fn bar(len: u64, prefix: String, progress: bool) -> ProgressBar {
    if !progress {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(len);
    pb.set_style(
        ProgressStyle::with_template(
            "{prefix} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} boards, {per_sec}, {eta} left",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    pb.set_prefix(prefix);
    pb
}

/// Computes the database of `seeds` seeds, the databases of fewer seeds being in
/// `dbs` (`dbs.len() == seeds`). Shows a progress bar if `progress`.
///
/// # Errors
/// [`SolveError::Order`] if `dbs` does not hold exactly the seed counts below; the
/// errors of a game this algorithm cannot solve ([`SolveError::Cycle`],
/// [`SolveError::SeedsRose`], …).
pub fn solve_table<G: SolveGame>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    progress: bool,
) -> Result<Vec<u8>, SolveError> {
    if dbs.len() != seeds {
        return Err(SolveError::Order {
            have: dbs.len(),
            want: seeds,
        });
    }
    let ranker = dbs.ranker();
    let n = usize::try_from(ranker.count(seeds)).map_err(|_| SolveError::TableSize {
        seeds,
        found: 0,
        expected: ranker.count(seeds),
    })?;
    let p = ranker.pits();
    let current: Vec<AtomicU8> = (0..n)
        .into_par_iter()
        .map(|_| AtomicU8::new(UNKNOWN as u8))
        .collect();
    let eval = Evaluator::new(game, dbs, seeds, Some(&current), seeds * p as u32 + 2);
    // Boards in one word when the game plays them (Kalah up to 8 pits a side).
    let words = game.word_moves().filter(|_| p <= 16).map(|moves| {
        let job = WordJob {
            tables: &eval.tables,
            current: &current,
            seeds,
            max_depth: eval.max_depth,
            ranker,
        };
        (moves, job)
    });
    let pb = bar(
        n as u64,
        format!("{} {seeds:>2} seeds", game.name()),
        progress,
    );
    (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .try_for_each(|c| -> Result<(), SolveError> {
            let start = c * CHUNK;
            let end = n.min(start + CHUNK);
            if let Some((moves, job)) = &words {
                moves.build_range(job, start, end)?;
                pb.inc((end - start) as u64);
                return Ok(());
            }
            let mut board = [0u8; MAX_PITS];
            ranker.unrank(seeds, start as u64, &mut board[..p])?;
            for cell in &current[start..end] {
                if cell.load(Ordering::Relaxed) as i8 == UNKNOWN {
                    let v = match game.position(&board[..p]) {
                        None => ABSENT,
                        Some(pos) => {
                            let st = game.view(&pos, &mut [0; MAX_PITS][..p]);
                            checked(eval.value(&pos, st, 0)?, seeds)?
                        }
                    };
                    cell.store(v as u8, Ordering::Relaxed);
                }
                ranker.next(&mut board[..p]);
            }
            pb.inc((end - start) as u64);
            Ok(())
        })?;
    pb.finish_and_clear();
    // In place: an AtomicU8 has the layout of a u8.
    Ok(current.into_iter().map(AtomicU8::into_inner).collect())
}

/// What building one database did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Built {
    /// The seed count.
    pub seeds: u32,
    /// Boards in the database.
    pub boards: u64,
    /// Seconds it took (to compute, or to open and check the file).
    pub seconds: f64,
    /// Whether it was read from its file rather than computed.
    pub loaded: bool,
    /// For a game with cycles, computed here: what the retrograde analysis did.
    pub retro: Option<RetroStats>,
}

/// How [`build`] works: whether it shows progress bars, and for a game with cycles
/// how the retrograde iteration finds the children ([`Children`](crate::retro::Children);
/// `None` chooses by the table's size, [`Children::for_boards`](crate::retro::Children::for_boards)).
/// A `bool` is the progress bars' setting alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuildOptions {
    /// Show progress bars.
    pub progress: bool,
    /// For a game with cycles: keep the children or replay them; `None` chooses.
    pub children: Option<crate::retro::Children>,
}

impl From<bool> for BuildOptions {
    fn from(progress: bool) -> Self {
        BuildOptions {
            progress,
            children: None,
        }
    }
}

/// Extends `dbs` up to and including `max_seeds` seeds (by retrograde analysis,
/// [`retro::solve_table`](crate::retro::solve_table), for a game with cycles): each missing seed count is
/// read from its file in `dir` if there is one (checked: a file of another game, rule
/// set or size, or a damaged one, is refused), computed otherwise, and then written
/// to `dir`. Every database is held in memory ([`build_mapped`] maps the files
/// instead). Without `dir` nothing is written. `options` is
/// [`BuildOptions`] or just whether to show progress bars. Calls `each` after each
/// seed count.
///
/// # Errors
/// Those of [`solve_table`] and of the files.
pub fn build<G: SolveGame>(
    game: &G,
    dbs: &mut Databases,
    max_seeds: u32,
    dir: Option<&Path>,
    options: impl Into<BuildOptions>,
    each: impl FnMut(&Built),
) -> Result<Vec<Built>, SolveError> {
    build_with(game, dbs, max_seeds, dir, options.into(), false, each)
}

/// [`build`], with every file in `dir` mapped rather than read (the databases then
/// cost no memory of the process's own once written: Urim's of up to 28 seeds are
/// 8.6 GiB).
///
/// # Safety
/// As [`Mapped::open`](crate::file::Mapped::open): no file in `dir` may change while
/// `dbs` lives.
///
/// # Errors
/// As [`build`].
#[allow(unsafe_code)]
pub unsafe fn build_mapped<G: SolveGame>(
    game: &G,
    dbs: &mut Databases,
    max_seeds: u32,
    dir: &Path,
    options: impl Into<BuildOptions>,
    each: impl FnMut(&Built),
) -> Result<Vec<Built>, SolveError> {
    build_with(game, dbs, max_seeds, Some(dir), options.into(), true, each)
}

/// [`build`] or (`map`) [`build_mapped`].
#[allow(unsafe_code)]
fn build_with<G: SolveGame>(
    game: &G,
    dbs: &mut Databases,
    max_seeds: u32,
    dir: Option<&Path>,
    options: BuildOptions,
    map: bool,
    mut each: impl FnMut(&Built),
) -> Result<Vec<Built>, SolveError> {
    let BuildOptions { progress, children } = options;
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir).map_err(|source| crate::file::FileError::Io {
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
        if let Some(dir) = dir {
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
            let table = if game.cycles() {
                let children = children.unwrap_or_else(|| {
                    crate::retro::Children::for_boards(dbs.ranker().count(seeds))
                });
                let (table, stats) =
                    crate::retro::solve_table_with(game, dbs, seeds, children, progress)?;
                retro = Some(stats);
                table
            } else {
                solve_table(game, dbs, seeds, progress)?
            };
            dbs.push(Table::Memory(table))?;
            match dir {
                // SAFETY: as above.
                Some(dir) if map => unsafe { dbs.save_mapped(dir, seeds) }?,
                Some(dir) => dbs.save(dir, seeds)?,
                None => {}
            }
        }
        let b = Built {
            seeds,
            boards: dbs.ranker().count(seeds),
            seconds: t0.elapsed().as_secs_f64(),
            loaded,
            retro,
        };
        each(&b);
        out.push(b);
    }
    Ok(out)
}

/// What re-checking one database found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// The seed count.
    pub seeds: u32,
    /// Boards checked.
    pub boards: u64,
    /// Boards whose stored value is not the best over their children.
    pub wrong: u64,
    /// The first few wrong boards: rank, stored value, best over the children.
    pub examples: Vec<(u64, i8, i32)>,
    /// For a game with cycles: boards whose bounds are right but differ (`L < U`).
    pub unresolved: u64,
    /// For a game with cycles: the sum of `U − L` over the boards (the mean gap is
    /// this over [`boards`](CheckReport::boards)).
    pub gap: u64,
}

impl CheckReport {
    /// The report of `seeds` seeds made of the reports of its parts.
    pub(crate) fn merge(seeds: u32, parts: Vec<CheckReport>) -> CheckReport {
        let mut out = CheckReport {
            seeds,
            ..CheckReport::default()
        };
        for r in parts {
            out.boards += r.boards;
            out.wrong += r.wrong;
            out.unresolved += r.unresolved;
            out.gap += r.gap;
            for e in r.examples {
                if out.examples.len() < 8 {
                    out.examples.push(e);
                }
            }
        }
        out
    }
}

/// Re-checks the database of `seeds` seeds in `dbs`: every stored value must be the
/// best over the board's children, each child's value read from the databases (the
/// same one for a child with as many seeds), and a board the rules do not have must
/// be marked so. For a game with cycles, [`retro::check_table`](crate::retro::check_table).
///
/// # Errors
/// [`SolveError::Missing`] if `dbs` has no database of `seeds` seeds; a child whose
/// value is missing.
pub fn check_table<G: SolveGame>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
) -> Result<CheckReport, SolveError> {
    if dbs.width() == 2 {
        return crate::retro::check_table(game, dbs, seeds);
    }
    let table = dbs.table(seeds).ok_or(SolveError::Missing { seeds })?;
    let values = table.bytes();
    let ranker = dbs.ranker();
    let p = ranker.pits();
    let n = values.len();
    let eval = Evaluator::new(game, dbs, seeds, None, 0);
    let parts: Vec<CheckReport> = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| -> Result<CheckReport, SolveError> {
            let start = c * CHUNK;
            let end = n.min(start + CHUNK);
            let mut board = [0u8; MAX_PITS];
            ranker.unrank(seeds, start as u64, &mut board[..p])?;
            let mut r = CheckReport::default();
            for (rank, &stored) in (start..end).zip(&values[start..end]) {
                let stored = stored as i8;
                let best = match game.position(&board[..p]) {
                    None => i32::from(ABSENT),
                    Some(pos) => {
                        let st = game.view(&pos, &mut [0; MAX_PITS][..p]);
                        eval.value(&pos, st, 0)?
                    }
                };
                if i32::from(stored) != best {
                    r.wrong += 1;
                    if r.examples.len() < 8 {
                        r.examples.push((rank as u64, stored, best));
                    }
                }
                ranker.next(&mut board[..p]);
            }
            r.boards = (end - start) as u64;
            Ok(r)
        })
        .collect::<Result<_, _>>()?;
    Ok(CheckReport::merge(seeds, parts))
}
