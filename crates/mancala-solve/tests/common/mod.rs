//! What the tests of the databases of games with cycles (`urim.rs`, `oware.rs`) share:
//! the node budget of an exact search, a large stack for it, and the comparison of
//! every board's bounds with its exact value.

use std::cell::Cell;

use mancala_core::record::{MoveOf, Record};
use mancala_solve::Solvable;
use mancala_solve::build::check_table;
use mancala_solve::db::Databases;
use mancala_solve::rank::Ranker;
use mancala_solve::retro::stored_value;

thread_local! {
    /// The exact search gives up (and its result means nothing) past this many nodes.
    pub static LIMIT: Cell<u64> = const { Cell::new(u64::MAX) };
}

/// Whether a search that has visited `nodes` nodes is past [`LIMIT`].
pub fn over_limit(nodes: u64) -> bool {
    LIMIT.with(|l| nodes > l.get())
}

/// Runs `f` on a thread with a large stack: the searches recurse along lines of
/// hundreds of moves.
pub fn big_stack<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

/// A game's exact search of a board of 12 pits (pairs: mover's `a`, opponent's `a`,
/// …) as the whole history, written in the test from the rules.
pub trait ExactSearch {
    /// The exact value of `board` within `(alpha, beta)`, fail-soft (meaningless once
    /// [`over_limit`]), counting the nodes visited in `nodes`.
    fn exact(&mut self, board: &[u8; 12], alpha: i32, beta: i32, nodes: &mut u64) -> i32;
    /// `value` is `board`'s exact value (to memoise for the boards above).
    fn found(&mut self, board: &[u8; 12], value: i32);
    /// The position of `board`, to name it.
    fn show(&self, board: &[u8; 12]) -> String;
}

/// What [`compare_exact`] found.
#[derive(Clone, Copy, Debug, Default)]
pub struct Compared {
    /// Boards checked.
    pub boards: u64,
    /// Of them, with `L < U`.
    pub unresolved: u64,
    /// Of them, with `V ≠ exact`.
    pub differ: u64,
    /// The largest `|V − exact|`.
    pub worst: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Boards past the budget.
    pub skipped: u64,
}

/// Every board of up to `k` seeds, fewer seeds first: its exact value as the whole
/// history against the bounds in `dbs` (`L ≤ exact ≤ U` asserted), each board within
/// `budget` nodes (a board past it is skipped and counted).
pub fn compare_exact(
    dbs: &Databases,
    k: u32,
    budget: u64,
    search: &mut impl ExactSearch,
) -> Compared {
    let ranker = Ranker::new(12, k).unwrap();
    let mut c = Compared::default();
    for n in 0..=k {
        let mut b = [0u8; 12];
        ranker.unrank(n, 0, &mut b).unwrap();
        loop {
            let (l, u) = dbs.board_bounds(&b).unwrap();
            // The window just outside the bounds: a value outside them comes back
            // outside the window (alpha-beta is fail-soft) and fails the assertion;
            // inside, it comes back exact. Every board of fewer seeds was a root
            // before, so the positions after a capture are memoised, exact.
            let mut used = 0;
            LIMIT.with(|x| x.set(budget));
            let e = search.exact(&b, i32::from(l) - 1, i32::from(u) + 1, &mut used);
            LIMIT.with(|x| x.set(u64::MAX));
            c.nodes += used;
            if used > budget {
                c.skipped += 1;
            } else {
                assert!(
                    i32::from(l) <= e && e <= i32::from(u),
                    "{}: exact {e} outside [{l}, {u}]",
                    search.show(&b)
                );
                search.found(&b, e);
                c.unresolved += u64::from(l < u);
                let v = i32::from(stored_value(l, u, &b));
                if v != e {
                    c.differ += 1;
                    c.worst = c.worst.max((v - e).abs());
                }
                c.boards += 1;
            }
            if !ranker.next(&mut b) {
                break;
            }
        }
        eprintln!(
            "{n} seeds: {} nodes so far, {} boards checked, {} skipped, V != exact on {} so far",
            c.nodes, c.boards, c.skipped, c.differ
        );
    }
    c
}

/// (c) A planted wrong bound is caught by the check, naming the board; restored, the
/// check passes again. `dbs` holds every database of `game` up to `seeds` seeds, in
/// memory; the planted board has all the seeds in the mover's pit `a`.
pub fn planted_error_is_caught<G: Solvable>(game: &G, dbs: &mut Databases, seeds: u32) {
    for s in 0..=seeds {
        let r = check_table(game, dbs, s).unwrap();
        assert_eq!(r.wrong, 0, "{r:?}");
    }
    let mut b = [0u8; 12];
    b[0] = seeds as u8;
    let rank = dbs.ranker().rank(&b) as usize;
    let table = dbs.memory_mut(seeds).unwrap();
    let (l, u) = (table[2 * rank] as i8, table[2 * rank + 1] as i8);
    // Lower L by 2 (or raise it if it is at the bottom).
    let n = seeds as i8;
    let planted = if l > -n { l - 2 } else { l + 2 };
    table[2 * rank] = planted as u8;
    let r = check_table(game, dbs, seeds).unwrap();
    assert!(r.wrong >= 1, "{r:?}");
    assert!(
        r.examples.iter().any(|e| e.0 == rank as u64),
        "the planted board is named: {r:?}"
    );
    dbs.memory_mut(seeds).unwrap()[2 * rank] = l as u8;
    // An upper bound above the seeds is caught too.
    dbs.memory_mut(seeds).unwrap()[2 * rank + 1] = (n + 2) as u8;
    assert!(check_table(game, dbs, seeds).unwrap().wrong >= 1);
    dbs.memory_mut(seeds).unwrap()[2 * rank + 1] = u as u8;
    assert_eq!(check_table(game, dbs, seeds).unwrap().wrong, 0);
}

/// The two ways of finding the children of as many seeds (stored from the first
/// pass, replayed in every iteration) give the same bounds, byte for byte, for
/// every database of `game` up to `max` seeds; both iterate (the boards with such
/// children are most of them).
pub fn replayed_equals_stored<G: Solvable>(game: &G, max: u32) {
    use mancala_solve::build::BuildOptions;
    use mancala_solve::db::Table;
    use mancala_solve::retro::{Children, RetroStats};
    let solve = |dbs: &Databases, seeds, children| -> (Vec<u8>, RetroStats) {
        let options = BuildOptions::new().children(children);
        let (table, stats) = options.solve_table(game, dbs, seeds).unwrap();
        (table, stats.unwrap())
    };
    let mut dbs = Databases::new(game, max).unwrap();
    let mut iterated = 0;
    for seeds in 0..=max {
        let (stored, a) = solve(&dbs, seeds, Children::Stored);
        let (replayed, b) = solve(&dbs, seeds, Children::Replayed);
        assert_eq!(
            (a.children, b.children),
            (Some(Children::Stored), Some(Children::Replayed))
        );
        assert!(stored == replayed, "{seeds} seeds: the two builds differ");
        assert_eq!(
            (a.cyclic, a.unresolved),
            (b.cyclic, b.unresolved),
            "{seeds} seeds"
        );
        if a.iterations > 1 {
            iterated += 1;
        }
        dbs.push(Table::Memory(stored)).unwrap();
    }
    assert!(iterated >= max / 2, "only {iterated} seed counts iterated");
    let unresolved = (0..=max)
        .map(|s| check_table(game, &dbs, s).unwrap().unresolved)
        .sum::<u64>();
    assert!(unresolved > 0, "some boards stay unresolved");
}

/// Plays `line` from `start` through the game record `R` (the rules' own checks, the
/// history's endings included): every move legal, the game not over before the last.
/// `what` names the line in a failure.
pub fn replay_line<R: Record>(start: R::Position, line: &[MoveOf<R>], what: &str) {
    let mut g = R::new(start);
    for &m in line {
        assert!(
            g.outcome().is_none(),
            "{what}: the game is over before {m:?}"
        );
        if let Err(e) = g.play(m) {
            panic!("{what}: {m:?} is illegal: {e:?}");
        }
    }
}
