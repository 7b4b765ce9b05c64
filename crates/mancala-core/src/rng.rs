//! The workspace's one seeded generator and one mixing function: SplitMix64 (Steele,
//! Lea and Flood, "Fast splittable pseudorandom number generators", 2014), small, fast
//! and the same on every platform. Random games of the tests, the lots that draw a
//! first player, the Python package's random games and the records' history keys all
//! draw from it, so a seed gives the same sequence everywhere. Not for cryptography.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; }
//! use mancala::rng::{SplitMix64, mix, GOLDEN_GAMMA};
//! let mut r = SplitMix64::new(0);
//! // The published sequence of SplitMix64 from seed 0 (the reference C code's).
//! assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
//! assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
//! assert_eq!(r.next_u64(), 0x06C4_5D18_8009_454F);
//! // Each output is the mix of the state after its step.
//! assert_eq!(mix(GOLDEN_GAMMA), 0xE220_A839_7B1D_CDAF);
//! assert!(r.below(6) < 6);
//! ```

/// SplitMix64's increment, the odd integer nearest 2^64 / φ (the golden ratio): each
/// step adds it to the state. Also a good multiplier for spreading a counter's bits.
pub const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's finalizer (Stafford's "Mix13"): a bijection of 64-bit words in which
/// every input bit changes every output bit with probability about ½.
#[inline]
#[must_use]
pub const fn mix(z: u64) -> u64 {
    let z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The SplitMix64 generator: a 64-bit state that steps by [`GOLDEN_GAMMA`], each
/// output the [`mix`] of the state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from `seed` (any number).
    #[must_use]
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN_GAMMA);
        mix(self.0)
    }

    /// A number below `n` (`n` > 0), by Lemire's multiply-shift of the next output: no
    /// division, and a bias below `n / 2^64`.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}
