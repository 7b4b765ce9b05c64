//! The engines on Urim.

mod games;

use games::random_game;
use mancala_core::record::Record;
use mancala_core::{ByPlayer, Player, Position};
use mancala_search::eval::{Static, two_row_eval};
use mancala_search::score::win_score;
use mancala_search::{
    AlphaBeta, AlphaBetaOptions, Engine, Evaluator, Greedy, Limits, Mcts, MctsOptions, minimax,
};
use urim::{Game, Urim, Urim6, Urim7};

#[test]
fn a_capture_that_wins_the_game_with_two_points() {
    // South f: one seed into North's a (2 -> 3), captured: 24 + 3 = 27 in the store;
    // North is starved and South takes its last seed: 28 of 36, 2 points. South a
    // instead leaves North to move.
    let p: Urim6 = "1,0,0,0,0,1/2,0,0,0,0,0 24-8 S".parse().unwrap();
    let game = Game::<6>::new(p);
    let f = "f".parse().unwrap();
    for depth in [1, 3, 8] {
        let r = AlphaBeta::new(Limits::depth(depth)).search(&game);
        assert_eq!(r.best, Some(f), "depth {depth}");
        assert_eq!(r.score, win_score(2, 1));
    }
    assert_eq!(Greedy::new(0).choose(&game), Some(f));
    // MCTS counts game points: South wins after either move (24 of 36 already), and f
    // wins 2 points at once.
    let r = Mcts::new(Limits::nodes(500), MctsOptions::default()).search(&game);
    assert!(r.win_rate.unwrap() > 0.95);
    assert_eq!(r.best, Some(f));
}

/// The evaluation Urim had of its own (`two_row_eval` on its rows and stores), written
/// from the position's accessors.
fn urim_eval<const N: usize>(p: &Urim<N>) -> i32 {
    let rows = ByPlayer::from_fn(|pl| p.row(pl).map(Some));
    two_row_eval(p.side_to_move(), &rows, p.stores().map(u16::from))
}

#[test]
fn the_board_evaluation_equals_the_game_evaluation() {
    for seed in 0..300 {
        let p = *random_game::<Game<6>>(&Urim6::new(), (seed % 40) as u32, seed).position();
        if p.is_finished() {
            continue;
        }
        assert_eq!(Static.evaluate(&p), urim_eval(&p), "{p}");
        let start = Urim7::start_with(4, Player::North).unwrap();
        let q = *random_game::<Game<7>>(&start, (seed % 30) as u32, seed).position();
        if !q.is_finished() {
            assert_eq!(Static.evaluate(&q), urim_eval(&q), "{q}");
        }
    }
}

#[test]
fn alpha_beta_equals_minimax_and_ignores_the_table() {
    let mut ab = AlphaBeta::new(Limits::depth(1));
    let mut plain = AlphaBeta::with_evaluator(
        Static,
        Limits::depth(1),
        AlphaBetaOptions {
            table_bits: 0,
            ..AlphaBetaOptions::default()
        },
    );
    for seed in 0..60 {
        // Game records with their history: late positions repeat earlier ones.
        let g = random_game::<Game<6>>(&Urim6::new(), (seed % 50) as u32 + 30, 7 * seed);
        for depth in 1..=4 {
            assert_eq!(
                ab.value(&g, depth),
                minimax(&g, depth, &Static),
                "{} depth {depth}",
                g.position()
            );
        }
        assert_eq!(ab.value(&g, 7), plain.value(&g, 7), "{}", g.position());
    }
}
