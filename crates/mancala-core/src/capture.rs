//! The capture run: from the pit that got the last seed, the pits a capture takes,
//! walking back against the sowing direction while the rule allows. Urim (rule 4) and
//! Oware (the capture, before the grand-slam check) both find their captures with
//! [`capture_run`].

use core::ops::Range;

use crate::Direction;

/// The pits a capture takes, `from..=to` in board order (`from <= to`), and the seeds
/// they hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    /// The lowest index of the run.
    pub from: usize,
    /// The highest index of the run.
    pub to: usize,
    /// The seeds in the run's pits (a `u64`: any number of pits of 255 fits).
    pub seeds: u64,
}

/// The run of pits a capture takes when the last seed fell into `last`, sowing in
/// direction `dir`: `last` if it lies in `row` and `first(count)` holds, then each
/// earlier pit (walking back against `dir`) while it lies in `row` and `next(count)`
/// holds. Nothing is emptied: the game empties `run.from..=run.to` once its rules have
/// had their say (Oware's grand slam can still refuse the capture).
///
/// `None` if nothing is captured: `last` is not in `row` or not a pit of `pits`, or
/// `first` refuses it. A `row` reaching past the board stops at its end: no input
/// panics.
///
/// `L` is a constant, and the closures and `row` usually are too, so the walk compiles
/// to the loop a game would write itself: Urim's and Oware's perft run within 2% of
/// their former own walks, inside the noise of the measurement (`docs/performance.md`,
/// "The core's primitives").
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::{capture::{capture_run, Run}, Direction};
/// // Urim: the opponent's row is 6..12; the last seed made pit 9 hold 3.
/// let pits = [0, 0, 0, 0, 0, 0, 1, 4, 2, 3, 5, 0];
/// let run = capture_run(&pits, 9, Direction::CounterClockwise, 6..12,
///     |n| n == 2 || n == 3, |n| (2..=4).contains(&n));
/// // Pits 9 (3), 8 (2), 7 (4); pit 6 holds 1: stop.
/// assert_eq!(run, Some(Run { from: 7, to: 9, seeds: 9 }));
/// ```
#[inline]
pub fn capture_run<const L: usize>(
    pits: &[u8; L],
    last: usize,
    dir: Direction,
    row: Range<usize>,
    first: impl Fn(u8) -> bool,
    next: impl Fn(u8) -> bool,
) -> Option<Run> {
    if !row.contains(&last) {
        return None;
    }
    let &at_last = pits.get(last)?;
    if !first(at_last) {
        return None;
    }
    let mut run = Run {
        from: last,
        to: last,
        seeds: u64::from(at_last),
    };
    match dir {
        // Sown towards higher indices: the walk goes down to the row's first pit.
        Direction::CounterClockwise => {
            while run.from > row.start {
                let Some(&n) = pits.get(run.from - 1) else {
                    break;
                };
                if !next(n) {
                    break;
                }
                run.seeds += u64::from(n);
                run.from -= 1;
            }
        }
        // Sown towards lower indices: the walk goes up to the row's last pit.
        Direction::Clockwise => {
            while run.to + 1 < row.end {
                let Some(&n) = pits.get(run.to + 1) else {
                    break;
                };
                if !next(n) {
                    break;
                }
                run.seeds += u64::from(n);
                run.to += 1;
            }
        }
    }
    Some(run)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::counted::counted;
    use proptest::prelude::*;

    fn urim(pits: &[u8; 12], last: usize) -> Option<Run> {
        capture_run(
            pits,
            last,
            Direction::CounterClockwise,
            6..12,
            |n| n == 2 || n == 3,
            |n| (2..=4).contains(&n),
        )
    }

    /// The obvious walk, pit by pit round the ring with `Direction::advance`.
    fn slow(
        pits: &[u8],
        last: usize,
        dir: Direction,
        row: Range<usize>,
        first: impl Fn(u8) -> bool,
        next: impl Fn(u8) -> bool,
    ) -> Option<(std::vec::Vec<usize>, u64)> {
        if last >= pits.len() || !row.contains(&last) || !first(pits[last]) {
            return None;
        }
        let mut taken = std::vec![last];
        let mut seeds = u64::from(pits[last]);
        let mut pit = last;
        loop {
            pit = dir.reversed().advance(pit, 1, pits.len()).unwrap();
            // Coming round the ring to a higher index (or lower) leaves the row too.
            let onward = match dir {
                Direction::CounterClockwise => pit < last,
                Direction::Clockwise => pit > last,
            };
            if !onward || !row.contains(&pit) || !next(pits[pit]) || taken.contains(&pit) {
                break;
            }
            taken.push(pit);
            seeds += u64::from(pits[pit]);
        }
        taken.sort_unstable();
        Some((taken, seeds))
    }

    #[test]
    fn matches_the_pit_by_pit_walk() {
        // Pits mostly of 2 to 5, rows inside the board, `last` mostly in the row (a
        // quarter of the cases anywhere, off the board included).
        let count = prop_oneof![1 => 0u8..2, 4 => 2u8..6];
        let strategy = (
            proptest::array::uniform12(count),
            0usize..16,
            0usize..6,
            1usize..7,
            any::<bool>(),
        );
        counted(
            "matches_the_pit_by_pit_walk",
            2000,
            strategy,
            |(pits, pick, start, len, cw)| {
                let dir = if cw {
                    Direction::Clockwise
                } else {
                    Direction::CounterClockwise
                };
                let last = if pick < 12 { start + pick % len } else { pick };
                let end = start + len;
                let first = |n: u8| n >= 2;
                let next = |n: u8| (2..=4).contains(&n);
                let fast = capture_run(&pits, last, dir, start..end, first, next);
                let slow = slow(&pits, last, dir, start..end, first, next);
                let fast_pits =
                    fast.map(|r| ((r.from..=r.to).collect::<std::vec::Vec<_>>(), r.seeds));
                prop_assert_eq!(&fast_pits, &slow);
                // The main branch: a capture of at least one pit.
                Ok(fast.is_some())
            },
        );
    }

    #[test]
    fn a_pit_off_the_ring_takes_nothing() {
        let pits = [2u8; 12];
        for last in [12, 13, usize::MAX] {
            let r = capture_run(
                &pits,
                last,
                Direction::Clockwise,
                0..usize::MAX,
                |_| true,
                |_| true,
            );
            assert_eq!(r, None);
        }
        assert_eq!(
            capture_run(&[], 0, Direction::Clockwise, 0..1, |_| true, |_| true),
            None
        );
        // A row past the board stops at its end.
        assert_eq!(
            capture_run(&pits, 9, Direction::Clockwise, 0..100, |_| true, |_| true),
            Some(Run {
                from: 9,
                to: 11,
                seeds: 6
            })
        );
        // The largest run of all: every pit full, the whole board.
        let full = [255u8; 1000];
        let r = capture_run(
            &full,
            999,
            Direction::CounterClockwise,
            0..1000,
            |_| true,
            |_| true,
        );
        assert_eq!(
            r,
            Some(Run {
                from: 0,
                to: 999,
                seeds: 255_000
            })
        );
    }

    #[test]
    fn stops_at_the_row_end() {
        // Every opponent pit would qualify, but the walk stops before pit 5 (own row).
        let pits = [2, 2, 2, 2, 2, 2, 2, 3, 4, 2, 0, 0];
        assert_eq!(
            urim(&pits, 9),
            Some(Run {
                from: 6,
                to: 9,
                seeds: 11
            })
        );
    }

    #[test]
    fn a_last_four_starts_nothing() {
        let pits = [0, 0, 0, 0, 0, 0, 2, 2, 4, 0, 0, 0];
        assert_eq!(urim(&pits, 8), None);
    }

    #[test]
    fn own_row_captures_nothing() {
        let pits = [0, 0, 3, 0, 0, 0, 2, 2, 2, 0, 0, 0];
        assert_eq!(urim(&pits, 2), None);
    }

    #[test]
    fn clockwise_walks_the_other_way() {
        // Sowing clockwise, the walk goes to higher indices.
        let pits = [0, 0, 0, 0, 0, 0, 3, 2, 1, 0, 0, 0];
        let run = capture_run(
            &pits,
            6,
            Direction::Clockwise,
            6..12,
            |n| n == 2 || n == 3,
            |n| n == 2 || n == 3,
        );
        assert_eq!(
            run,
            Some(Run {
                from: 6,
                to: 7,
                seeds: 5
            })
        );
    }
}
