//! The equations of the bounds at one board, and the first pass over a table that sets
//! them up: what the two ways of solving a table ([`levels`](super::levels) with the
//! children stored, [`iterate`](super::iterate) with them replayed), the check and the
//! distributed build share (see [`retro`](super)).

use core::fmt;

use mancala_core::{ArrayVec, Position};

use crate::db::{ABSENT, Databases};
use crate::error::SolveError;
use crate::game::{Solvable, WordMoves};
use crate::rank::{MAX_PITS, Ranker};

/// Boards a thread takes at a time.
pub(crate) const CHUNK: usize = 1 << 14;
/// The most moves a position has here.
pub(crate) const MAX_MOVES: usize = 16;
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
    /// A child of as many seeds: its rank (any table's, in 64 bits), and whether the
    /// same side moves again.
    Same {
        /// The child's rank.
        rank: u64,
        /// Whether the same side moves again.
        again: bool,
    },
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
/// [`SolveError::SeedsRose`] if a move puts seeds on the board; those of the game's
/// [`terminal`](Solvable::terminal) and of `each`.
pub fn children<G: Solvable>(
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
/// [`SolveError::SeedsRose`] if the child has more seeds.
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
        Ok(Kid::Same { rank, again })
    } else {
        Ok(Kid::Below {
            seeds: cseeds,
            rank,
            gain,
            again,
        })
    }
}

/// A child of as many seeds in 32 bits, as the builds of one machine keep them: its
/// rank with [`AGAIN`] set if the same side moves again.
///
/// # Errors
/// [`SolveError::TableSize`] if the rank does not fit 31 bits.
#[inline]
pub(crate) fn packed_kid(seeds: u32, rank: u64, again: bool) -> Result<u32, SolveError> {
    let r = u32::try_from(rank)
        .ok()
        .filter(|&r| r < AGAIN)
        .ok_or(SolveError::TableSize {
            seeds,
            found: rank,
            expected: u64::from(AGAIN),
        })?;
    Ok(r | if again { AGAIN } else { 0 })
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
pub(crate) struct Expanded {
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

    /// Takes the child `kid` of a board of `seeds` seeds in: an end or a child of
    /// fewer seeds (its bounds read from `dbs`) is an exit, a child of as many seeds
    /// is kept.
    #[inline]
    fn add(&mut self, dbs: &Databases, seeds: u32, kid: Kid) -> Result<(), SolveError> {
        match kid {
            Kid::End(t) => {
                self.exit_l = self.exit_l.max(t);
                self.exit_u = self.exit_u.max(t);
            }
            Kid::Same { rank, again } => self
                .kids
                .try_push(packed_kid(seeds, rank, again)?)
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
pub(crate) fn expand<G: Solvable>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    pos: &G::Pos,
    stores: i32,
) -> Result<Expanded, SolveError> {
    let mut e = Expanded::new();
    children(game, dbs.ranker(), seeds, pos, stores, |kid| {
        e.add(dbs, seeds, kid)
    })?;
    e.done()
}

/// A board as the first pass of the build finds it ([`firsts`]).
pub(crate) enum First {
    /// Its bounds are known: `(ABSENT, ABSENT)` for a board the rules do not have,
    /// the final margin twice for a game over, the exits for a board without children
    /// of as many seeds.
    Fixed(i32, i32),
    /// It has children of as many seeds: its moves played.
    Cyclic(Expanded),
}

/// What a board is, as [`board_children`] finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    /// The rules have no such board.
    Absent,
    /// The game is over: what is still to come to the mover (the final margin, the
    /// stores left out).
    Over(i32),
    /// The game goes on: its children were given.
    Playing,
}

/// Plays every move of `board` (of `seeds` seeds, the pits in pairs as
/// [`Solvable`]'s boards are) and gives each child to `each`: on the board in one word
/// ([`WordMoves`]) when the game has such moves, else through its position
/// ([`children`]). The first pass of every build of a game with cycles, on one machine
/// or on a block of ranks (the distributed build).
///
/// # Errors
/// Those of [`children`].
#[inline]
pub fn board_children<G: Solvable>(
    game: &G,
    ranker: &Ranker,
    seeds: u32,
    board: &[u8],
    mut each: impl FnMut(Kid) -> Result<(), SolveError>,
) -> Result<Board, SolveError> {
    let p = ranker.pits();
    if let Some(moves) = game.word_moves().filter(|_| p <= 16) {
        let mut bytes = [0u8; 16];
        bytes[..p].copy_from_slice(&board[..p]);
        let b = u128::from_le_bytes(bytes);
        if !moves.exists(b) {
            return Ok(Board::Absent);
        }
        if let Some(t) = moves.over(b) {
            return Ok(Board::Over(t));
        }
        let words = ranker.words();
        let mut legal = moves.legal(b);
        while legal != 0 {
            let pit = legal.trailing_zeros() as usize;
            legal &= legal - 1;
            let k = moves.play(b, pit);
            each(match moves.over(k.board) {
                Some(t) => Kid::End(k.gain + if k.again { t } else { -t }),
                None => kid_of(seeds, words.rank(k.board), k.gain, k.again)?,
            })?;
        }
        return Ok(Board::Playing);
    }
    let Some(pos) = game.position(board) else {
        return Ok(Board::Absent);
    };
    let st = match game.view_word(&pos) {
        Some((_, st)) => st,
        None => game.view(&pos, &mut [0; MAX_PITS][..p]),
    };
    if let Some(t) = game.terminal(&pos, st)? {
        return Ok(Board::Over(t));
    }
    children(game, ranker, seeds, &pos, st, each)?;
    Ok(Board::Playing)
}

/// The boards of ranks `start..start + count` (of `seeds` seeds) in the first pass,
/// each given to `put` with its offset: their moves played ([`board_children`]) and
/// the exits resolved from the databases below.
pub(crate) fn firsts<G: Solvable>(
    game: &G,
    dbs: &Databases,
    seeds: u32,
    start: usize,
    count: usize,
    mut put: impl FnMut(usize, First) -> Result<(), SolveError>,
) -> Result<(), SolveError> {
    let ranker = dbs.ranker();
    let p = ranker.pits();
    let absent = i32::from(ABSENT);
    let mut board = [0u8; MAX_PITS];
    ranker.unrank(seeds, start as u64, &mut board[..p])?;
    for i in 0..count {
        let mut e = Expanded::new();
        let f = match board_children(game, ranker, seeds, &board[..p], |kid| {
            e.add(dbs, seeds, kid)
        })? {
            Board::Absent => First::Fixed(absent, absent),
            Board::Over(t) => First::Fixed(t, t),
            Board::Playing => e.done()?.first(),
        };
        put(i, f)?;
        ranker.next(&mut board[..p]);
    }
    Ok(())
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

/// `stored` or `replayed`.
impl fmt::Display for Children {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Children::Stored => "stored",
            Children::Replayed => "replayed",
        })
    }
}

/// `stored` or `replayed`, as [`Children`]'s `Display` writes them.
///
/// ```
/// use mancala_solve::retro::Children;
/// assert_eq!("replayed".parse::<Children>()?, Children::Replayed);
/// assert_eq!(Children::Stored.to_string().parse::<Children>()?, Children::Stored);
/// assert!("kept".parse::<Children>().is_err());
/// # Ok::<(), mancala_solve::SolveError>(())
/// ```
impl core::str::FromStr for Children {
    type Err = SolveError;

    fn from_str(s: &str) -> Result<Children, SolveError> {
        match s {
            "stored" => Ok(Children::Stored),
            "replayed" => Ok(Children::Replayed),
            _ => Err(SolveError::Children {
                found: s.to_string(),
            }),
        }
    }
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

/// The rows' split of `board` (pairs: the mover's pit, the opponent's), from the
/// mover's side: the score of Urim's rule 6 that [`rows`](crate::rows) values
/// endless play by.
pub(crate) fn split(board: &[u8]) -> i32 {
    board
        .chunks_exact(2)
        .map(|p| i32::from(p[0]) - i32::from(p[1]))
        .sum()
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
