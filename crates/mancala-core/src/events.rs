//! The steps of a move as it is sown, for every game the same: [`SowEvent`]s told to a
//! [`SowObserver`] by the game's own sowing loop ([`PlayObserved::play_observed`]).
//!
//! A front end animates a move from them seed by seed; a test replays them on a plain
//! array of counts and compares with the board the move left. Pits are addressed as in
//! [`Board`](crate::Board): `(player, index)`, the index in the owner's letter order
//! (`a` is 0; Omweso's inner `a`–`h` then outer `i`–`p`). There is one hand: seeds lifted
//! or seized go into it, drops take one seed from it.
//!
//! The observer is a type parameter, so each game's loop is compiled once per observer:
//! with `()` (what `play_unchecked` uses) every report is dropped at compile time, and
//! the loop is the one it was (`docs/performance.md`, "Sowing events").
//!
//! ```
//! # mod mancala { pub use mancala_core::*; }
//! use mancala::events::{report_lap, PitId, SowEvent};
//! use mancala::{Direction, Player};
//! // 3 seeds from pit 1 of a ring of 3 pits, the origin passed over (as in Oware).
//! let mut seen = Vec::new();
//! let drop = |i: usize| SowEvent::Drop { pit: PitId::new(Player::South, i as u8) };
//! report_lap(&mut |e| seen.push(e), 1, 3, 3, Direction::CounterClockwise, |p| p == 1, drop);
//! let pass = SowEvent::Pass { pit: PitId::new(Player::South, 1) };
//! assert_eq!(seen, [drop(2), drop(0), pass, drop(2)]);
//! ```

use crate::{Direction, Player, Position};

/// A pit as [`Board`](crate::Board) lists it: its owner and its index in the owner's
/// letter order (`a` is 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PitId {
    /// The pit's owner.
    pub player: Player,
    /// The pit's index in the owner's row(s): `board.pits[player][index]`.
    pub index: u8,
}

impl PitId {
    /// The pit `index` of `player`.
    #[must_use]
    pub const fn new(player: Player, index: u8) -> PitId {
        PitId { player, index }
    }
}

/// Why a lap starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LapKind {
    /// The move's first lap, from the pit the move names.
    Move,
    /// A relay: the last pit of a lap was lifted and is sown on (Omweso, Rio Kadalis).
    Relay,
    /// Captured seeds sown again from the capturing lap's origin (Omweso rule 4).
    Resow,
    /// The lap a mid-turn decision chose (Omweso rule 5), sown from the hand.
    Decided,
}

/// One step of a move. The steps that move seeds are [`Lift`](SowEvent::Lift),
/// [`Drop`](SowEvent::Drop), [`Store`](SowEvent::Store), [`Capture`](SowEvent::Capture)
/// and [`Seize`](SowEvent::Seize); the others say what is happening and move nothing.
///
/// With the features `serde` and `alloc`, an event serializes as an object tagged by its
/// `kind` (`{"kind":"drop","pit":…}`); reading such a tag back needs an allocator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    all(feature = "serde", feature = "alloc"),
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum SowEvent {
    /// A lap starts from `origin` in `dir` (moves nothing: its seeds were lifted or
    /// seized just before, or are in hand after a decision).
    Lap {
        /// The lap's origin: the first seed goes into the pit after it.
        origin: PitId,
        /// The lap's direction.
        dir: Direction,
        /// Why the lap starts.
        why: LapKind,
    },
    /// Every seed of `pit` (`seeds` of them) is lifted into the hand.
    Lift {
        /// The pit emptied.
        pit: PitId,
        /// The seeds lifted.
        seeds: u8,
    },
    /// One seed from the hand into `pit`.
    Drop {
        /// The pit that gets the seed.
        pit: PitId,
    },
    /// One seed from the hand into `player`'s store (Kalah).
    Store {
        /// Whose store.
        player: Player,
    },
    /// The lap passes over `pit`, which gets nothing (Urim's origin and pits of 17,
    /// Oware's origin, Rio Kadalis's closed pits). Moves nothing.
    Pass {
        /// The pit passed over.
        pit: PitId,
    },
    /// All `seeds` of `pit` go to `to`'s store or captures (a capture, a four, a
    /// binikh).
    Capture {
        /// The pit emptied.
        pit: PitId,
        /// The seeds taken.
        seeds: u8,
        /// Who takes them.
        to: Player,
    },
    /// All `seeds` of the opponent's `pit` are captured into the hand, to be sown
    /// again (Omweso rule 4).
    Seize {
        /// The pit emptied.
        pit: PitId,
        /// The seeds taken into the hand.
        seeds: u8,
    },
    /// The turn pauses for a decision (Omweso rule 5): the hand's seeds wait to be
    /// sown from `origin`, one way or the other. Moves nothing.
    Pause {
        /// The next lap's origin.
        origin: PitId,
    },
}

/// What a game tells the steps of a move to. `()` ignores them at no cost: its
/// [`ACTIVE`](SowObserver::ACTIVE) is `false`, and games skip the work of reporting.
/// A closure `FnMut(SowEvent)` and, with `alloc`, a `Vec<SowEvent>` observe too.
pub trait SowObserver {
    /// Whether the observer wants the events; games report nothing when it is `false`.
    const ACTIVE: bool = true;
    /// Takes one event.
    fn event(&mut self, e: SowEvent);
}

impl SowObserver for () {
    const ACTIVE: bool = false;
    #[inline(always)]
    fn event(&mut self, _: SowEvent) {}
}

impl<F: FnMut(SowEvent)> SowObserver for F {
    #[inline]
    fn event(&mut self, e: SowEvent) {
        self(e);
    }
}

#[cfg(feature = "alloc")]
impl SowObserver for alloc::vec::Vec<SowEvent> {
    #[inline]
    fn event(&mut self, e: SowEvent) {
        self.push(e);
    }
}

/// A position whose moves can be played with their steps reported, by the game's own
/// sowing loop: [`play_unchecked`](Position::play_unchecked) is `play_observed` with `()`.
pub trait PlayObserved: Position {
    /// Plays `m` as [`play_unchecked`](Position::play_unchecked) does, telling
    /// `observer` each step. Every move reports at least one event.
    ///
    /// An endless move (Omweso, Rio Kadalis) reports the laps it sowed until it was
    /// found endless, then the position is put back as it was (and annulled): a front
    /// end checks for that first (playing on a copy with `()` is cheap).
    ///
    /// # Panics
    /// As [`play_unchecked`](Position::play_unchecked), if `m` is not legal.
    fn play_observed<O: SowObserver>(&mut self, m: Self::Move, observer: &mut O);
}

/// Reports the start of a lap from `origin` in `dir` for `why`: [`SowEvent::Lap`], then
/// [`SowEvent::Lift`] of its `lifted` seeds unless that is 0 (a lap sown from the hand).
/// Nothing happens unless `O` is active.
#[inline]
pub fn report_start<O: SowObserver>(
    observer: &mut O,
    origin: PitId,
    lifted: u8,
    dir: Direction,
    why: LapKind,
) {
    if !O::ACTIVE {
        return;
    }
    observer.event(SowEvent::Lap { origin, dir, why });
    if lifted > 0 {
        observer.event(SowEvent::Lift {
            pit: origin,
            seeds: lifted,
        });
    }
}

/// Reports the drops of a lap that a game sows all at once (on a board word): `seeds`
/// seeds from `origin` on a ring of `len` pits in direction `dir`, passing over every
/// pit for which `passes_over(pit)` holds. `pit` names a ring index as the game reports
/// it (a [`PitId`], or `None` for a place that is not a pit, such as a Kalah store: then
/// `store` names the event). Nothing happens unless `O` is active.
///
/// The game's own word arithmetic sows the lap; this walk only names its pits, and the
/// events tests replay every reported lap against the board the move left.
#[inline]
pub fn report_lap<O: SowObserver>(
    observer: &mut O,
    origin: usize,
    seeds: usize,
    len: usize,
    dir: Direction,
    passes_over: impl Fn(usize) -> bool,
    place: impl Fn(usize) -> SowEvent,
) {
    if !O::ACTIVE || len == 0 {
        return;
    }
    let mut pit = origin % len;
    let mut left = seeds;
    let mut passed = 0;
    while left > 0 && passed < len {
        pit = match dir {
            Direction::CounterClockwise => (pit + 1) % len,
            Direction::Clockwise => (pit + len - 1) % len,
        };
        if passes_over(pit) {
            if let SowEvent::Drop { pit } = place(pit) {
                observer.event(SowEvent::Pass { pit });
            }
            passed += 1;
            continue;
        }
        passed = 0;
        observer.event(place(pit));
        left -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_lap_passes_over_and_wraps() {
        let mut seen = std::vec::Vec::new();
        let pit = |i: usize| SowEvent::Drop {
            pit: PitId::new(Player::South, i as u8),
        };
        report_lap(
            &mut |e| seen.push(e),
            1,
            4,
            3,
            Direction::CounterClockwise,
            |p| p == 1,
            pit,
        );
        let d = |i: u8| SowEvent::Drop {
            pit: PitId::new(Player::South, i),
        };
        let pass = SowEvent::Pass {
            pit: PitId::new(Player::South, 1),
        };
        assert_eq!(seen, [d(2), d(0), pass, d(2), d(0)]);
        // `()` reports nothing and a ring where every pit is passed over stops.
        report_lap(&mut (), 0, 4, 3, Direction::Clockwise, |_| false, pit);
        let mut n = 0;
        report_lap(
            &mut |_| n += 1,
            0,
            4,
            3,
            Direction::Clockwise,
            |_| true,
            pit,
        );
        assert_eq!(n, 3);
    }
}
