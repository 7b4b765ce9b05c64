//! The engines of `mancala-search` on Kalah (here, not in the kalah crate, whose
//! dev-dependencies must not cycle back through the engines): the one board evaluation (`Static`, read
//! from `Position::board`) counts the stores, and the search plays the rules (extra
//! turns, captures, both endings) through the game record.

use mancala::kalah::{Game, Kalah, Player, Position, Record, Status};
use mancala::search::{AlphaBeta, Engine, Evaluator, Greedy, Limits, Static};

#[test]
fn the_board_evaluation_counts_the_stores() {
    // The start is symmetric.
    assert_eq!(Static.evaluate(&Kalah::new()), 0);
    assert_eq!(
        Static.evaluate(&"4,4,4,4,4,4/4,4,4,4,4,4 0-0 N".parse::<Kalah>().unwrap()),
        0
    );
    // Three seeds more in the mover's store: +3 seeds (100 a seed), whoever moves.
    let p: Kalah = "4,4,4,4,4,4/4,4,4,4,4,4 3-0 S".parse().unwrap();
    assert_eq!(Static.evaluate(&p), 300);
    let p: Kalah = "4,4,4,4,4,4/4,4,4,4,4,4 0-3 S".parse().unwrap();
    assert_eq!(Static.evaluate(&p), -300);
    // Seeds on the side count 0.15 of a seed (they go to the side's owner at the end,
    // rule K5, unless captured; mancala_search::eval::ROW_SEED), movable pits a quarter
    // each (MOBILITY): two more seeds, as many pits.
    let p: Kalah = "4,4,4,4,4,4/4,4,4,4,4,2 0-0 S".parse().unwrap();
    assert_eq!(Static.evaluate(&p), 2 * 15);
    let p: Kalah = "4,4,4,4,4,4/4,4,4,4,4,0 0-4 N".parse().unwrap();
    // North: 4 in the store (+400), 4 fewer on the side (-4 × 15), one pit fewer (-25).
    assert_eq!(Static.evaluate(&p), 400 - 60 - 25);
}

#[test]
fn the_engines_take_the_capture() {
    // South's a (1 seed) into the empty b takes North's e (9): the best move one ply deep.
    let start: Kalah = "1,0,3,3,3,0/3,3,3,3,9,3 0-0 S".parse().unwrap();
    let game = Game::new(start);
    let a = "a".parse().unwrap();
    assert_eq!(AlphaBeta::new(Limits::depth(1)).choose(&game), Some(a));
    assert_eq!(Greedy::new(1).choose(&game), Some(a));
}

#[test]
fn the_search_follows_extra_turns() {
    // South's f (1 seed) lands in the store (K3): South moves again, and then e (1 seed)
    // or d (2 seeds) ends in the emptied f and takes North's a (8). Depth 2 sees both
    // plies of South's turn.
    let start: Kalah = "0,0,0,2,1,1/8,1,1,1,1,1 10-10 S".parse().unwrap();
    let mut game = Game::new(start);
    let mut ab = AlphaBeta::new(Limits::depth(2));
    let first = ab.choose(&game).unwrap();
    assert_eq!(first.to_string(), "f");
    game.play(first).unwrap();
    assert_eq!(game.position().side_to_move(), Player::South);
    let second = ab.choose(&game).unwrap();
    game.play(second).unwrap();
    assert_eq!(game.position().stores().south, 20, "{}", game.position());
    assert_eq!(game.position().row(Player::North), [0, 1, 1, 1, 1, 1]);
}

#[test]
fn engine_games_end() {
    for text in [
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S",
        "3,3,3,3/3,3,3,3 0-0 N empty-capture,mover-empty",
    ] {
        let mut game = Game::new(text.parse::<Kalah>().unwrap());
        let mut ab = AlphaBeta::new(Limits::depth(4));
        while let Some(m) = ab.choose(&game) {
            game.play(m).unwrap();
        }
        assert!(matches!(game.status(), Status::Over(_)));
        assert!(game.moves().len() > 10);
    }
}
