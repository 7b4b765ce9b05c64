//! The generic suite, run on every game and variant: the common API checked
//! through the traits alone (`mancala_testkit::api`). Each game's rules are tested in
//! its own crate.

use mancala::record::Record;
use mancala_testkit::api::{Coverage, check_game};

/// Runs the suite and checks that it covered what it claims: most positions went
/// through the full notation and setup round trip, and games ended.
fn run<R: Record>(name: &str, start: &str, games: usize, max_plies: usize) -> Coverage {
    let start: R::Position = start
        .parse()
        .unwrap_or_else(|e| panic!("{name}: start {start:?}: {e}"));
    let c = check_game::<R>(name, &start, games, max_plies, 7);
    assert!(c.positions > 1000, "{name}: {c:?}");
    assert!(
        c.finished * 2 > games as u64,
        "{name}: few games ended: {c:?}"
    );
    assert!(c.refused > 0, "{name}: {c:?}");
    c
}

use mancala::serde_notation::serde::{Serialize, de::DeserializeOwned};

/// Every position of random games round-trips through serde, status and rule options
/// included.
fn serde<R: Record>(name: &str, start: &str)
where
    R::Position: Serialize + DeserializeOwned,
    mancala::record::MoveOf<R>: Serialize + DeserializeOwned,
{
    let start: R::Position = start.parse().unwrap();
    let n = mancala_testkit::api::check_serde::<R>(name, &start, 50, 9);
    assert!(n > 500, "{name}: {n} serde round trips");
}

#[test]
fn serde_round_trips() {
    serde::<mancala::urim::Game<6>>("urim", "3,3,3,3,3,3/3,3,3,3,3,3 0-0 S");
    serde::<mancala::urim::Game<7>>("urim 2x7", "4,4,4,4,4,4,4/4,4,4,4,4,4,4 0-0 S");
    serde::<mancala::oware::Game>("oware", "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    serde::<mancala::kalah::Game>("kalah", "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    serde::<mancala::kalah::Game>(
        "kalah 2x4 options",
        "3,3,3,3/3,3,3,3 0-0 N empty-capture,mover-empty",
    );
    serde::<mancala::rio_kadalis::Game>("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    serde::<mancala::rio_kadalis::Game<5, true>>("rio-kadalis 2x5 cw", "4,4,4,4,4/4,4,4,4,4 0-0 N");
    serde::<mancala::omweso::Game>(
        "omweso",
        "0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 S - 0-0",
    );
}

/// Two-row games: every position between turns is one, so every ongoing position goes
/// through the round trips.
fn run_two_rows<R: Record>(name: &str, start: &str, games: usize) {
    let c = run::<R>(name, start, games, 600);
    assert!(c.round_trips * 2 > c.positions, "{name}: {c:?}");
}

#[test]
fn urim() {
    use mancala::urim::{Game, Urim};
    let _: Option<Urim<6>> = None;
    run_two_rows::<Game<6>>("urim 2x6/3", "3,3,3,3,3,3/3,3,3,3,3,3 0-0 S", 200);
    run_two_rows::<Game<6>>("urim 2x6/4", "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N", 100);
    run_two_rows::<Game<7>>("urim 2x7/3", "3,3,3,3,3,3,3/3,3,3,3,3,3,3 0-0 S", 100);
    run_two_rows::<Game<7>>("urim 2x7/4", "4,4,4,4,4,4,4/4,4,4,4,4,4,4 0-0 S", 100);
}

#[test]
fn urim_repetitions_are_reached() {
    // Rule 6 ends some random games: the suite's record checks ran on them too.
    let start: mancala::urim::Urim<6> = "3,3,3,3,3,3/3,3,3,3,3,3 0-0 S".parse().unwrap();
    let c = check_game::<mancala::urim::Game<6>>("urim", &start, 400, 600, 3);
    assert!(c.repetitions > 0, "{c:?}");
}

#[test]
fn oware() {
    use mancala::oware::Game;
    run_two_rows::<Game>("oware", "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", 200);
    run_two_rows::<Game>("oware 3 seeds", "3,3,3,3,3,3/3,3,3,3,3,3 0-0 N", 100);
}

#[test]
fn kalah() {
    use mancala::kalah::Game;
    run_two_rows::<Game>("kalah", "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", 200);
    run_two_rows::<Game>("kalah 2x6/6", "6,6,6,6,6,6/6,6,6,6,6,6 0-0 N", 100);
    run_two_rows::<Game>(
        "kalah 2x4 empty-capture",
        "3,3,3,3/3,3,3,3 0-0 S empty-capture",
        100,
    );
    run_two_rows::<Game>(
        "kalah 2x10 mover-empty",
        "2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2 0-0 S mover-empty",
        100,
    );
    run_two_rows::<Game>("kalah 2x2", "5,5/5,5 0-0 N", 200);
}

#[test]
fn rio_kadalis() {
    use mancala::rio_kadalis::Game;
    run_two_rows::<Game<6, false>>("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", 200);
    run_two_rows::<Game<6, true>>("rio-kadalis cw", "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N", 100);
    run_two_rows::<Game<5, false>>("rio-kadalis 2x5", "4,4,4,4,4/4,4,4,4,4 0-0 S", 100);
    run_two_rows::<Game<6, false>>("rio-kadalis sand", "x,x,4,4,4,4/x,4,4,4,4,4 0-0 N", 100);
}

#[test]
fn omweso() {
    use mancala::omweso::Game;
    let start = "0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 S - 0-0";
    let c = run::<Game>("omweso", start, 300, 600);
    // Paused turns (rule 5) have no notation between turns; most positions are not.
    assert!(c.round_trips * 2 > c.positions, "omweso: {c:?}");
}
