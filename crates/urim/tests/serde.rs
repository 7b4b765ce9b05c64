//! Serde (feature `serde`): positions, setups and moves as their notation (Urim's
//! notation carries the whole position); positions are validated on the way in.

use mancala_testkit::{Rng, counted};
use proptest::prelude::*;
use urim::{Game, Move, Player, Position, Record, Setup, Urim, Urim6, Urim7};

#[test]
fn positions_serialize_as_notation() {
    let p: Urim6 = "17,0,0,0,0,1/0,2,0,0,0,0 9-7 N".parse().unwrap();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, "\"17,0,0,0,0,1/0,2,0,0,0,0 9-7 N\"");
    assert_eq!(serde_json::from_str::<Urim6>(&json).unwrap(), p);
    let p7 = Urim7::start_with(4, Player::South).unwrap();
    let back: Urim7 = serde_json::from_str(&serde_json::to_string(&p7).unwrap()).unwrap();
    assert_eq!(back, p7);
    let m: Move = "c".parse().unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"c\"");
    assert_eq!(serde_json::from_str::<Move>("\"c\"").unwrap(), m);
    let s = Setup::<6>::start(9, Player::South);
    assert_eq!(
        serde_json::from_str::<Setup<6>>(&serde_json::to_string(&s).unwrap()).unwrap(),
        s
    );
}

#[test]
fn invalid_positions_are_refused_on_the_way_in() {
    // 37 seeds; a pit of 18; a 2×6 position read as 2×7; not a string.
    for bad in [
        "\"3,3,3,3,3,3/3,3,3,3,3,3 1-0 S\"",
        "\"18,0,3,3,3,3/3,3,3,0,0,0 0-0 S\"",
        "\"3,3,3,3,3,3/3,3,3,3,3,3 0-0 X\"",
        "12",
    ] {
        let e = serde_json::from_str::<Urim6>(bad).unwrap_err();
        assert!(!e.to_string().is_empty());
    }
    assert!(serde_json::from_str::<Urim7>("\"3,3,3,3,3,3/3,3,3,3,3,3 0-0 S\"").is_err());
    assert!(serde_json::from_str::<Move>("\"h\"").is_err());
    // A setup need not be a position: a pit of 18 reads, and is refused when validated.
    let s: Setup<6> = serde_json::from_str("\"18,0,3,3,3,3/3,3,3,0,0,0 0-0 S\"").unwrap();
    assert!(Urim6::from_setup(s).is_err());
}

/// Plays a random game through the record (so that it ends, by starvation or by
/// rule 6) and checks that every position reached, and every move played, comes back
/// exactly from JSON, status included. Returns whether the game ended by starvation
/// (its last position, a finished game, went through JSON too).
fn round_trip_game<const N: usize>(start: Urim<N>, rng: &mut Rng) -> bool {
    let mut game = Game::new(start);
    loop {
        let p = game.position();
        let json = serde_json::to_string(p).unwrap();
        assert_eq!(json, format!("\"{p}\""));
        let back: Urim<N> = serde_json::from_str(&json).unwrap();
        assert_eq!(&back, p, "{json}");
        assert_eq!(back.status(), p.status());
        let setup: Setup<N> = serde_json::from_str(&json).unwrap();
        assert_eq!(setup, p.to_setup());
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        let back: Move = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
        assert_eq!(back, m);
        game.play(back).unwrap();
    }
    !game.is_repetition()
}

#[test]
fn random_games_round_trip_through_json() {
    let mut rng = Rng::new(11);
    let mut starved = 0;
    for _ in 0..100 {
        starved += usize::from(round_trip_game(Urim6::new(), &mut rng));
        starved += usize::from(round_trip_game(
            Urim6::start_with(4, Player::North).unwrap(),
            &mut rng,
        ));
        starved += usize::from(round_trip_game(Urim7::new(), &mut rng));
        starved += usize::from(round_trip_game(
            Urim7::start_with(4, Player::South).unwrap(),
            &mut rng,
        ));
    }
    // Finished positions went through JSON in most games.
    assert!(
        starved > 200,
        "only {starved} of 400 games ended by starvation"
    );
}

#[test]
fn any_seed_round_trips() {
    let strategy = (any::<u64>(), 0usize..4);
    // The main branch: the game ended by starvation, so a finished position went
    // through JSON too.
    counted("any_seed_round_trips", 256, strategy, |(seed, variant)| {
        let mut rng = Rng::new(seed);
        Ok(match variant {
            0 => round_trip_game(Urim6::new(), &mut rng),
            1 => round_trip_game(Urim6::start_with(4, Player::North).unwrap(), &mut rng),
            2 => round_trip_game(Urim7::new(), &mut rng),
            _ => round_trip_game(Urim7::start_with(4, Player::South).unwrap(), &mut rng),
        })
    });
}
