//! The engines on Omweso.

mod games;

use games::random_game;
use mancala_core::record::Record;
use mancala_core::{Player, Position, Status};
use mancala_search::eval::{Static, omweso_eval};
use mancala_search::score::{SEED, win_score};
use mancala_search::{AlphaBeta, AlphaBetaOptions, Engine, Evaluator, Limits, minimax};
use omweso::{Game, Omweso};

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
        let r = AlphaBeta::new(Limits::depth(depth)).search(&Game::new(p));
        assert_eq!(r.score, win_score(12, 1), "depth {depth}");
        // The move found wins the grand slam (c, or another that does too).
        let mut q = p;
        q.play(r.best.unwrap()).unwrap();
        assert_eq!(q.status().outcome().map(|o| o.points), Some(12));
    }
}

/// The evaluation Omweso had of its own: `omweso_eval` on both players' 16 pits, the
/// seeds in a paused turn's hand counted as the mover's.
fn omweso_own_eval(p: &Omweso) -> i32 {
    let me = p.side_to_move();
    omweso_eval(&p.pits(me), &p.pits(me.opponent())) + p.seeds_in_hand() as i32 * SEED
}

#[test]
fn alpha_beta_equals_minimax_on_omweso() {
    let mut ab = AlphaBeta::new(Limits::depth(1));
    let mut plain = AlphaBeta::with_evaluator(
        Static,
        Limits::depth(1),
        AlphaBetaOptions {
            table_bits: 0,
            ..AlphaBetaOptions::default()
        },
    );
    let mut checked = 0;
    for seed in 0..40 {
        let g = random_game::<Game>(&Omweso::new(), (seed % 30) as u32, 11 * seed);
        if g.status() != Status::Ongoing {
            continue;
        }
        let p = g.position();
        assert_eq!(Static.evaluate(p), omweso_own_eval(p), "{p}");
        for depth in 1..=2 {
            assert_eq!(
                ab.value(&g, depth),
                minimax(&g, depth, &Static),
                "{p} depth {depth}"
            );
        }
        assert_eq!(ab.value(&g, 3), plain.value(&g, 3), "{p}");
        checked += 1;
    }
    assert!(checked > 20);
}

#[test]
fn paused_turns_count_the_seeds_in_hand() {
    // Many positions of random games, the paused turns among them (a mid-turn decision,
    // rule 5): the board evaluation is the game's own, seeds in hand included.
    let mut paused = 0;
    for seed in 0..400 {
        let g = random_game::<Game>(&Omweso::new(), (seed % 60) as u32, seed);
        let p = g.position();
        if p.is_finished() {
            continue;
        }
        assert_eq!(Static.evaluate(p), omweso_own_eval(p), "{p}");
        paused += usize::from(p.seeds_in_hand() > 0);
    }
    assert!(paused > 0, "no paused turn among the positions");
}
