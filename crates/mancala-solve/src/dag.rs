//! The databases of a game without cycles (Kalah), one table at a time, and their
//! re-check.
//!
//! Within one seed count the positions form a DAG (a move that keeps every seed on
//! the board only moves the mover's seeds toward the mover's store), so the value of
//! a board is computed by memoised recursion into the array being built: each thread
//! takes a range of ranks, and a child with the same seed count is computed on the
//! spot if no thread has stored it yet (two threads may compute the same value; they
//! store the same byte). Children with fewer seeds are read from the databases below.

use std::sync::atomic::{AtomicU8, Ordering};

use rayon::prelude::*;

use mancala_core::{ArrayVec, Position};

use crate::check::CheckReport;
use crate::db::{ABSENT, Databases, Table, UNKNOWN};
use crate::error::SolveError;
use crate::game::{Solvable, WordChild, WordMoves};
use crate::progress::{Progress, Stage, Step};
use crate::rank::{MAX_PITS, Ranker, WordRanker};

/// Ranks a thread takes at a time.
const CHUNK: usize = 1 << 14;

/// The most moves a board has (a side of at most `MAX_PITS / 2` pits).
const MAX_MOVES: usize = MAX_PITS / 2;

/// What the kernel reads outside the ranks it builds: the values of the boards of
/// fewer seeds, and (on a block of a table, [`build_ranks`]) those of its own seed
/// count outside the block.
///
/// The single-machine build reads the databases below from memory; the distributed
/// build (`mancala-distributed`) reads its own blocks of them and the values it asked
/// of the other workers.
pub trait Outside: Sync {
    /// The stored byte of the board of `seeds` seeds with rank `rank` ([`ABSENT`] for
    /// a board the rules do not have), or [`UNKNOWN`] if it is not known (yet).
    ///
    /// # Errors
    /// [`SolveError::Missing`] if there is no table of `seeds` seeds here,
    /// [`SolveError::Absent`] if the rank is not in it.
    fn get(&self, seeds: u32, rank: u64) -> Result<i8, SolveError>;
}

/// The databases' values by seed count, read without going through [`Table`] each
/// time: what the single-machine build reads outside the table it builds.
struct Tables<'a>(Vec<&'a [u8]>);

impl Outside for Tables<'_> {
    #[inline]
    #[allow(clippy::unnecessary_lazy_evaluations)]
    fn get(&self, seeds: u32, rank: u64) -> Result<i8, SolveError> {
        // The errors are made lazily: `ok_or` built one (an enum with drop glue) and
        // dropped it on every read, 3% of the build's time in the profile.
        self.0
            .get(seeds as usize)
            .ok_or_else(|| SolveError::Missing { seeds })?
            .get(rank as usize)
            .map(|&v| v as i8)
            .ok_or_else(|| SolveError::Absent { seeds, rank })
    }
}

/// The ranks `first..first + cells.len()` of the table being built, each cell
/// [`UNKNOWN`] until its value is stored.
#[derive(Clone, Copy)]
pub struct Block<'a> {
    /// The rank of the first cell.
    pub first: u64,
    /// A cell a board, in rank order.
    pub cells: &'a [AtomicU8],
}

impl<'a> Block<'a> {
    /// The cell of the board of rank `rank`, if it is in the range.
    #[inline]
    fn cell(self, rank: u64) -> Option<&'a AtomicU8> {
        self.cells.get(rank.wrapping_sub(self.first) as usize)
    }
}

/// Computes (or, in checking mode, recomputes) values of boards of one seed count.
struct Evaluator<'a, G: Solvable, O: Outside> {
    game: &'a G,
    ranker: &'a Ranker,
    seeds: u32,
    /// The values outside `current` (in checking mode, `seeds`'s own as well).
    outside: &'a O,
    /// The ranks being built; `None` when checking `dbs`'s own table of `seeds`.
    current: Option<Block<'a>>,
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

/// The databases' values in `dbs`, for [`Evaluator`].
fn tables(dbs: &Databases) -> Tables<'_> {
    Tables(
        (0..dbs.len())
            .filter_map(|s| dbs.table(s).map(Table::bytes))
            .collect(),
    )
}

impl<G: Solvable, O: Outside> Evaluator<'_, G, O> {
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
        let ranker = self.ranker;
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
        let mut waits = None;
        for (k, &v) in kids.iter().zip(&stored) {
            let vc = match v {
                ABSENT => {
                    return Err(SolveError::Absent {
                        seeds: k.seeds,
                        rank: k.rank,
                    });
                }
                UNKNOWN => match waiting(self.compute(k, depth), self.seeds, &mut waits)? {
                    Some(v) => v,
                    None => continue,
                },
                v => i32::from(v),
            };
            best = best.max(k.gain + if k.again { vc } else { -vc });
        }
        if let Some(e) = waits {
            return Err(e);
        }
        if best == i32::MIN {
            return Err(SolveError::NoMoves);
        }
        Ok(best)
    }

    /// Computes `board` (of the ranks being built) and stores its value in `cell`.
    fn board(&self, board: &[u8], cell: &AtomicU8) -> Result<(), SolveError> {
        let p = self.ranker.pits();
        let v = match self.game.position(board) {
            None => ABSENT,
            Some(pos) => {
                let st = self.game.view(&pos, &mut [0; MAX_PITS][..p]);
                checked(self.value(&pos, st, 0)?, self.seeds)?
            }
        };
        cell.store(v as u8, Ordering::Relaxed);
        Ok(())
    }

    /// The stored byte of the board of `seeds` seeds with rank `rank`: from the
    /// ranks being built, else from outside ([`read`], shared with [`WordJob`]).
    #[inline]
    fn stored(&self, seeds: u32, rank: u64) -> Result<i8, SolveError> {
        read(self.outside, self.current, self.seeds, seeds, rank)
    }

    /// The value of a child whose stored byte is [`UNKNOWN`]: computed and stored if
    /// it is of the ranks being built, [`SolveError::Unknown`] otherwise.
    fn compute(&self, k: &Kid<G::Pos>, depth: u32) -> Result<i32, SolveError> {
        let cell = self
            .current
            .filter(|_| k.seeds == self.seeds)
            .and_then(|c| c.cell(k.rank));
        let Some(cell) = cell else {
            return Err(SolveError::Unknown {
                seeds: k.seeds,
                rank: k.rank,
            });
        };
        if depth >= self.max_depth {
            return Err(SolveError::Cycle { seeds: self.seeds });
        }
        let v = self.value(&k.child, k.stores, depth + 1)?;
        cell.store(checked(v, k.seeds)? as u8, Ordering::Relaxed);
        Ok(v)
    }
}

/// A table being built on boards in one word: what the build's loop over them reads
/// and writes ([`WordJob::build_range`], called by [`solve_table`] for a game with
/// [`Solvable::word_moves`]). The same values as [`Evaluator::value`] computes
/// through positions; its tables, reads and depth limit.
struct WordJob<'a, O: Outside> {
    /// The values outside `current`.
    outside: &'a O,
    /// The ranks being built.
    current: Block<'a>,
    seeds: u32,
    max_depth: u32,
    ranker: &'a Ranker,
}

impl<O: Outside> WordJob<'_, O> {
    /// Computes the boards of ranks `start..end` not yet known (those a thread
    /// computed on the way to another are skipped), with `moves`.
    fn build_range<W: WordMoves>(
        &self,
        moves: &W,
        start: usize,
        end: usize,
    ) -> Result<(), SolveError> {
        let p = self.ranker.pits();
        let mut board = [0u8; MAX_PITS];
        self.ranker
            .unrank(self.seeds, start as u64, &mut board[..p])?;
        let cells = self
            .current
            .cells
            .get(start..end)
            .ok_or(SolveError::TableSize {
                seeds: self.seeds,
                found: self.current.cells.len() as u64,
                expected: end as u64,
            })?;
        for cell in cells {
            if cell.load(Ordering::Relaxed) as i8 == UNKNOWN {
                self.board(moves, &board[..p], cell)?;
            }
            self.ranker.next(&mut board[..p]);
        }
        Ok(())
    }

    /// Computes `board` (of the ranks being built) and stores its value in `cell`.
    #[inline]
    fn board<W: WordMoves>(
        &self,
        moves: &W,
        board: &[u8],
        cell: &AtomicU8,
    ) -> Result<(), SolveError> {
        let mut bytes = [0u8; 16];
        bytes[..board.len()].copy_from_slice(board);
        let word = u128::from_le_bytes(bytes);
        // A board the rules lack (none of Kalah's: `exists` is `true`).
        let v = if moves.exists(word) {
            checked(self.value(moves, word, 0)?, self.seeds)?
        } else {
            ABSENT
        };
        cell.store(v as u8, Ordering::Relaxed);
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
    fn take<W: WordMoves>(&self, moves: &W, k: &WordKid, depth: u32) -> Result<i32, SolveError> {
        let (s, r) = (k.seeds, k.rank);
        let vc = match read(self.outside, Some(self.current), self.seeds, s, r)? {
            ABSENT => return Err(SolveError::Absent { seeds: s, rank: r }),
            UNKNOWN if s == self.seeds && self.current.cell(r).is_some() => {
                if depth >= self.max_depth {
                    return Err(SolveError::Cycle { seeds: s });
                }
                let v = self.value(moves, k.board, depth + 1)?;
                if let Some(cell) = self.current.cell(r) {
                    cell.store(checked(v, s)? as u8, Ordering::Relaxed);
                }
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
    fn value<W: WordMoves>(&self, moves: &W, board: u128, depth: u32) -> Result<i32, SolveError> {
        if let Some(t) = moves.over(board) {
            return Ok(t);
        }
        // The ranker's tables in registers for the loop (not read through it a child).
        let words = self.ranker.words();
        let mut best = i32::MIN;
        let mut waits = None;
        let mut legal = moves.legal(board);
        while legal != 0 {
            let pit = legal.trailing_zeros() as usize;
            legal &= legal - 1;
            let kid = self.kid(words, moves.play(board, pit))?;
            if let Some(v) = waiting(self.take(moves, &kid, depth), self.seeds, &mut waits)? {
                best = best.max(v);
            }
        }
        if let Some(e) = waits {
            return Err(e);
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

/// A child's value, `None` if it waits for a board of the seed count `own` not known
/// outside the ranks being built (kept in `waits`, the first such): the search goes
/// on over the other children, so that everything a board waits for is read at once
/// ([`Outside::get`] sees each), and the board is left unknown.
#[inline]
fn waiting(
    r: Result<i32, SolveError>,
    own: u32,
    waits: &mut Option<SolveError>,
) -> Result<Option<i32>, SolveError> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(e @ SolveError::Unknown { seeds, .. }) if seeds == own => {
            waits.get_or_insert(e);
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

/// The stored byte of the board of `seeds` seeds with rank `rank`: from `current`, the
/// ranks being built of `own` seeds (if any and it is one of them), else from
/// `outside`.
#[inline]
fn read<O: Outside>(
    outside: &O,
    current: Option<Block<'_>>,
    own: u32,
    seeds: u32,
    rank: u64,
) -> Result<i8, SolveError> {
    match current {
        Some(current) if seeds == own => match current.cell(rank) {
            Some(c) => match c.load(Ordering::Relaxed) as i8 {
                WAITING => Err(SolveError::Unknown { seeds, rank }),
                v => Ok(v),
            },
            None => outside.get(seeds, rank),
        },
        _ => outside.get(seeds, rank),
    }
}

/// `v` as a stored byte, if it is a possible value of a board of `seeds` seeds.
fn checked(v: i32, seeds: u32) -> Result<i8, SolveError> {
    if v.unsigned_abs() > seeds || v.unsigned_abs() > 126 {
        return Err(SolveError::ValueRange { seeds, value: v });
    }
    Ok(v as i8)
}

/// Computes the database of `seeds` seeds, the databases of fewer seeds being in
/// `dbs` (`dbs.len() == seeds`), reporting to `progress`.
///
/// # Errors
/// [`SolveError::Order`] if `dbs` does not hold exactly the seed counts below; the
/// errors of a game this algorithm cannot solve ([`SolveError::Cycle`],
/// [`SolveError::SeedsRose`], …).
pub(crate) fn solve_table<G: Solvable>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    progress: &dyn Progress,
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
    let outside = tables(dbs);
    let range = Block {
        first: 0,
        cells: &current,
    };
    let eval = Evaluator {
        game,
        ranker,
        seeds,
        outside: &outside,
        current: Some(range),
        max_depth: max_depth(seeds, p),
    };
    // Boards in one word when the game plays them (Kalah up to 8 pits a side).
    let words = game.word_moves().filter(|_| p <= 16).map(|moves| {
        let job = WordJob {
            outside: &outside,
            current: range,
            seeds,
            max_depth: eval.max_depth,
            ranker,
        };
        (moves, job)
    });
    progress.start(&Stage {
        game: game.name(),
        seeds,
        step: Step::Values,
        boards: Some(n as u64),
    });
    (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .try_for_each(|c| -> Result<(), SolveError> {
            let start = c * CHUNK;
            let end = n.min(start + CHUNK);
            if let Some((moves, job)) = &words {
                job.build_range(*moves, start, end)?;
                progress.advance((end - start) as u64);
                return Ok(());
            }
            let mut board = [0u8; MAX_PITS];
            ranker.unrank(seeds, start as u64, &mut board[..p])?;
            for cell in &current[start..end] {
                if cell.load(Ordering::Relaxed) as i8 == UNKNOWN {
                    eval.board(&board[..p], cell)?;
                }
                ranker.next(&mut board[..p]);
            }
            progress.advance((end - start) as u64);
            Ok(())
        })?;
    progress.finish();
    // In place: an AtomicU8 has the layout of a u8.
    Ok(current.into_iter().map(AtomicU8::into_inner).collect())
}

/// A cell of the ranks [`build_ranks`] builds whose board waits for one outside them
/// (set by its caller): read as not known, and not computed on the spot (no value is
/// this byte: a value is at most 126 either way).
pub const WAITING: i8 = i8::MAX;

/// The longest chain of moves that keep `seeds` seeds on `p` pits (each moves a seed
/// toward its mover's store); a longer one is a cycle, which the kernel refuses.
fn max_depth(seeds: u32, p: usize) -> u32 {
    seeds * p as u32 + 2
}

/// Computes, on one thread, the values of the boards of `seeds` seeds of ranks `ranks`
/// (increasing) into `current`'s cells, the block of the table of ranks `first..first +
/// cells.len()` ([`UNKNOWN`] where not yet known): the kernel of the single-machine
/// build on a block of a table, as the distributed build (`mancala-distributed`) runs
/// it on each worker. A child of `seeds` seeds in the block is computed on the spot
/// if it is not known yet; the boards of fewer seeds and those outside the block are
/// read from `outside`. A board whose value needs one outside the block that
/// `outside` does not know yet ([`UNKNOWN`]) is left unknown, and `deferred(board,
/// needed)` is told the ranks of both (the first it needs; `outside` was asked for
/// every one); the boards its search computed on the way keep their values.
///
/// # Errors
/// [`SolveError::Absent`] for a rank outside the block; the errors of the kernel
/// ([`SolveError::Cycle`], [`SolveError::SeedsRose`], a board below that `outside`
/// does not know, …).
pub fn build_ranks<G: Solvable, O: Outside>(
    game: &G,
    ranker: &Ranker,
    seeds: u32,
    current: Block<'_>,
    outside: &O,
    ranks: impl IntoIterator<Item = u64>,
    mut deferred: impl FnMut(u64, u64),
) -> Result<(), SolveError> {
    let p = ranker.pits();
    let max_depth = max_depth(seeds, p);
    let eval = Evaluator {
        game,
        ranker,
        seeds,
        outside,
        current: Some(current),
        max_depth,
    };
    let job = WordJob {
        outside,
        current,
        seeds,
        max_depth,
        ranker,
    };
    let words = game.word_moves().filter(|_| p <= 16);
    let mut board = [0u8; MAX_PITS];
    let mut at: Option<u64> = None;
    for rank in ranks {
        let cell = current
            .cell(rank)
            .ok_or(SolveError::Absent { seeds, rank })?;
        if !matches!(cell.load(Ordering::Relaxed) as i8, UNKNOWN | WAITING) {
            continue;
        }
        cell.store(UNKNOWN as u8, Ordering::Relaxed);
        // The board: the next ones in rank order from the last, else unranked.
        match at {
            Some(mut a) if a < rank && rank - a <= 64 => {
                while a < rank {
                    ranker.next(&mut board[..p]);
                    a += 1;
                }
            }
            _ => ranker.unrank(seeds, rank, &mut board[..p])?,
        }
        at = Some(rank);
        let r = match words {
            Some(moves) => job.board(moves, &board[..p], cell),
            None => eval.board(&board[..p], cell),
        };
        match r {
            Err(SolveError::Unknown {
                seeds: s,
                rank: needed,
            }) if s == seeds => {
                deferred(rank, needed);
            }
            r => r?,
        }
    }
    Ok(())
}

/// Gives `each` the seeds and rank of every board of fewer seeds that the kernel reads
/// to compute `board` (of `seeds` seeds, its pits in pairs): what a block of the table
/// must know from outside before [`build_ranks`] computes it (a board the rules do
/// not have reads none).
///
/// # Errors
/// [`SolveError::SeedsRose`] if a move puts seeds on the board; those of the game's
/// [`terminal`](Solvable::terminal).
pub fn below_reads<G: Solvable>(
    game: &G,
    ranker: &Ranker,
    seeds: u32,
    board: &[u8],
    mut each: impl FnMut(u32, u64),
) -> Result<(), SolveError> {
    let p = ranker.pits();
    let mut take = |(rank, s): (Option<u64>, u32)| match rank {
        Some(r) if s <= seeds => {
            if s < seeds {
                each(s, r);
            }
            Ok(())
        }
        _ => Err(SolveError::SeedsRose { seeds, child: s }),
    };
    if let Some(moves) = game.word_moves().filter(|_| p <= 16) {
        // As `WordJob::value`: every child is read, those over too.
        let mut bytes = [0u8; 16];
        bytes[..p].copy_from_slice(&board[..p]);
        let word = u128::from_le_bytes(bytes);
        if !moves.exists(word) || moves.over(word).is_some() {
            return Ok(());
        }
        let words = ranker.words();
        let mut legal = moves.legal(word);
        while legal != 0 {
            let pit = legal.trailing_zeros() as usize;
            legal &= legal - 1;
            take(words.rank(moves.play(word, pit).board))?;
        }
        return Ok(());
    }
    // As `Evaluator::value`: the children that go on.
    let Some(pos) = game.position(board) else {
        return Ok(());
    };
    let mut view = [0u8; MAX_PITS];
    let st = game.view(&pos, &mut view[..p]);
    if game.terminal(&pos, st)?.is_some() {
        return Ok(());
    }
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let cs = game.view(&child, &mut view[..p]);
        if game.terminal(&child, cs)?.is_none() {
            take(ranker.rank_seeds(&view[..p]))?;
        }
    }
    Ok(())
}

/// Re-checks the database of `seeds` seeds in `dbs` (one value a board): every stored
/// value must be the best over the board's children, each child's value read from the
/// databases (the same one for a child with as many seeds), and a board the rules do
/// not have must be marked so.
///
/// # Errors
/// [`SolveError::Missing`] if `dbs` has no database of `seeds` seeds; a child whose
/// value is missing.
pub(crate) fn check_table<G: Solvable>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
) -> Result<CheckReport, SolveError> {
    let table = dbs.table(seeds).ok_or(SolveError::Missing { seeds })?;
    let values = table.bytes();
    let ranker = dbs.ranker();
    let p = ranker.pits();
    let n = values.len();
    let outside = tables(dbs);
    let eval = Evaluator {
        game,
        ranker,
        seeds,
        outside: &outside,
        current: None,
        max_depth: 0,
    };
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
