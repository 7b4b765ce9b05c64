//! Serde (feature `serde`): positions, setups and moves as their notation (which
//! carries the whole position, the rule options included); positions are validated on
//! the way in.

use kalah::{Game, Kalah, Move, Position, Record, Rules, Setup};
use mancala_testkit::Rng;

#[test]
fn positions_serialize_as_notation() {
    let p: Kalah = "0,3,0,1/2,0,0,9 4-5 N empty-capture,mover-empty"
        .parse()
        .unwrap();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, "\"0,3,0,1/2,0,0,9 4-5 N empty-capture,mover-empty\"");
    let back: Kalah = serde_json::from_str(&json).unwrap();
    assert_eq!(back, p);
    assert_eq!(back.rules(), p.rules());
    let m: Move = "c".parse().unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"c\"");
    assert_eq!(serde_json::from_str::<Move>("\"c\"").unwrap(), m);
    let s = Setup::default();
    assert_eq!(
        serde_json::from_str::<Setup>(&serde_json::to_string(&s).unwrap()).unwrap(),
        s
    );
}

#[test]
fn invalid_positions_are_refused_on_the_way_in() {
    // 256 seeds; 11 pits a side; an unknown option; a bad side; not a string.
    for bad in [
        "\"200,0,0/0,0,0 50-6 S\"",
        "\"1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1 0-0 S\"",
        "\"1,1/1,1 0-0 S pie-rule\"",
        "\"1,1/1,1 0-0 X\"",
        "12",
    ] {
        let e = serde_json::from_str::<Kalah>(bad).unwrap_err();
        assert!(!e.to_string().is_empty());
    }
    assert!(serde_json::from_str::<Move>("\"k\"").is_err());
    // A setup need not be a position: 256 seeds read, and are refused when validated.
    let s: Setup = serde_json::from_str("\"200,0,0/0,0,0 50-6 S\"").unwrap();
    assert!(Kalah::from_setup(s).is_err());
}

#[test]
fn random_games_round_trip() {
    let mut rng = Rng::new(5);
    let mut n = 0;
    for g in 0..200 {
        let rules = Rules {
            pits: 1 + (g % 10) as u8,
            empty_capture: g % 3 == 0,
            ending: if g % 2 == 0 {
                kalah::Ending::AnySideEmpty
            } else {
                kalah::Ending::MoverEmpty
            },
        };
        let mut game =
            Game::new(Kalah::start_with(rules, 1 + (g % 5) as u8, kalah::Player::South).unwrap());
        loop {
            let p = game.position();
            let json = serde_json::to_string(p).unwrap();
            assert_eq!(json, format!("\"{p}\""));
            let back: Kalah = serde_json::from_str(&json).unwrap();
            assert_eq!(&back, p);
            assert_eq!(back.status(), p.status());
            n += 1;
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.below(moves.len())]).unwrap();
        }
    }
    assert!(n > 2000, "{n}");
}
