//! The table cuts, and the values stay those of plain minimax over
//! the record, history included, in every game.
//!
//! Each game is played from its start by random moves (so the records carry positions
//! since the last capture, which Urim's, Oware's and Rio Kadalis's repetition rules
//! read); at every depth the engine's value with the table cutting equals a minimax
//! written independently of the engine (from South's side, no table, no pruning); the
//! engine's whole search reports that value at its depth; and the table cuts: the
//! searches with it visit fewer nodes than with a table that only orders moves.

mod games;

use games::{Ring, absolute_minimax, random_game};
use mancala_core::Player;
use mancala_core::record::{History, Record};
use mancala_search::eval::{Evaluator, Static, Zero};
use mancala_search::score::is_decisive;
use mancala_search::{AlphaBeta, AlphaBetaOptions, Engine, Limits};

fn options(table_cuts: bool) -> AlphaBetaOptions {
    AlphaBetaOptions {
        table_cuts,
        ..AlphaBetaOptions::default()
    }
}

/// Over `seeds` random records of up to `plies` moves from `start`, at depths
/// `1..=depth`: alpha-beta with the cuts equals the reference minimax, with and without
/// the cuts, and the cuts save nodes over the sample (the searches at `depth`, whose
/// node counts are returned: with, without).
fn check<R: Record, E: Evaluator<R::Position> + Copy>(
    start: &R::Position,
    plies: u32,
    depth: u32,
    seeds: u64,
    eval: E,
) -> (u64, u64) {
    let mut cut = AlphaBeta::with_evaluator(eval, Limits::depth(1), options(true));
    let mut plain = AlphaBeta::with_evaluator(eval, Limits::depth(1), options(false));
    let (mut with, mut without, mut checked) = (0, 0, 0);
    for seed in 0..seeds {
        let game: R = random_game(start, (seed * 7 % u64::from(plies + 1)) as u32, seed);
        if game.is_finished() {
            continue;
        }
        checked += 1;
        for d in 1..=depth {
            let reference = absolute_minimax(&game, d, &eval);
            assert_eq!(cut.value(&game, d), reference, "seed {seed} depth {d}");
            assert_eq!(plain.value(&game, d), reference, "seed {seed} depth {d}");
        }
        // The whole search (iterative deepening, every iteration reusing the table)
        // reports the reference value at its depth.
        cut.set_limits(Limits::depth(depth));
        plain.set_limits(Limits::depth(depth));
        let (a, b) = (cut.search(&game), plain.search(&game));
        assert_eq!(
            a.score,
            absolute_minimax(&game, a.depth, &eval),
            "seed {seed}"
        );
        assert_eq!(
            b.score,
            absolute_minimax(&game, b.depth, &eval),
            "seed {seed}"
        );
        // Both stop at the same depth, unless one proved the value sooner: a search
        // that met no leaf cut by the depth stops, and which leaves alpha-beta meets
        // depends on the order of the moves, which the table's cuts change.
        if a.depth != b.depth {
            assert!(is_decisive(a.score) && a.score == b.score, "seed {seed}");
        }
        assert_eq!(a.pv.first().copied(), a.best, "seed {seed}");
        with += a.nodes;
        without += b.nodes;
    }
    assert!(checked >= seeds / 2, "{checked} records checked");
    assert!(
        with < without,
        "{with} nodes with the cuts, {without} without"
    );
    println!("{with} nodes with the cuts, {without} without");
    (with, without)
}

#[test]
fn urim_values_equal_minimax() {
    check::<urim::Game<6>, _>(&urim::Urim6::new(), 60, 7, 24, Static);
}

#[test]
fn oware_values_equal_minimax() {
    check::<oware::Game, _>(&oware::Oware::new(), 80, 6, 24, Static);
}

#[test]
fn rio_kadalis_values_equal_minimax() {
    check::<rio_kadalis::Game, _>(&rio_kadalis::RioKadalis::<6>::new(), 60, 6, 24, Static);
}

#[test]
fn kalah_values_equal_minimax() {
    check::<kalah::Game, _>(&kalah::Kalah::new(), 40, 6, 24, Static);
}

#[test]
fn omweso_values_equal_minimax() {
    check::<omweso::Game, _>(&omweso::Omweso::new(), 40, 4, 8, Static);
}

/// A small Kalah, where a seed sown into the own store gives another move: the same
/// position is met at different plies of one search, so with different depths left; a
/// value stored for one depth must not be taken for another.
#[test]
fn small_kalah_values_equal_minimax_across_depths() {
    use mancala_core::record::Line;
    check::<Line<games::Kalah<3>>, _>(&games::Kalah::<3>::new(3), 20, 9, 40, Static);
}

/// On the ring most lines end by a repetition, so the same position is met with many
/// histories in one search: a value stored for one history must not be taken for
/// another. The cuts save nodes there too.
#[test]
fn ring_values_equal_minimax_across_histories() {
    let mut with = 0;
    let mut without = 0;
    for cell in 0..6u8 {
        let start = Ring::new(cell, [u8::from(cell % 2 == 0), 0], Player::South);
        let (a, b) = check::<History<Ring>, _>(&start, 14, 10, 16, Zero);
        with += a;
        without += b;
    }
    assert!(with < without, "{with} {without}");
}

/// Over `seeds` random records of up to `plies` moves from `start`, at every depth up to
/// `depth`: the whole search (iterative deepening) with principal-variation search and
/// an aspiration window (the defaults), with a window of one unit (which fails at
/// nearly every iteration and is searched again), with neither, and with late-move
/// reductions and deeper cuts asked for (which a search to a fixed depth never makes),
/// all report the value of the reference minimax.
fn pvs_and_aspiration<R: Record>(start: &R::Position, plies: u32, depth: u32, seeds: u64) {
    let variants = [
        AlphaBetaOptions::default(),
        AlphaBetaOptions {
            aspiration: 1,
            ..AlphaBetaOptions::default()
        },
        AlphaBetaOptions {
            pvs: false,
            aspiration: 0,
            ..AlphaBetaOptions::default()
        },
        AlphaBetaOptions {
            reductions: true,
            deeper_cuts: true,
            ..AlphaBetaOptions::default()
        },
    ];
    let mut engines = variants.map(|o| AlphaBeta::with_evaluator(Static, Limits::depth(1), o));
    let mut checked = 0;
    for seed in 0..seeds {
        let game: R = random_game(start, (seed * 7 % u64::from(plies + 1)) as u32, seed);
        if game.is_finished() {
            continue;
        }
        checked += 1;
        for d in 1..=depth {
            let reference = absolute_minimax(&game, d, &Static);
            for (e, o) in engines.iter_mut().zip(&variants) {
                e.set_limits(Limits::depth(d));
                let r = e.search(&game);
                if r.depth == d {
                    assert_eq!(r.score, reference, "seed {seed} depth {d} {o:?}");
                } else {
                    // Solved sooner: the value of every deeper search.
                    assert!(r.depth < d && is_decisive(r.score), "seed {seed} depth {d}");
                    assert_eq!(r.score, absolute_minimax(&game, r.depth, &Static));
                }
                assert_eq!(e.value(&game, d), reference, "seed {seed} depth {d} {o:?}");
            }
        }
    }
    assert!(checked >= seeds / 2, "{checked} records checked");
}

#[test]
fn pvs_and_aspiration_keep_the_values() {
    pvs_and_aspiration::<urim::Game<6>>(&urim::Urim6::new(), 60, 6, 16);
    pvs_and_aspiration::<oware::Game>(&oware::Oware::new(), 80, 6, 16);
    pvs_and_aspiration::<rio_kadalis::Game>(&rio_kadalis::RioKadalis::<6>::new(), 60, 6, 16);
    pvs_and_aspiration::<kalah::Game>(&kalah::Kalah::new(), 40, 6, 16);
    pvs_and_aspiration::<omweso::Game>(&omweso::Omweso::new(), 40, 4, 6);
}

/// Late-move reductions are on by default, and act only in a search limited by time or
/// nodes (the tests above: never at a fixed depth): with the same node budget, the
/// searches of Oware records reach deeper iterations with them than without them.
#[test]
fn reductions_deepen_a_search_limited_by_nodes() {
    assert!(AlphaBetaOptions::default().reductions);
    let off = AlphaBetaOptions {
        reductions: false,
        ..AlphaBetaOptions::default()
    };
    let budget = Limits::nodes(200_000);
    let mut with = AlphaBeta::with_evaluator(Static, budget, AlphaBetaOptions::default());
    let mut without = AlphaBeta::with_evaluator(Static, budget, off);
    let (mut deeper, mut shallower, mut with_depth, mut without_depth) = (0, 0, 0, 0);
    for seed in 0..12u64 {
        let game: oware::Game = random_game(&oware::Oware::new(), 6 + 3 * seed as u32, seed);
        if game.is_finished() {
            continue;
        }
        let (a, b) = (with.search(&game).depth, without.search(&game).depth);
        deeper += usize::from(a > b);
        shallower += usize::from(a < b);
        with_depth += a;
        without_depth += b;
    }
    assert!(
        with_depth > without_depth && deeper > shallower,
        "depths {with_depth} with, {without_depth} without; deeper {deeper}, shallower {shallower}"
    );
}
