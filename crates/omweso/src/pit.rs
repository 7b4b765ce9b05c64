//! Pits, the 16-pit circuit of each player, and whole-lap sowing on a `u128`.
//!
//! Each player's 16 pits are stored in sowing order (the circuit `i j k l m n o p h g f
//! e d c b a`, counter-clockwise), one byte per pit in a `u128`: byte `c` is circuit
//! index `c`. Outer pits `i..p` are circuit indices `0..8`, inner pits `h..a` are
//! `8..16`. A lap of `n` seeds from circuit index `q` adds `n / 16` to every byte and one
//! more to the next `n % 16` bytes: two additions, whatever `n` is.

use core::fmt;

use mancala_core::NotationError;

/// A pit, named by its letter from its owner's left: inner row `a`–`h`, outer row
/// `i`–`p` (RULINGS.md, Omweso board).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
/// use mancala::omweso::Pit;
/// let a = Pit::from_letter('a').unwrap();
/// assert!(a.is_inner() && a.in_left_block());
/// assert_eq!(a.column(), 0);
/// assert_eq!(Pit::from_letter('p').unwrap().column(), 7);
/// assert!(Pit::from_letter('q').is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pit(u8);

impl Pit {
    /// Every pit in letter order, `a` to `p`.
    pub const ALL: [Pit; 16] = {
        let mut all = [Pit(0); 16];
        let mut i = 0;
        while i < 16 {
            all[i] = Pit(i as u8);
            i += 1;
        }
        all
    };

    /// The pit with letter index `index` (`0` = `a` … `15` = `p`), if there is one.
    #[must_use]
    pub const fn new(index: usize) -> Option<Pit> {
        if index < 16 {
            Some(Pit(index as u8))
        } else {
            None
        }
    }

    /// The pit named by `letter` (`a`–`p`).
    ///
    /// # Errors
    /// [`NotationError::BadPitLetter`] for any other character.
    pub fn from_letter(letter: char) -> Result<Pit, NotationError> {
        match letter {
            'a'..='p' => Ok(Pit(letter as u8 - b'a')),
            _ => Err(NotationError::BadPitLetter { letter, pits: 16 }),
        }
    }

    /// The letter index: `0` for `a` … `15` for `p`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The pit's letter.
    #[must_use]
    pub const fn letter(self) -> char {
        (b'a' + self.0) as char
    }

    /// Whether the pit is in the inner row (`a`–`h`, facing the opponent).
    #[must_use]
    pub const fn is_inner(self) -> bool {
        self.0 < 8
    }

    /// The column from the owner's left, `0..8` (`a` and `i` are column 0).
    #[must_use]
    pub const fn column(self) -> usize {
        (self.0 % 8) as usize
    }

    /// Whether the pit is in the left block `a`, `b`, `i`, `j` (rules 2 and 5: the only
    /// pits that may be sown clockwise).
    #[must_use]
    pub const fn in_left_block(self) -> bool {
        self.column() < 2
    }

    /// The pit's place in its owner's counter-clockwise circuit: `i` is 0, `p` is 7,
    /// `h` is 8, `a` is 15.
    #[must_use]
    pub const fn circuit_index(self) -> usize {
        circuit_of_letter(self.0 as usize)
    }

    /// The pit at place `c` (taken mod 16) of the circuit.
    #[must_use]
    pub const fn from_circuit_index(c: usize) -> Pit {
        Pit(letter_of_circuit(c % 16) as u8)
    }
}

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Circuit index of the pit with letter index `l`.
pub(crate) const fn circuit_of_letter(l: usize) -> usize {
    if l < 8 { 15 - l } else { l - 8 }
}

/// Letter index of circuit index `c`.
pub(crate) const fn letter_of_circuit(c: usize) -> usize {
    if c < 8 { c + 8 } else { 15 - c }
}

/// One in every byte.
pub(crate) const ONES: u128 = u128::from_le_bytes([1; 16]);

/// Circuit indices of the left block `i j b a` (rule 5).
pub(crate) const LEFT_BLOCK: u16 = 0b1100_0000_0000_0011;

/// Circuit indices of the inner row.
pub(crate) const INNER: u128 = u128::from_le_bytes([
    0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255,
]);

/// `ROUNDS[k]`: `k` in every byte (a lap of `16 k` or more seeds goes `k` times round;
/// 16 entries so that any `n >> 4` of a `u8` indexes it without a bounds check).
static ROUNDS: [u128; 16] = {
    let mut t = [0u128; 16];
    let mut k = 1;
    while k < 16 {
        t[k] = t[k - 1] + ONES;
        k += 1;
    }
    t
};

/// `REST_CCW[q][r]`: one seed in each of the `r` pits after circuit pit `q`,
/// counter-clockwise; `REST_CW` the same clockwise. Two 4 KiB tables, so a lap is two
/// loads and two additions.
static REST_CCW: [[u128; 16]; 16] = rest_table(false);
static REST_CW: [[u128; 16]; 16] = rest_table(true);

const fn rest_table(clockwise: bool) -> [[u128; 16]; 16] {
    let mut t = [[0u128; 16]; 16];
    let mut q = 0;
    while q < 16 {
        let mut r = 1;
        while r < 16 {
            let pit = if clockwise {
                (q + 16 - r) % 16
            } else {
                (q + r) % 16
            };
            t[q][r] = t[q][r - 1] | (1u128 << (8 * pit));
            r += 1;
        }
        q += 1;
    }
    t
}

/// `LIFT_AND_SOW_CCW[n][q]`: lifting the `n` seeds (`0..=64`) of circuit pit `q` and
/// sowing them counter-clockwise, as one wrapping addition to each `u64` half (pits
/// `0..8` and `8..16`) of the circuit. No byte ever borrows or carries in the result:
/// pit `q` holds `n` before, and no pit holds more than 64.
pub(crate) static LIFT_AND_SOW_CCW: [[[u64; 2]; 16]; 65] = {
    let rest = rest_table(false);
    let mut t = [[[0u64; 2]; 16]; 65];
    let mut n = 0;
    while n <= 64 {
        let mut q = 0;
        while q < 16 {
            let lap = ONES * (n as u128 / 16) + rest[q][n % 16];
            let lifted = (n as u64) << (8 * (q % 8));
            t[n][q] = if q < 8 {
                [(lap as u64).wrapping_sub(lifted), (lap >> 64) as u64]
            } else {
                [lap as u64, ((lap >> 64) as u64).wrapping_sub(lifted)]
            };
            q += 1;
        }
        n += 1;
    }
    t
};

/// `KEEP[c]`: every byte but that of circuit pit `c`.
static KEEP: [u128; 16] = {
    let mut t = [0u128; 16];
    let mut c = 0;
    while c < 16 {
        t[c] = !(0xFF_u128 << (8 * c));
        c += 1;
    }
    t
};

/// The seeds in circuit pit `c`.
#[inline(always)]
pub(crate) const fn get(x: u128, c: usize) -> u8 {
    (x >> (8 * (c & 15))) as u8
}

/// `x` with circuit pit `c` emptied.
#[inline(always)]
pub(crate) fn clear(x: u128, c: usize) -> u128 {
    x & KEEP[c & 15]
}

/// `x` with `n` more seeds in circuit pit `c`.
#[inline(always)]
pub(crate) const fn add(x: u128, c: usize, n: u8) -> u128 {
    x + ((n as u128) << (8 * c))
}

/// Sows a lap of `n` seeds counter-clockwise from circuit pit `q` (whose seeds, if any,
/// stay there: lift them first for a relay). Returns the circuit and the last pit.
/// Rule 3 and "Omweso long laps": a lap of 16 or more passes through its origin.
///
/// The game's own lap (a table addition on the circuit word), not a core primitive: the
/// core's whole-lap sowing of a byte ring (`sow_ring`, removed since no game used it)
/// relayed 3.2 times slower when it was measured (24.6 M relays/s here, 7.8 M through
/// `sow_ring`; `docs/performance.md`, "The core's primitives").
#[inline(always)]
pub(crate) fn sow_ccw(x: u128, q: usize, n: u8) -> (u128, usize) {
    let q = q & 15;
    (
        x + ROUNDS[(n >> 4) as usize] + REST_CCW[q][(n & 15) as usize],
        (q + n as usize) & 15,
    )
}

/// Sows a lap of `n` seeds clockwise from circuit pit `q`. Returns the circuit and the
/// last pit.
#[inline(always)]
pub(crate) fn sow_cw(x: u128, q: usize, n: u8) -> (u128, usize) {
    let q = q & 15;
    (
        x + ROUNDS[(n >> 4) as usize] + REST_CW[q][(n & 15) as usize],
        q.wrapping_sub(n as usize) & 15,
    )
}

/// The seeds the last pit of a lap of `n` seeds from `q` will hold, and that pit,
/// without sowing: the lap's `n / 16` rounds plus one if the lap does not end on its
/// origin. `x` is the circuit as the lap starts (origin lifted or not).
#[inline(always)]
pub(crate) const fn lap_end(x: u128, q: usize, n: u8, clockwise: bool) -> (usize, u8) {
    let last = if clockwise {
        q.wrapping_sub(n as usize) & 15
    } else {
        (q + n as usize) & 15
    };
    let extra = (n >> 4) + ((n & 15) != 0) as u8;
    (last, get(x, last) + extra)
}

/// The top bit of every byte.
const TOPS: u128 = u128::from_le_bytes([0x80; 16]);

/// Bit `i` for each byte `i` of `m` whose top bit is set (the other bits of `m` 0):
/// one multiply gathers the eight top bits into the top byte without carries.
#[inline(always)]
const fn gather8(m: u64) -> u8 {
    ((m >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// Bit `7 − i` for each byte `i` of `m` whose top bit is set (the other bits of `m` 0).
#[inline(always)]
const fn gather8_reversed(m: u64) -> u8 {
    ((m >> 7).wrapping_mul(0x8040_2010_0804_0201) >> 56) as u8
}

/// The top bit of each byte of `x` holding at least `k` seeds (`1 <= k <= 64`): a byte
/// holds at most 64, so adding `128 − k` sets its top bit exactly when it holds `k` or
/// more, and never carries into the next byte.
#[inline(always)]
const fn at_least(x: u128, k: u8) -> u128 {
    (x + ONES * (128 - k) as u128) & TOPS
}

/// A bit per circuit pit that holds seeds.
#[inline]
pub(crate) const fn occupied(x: u128) -> u16 {
    let m = at_least(x, 1);
    gather8(m as u64) as u16 | (gather8((m >> 64) as u64) as u16) << 8
}

/// The pits of a side that hold 2 or more seeds, as a bit per letter (`a` is bit 0):
/// letters `a`–`h` are circuit pits 15 down to 8, `i`–`p` circuit pits 0 to 7.
#[inline]
pub(crate) const fn movable_letters(x: u128) -> u16 {
    let m = at_least(x, 2);
    gather8_reversed((m >> 64) as u64) as u16 | (gather8(m as u64) as u16) << 8
}

/// Rule 4: the mover's inner pits (circuit bits `8..16`) whose facing column of the
/// opponent (`opp`) has seeds in both pits. My circuit pit `c` (column `15 − c`) faces
/// the opponent's column `c − 8`: their outer pit `c − 8` and inner pit `23 − c`.
#[inline]
pub(crate) const fn capturable(opp: u128) -> u16 {
    let nz = occupied(opp);
    let outer = (nz & 0xFF) as u8;
    let inner_reversed = ((nz >> 8) as u8).reverse_bits();
    ((outer & inner_reversed) as u16) << 8
}

/// The sum of all 16 pits.
#[inline]
pub(crate) const fn total(x: u128) -> u32 {
    let mut s = 0u32;
    let mut c = 0;
    while c < 16 {
        s += get(x, c) as u32;
        c += 1;
    }
    s
}

/// Whether some pit holds 2 or more (a player with such a pit has a legal move).
#[inline]
pub(crate) const fn has_move(x: u128) -> bool {
    // A byte is >= 2 iff a bit other than its lowest is set.
    x & !ONES != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(x: u128) -> [u8; 16] {
        x.to_le_bytes()
    }

    #[test]
    fn circuit_order() {
        let order: [char; 16] = core::array::from_fn(|c| Pit::from_circuit_index(c).letter());
        assert_eq!(
            order,
            [
                'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'h', 'g', 'f', 'e', 'd', 'c', 'b', 'a'
            ]
        );
        for p in Pit::ALL {
            assert_eq!(Pit::from_circuit_index(p.circuit_index()), p);
            assert_eq!(p.in_left_block(), LEFT_BLOCK >> p.circuit_index() & 1 == 1);
            assert_eq!(p.is_inner(), p.circuit_index() >= 8);
        }
    }

    #[test]
    fn laps_match_seed_by_seed() {
        for q in 0..16 {
            for n in 0..70u8 {
                let start: [u8; 16] = core::array::from_fn(|i| (i * 7 % 5) as u8);
                let x = u128::from_le_bytes(start);
                for cw in [false, true] {
                    let mut slow = start;
                    let mut at = q;
                    for _ in 0..n {
                        at = if cw { (at + 15) % 16 } else { (at + 1) % 16 };
                        slow[at] += 1;
                    }
                    let (y, last) = if cw {
                        sow_cw(x, q, n)
                    } else {
                        sow_ccw(x, q, n)
                    };
                    assert_eq!(bytes(y), slow, "q {q} n {n} cw {cw}");
                    if n > 0 {
                        assert_eq!(last, at);
                        assert_eq!(lap_end(x, q, n, cw), (at, slow[at]));
                    }
                }
            }
        }
    }

    #[test]
    fn facing_columns() {
        // Opponent has seeds only in column 7 (their h = circuit 8, p = circuit 7):
        // that faces my column 0, pit a (circuit 15).
        let opp = add(add(0, 8, 1), 7, 3);
        assert_eq!(capturable(opp), 1 << 15);
        // Only one of the two facing pits: nothing.
        assert_eq!(capturable(add(0, 8, 1)), 0);
        // Their column 0 (a = 15, i = 0) faces my h (circuit 8).
        assert_eq!(capturable(add(add(0, 15, 1), 0, 1)), 1 << 8);
    }

    /// The one-step pit sets agree with reading the pits one by one, for every count a
    /// pit can hold (0 to 64).
    #[test]
    fn pit_sets_match_pit_by_pit() {
        let strategy = proptest::array::uniform16(0u8..=64);
        mancala_testkit::counted("pit_sets_match_pit_by_pit", 256, strategy, |pits| {
            let x = u128::from_le_bytes(pits);
            let mut occupied_bits = 0u16;
            let mut movable = 0u16;
            for c in 0..16 {
                if get(x, c) != 0 {
                    occupied_bits |= 1 << c;
                }
                if get(x, c) >= 2 {
                    movable |= 1 << letter_of_circuit(c);
                }
            }
            proptest::prop_assert_eq!(occupied(x), occupied_bits);
            proptest::prop_assert_eq!(movable_letters(x), movable);
            Ok(true)
        });
    }

    #[test]
    fn movable_letters_by_hand() {
        // a is circuit 15, h circuit 8, i circuit 0, p circuit 7.
        let x = add(add(add(add(0, 15, 2), 8, 64), 0, 1), 7, 3);
        assert_eq!(movable_letters(x), 1 << 0 | 1 << 7 | 1 << 15);
        assert_eq!(occupied(x), 1 << 15 | 1 << 8 | 1 << 0 | 1 << 7);
    }
}
