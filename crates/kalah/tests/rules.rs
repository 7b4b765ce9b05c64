//! Every rule of docs/kalah.md on hand-made positions whose result a reader can check by
//! counting seeds.

use kalah::{
    Ending, IllegalMove, Kalah, MAX_PITS, NotationError, ParsePositionError, Player, Position,
    Rules, Setup, SetupError, Status,
};

fn pos(s: &str) -> Kalah {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn after(s: &str, m: &str) -> String {
    let mut p = pos(s);
    p.play(m.parse().unwrap())
        .unwrap_or_else(|e| panic!("{s} {m}: {e}"));
    assert_eq!(p.total(), pos(s).total(), "seeds not conserved");
    p.to_string()
}

// K1: the board and the start.

#[test]
fn k1_the_start() {
    let p = Kalah::new();
    assert_eq!(p.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    assert_eq!(p.total(), 48);
    assert_eq!(p.rules(), Rules::default());
    let p = Kalah::start_with(Rules::with_pits(4), 3, Player::South).unwrap();
    assert_eq!(p.to_string(), "3,3,3,3/3,3,3,3 0-0 S");
    let p = Kalah::start_with(Rules::with_pits(10), 12, Player::South).unwrap();
    assert_eq!(p.total(), 240);
    assert_eq!(p.legal_moves().len(), 10);
    let p = Kalah::start_with(Rules::with_pits(1), 1, Player::South).unwrap();
    assert_eq!(p.to_string(), "1/1 0-0 S");
}

#[test]
fn k1_setups_refused() {
    assert_eq!(
        Kalah::start_with(Rules::with_pits(11), 1, Player::South),
        Err(SetupError::Pits { pits: 11 })
    );
    assert_eq!(
        Kalah::start_with(Rules::with_pits(0), 1, Player::South),
        Err(SetupError::Pits { pits: 0 })
    );
    assert_eq!(
        Kalah::start_with(Rules::with_pits(6), 0, Player::South),
        Err(SetupError::SeedsPerPit { seeds: 0 })
    );
    // 2 × 10 × 13 = 260 seeds, more than 255.
    assert_eq!(
        Kalah::start_with(Rules::with_pits(10), 13, Player::South),
        Err(SetupError::SeedTotal { found: 260 })
    );
    let mut s = Setup::start(Rules::with_pits(3), 2, Player::South);
    s.pits.north[3] = 1;
    let before = s;
    assert_eq!(
        Kalah::from_setup(s),
        Err(SetupError::PastTheRow {
            player: Player::North,
            pit: 'd',
            seeds: 1,
            pits: 3
        })
    );
    assert_eq!(s, before);
    assert_eq!(
        Kalah::from_setup(s).unwrap_err().to_string(),
        "North's pit d holds 1 seeds, but a side has 3 pits"
    );
    s.pits.north[3] = 0;
    s.stores.south = 250;
    assert_eq!(
        Kalah::from_setup(s),
        Err(SetupError::SeedTotal { found: 262 })
    );
    // 255 seeds in all is the most.
    s.stores.south = 243;
    assert_eq!(Kalah::from_setup(s).unwrap().total(), 255);
}

// K2: sowing.

#[test]
fn k2_sowing_counter_clockwise() {
    // a's 4 seeds into b, c, d, e.
    assert_eq!(
        after("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", "a"),
        "0,5,5,5,5,4/4,4,4,4,4,4 0-0 N"
    );
    // North's b: 4 seeds into North's c, d, e, f.
    assert_eq!(
        after("4,4,4,4,4,4/4,4,4,4,4,4 0-0 N", "b"),
        "4,4,4,4,4,4/4,0,5,5,5,5 0-0 S"
    );
}

#[test]
fn k2_the_opponents_store_is_skipped() {
    // South's f, 9 seeds: own store, North's a..f, (not North's store), South's a, b.
    assert_eq!(
        after("1,1,0,0,0,9/1,0,0,0,0,0 0-0 S", "f"),
        "2,2,0,0,0,0/2,1,1,1,1,1 1-0 N"
    );
    // North's f, 9 seeds: own store, South's a..f, (not South's store), North's a, b.
    assert_eq!(
        after("1,0,0,0,1,0/1,1,0,0,0,9 0-0 N", "f"),
        "2,1,1,1,2,1/2,2,0,0,0,0 0-1 S"
    );
}

#[test]
fn k2_laps_pass_over_the_origin() {
    // 13 seeds on 2×6 are one lap of the 13 cells South sows into: one seed each, the
    // last back in a (emptied when lifted), which then captures (K4) North's f (2 + 1).
    assert_eq!(
        after("13,0,0,0,0,0/0,0,0,0,0,2 0-0 S", "a"),
        "0,1,1,1,1,1/1,1,1,1,1,0 5-0 N"
    );
    // 15 seeds from South's e: a lap, then f and the store: the mover moves again (K3).
    assert_eq!(
        after("0,0,0,0,15,0/0,0,0,0,0,1 0-0 S", "e"),
        "1,1,1,1,1,2/1,1,1,1,1,2 2-0 S"
    );
    // 30 seeds from North's a on 2×3 (laps of 7): 4 laps, then North's b and c.
    assert_eq!(after("0,0,1/30,0,0 0-0 N", "a"), "4,4,5/4,5,5 0-4 S");
    // 26 = two laps of 13 from South's a: a ends with 2, no capture.
    assert_eq!(
        after("26,0,0,0,0,0/0,0,0,0,0,1 0-0 S", "a"),
        "2,2,2,2,2,2/2,2,2,2,2,3 2-0 N"
    );
}

// K3: the extra turn.

#[test]
fn k3_last_seed_in_the_store_moves_again() {
    assert_eq!(
        after("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", "c"),
        "4,4,0,5,5,5/4,4,4,4,4,4 1-0 S"
    );
    assert_eq!(
        after("4,4,4,4,4,4/4,4,4,4,4,4 0-0 N", "f"),
        "5,5,5,4,4,4/4,4,4,4,4,0 0-1 S"
    );
    assert_eq!(
        after("4,4,4,4,4,4/4,4,4,4,4,1 0-0 N", "f"),
        "4,4,4,4,4,4/4,4,4,4,4,0 0-1 N"
    );
}

// K4: the capture.

#[test]
fn k4_last_seed_in_an_empty_own_pit_captures_the_opposite_pit() {
    // South's a (1 seed) into the empty b; opposite is North's e (5): 6 to the store.
    assert_eq!(
        after("1,0,3,3,3,3/3,3,3,3,5,3 0-0 S", "a"),
        "0,0,3,3,3,3/3,3,3,3,0,3 6-0 N"
    );
    // North's c (2) into d, e: e empty; opposite is South's b (4): 5 to North's store.
    assert_eq!(
        after("1,4,1,1,1,1/1,1,2,1,0,1 0-0 N", "c"),
        "1,0,1,1,1,1/1,1,0,2,0,1 0-5 S"
    );
}

#[test]
fn k4_no_capture_from_an_empty_opposite_pit_unless_the_option() {
    // South's a into the empty b, opposite North's e empty: nothing taken.
    assert_eq!(
        after("1,0,3,3,3,3/3,3,3,3,0,3 0-0 S", "a"),
        "0,1,3,3,3,3/3,3,3,3,0,3 0-0 N"
    );
    // K4b: with the empty capture, the last seed alone goes to the store.
    assert_eq!(
        after("1,0,3,3,3,3/3,3,3,3,0,3 0-0 S empty-capture", "a"),
        "0,0,3,3,3,3/3,3,3,3,0,3 1-0 N empty-capture"
    );
}

#[test]
fn k4_no_capture_elsewhere() {
    // The last seed in a non-empty own pit: nothing.
    assert_eq!(
        after("1,1,3,3,3,3/3,3,3,3,3,3 0-0 S", "a"),
        "0,2,3,3,3,3/3,3,3,3,3,3 0-0 N"
    );
    // The last seed in an empty pit of the opponent: nothing, with either option.
    for opts in ["", " empty-capture"] {
        assert_eq!(
            after(&format!("0,0,0,0,0,2/0,3,3,3,3,3 0-0 S{opts}"), "f"),
            format!("0,0,0,0,0,0/1,3,3,3,3,3 1-0 N{opts}")
        );
    }
    // An own pit empty when the move began, sown twice (a lap): it holds 2, no capture.
    // South's b (14 seeds, laps of 13): c..f, store, North's a..f, a, b, c; c is last,
    // was empty, got a seed in the lap: 2.
    assert_eq!(
        after("0,14,0,0,0,0/1,1,1,1,1,1 0-0 S", "b"),
        "1,1,2,1,1,1/2,2,2,2,2,2 1-0 N"
    );
}

// K5: the end of the game.

#[test]
fn k5a_over_as_soon_as_either_side_is_empty() {
    // South's only seed into the store: South would move again, but its side is empty.
    let mut p = pos("0,0,0,0,0,1/4,0,0,0,0,0 10-10 S");
    p.play("f".parse().unwrap()).unwrap();
    assert_eq!(p.to_string(), "0,0,0,0,0,0/4,0,0,0,0,0 11-10 S");
    let o = p.outcome().unwrap();
    // North adds its 4: 14 to 11.
    assert_eq!(o.winner, Some(Player::North));
    assert_eq!(o.totals.unwrap(), kalah::ByPlayer::new(11, 14));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.play("a".parse().unwrap()), Err(IllegalMove::GameOver));
    // South empties its own side, North to move with seeds: over all the same.
    let mut p = pos("0,0,0,0,0,2/1,0,0,0,0,0 0-0 S");
    p.play("f".parse().unwrap()).unwrap();
    assert_eq!(p.to_string(), "0,0,0,0,0,0/2,0,0,0,0,0 1-0 N");
    assert_eq!(p.status().to_string(), "over 1-2 N 1");
    // A setup with an empty side is a finished game.
    assert!(pos("0,0,0/1,0,0 0-0 N").is_finished());
    assert!(pos("1,0,0/0,0,0 0-0 N").is_finished());
}

#[test]
fn k5b_with_mover_empty_the_other_player_plays_on() {
    let mut p = pos("0,0,0,0,0,2/1,0,0,0,0,0 0-0 S mover-empty");
    p.play("f".parse().unwrap()).unwrap();
    assert_eq!(p.to_string(), "0,0,0,0,0,0/2,0,0,0,0,0 1-0 N mover-empty");
    assert_eq!(p.status(), Status::Ongoing);
    assert_eq!(p.legal_moves().as_slice(), ["a".parse().unwrap()]);
    // North's a (2) into b, c; c was empty, South's d opposite is empty: no capture.
    p.play("a".parse().unwrap()).unwrap();
    assert_eq!(p.to_string(), "0,0,0,0,0,0/0,1,1,0,0,0 1-0 S mover-empty");
    // South to move with nothing: over, North takes its 2.
    assert_eq!(p.status().to_string(), "over 1-2 N 1");
    // The mover's side empty ends it; the other side empty does not.
    assert!(pos("0,0,0/1,0,0 0-0 S mover-empty").is_finished());
    assert!(!pos("0,0,0/1,0,0 0-0 N mover-empty").is_finished());
}

// K6: the outcome.

#[test]
fn k6_more_seeds_wins_equal_draws() {
    let p = pos("0,0,0/1,2,0 21-18 S");
    assert_eq!(p.status().to_string(), "over 21-21 draw 0");
    let p = pos("0,0,0/1,2,0 22-18 N");
    assert_eq!(p.outcome().unwrap().winner, Some(Player::South));
    assert_eq!(p.outcome().unwrap().points, 1);
}

// Moves refused, notation.

#[test]
fn moves_refused_leave_the_position() {
    let mut p = pos("0,1,0/2,0,0 3-3 S");
    let before = p;
    assert_eq!(
        p.play("a".parse().unwrap()),
        Err(IllegalMove::EmptyPit { pit: 'a' })
    );
    assert_eq!(
        p.play("d".parse().unwrap()),
        Err(IllegalMove::NoSuchPit { pit: 'd' })
    );
    assert_eq!(p, before);
}

#[test]
fn notation_refused() {
    let bad = |s: &str| s.parse::<Kalah>().unwrap_err();
    assert_eq!(
        bad("1,1/1,1 0-0 S bogus"),
        ParsePositionError::Notation(NotationError::BadFlags {
            reason: "the options are 'empty-capture' and 'mover-empty', comma separated"
        })
    );
    assert!(matches!(
        bad("1,1/1,1 0-0 S empty-capture,empty-capture"),
        ParsePositionError::Notation(NotationError::BadFlags { .. })
    ));
    assert!(matches!(
        bad("1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1 0-0 S"),
        ParsePositionError::Notation(NotationError::OutOfRange { found: 11, .. })
    ));
    assert!(matches!(
        bad("1,1/1,1,1 0-0 S"),
        ParsePositionError::Notation(NotationError::RowLengths { .. })
    ));
    assert!(matches!(
        bad("1,x/1,1 0-0 S"),
        ParsePositionError::Notation(NotationError::ClosedPit { .. })
    ));
    assert!(matches!(
        bad("1,1/1,1 0-0 S a b"),
        ParsePositionError::Notation(NotationError::FieldCount { found: 5, .. })
    ));
    let p = pos("1,1/1,1 0-0 S mover-empty,empty-capture");
    assert_eq!(
        p.rules(),
        Rules {
            pits: 2,
            empty_capture: true,
            ending: Ending::MoverEmpty
        }
    );
    assert_eq!(p.to_string(), "1,1/1,1 0-0 S empty-capture,mover-empty");
    assert_eq!(MAX_PITS, 10);
}
