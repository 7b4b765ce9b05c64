//! Un-sowing: the boards a move that captures nothing may have come from, so that the
//! retrograde analysis ([`retro`](crate::retro)) re-evaluates only the parents of the
//! boards whose bounds changed (a worklist) instead of every board in every
//! iteration.
//!
//! It serves the games whose move lifts every seed of one of the mover's pits and sows
//! them one by one round the ring of both rows (the mover's row from its left, then the
//! opponent's from its left), passing over the origin and any pit holding the cap, the
//! turn then passing to the other side: Urim (rules 3 and 4, cap 17) and Oware (no
//! cap). [`Solvable::sowing`](crate::Solvable::sowing) says whether a game moves so.

/// How a game's moves that capture nothing sow (see the [module](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// The most seeds a pit holds: a pit holding it is passed over (Urim: 17).
    pub cap: Option<u8>,
}

/// Calls `each` with every board that a move keeping the seed count may have turned
/// into `board`, and with some that no move did (a superset: the caller plays them
/// forward, or only loses time on them). Boards are in the solver's pairs (the
/// mover's pit `a`, the opponent's `a`, …; see [`Solvable`](crate::Solvable)): `board` as its
/// mover sees it, each candidate as its own mover (`board`'s opponent) sees it. A
/// candidate may hold more than the cap in a pit (no such board exists).
///
/// How: the parent's mover emptied an origin pit `o` of its row (empty in `board`,
/// since the origin is passed over) and dropped `k` seeds one by one on the pits after
/// it, so the parent is `board` with those drops taken back and `k` in `o`, for every
/// `o` and every `k` until a drop cannot be taken back. With a cap, a pit that holds
/// the cap in `board` may have held the cap minus `r` before and taken only its first
/// `r` visits: every `r` is tried.
///
/// ```
/// use mancala_solve::unsow::{Sowing, unsow};
/// // A 2×2 board: the mover's a, the opponent's a, the mover's b, the opponent's b.
/// // South sowed the 2 seeds of its b (board 1,0,2,0 from South): North's a and b
/// // got one each. Seen from North, the mover now: 1,1,1,0.
/// let mut parents = Vec::new();
/// unsow(&[1, 1, 1, 0], Sowing { cap: None }, |p| parents.push(p.to_vec()));
/// assert!(parents.contains(&vec![1, 0, 2, 0]));
/// ```
pub fn unsow(board: &[u8], sowing: Sowing, mut each: impl FnMut(&[u8])) {
    unsow_from(board, sowing, |_, parent| each(parent));
}

/// [`unsow`], each candidate given with the pit of its mover whose move would have
/// made `board` (from the mover's left; the same candidate may come more than once).
pub fn unsow_from(board: &[u8], sowing: Sowing, mut each: impl FnMut(usize, &[u8])) {
    const MAX: usize = crate::rank::MAX_PITS;
    let len = board.len();
    let m = len / 2;
    if !len.is_multiple_of(2) || len == 0 || len > MAX {
        return;
    }
    // The ring from the parent's mover: its row (the board's opponent pits), then the
    // board's mover's row.
    let mut ring = [0u8; MAX];
    for i in 0..m {
        ring[i] = board[2 * i + 1];
        ring[m + i] = board[2 * i];
    }
    let seeds: u32 = board.iter().map(|&x| u32::from(x)).sum();
    let visits = seeds as usize / (len - 1) + 1;
    let mut parent = [0u8; MAX];
    for o in (0..m).filter(|&o| ring[o] == 0) {
        // The pits at the cap (but the origin): each may have taken only its first
        // `r` visits (then held the cap and was passed over), for `r` in 0..=visits,
        // or every visit (`r` = visits + 1: it was never passed over).
        let mut capped = [0usize; MAX];
        let mut ncapped = 0;
        if let Some(c) = sowing.cap {
            for j in (0..len).filter(|&j| j != o && ring[j] == c) {
                capped[ncapped] = j;
                ncapped += 1;
            }
        }
        let mut r = [visits + 1; MAX];
        loop {
            let mut drops = [0u8; MAX];
            let mut taken = [0usize; MAX];
            let mut at = o;
            for k in 1..=seeds {
                // The next pit that takes a seed.
                let mut steps = 0;
                loop {
                    at = (at + 1) % len;
                    steps += 1;
                    let passed =
                        at == o || (0..ncapped).any(|c| capped[c] == at && taken[c] >= r[c]);
                    if !passed || steps > len {
                        break;
                    }
                }
                if steps > len || drops[at] >= ring[at] {
                    break;
                }
                drops[at] += 1;
                if let Some(c) = (0..ncapped).find(|&c| capped[c] == at) {
                    taken[c] += 1;
                }
                let Ok(k8) = u8::try_from(k) else { break };
                for i in 0..m {
                    parent[2 * i] = ring[i] - drops[i];
                    parent[2 * i + 1] = ring[m + i] - drops[m + i];
                }
                parent[2 * o] = k8;
                each(o, &parent[..len]);
            }
            // The next pattern (mixed radix over the capped pits).
            let mut c = 0;
            while c < ncapped {
                if r[c] == 0 {
                    r[c] = visits + 1;
                    c += 1;
                } else {
                    r[c] -= 1;
                    break;
                }
            }
            if c == ncapped {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sows `k` seeds from the mover's pit `o` of `parent` (pairs) with the cap, the
    /// way the module describes, and returns the child as its mover sees it.
    fn sow(parent: &[u8], o: usize, cap: Option<u8>) -> Vec<u8> {
        let m = parent.len() / 2;
        let mut ring: Vec<u8> = (0..m)
            .map(|i| parent[2 * i])
            .chain((0..m).map(|i| parent[2 * i + 1]))
            .collect();
        let mut k = ring[o];
        ring[o] = 0;
        let mut at = o;
        while k > 0 {
            at = (at + 1) % ring.len();
            if at == o || cap.is_some_and(|c| ring[at] >= c) {
                continue;
            }
            ring[at] += 1;
            k -= 1;
        }
        (0..m).flat_map(|i| [ring[m + i], ring[i]]).collect()
    }

    /// Every board of a 2×3 ring with up to 9 seeds, every move: the parent is among
    /// the candidates of its child (with a cap of 4, so that capped pits occur).
    #[test]
    fn every_parent_is_a_candidate() {
        for cap in [None, Some(4)] {
            let mut checked = 0;
            for code in 0..10u32.pow(6) {
                let parent: Vec<u8> = (0..6).map(|i| (code / 10u32.pow(i) % 10) as u8).collect();
                let seeds: u32 = parent.iter().map(|&x| u32::from(x)).sum();
                if seeds > 9 || cap.is_some_and(|c| parent.iter().any(|&x| x > c)) {
                    continue;
                }
                for o in (0..3).filter(|&o| parent[2 * o] > 0) {
                    let child = sow(&parent, o, cap);
                    let mut found = false;
                    unsow(&child, Sowing { cap }, |p| found |= p == &parent[..]);
                    assert!(found, "{parent:?} from {o} gives {child:?}");
                    checked += 1;
                }
            }
            assert!(checked > 1000, "{checked}");
        }
    }

    /// A pit filled to the cap mid-lap and then passed over (16 seeds and a lap that
    /// comes round to it), and one at the cap from the start.
    #[test]
    fn capped_pits_are_undone() {
        let cap = Some(17);
        // Pairs: the mover's a, the opponent's a, the mover's b, …
        for parent in [
            [12u8, 0, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [13, 0, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [12, 0, 17, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [13, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        ] {
            let child = sow(&parent, 0, cap);
            let mut found = false;
            unsow(&child, Sowing { cap }, |p| found |= p == &parent[..]);
            assert!(found, "{parent:?} gives {child:?}");
        }
    }
}
