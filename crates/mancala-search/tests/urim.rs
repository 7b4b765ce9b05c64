//! The engines on Urim.
#![cfg(feature = "urim")]

mod games;

use games::random_position;
use mancala_core::{Player, Position};
use mancala_search::eval::{NotationEval, Static};
use mancala_search::score::win_score;
use mancala_search::{
    AlphaBeta, AlphaBetaOptions, Engine, Evaluate, Evaluator, Greedy, Limits, Mcts, MctsOptions,
    minimax,
};
use urim::{Urim6, Urim7};

#[test]
fn a_capture_that_wins_the_game_with_two_points() {
    // South f: one seed into North's a (2 -> 3), captured: 24 + 3 = 27 in the store;
    // North is starved and South takes its last seed: 28 of 36, 2 points. South a
    // instead leaves North to move.
    let p: Urim6 = "1,0,0,0,0,1/2,0,0,0,0,0 24-8 S".parse().unwrap();
    let f = "f".parse().unwrap();
    for depth in [1, 3, 8] {
        let r = AlphaBeta::new(Limits::depth(depth)).search(&p);
        assert_eq!(r.best, Some(f), "depth {depth}");
        assert_eq!(r.score, win_score(2, 1));
    }
    assert_eq!(Greedy::new(0).choose(&p), Some(f));
    // MCTS counts wins, not points: South wins after either move (24 of 36 already).
    let r = Mcts::new(Limits::nodes(500), MctsOptions::default()).search(&p);
    assert!(r.win_rate.unwrap() > 0.95);
}

#[test]
fn the_notation_evaluation_equals_the_game_evaluation() {
    for seed in 0..300 {
        let p = random_position(&Urim6::new(), (seed % 40) as u32, seed);
        if p.is_finished() {
            continue;
        }
        assert_eq!(NotationEval.evaluate(&p), p.evaluate(), "{p}");
        let q = random_position(
            &Urim7::start(4, Player::North).unwrap(),
            (seed % 30) as u32,
            seed,
        );
        if !q.is_finished() {
            assert_eq!(NotationEval.evaluate(&q), q.evaluate(), "{q}");
        }
    }
}

#[test]
fn alpha_beta_equals_minimax_and_ignores_the_table() {
    let mut ab = AlphaBeta::new(Limits::depth(1));
    let mut plain =
        AlphaBeta::with_evaluator(Static, Limits::depth(1), AlphaBetaOptions { table_bits: 0 });
    for seed in 0..60 {
        let p = random_position(&Urim6::new(), (seed % 50) as u32, 7 * seed);
        for depth in 1..=4 {
            assert_eq!(
                ab.value(&p, depth),
                minimax(&p, depth, &Static),
                "{p} depth {depth}"
            );
        }
        assert_eq!(ab.value(&p, 7), plain.value(&p, 7), "{p}");
    }
}
