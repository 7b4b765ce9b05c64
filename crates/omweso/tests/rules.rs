//! One test per rule path, from hand-made positions whose results can be checked by
//! counting seeds (RULINGS.md, Omweso). Rows in the notation: South inner a–h / South
//! outer i–p / North inner a–h / North outer i–p. South's circuit is
//! `i j k l m n o p h g f e d c b a`; South's column k faces North's column 7 − k.

use omweso::{
    Beheading, EndReason, Game, IllegalMove, Move, Omweso, Outcome, Player, Position, Reason,
    Record, Rules, Status,
};

fn pos(s: &str) -> Omweso {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn after(start: &str, moves: &[&str]) -> Omweso {
    let mut p = pos(start);
    for m in moves {
        p.play(mv(m)).unwrap_or_else(|e| panic!("{m} in {p}: {e}"));
    }
    p
}

fn moves(p: &Omweso) -> Vec<String> {
    p.legal_moves().iter().map(ToString::to_string).collect()
}

/// A win of `points` by `by`, ended by the rule `reason`.
fn won(by: Player, points: u8, reason: EndReason) -> Status {
    Status::Over(Outcome::new(Some(by), points).with_reason(reason))
}

#[test]
fn rule_1_standard_start() {
    let p = Omweso::new();
    assert_eq!(
        p.to_string(),
        "0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 S - 0-0"
    );
    assert_eq!(moves(&p), ["i", "j", "k", "l", "m", "n", "o", "p"]);
}

#[test]
fn rule_1_custom_setups_are_validated() {
    use omweso::{ParsePositionError, Setup, SetupError};
    // As data: 32 seeds each, at most the cap (10 by default) in a pit; a pit may hold
    // exactly the cap.
    let mut s = Setup::standard();
    s.pits.south = [2; 16];
    s.pits.north = [0, 0, 0, 0, 0, 0, 0, 0, 10, 10, 10, 2, 0, 0, 0, 0];
    s.to_move = Player::North;
    let p = Omweso::from_setup(s).unwrap();
    assert_eq!(p.side_to_move(), Player::North);
    assert_eq!(p.to_setup(), s);
    assert_eq!(
        p.to_string(),
        "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0/10,10,10,2,0,0,0,0 N - 0-0"
    );
    s.pits.north[8] = 11;
    s.pits.north[11] = 1;
    let e = Omweso::from_setup(s).unwrap_err();
    assert_eq!(
        e,
        SetupError::OverCap {
            player: Player::North,
            pit: 'i',
            seeds: 11,
            cap: 10
        }
    );
    assert_eq!(e.to_string(), "North's pit i holds 11 seeds, the cap is 10");
    assert!(Omweso::from_setup(s.with_cap(11)).is_ok());
    s.pits.south[0] = 1;
    assert_eq!(
        Omweso::from_setup(s.with_cap(11)).unwrap_err().to_string(),
        "South placed 31 seeds, exactly 32 are needed"
    );
    // In notation: flags '-' is a game's start, so rule 1 applies (with the default
    // cap; South is checked first); later positions need 64 seeds in all.
    let unbalanced = "0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,33 S - 0-0";
    assert_eq!(
        unbalanced.parse::<Omweso>(),
        Err(ParsePositionError::Setup(SetupError::PlayerTotal {
            player: Player::South,
            found: 3
        }))
    );
    let over = "0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/4,4,4,4,4,1,0,11 S - 0-0";
    assert_eq!(
        over.parse::<Omweso>(),
        Err(ParsePositionError::Setup(SetupError::OverCap {
            player: Player::North,
            pit: 'p',
            seeds: 11,
            cap: 10
        }))
    );
    let short = "0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,32 S n 0-0";
    assert_eq!(
        short.parse::<Omweso>().unwrap_err().to_string(),
        "the seeds add up to 63; omweso is played with 64"
    );
}

#[test]
fn rule_3_relay_to_an_empty_pit() {
    // i (4) -> j k l m; m holds 5: relay -> n o p h g; g was empty: the turn ends.
    let p = after(&Omweso::new().to_string(), &["i"]);
    assert_eq!(
        p.to_string(),
        "0,0,0,0,0,0,1,1/0,5,5,5,0,5,5,5/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 N s 0-0"
    );
}

#[test]
fn rule_4_capture_and_resowing_from_the_origin() {
    // South's p (2) -> h, g; g had 1, now 2, and faces North's column 1 (b 3, j 2):
    // capture 5, re-sown from p: h g f e d; d was empty.
    let p = after(
        "0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,2/0,3,0,0,1,0,0,0/0,2,0,0,0,0,0,55 S sn 0-0",
        &["p"],
    );
    assert_eq!(
        p.to_string(),
        "0,0,0,1,1,1,3,2/0,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,55 N snc 1-0"
    );
    assert_eq!(p.status(), Status::Ongoing);
}

#[test]
fn rule_4_a_relay_lap_capture_is_resown_from_the_relay_origin() {
    // South's o (2) -> p, h; h had 2 (3 now), faces North's column 0, empty: relay
    // h (3) -> g f e; e had 1 (2 now), faces North's column 3 (d 2, l 2): capture 4,
    // re-sown from h (emptied when lifted): g f e d; d was empty.
    let p = after(
        "0,0,0,0,1,0,0,2/0,0,0,0,0,0,2,0/0,0,0,2,1,0,0,0/0,0,0,2,0,0,0,54 S sn 0-0",
        &["o"],
    );
    assert_eq!(
        p.to_string(),
        "0,0,0,1,3,2,2,0/0,0,0,0,0,0,0,1/0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,54 N snc 1-0"
    );
}

#[test]
fn rule_4_two_captures_in_one_turn() {
    // p (2) -> h, g: g (2) captures North's column 1 (b 2, j 1): 3 re-sown from p:
    // h g f; f (2) captures column 2 (c 1, k 1): 2 re-sown from p: h g; g (4) faces
    // the emptied column 1: relay g -> f e d c; c was empty.
    let p = after(
        "0,0,0,0,0,1,1,0/0,0,0,0,0,0,0,2/0,2,1,0,1,0,0,0/0,1,1,0,0,0,0,54 S sn 0-0",
        &["p"],
    );
    assert_eq!(
        p.to_string(),
        "0,0,1,1,1,3,0,3/0,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,54 N snc 1-0"
    );
    assert_eq!(p.capture_turns(Player::South), 1, "one turn, one count");
}

#[test]
fn rule_2b_reverse_capture_and_refused_reverse() {
    // a (2) clockwise -> b, c; c had 1 (2 now), faces North's column 5 (f 1, n 1):
    // capture 2, re-sown from a counter-clockwise (a reverse capture does not make the
    // re-sowing clockwise): i, j; j was empty.
    let start = "2,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0/1,0,0,0,0,1,0,0/0,0,0,0,0,1,0,58 S sn 0-0";
    let p = pos(start);
    assert_eq!(moves(&p), ["a", "a-"]);
    let q = after(start, &["a-"]);
    assert_eq!(
        q.to_string(),
        "0,1,2,0,0,0,0,0/1,1,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,58 N snc 1-0"
    );
    // Without the seed in c the clockwise lap ends in an empty pit: refused.
    let r = pos("2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/1,0,0,0,0,1,0,0/0,0,0,0,0,1,0,58 S sn 0-0");
    let mut r2 = r;
    assert_eq!(
        r2.play(mv("a-")),
        Err(IllegalMove::Rule(Reason::ReverseWithoutCapture {
            pit: 'a'
        }))
    );
    assert_eq!(r2, r, "a refused move leaves the position unchanged");
    assert_eq!(
        r2.play(mv("p-")),
        Err(IllegalMove::Rule(Reason::NotLeftBlock { pit: 'p' }))
    );
    assert_eq!(
        r2.play(mv("c-")),
        Err(IllegalMove::Rule(Reason::NotLeftBlock { pit: 'c' }))
    );
    assert_eq!(moves(&r), ["a"]);
}

const DECISION: &str = "0,1,0,0,3,0,0,0/0,0,0,0,0,0,0,0/1,0,0,0,1,0,0,0/0,0,0,0,1,0,0,57 S sn 0-0";

#[test]
fn rule_5_mid_turn_decision_pauses_the_turn() {
    // e (3) -> d c b; b had 1 (2 now) and faces North's empty column 6: a relay from
    // b, in the left block, whose clockwise lap (c, d: 2 each) would capture North's
    // column 4 (e 1, m 1). The turn pauses; South decides.
    let p = after(DECISION, &["e"]);
    assert_eq!(p.side_to_move(), Player::South);
    assert_eq!(p.pending_decision(), Some(mv("b")));
    assert_eq!(moves(&p), ["b", "b-"]);
    assert_eq!(
        p.to_string(),
        "0,0,1,1,0,0,0,0/0,0,0,0,0,0,0,0/1,0,0,0,1,0,0,0/0,0,0,0,1,0,0,57 S sn 0-0 b+2:r"
    );
    let mut q = p;
    assert_eq!(
        q.play(mv("a")),
        Err(IllegalMove::Rule(Reason::DecisionPending { pending: 'b' }))
    );
    assert_eq!(
        q.play(mv("b*")),
        Err(IllegalMove::Rule(Reason::DecisionPending { pending: 'b' }))
    );
    assert_eq!(q, p);
    // The notation of a paused turn round-trips.
    assert_eq!(pos(&p.to_string()), p);
}

#[test]
fn rule_5_decision_counter_clockwise() {
    // b (2) -> a, i; i was empty.
    let p = after(DECISION, &["e", "b"]);
    assert_eq!(
        p.to_string(),
        "1,0,1,1,0,0,0,0/1,0,0,0,0,0,0,0/1,0,0,0,1,0,0,0/0,0,0,0,1,0,0,57 N sn 0-0"
    );
}

#[test]
fn rule_5_decision_clockwise() {
    // b (2) clockwise -> c, d; d (2) captures e and m: 2 re-sown from b
    // counter-clockwise: a, i.
    let p = after(DECISION, &["e", "b-"]);
    assert_eq!(
        p.to_string(),
        "1,0,2,2,0,0,0,0/1,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,57 N snc 1-0"
    );
}

#[test]
fn rule_5_resowing_from_the_left_block_is_a_decision() {
    // a (3) clockwise -> b c d; d had 1 (2 now), faces North's column 4 (e 1, m 1):
    // capture 2, to re-sow from a. Clockwise (b, c) would end in c, which now holds 2
    // and faces North's column 5 (f 1, n 1): a decision at a with 2 in hand.
    let p = after(
        "3,0,1,1,0,0,0,0/0,0,0,0,0,0,0,0/1,0,0,0,1,1,0,0/0,0,0,0,1,1,0,54 S sn 0-0",
        &["a-"],
    );
    assert_eq!(p.pending_decision(), Some(mv("a")));
    assert_eq!(
        p.to_string(),
        "0,1,2,2,0,0,0,0/0,0,0,0,0,0,0,0/1,0,0,0,0,1,0,0/0,0,0,0,0,1,0,54 S sn 0-0 a+2:cr"
    );
    // Clockwise: b (2), c (3) captures f and n: 2 re-sown from a; clockwise would end
    // in c again, which faces an empty column now, so counter-clockwise: i, j.
    let q = after(&p.to_string(), &["a-"]);
    assert_eq!(
        q.to_string(),
        "0,2,3,2,0,0,0,0/1,1,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,54 N snc 1-0"
    );
}

#[test]
fn rule_2c_opening_split() {
    // North has played its first turn (flag n): flags '-' would be a game's start, where
    // rule 1 wants 32 seeds on each side.
    let start = "0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,33 S n 0-0";
    let p = pos(start);
    assert_eq!(moves(&p), ["m", "m*"]);
    // 2 into n, 1 into o; the turn ends at once.
    let q = after(start, &["m*"]);
    assert_eq!(
        q.to_string(),
        "0,0,0,0,0,0,0,0/0,0,0,0,0,2,1,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,33 N sn 0-0"
    );
    // After the game's first capture: no more splits.
    let mut r = pos("0,0,0,0,0,0,1,0/0,0,0,0,3,0,0,1/0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,58 S snc 1-0");
    assert_eq!(
        r.play(mv("m*")),
        Err(IllegalMove::Rule(Reason::SplitAfterCapture))
    );
    assert!(!moves(&r).iter().any(|m| m.ends_with('*')));
    // A split needs exactly 3 seeds.
    let mut s = pos(start);
    assert_eq!(s.play(mv("p*")), Err(IllegalMove::EmptyPit { pit: 'p' }));
    assert_eq!(
        Omweso::new().play(mv("i*")),
        Err(IllegalMove::Rule(Reason::TooFewSeeds {
            pit: 'i',
            seeds: 4,
            needed: 3
        }))
    );
    assert_eq!(s.play(mv("i*")), Err(IllegalMove::EmptyPit { pit: 'i' }));
}

#[test]
fn rule_6_no_capture_on_a_first_turn() {
    // As in the capture test, but it is South's first turn (North has played its own):
    // g (2) relays instead: f, e; e was empty.
    let p = after(
        "0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,2/0,3,0,0,1,0,0,0/0,2,0,0,0,0,0,55 S n 0-0",
        &["p"],
    );
    assert_eq!(
        p.to_string(),
        "0,0,0,0,1,1,0,1/0,0,0,0,0,0,0,0/0,3,0,0,1,0,0,0/0,2,0,0,0,0,0,55 N sn 0-0"
    );
    // No reverse moves on a first turn either.
    let mut q = pos("2,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0/1,0,0,0,0,1,0,0/0,0,0,0,0,1,0,58 S n 0-0");
    assert_eq!(
        q.play(mv("a-")),
        Err(IllegalMove::Rule(Reason::ReverseWithoutCapture {
            pit: 'a'
        }))
    );
}

#[test]
fn rule_7_grand_slam() {
    let p = after(
        "0,0,0,0,0,0,1,0/56,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,0 S sn 0-0",
        &["p"],
    );
    assert_eq!(p.status(), won(Player::South, 12, omweso::end::GRAND_SLAM));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.side_to_move(), Player::North);
}

#[test]
fn rule_7_beheading_inner_row_emptied() {
    let p = after(
        "0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,56 S sn 0-0",
        &["p"],
    );
    assert_eq!(p.status(), won(Player::South, 2, omweso::end::BEHEADING));
    // Which condition: North's inner row, not its corners (its a and i were
    // empty at the start, so column a was never captured).
    let start = pos("0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,56 S sn 0-0");
    assert_eq!(p.beheading_since(&start), Some(Beheading::InnerRow));
    assert_eq!(Beheading::InnerRow.to_string(), "inner row");
    // An inner row that was already empty at the start of the turn is no beheading.
    let q = after(
        "0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0/0,2,0,0,0,0,0,59 S sn 0-0",
        &["p"],
    );
    assert_eq!(q.status(), Status::Ongoing);
}

#[test]
fn rule_7_beheading_both_end_columns() {
    // o (2) -> p, h; h (2) captures North's column 0 (a 4, i 5): 9 re-sown from o:
    // p h g f e d c b a; a had 1 (2 now) captures North's column 7 (h 1, p 1): 2 more
    // from o: p, h ... North's inner row keeps c.
    let p = after(
        "1,0,0,0,0,0,0,1/0,0,0,0,0,0,2,0/4,0,1,0,0,0,0,1/5,0,0,0,48,0,0,1 S sn 0-0",
        &["o"],
    );
    assert_eq!(p.status(), won(Player::South, 2, omweso::end::BEHEADING));
    assert_eq!(
        p.pits(Player::North)[2],
        1,
        "North's c stays: not the inner-row kind"
    );
    let start = pos("1,0,0,0,0,0,0,1/0,0,0,0,0,0,2,0/4,0,1,0,0,0,0,1/5,0,0,0,48,0,0,1 S sn 0-0");
    assert_eq!(p.beheading_since(&start), Some(Beheading::Corners));
}

#[test]
fn rule_7_beheading_reports_its_condition_through_the_record() {
    // North's c (2): b 2 -> 3, a 5 -> 6, occupied, faces South's column h (h 9, p 2):
    // 11 re-sown from c: b a i j k l m n o p h; h 1 -> 2 faces South's column a (a 4,
    // i 2): 6 from c: b a i j k l; l (4) relays m n o p; p (4) relays h g f e; e was
    // empty: the turn ends. South lost both end columns and keeps b, c, g inside.
    let mut game = Game::new(pos(
        "4,9,1,0,0,0,1,9/2,4,0,2,3,1,0,2/5,2,2,5,0,0,0,1/1,0,1,2,1,2,2,2 N snc 12-9",
    ));
    assert_eq!(omweso::beheading(&game), None);
    game.play(mv("c")).unwrap();
    assert_eq!(
        game.position().to_string(),
        "0,9,1,0,0,0,1,0/0,4,0,2,3,1,0,0/8,5,0,5,1,1,1,3/3,2,3,0,3,4,4,0 S snc 12-10"
    );
    assert_eq!(game.status(), won(Player::North, 2, omweso::end::BEHEADING));
    assert_eq!(omweso::beheading(&game), Some(Beheading::Corners));
    // Both at once: South's a empties North's inner row and takes both end columns
    // (found by random play; the end shows North's inner row, a, h, i and p empty, all
    // of them holding seeds at the start).
    let mut both = Game::new(pos(
        "6,4,1,0,0,1,1,0/1,0,1,3,0,1,0,2/11,0,5,4,0,0,0,4/1,3,2,2,1,1,1,8 S snc 10-15",
    ));
    both.play(mv("a")).unwrap();
    assert_eq!(
        both.position().to_string(),
        "3,5,7,2,0,1,9,9/2,6,1,3,0,1,2,7/0,0,0,0,0,0,0,0/0,3,0,0,1,1,1,0 N snc 11-15"
    );
    assert_eq!(omweso::beheading(&both), Some(Beheading::Both));
    // Other endings have no beheading condition.
    let mut slam = Game::new(pos(
        "0,0,0,0,0,0,1,0/56,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,0 S sn 0-0",
    ));
    slam.play(mv("p")).unwrap();
    assert_eq!(
        slam.status(),
        won(Player::South, 12, omweso::end::GRAND_SLAM)
    );
    assert_eq!(omweso::beheading(&slam), None);
}

#[test]
fn rule_7_two_captures_first_is_optional() {
    let start = "0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,2/0,3,0,0,1,0,0,0/0,2,0,0,0,0,0,55 S snc 1-0";
    let off = after(start, &["p"]);
    assert_eq!(off.status(), Status::Ongoing);
    let mut on = Omweso::from_notation(start, Rules::with_two_captures_first()).unwrap();
    on.play(mv("p")).unwrap();
    assert_eq!(
        on.status(),
        won(Player::South, 2, omweso::end::TWO_CAPTURES_FIRST)
    );
    // Not when the opponent has captured too.
    let mut both = Omweso::from_notation(
        "0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,2/0,3,0,0,1,0,0,0/0,2,0,0,0,0,0,55 S snc 1-1",
        Rules::with_two_captures_first(),
    )
    .unwrap();
    both.play(mv("p")).unwrap();
    assert_eq!(both.status(), Status::Ongoing);
}

#[test]
fn rule_7_regular_win() {
    // p captures North's column 1; North is left with e 1 and k 1: no legal move.
    let p = after(
        "0,0,0,0,0,0,1,0/57,0,0,0,0,0,0,2/0,1,0,0,1,0,0,0/0,1,1,0,0,0,0,0 S sn 0-0",
        &["p"],
    );
    assert_eq!(p.status(), won(Player::South, 1, omweso::end::REGULAR));
    assert_eq!(
        p.to_string(),
        "0,0,0,1,1,1,0,2/57,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0/0,0,1,0,0,0,0,0 N snc 1-0"
    );
}

#[test]
fn parsed_position_without_moves_is_finished() {
    let p = pos("1,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/62,0,0,0,0,0,0,0 S sn 0-0");
    assert_eq!(p.status(), won(Player::North, 1, omweso::end::REGULAR));
    let q = pos("0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/64,0,0,0,0,0,0,0 S snc 0-1");
    assert_eq!(q.status(), won(Player::North, 12, omweso::end::GRAND_SLAM));
}
