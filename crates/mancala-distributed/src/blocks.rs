//! Which worker owns which ranks of a table: each a block of consecutive ranks.

/// The block of ranks `0..count` worker `w` of `workers` owns: `count·w/workers ..
/// count·(w+1)/workers`.
#[must_use]
pub fn block(count: u64, w: usize, workers: usize) -> (u64, u64) {
    let at = |w: usize| (u128::from(count) * w as u128 / workers as u128) as u64;
    (at(w), at(w + 1))
}

/// The worker that owns rank `rank` of `count` ([`block`]).
#[must_use]
pub fn owner(count: u64, rank: u64, workers: usize) -> usize {
    let mut w = (u128::from(rank) * workers as u128 / u128::from(count.max(1))) as usize;
    w = w.min(workers - 1);
    while w + 1 < workers && block(count, w + 1, workers).0 <= rank {
        w += 1;
    }
    while w > 0 && block(count, w, workers).0 > rank {
        w -= 1;
    }
    w
}

#[cfg(test)]
mod tests {
    use super::{block, owner};

    #[test]
    fn blocks_cover_the_ranks_and_owners_find_them() {
        for count in [0u64, 1, 2, 7, 100, 1001] {
            for workers in 1..6 {
                let mut next = 0;
                for w in 0..workers {
                    let (a, b) = block(count, w, workers);
                    assert_eq!(a, next);
                    for r in a..b {
                        assert_eq!(owner(count, r, workers), w, "rank {r} of {count}");
                    }
                    next = b;
                }
                assert_eq!(next, count);
            }
        }
    }
}
