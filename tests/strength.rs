//! The weighted evaluation of `tune` (`examples/common/weights.rs`) against the
//! library's standard one. (The Elo fit of `tournament` and `tune` is tested in its
//! crate, `mancala-runtime`'s `elo`.)

#[path = "../examples/common/weights.rs"]
mod weights;

use mancala::record::Record;
use mancala::search::eval::board_eval;
use mancala::search::{Engine, RandomPlayer};
use mancala::{Board, ByPlayer, Player, Position};

/// `weights::evaluate` with the default weights is `board_eval` on every position of 20
/// random games; returns the positions checked.
fn same_as_board_eval<G: Record>(start: G::Position) -> usize {
    let rows = start.board().rows_per_player;
    let w = weights::default_weights(rows);
    let mut checked = 0;
    for seed in 0..20 {
        let mut g = G::new(start.clone());
        let mut r = RandomPlayer::new(seed);
        while !g.status().is_finished() && g.moves().len() < 300 {
            let b = g.position().board();
            assert_eq!(weights::evaluate(&b, w), board_eval(&b), "{b:?}");
            checked += 1;
            let m = r.choose(&g).unwrap();
            g.play(m).unwrap();
        }
    }
    checked
}

#[test]
fn the_default_weights_are_the_standard_evaluation() {
    use mancala::{kalah, omweso, oware, rio_kadalis, urim};
    let counts = [
        same_as_board_eval::<urim::Game<6>>(urim::Urim6::start_with(3, Player::South).unwrap()),
        same_as_board_eval::<omweso::Game>(omweso::Omweso::new()),
        same_as_board_eval::<rio_kadalis::Game<6, false>>(rio_kadalis::Kadalis::<6>::new()),
        same_as_board_eval::<oware::Game>(oware::Oware::start_with(4, Player::South).unwrap()),
        same_as_board_eval::<kalah::Game>(kalah::Kalah::default()),
    ];
    for n in counts {
        assert!(n > 100, "{counts:?}");
    }
}

#[test]
fn the_features_of_a_hand_made_board() {
    // South to move; stores 5 vs 2 (+3), row seeds 3 vs 3 (0), movable pits 1 vs 3 (-2).
    let b = Board::two_rows(
        [Some(3), Some(0), None],
        [Some(1), Some(1), Some(1)],
        Some(ByPlayer::new(5, 2)),
        Player::South,
    );
    assert_eq!(weights::features(&b), ([3, 0, -2], 0));
    assert_eq!(weights::evaluate(&b, [50, 10]), 300 - 20);
    assert_eq!(weights::evaluate(&b, [0, 100]), 300 - 200);
    // Omweso (pits a-h inner, i-p outer): South has 3 in a and 4 in i, North 2 in i,
    // 2 in j, 1 in h and 1 in p. Seeds 7 - 6 = +1; movable pits (2 or more) 2 - 2 = 0;
    // South's a faces North's loaded column h/p (3 seeds exposed), North's h faces
    // South's loaded column a/i (1 seed exposed): -(3 - 1) = -2. Default weights:
    // 100 - 20 = 80.
    let mut own = [Some(0u8); 16];
    let mut opp = [Some(0u8); 16];
    (own[0], own[8]) = (Some(3), Some(4));
    (opp[8], opp[9], opp[7], opp[15]) = (Some(2), Some(2), Some(1), Some(1));
    let mut b = Board::two_rows(own, opp, None, Player::South);
    b.rows_per_player = 2;
    assert_eq!(weights::features(&b), ([1, 0, -2], 0));
    assert_eq!(weights::evaluate(&b, [20, 10]), 80);
    assert_eq!(board_eval(&b), 80);
}
