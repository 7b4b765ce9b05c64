//! The engines on Omweso.
#![cfg(feature = "omweso")]

mod games;

use games::random_position;
use mancala_core::{Player, Position, Status};
use mancala_search::eval::Static;
use mancala_search::score::win_score;
use mancala_search::{AlphaBeta, AlphaBetaOptions, Engine, Limits, minimax};
use omweso::Omweso;

#[test]
fn a_grand_slam_is_found() {
    // South c: 2 seeds to b and a; a held 1, and North's only seeds face it (h and p):
    // captured, North's 16 pits are empty: a grand slam, 12 points (rule 7). The two
    // captured seeds are sown on from c (b, a), and a's 3 relay to i, j, k, which were
    // empty: the turn ends.
    let text = "1,0,2,2,2,2,2,1/0,0,0,10,10,10,10,10/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1 S snc 1-1";
    let p: Omweso = text.parse().unwrap();
    let c = "c".parse().unwrap();
    let mut q = p;
    q.play(c).unwrap();
    let o = q.status().outcome().unwrap();
    assert_eq!((o.winner, o.points), (Some(Player::South), 12));
    for depth in [1, 3] {
        let r = AlphaBeta::new(Limits::depth(depth)).search(&p);
        assert_eq!(r.score, win_score(12, 1), "depth {depth}");
        // The move found wins the grand slam (c, or another that does too).
        let mut q = p;
        q.play(r.best.unwrap()).unwrap();
        assert_eq!(q.status().outcome().map(|o| o.points), Some(12));
    }
}

#[test]
fn alpha_beta_equals_minimax_on_omweso() {
    let mut ab = AlphaBeta::new(Limits::depth(1));
    let mut plain =
        AlphaBeta::with_evaluator(Static, Limits::depth(1), AlphaBetaOptions { table_bits: 0 });
    let mut checked = 0;
    for seed in 0..40 {
        let p = random_position(&Omweso::new(), (seed % 30) as u32, 11 * seed);
        if p.status() != Status::Ongoing {
            continue;
        }
        for depth in 1..=2 {
            assert_eq!(
                ab.value(&p, depth),
                minimax(&p, depth, &Static),
                "{p} depth {depth}"
            );
        }
        assert_eq!(ab.value(&p, 3), plain.value(&p, 3), "{p}");
        checked += 1;
    }
    assert!(checked > 20);
}
