//! The solver against an exhaustive minimax written here from the rules as the
//! `kalah` crate plays them, and against the published values of Kalah(m, n).

mod words;

use std::collections::HashMap;

use kalah::{ByPlayer, Ending, Kalah, Player, Position, Rules, Setup};
use mancala_solve::build::{BuildOptions, check_table};
use mancala_solve::db::Databases;
use mancala_solve::kalah::KalahGame;
use mancala_solve::rank::Ranker;
use mancala_solve::search::{LeafEstimate, Limits, Prover};
use proptest::prelude::*;

/// The final margin (side to move's total minus the opponent's) under perfect play,
/// by trying every line: the crate's moves, its end of game and its totals, nothing
/// else. Memoised by position (stores included).
fn minimax(p: &Kalah, memo: &mut HashMap<Kalah, i32>) -> i32 {
    if let Some(&v) = memo.get(p) {
        return v;
    }
    let me = p.side_to_move();
    let v = match p.outcome() {
        Some(o) => {
            let t = o.totals.unwrap();
            i32::from(t[me]) - i32::from(t[me.opponent()])
        }
        None => p
            .legal_moves()
            .into_iter()
            .map(|m| {
                let c = p.after(m).unwrap();
                let v = minimax(&c, memo);
                if c.side_to_move() == me { v } else { -v }
            })
            .max()
            .unwrap(),
    };
    memo.insert(*p, v);
    v
}

fn all_rules(pits: u8) -> Vec<Rules> {
    let mut out = Vec::new();
    for empty_capture in [false, true] {
        for ending in [Ending::AnySideEmpty, Ending::MoverEmpty] {
            out.push(Rules {
                pits,
                empty_capture,
                ending,
            });
        }
    }
    out
}

fn position(rules: Rules, board: &[u8], stores: (u8, u8), to_move: Player) -> Kalah {
    let m = usize::from(rules.pits);
    let mut s = Setup::start(rules, 0, Player::South);
    let (mine, theirs) = match to_move {
        Player::South => (&mut s.pits.south, &mut s.pits.north),
        Player::North => (&mut s.pits.north, &mut s.pits.south),
    };
    // The solver's boards list the pits in pairs: the mover's a, the opponent's a, …
    for i in 0..m {
        mine[i] = board[2 * i];
        theirs[i] = board[2 * i + 1];
    }
    s.stores = match to_move {
        Player::South => ByPlayer::new(stores.0, stores.1),
        Player::North => ByPlayer::new(stores.1, stores.0),
    };
    s.to_move = to_move;
    Kalah::from_setup(s).unwrap()
}

#[test]
fn databases_equal_exhaustive_minimax_on_every_small_board() {
    for (pits, max) in [(1u8, 14u32), (2, 11), (3, 8), (4, 6)] {
        for rules in all_rules(pits) {
            let game = KalahGame::new(rules);
            let mut dbs = Databases::new(&game, max).unwrap();
            BuildOptions::new()
                .max_seeds(max)
                .build(&game, &mut dbs, |_| {})
                .unwrap();
            let ranker = Ranker::new(2 * usize::from(pits), max).unwrap();
            let mut memo = HashMap::new();
            let mut differ = 0;
            let mut checked = 0;
            for seeds in 0..=max {
                let mut b = vec![0u8; 2 * usize::from(pits)];
                for rank in 0..ranker.count(seeds) {
                    ranker.unrank(seeds, rank, &mut b).unwrap();
                    let p = position(rules, &b, (0, 0), Player::South);
                    let want = minimax(&p, &mut memo);
                    let got = i32::from(dbs.get(seeds, rank).unwrap());
                    if got != want {
                        differ += 1;
                        eprintln!("{rules}: {p}: database {got}, minimax {want}");
                    }
                    checked += 1;
                }
            }
            assert_eq!(differ, 0, "{rules}: {differ} of {checked} boards differ");
            assert!(checked > 100, "{checked}");
        }
    }
}

/// Every board of `seeds` seeds in `pits` pits (an enumeration of its own, not the
/// ranker's).
fn compositions(pits: usize, seeds: u8, prefix: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
    if prefix.len() + 1 == pits {
        prefix.push(seeds);
        out.push(prefix.clone());
        prefix.pop();
        return;
    }
    for x in 0..=seeds {
        prefix.push(x);
        compositions(pits, seeds - x, prefix, out);
        prefix.pop();
    }
}

/// `LeafEstimate::fit` is the least-squares line `V ≈ slope·d + mean` through every
/// board of a seed count (fewer than 2²⁰ here, so no sample), with `V` from the
/// exhaustive minimax and `d` the rows' difference, computed here in exact integers.
#[test]
fn the_fitted_estimate_is_the_least_squares_line_of_minimax_values() {
    for rules in all_rules(3) {
        let game = KalahGame::new(rules);
        let mut dbs = Databases::new(&game, 8).unwrap();
        BuildOptions::new()
            .max_seeds(8)
            .build(&game, &mut dbs, |_| {})
            .unwrap();
        let mut memo = HashMap::new();
        for seeds in 1..=8u8 {
            let mut boards = Vec::new();
            compositions(6, seeds, &mut Vec::new(), &mut boards);
            let (mut n, mut sd, mut sv, mut sdd, mut sdv) = (0i64, 0i64, 0i64, 0i64, 0i64);
            for b in &boards {
                let v = i64::from(minimax(
                    &position(rules, b, (0, 0), Player::South),
                    &mut memo,
                ));
                let d: i64 = b.chunks(2).map(|p| i64::from(p[0]) - i64::from(p[1])).sum();
                (n, sd, sv, sdd, sdv) = (n + 1, sd + d, sv + v, sdd + d * d, sdv + d * v);
            }
            // slope = (n·Σdv − Σd·Σv) / (n·Σd² − (Σd)²); mean = (Σv − slope·Σd) / n.
            let (num, den) = (n * sdv - sd * sv, n * sdd - sd * sd);
            let slope = num as f64 / den as f64;
            let mean = (sv as f64 - slope * sd as f64) / n as f64;
            let want = LeafEstimate::Fitted {
                slope: (slope * 1024.0).round() as i32,
                lean: (mean / f64::from(seeds) * 1024.0).round() as i32,
            };
            assert_eq!(
                LeafEstimate::fit(&dbs, u32::from(seeds)),
                Some(want),
                "{rules}, {seeds} seeds, {n} boards"
            );
        }
        // Not past the databases, nor of no seeds.
        assert_eq!(LeafEstimate::fit(&dbs, 9), None);
        assert_eq!(LeafEstimate::fit(&dbs, 0), None);
    }
}

#[test]
fn consistency_check_passes_and_catches_a_planted_error() {
    let game = KalahGame::new(Rules::with_pits(3));
    let mut dbs = Databases::new(&game, 7).unwrap();
    BuildOptions::new()
        .max_seeds(7)
        .build(&game, &mut dbs, |_| {})
        .unwrap();
    for seeds in 0..=7 {
        let r = check_table(&game, &dbs, seeds).unwrap();
        assert_eq!(r.boards, dbs.ranker().count(seeds));
        assert_eq!(r.wrong, 0, "{r:?}");
    }
    // Plant a wrong value (2 more than the true one) on one board of 6 seeds and one of
    // 7: the check must name that board, with the stored and the recomputed value.
    for (seeds, rank) in [(6u32, 100u64), (7, 5)] {
        let table = dbs.memory_mut(seeds).unwrap();
        let old = table[rank as usize] as i8;
        table[rank as usize] = (old + 2) as u8;
        let r = check_table(&game, &dbs, seeds).unwrap();
        assert!(r.wrong >= 1, "the planted error was not caught: {r:?}");
        assert!(
            r.examples
                .iter()
                .any(|&(k, stored, best)| k == rank && stored == old + 2 && best == i32::from(old)),
            "{r:?}"
        );
        dbs.memory_mut(seeds).unwrap()[rank as usize] = old as u8;
        assert_eq!(check_table(&game, &dbs, seeds).unwrap().wrong, 0);
    }
}

/// Kalah(3) with the empty capture, and its databases of fewer than `max` seeds.
fn empty_capture_3(max: u32) -> (Rules, KalahGame, Databases) {
    three_pits(true, max)
}

#[test]
fn proof_search_equals_the_databases_and_minimax() {
    let (_, _, full) = empty_capture_3(10);
    let (rules, game, small) = empty_capture_3(4);
    let board = proptest::collection::vec(0u8..=3, 6).prop_filter("at most 10 seeds", |b| {
        b.iter().map(|&x| u32::from(x)).sum::<u32>() <= 10
    });
    let case = (board, 0u8..20, 0u8..20, any::<bool>());
    let prover = std::cell::RefCell::new(Prover::new(&game, &small, 12).unwrap());
    // The same on two threads sharing the table, with the rows' estimate at the limit.
    let two = std::cell::RefCell::new(Prover::new(&game, &small, 12).unwrap());
    two.borrow_mut().set_threads(2);
    two.borrow_mut().set_leaf_estimate(LeafEstimate::Rows);
    mancala_testkit::counted(
        "proof search = database",
        300,
        case,
        |(b, s1, s2, north)| {
            let to_move = if north { Player::North } else { Player::South };
            let p = position(rules, &b, (s1, s2), to_move);
            let seeds: u32 = b.iter().map(|&x| u32::from(x)).sum();
            let stores = i32::from(s1) - i32::from(s2);
            let db = stores + i32::from(full.value(&b).unwrap());
            prop_assert_eq!(minimax(&p, &mut HashMap::new()), db);
            let mut searched = true;
            for prover in [&prover, &two] {
                let proof = prover.borrow_mut().prove(&p, &Limits::none()).unwrap();
                prop_assert_eq!(proof.value(), Some(db), "{}", p);
                prop_assert!(!proof.stopped);
                if let Some(m) = proof.best {
                    // The best move reaches the value.
                    let c = p.after(m).unwrap();
                    let v = minimax(&c, &mut HashMap::new());
                    prop_assert_eq!(if c.side_to_move() == to_move { v } else { -v }, db);
                } else {
                    // Only a finished game has no best move.
                    prop_assert!(p.is_finished(), "{}: no best move", p);
                }
                searched &= proof.nodes > 0;
            }
            // The main branch: a real search beyond the databases.
            Ok(seeds >= small.len() && !p.is_finished() && searched)
        },
    );
}

#[test]
fn bounds_are_reported_when_a_limit_stops_the_search() {
    let game = KalahGame::new(Rules::with_pits(4));
    let mut dbs = Databases::new(&game, 2).unwrap();
    BuildOptions::new()
        .max_seeds(2)
        .build(&game, &mut dbs, |_| {})
        .unwrap();
    let start = Kalah::start_with(Rules::with_pits(4), 2, Player::South).unwrap();
    let mut prover = Prover::new(&game, &dbs, 10).unwrap();
    let proof = prover.prove(&start, &Limits::nodes(200)).unwrap();
    assert!(proof.stopped);
    assert!(proof.lower < proof.upper, "{proof:?}");
    assert!(proof.lower >= -16 && proof.upper <= 16);
    let full = prover.prove(&start, &Limits::none()).unwrap();
    let v = full.value().unwrap();
    assert!(proof.lower <= v && v <= proof.upper, "{proof:?} {v}");
    assert_eq!(v, minimax(&start, &mut HashMap::new()));
    // Two threads, stopped at limits of their nodes together: the bounds still hold,
    // and a limit is a limit for all (a few hundred nodes past it at most: each
    // thread adds its count every 256).
    for nodes in [200, 2_000, 20_000] {
        let mut two = Prover::new(&game, &dbs, 10).unwrap();
        two.set_threads(2);
        let proof = two.prove(&start, &Limits::nodes(nodes)).unwrap();
        assert!(
            proof.lower <= v && v <= proof.upper,
            "{nodes}: {proof:?} {v}"
        );
        assert!(proof.nodes <= nodes + 2 * 256 + 2, "{nodes}: {proof:?}");
        if proof.lower < proof.upper {
            assert!(proof.stopped, "{nodes}: {proof:?}");
        }
    }
}

#[test]
fn starts_equal_exhaustive_minimax() {
    for (pits, seeds, db) in [(1u8, 6u8, 4u32), (2, 4, 4), (3, 3, 6), (4, 2, 6), (5, 1, 4)] {
        for rules in all_rules(pits) {
            let game = KalahGame::new(rules);
            let mut dbs = Databases::new(&game, db).unwrap();
            BuildOptions::new()
                .max_seeds(db)
                .build(&game, &mut dbs, |_| {})
                .unwrap();
            let start = Kalah::start_with(rules, seeds, Player::South).unwrap();
            let want = minimax(&start, &mut HashMap::new());
            // A steep line, to differ from both others.
            let fitted = LeafEstimate::Fitted {
                slope: 1500,
                lean: 100,
            };
            // With and without the iterative deepening, with and without the
            // enhanced transposition cutoffs.
            // On one thread and two, with either estimate at the depth limit.
            for (id, etc, threads, leaf) in [
                (0, false, 1, LeafEstimate::Rows),
                (0, true, 1, LeafEstimate::Rows),
                (6, true, 1, LeafEstimate::Even),
                (6, true, 1, LeafEstimate::Rows),
                (32, false, 1, LeafEstimate::Rows),
                (0, true, 2, LeafEstimate::Rows),
                (32, true, 2, LeafEstimate::Even),
                (32, true, 2, LeafEstimate::Rows),
                (32, true, 1, fitted),
                (32, true, 2, fitted),
            ] {
                let mut prover = Prover::new(&game, &dbs, 16).unwrap();
                prover.set_iterative_deepening(id);
                prover.set_etc(etc);
                prover.set_threads(threads);
                prover.set_leaf_estimate(leaf);
                let proof = prover.prove(&start, &Limits::none()).unwrap();
                assert_eq!(
                    proof.value(),
                    Some(want),
                    "Kalah({pits},{seeds}) {rules}, id {id}, etc {etc}, {threads} threads, {leaf:?}"
                );
                let m = proof.best.unwrap();
                let c = start.after(m).unwrap();
                let v = minimax(&c, &mut HashMap::new());
                assert_eq!(
                    if c.side_to_move() == Player::South {
                        v
                    } else {
                        -v
                    },
                    want
                );
            }
        }
    }
}

/// `prove_turns` gives the value of every first turn (each sequence of moves up to the
/// one that passes the turn) as the exhaustive minimax finds it (the margin after the
/// turn, turned to the mover's view when the opponent moves next), extra turns and
/// captures included, on one thread and two; the turns are every one there is.
#[test]
fn every_first_turn_equals_exhaustive_minimax() {
    fn turns(p: &Kalah, turn: &mut Vec<kalah::Move>, out: &mut Vec<(Vec<kalah::Move>, Kalah)>) {
        for m in p.legal_moves() {
            let c = p.after(m).unwrap();
            turn.push(m);
            if c.side_to_move() == p.side_to_move() && !c.is_finished() {
                turns(&c, turn, out);
            } else {
                out.push((turn.clone(), c));
            }
            turn.pop();
        }
    }
    for (pits, seeds, db) in [(2u8, 4u8, 4u32), (3, 3, 6), (4, 2, 6)] {
        for rules in all_rules(pits) {
            let game = KalahGame::new(rules);
            let mut dbs = Databases::new(&game, db).unwrap();
            BuildOptions::new()
                .max_seeds(db)
                .build(&game, &mut dbs, |_| {})
                .unwrap();
            let start = Kalah::start_with(rules, seeds, Player::South).unwrap();
            let mut want = Vec::new();
            turns(&start, &mut Vec::new(), &mut want);
            for threads in [1, 2, 3] {
                let mut prover = Prover::new(&game, &dbs, 16).unwrap();
                prover.set_threads(threads);
                let mut seen = 0;
                let got = prover
                    .prove_turns(&start, &Limits::none(), |_, _| seen += 1)
                    .unwrap();
                assert_eq!(seen, got.len());
                assert_eq!(
                    got.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>(),
                    want.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>()
                );
                for ((turn, proof), (_, c)) in got.iter().zip(&want) {
                    let v = minimax(c, &mut HashMap::new());
                    let v = if c.side_to_move() == Player::South {
                        v
                    } else {
                        -v
                    };
                    assert_eq!(
                        proof.value(),
                        Some(v),
                        "Kalah({pits},{seeds}) {rules}, turn {turn:?}, {threads} threads"
                    );
                    assert_eq!(proof.best, turn.last().copied());
                }
            }
        }
    }
}

/// Irving, Donkers and Uiterwijk, "Solving Kalah" (ICGA Journal 23(3), 2000): Table
/// 10 gives win (W), draw (D) or loss (L) for the first player for every m, n <= 6
/// but (6, 6), Table 9 the margins for m = 4 to 6. Their rules: empty capture, the
/// game over as soon as either side is empty, each player taking their own side.
const TABLE_10: [&str; 6] = ["DLWLWD", "WLLLWW", "DWWWWL", "WWWWWD", "DDWWWW", "WWWWW"];

fn first_player_value(pits: u8, seeds: u8, db: u32) -> i32 {
    first_player_value_on(pits, seeds, db, 1)
}

fn first_player_value_on(pits: u8, seeds: u8, db: u32, threads: usize) -> i32 {
    let rules = Rules {
        empty_capture: true,
        ..Rules::with_pits(pits)
    };
    let game = KalahGame::new(rules);
    let mut dbs = Databases::new(&game, db).unwrap();
    BuildOptions::new()
        .max_seeds(db)
        .build(&game, &mut dbs, |_| {})
        .unwrap();
    let start = Kalah::start_with(rules, seeds, Player::South).unwrap();
    let mut prover = Prover::new(&game, &dbs, 18).unwrap();
    prover.set_threads(threads);
    prover
        .prove(&start, &Limits::none())
        .unwrap()
        .value()
        .unwrap()
}

#[test]
fn small_kalah_values_match_the_published_table() {
    for pits in 1u8..=3 {
        for seeds in 1u8..=6 {
            // m <= 3: every board of the game is in the databases.
            let total = 2 * u32::from(pits) * u32::from(seeds);
            let v = first_player_value(pits, seeds, total.min(24));
            let wdl = ["L", "D", "W"][(v.signum() + 1) as usize];
            let want = &TABLE_10[usize::from(pits) - 1][usize::from(seeds) - 1..][..1];
            assert_eq!(wdl, want, "Kalah({pits},{seeds}) = {v}");
        }
    }
    // Table 9's margins.
    for (pits, seeds, margin) in [(4u8, 1u8, 2), (4, 2, 6), (4, 3, 8), (5, 1, 0), (6, 1, 2)] {
        assert_eq!(
            first_player_value(pits, seeds, 8),
            margin,
            "Kalah({pits},{seeds})"
        );
        assert_eq!(
            first_player_value_on(pits, seeds, 8, 2),
            margin,
            "Kalah({pits},{seeds}), 2 threads"
        );
    }
}

/// The larger published margins of Table 9 that fit a CI run: Kalah(5,4) = +12,
/// Kalah(6,2) = +10 and Kalah(6,3) = +2 under the paper's rules (empty capture), with
/// databases of 16 seeds (about a minute optimised; the long-tests run).
#[test]
#[ignore = "about a minute optimised: CI's long-tests run"]
fn larger_kalah_values_match_the_published_table() {
    for (pits, seeds, margin) in [(5u8, 4u8, 12), (6, 2, 10), (6, 3, 2)] {
        assert_eq!(
            first_player_value(pits, seeds, 16),
            margin,
            "Kalah({pits},{seeds})"
        );
    }
}

/// The databases as the engine's oracle (`DbEvaluator`): for every board of Kalah(2)
/// with up to 8 seeds, North or South to move and stores 3-1, the outcome's totals
/// give the margin the exhaustive minimax finds, the winner is the side with more,
/// and a position beyond the databases goes to the inner evaluator.
#[test]
fn the_oracle_gives_the_minimax_outcome() {
    use mancala_search::{Evaluator, Known, Static};
    use std::sync::Arc;
    let rules = Rules::with_pits(2);
    let game = KalahGame::new(rules);
    let mut dbs = Databases::new(&game, 8).unwrap();
    BuildOptions::new()
        .max_seeds(8)
        .build(&game, &mut dbs, |_| {})
        .unwrap();
    let eval = mancala_solve::oracle::DbEvaluator::new(game, Arc::new(dbs), Static);
    let ranker = Ranker::new(4, 9).unwrap();
    let mut memo = HashMap::new();
    let mut known = 0;
    for seeds in 0..=8 {
        let mut b = [0u8; 4];
        for rank in 0..ranker.count(seeds) {
            ranker.unrank(seeds, rank, &mut b).unwrap();
            for to_move in [Player::South, Player::North] {
                let p = position(rules, &b, (3, 1), to_move);
                let Some(Known::Exact(o)) = eval.known(&[p]) else {
                    assert!(p.is_finished(), "{p}: no outcome for an ongoing position");
                    continue;
                };
                let t = o.totals.unwrap();
                let margin = i32::from(t[to_move]) - i32::from(t[to_move.opponent()]);
                assert_eq!(margin, minimax(&p, &mut memo), "{p}");
                assert_eq!(u32::from(t.south + t.north), seeds + 4, "{p}");
                let winner = match margin.signum() {
                    1 => Some(to_move),
                    -1 => Some(to_move.opponent()),
                    _ => None,
                };
                assert_eq!(o.winner, winner, "{p}");
                known += 1;
            }
        }
    }
    assert!(known > 500, "{known}");
    let p = position(rules, &[3, 2, 2, 2], (0, 0), Player::South);
    assert_eq!(eval.known(&[p]), None);
    assert_eq!(eval.evaluate(&p), Static.evaluate(&p));
}

/// One prover, its table kept across thousands of positions: the best move it reports
/// must reach the proven value even when the table's entries for a board were
/// written by searches with other windows (a search that failed low once overwrote
/// the move that had proved the lower bound).
#[test]
fn best_moves_stay_right_with_a_table_kept_across_proofs() {
    let (rules, game, small) = empty_capture_3(4);
    let mut searched = 0;
    // Four tables, 1500 positions each (before the fix, the first went wrong at its
    // 634th position).
    for seed in 0..4 {
        let mut prover = Prover::new(&game, &small, 12).unwrap();
        let mut rng = mancala_testkit::Rng::new(seed);
        let mut cases = 0;
        while cases < 1500 {
            let mut b = [0u8; 6];
            for x in &mut b {
                *x = rng.below(4) as u8;
            }
            if b.iter().map(|&x| u32::from(x)).sum::<u32>() > 10 {
                continue;
            }
            cases += 1;
            let stores = (rng.below(20) as u8, rng.below(20) as u8);
            let to_move = [Player::South, Player::North][rng.below(2)];
            let p = position(rules, &b, stores, to_move);
            let proof = prover.prove(&p, &Limits::none()).unwrap();
            let v = minimax(&p, &mut HashMap::new());
            assert_eq!(proof.value(), Some(v), "{p}");
            let Some(m) = proof.best else { continue };
            searched += u32::from(proof.nodes > 0);
            let c = p.after(m).unwrap();
            let w = minimax(&c, &mut HashMap::new());
            let reached = if c.side_to_move() == to_move { w } else { -w };
            assert_eq!(reached, v, "table {seed}, position {cases}: {p}, {m:?}");
        }
    }
    // Most best moves came out of a search, not a database or the end of the game.
    assert!(searched >= 3000, "{searched}");
}

/// Kalah(3) under OpenSpiel's rules (OS) and with the empty capture (EC), with
/// databases of up to `max` seeds.
fn three_pits(empty_capture: bool, max: u32) -> (Rules, KalahGame, Databases) {
    let rules = Rules {
        empty_capture,
        ..Rules::with_pits(3)
    };
    let game = KalahGame::new(rules);
    let mut dbs = Databases::new(&game, max).unwrap();
    BuildOptions::new()
        .max_seeds(max)
        .build(&game, &mut dbs, |_| {})
        .unwrap();
    (rules, game, dbs)
}

/// The solver engine (`player::Perfect`, the runtime's `solver`): in random positions
/// of Kalah(3,3), both rule sets, the move it plays reaches the exact value the
/// exhaustive minimax gives the position, and it says so (`Choice::Proven` with that
/// value). Its databases hold 6 seeds, so most moves come out of a proof search; one
/// player (one table) serves every position of a rule set.
#[test]
fn the_solver_engine_plays_moves_that_keep_the_minimax_value() {
    use mancala_core::record::{Line, Record};
    use mancala_search::{Engine, RandomPlayer};
    use mancala_solve::player::{Choice, Perfect};
    for empty_capture in [false, true] {
        let (rules, game, dbs) = three_pits(empty_capture, 6);
        let mut player: Perfect<'_, _, Line<Kalah>> =
            Perfect::new(&game, &dbs, None, Box::new(RandomPlayer::new(1))).unwrap();
        let mut memo = HashMap::new();
        let mut rng = mancala_testkit::Rng::new(u64::from(empty_capture));
        let (mut cases, mut searched) = (0, 0);
        while cases < 300 {
            let mut p = Kalah::start_with(rules, 3, Player::South).unwrap();
            for _ in 0..rng.below(24) {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p = p.after(moves[rng.below(moves.len())]).unwrap();
            }
            if p.is_finished() {
                continue;
            }
            cases += 1;
            let v = minimax(&p, &mut memo);
            let report = player.search(&Line::new(p));
            assert_eq!(player.last(), Some(&Choice::Proven { value: v }), "{p}");
            let m = report.best.unwrap();
            let c = p.after(m).unwrap();
            let w = minimax(&c, &mut memo);
            let me = p.side_to_move();
            let reached = if c.side_to_move() == me { w } else { -w };
            assert_eq!(
                reached,
                v,
                "{}: {p}, {m:?}",
                ["OS", "EC"][usize::from(empty_capture)]
            );
            searched += u32::from(report.nodes > 0);
        }
        assert_eq!(player.counts(), (300, 0));
        // Most moves came out of a proof search, not the databases.
        assert!(searched >= 150, "{searched}");
    }
}

/// Whole games with the solver engine moving first against a random player and
/// alpha-beta: its final margin is never below the first player's value — Kalah(3,3)
/// +2 under both rule sets (the exhaustive minimax of the start, computed here) and
/// Kalah(4,3) +8 with the empty capture (Irving et al.'s Table 9) — and every one of
/// its moves was proven.
#[test]
fn the_solver_engine_moving_first_never_scores_below_the_value() {
    use mancala_core::record::{Line, Record};
    use mancala_search::{AlphaBeta, Engine, Limits as Search, RandomPlayer};
    use mancala_solve::player::Perfect;
    let (rules_os, game_os, dbs_os) = three_pits(false, 6);
    let (rules_ec, game_ec, dbs_ec) = three_pits(true, 6);
    let rules_43 = Rules {
        empty_capture: true,
        ..Rules::with_pits(4)
    };
    let game_43 = KalahGame::new(rules_43);
    let mut dbs_43 = Databases::new(&game_43, 8).unwrap();
    BuildOptions::new()
        .max_seeds(8)
        .build(&game_43, &mut dbs_43, |_| {})
        .unwrap();
    let start_33 = |rules| Kalah::start_with(rules, 3, Player::South).unwrap();
    let cases = [
        (
            rules_os,
            &game_os,
            &dbs_os,
            3,
            minimax(&start_33(rules_os), &mut HashMap::new()),
        ),
        (
            rules_ec,
            &game_ec,
            &dbs_ec,
            3,
            minimax(&start_33(rules_ec), &mut HashMap::new()),
        ),
        (rules_43, &game_43, &dbs_43, 3, 8),
    ];
    assert_eq!((cases[0].4, cases[1].4), (2, 2)); // docs/solving.md's table
    for (rules, game, dbs, seeds, value) in cases {
        let mut solver: Perfect<'_, _, Line<Kalah>> =
            Perfect::new(game, dbs, None, Box::new(RandomPlayer::new(0))).unwrap();
        for g in 0..8u64 {
            let mut opponent: Box<dyn Engine<Line<Kalah>>> = if g % 2 == 0 {
                Box::new(RandomPlayer::new(g))
            } else {
                Box::new(AlphaBeta::new(Search::depth(1 + g as u32)))
            };
            let mut line = Line::new(Kalah::start_with(rules, seeds, Player::South).unwrap());
            while !line.is_finished() {
                let m = if line.position().side_to_move() == Player::South {
                    solver.choose(&line)
                } else {
                    opponent.choose(&line)
                };
                line.play(m.unwrap()).unwrap();
            }
            let t = line.position().totals();
            let margin = i32::from(t.south) - i32::from(t.north);
            assert!(margin >= value, "{rules:?} game {g}: {margin} < {value}");
        }
        assert_eq!(solver.counts().1, 0, "every move proven");
    }
}

/// The solver engine refuses the databases of another rule set, and a proof that does
/// not finish in its time gives the fallback's move, said to be unproven.
#[test]
fn the_solver_engine_refuses_foreign_databases_and_says_when_it_falls_back() {
    use std::time::Duration;

    use mancala_core::record::{Line, Record};
    use mancala_search::{Engine, RandomPlayer};
    use mancala_solve::SolveError;
    use mancala_solve::player::{Choice, Perfect};
    let (_, _, dbs_ec) = three_pits(true, 2);
    let os = KalahGame::new(Rules::with_pits(3));
    let err =
        Perfect::<'_, _, Line<Kalah>>::new(&os, &dbs_ec, None, Box::new(RandomPlayer::new(0)))
            .unwrap_err();
    assert!(matches!(err, SolveError::Foreign { .. }), "{err}");
    // Kalah(6,4) with databases of 2 seeds: no proof of the start in a millisecond.
    let rules = Rules::default();
    let game = KalahGame::new(rules);
    let mut dbs = Databases::new(&game, 2).unwrap();
    BuildOptions::new()
        .max_seeds(2)
        .build(&game, &mut dbs, |_| {})
        .unwrap();
    let mut player: Perfect<'_, _, Line<Kalah>> = Perfect::new(
        &game,
        &dbs,
        Some(Duration::from_millis(1)),
        Box::new(RandomPlayer::new(7)),
    )
    .unwrap();
    player.set_table_bits(12);
    let start = Line::new(Kalah::start_with(rules, 4, Player::South).unwrap());
    let r = player.search(&start);
    assert_eq!(r.best, RandomPlayer::new(7).search(&start).best);
    let Some(Choice::Unproven { why }) = player.last() else {
        panic!("{:?}", player.last())
    };
    assert!(
        why.contains("stopped at 1 ms") && why.ends_with("random's move"),
        "{why}"
    );
    assert_eq!(player.counts(), (0, 1));
}

/// The build on boards in one word (Kalah's `PairRules`) writes the same bytes as the
/// build through positions, for every rule set, on boards of 2 to 8 pits a side.
#[test]
fn the_build_on_words_equals_the_build_on_positions() {
    for (pits, max) in [(2u8, 12u32), (3, 10), (5, 8), (6, 9), (8, 6)] {
        for rules in all_rules(pits) {
            let fast = KalahGame::new(rules);
            let a = words::words_equal_positions(&fast, max);
            // And the re-check, which plays positions, finds every value right.
            assert_eq!(check_table(&fast, &a, max).unwrap().wrong, 0, "{rules}");
        }
    }
}

/// A distributed build computes each component's boards on one worker, so no board may
/// reach a board of another component within its seed count: every child that keeps
/// every seed on the board, played by the `kalah` crate, keeps the smaller of the two
/// rows' seeds, under every rule set (a child whose game is over included: its value is
/// read from the table like any other's).
#[test]
fn a_move_that_keeps_the_seeds_stays_in_its_component() {
    use mancala_solve::Solvable;
    for pits in 1..=6u8 {
        let max = [0, 12, 10, 8, 7, 6, 6][usize::from(pits)];
        for rules in all_rules(pits) {
            let game = KalahGame::new(rules);
            let p = 2 * usize::from(pits);
            let ranker = Ranker::new(p, max).unwrap();
            let mut same = 0u64;
            for seeds in 1..=max {
                let mut board = vec![0u8; p];
                ranker.unrank(seeds, 0, &mut board).unwrap();
                loop {
                    let c = game.component(&board).unwrap();
                    let pos = position(rules, &board, (0, 0), Player::South);
                    for m in pos.legal_moves() {
                        let child = pos.after(m).unwrap();
                        let mover = child.side_to_move();
                        let mine: u32 = child.row(mover).iter().map(|&x| u32::from(x)).sum();
                        let theirs: u32 = child
                            .row(mover.opponent())
                            .iter()
                            .map(|&x| u32::from(x))
                            .sum();
                        if mine + theirs == seeds {
                            same += 1;
                            assert_eq!(u32::from(c), mine.min(theirs), "{rules:?} {board:?} {m}");
                        }
                    }
                    if !ranker.next(&mut board) {
                        break;
                    }
                }
            }
            // The property is not empty: such moves exist from two pits a side on (one
            // pit always sows into the store).
            assert_eq!(same > 0, pits > 1, "{rules:?}");
        }
    }
}
