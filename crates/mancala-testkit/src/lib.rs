//! Test support shared by the game crates (a dev-dependency only, never published):
//!
//! - [`CountingAllocator`]: a global allocator that counts allocations per thread, to
//!   prove that move generation, play and perft allocate nothing;
//! - [`perft_file`]: the driver for perft vector files (`tests/*.perft`);
//! - [`check_position`] and [`random_game`]: generic property checks over the
//!   [`Position`] trait;
//! - [`api`]: the generic suite every game passes, written once against the
//!   [`Position`] and [`Record`](mancala_core::record::Record) traits;
//! - [`counted`]: the property-test runner that fails a property whose main branch ran
//!   in fewer than half of its cases.
#![allow(unsafe_code)] // The counting allocator must implement `GlobalAlloc`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt::Display;

pub mod api;

use mancala_core::perft::perft;
use mancala_core::rng::SplitMix64;
use mancala_core::{Position, Status};

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

/// A global allocator that counts the allocations made by the current thread.
///
/// ```text
/// #[global_allocator]
/// static ALLOC: mancala_testkit::CountingAllocator = mancala_testkit::CountingAllocator;
/// let (_, n) = mancala_testkit::count_allocations(|| perft(&start, 4));
/// assert_eq!(n, 0);
/// ```
pub struct CountingAllocator;

// SAFETY: every call is forwarded unchanged to the system allocator; the counter is a
// const-initialised thread local that never allocates.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's pointer and layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded with the caller's arguments.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Runs `f` and returns its result with the number of allocations this thread made
/// meanwhile.
///
/// # Panics
/// First proves that it counts ([`assert_counting`]): in a binary whose global
/// allocator is not [`CountingAllocator`], every count would be 0 and every
/// "allocates nothing" test would pass, so it panics instead.
pub fn count_allocations<R>(f: impl FnOnce() -> R) -> (R, u64) {
    assert_counting();
    let before = ALLOCATIONS.with(Cell::get);
    let r = f();
    let after = ALLOCATIONS.with(Cell::get);
    (r, after - before)
}

/// One case of a perft file: an id, a position in notation, options, and the expected
/// counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// The case's name.
    pub id: String,
    /// The position in the game's notation.
    pub position: String,
    /// Words from an `options` line (variant flags such as `clockwise`), if any.
    pub options: Vec<String>,
    /// `(depth, nodes)` pairs.
    pub counts: Vec<(u32, u64)>,
}

/// Parses a perft file:
///
/// ```text
/// # comments say where the numbers come from
/// id start-2x6
/// position 3,3,3,3,3,3/3,3,3,3,3,3 0-0 S
/// options pits=6
/// perft 1 6
/// perft 2 36
/// ```
///
/// # Panics
/// On a malformed file (this is test code: the file is part of the test).
#[must_use]
pub fn perft_file(text: &str) -> Vec<PerftCase> {
    let mut cases: Vec<PerftCase> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "id" => cases.push(PerftCase {
                id: rest.to_string(),
                position: String::new(),
                options: Vec::new(),
                counts: Vec::new(),
            }),
            "position" | "options" | "perft" => {
                let case = cases
                    .last_mut()
                    .unwrap_or_else(|| panic!("line {}: {key} before any id", n + 1));
                match key {
                    "position" => case.position = rest.to_string(),
                    "options" => case.options = rest.split_whitespace().map(String::from).collect(),
                    _ => {
                        let mut it = rest.split_whitespace();
                        let depth = it.next().and_then(|d| d.parse().ok());
                        let nodes = it.next().and_then(|d| d.parse().ok());
                        match (depth, nodes, it.next()) {
                            (Some(d), Some(c), None) => case.counts.push((d, c)),
                            _ => panic!("line {}: expected 'perft <depth> <nodes>'", n + 1),
                        }
                    }
                }
            }
            _ => panic!("line {}: unknown key {key:?}", n + 1),
        }
    }
    for c in &cases {
        assert!(!c.position.is_empty(), "case {} has no position", c.id);
        assert!(!c.counts.is_empty(), "case {} has no perft lines", c.id);
    }
    cases
}

/// Checks every case of a perft file whose node count is at most `max_nodes`, building
/// each position with `build`. Returns how many counts were checked.
///
/// # Panics
/// When a count differs (naming the case and depth), or when no count was checked.
pub fn run_perft_file<P: Position>(
    text: &str,
    max_nodes: u64,
    mut build: impl FnMut(&PerftCase) -> P,
) -> usize {
    let mut checked = 0;
    for case in perft_file(text) {
        let p = build(&case);
        for &(depth, nodes) in &case.counts {
            if nodes <= max_nodes {
                assert_eq!(perft(&p, depth), nodes, "case {} depth {depth}", case.id);
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "no perft count was checked");
    checked
}

/// Checks what must hold in every position, for every candidate move: `is_legal`
/// agrees with `legal_moves`, a checked `play` of an illegal move fails and leaves the
/// position unchanged, a finished game has no legal moves, and an ongoing one has some.
///
/// # Panics
/// When one of these fails.
pub fn check_position<P: Position>(p: &P, candidates: impl IntoIterator<Item = P::Move>) {
    let legal = p.legal_moves();
    match p.status() {
        Status::Ongoing => assert!(!legal.is_empty(), "ongoing game without moves: {p:?}"),
        _ => assert!(legal.is_empty(), "finished game with moves: {p:?}"),
    }
    for m in candidates {
        let listed = legal.contains(&m);
        assert_eq!(
            p.is_legal(m),
            listed,
            "is_legal({m}) disagrees with legal_moves in {p:?}"
        );
        if !listed {
            let mut q = p.clone();
            assert!(q.play(m).is_err(), "illegal {m} was played in {p:?}");
            assert_eq!(&q, p, "a refused move changed the position");
        }
    }
}

/// Proves that allocations are counted: a `Vec` allocated here must be seen.
///
/// # Panics
/// If [`CountingAllocator`] is not the binary's global allocator.
pub fn assert_counting() {
    let before = ALLOCATIONS.with(Cell::get);
    let v: Vec<u64> = std::hint::black_box(Vec::with_capacity(4));
    drop(v);
    let after = ALLOCATIONS.with(Cell::get);
    assert!(
        after > before,
        "allocations are not counted: the CountingAllocator is not this binary's global allocator"
    );
}

/// A small deterministic random number generator for tests: the workspace's
/// SplitMix64 ([`mancala_core::rng`]) with the draws the tests were written with.
#[derive(Clone, Debug)]
pub struct Rng(SplitMix64);

impl Rng {
    /// A generator from a seed.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Rng(SplitMix64::new(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A number below `n` (n > 0) by Lemire's multiply-shift instead of `%`: no
    /// division, for the benches' and speed examples' hot loops. A different sequence
    /// from [`below`](Rng::below) for the same seed.
    #[inline]
    pub fn below_fast(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
}

/// Plays random legal moves from `start` until the game ends or `max_plies` have been
/// played, calling `each(position)` on every position reached (the start included).
/// Returns the last position.
pub fn random_game<P: Position>(
    start: &P,
    rng: &mut Rng,
    max_plies: usize,
    mut each: impl FnMut(&P),
) -> P {
    let mut p = start.clone();
    each(&p);
    for _ in 0..max_plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        p.play(m)
            .unwrap_or_else(|e| panic!("listed move {m} refused: {e}"));
        each(&p);
    }
    p
}

/// Runs a property test of `cases` cases drawn from `strategy` (proptest, shrinking
/// included), where `test` returns whether the property's main branch ran for that
/// value. Prints how often it ran, and fails if a case fails or if the main branch ran
/// in fewer than half of the cases (a property whose assertions never run cannot
/// fail). Returns how often it ran.
///
/// The cases can be raised for a longer run with `PROPTEST_CASES`, as with `proptest!`.
///
/// ```
/// use proptest::prelude::*;
/// let ran = mancala_testkit::counted("evens", 64, (0u32..1000).prop_map(|n| 2 * n), |n| {
///     prop_assert_eq!(n % 2, 0);
///     Ok(n > 0) // the main branch: a positive even number
/// });
/// assert!(ran >= 32);
/// ```
///
/// # Panics
/// When a case fails (with the shrunk value), or the main branch ran too rarely.
pub fn counted<S: proptest::strategy::Strategy>(
    name: &str,
    cases: u32,
    strategy: S,
    test: impl Fn(S::Value) -> Result<bool, proptest::test_runner::TestCaseError>,
) -> u32
where
    S::Value: std::fmt::Debug,
{
    use proptest::test_runner::{Config, TestRunner};
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .map_or(cases, |c: u32| c.max(cases));
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let (main, all) = (Cell::new(0u32), Cell::new(0u32));
    let result = TestRunner::new(config).run(&strategy, |value| {
        all.set(all.get() + 1);
        if test(value)? {
            main.set(main.get() + 1);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    let (main, all) = (main.get(), all.get());
    println!("{name}: the main branch ran in {main} of {all} cases");
    assert!(
        2 * main >= all,
        "{name}: the main branch ran in only {main} of {all} cases"
    );
    main
}

/// The CPU time this thread has run (`/proc/thread-self/schedstat`, Linux; zero where
/// it cannot be read), for speed examples on a shared machine, where the other
/// processes move it far less than the wall clock.
#[must_use]
pub fn thread_cpu_time() -> std::time::Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .map_or(std::time::Duration::ZERO, std::time::Duration::from_nanos)
}

/// Formats a value with `Display` (a shorthand for property tests).
pub fn show(x: &impl Display) -> String {
    x.to_string()
}

/// A board in pairs, as the endgame databases hold it (`kalah::pairs`,
/// `urim::pairs`): the mover's pit `i` in byte `2i` of the word, the opponent's in
/// byte `2i + 1`, written pit by pit from the two rows (each from its owner's left).
#[must_use]
pub fn pairs_word(mover: &[u8], opponent: &[u8]) -> u128 {
    let mut bytes = [0u8; 16];
    for (i, (&a, &b)) in mover.iter().zip(opponent).enumerate().take(8) {
        bytes[2 * i] = a;
        bytes[2 * i + 1] = b;
    }
    u128::from_le_bytes(bytes)
}

#[cfg(test)]
mod tests {
    use super::Rng;

    /// This test binary has the system allocator: the proof must fail, so that a
    /// counting test whose `#[global_allocator]` line is lost fails too.
    #[test]
    #[should_panic(expected = "allocations are not counted")]
    fn counting_without_the_allocator_is_refused() {
        let _ = super::count_allocations(|| 1);
    }

    #[test]
    fn below_fast_stays_below_and_reaches_every_value() {
        let mut rng = Rng::new(3);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[rng.below_fast(7)] += 1;
        }
        // About 1000 each; every value is drawn.
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
        assert_eq!(Rng::new(5).below_fast(1), 0);
    }
}
