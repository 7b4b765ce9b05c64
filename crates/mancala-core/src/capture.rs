//! Capture walks: from the pit that got the last seed, take seeds pit by pit backwards
//! while the rule allows (Urim rule 4, Oware's capture).

use crate::Direction;

/// Walks back from `last` against the sowing direction `dir`, capturing: `last` is
/// taken if `first(count)` holds, then each earlier pit while `in_row(pit)` and
/// `next(count)` hold. Captured pits are emptied. Returns the seeds captured (0 if
/// `last` itself is not taken), or `None`, with nothing taken, if `last` is not a pit
/// of `pits`.
///
/// `in_row` is checked for `last` too, so a last seed outside the opponent's row
/// captures nothing.
///
/// ```
/// use mancala_core::{capture::capture_walk, Direction};
/// // Urim: the opponent's row is 6..12; the last seed made pit 9 hold 3.
/// let mut pits = [0, 0, 0, 0, 0, 0, 1, 4, 2, 3, 5, 0];
/// let taken = capture_walk(&mut pits, 9, Direction::CounterClockwise,
///     |p| p >= 6, |n| n == 2 || n == 3, |n| (2..=4).contains(&n));
/// assert_eq!(taken, Some(9)); // pits 9 (3), 8 (2), 7 (4); pit 6 holds 1: stop.
/// assert_eq!(pits, [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 5, 0]);
/// ```
#[inline]
pub fn capture_walk(
    pits: &mut [u8],
    last: usize,
    dir: Direction,
    in_row: impl Fn(usize) -> bool,
    first: impl Fn(u8) -> bool,
    next: impl Fn(u8) -> bool,
) -> Option<u64> {
    let &at_last = pits.get(last)?;
    if !in_row(last) || !first(at_last) {
        return Some(0);
    }
    let back = dir.reversed();
    let len = pits.len();
    // A sum of `len` pits of at most 255 fits a u64 for any slice.
    let mut taken = u64::from(at_last);
    pits[last] = 0;
    let mut pit = last;
    // At most len - 1 more pits: the walk never comes back to `last`.
    for _ in 1..len {
        // `pit < len`, so there is always a next pit.
        pit = back.advance(pit, 1, len)?;
        if !in_row(pit) || !next(pits[pit]) {
            break;
        }
        taken += u64::from(pits[pit]);
        pits[pit] = 0;
    }
    Some(taken)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn urim(pits: &mut [u8], last: usize) -> u64 {
        capture_walk(
            pits,
            last,
            Direction::CounterClockwise,
            |p| p >= 6,
            |n| n == 2 || n == 3,
            |n| (2..=4).contains(&n),
        )
        .unwrap()
    }

    #[test]
    fn a_pit_off_the_ring_takes_nothing() {
        let mut pits = [2u8; 12];
        for last in [12, 13, usize::MAX] {
            let r = capture_walk(
                &mut pits,
                last,
                Direction::Clockwise,
                |_| true,
                |_| true,
                |_| true,
            );
            assert_eq!(r, None);
        }
        assert_eq!(pits, [2u8; 12]);
        assert_eq!(
            capture_walk(
                &mut [],
                0,
                Direction::Clockwise,
                |_| true,
                |_| true,
                |_| true
            ),
            None
        );
        // The largest walk of all: every pit full, taken round the whole ring.
        let mut full = [255u8; 1000];
        let r = capture_walk(
            &mut full,
            0,
            Direction::CounterClockwise,
            |_| true,
            |_| true,
            |_| true,
        );
        assert_eq!(r, Some(255_000));
        assert_eq!(full, [0u8; 1000]);
    }

    #[test]
    fn stops_at_the_row_end() {
        // Every opponent pit would qualify, but the walk stops before pit 5 (own row).
        let mut pits = [2, 2, 2, 2, 2, 2, 2, 3, 4, 2, 0, 0];
        assert_eq!(urim(&mut pits, 9), 11);
        assert_eq!(pits, [2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0]);
    }

    #[test]
    fn a_last_four_starts_nothing() {
        let mut pits = [0, 0, 0, 0, 0, 0, 2, 2, 4, 0, 0, 0];
        assert_eq!(urim(&mut pits, 8), 0);
        assert_eq!(pits[8], 4);
    }

    #[test]
    fn own_row_captures_nothing() {
        let mut pits = [0, 0, 3, 0, 0, 0, 2, 2, 2, 0, 0, 0];
        assert_eq!(urim(&mut pits, 2), 0);
        assert_eq!(pits[2], 3);
    }

    #[test]
    fn clockwise_walks_the_other_way() {
        // Sowing clockwise, the walk goes to higher indices.
        let mut pits = [0, 0, 0, 0, 0, 0, 3, 2, 1, 0, 0, 0];
        let taken = capture_walk(
            &mut pits,
            6,
            Direction::Clockwise,
            |p| p >= 6,
            |n| n == 2 || n == 3,
            |n| n == 2 || n == 3,
        );
        assert_eq!(taken, Some(5));
        assert_eq!(pits, [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
    }
}
