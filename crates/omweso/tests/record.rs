//! Game records and matches (rules 8 and 9), and serde.

mod common;

use core::time::Duration;

use mancala_core::{Outcome, Player, Position, Status};
use omweso::{Game, GameError, Match, MatchError, Mode, Omweso};

fn mv(s: &str) -> omweso::Move {
    s.parse().unwrap()
}

#[test]
fn game_plays_and_takes_back() {
    let mut g = Game::new(Omweso::new());
    g.play(mv("i")).unwrap();
    g.play(mv("k")).unwrap();
    assert_eq!(g.moves().len(), 2);
    assert!(matches!(g.play(mv("a-")), Err(GameError::Illegal(_))));
    assert_eq!(g.moves().len(), 2, "a refused move is not recorded");
    assert_eq!(g.undo(), Ok(mv("k")));
    assert_eq!(g.undo(), Ok(mv("i")));
    assert_eq!(g.undo(), Err(GameError::NothingToTakeBack));
    assert_eq!(g.position(), &Omweso::new());
}

#[test]
fn an_endless_move_annuls_the_game_in_the_record() {
    let text = "0,1,0,1,0,1,4,3/3,2,3,2,1,0,1,2/0,0,0,0,0,0,0,0/7,4,4,3,5,6,6,5 S n 0-0";
    let mut g = Game::new(text.parse().unwrap());
    g.play(mv("j")).unwrap();
    assert_eq!(g.status(), Status::Annulled);
    assert_eq!(g.position().to_string(), text);
    assert_eq!(
        g.play(mv("i")),
        Err(GameError::Illegal(mancala_core::IllegalMove::GameOver))
    );
}

/// Rule 8, the part that needs history: a counter-clockwise decision that led back to
/// the same paused state is endless if chosen again. No such state has been found yet
/// (`search_repeated_decisions` examined random games without one); put one here.
const REPEATING: Option<&str> = None;

#[test]
#[ignore = "no paused state that repeats has been found yet (see REPEATING)"]
fn a_repeated_decision_annuls_the_game() {
    let Some(text) = REPEATING else { return };
    let p: Omweso = text.parse().unwrap();
    let m = p.pending_decision().unwrap();
    let mut g = Game::new(p);
    g.play(m).unwrap();
    // Back at the same paused state.
    while g.position() != &p {
        let d = g.position().pending_decision().expect("a paused turn");
        g.play(d).unwrap();
    }
    assert_eq!(
        g.status(),
        Status::Ongoing,
        "reaching it again is not yet endless"
    );
    g.play(m).unwrap();
    assert_eq!(g.status(), Status::Annulled, "choosing it again is");
    assert_eq!(
        g.position().to_string(),
        text,
        "the move is not carried out"
    );
    // Clockwise instead is fine.
    g.undo().unwrap();
    let mut cw = m.to_string();
    cw.push('-');
    g.play(mv(&cw)).unwrap();
    assert_ne!(g.status(), Status::Annulled);
}

/// Looks for a paused state whose counter-clockwise choice leads back to it (run with
/// `--ignored --nocapture` in release).
#[test]
#[ignore = "a search helper"]
fn search_repeated_decisions() {
    let mut rng = mancala_testkit::Rng::new(3);
    let mut paused = 0u64;
    for _ in 0..200_000 {
        let start = common::random_start(&mut rng, omweso::Rules::default());
        mancala_testkit::random_game(&start, &mut rng, 300, |p| {
            if p.pending().is_none() {
                return;
            }
            paused += 1;
            let mut q = *p;
            for _ in 0..20 {
                let Some(d) = q.pending_decision() else {
                    return;
                };
                if q.is_finished() {
                    return;
                }
                q.play(d).unwrap();
                if q == *p {
                    println!("{p}");
                    return;
                }
            }
        });
    }
    println!("{paused} paused states examined");
}

#[test]
fn match_to_twelve_points() {
    // A grand slam wins the match at once.
    let slam = "0,0,0,0,0,0,1,0/56,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,0 S sn 0-0";
    let mut m = Match::new(Mode::Contract, slam.parse().unwrap());
    assert_eq!(m.new_game(Omweso::new()), Err(MatchError::GameInProgress));
    let s = m.play(mv("p")).unwrap();
    assert_eq!(s, Status::Over(Outcome::new(Some(Player::South), 12)));
    assert_eq!(m.points().south, 12);
    assert_eq!(m.winner(), Some(Player::South));
    assert_eq!(m.new_game(Omweso::new()), Err(MatchError::MatchOver));
    assert_eq!(
        m.take_back(),
        Err(MatchError::TakeBackRefused(Mode::Contract))
    );
}

#[test]
fn match_points_add_up_and_annulled_games_score_nothing() {
    let beheading = "0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,56 S sn 0-0";
    let endless = "0,1,0,1,0,1,4,3/3,2,3,2,1,0,1,2/0,0,0,0,0,0,0,0/7,4,4,3,5,6,6,5 S n 0-0";
    let mut m = Match::new(Mode::Classic, beheading.parse().unwrap());
    m.play(mv("p")).unwrap();
    assert_eq!(m.points().south, 2);
    // Classic: the game-ending move can be taken back, and its points with it.
    assert_eq!(m.take_back(), Ok(mv("p")));
    assert_eq!(m.points().south, 0);
    m.play(mv("p")).unwrap();
    m.new_game(endless.parse().unwrap()).unwrap();
    assert_eq!(m.play(mv("j")), Ok(Status::Annulled));
    assert_eq!(m.points(), mancala_core::ByPlayer::new(2, 0));
    m.new_game(Omweso::new()).unwrap();
    assert_eq!(
        m.history(),
        [
            Status::Over(Outcome::new(Some(Player::South), 2)),
            Status::Annulled
        ]
    );
    assert_eq!(m.winner(), None);
}

#[test]
fn blitz_clock() {
    let mut m = Match::new(Mode::Blitz, Omweso::new());
    assert_eq!(m.play(mv("i")), Err(MatchError::TimeRequired));
    assert_eq!(
        m.play_timed(mv("i"), Duration::from_millis(2_999)),
        Ok(Status::Ongoing)
    );
    assert_eq!(
        m.play_timed(mv("i"), Duration::from_secs(3)),
        Ok(Status::Ongoing)
    );
    // Over the limit: South (to move again) loses the game, North scores 1.
    let s = m.play_timed(mv("j"), Duration::from_millis(3_001)).unwrap();
    assert_eq!(s, Status::Over(Outcome::new(Some(Player::North), 1)));
    assert_eq!(m.points().north, 1);
    assert_eq!(m.game().moves().len(), 2, "the late move is not played");
    // An illegal move is refused before the clock is looked at.
    let mut n = Match::new(Mode::Blitz, Omweso::new());
    assert!(matches!(
        n.play_timed(mv("a"), Duration::from_secs(9)),
        Err(MatchError::Illegal(_))
    ));
    assert_eq!(n.points().north, 0);
}

#[cfg(feature = "serde")]
#[test]
fn serde_uses_the_notation_and_validates() {
    let p = Omweso::new();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, format!("\"{p}\""));
    assert_eq!(serde_json::from_str::<Omweso>(&json).unwrap(), p);
    assert!(serde_json::from_str::<Omweso>("\"0,0/4 S - 0-0\"").is_err());
    let m = mv("a-");
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"a-\"");
    assert_eq!(
        serde_json::from_str::<omweso::Move>("\"m*\"").unwrap(),
        mv("m*")
    );
    let setup = omweso::Setup::standard();
    let back: omweso::Setup =
        serde_json::from_str(&serde_json::to_string(&setup).unwrap()).unwrap();
    assert_eq!(back, setup);
}
