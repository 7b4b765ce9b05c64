//! One test per rule, from hand-made positions whose results can be checked by counting.

use oware::{ByPlayer, Game, IllegalMove, Move, Outcome, Oware, Player, Position, Record, Status};

fn pos(s: &str) -> Oware {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn after(s: &str, m: &str) -> String {
    let mut p = pos(s);
    p.play(mv(m)).unwrap_or_else(|e| panic!("{m} in {s}: {e}"));
    p.to_string()
}

#[test]
fn sowing_counter_clockwise_into_the_opponents_row() {
    // South's d holds 5: e, f, then North's a, b, c.
    assert_eq!(
        after("4,4,4,5,4,4/4,4,4,4,4,3 0-0 S", "d"),
        "4,4,4,0,5,5/5,5,5,4,4,3 0-0 N"
    );
    // North sows the same way from its own left: North's f reaches South's a and b.
    assert_eq!(
        after("4,4,4,4,4,4/4,4,4,4,4,3 0-1 N", "f"),
        "5,5,5,4,4,4/4,4,4,4,4,0 0-1 S"
    );
}

#[test]
fn a_lap_of_twelve_or_more_passes_over_its_pit() {
    // 13 seeds from South's a: b..f (5), North's a..f (6), then b, c again, a skipped.
    assert_eq!(
        after("13,0,0,0,0,0/2,2,2,2,2,2 12-11 S", "a"),
        "0,2,2,1,1,1/3,3,3,3,3,3 12-11 N"
    );
}

#[test]
fn capture_of_two_and_three_walks_back() {
    // South's f (3) makes North's a=2, b=3, c=2: the walk from c takes c, b, a.
    let mut p = pos("0,0,0,0,0,3/1,2,1,9,9,9 9-5 S");
    assert_eq!(p.play_capturing(mv("f")), 7);
    assert_eq!(p.to_string(), "0,0,0,0,0,0/0,0,0,9,9,9 16-5 N");
}

#[test]
fn capture_stops_at_a_pit_not_holding_two_or_three() {
    // South's e (3): f=1, North's a 4 -> 5, b 1 -> 2. From b: b (2) is taken; a holds
    // 5: the walk stops.
    assert_eq!(
        after("0,0,0,0,3,0/4,1,1,9,9,9 7-5 S", "e"),
        "0,0,0,0,0,1/5,0,1,9,9,9 9-5 N"
    );
}

#[test]
fn a_last_seed_in_the_own_row_captures_nothing() {
    assert_eq!(
        after("2,1,0,0,0,0/1,2,1,2,9,9 13-8 S", "a"),
        "0,2,1,0,0,0/1,2,1,2,9,9 13-8 N"
    );
}

#[test]
fn a_last_seed_making_four_captures_nothing() {
    assert_eq!(
        after("0,0,0,0,0,1/3,2,2,9,9,4 10-8 S", "f"),
        "0,0,0,0,0,0/4,2,2,9,9,4 10-8 N"
    );
}

#[test]
fn grand_slam_is_legal_but_captures_nothing() {
    // South's e (3): f, North a=2, b=3. It would take every seed North has: no capture.
    let before = "0,0,0,0,3,0/1,2,0,0,0,0 20-22 S";
    let mut p = pos(before);
    assert!(p.is_legal(mv("e")));
    assert_eq!(p.play_capturing(mv("e")), 0);
    assert_eq!(p.to_string(), "0,0,0,0,0,1/2,3,0,0,0,0 20-22 N");
    // With one more North seed left elsewhere, the same move captures 5.
    assert_eq!(
        after("0,0,0,0,3,0/1,2,0,0,0,1 20-21 S", "e"),
        "0,0,0,0,0,1/0,0,0,0,0,1 25-21 N"
    );
}

#[test]
fn feeding_is_required_when_the_opponent_is_empty() {
    // North has nothing. South's a (2) stays at home; South's e (2) reaches North's a.
    let p = pos("2,0,0,0,2,0/0,0,0,0,0,0 20-24 S");
    assert_eq!(p.legal_moves().as_slice(), &[mv("e")]);
    let mut q = p;
    assert_eq!(q.play(mv("a")), Err(IllegalMove::MustFeed));
    assert_eq!(q, p, "a refused move leaves the position unchanged");
}

#[test]
fn no_feeding_move_ends_the_game_and_the_mover_takes_the_rest() {
    // North is empty and no South move reaches it: over, South takes its 3 seeds.
    // (North's store already holds more than half: the stores end it first.)
    let p = pos("1,1,1,0,0,0/0,0,0,0,0,0 20-25 S");
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.status(),
        Status::Over(
            Outcome::with_totals(Some(Player::North), 1, ByPlayer::new(23, 25))
                .with_reason(oware::end::MAJORITY)
        )
    );
    // The stores decide nothing (23 and 22 of 48): starvation ends it, South takes its
    // 3 seeds and wins 26-22.
    let q = pos("1,1,1,0,0,0/0,0,0,0,0,0 23-22 S");
    assert!(q.legal_moves().is_empty());
    assert_eq!(
        q.status(),
        Status::Over(
            Outcome::with_totals(Some(Player::South), 1, ByPlayer::new(26, 22))
                .with_reason(oware::end::STARVATION)
        )
    );
    assert_eq!(p.clone().play(mv("a")), Err(IllegalMove::GameOver));
}

#[test]
fn more_than_half_ends_the_game() {
    let p = pos("1,0,0,0,0,0/0,0,0,0,0,1 21-25 S");
    assert!(p.legal_moves().is_empty());
    let o = p.status().outcome().unwrap();
    assert_eq!((o.winner, o.points), (Some(Player::North), 1));
    assert_eq!(o.totals, Some(ByPlayer::new(22, 26)));
    // 24-24 is a draw (on 48 seeds).
    let d = pos("0,0,0,0,0,0/0,0,0,0,0,0 24-24 S");
    assert_eq!(
        d.status(),
        Status::Over(
            Outcome::with_totals(None, 0, ByPlayer::new(24, 24)).with_reason(oware::end::MAJORITY)
        )
    );
    // Half alone does not end it while the other has less.
    assert_eq!(
        pos("0,0,0,0,0,1/0,0,0,0,0,1 24-22 S").status(),
        Status::Ongoing
    );
}

#[test]
fn the_three_seed_variant_has_its_own_half() {
    let p = pos("1,0,0,0,0,0/0,0,0,0,0,0 16-19 S");
    assert_eq!(p.total(), 36);
    assert_eq!(p.status().outcome().unwrap().winner, Some(Player::North));
    assert_eq!(
        Oware::start_with(3, Player::North).unwrap().to_string(),
        "3,3,3,3,3,3/3,3,3,3,3,3 0-0 N"
    );
    assert!(Oware::start_with(5, Player::South).is_err());
}

#[test]
fn bad_notation_is_refused_with_a_reason() {
    for (s, msg) in [
        (
            "4,4,4,4,4/4,4,4,4,4,4 0-0 S",
            "rows of different lengths: 5 and 6 pits",
        ),
        (
            "4,4,4,4,4/4,4,4,4,4 0-0 S",
            "South's row: expected 6 pits, found 5",
        ),
        (
            "4,4,4,4,4,4/4,4,4,4,4,5 0-0 S",
            "the seeds add up to 49; oware is played with 48 (4 per pit) or 36 (3 per pit)",
        ),
        (
            "4,4,4,4,4,4/4,4,4,4,4,a 0-0 S",
            "North's row: pit f is not a number",
        ),
        (
            "4,4,4,4,4,4/4,4,4,4,4,4 0-0 W",
            "the side to move must be 'S' or 'N'",
        ),
        (
            "4,4,4,4,4,4/4,4,4,4,4,x 0-4 S",
            "North's row: pit f is closed ('x'), which this game does not allow",
        ),
        ("", "empty input"),
    ] {
        assert_eq!(s.parse::<Oware>().unwrap_err().to_string(), msg, "{s}");
    }
}

#[test]
fn a_repeated_position_ends_the_record_with_rows_taken() {
    // One seed each, far from capturing: a shuffles round until the position repeats.
    // S: a=1 -> b; N: a=1 -> b; ... each player's seed walks along its row and across.
    let start = pos("1,0,0,0,0,0/1,0,0,0,0,0 23-23 S");
    let mut game = Game::new(start);
    let mut plies = 0;
    while !game.status().is_finished() {
        let m = game.position().legal_moves()[0];
        game.play(m).unwrap();
        plies += 1;
        assert!(plies < 100, "no repetition found");
    }
    // Every ply moves each seed one pit on: after 12 plies each is back where it was.
    assert!(game.is_repetition());
    assert_eq!(plies, 12);
    assert_eq!(game.position(), &start);
    assert_eq!(
        game.status(),
        Status::Over(
            Outcome::with_totals(None, 0, ByPlayer::new(24, 24))
                .with_reason(oware::end::REPETITION)
        )
    );
    assert_eq!(game.play(mv("a")), Err(IllegalMove::GameOver));
    let last = *game.moves().last().unwrap();
    assert_eq!(game.undo(), Some(last));
    assert!(!game.is_repetition());
    assert!(!game.status().is_finished());
}

#[test]
fn serde_goes_through_the_notation() {
    let p = Oware::new();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, "\"4,4,4,4,4,4/4,4,4,4,4,4 0-0 S\"");
    assert_eq!(serde_json::from_str::<Oware>(&json).unwrap(), p);
    assert!(serde_json::from_str::<Oware>("\"4,4,4,4,4,4/4,4,4,4,4,5 0-0 S\"").is_err());
}

/// `Oware::start_with(4, Player::North)` then a move past `f` once panicked in the
/// checked `play`. No `Move` names a pit past `f` now, and every move value is played or
/// refused with a reason, the position unchanged.
#[test]
fn a_bad_move_is_refused_and_changes_nothing() {
    let start = Oware::start_with(4, Player::North).unwrap();
    assert_eq!(Move::from_u8(9), None);
    assert_eq!(Move::from_index(9), None);
    assert!("j".parse::<Move>().is_err());
    let positions = [
        start,
        // North's a and d are empty; South's row is not.
        pos("4,4,4,4,4,4/0,4,4,0,4,4 8-0 N"),
        // South has nothing: North must feed, and only f can.
        pos("0,0,0,0,0,0/3,0,0,0,0,1 20-24 N"),
        // Over: South's store holds 25.
        pos("1,0,0,0,0,0/0,0,0,0,0,1 25-21 N"),
    ];
    let mut refused = 0;
    for p in positions {
        for k in 0..=u8::MAX {
            let Some(m) = Move::from_u8(k) else {
                assert!(k >= 6);
                continue;
            };
            let mut q = p;
            match q.play(m) {
                Ok(()) => assert!(p.legal_moves().contains(&m), "{m} in {p}"),
                Err(_) => {
                    assert_eq!(q, p, "{m} refused in {p}");
                    refused += 1;
                }
            }
        }
    }
    assert_eq!(refused, 2 + 5 + 6);
    let mut p = pos("4,4,4,4,4,4/0,4,4,0,4,4 8-0 N");
    let before = p;
    assert_eq!(p.play(mv("a")), Err(IllegalMove::EmptyPit { pit: 'a' }));
    assert_eq!(p.play(mv("d")), Err(IllegalMove::EmptyPit { pit: 'd' }));
    assert_eq!(p, before);
    let mut p = pos("0,0,0,0,0,0/3,0,0,0,0,1 20-24 N");
    assert_eq!(p.play(mv("a")), Err(IllegalMove::MustFeed));
    assert_eq!(p.play(mv("b")), Err(IllegalMove::EmptyPit { pit: 'b' }));
    // The record refuses the same way and keeps its moves.
    let mut game = Game::new(p);
    assert_eq!(game.play(mv("a")), Err(IllegalMove::MustFeed));
    assert_eq!(game.moves(), []);
    assert_eq!(game.position(), &p);
    game.play(mv("f")).unwrap();
    assert_eq!(game.moves(), [mv("f")]);
}

#[test]
fn a_pit_past_the_row_is_none() {
    let p = Oware::new();
    for player in Player::ALL {
        assert_eq!(p.pit(player, 0), Some(4));
        assert_eq!(p.pit(player, 5), Some(4));
        for i in [6, 7, 11, 12, 16, usize::MAX] {
            assert_eq!(p.pit(player, i), None);
        }
    }
    let board = p.board();
    assert_eq!(board.total(), 48);
    assert_eq!(board.stores, Some(ByPlayer::new(0, 0)));
}
