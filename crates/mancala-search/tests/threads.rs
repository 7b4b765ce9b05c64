//! Alpha-beta with two threads (and the table that cuts):
//! the same value at every depth as one thread and as a minimax written independently
//! of the engine, and a move that reaches it.

mod games;

use games::{absolute_minimax, random_game};
use mancala_core::Position;
use mancala_core::record::Record;
use mancala_search::eval::Static;
use mancala_search::score::from_child;
use mancala_search::{AlphaBeta, AlphaBetaOptions, Engine, Limits, SplitOptions};

/// Options whose threads split nodes with `depth` plies or more left (nodes expected to
/// cut after `cut_wait` moves) in every iteration, however quick (by default only after
/// a 1 ms iteration), the helpers waiting before it starts.
fn splitting(depth: u32, cut_wait: usize) -> AlphaBetaOptions {
    AlphaBetaOptions {
        split: SplitOptions {
            depth,
            cut_wait,
            after: std::time::Duration::ZERO,
        },
        ..AlphaBetaOptions::default()
    }
}

/// Whether `m` reaches `score` at `depth` from `game`: its child's value one ply less.
fn reaches<R: Record>(
    game: &R,
    m: mancala_core::record::MoveOf<R>,
    depth: u32,
    score: i32,
    seed: u64,
) {
    let mut child = game.clone();
    child.play(m).unwrap();
    let me = game.position().side_to_move();
    let v = if child.is_finished() {
        mancala_search::eval::score_of(&Static, &child, 1)
    } else {
        let mut ab = AlphaBeta::new(Limits::depth(1));
        // The child's value at depth - 1 from the child's root: decisive scores count
        // plies from there, one fewer.
        let v = ab.value(&child, depth - 1);
        if mancala_search::score::is_decisive(v) {
            v.signum() * (v.abs() - 1)
        } else {
            v
        }
    };
    assert_eq!(
        from_child(v, me, child.position().side_to_move()),
        score,
        "seed {seed}"
    );
}

/// That `two` found the value and depth of `one`, and a move that reaches it.
fn agrees<R: Record>(
    game: &R,
    two: &mancala_search::Report<mancala_core::record::MoveOf<R>>,
    one: &mancala_search::Report<mancala_core::record::MoveOf<R>>,
    seed: u64,
    label: &str,
) {
    let (got, want) = ((two.score, two.depth), (one.score, one.depth));
    assert_eq!(got, want, "seed {seed} {label}");
    reaches(game, two.best.unwrap(), two.depth, two.score, seed);
}

/// With `reference`, the value is also checked against plain minimax (too slow for
/// Omweso at its depth). The first records are also searched `deep`, where the threads
/// split more nodes (each with 5 plies or more left), and every record with splits
/// down to 2 and 3 plies left, on two threads and on three, and with nodes expected to
/// cut splitting after two moves.
fn check<R: Record + Send + Sync>(
    start: &R::Position,
    depth: u32,
    seeds: u64,
    reference: bool,
    deep: u32,
) where
    mancala_core::record::MoveOf<R>: Send + Sync,
{
    let mut checked = 0;
    for seed in 0..seeds {
        let game: R = random_game(start, (seed * 5 % 40) as u32, seed);
        if game.is_finished() {
            continue;
        }
        let one = AlphaBeta::new(Limits::depth(depth)).search(&game);
        // Split nodes with 5 plies or more left (the default) in every iteration.
        let mut par = AlphaBeta::with_threads(Static, Limits::depth(depth), splitting(5, 1), 2);
        let r = par.search(&game);
        assert_eq!((r.score, r.depth), (one.score, one.depth), "seed {seed}");
        if reference {
            assert_eq!(
                r.score,
                absolute_minimax(&game, r.depth, &Static),
                "seed {seed}"
            );
        }
        if seed < 3 {
            let one = AlphaBeta::new(Limits::depth(deep)).search(&game);
            let mut two = AlphaBeta::with_threads(Static, Limits::depth(deep), splitting(5, 1), 2);
            agrees(&game, &two.search(&game), &one, seed, "deep");
        }
        // The move chosen reaches that value: its child searched one ply less.
        reaches(&game, r.best.unwrap(), r.depth, r.score, seed);
        // Splits at every node with 2 plies or more left whenever a thread is idle: splits
        // inside splits, in the helper's subtrees, joined by a thread waiting at its own
        // split point, and cut by a move that fails high.
        // Three threads (on any machine): a split point can be cut while a thread still
        // searches a split point inside it, whose search is then discarded.
        // Nodes expected to cut split after two moves (`SplitOptions::cut_wait`): later
        // splits.
        for (split_depth, threads, cut_wait) in [(2, 2, 1), (3, 2, 1), (2, 3, 1), (2, 2, 2)] {
            let options = splitting(split_depth, cut_wait);
            let mut low = AlphaBeta::with_threads(Static, Limits::depth(depth), options, threads);
            let label =
                format!("split depth {split_depth}, {threads} threads, cut wait {cut_wait}");
            agrees(&game, &low.search(&game), &one, seed, &label);
        }
        // A second search with the same engine gives the same value and move.
        let again = par.search(&game);
        assert_eq!((again.score, again.best), (r.score, r.best), "seed {seed}");
        checked += 1;
    }
    assert!(checked >= seeds / 2, "{checked} positions checked");
}

#[test]
fn two_threads_find_the_value_of_one_on_urim() {
    check::<urim::Game<6>>(&urim::Urim6::new(), 6, 16, true, 12);
}

#[test]
fn two_threads_find_the_value_of_one_on_oware() {
    check::<oware::Game>(&oware::Oware::new(), 6, 16, true, 12);
}

#[test]
fn two_threads_find_the_value_of_one_on_omweso() {
    check::<omweso::Game>(&omweso::Omweso::new(), 4, 12, false, 7);
}

#[test]
fn two_threads_find_the_value_of_one_on_rio_kadalis() {
    check::<rio_kadalis::Game>(&rio_kadalis::RioKadalis::<6>::new(), 7, 16, true, 13);
}

#[test]
fn two_threads_find_the_value_of_one_on_kalah() {
    check::<kalah::Game>(&kalah::Kalah::new(), 7, 16, true, 12);
}

/// Root-parallel MCTS: a playout limit is shared among the threads, and a search is
/// repeatable (each thread its own seed), and it still takes Urim's 2-point capture.
#[test]
fn mcts_on_two_threads_is_repeatable_and_plays_the_two_point_capture() {
    use mancala_search::{Mcts, MctsOptions};
    let p: urim::Urim6 = "1,0,0,0,0,1/2,0,0,0,0,0 24-8 S".parse().unwrap();
    let game = urim::Game::<6>::new(p);
    let options = MctsOptions::default();
    let mut mcts = Mcts::with_threads(Static, Limits::nodes(1001), options, 2);
    let r = mcts.search(&game);
    assert_eq!(r.nodes, 1001);
    assert_eq!(r.best, Some("f".parse().unwrap()));
    for seed in 0..6 {
        let g: urim::Game<6> = random_game(&urim::Urim6::new(), seed as u32 * 3, seed);
        if g.is_finished() {
            continue;
        }
        let a = Mcts::with_threads(Static, Limits::nodes(600), options, 2).search(&g);
        let b = mcts_again(&g, options);
        assert_eq!(
            (a.best, a.win_rate, a.nodes),
            (b.best, b.win_rate, b.nodes),
            "seed {seed}"
        );
    }
}

fn mcts_again(
    g: &urim::Game<6>,
    options: mancala_search::MctsOptions,
) -> mancala_search::Report<urim::Move> {
    let mut m = mancala_search::Mcts::with_threads(Static, Limits::nodes(600), options, 2);
    // A first search of another record, so that the second starts from used buffers.
    m.search(&urim::Game::<6>::new(urim::Urim6::new()));
    m.search(g)
}

/// A node limit is one budget for all the threads: each thread used
/// to count its own nodes against the whole limit, searching about twice as many.
#[test]
fn a_node_limit_is_one_budget_for_all_threads() {
    let game = urim::Game::<6>::new(urim::Urim6::new());
    let limit = 400_000;
    let r = AlphaBeta::with_threads(Static, Limits::nodes(limit), AlphaBetaOptions::default(), 2)
        .search(&game);
    // Each thread adds its count to the budget every 64 nodes.
    assert!(
        r.nodes >= limit && r.nodes <= limit + 2 * 64,
        "{} nodes searched for a limit of {limit}",
        r.nodes
    );
}

/// An evaluator that panics in any thread but the one that made it.
#[derive(Clone, Debug)]
struct PanicsInHelpers(std::thread::ThreadId);

const HELPER_PANIC: &str = "the evaluator panicked in a helper thread";

impl<P: Position> mancala_search::Evaluator<P> for PanicsInHelpers {
    fn evaluate(&self, p: &P) -> mancala_search::score::Score {
        assert!(std::thread::current().id() == self.0, "{HELPER_PANIC}");
        mancala_search::Evaluator::evaluate(&Static, p)
    }
    fn known(&self, _: &[P]) -> Option<mancala_search::Known> {
        assert!(std::thread::current().id() == self.0, "{HELPER_PANIC}");
        None
    }
}

/// The message of a panic's payload.
fn message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_string()))
        .unwrap_or_default()
}

/// A helper thread's panic reaches the caller as it was raised: MCTS used to swallow
/// it (`join().unwrap_or(0)`) and merge a half-built tree; alpha-beta's came back as
/// "a scoped thread panicked".
#[test]
fn a_panic_in_a_helper_thread_reaches_the_caller() {
    use mancala_search::{Mcts, MctsOptions};
    use std::panic::{AssertUnwindSafe, catch_unwind};
    let game = urim::Game::<6>::new(urim::Urim6::new());
    let eval = PanicsInHelpers(std::thread::current().id());
    let mut mcts = Mcts::with_threads(eval.clone(), Limits::nodes(400), MctsOptions::default(), 2);
    let e = catch_unwind(AssertUnwindSafe(|| mcts.search(&game))).unwrap_err();
    assert!(message(&*e).contains(HELPER_PANIC), "{:?}", message(&*e));
    let mut ab = AlphaBeta::with_threads(eval, Limits::depth(40), AlphaBetaOptions::default(), 2);
    let e = catch_unwind(AssertUnwindSafe(|| ab.search(&game))).unwrap_err();
    assert!(message(&*e).contains(HELPER_PANIC), "{:?}", message(&*e));
    // The engine searches again after the panic (a quick search: this thread alone),
    // nothing left of the iteration the panic ended.
    ab.set_limits(Limits::depth(4));
    let r = ab.search(&game);
    let one = AlphaBeta::new(Limits::depth(4)).search(&game);
    assert_eq!((r.score, r.depth, r.best), (one.score, one.depth, one.best));
}
