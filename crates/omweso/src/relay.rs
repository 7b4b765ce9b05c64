//! The relay walk (rules 3 and 8): relay laps sown until a lap ends the relay, exactly
//! for the rules ([`Exact`], Brent's cycle finder), or bounded and remembered for a
//! search ([`Memoised`], `Position::play_in_search`).

use mancala_core::cycle::{CycleFinder, Endless, SearchMemo};
use mancala_core::events::{LapKind, PitId, SowEvent, SowObserver, report_lap, report_start};
use mancala_core::{Direction, Player};

use crate::pit::{LIFT_AND_SOW_CCW, get, letter_of_circuit};

/// How a lap ended (rule 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The last seed fell into an empty pit: the turn ends.
    Empty,
    /// The last pit captures (rule 4).
    Capture,
    /// The last pit relays, and its lap is a decision (rule 5).
    Decision,
}

/// Relay laps from circuit pit `q` (not yet lifted), counter-clockwise, until a lap
/// ends in an empty pit, a capture or a decision. Returns the circuit, the last lap's
/// origin and last pit, and how it stopped, with the laps sown.
///
/// Rule 8: the lap state is the mover's circuit and the pit to lift next (the opponent's
/// pits do not change between captures, and the direction is counter-clockwise until a
/// decision), so the core's [`CycleFinder`] (Brent) over it detects an endless move
/// exactly, in constant memory. Inlined here with a `LapState` of three words compared
/// without branches, it keeps its state in registers: the 90-million-lap move of
/// `benches/games.rs` (about 224 million laps) runs as fast as with Brent written out in
/// this loop (`docs/performance.md`, "The core's primitives").
///
/// `hook` is told of Brent's saves and, with `MARKS`, of the marked states ([`Marks`]);
/// an answer from it ends the walk with that result. The exact walk ([`Exact`]) answers
/// nothing, and compiles to the loop alone; a bounded walk gives up at a save, so the
/// bound costs nothing per lap.
///
/// The circuit is split into two `u64` halves (pits `0..8` and `8..16`; no byte ever
/// carries, a pit holds at most 64). The seeds of the next lap's origin are computed
/// from the circuit *before* this lap's additions (what the last pit held, plus the
/// rounds, plus one unless the lap ends on its origin), so the chain from one lap to the
/// next is a few instructions while the circuit update runs beside it.
///
/// With `LAPS`, `hook` is also told of every lap as it is sown (its origin and seeds,
/// for [`Observed`]); without, that report is compiled out.
#[inline(always)]
fn relay_laps<const MARKS: bool, const LAPS: bool>(
    x: u128,
    q: usize,
    capture: u16,
    decide: u16,
    mut hook: impl FnMut(Event) -> Option<Relayed>,
) -> (Relayed, u64) {
    // Rule 5 for a relay from pit `last` with `seeds`: bit `seeds % 16` of
    // `decision_at[last]` says whether the clockwise lap would end in a capturing pit,
    // `(last - seeds) % 16`: the capture mask reversed and rotated, for the left block.
    let mut decision_at = [0u16; 16];
    for last in [0, 1, 14, 15] {
        if decide >> last & 1 == 1 {
            decision_at[last] = capture.reverse_bits().rotate_right((15 - last as u32) & 15);
        }
    }
    let mut q = q & 15;
    let (mut lo, mut hi) = (x as u64, (x >> 64) as u64);
    let mut n = get(x, q);
    let mut finder = CycleFinder::new(LapState { lo, hi, q });
    let mut marks = Marks::new();
    loop {
        if LAPS {
            let _ = hook(Event::Lap(q, n));
        }
        let (last, seeds) = lap(&mut lo, &mut hi, q, n);
        // Does the lap stop here? In a long relay these branches are almost never
        // taken, so they cost little (folding them into one branch computed every
        // condition on every lap: about 55% slower). Rule 5: a clockwise lap from `last` would
        // end in `cw_last`, and `decision_at` says whether that is a capturing pit; it
        // captures if that pit ends up with 2 or more: it holds seeds now, or the lap
        // goes round more than once (over 16 seeds). Capturing pits are inner (the high
        // half).
        if seeds == 1 {
            return (Ok((join(lo, hi), q, last, Stop::Empty)), finder.steps() + 1);
        }
        if capture >> last & 1 == 1 {
            return (
                Ok((join(lo, hi), q, last, Stop::Capture)),
                finder.steps() + 1,
            );
        }
        if decision_at[last] >> (seeds & 15) & 1 == 1 {
            let cw_last = last.wrapping_sub(usize::from(seeds)) & 15;
            if byte(lo, hi, cw_last) != 0 || seeds > 16 {
                return (
                    Ok((join(lo, hi), q, last, Stop::Decision)),
                    finder.steps() + 1,
                );
            }
        }
        // Brent: compare with the saved state; save anew at powers of two. A bounded
        // walk gives up (or finds the relay in its memo) only at a save, so that costs
        // nothing per lap.
        let state = LapState { lo, hi, q: last };
        let due = finder.tick();
        if finder.is_saved(&state) {
            let laps = finder.steps();
            return (Err(Cut::Endless(Endless { laps })), laps);
        }
        if due {
            finder.save(state);
            let laps = finder.steps();
            if let Some(r) = hook(Event::Save(laps)) {
                return (r, laps);
            }
            marks.adjust(laps);
        }
        if MARKS && marks.is_marked(lo, hi, last) {
            let laps = finder.steps();
            if let Some(r) = hook(Event::Marked(laps, state)) {
                return (r, laps);
            }
        }
        q = last;
        n = seeds;
    }
}

/// Relay laps from circuit pit `q` of `x` (not yet lifted) when nothing can be captured
/// (`capture == 0`, so no decision either: rule 5): the laps [`relay_laps`] sows, with
/// the endless proof of rule 8 found up to 16 times sooner.
///
/// Without a capturing pit a relay stops only when its last seed falls into an empty
/// pit, and whether it does is the same wherever round the circuit the hand is: the laps
/// from a circuit `X` with pit `q` to lift and from `X` turned by `r` pits with pit
/// `q + r` to lift are the same laps turned by `r`. So if the state seen from the hand
/// (the circuit read from the pit to lift) repeats after `p` laps, with the hand `r`
/// pits further on, the laps from there are the last `p` laps turned by `r`, again and
/// again; they never end, and after `16 / gcd(r, 16)` such turns the circuit and the pit
/// are exactly as they were: the full lap state repeats (rule 8's proof). Brent's finder
/// and the distinguished states ([`Distinguished`]) run on the state seen from the hand,
/// whose cycle is `16 / gcd(r, 16)` times shorter than that of the full state, where
/// [`relay_laps`] looks for a repeat (`docs/performance.md`, "Endless moves decided
/// fast": 16 to 37 times fewer laps for the slow moves known).
///
/// Each lap reads the circuit from the pit to lift (a rotation of the circuit word) for
/// both; the table of distinguished states is made (zeroed) only when a relay meets its
/// first distinguished state, so that the short relays of ordinary moves cost no more
/// than in [`relay_laps`].
///
/// Every relay with a capturing pit ends (`docs/omweso.md`, rule 8: an endless relay
/// cycle ends a lap with 2 or more seeds in every pit, so one with a capturing pit
/// would capture), and [`relay_laps`] walks those.
#[inline(always)]
fn relay_laps_turning(x: u128, q: usize) -> (Relayed, u64) {
    let mut q = q & 15;
    let (mut lo, mut hi) = (x as u64, (x >> 64) as u64);
    let mut n = get(x, q);
    // Brent and the distinguished states on the state seen from the hand.
    let mut finder = CycleFinder::new(x.rotate_right(8 * q as u32));
    let mut seen = Distinguished::new();
    loop {
        let (last, seeds) = lap(&mut lo, &mut hi, q, n);
        if seeds == 1 {
            return (Ok((join(lo, hi), q, last, Stop::Empty)), finder.steps() + 1);
        }
        // The circuit read from the pit to lift: a rotation of the circuit word, which
        // does not lengthen the chain from one lap to the next.
        let seen_from_hand = join(lo, hi).rotate_right(8 * last as u32);
        let due = finder.tick();
        if finder.is_saved(&seen_from_hand) {
            let laps = finder.steps();
            return (Err(Cut::Endless(Endless { laps })), laps);
        }
        if due {
            finder.save(seen_from_hand);
            seen.adjust(finder.steps());
        }
        if seen.is_distinguished(seen_from_hand) && seen.repeats(seen_from_hand) {
            let laps = finder.steps();
            return (Err(Cut::Endless(Endless { laps })), laps);
        }
        q = last;
        n = seeds;
    }
}

/// The distinguished states of a turning walk (`relay_laps_turning`), in constant memory:
/// states seen from the hand whose hash starts with `bits` zero bits, kept in a table of
/// [`Distinguished::SLOTS`]. A state seen from the hand that comes back is distinguished
/// both times, so the walk finds the repeat at the first distinguished state of its
/// second pass round the cycle, about one lap in `2^bits` after the first repeat: near
/// the laps to the first repeat, where Brent's finder may need up to three times as many
/// (it saves only at laps `2^k − 1`). Brent's finder is kept beside it: it finds the short
/// cycles, which may hold no distinguished state.
///
/// `bits` grows with the walk, so that about 64 states are distinguished per doubling of
/// its laps (as the search's marks, [`Marks`]), and when the table is three quarters full;
/// each time the states that are no longer distinguished leave the table. A state
/// distinguished with more bits is distinguished with fewer, so every state kept is one
/// that would be distinguished now.
struct Distinguished {
    /// The distinguished states kept (0: a free slot; the state seen from the hand is
    /// never 0, since its pit to lift holds 2 or more); made at the first one.
    slots: Option<[u128; Distinguished::SLOTS]>,
    used: usize,
    /// `64 − bits`.
    shift: u32,
}

impl Distinguished {
    const SLOTS: usize = 512;
    const MIN_BITS: u32 = 6;

    fn new() -> Distinguished {
        Distinguished {
            slots: None,
            used: 0,
            shift: 64 - Distinguished::MIN_BITS,
        }
    }

    #[inline(always)]
    fn hash(s: u128) -> u64 {
        ((s as u64) ^ ((s >> 64) as u64).rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    #[inline(always)]
    fn is_distinguished(&self, s: u128) -> bool {
        Distinguished::hash(s) >> self.shift == 0
    }

    /// After Brent's save at `laps` (`2^k − 1`): at least `k − 6` bits.
    #[inline(always)]
    fn adjust(&mut self, laps: u64) {
        let k = 64 - laps.leading_zeros();
        let bits = k.saturating_sub(6).max(64 - self.shift);
        if bits > 64 - self.shift {
            self.raise(bits);
        }
    }

    /// Distinguishes with `bits` bits from now on and drops the states kept that are no
    /// longer distinguished (the others are placed again).
    #[cold]
    fn raise(&mut self, bits: u32) {
        self.shift = 64 - bits.min(63);
        let Some(old) = self.slots.take() else {
            return;
        };
        self.used = 0;
        for s in old {
            if s != 0 && self.is_distinguished(s) {
                self.repeats(s);
            }
        }
    }

    /// Whether the distinguished state `s` was kept before (then it repeats); if not, it
    /// is kept now.
    #[cold]
    fn repeats(&mut self, s: u128) -> bool {
        let slots = self.slots.get_or_insert([0; Distinguished::SLOTS]);
        // Linear probing from the hash's low bits (its high bits are the zeros).
        let mut i = Distinguished::hash(s) as usize % Distinguished::SLOTS;
        while slots[i] != 0 {
            if slots[i] == s {
                return true;
            }
            i = (i + 1) % Distinguished::SLOTS;
        }
        slots[i] = s;
        self.used += 1;
        if self.used * 4 >= Distinguished::SLOTS * 3 {
            self.raise(65 - self.shift);
        }
        false
    }
}

/// One relay lap of [`relay_laps`] and [`relay_laps_turning`]: lifts the `n` seeds of
/// circuit pit `q` of the circuit in halves `lo`, `hi` and sows them counter-clockwise
/// (two loads and two additions); returns the last pit and its seeds now.
#[inline(always)]
fn lap(lo: &mut u64, hi: &mut u64, q: usize, n: u8) -> (usize, u8) {
    let [add_lo, add_hi] = LIFT_AND_SOW_CCW[usize::from(n)][q];
    let end = q + usize::from(n);
    let last = end & 15;
    // The last pit's seeds: what it held before the lap plus one per round, plus one
    // unless the lap ends on its own origin (then it held the `n` it lost). Taken from
    // the circuit before this lap's additions, so that the chain from one lap to the
    // next is short. (A branch: one lap in 16 ends on its origin; computing both cases
    // and choosing without a branch made the chain longer and the walk slower, 0.40 s
    // against 0.34 s of CPU for 126 million laps.)
    let seeds = if n & 15 != 0 {
        let half = if end & 8 != 0 { *hi } else { *lo };
        ((half >> ((end * 8) & 63)) as u8).wrapping_add((n >> 4) + 1)
    } else {
        n >> 4
    };
    *lo = lo.wrapping_add(add_lo);
    *hi = hi.wrapping_add(add_hi);
    (last, seeds)
}

/// Why a move's laps were not all sown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cut {
    /// The move is endless (rule 8).
    Endless(Endless),
    /// A bounded walk gave up after this many laps of one relay, neither ended nor
    /// found endless.
    Unresolved(u64),
}

/// What a relay did: how it stopped (the circuit, the last lap's origin and last pit),
/// or why it was not walked to the end.
pub(crate) type Relayed = Result<(u128, usize, usize, Stop), Cut>;

/// How the relays of a move are walked: [`Exact`] for the rules, [`Memoised`] for a
/// search.
pub(crate) trait Walk {
    /// The relay from circuit pit `q` of `x` (not yet lifted), as [`relay_laps`] sows
    /// it.
    fn relay(&mut self, x: u128, q: usize, capture: u16, decide: u16) -> Relayed;
    /// Whether the turn engine reports its steps to [`report`](Walk::report) and
    /// [`lap`](Walk::lap).
    const REPORTS: bool = false;
    /// Takes one step of the turn (only called when `REPORTS`).
    #[inline(always)]
    fn report(&mut self, e: SowEvent) {
        let _ = e;
    }
    /// Takes a lap of `n` seeds from circuit pit `q` of the mover, lifted from it
    /// (`lift`) or sown from the hand (only called when `REPORTS`).
    #[inline(always)]
    fn lap(&mut self, q: usize, n: u8, clockwise: bool, why: LapKind, lift: bool) {
        let _ = (q, n, clockwise, why, lift);
    }
    /// The mover's pit of circuit index `c` (`me`'s), as `Board` lists it.
    #[inline(always)]
    fn pit(me: Player, c: usize) -> PitId {
        PitId::new(me, letter_of_circuit(c & 15) as u8)
    }
}

/// The exact walk ([`Exact`]), telling `observer` each step of the turn of `player`:
/// the walk behind `PlayObserved::play_observed`.
pub(crate) struct Observed<'o, O> {
    pub(crate) observer: &'o mut O,
    pub(crate) player: Player,
}

impl<O: SowObserver> Walk for Observed<'_, O> {
    const REPORTS: bool = O::ACTIVE;

    fn relay(&mut self, x: u128, q: usize, capture: u16, decide: u16) -> Relayed {
        relay_laps::<false, true>(x, q, capture, decide, |e| {
            if let Event::Lap(q, n) = e {
                self.lap(q, n, false, LapKind::Relay, true);
            }
            None
        })
        .0
    }

    fn report(&mut self, e: SowEvent) {
        self.observer.event(e);
    }

    fn lap(&mut self, q: usize, n: u8, clockwise: bool, why: LapKind, lift: bool) {
        let dir = if clockwise {
            Direction::Clockwise
        } else {
            Direction::CounterClockwise
        };
        let player = self.player;
        report_start(
            self.observer,
            Self::pit(player, q),
            if lift { n } else { 0 },
            dir,
            why,
        );
        // Omweso's laps pass over nothing ("Omweso long laps").
        report_lap(
            self.observer,
            q & 15,
            usize::from(n),
            16,
            dir,
            |_| false,
            |c| SowEvent::Drop {
                pit: Self::pit(player, c),
            },
        );
    }
}

/// Every relay walked to its end or to its cycle: the rules. Relays without a capturing
/// pit are walked by [`relay_laps_turning`], which proves an endless one up to 16 times
/// sooner, the others by [`relay_laps`].
pub(crate) struct Exact;

impl Walk for Exact {
    #[inline(always)]
    fn relay(&mut self, x: u128, q: usize, capture: u16, decide: u16) -> Relayed {
        if capture == 0 {
            relay_laps_turning(x, q).0
        } else {
            relay_laps::<false, false>(x, q, capture, decide, |_| None).0
        }
    }
}

/// The rules' walk before [`relay_laps_turning`]: Brent's finder on the full lap state
/// for every relay. Kept as the test oracle of [`Exact`] (`Omweso::play_reporting_endless_oracle`).
pub(crate) struct FullState;

impl Walk for FullState {
    fn relay(&mut self, x: u128, q: usize, capture: u16, decide: u16) -> Relayed {
        relay_laps::<false, false>(x, q, capture, decide, |_| None).0
    }
}

/// What a relay walk tells its walker on the way (see [`relay_laps`]).
#[derive(Clone, Copy)]
enum Event {
    /// Brent's finder saved the state after this many laps (1, 3, 7, …).
    Save(u64),
    /// After this many laps, the walk is at a marked state (see [`Marks`]).
    Marked(u64, LapState),
    /// A lap is sown from circuit pit `.0` with `.1` seeds (only with `LAPS`).
    Lap(usize, u8),
}

/// The marked lap states of a walk (distinguished points): those whose hash starts with
/// `bits` zero bits, about one lap in `2^bits`. Any walk through a marked state sees it
/// as marked (at its own `bits` or fewer), so a walk that remembers the marked states it
/// passed lets a later walk that meets one of them know at once where it is: on the
/// same trajectory. `bits` is 12 for the first 2^18 laps, then grows with the walk so
/// that a walk of any length marks about 64 states per doubling of its laps.
struct Marks {
    shift: u32,
}

impl Marks {
    const MIN_BITS: u32 = 12;

    #[inline(always)]
    const fn new() -> Marks {
        Marks {
            shift: 64 - Marks::MIN_BITS,
        }
    }

    /// After a save at `laps` (`2^k − 1`): mark one state in `2^(k − 6)`, at least one in
    /// `2^MIN_BITS`.
    #[inline(always)]
    fn adjust(&mut self, laps: u64) {
        let k = 64 - laps.leading_zeros();
        self.shift = 64 - k.saturating_sub(6).max(Marks::MIN_BITS);
    }

    #[inline(always)]
    fn is_marked(&self, lo: u64, hi: u64, q: usize) -> bool {
        mark_hash(lo, hi, q) >> self.shift == 0
    }
}

/// The hash that picks the marked states.
#[inline(always)]
const fn mark_hash(lo: u64, hi: u64, q: usize) -> u64 {
    (lo ^ hi.rotate_left(29) ^ q as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// A relay that has gone this many laps is looked up in the memo (Brent's finder saves
/// after 1, 3, 7, … laps; the walk looks at save points only). Moves that end almost
/// always end well before (`docs/performance.md`), so the memo holds only the rare long
/// relays, and the short ones cost no lookup.
const PROBE_AFTER: u64 = 63;

/// The walk of a search (`Position::play_in_search`): a relay still going after
/// `memo.limit()` laps is given up (the move is then taken as endless without proof);
/// a relay past [`PROBE_AFTER`] laps is looked up in the memo and, if not found, walked
/// and remembered there with its result, and so are the marked states it passes
/// ([`Marks`]), each with the relay it belongs to, so that another relay that joins the
/// same trajectory (the same cycle, for an endless one) knows its result when it meets
/// one of them. Every answer is exact for the memo's limit: the memo checks whole keys.
pub(crate) struct Memoised<'m, 'a> {
    pub(crate) memo: &'m mut SearchMemo<'a>,
}

/// A lap state in the memo: the circuit, the pit to lift next and the capture mask
/// (rule 5's decisions follow from these: `decide` is the left block unless nothing can
/// be captured, and then no decision can arise). Everything a relay depends on, so two
/// equal keys have equal relays from there.
#[derive(Clone, Copy, PartialEq, Eq)]
struct RelayKey {
    x: u128,
    q: usize,
    capture: u16,
}

/// The kinds of slot, in the top bits of the key's third word.
const START: u64 = 1 << 62;
const MARK: u64 = 2 << 62;

impl RelayKey {
    /// The key as three slot words; `kind` ([`START`] or [`MARK`]) marks a used slot.
    fn words(self, kind: u64) -> [u64; 3] {
        [
            self.x as u64,
            (self.x >> 64) as u64,
            self.q as u64 | u64::from(self.capture) << 8 | kind,
        ]
    }

    fn hash(self) -> u64 {
        let [lo, hi, meta] = self.words(0);
        (lo.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ hi.rotate_left(31) ^ meta)
            .wrapping_mul(0xff51_afd7_ed55_8ccd)
    }

    /// The key of the start of a relay from its three words (as [`words`]).
    fn from_words(w: &[u64]) -> RelayKey {
        RelayKey {
            x: u128::from(w[0]) | u128::from(w[1]) << 64,
            q: (w[2] & 15) as usize,
            capture: (w[2] >> 8) as u16,
        }
    }
}

/// Laps counts in slots keep 38 bits (a relay never comes near 2^38 laps: the longest
/// known endless move is found after 7.5 billion, about 2^33).
const LAPS_MASK: u64 = (1 << 38) - 1;

/// A relay's result as the three value words of a start slot: what it ended with and
/// after how many laps, or after how many laps it was found endless or given up.
fn encode(r: &Relayed, laps: u64) -> [u64; 3] {
    let laps = laps.min(LAPS_MASK);
    match *r {
        Ok((x, origin, last, stop)) => [
            x as u64,
            (x >> 64) as u64,
            origin as u64 | (last as u64) << 8 | (stop as u64) << 16 | laps << 24,
        ],
        Err(Cut::Endless(_)) => [laps, 0, 1 << 62],
        Err(Cut::Unresolved(_)) => [laps, 0, 2 << 62],
    }
}

/// The result in a start slot's value words, and the laps it came after.
fn decode(v: &[u64]) -> (Relayed, u64) {
    match v[2] >> 62 {
        0 => {
            let stop = match v[2] >> 16 & 0xff {
                0 => Stop::Empty,
                1 => Stop::Capture,
                _ => Stop::Decision,
            };
            let x = u128::from(v[0]) | u128::from(v[1]) << 64;
            let laps = v[2] >> 24 & LAPS_MASK;
            (
                Ok((x, (v[2] & 15) as usize, (v[2] >> 8 & 15) as usize, stop)),
                laps,
            )
        }
        1 => (Err(Cut::Endless(Endless { laps: v[0] })), v[0]),
        _ => (Err(Cut::Unresolved(v[0])), v[0]),
    }
}

/// The laps after which a walk bounded by `limit` gives up: Brent's first save
/// (`2^k − 1` laps) at or after `limit`.
fn give_up_at(limit: u64) -> u64 {
    limit
        .saturating_add(1)
        .checked_next_power_of_two()
        .map_or(u64::MAX, |p| p - 1)
        .max(1)
}

/// Whether a relay known to follow a remembered one from `lap` laps on (where the
/// remembered one was at `at` laps), with its result `r` after `laps` laps, is answered
/// by it exactly as a walk bounded by `give_up` laps would answer: a relay that ends does
/// so within the bound, one given up goes on past it without ending, an endless one is
/// endless either way (taken as endless, proven or not).
fn answers(r: &Relayed, laps: u64, lap: u64, at: u64, give_up: u64) -> bool {
    // This relay reaches the remembered one's end (or give-up) at this lap.
    let here = (lap + laps).saturating_sub(at);
    match r {
        Ok(_) => here <= give_up,
        Err(Cut::Endless(_)) => true,
        Err(Cut::Unresolved(_)) => here >= give_up,
    }
}

impl Memoised<'_, '_> {
    /// The result remembered for the relay starting at `start` and the laps it took, if
    /// any.
    fn find(&mut self, start: RelayKey) -> Option<(Relayed, u64)> {
        let slot = self.memo.slot(start.hash())?;
        (slot[..3] == start.words(START)).then(|| decode(&slot[3..]))
    }

    /// At a marked state `at`, `laps` laps into the relay from `start`: the relay's
    /// result if the memo knows the trajectory, else `None` (and the mark is remembered
    /// as this relay's).
    ///
    /// The laps of the result are this relay's: for one that follows another, its laps
    /// to here and the other's from here.
    fn at_mark(&mut self, start: RelayKey, laps: u64, at: RelayKey) -> Option<(Relayed, u64)> {
        let give_up = give_up_at(self.memo.limit());
        let slot = *self.memo.slot(at.hash())?;
        if slot[..3] == at.words(MARK) {
            let owner = RelayKey::from_words(&slot[3..]);
            // The mark's lap in its relay (a lap count that differs by a multiple of
            // 2^38 only hides a repeat, never invents one).
            let lap = slot[5] >> 24 & LAPS_MASK;
            if owner == start && lap != laps & LAPS_MASK {
                // This relay passed here before, at another lap: the state repeats.
                return Some((Err(Cut::Endless(Endless { laps })), laps));
            }
            // Another relay passed here: this one follows it from here on, and its
            // result is this one's if a walk would find the same.
            if owner != start
                && let Some((r, owner_laps)) = self.find(owner)
                && answers(&r, owner_laps, laps, lap, give_up)
            {
                return Some((r, (laps + owner_laps).saturating_sub(lap)));
            }
        }
        if laps >= PROBE_AFTER
            && let Some(slot) = self.memo.slot(at.hash())
        {
            let [k0, k1, k2] = at.words(MARK);
            let [a, b, c] = start.words(0);
            *slot = [k0, k1, k2, a, b, c | (laps & LAPS_MASK) << 24];
        }
        None
    }
}

impl Walk for Memoised<'_, '_> {
    fn relay(&mut self, x: u128, q: usize, capture: u16, decide: u16) -> Relayed {
        let start = RelayKey {
            x,
            q: q & 15,
            capture,
        };
        let limit = self.memo.limit();
        // Where the answer came from (0 walked, 1 the start's slot, 2 a mark's), and the
        // relay's laps to its result.
        let mut found = 0;
        let mut total = 0;
        let (r, walked) = relay_laps::<true, false>(x, q, capture, decide, |event| match event {
            Event::Save(laps) => {
                if laps == PROBE_AFTER {
                    self.memo.stats().probes += 1;
                    if let Some((r, laps)) = self.find(start)
                        && answers(&r, laps, 0, 0, give_up_at(limit))
                    {
                        (found, total) = (1, laps);
                        return Some(r);
                    }
                }
                (laps >= limit).then_some(Err(Cut::Unresolved(laps)))
            }
            Event::Marked(laps, s) => {
                let at = RelayKey {
                    x: join(s.lo, s.hi),
                    q: s.q,
                    capture,
                };
                let (r, laps) = self.at_mark(start, laps, at)?;
                (found, total) = (2, laps);
                Some(r)
            }
            Event::Lap(..) => None,
        });
        if found == 0 {
            total = walked;
        }
        let stats = self.memo.stats();
        if found != 0 {
            stats.hits += 1;
        } else if r.is_ok() {
            stats.longest_ended = stats.longest_ended.max(walked);
        }
        if walked >= PROBE_AFTER {
            stats.laps += walked;
            if found != 1
                && let Some(slot) = self.memo.slot(start.hash())
            {
                let [a, b, c] = start.words(START);
                let [d, e, f] = encode(&r, total);
                *slot = [a, b, c, d, e, f];
            }
        }
        r
    }
}

/// The state between two relay laps (rule 8): the mover's circuit in two halves and the
/// pit to lift next.
#[derive(Clone, Copy)]
struct LapState {
    lo: u64,
    hi: u64,
    q: usize,
}

impl PartialEq for LapState {
    /// All three words at once, without a branch per word.
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        (self.lo ^ other.lo) | (self.hi ^ other.hi) | ((self.q ^ other.q) as u64) == 0
    }
}

/// The seeds of circuit pit `c` in a circuit split into halves.
#[inline(always)]
const fn byte(lo: u64, hi: u64, c: usize) -> u8 {
    (if c < 8 { lo } else { hi } >> ((c & 7) * 8)) as u8
}

#[inline(always)]
const fn join(lo: u64, hi: u64) -> u128 {
    lo as u128 | (hi as u128) << 64
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use mancala_core::cycle::{MemoSlot, MemoStats};

    /// The states seen from the hand (the circuit read from the pit to lift) of the
    /// relay from pit `q`, sown seed by seed: the laps to the first repeat of one (a
    /// `HashSet` of every state) and the laps after which Brent's finder over them finds
    /// it; `None` if the relay ends.
    fn hand_seen_repeat(mut pits: [u8; 16], mut q: usize) -> Option<(u64, u64)> {
        let seen_from_hand = |pits: &[u8; 16], q: usize| {
            let mut s = *pits;
            s.rotate_left(q);
            s
        };
        let mut seen = std::collections::HashSet::new();
        let mut first = None;
        let (mut saved, mut power, mut lam) = (seen_from_hand(&pits, q), 1u64, 0u64);
        seen.insert(saved);
        for laps in 1.. {
            let n = core::mem::take(&mut pits[q]);
            for i in 1..=usize::from(n) {
                pits[(q + i) & 15] += 1;
            }
            q = (q + usize::from(n)) & 15;
            if pits[q] == 1 {
                return None;
            }
            let s = seen_from_hand(&pits, q);
            if !seen.insert(s) && first.is_none() {
                first = Some(laps);
            }
            lam += 1;
            if s == saved {
                return Some((first.unwrap(), laps));
            }
            if lam == power {
                (saved, power, lam) = (s, power * 2, 0);
            }
        }
        unreachable!()
    }

    /// The turning walk against the full-state walk (Brent on the whole lap state, the
    /// rules' walk before it) and against a seed-by-seed walk of the states seen from the
    /// hand, where nothing captures: the same relays end the same way after the same
    /// laps, the same relays are endless, and the turning walk proves it no sooner than
    /// the first repeat of a state seen from the hand, no later than Brent's finder over
    /// those states (its distinguished states find some sooner), and in no more laps
    /// than the full-state walk. The relays start from the endless layouts of
    /// `tests/endless_layouts.txt`, turned round the circuit and with up to three seeds
    /// moved (random circuits are almost never endless): about two in three end.
    #[test]
    fn the_turning_walk_agrees_with_the_full_state_walk() {
        use crate::{Move, Omweso, Position};
        let mut rng = mancala_testkit::Rng::new(30);
        let layouts: std::vec::Vec<([u8; 16], usize)> =
            include_str!("../tests/endless_layouts.txt")
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .map(|l| {
                    let f: std::vec::Vec<&str> = l.split_whitespace().collect();
                    let p: Omweso = f[..4].join(" ").parse().unwrap();
                    let m: Move = f[4].parse().unwrap();
                    (p.circuit(p.side_to_move()), m.pit().circuit_index())
                })
                .collect();
        assert!(layouts.len() >= 40);
        let (mut ended, mut endless, mut sooner, mut distinguished) = (0, 0, 0, 0);
        for _ in 0..4000 {
            let (mut pits, q) = layouts[rng.below(layouts.len())];
            for _ in 0..rng.below(4) {
                let (from, to) = (rng.below(16), rng.below(16));
                if pits[from] > 0 && from != q {
                    pits[from] -= 1;
                    pits[to] += 1;
                }
            }
            let turn = rng.below(16);
            pits.rotate_right(turn);
            let q = (q + turn) & 15;
            let x = u128::from_le_bytes(pits);
            let (full, full_laps) = relay_laps::<false, false>(x, q, 0, 0, |_| None);
            let (turning, laps) = relay_laps_turning(x, q);
            let seeds = hand_seen_repeat(pits, q);
            match (full, turning, seeds) {
                (Ok(a), Ok(b), None) => {
                    assert_eq!((a, full_laps), (b, laps), "{pits:?} from {q}");
                    ended += 1;
                }
                (Err(Cut::Endless(a)), Err(Cut::Endless(b)), Some((first, brent))) => {
                    assert_eq!((a.laps, b.laps), (full_laps, laps));
                    assert!(
                        first <= laps && laps <= brent && laps <= full_laps,
                        "{pits:?} from {q}: {laps} laps, first repeat {first}, \
                         Brent {brent}, full state {full_laps}"
                    );
                    endless += 1;
                    sooner += usize::from(laps < full_laps);
                    distinguished += usize::from(laps < brent);
                }
                (a, b, c) => panic!("{pits:?} from {q}: full {a:?}, turning {b:?}, seeds {c:?}"),
            }
        }
        std::println!(
            "{ended} ended, {endless} endless ({sooner} sooner than the full state, \
             {distinguished} found by a distinguished state)"
        );
        assert!(ended > 1000 && endless > 1000 && sooner > 500 && distinguished > 100);
    }

    #[test]
    fn give_up_at_brents_next_save() {
        // Saves after 1, 3, 7, 15, … laps.
        for (limit, at) in [
            (0, 1),
            (1, 1),
            (2, 3),
            (63, 63),
            (64, 127),
            (1 << 16, (1 << 17) - 1),
        ] {
            assert_eq!(give_up_at(limit), at, "limit {limit}");
        }
        assert_eq!(give_up_at(u64::MAX), u64::MAX);
        assert_eq!(give_up_at(u64::MAX - 1), u64::MAX);
    }

    #[test]
    fn results_survive_a_slot() {
        let x = u128::from_le_bytes([3, 0, 1, 2, 0, 5, 9, 1, 0, 0, 2, 4, 1, 1, 0, 64]);
        for r in [
            Ok((x, 3, 15, Stop::Empty)),
            Ok((x, 0, 8, Stop::Capture)),
            Ok((0, 14, 1, Stop::Decision)),
            Err(Cut::Endless(Endless { laps: 999 })),
            Err(Cut::Unresolved(131_071)),
        ] {
            let (back, laps) = decode(&encode(&r, 999));
            assert_eq!(laps, 999);
            match (r, back) {
                (Err(Cut::Endless(_)), Err(Cut::Endless(_)))
                | (Err(Cut::Unresolved(_)), Err(Cut::Unresolved(_))) => {}
                (a, b) => assert_eq!(a, b),
            }
        }
    }

    /// Counting by hand: a relay that follows a remembered one from its lap 100 on (the
    /// remembered one was at lap 40 there) reaches the remembered result 60 laps later
    /// than it did.
    #[test]
    fn a_remembered_relay_answers_only_what_a_walk_would() {
        let ended: Relayed = Ok((0, 0, 0, Stop::Empty));
        let given_up: Relayed = Err(Cut::Unresolved(127));
        let endless: Relayed = Err(Cut::Endless(Endless { laps: 50 }));
        // Ended after 90 laps: this relay ends at lap 150; a walk giving up at 127 does
        // not see it, one giving up at 255 does.
        assert!(!answers(&ended, 90, 100, 40, 127));
        assert!(answers(&ended, 90, 100, 40, 255));
        assert!(answers(&ended, 90, 100, 100, 127)); // at lap 90
        // Given up after 127 laps: this relay goes on without ending to lap 187, past a
        // bound of 127 but not 255.
        assert!(answers(&given_up, 127, 100, 40, 127));
        assert!(!answers(&given_up, 127, 100, 40, 255));
        // Joining it sooner than it came there: not known to go on far enough.
        assert!(!answers(&given_up, 127, 20, 40, 127));
        // Endless: whatever the laps.
        assert!(answers(&endless, 50, 0, 40, 1));
    }

    /// A mark met again by the same relay at another lap proves a cycle; met at the same
    /// lap (the same relay walked again), it proves nothing.
    #[test]
    fn a_mark_repeats_only_at_another_lap() {
        let mut slots = [MemoSlot::default(); 64];
        let mut stats = MemoStats::default();
        let mut memo = SearchMemo::new(&mut slots, &mut stats, 1 << 16);
        let mut walk = Memoised { memo: &mut memo };
        let start = RelayKey {
            x: 7,
            q: 3,
            capture: 0x0100,
        };
        let at = RelayKey {
            x: 1 << 70,
            q: 9,
            capture: 0x0100,
        };
        assert!(walk.at_mark(start, 100, at).is_none());
        assert!(walk.at_mark(start, 100, at).is_none());
        assert!(matches!(
            walk.at_mark(start, 300, at),
            Some((Err(Cut::Endless(_)), 300))
        ));
        // Another relay there, whose own result is not known: no answer.
        let other = RelayKey { x: 8, ..start };
        assert!(walk.at_mark(other, 500, at).is_none());
        // Before its 63rd lap a relay leaves no mark.
        let early = RelayKey { x: 2, ..at };
        assert!(walk.at_mark(start, 62, early).is_none());
        assert!(walk.at_mark(start, 10, early).is_none());
    }
}
