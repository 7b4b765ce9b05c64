//! What a prover accepts: the databases of its own game only, and
//! any time limit (a huge one is no limit, never a panic).

use std::time::Duration;

use kalah::{Kalah, Rules};
use mancala_solve::SolveError;
use mancala_solve::build::BuildOptions;
use mancala_solve::db::Databases;
use mancala_solve::history::HistoryProver;
use mancala_solve::kalah::KalahGame;
use mancala_solve::oware::OwareGame;
use mancala_solve::search::{Limits, Prover};
use mancala_solve::urim::{Urim6, UrimGame};

fn urim_dbs(max: u32) -> Databases {
    let game = UrimGame::<6>::new();
    let mut dbs = Databases::new(&game, max).unwrap();
    BuildOptions::new()
        .max_seeds(max)
        .build(&game, &mut dbs, |_| {})
        .unwrap();
    dbs
}

#[test]
fn a_huge_time_limit_is_no_limit() {
    let game = KalahGame::new(Rules::with_pits(2));
    let mut dbs = Databases::new(&game, 4).unwrap();
    BuildOptions::new()
        .max_seeds(4)
        .build(&game, &mut dbs, |_| {})
        .unwrap();
    let start = Kalah::start_with(Rules::with_pits(2), 2, mancala_core::Player::South).unwrap();
    let huge = Limits::time(Duration::MAX);
    let p = Prover::new(&game, &dbs, 10)
        .unwrap()
        .prove(&start, &huge)
        .unwrap();
    let q = Prover::new(&game, &dbs, 10)
        .unwrap()
        .prove(&start, &Limits::none())
        .unwrap();
    assert!(p.value().is_some() && !p.stopped);
    assert_eq!(p.value(), q.value());

    let dbs = urim_dbs(4);
    let pos: Urim6 = "0,0,0,1,0,2/0,1,0,0,0,0 17-15 N".parse().unwrap();
    let mut prover = HistoryProver::new(UrimGame::<6>::new(), &dbs, 1 << 10).unwrap();
    let p = prover.prove_with(&pos, &huge, |_, _, _| {}).unwrap();
    let q = prover
        .prove_with(&pos, &Limits::none(), |_, _, _| {})
        .unwrap();
    assert!(p.value().is_some() && !p.stopped);
    assert_eq!(p.value(), q.value());
    let d = prover.prove_deepening(&pos, &huge, |_, _, _| {}).unwrap();
    assert_eq!(d.value(), q.value());
}

/// Databases of another game (the same board size) are refused by name, not read as
/// if they were the prover's: before, a Kalah prover looked Kalah boards up in Urim's
/// databases and answered with their values.
#[test]
fn databases_of_another_game_are_refused() {
    let dbs = urim_dbs(4);
    let kalah = KalahGame::new(Rules::with_pits(6));
    match Prover::new(&kalah, &dbs, 10) {
        Err(SolveError::Foreign { expected, found }) => {
            assert!(expected.starts_with("kalah"), "{expected}");
            assert!(found.starts_with("urim"), "{found}");
        }
        other => panic!("{:?}", other.map(|_| ())),
    }
    let e = HistoryProver::new(OwareGame::new(), &dbs, 10)
        .map(|_| ())
        .unwrap_err();
    assert!(matches!(e, SolveError::Foreign { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "the databases are of urim (pits=6 cap=17), the prover's game is oware \
         (pits=6 ending=no-move,repetition majority=played-on)"
    );
}
