//! What the solver needs of a game ([`Solvable`]): its positions (any [`Position`]), a
//! way to make the position of a board, and the board of a position seen from the side
//! to move; and the kinds of game the searches rely on: [`Acyclic`] (no position comes
//! back), [`Alternating`] (the turn always passes) and [`Cyclic`] (positions come back,
//! and a repetition ends the game). These are the traits at the bottom of the crate:
//! the builds and the searches are written against them.
//!
//! The value the databases hold is defined through the [`Position`] trait alone: the
//! value of a position is the final margin (the mover's total minus the opponent's,
//! as the game's [`Outcome`] counts it) the mover can force,
//! minus the margin already in the stores. For Kalah it depends on the board only,
//! not on the stores, so one value serves every position with the same board.

use mancala_core::{ByPlayer, Outcome, Player, Position, Status};

use crate::error::SolveError;
use crate::unsow::Sowing;

/// A game the solver can solve: its boards, ranked into databases, and its positions,
/// proven with them.
///
/// A board is the pits of both sides as the mover sees them, in pairs: the mover's
/// pit `a` (from the mover's left), the opponent's pit `a` (from the opponent's left),
/// the mover's `b`, the opponent's `b`, …; `2 * pits_per_side()` numbers in all.
/// Pairing the two sides' pits this way keeps the rank of a board's children close
/// to each other's when the boards are walked in rank order (a move turns the board
/// round, which only swaps the two pits of each pair), so the databases are read
/// from the memory caches rather than from random places.
pub trait Solvable: Send + Sync {
    /// The game's position.
    type Pos: Position + Send + Sync;

    /// The game's moves on boards in one word ([`word_moves`](Solvable::word_moves));
    /// [`NoWords`] for a game that has none.
    type Words: WordMoves;

    /// The game's name in the database header (at most 16 bytes): `kalah`.
    fn name(&self) -> &'static str;

    /// The rule set the values hold under, in the database header (at most 64 bytes).
    fn variant(&self) -> String;

    /// Pits a side.
    fn pits_per_side(&self) -> usize;

    /// The position with `board` (the pits in pairs, see above), South to move, any
    /// stores the rules allow (the solver reads their margin with
    /// [`view`](Solvable::view) and takes it off); `None` if the rules have no such
    /// position.
    fn position(&self, board: &[u8]) -> Option<Self::Pos>;

    /// Writes `pos`'s board as its side to move sees it into `board` and returns the
    /// margin in the stores (the mover's store minus the opponent's).
    ///
    /// The provided version reads [`Position::board`]; a game may read its own
    /// fields faster.
    fn view(&self, pos: &Self::Pos, board: &mut [u8]) -> i32 {
        let b = pos.board();
        let m = self.pits_per_side();
        let mover = b.to_move;
        for (pair, (mine, theirs)) in board[..2 * m]
            .chunks_exact_mut(2)
            .zip(b.pits[mover].iter().zip(b.pits[mover.opponent()].iter()))
        {
            pair[0] = mine.unwrap_or(0);
            pair[1] = theirs.unwrap_or(0);
        }
        b.stores
            .map_or(0, |s| i32::from(s[mover]) - i32::from(s[mover.opponent()]))
    }

    /// [`view`](Solvable::view) as one word, for a game that holds its board in one:
    /// byte `i` of the word is what `view` writes at `i` (the bytes past the board 0),
    /// with the margin in the stores. The builds then rank the word
    /// ([`WordRanker`](crate::rank::WordRanker)) rather than the bytes. `None`
    /// (provided): the game has no such word, and the builds use `view`.
    #[inline]
    fn view_word(&self, _pos: &Self::Pos) -> Option<(u128, i32)> {
        None
    }

    /// The outcome of a game that ends with these `totals` (the game's own scoring:
    /// Urim's rule 7 gives 1 or 2 points). The provided version gives the winner, the
    /// player with more, 1 point (Kalah).
    fn score(&self, totals: ByPlayer<u16>) -> Outcome {
        let winner = match totals.south.cmp(&totals.north) {
            std::cmp::Ordering::Greater => Some(Player::South),
            std::cmp::Ordering::Less => Some(Player::North),
            std::cmp::Ordering::Equal => None,
        };
        Outcome::with_totals(winner, u8::from(winner.is_some()), totals)
    }

    /// Whether the move from `before` to `after` captured: the stores changed. In a
    /// game with cycles ([`cycles`](Solvable::cycles)) the history since the last
    /// capture starts afresh at such an `after`. The provided version compares
    /// [`Position::board`]'s stores; a game may read its own fields faster.
    fn captured(&self, before: &Self::Pos, after: &Self::Pos) -> bool {
        before.board().stores != after.board().stores
    }

    /// Whether positions with the same seeds on the board can repeat (a cycle of
    /// moves that capture nothing), so that the databases are built by retrograde
    /// analysis ([`retro`](crate::retro)) and hold two bounds per board (`L`, `U`;
    /// see `docs/solving-cycles.md`) rather than one value.
    fn cycles(&self) -> bool {
        false
    }

    /// How the moves that capture nothing sow, if they lift one pit of the mover and
    /// sow round both rows passing over the origin (and pits at a cap), the turn then
    /// passing: the retrograde analysis then un-sows ([`unsow`](crate::unsow)) to
    /// re-evaluate only the parents of the boards that changed. `None` (the provided
    /// version): every board is re-evaluated in every iteration.
    fn sowing(&self) -> Option<Sowing> {
        None
    }

    /// Whether a repetition ends the game with each player taking the seeds in their
    /// own row (Urim's rule 6, Oware's repetition), and every move passes the turn: the
    /// databases of bounds can then value endless play by the rows' split it keeps
    /// ([`Endless::Rows`](crate::file::Endless::Rows), tighter). The provided
    /// version: no.
    fn splits_rows(&self) -> bool {
        false
    }

    /// A number that a board shares with every board of as many seeds its moves reach
    /// (so with every board its children of as many seeds reach, and so on), if the
    /// game has one: a table's boards of different numbers never depend on each other,
    /// and a distributed build computes each number's boards on one worker, none
    /// waiting for another's. Small numbers (under 256). The provided version: `None`
    /// (one number for every board).
    fn component(&self, board: &[u8]) -> Option<u8> {
        let _ = board;
        None
    }

    /// Whether every seed on the board ends in a player's total, so that a board's
    /// value has the parity of its seeds (`own - opp` with `own + opp = seeds`); the
    /// proof search then moves its bounds in steps of two.
    fn seeds_decide_parity(&self) -> bool {
        false
    }

    /// The game's moves on whole boards in one word ([`WordMoves`]), if it has them:
    /// the database build then plays boards without making positions. `None` (the
    /// provided version): the build plays positions.
    fn word_moves(&self) -> Option<&Self::Words> {
        None
    }

    /// If the game is over at `pos`, what is still to come to the side to move: the
    /// final margin from its side minus `stores` (the margin in the stores, as
    /// [`view`](Solvable::view) returned it); `None` while the game goes on.
    ///
    /// # Errors
    /// [`SolveError::Annulled`] for an annulled game, [`SolveError::NoTotals`] for an
    /// outcome without seed totals.
    fn terminal(&self, pos: &Self::Pos, stores: i32) -> Result<Option<i32>, SolveError> {
        match pos.status() {
            Status::Ongoing => Ok(None),
            Status::Annulled => Err(SolveError::Annulled),
            Status::Over(o) => {
                let t = o.totals.ok_or(SolveError::NoTotals)?;
                let mover: Player = pos.side_to_move();
                Ok(Some(
                    i32::from(t[mover]) - i32::from(t[mover.opponent()]) - stores,
                ))
            }
        }
    }
}

/// A game in which no position can come back (every move sows seeds into a store or
/// captures, or the game is otherwise without cycles): the value of a position is
/// that of its board, whatever the history, so [`Prover`](crate::search::Prover)'s
/// table keyed by the board is exact. Kalah.
///
/// A game with cycles (Urim, Oware) is not `Acyclic`, and a prover for it does not
/// compile:
///
/// ```compile_fail,E0277
/// use mancala_solve::{db::Databases, search::Prover, urim::UrimGame};
/// let game = UrimGame::<6>::new();
/// let dbs = Databases::new(&game, 4).unwrap();
/// let prover = Prover::new(&game, &dbs, 10); // UrimGame<6>: Acyclic is not satisfied
/// ```
pub trait Acyclic: Solvable {}

/// A game whose every move passes the turn (no extra turns, no mid-turn decisions), as
/// [`HistoryProver`](crate::history::HistoryProver) needs: it reads a move's capture
/// from the stores, seen from the side that moved. Urim, Oware; not Kalah (a move that
/// ends in the store plays again).
///
/// ```compile_fail,E0277
/// use kalah::Rules;
/// use mancala_solve::{db::Databases, history::HistoryProver, kalah::KalahGame};
/// let game = KalahGame::new(Rules::with_pits(2));
/// let dbs = Databases::new(&game, 4).unwrap();
/// let prover = HistoryProver::new(game, &dbs, 10); // KalahGame: Alternating is not satisfied
/// ```
pub trait Alternating: Solvable {}

/// A game with cycles that a repetition ends: its value depends on the history since
/// the last capture, as the proof search with history
/// ([`HistoryProver`](crate::history::HistoryProver)) sees it. A move that takes seeds
/// off the board starts the history afresh, and a move that repeats a position of the
/// history ends the game, scored by [`repetition`](Cyclic::repetition). Urim (rule
/// 6), Oware. The search takes a move's capture from
/// the stores, so the game must have no extra turns ([`Alternating`]), as Urim and
/// Oware; a move that leaves the same side to move is refused
/// ([`SolveError::ExtraTurn`]).
pub trait Cyclic: Alternating {
    /// The final margin still to come to the side to move at `pos`, a position that
    /// repeats one since the last capture (the stores left out).
    fn repetition(&self, pos: &Self::Pos) -> i32;
}

/// The old name of [`Solvable`], kept for one release.
#[deprecated(note = "renamed `Solvable`")]
pub use self::Solvable as SolveGame;

/// A game's moves on a board held in one word: its pits in pairs, as
/// [`Solvable`]'s boards are, a pit a byte of a `u128` (board byte `k` in the word's
/// byte `k`, little-endian), for boards of at most 16 pits. The database builds use
/// them when the game has them ([`Solvable::word_moves`]): that of a game without
/// cycles for every board, that of a game with cycles in its first pass. They must
/// agree with the game's positions exactly (the build's re-check,
/// [`check_table`](crate::build::check_table), plays positions).
pub trait WordMoves: Sync {
    /// Whether `board` is one the rules have (the game's
    /// [`position`](Solvable::position) of it is `Some`); the provided version: every
    /// board is.
    #[inline]
    fn exists(&self, _board: u128) -> bool {
        true
    }

    /// If the game is over at `board`, what is still to come to its mover (the final
    /// margin, the stores left out); `None` while it goes on.
    fn over(&self, board: u128) -> Option<i32>;

    /// The legal moves of `board` (not over): bit `i` for the mover's pit `i`, the
    /// position's [`legal_moves`](Position::legal_moves) in the order of the bits.
    fn legal(&self, board: u128) -> u32;

    /// The move of the mover's pit `pit` of `board` (a legal one).
    fn play(&self, board: u128, pit: usize) -> WordChild;
}

/// What a move of a board in one word leads to ([`WordMoves::play`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WordChild {
    /// The board after the move, from its side to move.
    pub board: u128,
    /// What the move gained its mover: the change of the stores' margin.
    pub gain: i32,
    /// Whether the same side moves again.
    pub again: bool,
}

/// The [`WordMoves`] of a game that has none ([`Solvable::Words`]): no value of it
/// exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoWords {}

impl WordMoves for NoWords {
    fn over(&self, _board: u128) -> Option<i32> {
        match *self {}
    }

    fn legal(&self, _board: u128) -> u32 {
        match *self {}
    }

    fn play(&self, _board: u128, _pit: usize) -> WordChild {
        match *self {}
    }
}
