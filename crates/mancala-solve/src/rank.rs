//! A perfect rank of boards: every way to put `s` seeds in `p` pits (a composition of
//! `s` into `p` parts, empty pits allowed) gets a distinct index in
//! `0..C(s+p-1, p-1)`, so a database is a flat array with no keys.
//!
//! The rank is the combinatorial number system over "stars and bars": a board
//! `x_0, …, x_{p-1}` is the set of bar positions `b_j = x_0 + … + x_j + j`
//! (`j < p-1`), a `(p-1)`-subset of `0..s+p-1`, and its rank is
//! `Σ_j C(b_j, j+1)` — the subset's index in colexicographic order.
//!
//! ```
//! use mancala_solve::rank::Ranker;
//! let r = Ranker::new(3, 2).unwrap();
//! assert_eq!(r.count(2), 6); // C(4, 2): 002 011 020 101 110 200
//! let mut board = [0u8; 3];
//! r.unrank(2, 5, &mut board).unwrap();
//! assert_eq!(r.rank(&board), 5);
//! ```

use thiserror::Error;

/// Why a [`Ranker`] cannot be made, or a rank cannot be turned into a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum RankError {
    /// A board needs at least one pit, and at most [`MAX_PITS`].
    #[error("a board has 1 to {max} pits, not {pits}", max = MAX_PITS)]
    Pits {
        /// The number of pits asked for.
        pits: usize,
    },
    /// The boards with this many seeds are too many to index with a `u64`.
    #[error("the boards of {seeds} seeds in {pits} pits are too many to rank in 64 bits")]
    TooMany {
        /// The pits.
        pits: usize,
        /// The seeds.
        seeds: u32,
    },
    /// The seed count is above the ranker's maximum.
    #[error("{seeds} seeds is more than this ranker's maximum of {max}")]
    Seeds {
        /// The seeds asked for.
        seeds: u32,
        /// The ranker's maximum.
        max: u32,
    },
    /// The rank is not below the number of boards.
    #[error("rank {rank} is out of range: there are {count} boards of {seeds} seeds")]
    Rank {
        /// The rank asked for.
        rank: u64,
        /// The number of boards.
        count: u64,
        /// The seeds.
        seeds: u32,
    },
    /// The output slice does not have one entry per pit.
    #[error("the board has {len} pits, the ranker {pits}")]
    Length {
        /// The slice's length.
        len: usize,
        /// The ranker's pits.
        pits: usize,
    },
}

/// The most pits a board may have (two rows of 16).
pub const MAX_PITS: usize = 32;

/// Ranks and unranks the boards of `pits` pits with up to `max_seeds` seeds.
///
/// Holds the binomial coefficients `C(n, k)` for `n < max_seeds + pits` and
/// `k < pits`.
#[derive(Clone, Debug)]
pub struct Ranker {
    pits: usize,
    max_seeds: u32,
    /// `C(n, k)` at `n * pits + k`, for `k < pits`.
    binom: Vec<u64>,
    /// For [`rank_word`](Ranker::rank_word): pit `j`'s term of the rank by the seeds
    /// `b` of pits `0..=j`, `C(b + j, j + 1)`, at `[j][b]`, for `j < min(pits, 16) - 1`
    /// and `b <= max_seeds`; 0 elsewhere. Rows of 256 and 15 of them whatever the
    /// ranker: any byte indexes a row, and a word's 15 terms are read without a bound
    /// checked or a loop counted (30 KB, of which a build touches a few lines a row).
    terms: Box<[[u64; 256]; 15]>,
    /// For [`rank_word`](Ranker::rank_word) with at most [`PAIR_SEEDS`] seeds: the
    /// terms of pits `2k` and `2k + 1` together, by the seeds `b` of pits `0..=2k` and
    /// the seeds `x` of pit `2k + 1`, at `[k][b + 64 x]` (eight reads a word, not
    /// fifteen); `None` for more seeds (256 KB).
    pairs: Option<Box<[[u64; 4096]; 8]>>,
    /// For [`rank_word`](Ranker::rank_word): 0xff in the bytes of the pits (the rest of
    /// a word is not the board's).
    word: u128,
}

/// The most seeds for which [`Ranker::rank_word`] reads the terms in pairs: a pit's
/// seeds and a prefix sum each fit in 6 bits.
pub const PAIR_SEEDS: u32 = 63;

impl Ranker {
    /// A ranker for boards of `pits` pits with at most `max_seeds` seeds.
    ///
    /// # Errors
    /// [`RankError::Pits`] for 0 or more than [`MAX_PITS`] pits; [`RankError::Seeds`]
    /// above 255 seeds (a pit holds a `u8`); [`RankError::TooMany`] if the boards of `max_seeds` seeds overflow a `u64`.
    pub fn new(pits: usize, max_seeds: u32) -> Result<Ranker, RankError> {
        if pits == 0 || pits > MAX_PITS {
            return Err(RankError::Pits { pits });
        }
        if max_seeds > u32::from(u8::MAX) {
            return Err(RankError::Seeds {
                seeds: max_seeds,
                max: u32::from(u8::MAX),
            });
        }
        let rows = max_seeds as usize + pits;
        let mut binom = vec![0u64; rows * pits];
        for n in 0..rows {
            binom[n * pits] = 1;
            for k in 1..pits.min(n + 1) {
                let above = binom[(n - 1) * pits + k - 1].checked_add(if k < n {
                    binom[(n - 1) * pits + k]
                } else {
                    0
                });
                // Saturate: a saturated entry is only ever reached past the checked
                // total below.
                binom[n * pits + k] = above.unwrap_or(u64::MAX);
            }
            if n < pits {
                binom[n * pits + n] = 1;
            }
        }
        let mut r = Ranker {
            pits,
            max_seeds,
            binom,
            terms: Box::new([[0; 256]; 15]),
            pairs: None,
            word: u128::MAX >> (8 * (16 - pits.min(16))),
        };
        let count = r.c(max_seeds as usize + pits - 1, pits - 1);
        // The largest rank sum must fit too; every entry below the total is exact
        // once the total itself is (it is the largest coefficient used).
        if count == u64::MAX {
            return Err(RankError::TooMany {
                pits,
                seeds: max_seeds,
            });
        }
        for j in 0..pits.min(16) - 1 {
            for b in 0..=max_seeds as usize {
                r.terms[j][b] = r.c(b + j, j + 1);
            }
        }
        if max_seeds <= PAIR_SEEDS {
            let term = |j: usize, b: usize| r.terms.get(j).map_or(0, |row| row[b]);
            let mut pairs: Box<[[u64; 4096]; 8]> = vec![[0; 4096]; 8]
                .into_boxed_slice()
                .try_into()
                .map_err(|_| RankError::Pits { pits })?;
            let m = max_seeds as usize;
            for (k, row) in pairs.iter_mut().enumerate() {
                for b in 0..=m {
                    for x in 0..=m - b {
                        row[b + 64 * x] = term(2 * k, b).wrapping_add(term(2 * k + 1, b + x));
                    }
                }
            }
            r.pairs = Some(pairs);
        }
        Ok(r)
    }

    /// The number of pits.
    #[must_use]
    pub fn pits(&self) -> usize {
        self.pits
    }

    /// The most seeds this ranker handles.
    #[must_use]
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    #[inline]
    fn c(&self, n: usize, k: usize) -> u64 {
        self.binom[n * self.pits + k]
    }

    /// The number of boards with `seeds` seeds: `C(seeds + pits - 1, pits - 1)`;
    /// 0 above the ranker's maximum.
    #[must_use]
    pub fn count(&self, seeds: u32) -> u64 {
        if seeds > self.max_seeds {
            return 0;
        }
        self.c(seeds as usize + self.pits - 1, self.pits - 1)
    }

    /// The rank of `board` among the boards with the same number of seeds.
    ///
    /// # Panics
    /// If `board` does not have [`pits`](Ranker::pits) entries or holds more than
    /// [`max_seeds`](Ranker::max_seeds) seeds (a caller's bug: the solver only
    /// ranks boards of its own games).
    #[inline]
    #[must_use]
    pub fn rank(&self, board: &[u8]) -> u64 {
        assert_eq!(board.len(), self.pits, "board length");
        let mut r = 0u64;
        let mut b = 0usize;
        for (j, &x) in board[..self.pits - 1].iter().enumerate() {
            b += x as usize;
            r += self.c(b + j, j + 1);
        }
        assert!(
            b + board[self.pits - 1] as usize <= self.max_seeds as usize,
            "board above the ranker's seeds"
        );
        r
    }

    /// The seeds on `board` and, if they are at most
    /// [`max_seeds`](Ranker::max_seeds), its [`rank`](Ranker::rank) (in one pass over
    /// the pits: the rank's prefix sums are the seeds); above, the rank is `None`.
    /// Only the first [`pits`](Ranker::pits) entries of `board` are read.
    ///
    /// # Panics
    /// If `board` has fewer than [`pits`](Ranker::pits) entries.
    #[inline]
    #[must_use]
    pub fn rank_seeds(&self, board: &[u8]) -> (Option<u64>, u32) {
        let p = self.pits;
        let board = &board[..p];
        let mut r = 0u64;
        let mut b = 0usize;
        for (j, &x) in board[..p - 1].iter().enumerate() {
            b += x as usize;
            // Past the table only when the seeds are above the maximum (the prefix
            // sums then outgrow it); the rank is dropped then.
            r = r.wrapping_add(self.binom.get((b + j) * p + j + 1).copied().unwrap_or(0));
        }
        let seeds = (b + board[p - 1] as usize) as u32;
        ((seeds <= self.max_seeds).then_some(r), seeds)
    }

    /// [`rank_seeds`](Ranker::rank_seeds) of a board held in one word, a pit a byte
    /// (pit `k` in byte `k`, little-endian), for a ranker of at most 16 pits: the
    /// prefix sums of the rank are one multiplication, then independent reads of the
    /// table. The board must hold at most 255 seeds (a byte of the game).
    #[inline]
    #[must_use]
    pub fn rank_word(&self, board: u128) -> (Option<u64>, u32) {
        self.words().rank(board)
    }

    /// What [`rank_word`](Ranker::rank_word) reads, borrowed in one small value: a loop
    /// that ranks many words holds it in registers rather than read the ranker's
    /// fields again at every word.
    #[inline]
    #[must_use]
    pub fn words(&self) -> WordRanker<'_> {
        WordRanker {
            pairs: self.pairs.as_deref(),
            terms: &self.terms,
            word: self.word,
            max_seeds: self.max_seeds,
            pits: self.pits,
        }
    }

    /// Writes the board of `seeds` seeds with rank `rank` into `board`.
    ///
    /// # Errors
    /// [`RankError::Length`] if `board` does not have one entry per pit,
    /// [`RankError::Seeds`] above the maximum, [`RankError::Rank`] if `rank` is not
    /// below [`count`](Ranker::count); `board` is then unchanged.
    pub fn unrank(&self, seeds: u32, rank: u64, board: &mut [u8]) -> Result<(), RankError> {
        if board.len() != self.pits {
            return Err(RankError::Length {
                len: board.len(),
                pits: self.pits,
            });
        }
        if seeds > self.max_seeds {
            return Err(RankError::Seeds {
                seeds,
                max: self.max_seeds,
            });
        }
        let count = self.count(seeds);
        if rank >= count {
            return Err(RankError::Rank { rank, count, seeds });
        }
        let p = self.pits;
        let mut r = rank;
        // Bars from the last: b_j is the largest b < b_{j+1} with C(b, j+1) <= r.
        let mut upper = seeds as usize + p - 1; // one past the largest bar position
        let mut last = upper; // b_{j+1}, the next bar to the right (the end for j = p-2)
        for j in (0..p - 1).rev() {
            let mut b = upper - 1;
            while self.c(b, j + 1) > r {
                b -= 1;
            }
            r -= self.c(b, j + 1);
            // Pit j+1 lies between bar j and bar j+1.
            board[j + 1] = (last - b - 1) as u8;
            last = b;
            upper = b;
        }
        board[0] = last as u8;
        Ok(())
    }

    /// Steps `board` to the board of the next rank with the same seeds; returns
    /// `false` (and leaves `board` unchanged) on the last one.
    ///
    /// The next subset in colexicographic order: the first pit `k >= 1` that holds
    /// seeds gives one up, pit `k-1` gets it and pit 0's seeds, pit 0 is emptied.
    #[inline]
    pub fn next(&self, board: &mut [u8]) -> bool {
        let Some(k) = board.iter().skip(1).position(|&x| x > 0).map(|k| k + 1) else {
            return false;
        };
        let t = board[0];
        board[0] = 0;
        board[k - 1] = t + 1;
        board[k] -= 1;
        true
    }
}

/// [`Ranker::rank_word`] on a ranker's tables borrowed ([`Ranker::words`]).
#[derive(Clone, Copy, Debug)]
pub struct WordRanker<'a> {
    pairs: Option<&'a [[u64; 4096]; 8]>,
    terms: &'a [[u64; 256]; 15],
    word: u128,
    max_seeds: u32,
    pits: usize,
}

impl WordRanker<'_> {
    /// [`Ranker::rank_word`].
    // Always: into the builds' loops (`WordJob::kid`, `retro::children`,
    // `retro::first_words`). Once it had a second caller the compiler kept it a call
    // (Kalah 14 seeds: 3,498 million instructions in all, 3,094 inlined).
    #[inline(always)]
    #[must_use]
    pub fn rank(&self, board: u128) -> (Option<u64>, u32) {
        const LANES: u128 = u128::from_le_bytes([1; 16]);
        let board = board & self.word;
        // Byte j of the product: the seeds of pits 0..=j (no byte carries), the top
        // byte all of them (read by a shift, not through memory).
        let product = board.wrapping_mul(LANES);
        let seeds = (product >> 120) as u32;
        let prefix = product.to_le_bytes();
        if seeds > self.max_seeds {
            return (None, seeds);
        }
        if let Some(pairs) = self.pairs {
            // Each 16-bit lane `k`: the seeds of pits 0..=2k, and 64 times pit 2k+1's
            // (both below 64). Lanes past the pits read entries that are 0.
            const EVEN: u128 = u128::from_le_bytes([
                0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0,
            ]);
            let w = (product & EVEN) | ((board & !EVEN) >> 2);
            let (lo, hi) = (w as u64, (w >> 64) as u64);
            // Only the pairs that hold terms (a fixed count each, the count chosen by
            // a branch that always goes the same way).
            let read = |k: usize| {
                let half = if k < 4 { lo } else { hi };
                pairs[k % 8][(half >> (16 * (k % 4))) as usize & 4095]
            };
            let sum = |n: usize| (0..n).map(read).fold(0u64, u64::wrapping_add);
            let r = match self.pits {
                ..=9 => sum(4),
                10..=13 => sum(6),
                _ => sum(8),
            };
            return (Some(r), seeds);
        }
        // Every row, those past the ranker's pits being 0 (their prefix bytes are the
        // seeds, at most 255): a fixed sum of 15 reads.
        let r = self
            .terms
            .iter()
            .zip(&prefix)
            .map(|(row, &b)| row[usize::from(b)])
            .fold(0u64, u64::wrapping_add);
        (Some(r), seeds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board of `seeds` seeds in `pits` pits, in no particular order: an
    /// independent enumeration.
    fn all_boards(pits: usize, seeds: u32) -> Vec<Vec<u8>> {
        if pits == 1 {
            return vec![vec![seeds as u8]];
        }
        let mut out = Vec::new();
        for first in 0..=seeds {
            for mut rest in all_boards(pits - 1, seeds - first) {
                rest.insert(0, first as u8);
                out.push(rest);
            }
        }
        out
    }

    fn binomial(n: u64, k: u64) -> u64 {
        (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
    }

    #[test]
    fn rank_is_a_bijection_onto_the_count() {
        for pits in 1..=7 {
            let r = Ranker::new(pits, 9).unwrap();
            for seeds in 0..=9 {
                let boards = all_boards(pits, seeds);
                let count = binomial(u64::from(seeds) + pits as u64 - 1, pits as u64 - 1);
                assert_eq!(boards.len() as u64, count);
                assert_eq!(r.count(seeds), count, "{pits} pits {seeds} seeds");
                let mut seen = vec![false; count as usize];
                for b in &boards {
                    let k = r.rank(b);
                    assert!(k < count, "{b:?} ranked {k} of {count}");
                    assert!(!seen[k as usize], "{b:?}: rank {k} twice");
                    seen[k as usize] = true;
                    let mut back = vec![0u8; pits];
                    r.unrank(seeds, k, &mut back).unwrap();
                    assert_eq!(&back, b);
                }
            }
        }
    }

    #[test]
    fn rank_seeds_is_rank_and_the_seeds() {
        let r = Ranker::new(5, 8).unwrap();
        for seeds in 0..=8 {
            for b in all_boards(5, seeds) {
                assert_eq!(r.rank_seeds(&b), (Some(r.rank(&b)), seeds), "{b:?}");
            }
        }
        // Above the maximum: the seeds, no rank, no panic.
        assert_eq!(r.rank_seeds(&[9, 0, 0, 0, 0]), (None, 9));
        assert_eq!(r.rank_seeds(&[255; 5]), (None, 5 * 255));
        assert_eq!(r.rank_seeds(&[0, 0, 0, 0, 9]), (None, 9));
    }

    #[test]
    fn rank_word_is_rank_seeds() {
        for pits in [1, 2, 5, 12, 16] {
            let r = Ranker::new(pits, 9).unwrap();
            for seeds in [0, 1, 4, 9] {
                let mut b = vec![0u8; pits];
                r.unrank(seeds, 0, &mut b).unwrap();
                let mut bytes = [0u8; 16];
                loop {
                    bytes[..pits].copy_from_slice(&b);
                    let w = u128::from_le_bytes(bytes);
                    assert_eq!(r.rank_word(w), r.rank_seeds(&b), "{b:?}");
                    if !r.next(&mut b) {
                        break;
                    }
                }
            }
        }
    }

    /// A board of `pits` pits and `seeds` seeds from `draw`: the seeds dealt pit by
    /// pit, each pit taking a share `draw` picks of what is left, the last the rest.
    fn dealt(pits: usize, seeds: u32, mut draw: u64) -> Vec<u8> {
        let mut left = seeds;
        let mut b = vec![0u8; pits];
        for (j, pit) in b.iter_mut().enumerate() {
            let take = if j + 1 == pits {
                left
            } else {
                // Now and then the whole rest in one pit: a pair's second pit full.
                let t = (draw % u64::from(left + 2)) as u32;
                draw = draw.rotate_left(7).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 1;
                t.min(left)
            };
            *pit = take as u8;
            left -= take;
        }
        b
    }

    proptest::proptest! {
        /// Both of `rank_word`'s ways (the pairs' table up to `PAIR_SEEDS` seeds, one
        /// term a pit above) give `rank_seeds`'s rank, on each side of the boundary and
        /// for every count of pits (the count of pairs read changes at 10 and 14).
        #[test]
        fn rank_word_is_rank_seeds_either_way(
            pits in 1usize..=16,
            max in proptest::sample::select(vec![PAIR_SEEDS, PAIR_SEEDS + 1, 90]),
            seeds in 0u32..=90,
            draw: u64,
        ) {
            let Ok(r) = Ranker::new(pits, max) else {
                // More boards than a u64 counts: no ranker to test.
                return Ok(());
            };
            proptest::prop_assert_eq!(r.pairs.is_some(), max <= PAIR_SEEDS);
            let b = dealt(pits, seeds, draw);
            let mut bytes = [0u8; 16];
            bytes[..pits].copy_from_slice(&b);
            proptest::prop_assert_eq!(r.rank_word(u128::from_le_bytes(bytes)), r.rank_seeds(&b), "{:?}", b);
        }
    }

    #[test]
    fn next_walks_the_ranks_in_order() {
        for pits in 1..=6 {
            let r = Ranker::new(pits, 7).unwrap();
            for seeds in 0..=7 {
                let mut b = vec![0u8; pits];
                r.unrank(seeds, 0, &mut b).unwrap();
                let mut k = 0;
                loop {
                    assert_eq!(r.rank(&b), k);
                    if !r.next(&mut b) {
                        break;
                    }
                    k += 1;
                }
                assert_eq!(k + 1, r.count(seeds));
            }
        }
    }

    #[test]
    fn kalah_sizes() {
        let r = Ranker::new(12, 72).unwrap();
        assert_eq!(r.count(48), binomial(59, 11));
        assert_eq!(r.count(28), 1_676_056_044);
        // Two rows of 16 with 200 seeds: C(231, 31) overflows a u64.
        assert_eq!(
            Ranker::new(32, 200).unwrap_err(),
            RankError::TooMany {
                pits: 32,
                seeds: 200
            }
        );
    }

    #[test]
    fn bad_input_is_refused() {
        assert_eq!(Ranker::new(0, 3).unwrap_err(), RankError::Pits { pits: 0 });
        assert_eq!(
            Ranker::new(33, 3).unwrap_err(),
            RankError::Pits { pits: 33 }
        );
        let r = Ranker::new(4, 5).unwrap();
        let mut b = [7u8; 4];
        assert!(matches!(
            r.unrank(5, r.count(5), &mut b),
            Err(RankError::Rank { .. })
        ));
        assert!(matches!(
            r.unrank(6, 0, &mut b),
            Err(RankError::Seeds { seeds: 6, max: 5 })
        ));
        assert!(matches!(
            r.unrank(1, 0, &mut b[..3]),
            Err(RankError::Length { len: 3, pits: 4 })
        ));
        assert_eq!(b, [7; 4]);
        assert_eq!(r.count(6), 0);
    }
}
