//! Sowing: the [`Direction`] of a lap, and [`sow`], which drops seeds one per pit round a
//! ring of pits, passing over the pits a rule names.
//!
//! A board (or a player's circuit) is a slice of pit counts arranged in a ring: sowing
//! counter-clockwise goes from index `i` to `i + 1` (wrapping), clockwise to `i - 1`.
//!
//! What the games run on: Urim sows with [`sow`] the laps its board-word path does not
//! take (a lap that comes round to its origin or meets a pit of 17). Its other laps,
//! and every lap of Oware, Rio Kadalis and Omweso, are sown by the game's own loop: the
//! core's versions of those loops were slower on the same job (`benches/primitives.rs`,
//! `docs/performance.md`, "The core's primitives"), and each loop says so where it is.

/// The direction of sowing, as seen from above with South at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// Along each player's own row from their left to their right (index `+ 1`).
    #[default]
    CounterClockwise,
    /// The other way (index `- 1`).
    Clockwise,
}

impl Direction {
    /// The other direction.
    #[must_use]
    pub const fn reversed(self) -> Direction {
        match self {
            Direction::CounterClockwise => Direction::Clockwise,
            Direction::Clockwise => Direction::CounterClockwise,
        }
    }

    /// The index `steps` pits on from `i` in this direction on a ring of `len` pits;
    /// `None` if `i` is not a pit of the ring (`i >= len`, or `len` is 0).
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; }
    /// use mancala::Direction;
    /// assert_eq!(Direction::CounterClockwise.advance(11, 1, 12), Some(0));
    /// assert_eq!(Direction::Clockwise.advance(0, 3, 12), Some(9));
    /// assert_eq!(Direction::Clockwise.advance(12, 1, 12), None);
    /// assert_eq!(Direction::Clockwise.advance(0, 1, 0), None);
    /// ```
    #[must_use]
    pub const fn advance(self, i: usize, steps: usize, len: usize) -> Option<usize> {
        if i >= len {
            return None;
        }
        // Written so that no sum can overflow, whatever `len` is.
        let steps = steps % len;
        Some(match self {
            Direction::CounterClockwise => {
                if steps < len - i {
                    i + steps
                } else {
                    steps - (len - i)
                }
            }
            Direction::Clockwise => {
                if steps <= i {
                    i - steps
                } else {
                    len - (steps - i)
                }
            }
        })
    }
}

/// Why seeds could not all be sown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum SowError {
    /// The pit to sow from is not a pit of the ring; nothing was sown.
    #[error("there is no pit {pit} on a ring of {len} pits")]
    NoSuchPit {
        /// The index given.
        pit: usize,
        /// The pits of the ring.
        len: usize,
    },
    /// A whole round of the ring found no pit to take a seed: every pit is passed over.
    #[error("no pit can take a seed: {left} seed{} left in hand", crate::notation::plural(*left))]
    Stuck {
        /// The seeds still in hand.
        left: u32,
    },
    /// The next seed would go into a pit that already holds 255, the most a `u8`
    /// counts.
    #[error(
        "pit {pit} holds 255 seeds and cannot take another: {left} seed{} left in hand",
        crate::notation::plural(*left)
    )]
    Full {
        /// The pit that is full.
        pit: usize,
        /// The seeds still in hand.
        left: u32,
    },
}

/// Sows `seeds` from the pit after `origin` in direction `dir`, one per pit, passing
/// over every pit for which `passes_over(pit, count)` is true. Returns the pit that got
/// the last seed (`origin` itself if `seeds` is 0).
///
/// The origin is not emptied here: lift the seeds first if the rules say so.
///
/// # Errors
/// - [`SowError::NoSuchPit`] if `origin` is not a pit of `pits`; nothing is sown.
/// - [`SowError::Stuck`] if a whole round of the ring finds no pit to take a seed, and
///   [`SowError::Full`] if a pit that would take the next seed already holds 255 (no
///   count ever wraps): the seeds dropped until then stay dropped, and the error says
///   how many are left in hand.
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::{sow::sow, Direction};
/// // Urim-like: 5 seeds lifted from pit 0 of a 4-pit ring, origin passed over.
/// let mut pits = [0, 1, 2, 3];
/// let last = sow(&mut pits, 0, 5, Direction::CounterClockwise, |p, _| p == 0).unwrap();
/// assert_eq!(pits, [0, 3, 4, 4]);
/// assert_eq!(last, 2);
/// ```
#[inline]
pub fn sow(
    pits: &mut [u8],
    origin: usize,
    seeds: u32,
    dir: Direction,
    mut passes_over: impl FnMut(usize, u8) -> bool,
) -> Result<usize, SowError> {
    let len = pits.len();
    if origin >= len {
        return Err(SowError::NoSuchPit { pit: origin, len });
    }
    let mut pit = origin;
    let mut left = seeds;
    let mut passed = 0;
    while left > 0 {
        pit = match dir {
            Direction::CounterClockwise => {
                if pit + 1 == len {
                    0
                } else {
                    pit + 1
                }
            }
            Direction::Clockwise => {
                if pit == 0 {
                    len - 1
                } else {
                    pit - 1
                }
            }
        };
        if passes_over(pit, pits[pit]) {
            passed += 1;
            if passed >= len {
                return Err(SowError::Stuck { left });
            }
            continue;
        }
        passed = 0;
        pits[pit] = match pits[pit].checked_add(1) {
            Some(n) => n,
            None => return Err(SowError::Full { pit, left }),
        };
        left -= 1;
    }
    Ok(pit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counted::counted;
    use proptest::prelude::*;

    /// The obvious seed-by-seed sowing with nothing passed over.
    fn slow_ring(pits: &mut [u8], origin: usize, seeds: u32, dir: Direction) -> usize {
        let mut pit = origin;
        for _ in 0..seeds {
            pit = dir.advance(pit, 1, pits.len()).unwrap();
            pits[pit] += 1;
        }
        pit
    }

    #[test]
    fn passes_over_origin_and_full_pits() {
        // 12-pit ring, 13 seeds from pit 0; pit 5 holds 17 and is passed over, as is the
        // origin: 10 pits take seeds, so pits 1..=3 get a second seed.
        let mut pits = [0u8; 12];
        pits[5] = 17;
        let last = sow(&mut pits, 0, 13, Direction::CounterClockwise, |p, n| {
            p == 0 || n >= 17
        })
        .unwrap();
        assert_eq!(pits, [0, 2, 2, 2, 1, 17, 1, 1, 1, 1, 1, 1]);
        assert_eq!(last, 3);
    }

    #[test]
    fn a_pit_filled_to_the_cap_mid_lap_is_then_passed_over() {
        let mut pits = [0u8, 16, 0];
        let last = sow(&mut pits, 0, 4, Direction::CounterClockwise, |p, n| {
            p == 0 || n >= 17
        })
        .unwrap();
        // b: 16 -> 17, c: 1, b passed over, c: 2, b passed over, c: 3.
        assert_eq!(pits, [0, 17, 3]);
        assert_eq!(last, 2);
    }

    #[test]
    fn stuck_when_every_pit_is_passed_over() {
        let mut pits = [0u8, 17, 17];
        let r = sow(&mut pits, 0, 2, Direction::Clockwise, |p, n| {
            p == 0 || n >= 17
        });
        assert_eq!(r, Err(SowError::Stuck { left: 2 }));
        assert_eq!(pits, [0, 17, 17]);
    }

    #[test]
    fn clockwise_wraps() {
        let mut pits = [0u8; 5];
        let last = sow(&mut pits, 1, 3, Direction::Clockwise, |_, _| false).unwrap();
        assert_eq!(pits, [1, 0, 0, 1, 1]);
        assert_eq!(last, 3);
    }

    #[test]
    fn ring_of_exact_multiple_ends_on_origin() {
        let mut ring = [1u8; 16];
        let all = |_, _| false;
        assert_eq!(
            sow(&mut ring, 7, 32, Direction::CounterClockwise, all),
            Ok(7)
        );
        assert_eq!(ring, [3u8; 16]);
        assert_eq!(
            sow(&mut ring, 7, 0, Direction::CounterClockwise, all),
            Ok(7)
        );
    }

    #[test]
    fn a_full_pit_stops_the_lap_with_an_error() {
        let mut pits = [0u8, 254, 3];
        let r = sow(&mut pits, 0, 3, Direction::CounterClockwise, |p, _| p == 0);
        // b: 255, c: 4, then b cannot take the third seed.
        assert_eq!(r, Err(SowError::Full { pit: 1, left: 1 }));
        assert_eq!(pits, [0, 255, 4]);
    }

    #[test]
    fn an_origin_off_the_ring_sows_nothing() {
        let mut pits = [1u8, 2, 3];
        for origin in [3, 4, usize::MAX] {
            let r = sow(&mut pits, origin, 5, Direction::Clockwise, |_, _| false);
            assert_eq!(
                r,
                Err(SowError::NoSuchPit {
                    pit: origin,
                    len: 3
                })
            );
        }
        assert_eq!(pits, [1, 2, 3]);
        assert_eq!(
            sow(&mut [], 0, 1, Direction::Clockwise, |_, _| false),
            Err(SowError::NoSuchPit { pit: 0, len: 0 })
        );
    }

    #[test]
    fn advance_never_overflows() {
        let big = usize::MAX;
        for dir in [Direction::Clockwise, Direction::CounterClockwise] {
            assert_eq!(
                dir.advance(big - 1, big, big),
                Some((big - 1 + big % big) % big)
            );
            assert_eq!(dir.advance(0, 0, 0), None);
        }
        assert_eq!(
            Direction::CounterClockwise.advance(big - 1, 1, big),
            Some(0)
        );
        assert_eq!(
            Direction::CounterClockwise.advance(big - 2, big - 1, big),
            Some(big - 3)
        );
        assert_eq!(Direction::Clockwise.advance(0, 1, big), Some(big - 1));
        assert_eq!(Direction::Clockwise.advance(1, big - 1, big), Some(2));
        assert_eq!(Direction::Clockwise.advance(0, big, 1), Some(0));
    }

    #[test]
    fn ring_matches_seed_by_seed() {
        let strategy = (
            proptest::array::uniform16(0u8..8),
            0usize..16,
            0u32..64,
            any::<bool>(),
        );
        counted(
            "ring_matches_seed_by_seed",
            256,
            strategy,
            |(start, origin, seeds, cw)| {
                let dir = if cw {
                    Direction::Clockwise
                } else {
                    Direction::CounterClockwise
                };
                let mut slow = start;
                let b = slow_ring(&mut slow, origin, seeds, dir);
                // sow with nothing passed over is the obvious sowing.
                let mut via_sow = start;
                let c = sow(&mut via_sow, origin, seeds, dir, |_, _| false);
                prop_assert_eq!(via_sow, slow);
                prop_assert_eq!(c, Ok(b));
                Ok(true)
            },
        );
    }

    /// A ring of 2 to 15 pits below the cap of 17, an origin on it, and a number of
    /// seeds that fits: at most the room left below 17 in the pits other than the origin.
    fn fitting_lap() -> impl Strategy<Value = (Vec<u8>, usize, u32)> {
        proptest::collection::vec(0u8..17, 2..16)
            .prop_flat_map(|pits| {
                let len = pits.len();
                (Just(pits), 0..len)
            })
            .prop_flat_map(|(pits, origin)| {
                let room: u32 = pits
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != origin)
                    .map(|(_, &p)| 17 - u32::from(p))
                    .sum();
                (Just(pits), Just(origin), 0..=room)
            })
    }

    #[test]
    fn sow_conserves_seeds() {
        counted(
            "sow_conserves_seeds",
            256,
            fitting_lap(),
            |(start, origin, seeds)| {
                let mut pits = start.clone();
                let before: u32 = pits.iter().map(|&p| u32::from(p)).sum();
                let r = sow(
                    &mut pits,
                    origin,
                    seeds,
                    Direction::CounterClockwise,
                    |p, n| p == origin || n >= 17,
                );
                prop_assert!(r.is_ok(), "{:?}", r);
                let after: u32 = pits.iter().map(|&p| u32::from(p)).sum();
                prop_assert_eq!(after, before + seeds);
                prop_assert!(pits.iter().all(|&p| p <= 17));
                prop_assert_eq!(pits[origin], start[origin]);
                Ok(r.is_ok())
            },
        );
    }

    #[test]
    fn a_lap_with_no_room_left_is_stuck() {
        let strategy = fitting_lap().prop_flat_map(|(pits, origin, _)| {
            let room: u32 = pits
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != origin)
                .map(|(_, &p)| 17 - u32::from(p))
                .sum();
            (Just(pits), Just(origin), room + 1..room + 40)
        });
        counted(
            "a_lap_with_no_room_left_is_stuck",
            256,
            strategy,
            |(start, origin, seeds)| {
                let mut pits = start.clone();
                let r = sow(
                    &mut pits,
                    origin,
                    seeds,
                    Direction::CounterClockwise,
                    |p, n| p == origin || n >= 17,
                );
                let room: u32 = pits.iter().map(|&p| u32::from(p)).sum::<u32>()
                    - start.iter().map(|&p| u32::from(p)).sum::<u32>();
                prop_assert_eq!(r, Err(SowError::Stuck { left: seeds - room }));
                prop_assert!(
                    pits.iter()
                        .enumerate()
                        .all(|(i, &p)| p == 17 || i == origin)
                );
                Ok(true)
            },
        );
    }

    #[test]
    fn no_pit_ever_wraps() {
        // Pits near 255 and nothing passed over: every lap either fits or stops at a
        // full pit, and no count goes down.
        let strategy = (
            proptest::collection::vec(240u8..=255, 1..8),
            any::<usize>(),
            0u32..200,
            any::<bool>(),
        );
        counted(
            "no_pit_ever_wraps",
            256,
            strategy,
            |(start, origin, seeds, cw)| {
                let dir = if cw {
                    Direction::Clockwise
                } else {
                    Direction::CounterClockwise
                };
                let origin = origin % (start.len() + 1); // sometimes off the ring
                let mut pits = start.clone();
                let r = sow(&mut pits, origin, seeds, dir, |_, _| false);
                prop_assert!(pits.iter().zip(&start).all(|(a, b)| a >= b));
                let added: u32 = pits
                    .iter()
                    .zip(&start)
                    .map(|(&a, &b)| u32::from(a - b))
                    .sum();
                match r {
                    Ok(_) => prop_assert_eq!(added, seeds),
                    Err(SowError::Full { pit, left }) => {
                        prop_assert_eq!(pits[pit], 255);
                        prop_assert_eq!(added + left, seeds);
                    }
                    Err(SowError::NoSuchPit { pit, len }) => {
                        prop_assert_eq!((pit, len), (origin, start.len()));
                        prop_assert_eq!(added, 0);
                    }
                    Err(e) => prop_assert!(false, "{}", e),
                }
                Ok(true)
            },
        );
    }
}
