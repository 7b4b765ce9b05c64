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

/// Computes (or, in checking mode, recomputes) values of boards of one seed count.
struct Evaluator<'a, G: Solvable> {
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

impl<'a, G: Solvable> Evaluator<'a, G> {
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
/// and writes ([`WordJob::build_range`], called by [`solve_table`] for a game with
/// [`Solvable::word_moves`]). The same values as [`Evaluator::value`] computes
/// through positions; its tables, reads and depth limit.
struct WordJob<'a> {
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
    fn take<W: WordMoves>(&self, moves: &W, k: &WordKid, depth: u32) -> Result<i32, SolveError> {
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
    fn value<W: WordMoves>(&self, moves: &W, board: u128, depth: u32) -> Result<i32, SolveError> {
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
            progress.advance((end - start) as u64);
            Ok(())
        })?;
    progress.finish();
    // In place: an AtomicU8 has the layout of a u8.
    Ok(current.into_iter().map(AtomicU8::into_inner).collect())
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
