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

/// The first ranks of the blocks of every table up to a seed count, for finding
/// owners fast ([`Owners::owner`]).
pub(crate) struct Owners {
    /// `starts[s]`: the first rank of each worker's block of the table of `s` seeds,
    /// and the count.
    starts: Vec<Vec<u64>>,
}

impl Owners {
    /// The owners of the tables of `counts[s]` boards, `workers` workers.
    pub(crate) fn new(counts: impl Iterator<Item = u64>, workers: usize) -> Owners {
        let starts = counts
            .map(|c| (0..=workers).map(|w| block(c, w, workers).0).collect())
            .collect();
        Owners { starts }
    }

    /// The worker that owns rank `rank` of the table of `seeds` seeds ([`owner`]).
    #[inline]
    pub(crate) fn owner(&self, seeds: u32, rank: u64) -> usize {
        let s = &self.starts[seeds as usize];
        // The last block starting at or before `rank` that is not empty.
        s[1..].partition_point(|&start| start <= rank)
    }

    /// The first rank of worker `w`'s block of the table of `seeds` seeds.
    #[inline]
    pub(crate) fn first(&self, seeds: u32, w: usize) -> u64 {
        self.starts[seeds as usize][w]
    }
}

#[cfg(test)]
mod tests {
    use super::{Owners, block, owner};

    #[test]
    fn owners_agree_with_owner() {
        let counts = [0u64, 1, 2, 7, 100, 1001];
        for workers in 1..9 {
            let o = Owners::new(counts.iter().copied(), workers);
            for (s, &count) in counts.iter().enumerate() {
                for r in 0..count {
                    assert_eq!(o.owner(s as u32, r), owner(count, r, workers));
                }
                for w in 0..workers {
                    assert_eq!(o.first(s as u32, w), block(count, w, workers).0);
                }
            }
        }
    }

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
