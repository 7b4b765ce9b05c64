//! Retrograde analysis for games whose positions can repeat within one seed count
//! (Urim: rule 6 ends the game on a repeated position, which a board without its
//! history cannot know). For every board `p` of `n` seeds, seen from its mover, the
//! database holds two bounds on the margin the mover can force over the seeds on the
//! board:
//!
//! - `L(p)`: the margin the mover can force if every endless play (one that never
//!   leaves the seed count) counted as the worst for `p`'s mover;
//! - `U(p)`: the same with endless play counted as the best for `p`'s mover.
//!
//! In negamax form they are the least and the greatest solution of
//!
//! ```text
//! L(p) = max over moves m of  exitL(m)  or  −U(child)     (child of n seeds)
//! U(p) = max over moves m of  exitU(m)  or  −L(child)
//! ```
//!
//! where a move that captures (the child has fewer seeds) is an exit with
//! `exitL = gain − U(child)` and `exitU = gain − L(child)` from the databases below,
//! and a move that ends the game an exit with its final margin. They are what
//! iterating from `L = −n`, `U = +n` until nothing changes gives. `L ≤ exact ≤ U`
//! holds for the exact value of the position when it is the whole history (as it is
//! right after a capture, where rule 6's history starts afresh); where `L = U` the
//! value is exact. See `docs/solving.md` ("Games with cycles") for the proof and the
//! stored value `V = clamp(s, L, U)`.
//!
//! The build makes one pass over the boards that plays every move and resolves the
//! exits from the databases below. Then, two ways ([`Children`]):
//!
//! - [`Children::Stored`]: the pass keeps every link from a board to a child of as
//!   many seeds, turned round (each board's parents), and the bounds are settled by
//!   levels, from `n` down, each `L` and `U` once, passing it to the parents
//!   (`levels.rs`): the work is twice the links, not the iterations times the boards.
//! - [`Children::Replayed`], where the links would take more than
//!   [`Children::STORED_LIMIT`]: the equations are iterated in rank order on all cores
//!   (in place: a value read from another thread may be one iteration old, which only
//!   delays the fixed point, since `L` only rises and `U` only falls), over the boards
//!   still unresolved, each board's moves played again, until an iteration changes
//!   nothing. For a game that says how it sows ([`SolveGame::sowing`]: Urim, Oware)
//!   the iteration keeps a worklist: after the first, only the boards marked as
//!   parents ([`unsow`](crate::unsow)) of a board whose change can move their bounds
//!   are evaluated again, the others keep theirs.
//!
//! Both give the same bytes (a test builds every table both ways).

use std::sync::atomic::{AtomicU16, AtomicU64, Ordering};

use mancala_core::{ArrayVec, Position};
use rayon::prelude::*;

use crate::build::{CheckReport, bar};
use crate::db::Databases;
use crate::game::{SolveGame, WordMoves};
use crate::rank::{MAX_PITS, Ranker};
use crate::unsow::{Sowing, unsow};
use crate::{ABSENT, SolveError};

/// Boards a thread takes at a time.
pub(crate) const CHUNK: usize = 1 << 14;
/// The most moves a position has here.
const MAX_MOVES: usize = 16;
/// A child that the same side moves again (its value is added, not negated): the bit
/// set in [`Kid::Same`]'s rank.
pub const AGAIN: u32 = 1 << 31;

/// The value kept for a board with bounds `l`, `u`: `clamp(s, l, u)`, where `s` is
/// the margin if the game ended at this board with each player taking the seeds in
/// their own row (Urim's rule 6): the mover's seeds minus the opponent's. `board` is
/// in pairs (the mover's pit `a`, the opponent's `a`, …).
///
/// ```
/// use mancala_solve::retro::stored_value;
/// assert_eq!(stored_value(-2, 4, &[3, 0, 0, 1]), 2); // s = 3 - 1
/// assert_eq!(stored_value(-2, 0, &[3, 0, 0, 1]), 0); // clamped to U
/// ```
#[must_use]
pub fn stored_value(l: i8, u: i8, board: &[u8]) -> i8 {
    let s: i32 = board
        .chunks_exact(2)
        .map(|p| i32::from(p[0]) - i32::from(p[1]))
        .sum();
    s.clamp(i32::from(l), i32::from(u)) as i8
}

/// A move's child, as the equations see it ([`children`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kid {
    /// The game ended: the final margin from the parent's mover, less its stores.
    End(i32),
    /// A child of as many seeds: its rank, [`AGAIN`] set if the same side moves
    /// again.
    Same(u32),
    /// A child of fewer seeds: its seeds and rank, what the move gained the parent's
    /// mover, and whether the same side moves again.
    Below {
        /// The child's seeds.
        seeds: u32,
        /// The child's rank.
        rank: u64,
        /// What the move gained the parent's mover.
        gain: i32,
        /// Whether the same side moves again.
        again: bool,
    },
}

/// Plays every move of `pos` (a board of `seeds` seeds, its stores' margin
/// `stores`) and gives each child to `each`: the one expansion of a board that the
/// builds share (here, and the distributed build of `mancala-distributed`).
///
/// # Errors
/// [`SolveError::SeedsRose`] if a move puts seeds on the board; a child of as many
/// seeds whose rank does not fit 31 bits ([`SolveError::TableSize`]); those of the
/// game's [`terminal`](SolveGame::terminal) and of `each`.
pub fn children<G: SolveGame>(
    game: &G,
    ranker: &Ranker,
    seeds: u32,
    pos: &G::Pos,
    stores: i32,
    mut each: impl FnMut(Kid) -> Result<(), SolveError>,
) -> Result<(), SolveError> {
    let p = ranker.pits();
    let words = ranker.words();
    let mover = pos.side_to_move();
    let mut board = [0u8; MAX_PITS];
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let word = game.view_word(&child);
        let cs = match word {
            Some((_, cs)) => cs,
            None => game.view(&child, &mut board[..p]),
        };
        let again = child.side_to_move() == mover;
        let gain = if again { cs } else { -cs } - stores;
        if let Some(t) = game.terminal(&child, cs)? {
            each(Kid::End(gain + if again { t } else { -t }))?;
            continue;
        }
        let ranked = match word {
            Some((w, _)) => words.rank(w),
            None => ranker.rank_seeds(&board[..p]),
        };
        each(kid_of(seeds, ranked, gain, again)?)?;
    }
    Ok(())
}

/// The child that goes on, of `ranked` (its rank, if it has one, and its seeds), of a
/// board of `seeds` seeds: [`Kid::Same`] or [`Kid::Below`].
///
/// # Errors
/// [`SolveError::SeedsRose`] if the child has more seeds; a child of as many seeds
/// whose rank does not fit 31 bits ([`SolveError::TableSize`]).
#[inline]
fn kid_of(
    seeds: u32,
    ranked: (Option<u64>, u32),
    gain: i32,
    again: bool,
) -> Result<Kid, SolveError> {
    let rank = match ranked {
        (Some(rank), cseeds) if cseeds <= seeds => rank,
        (_, cseeds) => {
            return Err(SolveError::SeedsRose {
                seeds,
                child: cseeds,
            });
        }
    };
    let cseeds = ranked.1;
    if cseeds == seeds {
        let r = u32::try_from(rank).map_err(|_| SolveError::TableSize {
            seeds,
            found: rank,
            expected: u64::from(AGAIN),
        })?;
        Ok(Kid::Same(r | if again { AGAIN } else { 0 }))
    } else {
        Ok(Kid::Below {
            seeds: cseeds,
            rank,
            gain,
            again,
        })
    }
}

/// The bounds `(L, U)` a move gives its mover, from the child's bounds `cl`, `cu`:
/// what the move gained, plus the child's bounds if the same side moves again, minus
/// them turned round if the turn passed.
///
/// ```
/// use mancala_solve::retro::through;
/// assert_eq!(through(2, false, -1, 3), (-1, 3)); // 2 − 3, 2 − (−1)
/// assert_eq!(through(2, true, -1, 3), (1, 5));
/// ```
#[inline]
#[must_use]
pub fn through(gain: i32, again: bool, cl: i32, cu: i32) -> (i32, i32) {
    if again {
        (gain + cl, gain + cu)
    } else {
        (gain - cu, gain - cl)
    }
}

/// What playing every move of one board gives.
#[doc(hidden)]
pub struct Expanded {
    /// The best exit for `L` and for `U` (`i32::MIN` if none).
    pub(crate) exit_l: i32,
    pub(crate) exit_u: i32,
    /// The children with as many seeds: their ranks, [`AGAIN`] set if the same side
    /// moves again.
    pub(crate) kids: ArrayVec<u32, MAX_MOVES>,
}

impl Expanded {
    fn new() -> Expanded {
        Expanded {
            exit_l: i32::MIN,
            exit_u: i32::MIN,
            kids: ArrayVec::new(),
        }
    }

    /// Takes the child `kid` in: an end or a child of fewer seeds (its bounds read
    /// from `dbs`) is an exit, a child of as many seeds is kept.
    #[inline]
    fn add(&mut self, dbs: &Databases, kid: Kid) -> Result<(), SolveError> {
        match kid {
            Kid::End(t) => {
                self.exit_l = self.exit_l.max(t);
                self.exit_u = self.exit_u.max(t);
            }
            Kid::Same(r) => self
                .kids
                .try_push(r)
                .map_err(|_| SolveError::TooManyMoves)?,
            Kid::Below {
                seeds: cseeds,
                rank,
                gain,
                again,
            } => {
                let (cl, cu) = dbs.bounds(cseeds, rank).ok_or_else(|| {
                    if dbs.len() <= cseeds {
                        SolveError::Missing { seeds: cseeds }
                    } else {
                        SolveError::Absent {
                            seeds: cseeds,
                            rank,
                        }
                    }
                })?;
                let (l, u) = through(gain, again, i32::from(cl), i32::from(cu));
                self.exit_l = self.exit_l.max(l);
                self.exit_u = self.exit_u.max(u);
            }
        }
        Ok(())
    }

    /// Every move taken in: [`SolveError::NoMoves`] if there was none.
    fn done(self) -> Result<Expanded, SolveError> {
        if self.exit_l == i32::MIN && self.kids.is_empty() {
            return Err(SolveError::NoMoves);
        }
        Ok(self)
    }

    /// The board as the first pass finds it.
    fn first(self) -> First {
        if self.kids.is_empty() {
            First::Fixed(self.exit_l, self.exit_u)
        } else {
            First::Cyclic(self)
        }
    }
}

/// Plays every move of `pos` (a board of `seeds` seeds, its stores' margin
/// `stores`) and resolves the exits from the databases below.
pub(crate) fn expand<G: SolveGame>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    pos: &G::Pos,
    stores: i32,
) -> Result<Expanded, SolveError> {
    let mut e = Expanded::new();
    children(game, dbs.ranker(), seeds, pos, stores, |kid| {
        e.add(dbs, kid)
    })?;
    e.done()
}

/// A board as the first pass of the build finds it ([`firsts`]).
#[doc(hidden)]
pub enum First {
    /// Its bounds are known: `(ABSENT, ABSENT)` for a board the rules do not have,
    /// the final margin twice for a game over, the exits for a board without children
    /// of as many seeds.
    Fixed(i32, i32),
    /// It has children of as many seeds: its moves played.
    Cyclic(Expanded),
}

/// The boards of ranks `start..start + count` (of `seeds` seeds) in the first pass,
/// each given to `put` with its offset: made positions, their moves played and the
/// exits resolved from the databases below; on boards in one word
/// ([`WordMoves`]) when the game has them.
pub(crate) fn firsts<G: SolveGame>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    start: usize,
    count: usize,
    mut put: impl FnMut(usize, First) -> Result<(), SolveError>,
) -> Result<(), SolveError> {
    let ranker = dbs.ranker();
    let p = ranker.pits();
    if let Some(moves) = game.word_moves().filter(|_| p <= 16) {
        return moves.first_range(dbs, seeds, start, count, &mut put);
    }
    let absent = i32::from(ABSENT);
    let mut board = [0u8; MAX_PITS];
    ranker.unrank(seeds, start as u64, &mut board[..p])?;
    for i in 0..count {
        let f = match game.position(&board[..p]) {
            None => First::Fixed(absent, absent),
            Some(pos) => {
                let st = match game.view_word(&pos) {
                    Some((_, st)) => st,
                    None => game.view(&pos, &mut [0; MAX_PITS][..p]),
                };
                match game.terminal(&pos, st)? {
                    Some(t) => First::Fixed(t, t),
                    None => expand(game, dbs, seeds, &pos, st)?.first(),
                }
            }
        };
        put(i, f)?;
        ranker.next(&mut board[..p]);
    }
    Ok(())
}

/// [`firsts`] on boards in one word, with `moves` ([`WordMoves::first_range`]).
pub(crate) fn first_words<W: WordMoves + ?Sized>(
    moves: &W,
    dbs: &Databases,
    seeds: u32,
    start: usize,
    count: usize,
    put: &mut dyn FnMut(usize, First) -> Result<(), SolveError>,
) -> Result<(), SolveError> {
    let ranker = dbs.ranker();
    let p = ranker.pits();
    let words = ranker.words();
    let absent = i32::from(ABSENT);
    let mut board = [0u8; MAX_PITS];
    ranker.unrank(seeds, start as u64, &mut board[..p])?;
    for i in 0..count {
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(&board[..16]);
        let b = u128::from_le_bytes(bytes);
        let f = if !moves.exists(b) {
            First::Fixed(absent, absent)
        } else if let Some(t) = moves.over(b) {
            First::Fixed(t, t)
        } else {
            let mut e = Expanded::new();
            let mut legal = moves.legal(b);
            while legal != 0 {
                let pit = legal.trailing_zeros() as usize;
                legal &= legal - 1;
                let k = moves.play(b, pit);
                let kid = match moves.over(k.board) {
                    Some(t) => Kid::End(k.gain + if k.again { t } else { -t }),
                    None => kid_of(seeds, words.rank(k.board), k.gain, k.again)?,
                };
                e.add(dbs, kid)?;
            }
            e.done()?.first()
        };
        put(i, f)?;
        ranker.next(&mut board[..p]);
    }
    Ok(())
}

/// The children of as many seeds of `pos` (as [`expand`] keeps them), replayed.
fn same_kids<G: SolveGame>(
    game: &G,
    ranker: &Ranker,
    seeds: u32,
    pos: &G::Pos,
    stores: i32,
) -> Result<ArrayVec<u32, MAX_MOVES>, SolveError> {
    let mut kids = ArrayVec::new();
    children(game, ranker, seeds, pos, stores, |kid| {
        if let Kid::Same(r) = kid {
            kids.try_push(r).map_err(|_| SolveError::TooManyMoves)?;
        }
        Ok(())
    })?;
    Ok(kids)
}

#[inline]
pub(crate) fn pack(l: i32, u: i32) -> u16 {
    u16::from_le_bytes([l as i8 as u8, u as i8 as u8])
}

#[inline]
pub(crate) fn unpack(v: u16) -> (i32, i32) {
    let [l, u] = v.to_le_bytes();
    (i32::from(l as i8), i32::from(u as i8))
}

/// One step of the equations at a board: its exits and its children's bounds.
#[inline]
fn step(exit_l: i32, exit_u: i32, kids: &[u32], vals: &[AtomicU16]) -> (i32, i32) {
    let (mut l, mut u) = (exit_l, exit_u);
    for &k in kids {
        let (cl, cu) = unpack(vals[(k & !AGAIN) as usize].load(Ordering::Relaxed));
        if k & AGAIN != 0 {
            l = l.max(cl);
            u = u.max(cu);
        } else {
            l = l.max(-cu);
            u = u.max(-cl);
        }
    }
    (l, u)
}

/// How the build finds the links between boards of as many seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Children {
    /// Kept from the first pass, turned round (each board's parents), and the bounds
    /// settled by levels: fast, but up to 49 bytes a board at the peak of the build
    /// ([`Children::bytes_per_board`]: the links twice, while they are sorted, with
    /// each board's bounds, exits and state; nearly every Urim board has such
    /// children).
    Stored,
    /// Found again by playing the board's moves in every iteration: slower, but
    /// about 5 bytes a board ([`Children::bytes_per_board`]: its bounds, its exits and
    /// the worklist's bits), so that the databases of up to 28 seeds fit in 24 GiB.
    Replayed,
}

impl Children {
    /// The memory the build may give the stored links: 14 GiB (Urim's 23 seeds, 286 M
    /// boards, fit: 12.0 GB measured).
    pub const STORED_LIMIT: u64 = 14 << 30;

    /// The bytes a board takes during the build with `self` (the upper end: for
    /// [`Stored`](Children::Stored), measured at the peak, the lower databases mapped
    /// included: 36.7 a board at Urim's 18 seeds, 41.9 at 23; the 49 is from before a
    /// link took 4 bytes instead of 6, kept as the margin, and it sends no Urim table
    /// of 2×6 the other way).
    #[must_use]
    pub fn bytes_per_board(self) -> u64 {
        match self {
            Children::Stored => 49,
            Children::Replayed => 5,
        }
    }

    /// [`Stored`](Children::Stored) if a table of `boards` boards keeps its children
    /// within [`STORED_LIMIT`](Children::STORED_LIMIT), else
    /// [`Replayed`](Children::Replayed).
    #[must_use]
    pub fn for_boards(boards: u64) -> Children {
        if boards.saturating_mul(Children::Stored.bytes_per_board()) <= Children::STORED_LIMIT {
            Children::Stored
        } else {
            Children::Replayed
        }
    }
}

/// The worklist of an iteration with replayed children, for a game that un-sows
/// ([`SolveGame::sowing`]): bit sets over the boards' ranks.
struct Work<'a> {
    /// The boards to evaluate in this iteration (parents of a board that changed).
    dirty: &'a [AtomicU64],
    /// The boards to evaluate in the next one.
    next: &'a [AtomicU64],
    sowing: Sowing,
}

impl Work<'_> {
    fn is_dirty(&self, rank: usize) -> bool {
        self.dirty[rank / 64].load(Ordering::Relaxed) & (1 << (rank % 64)) != 0
    }

    /// Marks for the next iteration every board that may have `board` as a child
    /// and whose bounds its change from `old` to `new` may move (the sides alternate,
    /// so a parent's `L` takes `−U` of the child and its `U` takes `−L`): if the
    /// child's `L` rose, every parent (its `U` may fall); if only the child's `U` fell,
    /// the parents whose `L` the child's new `−U` passes. `L` only rises, so a parent
    /// whose `L` already reaches `−U` never needs it; and a parent's `L` read while
    /// another thread is raising it is an older, lower one, which only marks more.
    /// (The same test on `U` would not be safe: an older `U` read is higher, and could
    /// hide a parent that the other thread is lowering from the child's old `L`.)
    fn mark_parents(
        &self,
        ranker: &Ranker,
        board: &[u8],
        vals: &[AtomicU16],
        old: (i32, i32),
        new: (i32, i32),
    ) {
        let n = vals.len();
        unsow(board, self.sowing, |parent| {
            let r = ranker.rank(parent) as usize;
            if r >= n {
                return;
            }
            let u_may_fall = new.0 > old.0;
            let l_may_rise = || new.1 < old.1 && -new.1 > unpack(vals[r].load(Ordering::Relaxed)).0;
            if u_may_fall || l_may_rise() {
                self.next[r / 64].fetch_or(1 << (r % 64), Ordering::Relaxed);
            }
        });
    }
}

/// The boards of one chunk still to iterate (with replayed children): marked in a bit
/// set over the chunk's boards (from rank `start`), with their exits (`pack`ed) in
/// rank order.
struct Chunk {
    start: usize,
    bits: Vec<u64>,
    exits: Vec<u16>,
}

impl Chunk {
    fn new(start: usize) -> Chunk {
        Chunk {
            start,
            bits: vec![0; CHUNK / 64],
            exits: Vec::new(),
        }
    }

    /// Adds the board of rank `rank` with its exits.
    fn add(&mut self, rank: usize, exit_l: i32, exit_u: i32) {
        let i = rank - self.start;
        self.bits[i / 64] |= 1 << (i % 64);
        self.exits.push(pack(exit_l, exit_u));
    }

    fn len(&self) -> usize {
        self.exits.len()
    }

    /// One iteration of the equations over the chunk's boards, in rank order; drops
    /// the boards that get resolved. Returns how many boards changed and how many
    /// were evaluated. With `work`, only the boards it marks dirty are evaluated (the
    /// others keep their bounds: none of their children changed), and the parents of
    /// those that change are marked for the next iteration.
    fn iterate<G: SolveGame>(
        &mut self,
        game: &G,
        ranker: &Ranker,
        seeds: u32,
        vals: &[AtomicU16],
        work: Option<&Work>,
    ) -> Result<(u64, u64), SolveError> {
        let (mut changed, mut evaluated) = (0u64, 0u64);
        let Chunk { start, bits, exits } = self;
        let p = ranker.pits();
        let mut board = [0u8; MAX_PITS];
        let mut at = *start;
        ranker.unrank(seeds, at as u64, &mut board[..p])?;
        let (mut read, mut kept) = (0, 0);
        for (w, bits) in bits.iter_mut().enumerate() {
            let mut word = *bits;
            while word != 0 {
                let i = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                if work.is_some_and(|w| !w.is_dirty(*start + i)) {
                    exits[kept] = exits[read];
                    read += 1;
                    kept += 1;
                    continue;
                }
                if *start + i - at > 64 {
                    at = *start + i;
                    ranker.unrank(seeds, at as u64, &mut board[..p])?;
                }
                while at < *start + i {
                    ranker.next(&mut board[..p]);
                    at += 1;
                }
                let pos = game.position(&board[..p]).ok_or(SolveError::Absent {
                    seeds,
                    rank: at as u64,
                })?;
                let stores = game.view(&pos, &mut [0; MAX_PITS][..p]);
                let kids = same_kids(game, ranker, seeds, &pos, stores)?;
                let (el, eu) = unpack(exits[read]);
                read += 1;
                // The board's exits and children give new bounds, kept monotone (a
                // child's bounds read from another thread may be older: L only
                // rises, U only falls).
                let cell = &vals[at];
                evaluated += 1;
                let (l, u) = unpack(cell.load(Ordering::Relaxed));
                let (nl, nu) = step(el, eu, &kids, vals);
                let (nl, nu) = (nl.max(l), nu.min(u));
                if (nl, nu) != (l, u) {
                    cell.store(pack(nl, nu), Ordering::Relaxed);
                    changed += 1;
                    if let Some(w) = work {
                        w.mark_parents(ranker, &board[..p], vals, (l, u), (nl, nu));
                    }
                }
                if nl < nu {
                    exits[kept] = exits[read - 1];
                    kept += 1;
                } else {
                    *bits &= !(1 << (i % 64));
                }
            }
        }
        exits.truncate(kept);
        Ok((changed, evaluated))
    }
}

/// What building one database of bounds did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RetroStats {
    /// With replayed children, iterations of the equations until nothing changed (the
    /// last changed nothing); with stored ones, rounds of settling (a round passes on
    /// to the parents what the one before settled, the first of each level what its
    /// exits settle).
    pub iterations: u32,
    /// Boards with children of the same seed count (those iterated or settled by
    /// levels).
    pub cyclic: u64,
    /// Boards left with `L < U` (because of a cycle, or of an exit to a board below
    /// whose bounds differ).
    pub unresolved: u64,
    /// How the build found the children.
    pub children: Option<Children>,
    /// With replayed children, boards evaluated over all the iterations (with the
    /// worklist, only the marked ones); with stored ones, the `L`s and `U`s settled
    /// above `−n` (each once).
    pub evaluated: u64,
    /// The iteration from which the worklist chose the boards to evaluate (it marks
    /// from the one before); 0 if every iteration evaluated every board left (and
    /// with stored children).
    pub worklist_from: u32,
}

/// Computes the database of `seeds` seeds of a game with cycles ([`SolveGame::cycles`]):
/// the bounds `(L, U)` of every board, two bytes per board in rank order (both
/// [`ABSENT`] for a board the rules do not have). The databases of fewer seeds must
/// be in `dbs`. Shows progress bars if `progress`. The children are stored if they
/// fit in [`Children::STORED_LIMIT`], else replayed ([`Children::for_boards`]).
///
/// # Errors
/// [`SolveError::Order`] if `dbs` does not hold exactly the seed counts below;
/// [`SolveError::TableSize`] above `2^31` boards; those of a child that cannot be
/// looked up.
pub fn solve_table<G: SolveGame>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    progress: bool,
) -> Result<(Vec<u8>, RetroStats), SolveError> {
    let children = Children::for_boards(dbs.ranker().count(seeds));
    solve_table_with(game, dbs, seeds, children, progress)
}

/// The boards of the table of `seeds` seeds that `dbs` is ready for: `dbs` must hold
/// exactly the seed counts below, and the table at most `2^31` boards of at most 126
/// seeds (a rank with [`AGAIN`], a bound in an `i8`).
pub(crate) fn table_boards(dbs: &Databases, seeds: u32) -> Result<usize, SolveError> {
    if dbs.len() != seeds {
        return Err(SolveError::Order {
            have: dbs.len(),
            want: seeds,
        });
    }
    let count = dbs.ranker().count(seeds);
    if count >= u64::from(AGAIN) || seeds > 126 {
        return Err(SolveError::TableSize {
            seeds,
            found: count,
            expected: u64::from(AGAIN),
        });
    }
    Ok(count as usize)
}

/// [`solve_table`] with the children kept as `children` says. Both ways give the
/// same bounds.
///
/// # Errors
/// Those of [`solve_table`].
pub fn solve_table_with<G: SolveGame>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    children: Children,
    progress: bool,
) -> Result<(Vec<u8>, RetroStats), SolveError> {
    if children == Children::Stored {
        return crate::levels::solve(game, dbs, seeds, progress);
    }
    let n = table_boards(dbs, seeds)?;
    let ranker = dbs.ranker();
    let s = seeds as i32;
    let vals: Vec<AtomicU16> = (0..n).into_par_iter().map(|_| AtomicU16::new(0)).collect();
    let pb = bar(
        n as u64,
        format!("{} {seeds:>2} seeds, moves", game.name()),
        progress,
    );
    let mut chunks: Vec<Chunk> = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| -> Result<Chunk, SolveError> {
            let start = c * CHUNK;
            let end = n.min(start + CHUNK);
            let mut chunk = Chunk::new(start);
            firsts(game, dbs, seeds, start, end - start, |i, f| {
                let v = match f {
                    First::Fixed(l, u) => pack(l, u),
                    First::Cyclic(e) => {
                        let (el, eu) = (e.exit_l.max(-s), e.exit_u.max(-s));
                        chunk.add(start + i, el, eu);
                        pack(el, s)
                    }
                };
                vals[start + i].store(v, Ordering::Relaxed);
                Ok(())
            })?;
            pb.inc((end - start) as u64);
            Ok(chunk)
        })
        .collect::<Result<_, _>>()?;
    pb.finish_and_clear();
    let cyclic: u64 = chunks.iter().map(|c| c.len() as u64).sum();
    // The worklist: every board is dirty in the first iteration.
    let sowing = game.sowing();
    let words = if sowing.is_some() { n.div_ceil(64) } else { 0 };
    let mut dirty: Vec<AtomicU64> = (0..words)
        .into_par_iter()
        .map(|_| AtomicU64::new(u64::MAX))
        .collect();
    let mut next: Vec<AtomicU64> = (0..words)
        .into_par_iter()
        .map(|_| AtomicU64::new(0))
        .collect();
    let mut stats = RetroStats {
        cyclic,
        children: Some(children),
        ..RetroStats::default()
    };
    loop {
        stats.iterations += 1;
        let left: u64 = chunks.iter().map(|c| c.len() as u64).sum();
        let pb = bar(
            left,
            format!(
                "{} {seeds:>2} seeds, iteration {}",
                game.name(),
                stats.iterations
            ),
            progress,
        );
        // Evaluating a board is slow (its moves are played again): every board in
        // the first iteration (`dirty` is all ones), then only the parents of those
        // that changed.
        let work = sowing.map(|sowing| Work {
            dirty: &dirty,
            next: &next,
            sowing,
        });
        if work.is_some() && stats.worklist_from == 0 {
            stats.worklist_from = stats.iterations + 1;
        }
        let (changed, evaluated) = chunks
            .par_iter_mut()
            .map(|chunk| {
                let before = chunk.len() as u64;
                let ch = chunk.iterate(game, ranker, seeds, &vals, work.as_ref());
                pb.inc(before);
                ch
            })
            .try_reduce(|| (0, 0), |a, b| Ok((a.0 + b.0, a.1 + b.1)))?;
        pb.finish_and_clear();
        stats.evaluated += evaluated;
        if changed == 0 {
            break;
        }
        if work.is_some() {
            std::mem::swap(&mut dirty, &mut next);
            next.par_iter().for_each(|w| w.store(0, Ordering::Relaxed));
        }
    }
    drop(chunks);
    if stats.worklist_from > stats.iterations {
        stats.worklist_from = 0;
    }
    let mut out = Vec::with_capacity(2 * n);
    for v in vals {
        let v = v.into_inner();
        let (l, u) = unpack(v);
        stats.unresolved += u64::from(l < u);
        out.extend_from_slice(&v.to_le_bytes());
    }
    Ok((out, stats))
}

/// Re-checks the database of bounds of `seeds` seeds in `dbs`: every board's `L` and
/// `U` must be what the equations give from its children (those of fewer seeds, and
/// those of as many seeds, read from the same database), `L ≤ U`, both within
/// `−seeds..=seeds`, and a board the rules do not have must be marked so. Counts the
/// boards left unresolved (`L < U`). The examples hold the rank, the stored bound and
/// the recomputed one (`L`'s if it differs, else `U`'s).
///
/// The check proves the stored bounds are *a* solution of the equations; that they
/// are the least and greatest one (rather than another solution along a cycle) is
/// what the build's iteration from `−n` and `+n` gives.
///
/// # Errors
/// [`SolveError::Missing`] if `dbs` has no database of `seeds` seeds; a child whose
/// bounds are missing.
pub fn check_table<G: SolveGame>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
) -> Result<CheckReport, SolveError> {
    let table = dbs.table(seeds).ok_or(SolveError::Missing { seeds })?;
    let bytes = table.bytes();
    let ranker = dbs.ranker();
    let p = ranker.pits();
    let n = bytes.len() / 2;
    let s = seeds as i32;
    let at = |rank: usize| {
        (
            i32::from(bytes[2 * rank] as i8),
            i32::from(bytes[2 * rank + 1] as i8),
        )
    };
    let parts: Vec<CheckReport> = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| -> Result<CheckReport, SolveError> {
            let start = c * CHUNK;
            let end = n.min(start + CHUNK);
            let mut board = [0u8; MAX_PITS];
            ranker.unrank(seeds, start as u64, &mut board[..p])?;
            let mut r = CheckReport::default();
            for rank in start..end {
                let (l, u) = at(rank);
                let mut out_of_range = false;
                let want = match game.position(&board[..p]) {
                    None => (i32::from(ABSENT), i32::from(ABSENT)),
                    Some(pos) => {
                        match game.terminal(&pos, game.view(&pos, &mut [0; MAX_PITS][..p]))? {
                            Some(t) => (t, t),
                            None => {
                                out_of_range = l < -s || u > s || l > u;
                                let st = game.view(&pos, &mut [0; MAX_PITS][..p]);
                                let e = expand(game, dbs, seeds, &pos, st)?;
                                let (mut wl, mut wu) = (e.exit_l, e.exit_u);
                                for &k in &e.kids {
                                    let (cl, cu) = at((k & !AGAIN) as usize);
                                    if k & AGAIN != 0 {
                                        wl = wl.max(cl);
                                        wu = wu.max(cu);
                                    } else {
                                        wl = wl.max(-cu);
                                        wu = wu.max(-cl);
                                    }
                                }
                                (wl, wu)
                            }
                        }
                    }
                };
                if out_of_range || (l, u) != want {
                    r.wrong += 1;
                    if r.examples.len() < 8 {
                        let e = if l != want.0 || u == want.1 {
                            (rank as u64, l as i8, want.0)
                        } else {
                            (rank as u64, u as i8, want.1)
                        };
                        r.examples.push(e);
                    }
                } else if l < u {
                    r.unresolved += 1;
                    r.gap += (u - l) as u64;
                }
                ranker.next(&mut board[..p]);
            }
            r.boards = (end - start) as u64;
            Ok(r)
        })
        .collect::<Result<_, _>>()?;
    Ok(CheckReport::merge(seeds, parts))
}
