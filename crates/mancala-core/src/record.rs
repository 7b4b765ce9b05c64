//! Game records: a game with its history (feature `alloc`).
//!
//! [`Record`] is the one trait every game's record implements: start from a position,
//! play (checked and unchecked), take back, read the status including the endings
//! that only history shows. Two records implement it, and each game's `Game` type is
//! one of them:
//! - [`History`], for games with a repetition rule (Urim rule 6, Oware, the Rio Kadalis
//!   round record's rule 6): a move that brings back a position since the last capture
//!   ends the game as the game's [`Repetition`] scores it;
//! - [`Line`], for games whose rules need no history beyond the position (Omweso, whose
//!   endless moves annul the game in the position itself).
//!
//! Several games end when a move brings back a position that occurred since the last
//! capture (Urim rule 6, Oware's endless circulation, the Rio Kadalis round record's
//! ruling). A position alone cannot apply such a rule, so each game's record keeps a
//! [`History`]: the moves, every position reached, where the positions since the last
//! capture begin, and whether the last move repeated one of them. The game's record
//! adds what is its own: how a game that repeats is scored.
//!
//! The check is exact and cheap: a bit filter of the positions since the last capture
//! answers "new" for nearly every move, and a possible repetition is confirmed by
//! comparing whole positions. [`History::reset`] starts afresh keeping the buffers, so
//! that a program playing many games allocates nothing once they have grown to the
//! longest game.

use alloc::vec::Vec;
use core::fmt;

use crate::cycle::SearchMemo;
use crate::{IllegalMove, Outcome, Position, Status};

/// The move type of a record's position.
pub type MoveOf<R> = <<R as Record>::Position as Position>::Move;
/// The error of a checked move on a record's position.
pub type IllegalMoveOf<R> = IllegalMove<<<R as Record>::Position as Position>::Reason>;

/// A game record: the positions and moves of a game from its start, with the rules
/// that need history. Every game's `Game` type implements it, with the same names and
/// return types; generic code (the engines, the examples) drives every game through it.
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::record::{History, Record};
/// use mancala::toy::{Countdown, Take};
/// use mancala::Status;
/// let mut g = History::new(Countdown::new(3));
/// g.play(Take(2)).unwrap();
/// assert!(g.play(Take(2)).is_err()); // one token left; the record is unchanged
/// assert_eq!(g.moves(), [Take(2)]);
/// g.play(Take(1)).unwrap();
/// assert!(matches!(g.status(), Status::Over(_)));
/// assert_eq!(g.undo(), Some(Take(1)));
/// g.reset(Countdown::new(7)); // reuse the buffers for another game
/// assert_eq!(g.moves().len(), 0);
/// ```
pub trait Record: Clone + fmt::Debug {
    /// The game's position type.
    type Position: Position;

    /// A record starting at `start`.
    fn new(start: Self::Position) -> Self;

    /// A record starting at `start` with room for `plies` moves before it allocates
    /// again (as much of it as the allocator gives: any `plies` is accepted).
    fn with_capacity(start: Self::Position, plies: usize) -> Self;

    /// Starts afresh from `start`, keeping the buffers (no allocation).
    fn reset(&mut self, start: Self::Position);

    /// The first position.
    fn start(&self) -> &Self::Position;

    /// The current position. After an endless move it is the position from before it,
    /// with the status [`Status::Annulled`].
    fn position(&self) -> &Self::Position;

    /// Every position from the start, the current one last.
    fn positions(&self) -> &[Self::Position];

    /// The moves played, in order (every ply, mid-turn decisions included).
    fn moves(&self) -> &[MoveOf<Self>];

    /// Whether the game ended because the last move repeated a position (a rule that
    /// needs history); always `false` in games without such a rule.
    fn is_repetition(&self) -> bool;

    /// The status, including endings that only the history shows.
    fn status(&self) -> Status;

    /// The outcome, once the game is over.
    fn outcome(&self) -> Option<Outcome> {
        self.status().outcome()
    }

    /// Whether the game has ended or was annulled.
    fn is_finished(&self) -> bool {
        self.status().is_finished()
    }

    /// The legal moves now; none once the game has ended.
    fn legal_moves(&self) -> <Self::Position as Position>::MoveList;

    /// `Ok` if `m` is legal now, otherwise why not.
    ///
    /// # Errors
    /// As [`Position::check_move`], and [`IllegalMove::GameOver`] after an ending that
    /// only the history shows.
    fn check_move(&self, m: MoveOf<Self>) -> Result<(), IllegalMoveOf<Self>>;

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// Why `m` is illegal; the record is then unchanged.
    fn play(&mut self, m: MoveOf<Self>) -> Result<(), IllegalMoveOf<Self>> {
        self.check_move(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays `m` without checking it.
    ///
    /// # Panics
    /// As the position's [`Position::play_unchecked`] if `m` is not legal.
    fn play_unchecked(&mut self, m: MoveOf<Self>);

    /// Takes back the last move and returns it; `None` at the start (nothing changes).
    fn undo(&mut self) -> Option<MoveOf<Self>>;

    /// A key of what the rules read of the history besides the current position: for a
    /// [`History`], the set of positions since the last capture (the positions a move
    /// is compared with), as the sum of a mix of their keys, so that two records with
    /// the same current position and the same key end the same ways whatever moves
    /// follow (up to a 64-bit hash collision); for a [`Line`], whose rules read no
    /// history, always `0` (the provided version). A search's table keys its scores by
    /// the position and this (`mancala_search::AlphaBeta`).
    #[inline]
    fn history_key(&self) -> u64 {
        0
    }

    /// Plays `m` (legal) for a search, as the position's
    /// [`play_in_search`](Position::play_in_search) does: a move whose relay goes on past
    /// `memo`'s limit may be taken as endless without proof. Only a search's own copy of
    /// a record should be played this way; a game's record is played exactly.
    ///
    /// The provided version is [`play_unchecked`](Record::play_unchecked); [`Line`]
    /// plays the position's `play_in_search`.
    #[inline]
    fn play_in_search(&mut self, m: MoveOf<Self>, memo: &mut SearchMemo<'_>) {
        let _ = memo;
        self.play_unchecked(m);
    }
}

/// An empty `Vec` with room for `n` values if the allocator gives it: a capacity is a
/// hint, so a caller's `n` too large to allocate (`usize::MAX`) is not a panic or an
/// abort, just no room reserved.
fn reserved<T>(n: usize) -> Vec<T> {
    let mut v = Vec::new();
    let _ = v.try_reserve_exact(n);
    v
}

/// A position whose game can end by a repeated position since the last capture.
pub trait Repetition: Position + Copy {
    /// What a capture changes, and only a capture, for good: the stores, or the stones
    /// captured. Two positions with different values can never both lie between the
    /// same two captures.
    type Captures: Copy + Eq;

    /// The position's [`Captures`](Repetition::Captures).
    fn captures(&self) -> Self::Captures;

    /// The outcome of a game that ends here because this position repeated one, with
    /// the game's own [`EndReason`](crate::EndReason) for it: each game scores that its
    /// own way, e.g. each player taking the seeds in their row.
    fn repetition_outcome(&self) -> Outcome;

    /// Plays `m` (legal) as [`Position::play_unchecked`] does, and returns whether it
    /// captured, that is whether [`captures`](Repetition::captures) changed. Games
    /// whose move already knows override it, saving a compare (their own
    /// `play_capturing` returns the seeds captured).
    #[inline]
    fn play_capturing(&mut self, m: Self::Move) -> bool {
        let before = self.captures();
        self.play_unchecked(m);
        self.captures() != before
    }

    /// The old name of [`play_capturing`](Repetition::play_capturing).
    #[deprecated(note = "renamed to play_capturing")]
    #[inline]
    fn play_reporting_capture(&mut self, m: Self::Move) -> bool {
        self.play_capturing(m)
    }

    /// A 64-bit key of the position for the history's filter: equal positions must have
    /// equal keys. The provided version is [`Position::hash_key`].
    fn repetition_key(&self) -> u64 {
        self.hash_key()
    }
}

/// A set of positions since the last capture, as a filter of one bit per key: a clear
/// bit proves a position is new; a set bit is confirmed by comparing whole positions.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Seen([u64; Seen::WORDS]);

impl Seen {
    /// 2048 bits: a random game rarely has more than a few dozen positions between
    /// captures, so a false hit (one extra scan of the history) is rare.
    const WORDS: usize = 32;

    const fn new() -> Self {
        Seen([0; Self::WORDS])
    }

    /// Marks `key` (by its top 11 bits, the best mixed); returns whether it was marked
    /// before (maybe seen).
    #[inline]
    fn insert(&mut self, key: u64) -> bool {
        let i = (key >> (64 - 11)) as usize;
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let before = self.0[word] & bit != 0;
        self.0[word] |= bit;
        before
    }

    /// Unmarks `key`: undoes an [`insert`](Seen::insert) that found it unmarked.
    #[inline]
    fn remove(&mut self, key: u64) {
        let i = (key >> (64 - 11)) as usize;
        self.0[i / 64] &= !(1u64 << (i % 64));
    }

    #[inline]
    fn clear(&mut self) {
        self.0 = [0; Self::WORDS];
    }
}

impl core::fmt::Debug for Seen {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let bits: u32 = self.0.iter().map(|w| w.count_ones()).sum();
        write!(f, "Seen({bits} bits)")
    }
}

/// The moves and positions of a game, with the repetition check: see the
/// [module](self).
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::record::{History, Record};
/// use mancala::toy::{Countdown, Take};
/// let mut h = History::new(Countdown::new(5));
/// h.play_unchecked(Take(2));
/// assert_eq!(h.position().heap, 3);
/// assert_eq!(h.moves(), [Take(2)]);
/// assert!(!h.is_repetition()); // a heap never grows back
/// assert_eq!(h.undo(), Some(Take(2)));
/// assert_eq!(h.positions(), [Countdown::new(5)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct History<P: Repetition> {
    /// Every position from the start, the current one last (never empty).
    positions: Vec<P>,
    /// The moves played; `moves[i]` leads from `positions[i]` to `positions[i + 1]`.
    moves: Vec<P::Move>,
    /// Where the positions since the last capture begin.
    since_capture: usize,
    /// `keys[i]` is the repetition key of `positions[i]`, kept so that a take-back
    /// rebuilds the filter without hashing the positions again.
    keys: Vec<u64>,
    /// The keys of the positions since the last capture.
    seen: Seen,
    /// What the move to `positions[i]` did to the set of positions since the last
    /// capture, so that taking it back undoes just that: [`MARKED`] its key in `seen`
    /// (unmarked before), [`ADDED`] its key to `set_key` (a capture's are rebuilt
    /// instead).
    changes: Vec<u8>,
    /// Whether the last move repeated a position since the last capture.
    repeated: bool,
    /// [`Record::history_key`]: the wrapping sum of [`set_mix`] of the keys since the
    /// last capture.
    set_key: u64,
}

/// [`History`]'s note of a move that marked its key in the filter.
const MARKED: u8 = 1;
/// [`History`]'s note of a move whose key joined the set of positions since the last
/// capture (its history key).
const ADDED: u8 = 2;

/// A key's part in [`History`]'s [`Record::history_key`]: a strong 64-bit mix, so that
/// sums of the mixes of different sets of keys (positions' own hashes may be weak)
/// differ but by chance.
#[inline]
fn set_mix(key: u64) -> u64 {
    crate::rng::mix(key.wrapping_add(crate::rng::GOLDEN_GAMMA))
}

impl<P: Repetition> History<P> {
    /// The positions since the last capture (or the start), the current one last:
    /// those a new position is compared with.
    #[must_use]
    pub fn since_last_capture(&self) -> &[P] {
        &self.positions[self.since_capture..]
    }
}

impl<P: Repetition> Record for History<P> {
    type Position = P;

    fn new(start: P) -> Self {
        Self::with_capacity(start, 0)
    }

    fn with_capacity(start: P, plies: usize) -> Self {
        let mut history = History {
            positions: reserved(plies.saturating_add(1)),
            moves: reserved(plies),
            since_capture: 0,
            keys: reserved(plies.saturating_add(1)),
            seen: Seen::new(),
            changes: reserved(plies.saturating_add(1)),
            repeated: false,
            set_key: 0,
        };
        history.reset(start);
        history
    }

    fn reset(&mut self, start: P) {
        self.positions.clear();
        self.positions.push(start);
        self.moves.clear();
        self.since_capture = 0;
        let key = start.repetition_key();
        self.keys.clear();
        self.keys.push(key);
        self.seen.clear();
        self.seen.insert(key);
        self.changes.clear();
        self.changes.push(MARKED | ADDED);
        self.repeated = false;
        self.set_key = set_mix(key);
    }

    fn start(&self) -> &P {
        &self.positions[0]
    }

    fn position(&self) -> &P {
        match self.positions.last() {
            Some(p) => p,
            None => unreachable!("a history always has its start"),
        }
    }

    fn positions(&self) -> &[P] {
        &self.positions
    }

    fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// Whether the last move produced a position that occurred since the last capture.
    fn is_repetition(&self) -> bool {
        self.repeated
    }

    /// The set of positions since the last capture, the current one included.
    #[inline]
    fn history_key(&self) -> u64 {
        self.set_key
    }

    /// Over by repetition (scored by
    /// [`repetition_outcome`](Repetition::repetition_outcome), with the game's reason)
    /// after a move that repeated a position, otherwise the current position's status.
    fn status(&self) -> Status {
        if self.repeated {
            Status::Over(self.position().repetition_outcome())
        } else {
            self.position().status()
        }
    }

    fn legal_moves(&self) -> P::MoveList {
        if self.repeated {
            P::MoveList::default()
        } else {
            self.position().legal_moves()
        }
    }

    fn check_move(&self, m: P::Move) -> Result<(), IllegalMove<P::Reason>> {
        if self.repeated {
            return Err(IllegalMove::GameOver);
        }
        self.position().check_move(m)
    }

    /// Plays `m` on the current position without checking it, and records whether the
    /// new position repeats one since the last capture.
    #[inline]
    fn play_unchecked(&mut self, m: P::Move) {
        // The new position is made in its place in the history: copying it there after
        // it was made would read back the bytes just written, which stalls the CPU.
        self.positions.push(*self.position());
        let len = self.positions.len();
        let next = &mut self.positions[len - 1];
        let captured = next.play_capturing(m);
        let key = next.repetition_key();
        self.keys.push(key);
        let set_key = self.set_key;
        let mut changes = MARKED | ADDED;
        self.repeated = if captured {
            // A capture changes the board for good: nothing before it can come back.
            self.since_capture = len - 1;
            self.seen.clear();
            self.seen.insert(key);
            self.set_key = set_mix(key);
            false
        } else if self.seen.insert(key) {
            changes = ADDED;
            match self.positions[self.since_capture..].split_last() {
                Some((next, earlier)) => earlier.contains(next),
                None => false,
            }
        } else {
            false
        };
        if self.repeated {
            changes &= !ADDED;
        }
        self.changes.push(changes);
        if !captured {
            // A repeated position is already in the set: the set is unchanged (the game
            // has ended there anyway).
            self.set_key = if self.repeated {
                set_key
            } else {
                set_key.wrapping_add(set_mix(key))
            };
        }
        self.moves.push(m);
    }

    fn undo(&mut self) -> Option<P::Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        let key = self.keys.pop().unwrap_or_default();
        let changes = self.changes.pop().unwrap_or_default();
        // A game that went on past a position had not repeated there.
        self.repeated = false;
        if self.since_capture < self.positions.len() {
            // A move that captured nothing: its key leaves the set if it joined it (a
            // repeated position was in it already, and stays), and the filter's bit if
            // the move marked it.
            if changes & ADDED != 0 {
                self.set_key = self.set_key.wrapping_sub(set_mix(key));
            }
            if changes & MARKED != 0 {
                self.seen.remove(key);
            }
            return Some(m);
        }
        // A capture taken back: captures are for good, so the positions since the last
        // capture are those with the current captures.
        let captures = self.position().captures();
        self.since_capture = self
            .positions
            .iter()
            .position(|p| p.captures() == captures)
            .unwrap_or(0);
        self.seen.clear();
        self.set_key = 0;
        let since = self.since_capture;
        for (&key, &changes) in self.keys[since..].iter().zip(&self.changes[since..]) {
            self.seen.insert(key);
            if changes & ADDED != 0 {
                self.set_key = self.set_key.wrapping_add(set_mix(key));
            }
        }
        Some(m)
    }
}

/// The moves and positions of a game whose rules need no history beyond the position
/// (Omweso): a [`Record`] for take-backs and for replaying, with no rule of its own.
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::record::{Line, Record};
/// use mancala::toy::{Countdown, Take};
/// let mut g = Line::new(Countdown::new(5));
/// g.play(Take(1)).unwrap();
/// assert_eq!(g.position().heap, 4);
/// assert_eq!(g.undo(), Some(Take(1)));
/// assert_eq!(g.undo(), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line<P: Position> {
    /// Every position from the start, the current one last (never empty).
    positions: Vec<P>,
    /// `moves[i]` leads from `positions[i]` to `positions[i + 1]`.
    moves: Vec<P::Move>,
}

impl<P: Position> Record for Line<P> {
    type Position = P;

    fn new(start: P) -> Self {
        Self::with_capacity(start, 0)
    }

    fn with_capacity(start: P, plies: usize) -> Self {
        let mut positions = reserved(plies.saturating_add(1));
        positions.push(start);
        Line {
            positions,
            moves: reserved(plies),
        }
    }

    fn reset(&mut self, start: P) {
        self.positions.clear();
        self.positions.push(start);
        self.moves.clear();
    }

    fn start(&self) -> &P {
        &self.positions[0]
    }

    fn position(&self) -> &P {
        match self.positions.last() {
            Some(p) => p,
            None => unreachable!("a line always has its start"),
        }
    }

    fn positions(&self) -> &[P] {
        &self.positions
    }

    fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    fn is_repetition(&self) -> bool {
        false
    }

    fn status(&self) -> Status {
        self.position().status()
    }

    fn legal_moves(&self) -> P::MoveList {
        self.position().legal_moves()
    }

    fn check_move(&self, m: P::Move) -> Result<(), IllegalMove<P::Reason>> {
        self.position().check_move(m)
    }

    fn play_unchecked(&mut self, m: P::Move) {
        let mut next = self.position().clone();
        next.play_unchecked(m);
        self.positions.push(next);
        self.moves.push(m);
    }

    fn undo(&mut self) -> Option<P::Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        Some(m)
    }

    fn play_in_search(&mut self, m: P::Move, memo: &mut SearchMemo<'_>) {
        let mut next = self.position().clone();
        next.play_in_search(m, memo);
        self.positions.push(next);
        self.moves.push(m);
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::Player;
    use crate::toy::{Countdown, Take};
    use std::vec::Vec as StdVec;

    /// A toy with repetitions: `Take(1)` steps a counter mod 5, `Take(2)` is a
    /// "capture" (`laps` grows). Without captures the positions come back every 10 plies.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    struct Wheel {
        at: u8,
        laps: u16,
        turn: Player,
    }

    impl Position for Wheel {
        type Move = Take;
        type MoveList = arrayvec::ArrayVec<Take, 2>;
        fn side_to_move(&self) -> Player {
            self.turn
        }
        fn legal_moves(&self) -> Self::MoveList {
            [Take(1), Take(2)].into_iter().collect()
        }
        fn play_unchecked(&mut self, m: Take) {
            if m.0 == 1 {
                self.at = (self.at + 1) % 5;
            } else {
                self.laps += 1;
            }
            self.turn = self.turn.opponent();
        }
        fn status(&self) -> Status {
            Status::Ongoing
        }
        fn check_move(&self, _: Take) -> Result<(), IllegalMove> {
            Ok(())
        }
        type Setup = Wheel;
        type SetupError = core::convert::Infallible;
        type Reason = core::convert::Infallible;
        fn from_setup(s: Wheel) -> Result<Wheel, Self::SetupError> {
            Ok(s)
        }
        fn to_setup(&self) -> Wheel {
            *self
        }
        fn board(&self) -> crate::Board {
            crate::Board::two_rows([Some(self.at)], [], None, self.turn)
        }
    }

    impl fmt::Display for Wheel {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{} {} {}", self.at, self.laps, self.turn)
        }
    }

    impl core::str::FromStr for Wheel {
        type Err = crate::ParsePositionError<core::convert::Infallible>;
        fn from_str(_: &str) -> Result<Self, Self::Err> {
            Err(crate::NotationError::Empty.into())
        }
    }

    impl Repetition for Wheel {
        type Captures = u16;
        fn captures(&self) -> u16 {
            self.laps
        }
        fn repetition_outcome(&self) -> Outcome {
            Outcome::new(None, 0).with_reason(REPETITION)
        }
    }

    /// The wheel's reason for a repeated position.
    const REPETITION: crate::EndReason = crate::EndReason::new(&("repetition", "the wheel's rule"));

    /// The obvious check: the new position is among the earlier ones with its captures.
    fn slow(positions: &[Wheel]) -> bool {
        let (last, earlier) = positions.split_last().unwrap();
        earlier
            .iter()
            .any(|p| p == last && p.captures() == last.captures())
    }

    #[test]
    fn repetition_matches_a_linear_scan_with_undo() {
        let start = Wheel {
            at: 0,
            laps: 0,
            turn: Player::South,
        };
        let mut h = History::new(start);
        let mut seed = 7u64;
        let mut repeats = 0;
        type Set = StdVec<(u8, u16, bool)>;
        let mut keys: std::collections::HashMap<(u8, u16, Set), (u64, Set)> =
            std::collections::HashMap::new();
        for _ in 0..5000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if seed >> 62 == 0 && h.undo().is_some() {
                assert!(!h.is_repetition());
            } else {
                // A capture one move in 32.
                h.play_unchecked(Take(1 + u8::from((seed >> 32) & 31 == 0)));
                assert_eq!(h.is_repetition(), slow(h.positions()));
                if h.is_repetition() {
                    let o = h.outcome().expect("a repetition ends the game");
                    assert_eq!(o.reason, REPETITION);
                }
                repeats += usize::from(h.is_repetition());
            }
            let since = h.since_last_capture();
            // The history key is a function of the set of positions since the last
            // capture, and tells different sets apart.
            if !h.is_repetition() {
                let mut set: StdVec<(u8, u16, bool)> = since
                    .iter()
                    .map(|p| (p.at, p.laps, p.turn == Player::South))
                    .collect();
                // A set: the test plays on past a repetition, which lists a position
                // twice.
                set.sort_unstable();
                set.dedup();
                let (at, laps) = (h.position().at, h.position().laps);
                if let Some(&(key, ref other)) = keys.get(&(at, laps, set.clone())) {
                    assert_eq!(key, h.history_key(), "{other:?}");
                }
                for (k, &(key, _)) in &keys {
                    assert!(key != h.history_key() || k.2 == set, "{k:?} {set:?}");
                }
                keys.insert((at, laps, set.clone()), (h.history_key(), set));
            }
            assert!(since.iter().all(|p| p.laps == h.position().laps));
            let first = h.positions().len() - since.len();
            assert!(first == 0 || h.positions()[first - 1].laps < h.position().laps);
        }
        assert!(repeats > 100, "{repeats}");
    }

    #[test]
    fn any_capacity_is_a_hint() {
        for plies in [usize::MAX, usize::MAX / 2, 1 << 60] {
            let mut h = History::with_capacity(Countdown::new(3), plies);
            h.play(Take(1)).unwrap();
            assert_eq!(h.moves(), [Take(1)]);
            let mut l = Line::with_capacity(Countdown::new(3), plies);
            l.play(Take(2)).unwrap();
            assert_eq!(l.position().heap, 1);
        }
    }

    #[test]
    fn reset_keeps_no_trace() {
        let mut h = History::with_capacity(Countdown::new(6), 4);
        h.play_unchecked(Take(1));
        h.play_unchecked(Take(2));
        h.reset(Countdown::new(6));
        assert_eq!(h, History::new(Countdown::new(6)));
        let positions: StdVec<u8> = h.positions().iter().map(|p| p.heap).collect();
        assert_eq!(positions, [6]);
    }
}
