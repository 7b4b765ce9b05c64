//! The engines on Rio Kadalis.

mod games;

use games::random_game;
use mancala_core::record::Record;
use mancala_core::{ByPlayer, Player, Position, Status};
use mancala_search::eval::{Static, two_row_eval};
use mancala_search::score::win_score;
use mancala_search::{AlphaBeta, Engine, Evaluator, Limits, minimax};
use rio_kadalis::{Game, RioKadalis};

#[test]
fn a_binikh_decides_the_round() {
    // South f: its one stone makes North's a a four with the last stone: a binikh, the
    // mover captures it (rule 2). North's row is then empty and the round ends (rule 4):
    // South 20 + 4 + 1 (its stone in a) against North's 20.
    let p: RioKadalis = "1,0,0,0,0,1/3,0,0,0,0,0 20-20 S".parse().unwrap();
    let f = "f".parse().unwrap();
    let mut q = p;
    q.play(f).unwrap();
    let o = q.status().outcome().unwrap();
    assert_eq!(o.winner, Some(Player::South));
    for depth in [1, 5] {
        let r = AlphaBeta::new(Limits::depth(depth)).search(&Game::new(p));
        assert_eq!(
            (r.best, r.score),
            (Some(f), win_score(1, 1)),
            "depth {depth}"
        );
    }
}

/// The evaluation Rio Kadalis had of its own (`two_row_eval` on its open pits and
/// captured stones), written from the position's accessors.
fn kadalis_eval(p: &RioKadalis) -> i32 {
    let rows = ByPlayer::from_fn(|pl| p.row(pl));
    two_row_eval(p.side_to_move(), &rows, p.stores().map(u16::from))
}

#[test]
fn alpha_beta_equals_minimax_on_rio_kadalis() {
    let mut ab = AlphaBeta::new(Limits::depth(1));
    let mut checked = 0;
    for seed in 0..60 {
        let g = random_game::<Game>(&RioKadalis::<6>::new(), (seed % 40) as u32, 13 * seed);
        if g.status() != Status::Ongoing {
            continue;
        }
        let p = g.position();
        assert_eq!(Static.evaluate(p), kadalis_eval(p), "{p}");
        for depth in 1..=4 {
            assert_eq!(
                ab.value(&g, depth),
                minimax(&g, depth, &Static),
                "{p} depth {depth}"
            );
        }
        checked += 1;
    }
    assert!(checked > 30);
}
