//! Exact endless-move detection in constant memory.
//!
//! A relay move is a deterministic process: the state between two laps (the board and
//! the pit to be lifted next, plus whatever else the game's next lap depends on)
//! determines every later lap. If a state ever comes back, the move never ends. Brent's
//! algorithm finds such a repeat while keeping only one saved state: it saves the state
//! at laps 1, 2, 4, 8, … and compares every later state with the last one saved. It
//! never reports a repeat that did not happen, and it finds every cycle within about
//! three times the number of laps before the first repeat.

/// Brent's cycle finder over a sequence of states.
///
/// Omweso's relay laps run on it directly (with a lap state of two `u64` halves and the
/// pit to lift, compared without branches), Rio Kadalis's through [`relay`]. It keeps
/// the saved state and two counters; inlined into a game's lap loop they stay in
/// registers (`benches/games.rs`, `omweso-endless`: as fast as Brent written out in
/// Omweso's loop, `docs/performance.md`, "The core's primitives").
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::cycle::CycleFinder;
/// // x -> x*x mod 11 from 3: 3, 9, 4, 5, 3, … repeats.
/// let mut x = 3u32;
/// let mut finder = CycleFinder::new(x);
/// let mut steps = 0;
/// loop {
///     x = x * x % 11;
///     steps += 1;
///     if finder.observe(&x) { break; }
/// }
/// assert!(steps >= 4);
/// assert_eq!(finder.steps(), steps);
/// ```
#[derive(Clone, Debug)]
pub struct CycleFinder<S> {
    saved: S,
    /// The states between two saves: 1, 2, 4, 8, …
    power: u64,
    /// The states observed since the last save.
    lam: u64,
}

impl<S: Clone + PartialEq> CycleFinder<S> {
    /// Starts with the first state of the sequence.
    #[inline]
    pub fn new(start: S) -> Self {
        CycleFinder {
            saved: start,
            power: 1,
            lam: 0,
        }
    }

    /// Takes the next state of the sequence; returns `true` if it equals an earlier one
    /// (so the sequence cycles forever).
    #[inline]
    pub fn observe(&mut self, state: &S) -> bool {
        self.lam += 1;
        if *state == self.saved {
            return true;
        }
        if self.lam == self.power {
            self.saved = state.clone();
            self.power <<= 1;
            self.lam = 0;
        }
        false
    }

    /// [`observe`](CycleFinder::observe) in parts, for a loop that acts at the saves
    /// (Omweso's bounded walk gives up only there, which costs nothing per lap): `tick`
    /// counts the next state and says whether it is due to be saved;
    /// [`is_saved`](CycleFinder::is_saved) says whether it repeats the saved one, and
    /// [`save`](CycleFinder::save) saves it. `observe(s)` is `tick()`, then `true` if
    /// `is_saved(s)`, else `save(s)` if it was due.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; }
    /// use mancala::cycle::CycleFinder;
    /// let (mut a, mut b) = (CycleFinder::new(0u32), CycleFinder::new(0u32));
    /// for s in [1, 2, 3, 4, 2, 3, 4, 2, 3, 4] {
    ///     let due = b.tick();
    ///     let repeat = b.is_saved(&s);
    ///     if !repeat && due {
    ///         b.save(s);
    ///     }
    ///     assert_eq!(a.observe(&s), repeat);
    ///     assert_eq!(a.steps(), b.steps());
    /// }
    /// ```
    #[inline(always)]
    pub fn tick(&mut self) -> bool {
        self.lam += 1;
        self.lam == self.power
    }

    /// Whether `state` equals the saved state (see [`tick`](CycleFinder::tick)).
    #[inline(always)]
    pub fn is_saved(&self, state: &S) -> bool {
        *state == self.saved
    }

    /// Saves `state`, the state just counted by a [`tick`](CycleFinder::tick) that said it
    /// was due.
    #[inline]
    pub fn save(&mut self, state: S) {
        self.saved = state;
        self.power <<= 1;
        self.lam = 0;
    }

    /// How many states have been observed since the start.
    #[must_use]
    #[inline]
    pub const fn steps(&self) -> u64 {
        // Saved after observations 1, 3, 7, …: `power − 1` of them before the last save.
        self.power - 1 + self.lam
    }
}

/// What a lap of a relay move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lap<T> {
    /// The move goes on with another lap from the new state.
    Relay,
    /// The move (or the part of it the game drives here) is over with result `T`.
    End(T),
}

/// A relay move whose lap state repeats: it would never end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("endless move: the lap state repeated (found after {laps} laps)")]
pub struct Endless {
    /// The laps sown before the repeat was found.
    pub laps: u64,
}

/// Runs `lap` on `state` until it returns [`Lap::End`], and detects exactly, in
/// constant memory, a sequence of laps that never ends.
///
/// `state` must hold everything the next lap depends on, so that two equal states are
/// followed by the same laps (for example the pits and the pit to lift next).
///
/// # Errors
/// [`Endless`] if a state between laps repeats; `state` is then the repeated state.
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::cycle::{relay, Lap, Endless};
/// // A counter that stops at 10 ends; one that wraps mod 7 and never hits 10 does not.
/// let mut n = 0u32;
/// assert_eq!(relay(&mut n, |n| { *n += 1; if *n == 10 { Lap::End(*n) } else { Lap::Relay } }), Ok(10));
/// let mut m = 0u32;
/// let r = relay(&mut m, |m| { *m = (*m + 1) % 7; Lap::<()>::Relay });
/// assert!(matches!(r, Err(Endless { .. })));
/// ```
pub fn relay<S: Clone + PartialEq, T>(
    state: &mut S,
    mut lap: impl FnMut(&mut S) -> Lap<T>,
) -> Result<T, Endless> {
    let mut finder = CycleFinder::new(state.clone());
    loop {
        match lap(state) {
            Lap::End(t) => return Ok(t),
            Lap::Relay => {
                if finder.observe(state) {
                    return Err(Endless {
                        laps: finder.steps(),
                    });
                }
            }
        }
    }
}

/// One slot of a [`SearchMemo`]: six words that a game fills as it likes (its key and
/// what it remembers). All zero is an empty slot.
pub type MemoSlot = [u64; 6];

/// What [`Position::play_in_search`](crate::Position::play_in_search) did with a
/// [`SearchMemo`], summed over the moves played with it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MemoStats {
    /// Moves taken as endless **without proof**: a relay still going after the memo's
    /// [`limit`](SearchMemo::limit) of laps, neither ended nor found endless.
    pub unproven: u64,
    /// Long relays looked up in the memo (at their start).
    pub probes: u64,
    /// Relays answered from the memo, at their start or where they joined one it
    /// remembers (not walked to their end again).
    pub hits: u64,
    /// The longest relay (in laps) that was walked to its end, for measuring how far
    /// below the limit the moves that end stay.
    pub longest_ended: u64,
    /// Laps walked by relays that the game reports here (Omweso: those past its first
    /// few laps).
    pub laps: u64,
}

/// What a search lends a game for playing its moves: a bound on the laps of one relay,
/// past which the search takes the move as endless without proof, and a memo of the
/// long relays already walked (a slice of [`MemoSlot`]s that the search owns).
///
/// A relay move (Omweso's laps, rule 8) is played exactly by
/// [`Position::play_unchecked`](crate::Position::play_unchecked), which may walk a
/// billion laps to prove a move endless. A search that meets such a move at many nodes
/// cannot pay that each time: through
/// [`Position::play_in_search`](crate::Position::play_in_search) the game may stop a
/// relay after [`limit`](SearchMemo::limit) laps and report the move as endless (the
/// game then has the status [`Status::Annulled`](crate::Status::Annulled), as for a
/// proven endless move: a move is never taken as ending when it does not end), and
/// remember the result of every long relay so that meeting it again costs one lookup.
/// A game answers from the memo exactly what walking with the same limit would give,
/// so what the memo holds changes a search's speed, never its result.
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::cycle::{MemoSlot, MemoStats, SearchMemo};
/// let mut slots = vec![MemoSlot::default(); 1024];
/// let mut stats = MemoStats::default();
/// let mut memo = SearchMemo::new(&mut slots, &mut stats, 1 << 16);
/// assert_eq!(memo.limit(), 1 << 16);
/// memo.slot(0x1234).unwrap()[0] = 7; // a game's key
/// assert_eq!(memo.slot(0x1234).unwrap()[0], 7);
/// memo.stats().unproven += 1;
/// assert_eq!(stats.unproven, 1);
/// // Without slots, nothing is remembered; the limit still applies.
/// assert!(SearchMemo::new(&mut [], &mut stats, 100).slot(1).is_none());
/// ```
#[derive(Debug)]
pub struct SearchMemo<'a> {
    limit: u64,
    slots: &'a mut [MemoSlot],
    stats: &'a mut MemoStats,
}

impl<'a> SearchMemo<'a> {
    /// A memo over `slots` (any number, none included), counting into `stats`, with a
    /// bound of `limit` laps on one relay (`u64::MAX` for none: every move exact).
    pub fn new(slots: &'a mut [MemoSlot], stats: &'a mut MemoStats, limit: u64) -> Self {
        SearchMemo {
            limit,
            slots,
            stats,
        }
    }

    /// The laps of one relay after which the search takes the move as endless without
    /// proof. A game may walk up to twice as many (it stops at its cycle finder's next
    /// save: see [`CycleFinder::tick`]).
    #[must_use]
    #[inline]
    pub const fn limit(&self) -> u64 {
        self.limit
    }

    /// The slot for a key whose hash is `hash` (the game checks its whole key in the
    /// slot); `None` if the memo has no slots.
    #[inline]
    pub fn slot(&mut self, hash: u64) -> Option<&mut MemoSlot> {
        // Multiply-shift: any number of slots, the high bits of the hash.
        let i = ((u128::from(hash) * self.slots.len() as u128) >> 64) as usize;
        self.slots.get_mut(i)
    }

    /// The counters the game updates.
    #[inline]
    pub fn stats(&mut self) -> &mut MemoStats {
        self.stats
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::counted::counted;
    use proptest::prelude::*;
    use proptest::test_runner::TestCaseError;
    use std::collections::HashSet;
    use std::vec::Vec;

    /// The slow, obvious detector: remember every state.
    /// Returns Ok(laps until the end) or Err(index of the first repeated state).
    fn slow(map: &[Option<u32>], start: u32) -> Result<u64, u64> {
        let mut seen = HashSet::new();
        seen.insert(start);
        let mut x = start;
        let mut laps = 0;
        loop {
            laps += 1;
            match map[x as usize] {
                None => return Ok(laps),
                Some(next) => {
                    x = next;
                    if !seen.insert(x) {
                        return Err(laps);
                    }
                }
            }
        }
    }

    fn fast(map: &[Option<u32>], start: u32) -> Result<u64, Endless> {
        let mut x = start;
        let mut laps = 0u64;
        relay(&mut x, |x| {
            laps += 1;
            match map[*x as usize] {
                None => Lap::End(laps),
                Some(next) => {
                    *x = next;
                    Lap::Relay
                }
            }
        })
    }

    /// Checks the fast detector against the slow one on `map` from `start`; returns
    /// whether the sequence was endless.
    fn agree(map: &[Option<u32>], start: u32) -> Result<bool, TestCaseError> {
        match (slow(map, start), fast(map, start)) {
            (Ok(a), Ok(b)) => {
                prop_assert_eq!(a, b);
                Ok(false)
            }
            (Err(first_repeat), Err(Endless { laps })) => {
                // Brent's bound: no more than about three times the laps to the first repeat.
                prop_assert!(laps >= first_repeat);
                prop_assert!(
                    laps <= 3 * first_repeat + 1,
                    "laps {} first repeat {}",
                    laps,
                    first_repeat
                );
                Ok(true)
            }
            (a, b) => Err(TestCaseError::fail(std::format!("slow {a:?} fast {b:?}"))),
        }
    }

    #[test]
    fn agrees_with_hashset_detector() {
        // Random maps where about one state in ten ends the move: both outcomes occur,
        // and both are compared (the two properties below each make one of them sure).
        let strategy = (
            proptest::collection::vec((0u32..1000, 0u8..10), 1..200),
            0u32..1000,
        );
        counted(
            "agrees_with_hashset_detector",
            2000,
            strategy,
            |(raw, start_pick)| {
                let n = raw.len() as u32;
                let map: Vec<Option<u32>> = raw
                    .iter()
                    .map(|&(t, e)| (e != 0).then_some(t % n))
                    .collect();
                agree(&map, start_pick % n)?;
                Ok(true)
            },
        );
    }

    #[test]
    fn a_sequence_without_an_end_is_endless() {
        let strategy = (proptest::collection::vec(0u32..1000, 1..200), 0u32..1000);
        counted(
            "a_sequence_without_an_end_is_endless",
            1000,
            strategy,
            |(raw, start_pick)| {
                let n = raw.len() as u32;
                let map: Vec<Option<u32>> = raw.iter().map(|&t| Some(t % n)).collect();
                agree(&map, start_pick % n)
            },
        );
    }

    #[test]
    fn a_sequence_that_only_goes_forward_ends() {
        // Each state leads to a later one or ends; the last one ends.
        let strategy = (
            proptest::collection::vec((0u32..1000, 0u8..4), 1..200),
            0u32..1000,
        );
        counted(
            "a_sequence_that_only_goes_forward_ends",
            1000,
            strategy,
            |(raw, start_pick)| {
                let n = raw.len() as u32;
                let map: Vec<Option<u32>> = raw
                    .iter()
                    .enumerate()
                    .map(|(x, &(t, e))| {
                        let x = x as u32;
                        (e != 0 && x + 1 < n).then(|| x + 1 + t % (n - x - 1))
                    })
                    .collect();
                Ok(!agree(&map, start_pick % n)?)
            },
        );
    }

    #[test]
    fn long_tail_and_long_cycle() {
        // A tail of 7,000 states into a cycle of 5,001: the first repeat comes at step
        // 12,001.
        let tail = 7_000u32;
        let cycle = 5_001u32;
        let next = |x: u32| if x + 1 < tail + cycle { x + 1 } else { tail };
        let mut x = 0u32;
        let r = relay(&mut x, |x| {
            *x = next(*x);
            Lap::<()>::Relay
        });
        let laps = r.unwrap_err().laps;
        assert!(laps >= u64::from(tail + cycle), "laps {laps}");
        assert!(laps <= 3 * u64::from(tail + cycle));
        // The same sequence as data, checked by the slow detector.
        let map: Vec<Option<u32>> = (0..tail + cycle).map(|x| Some(next(x))).collect();
        assert_eq!(slow(&map, 0), Err(u64::from(tail + cycle)));
        // And a long sequence that ends after 20,000 laps is not called endless.
        let mut y = 0u32;
        let r = relay(&mut y, |y| {
            *y += 1;
            if *y == 20_000 {
                Lap::End(*y)
            } else {
                Lap::Relay
            }
        });
        assert_eq!(r, Ok(20_000));
    }

    #[test]
    fn self_loop_is_found_at_once() {
        let mut x = 5u8;
        assert_eq!(
            relay(&mut x, |_| Lap::<()>::Relay),
            Err(Endless { laps: 1 })
        );
    }
}
