//! One test per rule path, each from a hand-made position whose result can be checked
//! by counting seeds (rule numbers as in RULINGS.md, "Urim").

use urim::{
    ByPlayer, Game, IllegalMove, Match, MatchError, Move, NotationError, Outcome,
    ParsePositionError, Player, Position, Record, Series, Setup, SetupError, Status, Urim, Urim6,
    Urim7, outcome_from_totals,
};

fn p6(s: &str) -> Urim6 {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn p7(s: &str) -> Urim7 {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// Plays `m` (checked) and returns the new position's notation.
fn after<const N: usize>(p: &Urim<N>, m: &str) -> String {
    p.after(mv(m)).unwrap().to_string()
}

fn letters<const N: usize>(p: &Urim<N>) -> String {
    p.legal_moves().iter().map(|m| m.to_string()).collect()
}

/// Over by starvation (rule 5): a position's status can end no other way.
fn over(south: u16, north: u16, winner: Option<Player>, points: u8) -> Status {
    Status::Over(
        Outcome::with_totals(winner, points, ByPlayer::new(south, north))
            .with_reason(urim::end::STARVATION),
    )
}

/// Over by repetition (rule 6), which only the game record sees.
fn repeated(south: u16, north: u16, winner: Option<Player>, points: u8) -> Status {
    Status::Over(
        Outcome::with_totals(winner, points, ByPlayer::new(south, north))
            .with_reason(urim::end::REPETITION),
    )
}

// Rule 1: the start.

#[test]
fn rule1_starts_of_the_four_variants() {
    for (seeds, total) in [(3, 36), (4, 48)] {
        let p = Urim6::start_with(seeds, Player::South).unwrap();
        assert_eq!(p.total(), total);
        assert_eq!(p.seeds_per_pit(), seeds);
        assert_eq!(p.row(Player::North), [seeds; 6]);
        assert_eq!(p.stores(), ByPlayer::new(0, 0));
    }
    for (seeds, total) in [(3, 42), (4, 56)] {
        let p = Urim7::start_with(seeds, Player::North).unwrap();
        assert_eq!(p.total(), total);
        assert_eq!(p.side_to_move(), Player::North);
        assert_eq!(letters(&p), "abcdefg");
    }
    assert_eq!(Urim6::new(), Urim6::default());
    assert_eq!(Urim6::new().to_string(), "3,3,3,3,3,3/3,3,3,3,3,3 0-0 S");
    assert_eq!(
        Urim6::start_with(5, Player::South),
        Err(SetupError::SeedsPerPit { seeds: 5 })
    );
}

// Rule 3: single-lap sowing.

#[test]
fn rule3_sowing_counter_clockwise_into_the_opponents_row() {
    // South's d (3 seeds): e, f, then North's a.
    assert_eq!(after(&Urim6::new(), "d"), "3,3,3,0,4,4/4,3,3,3,3,3 0-0 N");
    // North's f (3 seeds): round the corner into South's a, b, c.
    let p = p6("3,3,3,3,3,3/3,3,3,3,3,3 0-0 N");
    assert_eq!(after(&p, "f"), "4,4,4,3,3,3/3,3,3,3,3,0 0-0 S");
}

#[test]
fn rule3_a_lap_of_17_passes_over_its_origin() {
    // South's a: 11 seeds into the 11 other pits, then a is passed over and 6 more go
    // into b..f and North's a. North's a now holds 2 and is captured (rule 4).
    let p = p6("17,0,0,0,0,0/0,0,0,0,0,0 10-9 S");
    assert_eq!(after(&p, "a"), "0,2,2,2,2,2/0,1,1,1,1,1 12-9 N");
    // On 2×7, 13 other pits: 4 more seeds into b..e on the second pass.
    let q = p7("17,0,0,0,0,0,0/0,0,0,0,0,0,0 13-12 S");
    assert_eq!(after(&q, "a"), "0,2,2,2,2,1,1/1,1,1,1,1,1,1 13-12 N");
}

#[test]
fn rule3_a_pit_holding_17_is_passed_over() {
    // South's a (5 seeds): b holds 17 and gets nothing; c, d, e, f, North's a.
    let p = p6("5,17,0,0,0,0/0,0,0,0,0,0 7-7 S");
    assert_eq!(after(&p, "a"), "0,17,1,1,1,1/1,0,0,0,0,0 7-7 N");
}

#[test]
fn rule3_a_pit_filled_to_17_in_the_lap_is_passed_over_after() {
    // South's b (14 seeds): c 16 -> 17, d, e, f, North's a..f, South's a; then b (the
    // origin) and c (now 17) are passed over: d, e, f.
    let p = p6("0,14,16,0,0,0/0,0,0,0,0,0 3-3 S");
    assert_eq!(after(&p, "b"), "1,0,17,2,2,2/1,1,1,1,1,1 3-3 N");
}

// Rule 4: capture.

#[test]
fn rule4_a_chain_runs_through_fours_and_stops_at_a_one() {
    // South's f (4 seeds): North's a..d become 1, 4, 4, 3. The last (d, 3) is taken,
    // then c (4) and b (4); a holds 1 and stops the chain: 3 + 4 + 4 = 11.
    let p = p6("0,0,0,0,0,4/0,3,3,2,0,0 12-12 S");
    assert_eq!(after(&p, "f"), "0,0,0,0,0,0/1,0,0,0,0,0 23-12 N");
}

#[test]
fn rule4_a_last_seed_that_makes_four_starts_nothing() {
    // South's f (1 seed): North's a 3 -> 4. No capture, though b holds 2.
    let p = p6("0,0,0,0,0,1/3,2,0,0,0,0 15-15 S");
    assert_eq!(after(&p, "f"), "0,0,0,0,0,0/4,2,0,0,0,0 15-15 N");
}

#[test]
fn rule4_a_last_seed_in_the_movers_own_row_captures_nothing() {
    // South's a (2 seeds): b 1 -> 2, c 2 -> 3: own pits, nothing taken.
    let p = p6("2,1,2,0,0,0/3,3,3,3,3,3 6-7 S");
    assert_eq!(after(&p, "a"), "0,2,3,0,0,0/3,3,3,3,3,3 6-7 N");
}

#[test]
fn rule4_the_chain_stops_at_the_end_of_the_row() {
    // South's e (2 seeds): f 1 -> 2 (own row), North's a 1 -> 2: taken. The walk stops
    // at the row's end; South's f holding 2 is not taken. North is then starved
    // (rule 5) and South takes the 2 seeds left: 20-16.
    let p = p6("0,0,0,0,2,1/1,0,0,0,0,0 16-16 S");
    let q = p.after(mv("e")).unwrap();
    assert_eq!(q.to_string(), "0,0,0,0,0,2/0,0,0,0,0,0 18-16 N");
    assert_eq!(q.status(), over(20, 16, Some(Player::South), 1));
    // North moving: the walk from South's b back through a stops there, not going on
    // into North's own f (2).
    let p = p6("1,2,0,0,0,0/0,0,0,0,3,1 15-14 N");
    let q = p.after(mv("e")).unwrap();
    assert_eq!(q.to_string(), "0,0,0,0,0,0/0,0,0,0,0,2 15-19 S");
}

#[test]
fn rule4_a_grand_slam_is_allowed_and_starves_the_opponent() {
    // North's e (3 seeds): f 1 -> 2, South's a 1 -> 2, b 2 -> 3: b and a are taken,
    // every seed South had. South, to move, is starved (rule 5): North takes its row.
    let p = p6("1,2,0,0,0,0/0,0,0,0,3,1 15-14 N");
    let q = p.after(mv("e")).unwrap();
    assert_eq!(q.to_string(), "0,0,0,0,0,0/0,0,0,0,0,2 15-19 S");
    assert!(q.legal_moves().is_empty());
    assert_eq!(q.status(), over(15, 21, Some(Player::North), 1));
    assert_eq!(q.status().to_string(), "over 15-21 N 1");
}

// Rule 2: legal moves and feeding.

#[test]
fn rule2_any_own_non_empty_pit() {
    let p = p6("0,3,0,1,0,2/3,3,3,3,3,3 6-6 S");
    assert_eq!(letters(&p), "bdf");
    let p = p6("0,3,0,1,0,2/3,0,3,0,0,3 9-12 N");
    assert_eq!(letters(&p), "acf");
}

#[test]
fn rule2_feeding_is_required_when_possible() {
    // North's row is empty: d (into e, f) does not feed; f does.
    let p = p6("0,0,0,2,0,1/0,0,0,0,0,0 16-17 S");
    assert!(p.must_feed());
    assert!(!p.feeds(mv("d")));
    assert!(p.feeds(mv("f")));
    assert_eq!(letters(&p), "f");
    let mut q = p;
    assert_eq!(q.play(mv("d")), Err(IllegalMove::MustFeed));
    assert_eq!(q, p);
    assert_eq!(after(&p, "f"), "0,0,0,2,0,0/1,0,0,0,0,0 16-17 N");
}

#[test]
fn rule2_feeding_counts_seeds_that_the_move_captures() {
    // South's f (17 seeds) puts 2 in each of North's pits and captures all 12 of them:
    // it feeds all the same, and a (into b only) does not.
    let p = p6("1,0,0,0,0,17/0,0,0,0,0,0 9-9 S");
    assert_eq!(letters(&p), "f");
    let q = p.after(mv("f")).unwrap();
    assert_eq!(q.to_string(), "2,1,1,1,1,0/0,0,0,0,0,0 21-9 N");
    // North is starved: South takes 6 and has 27 of 36, three quarters: 2 points.
    assert_eq!(q.status(), over(27, 9, Some(Player::South), 2));
}

#[test]
fn rule2_feeding_looks_past_full_pits() {
    // South's e (1 seed): f holds 17 and is passed over, so the seed goes to North: e
    // feeds; c (2 seeds into d, e) does not.
    let p = p6("0,0,2,0,1,17/0,0,0,0,0,0 8-8 S");
    assert!(p.feeds(mv("e")));
    assert!(!p.feeds(mv("c")));
    assert_eq!(letters(&p), "ef");
}

#[test]
fn rule2_when_no_move_can_feed_every_move_is_legal() {
    let p = p6("0,2,0,1,0,0/0,0,0,0,0,0 17-16 S");
    assert!(!p.must_feed());
    assert_eq!(letters(&p), "bd");
    // d: North is then starved; South takes its 3 seeds: 20-16.
    let q = p.after(mv("d")).unwrap();
    assert_eq!(q.to_string(), "0,2,0,0,1,0/0,0,0,0,0,0 17-16 N");
    assert_eq!(q.status(), over(20, 16, Some(Player::South), 1));
}

// Rule 5: starvation.

#[test]
fn rule5_the_player_to_move_without_seeds_ends_the_game() {
    // South to move has nothing: North takes the 10 seeds of its row.
    let p = p6("0,0,0,0,0,0/1,2,3,4,0,0 12-14 S");
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.status(), over(12, 24, Some(Player::North), 1));
    let mut q = p;
    assert_eq!(q.play(mv("a")), Err(IllegalMove::GameOver));
    assert_eq!(q, p);
    // The other player may have nothing either: the stores decide.
    let p = p6("0,0,0,0,0,0/0,0,0,0,0,0 18-18 N");
    assert_eq!(p.status(), over(18, 18, None, 0));
}

#[test]
fn rule5_the_board_stays_as_the_ending_move_left_it() {
    let p = p6("0,0,0,1,0,0/0,0,0,0,0,0 18-17 S");
    let q = p.after(mv("d")).unwrap();
    // South's e keeps its seed on the board; it counts for South in the outcome only.
    assert_eq!(q.to_string(), "0,0,0,0,1,0/0,0,0,0,0,0 18-17 N");
    assert_eq!(q.status(), over(19, 17, Some(Player::South), 1));
}

// Rule 6: endless circulation (the game record).

#[test]
fn rule6_a_repeated_position_ends_the_game_each_taking_their_row() {
    let start = p6("1,0,0,0,0,0/1,0,0,0,0,0 17-17 S");
    let mut game = Game::new(start);
    // Each seed walks along its owner's row and round into the other's; after 12 plies
    // every seed is back where it started, South to move.
    for m in ["a", "a", "b", "b", "c", "c", "d", "d", "e", "e"] {
        game.play(mv(m)).unwrap();
        assert_eq!(game.status(), Status::Ongoing);
    }
    assert_eq!(
        game.position().to_string(),
        "0,0,0,0,0,1/0,0,0,0,0,1 17-17 S"
    );
    game.play(mv("f")).unwrap();
    assert_eq!(
        game.position().to_string(),
        "0,0,0,0,0,0/1,0,0,0,0,1 17-17 N"
    );
    assert_eq!(game.status(), Status::Ongoing);
    game.play(mv("f")).unwrap();
    assert_eq!(
        game.position().to_string(),
        "1,0,0,0,0,0/1,0,0,0,0,0 17-17 S"
    );
    assert!(game.is_repetition());
    assert_eq!(game.status(), repeated(18, 18, None, 0));
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play(mv("a")), Err(IllegalMove::GameOver));
    assert_eq!(game.moves().len(), 12);
    // Taking the last move back reopens the game.
    assert_eq!(game.undo(), Some(mv("f")));
    assert!(!game.is_repetition());
    assert_eq!(game.status(), Status::Ongoing);
}

#[test]
fn rule6_each_player_takes_their_own_row() {
    // Two seeds for South, one for North, all circulating; after 12 plies the start
    // comes back: South takes the 2 seeds of its row, North the 1 of its row.
    let start = p6("1,0,1,0,0,0/1,0,0,0,0,0 17-16 S");
    let mut game = Game::new(start);
    for m in ["a", "a", "c", "b", "b", "c", "d", "d", "e", "e", "f", "f"] {
        assert_eq!(game.status(), Status::Ongoing);
        game.play(mv(m)).unwrap();
    }
    assert_eq!(game.position(), &start);
    assert!(game.is_repetition());
    assert_eq!(game.status(), repeated(19, 17, Some(Player::South), 1));
}

#[test]
fn rule6_the_history_starts_afresh_after_a_capture() {
    let mut game = Game::new(p6("3,3,3,3,3,2/1,1,3,3,3,3 2-3 S"));
    game.play(mv("f")).unwrap(); // captures North's b and a
    assert_eq!(game.position().stores(), ByPlayer::new(6, 3));
    assert_eq!(game.since_last_capture(), &[*game.position()]);
    game.play(mv("c")).unwrap();
    assert_eq!(game.since_last_capture().len(), 2);
    assert_eq!(game.positions().len(), 3);
    // Undoing the capture restores the history from the start.
    game.undo();
    game.undo();
    assert_eq!(game.since_last_capture().len(), 1);
    assert_eq!(game.position(), game.start());
}

#[test]
fn rule6_a_record_refuses_illegal_moves_and_stays_unchanged() {
    let mut game = Game::new(p6("0,0,0,2,0,1/0,0,0,0,0,0 16-17 S"));
    let before = game.clone();
    assert_eq!(game.play(mv("d")), Err(IllegalMove::MustFeed));
    assert_eq!(game.play(mv("a")), Err(IllegalMove::EmptyPit { pit: 'a' }));
    assert_eq!(game.play(mv("g")), Err(IllegalMove::NoSuchPit { pit: 'g' }));
    assert_eq!(game, before);
    assert_eq!(game.undo(), None);
}

// Rule 7: game points.

#[test]
fn rule7_thresholds_at_every_edge_of_every_total() {
    // (total, least for 1 point, least for 2 points)
    for (t, one, two) in [(36, 19, 27), (42, 22, 32), (48, 25, 36), (56, 29, 42)] {
        for (mine, points) in [(t, 2), (two, 2), (two - 1, 1), (one, 1)] {
            let o = outcome_from_totals(ByPlayer::new(mine, t - mine));
            assert_eq!(
                (o.winner, o.points),
                (Some(Player::South), points),
                "{mine} of {t}"
            );
            let o = outcome_from_totals(ByPlayer::new(t - mine, mine));
            assert_eq!(
                (o.winner, o.points),
                (Some(Player::North), points),
                "{mine} of {t}"
            );
        }
        let draw = outcome_from_totals(ByPlayer::new(t / 2, t / 2));
        assert_eq!((draw.winner, draw.points), (None, 0), "half of {t}");
        assert_eq!(urim::two_points_from(t), two);
        assert_eq!(one, t / 2 + 1);
    }
}

#[test]
fn rule7_points_of_finished_positions_in_every_variant() {
    // South to move with an empty row: North takes its row (rule 5).
    let cases = [
        (
            "0,0,0,0,0,0/9,0,0,0,0,0 9-18 S",
            (9, 27),
            Some(Player::North),
            2,
        ),
        (
            "0,0,0,0,0,0/8,0,0,0,0,0 10-18 S",
            (10, 26),
            Some(Player::North),
            1,
        ),
        ("0,0,0,0,0,0/0,0,0,0,0,0 24-24 S", (24, 24), None, 0),
        (
            "0,0,0,0,0,0/12,0,0,0,0,0 12-24 S",
            (12, 36),
            Some(Player::North),
            2,
        ),
        (
            "0,0,0,0,0,0/11,0,0,0,0,0 13-24 S",
            (13, 35),
            Some(Player::North),
            1,
        ),
    ];
    for (s, (a, b), w, pts) in cases {
        assert_eq!(p6(s).status(), over(a, b, w, pts), "{s}");
    }
    let cases = [
        (
            "0,0,0,0,0,0,0/2,0,0,0,0,0,0 10-30 S",
            (10, 32),
            Some(Player::North),
            2,
        ),
        (
            "0,0,0,0,0,0,0/1,0,0,0,0,0,0 11-30 S",
            (11, 31),
            Some(Player::North),
            1,
        ),
        ("0,0,0,0,0,0,0/0,0,0,0,0,0,0 21-21 S", (21, 21), None, 0),
        (
            "0,0,0,0,0,0,0/0,0,0,0,0,0,0 27-29 S",
            (27, 29),
            Some(Player::North),
            1,
        ),
        (
            "0,0,0,0,0,0,0/2,0,0,0,0,0,0 14-40 S",
            (14, 42),
            Some(Player::North),
            2,
        ),
        (
            "0,0,0,0,0,0,0/1,0,0,0,0,0,0 15-40 S",
            (15, 41),
            Some(Player::North),
            1,
        ),
        ("0,0,0,0,0,0,0/0,0,0,0,0,0,0 28-28 N", (28, 28), None, 0),
        (
            "0,0,0,0,0,0,0/0,0,0,0,0,0,0 29-27 N",
            (29, 27),
            Some(Player::South),
            1,
        ),
    ];
    for (s, (a, b), w, pts) in cases {
        assert_eq!(p7(s).status(), over(a, b, w, pts), "{s}");
    }
}

// Rule 8: the match.

/// Plays the first legal move until the current game ends.
fn finish_game<const N: usize>(m: &mut Match<N>) {
    while m.game().outcome().is_none() {
        let mv = m.game().legal_moves()[0];
        m.play(mv, None).unwrap();
    }
}

#[test]
fn rule8_games_alternate_who_starts_until_the_target() {
    let mut m = Match::<6>::start(Player::South).with_target(3).unwrap();
    assert_eq!(m.target(), 3);
    let mut starters = vec![];
    loop {
        starters.push(m.first_player());
        assert_eq!(m.game().start().side_to_move(), m.first_player());
        assert_eq!(m.next_game(None), Err(MatchError::GameInProgress));
        finish_game(&mut m);
        if m.is_finished() {
            break;
        }
        m.next_game(None).unwrap();
        assert!(starters.len() < 100, "the match never ends");
    }
    for pair in starters.windows(2) {
        assert_ne!(pair[0], pair[1]);
    }
    // The points are the sum of the games' points; the winner reached the target.
    let mut sum = ByPlayer::new(0u16, 0u16);
    for o in m.results() {
        if let Some(w) = o.winner {
            sum[w] += u16::from(o.points);
        }
    }
    assert_eq!(m.score(), sum);
    let w = m.winner().unwrap();
    assert!(m.score()[w] >= 3);
    assert!(m.score()[w.opponent()] < 3);
    assert_eq!(m.next_game(None), Err(MatchError::MatchOver { winner: w }));
    assert_eq!(m.results().len(), starters.len());
}

#[test]
fn rule8_defaults_and_choices() {
    let m = Match::<7>::start_with(4, Player::South).unwrap();
    assert_eq!(m.target(), 10);
    assert_eq!(m.game().start().total(), 56);
    assert_eq!(m.first_player(), Player::South);
    let m = Match::<7>::start_with(4, Player::North).unwrap();
    assert_eq!(m.game().position().side_to_move(), Player::North);
    assert_eq!(
        Match::<6>::start(Player::South).with_target(0).unwrap_err(),
        MatchError::ZeroTarget
    );
    assert_eq!(
        Match::<6>::start_with(2, Player::South).unwrap_err(),
        SetupError::SeedsPerPit { seeds: 2 }
    );
}

// Checked play.

#[test]
fn checked_play_names_the_reason_and_leaves_the_position() {
    let p = p6("3,0,3,3,3,3/3,3,3,3,3,3 3-0 S");
    for (m, e) in [
        ("b", IllegalMove::EmptyPit { pit: 'b' }),
        ("g", IllegalMove::NoSuchPit { pit: 'g' }),
    ] {
        let mut q = p;
        assert_eq!(q.play(mv(m)), Err(e));
        assert_eq!(q, p);
        assert!(!p.is_legal(mv(m)));
    }
    // g exists on 2×7.
    assert!(Urim7::new().is_legal(mv("g")));
}

#[test]
fn checked_play_of_a_pit_beyond_the_board_is_refused() {
    // Every `Move` names a pit a..g; on a 2×6 board g is refused, never a panic.
    let start = Urim::<6>::start_with(3, Player::South).unwrap();
    let g = Move::from_u8(6).unwrap();
    let mut p = start;
    assert_eq!(p.check_move(g), Err(IllegalMove::NoSuchPit { pit: 'g' }));
    assert_eq!(p.play(g), Err(IllegalMove::NoSuchPit { pit: 'g' }));
    assert_eq!(p, start);
    assert_eq!(p.after(g), Err(IllegalMove::NoSuchPit { pit: 'g' }));
    // Nor is there any move past g.
    assert_eq!(Move::from_u8(7), None);
    assert_eq!(Move::from_u8(200), None);
    // The record and the match refuse it too, unchanged.
    let mut game = Game::new(start);
    assert_eq!(game.play(g), Err(IllegalMove::NoSuchPit { pit: 'g' }));
    assert_eq!(game, Game::new(start));
    let mut m = Match::<6>::start(Player::South);
    let before = m.clone();
    assert_eq!(
        m.play(g, None),
        Err(IllegalMove::NoSuchPit { pit: 'g' }.into())
    );
    assert_eq!(m, before);
    assert_eq!(
        IllegalMove::NoSuchPit { pit: 'g' }.to_string(),
        "there is no pit g on this board"
    );
}

// Notation.

#[test]
fn notation_round_trips_and_moves_are_letters() {
    for s in [
        "3,3,3,3,3,3/3,3,3,3,3,3 0-0 S",
        "17,0,0,0,0,1/0,2,0,0,0,0 9-7 N",
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N",
    ] {
        assert_eq!(p6(s).to_string(), s);
        assert_eq!(s.parse::<Setup<6>>().unwrap().to_string(), s);
    }
    let s = "0,0,0,0,0,0,0/0,0,0,0,0,0,17 20-19 N";
    assert_eq!(p7(s).to_string(), s);
    for (i, c) in "abcdefg".chars().enumerate() {
        let m: Move = c.to_string().parse().unwrap();
        assert_eq!(m.index(), i);
        assert_eq!(m.letter(), c);
        assert_eq!(Move::from_index(i), Some(m));
    }
    assert_eq!(Move::from_index(7), None);
    assert_eq!("".parse::<Move>(), Err(NotationError::Empty));
    assert!(matches!(
        "ab".parse::<Move>(),
        Err(NotationError::BadMove { .. })
    ));
    assert_eq!(
        "h".parse::<Move>(),
        Err(NotationError::BadPitLetter {
            letter: 'h',
            pits: 7
        })
    );
    // Upper case reads as lower case; past the row it is refused as given.
    assert_eq!("A".parse::<Move>(), "a".parse::<Move>());
    assert_eq!(
        "H".parse::<Move>(),
        Err(NotationError::BadPitLetter {
            letter: 'H',
            pits: 7
        })
    );
}

#[test]
fn notation_refuses_bad_input_with_a_clear_error() {
    use NotationError as E;
    let cases: [(&str, ParsePositionError); 9] = [
        ("", E::Empty.into()),
        (
            "3,3,3,3,3/3,3,3,3,3 6-0 S",
            E::PitCount {
                row: "South's row",
                expected: 6,
                found: 5,
            }
            .into(),
        ),
        (
            "3,3,3,3,3,3/3,3,3,3,3,3,3 0-0 S",
            E::RowLengths {
                first: 6,
                second: 7,
            }
            .into(),
        ),
        (
            "3,3,3,3,3,3 0-0 S",
            E::RowCount {
                expected: 2,
                found: 1,
            }
            .into(),
        ),
        (
            "3,3,3,3,3,3/3,3,x,3,3,3 0-0 S",
            E::ClosedPit {
                row: "North's row",
                pit: 'c',
            }
            .into(),
        ),
        (
            "3,3,3,3,3,3/3,3,3,three,3,3 0-0 S",
            E::NotANumber {
                row: "North's row",
                pit: 'd',
            }
            .into(),
        ),
        ("3,3,3,3,3,3/3,3,3,3,3,3 0-0 W", E::BadSide.into()),
        (
            "18,0,3,3,3,3/3,3,3,0,0,0 0-0 S",
            ParsePositionError::Setup(SetupError::OverCap {
                player: Player::South,
                pit: 'a',
                seeds: 18,
                cap: 17,
            }),
        ),
        (
            "3,3,3,3,3,3/3,3,3,3,3,3 1-0 S",
            ParsePositionError::Setup(SetupError::SeedTotal { pits: 6, found: 37 }),
        ),
    ];
    for (s, e) in cases {
        assert_eq!(s.parse::<Urim6>(), Err(e), "{s:?}");
    }
    assert_eq!(
        "18,0,3,3,3,3/3,3,3,0,0,0 0-0 S"
            .parse::<Urim6>()
            .unwrap_err()
            .to_string(),
        "South's pit a holds 18 seeds, the limit is 17"
    );
    assert_eq!(
        "3,3,3,3,3,3/3,3,3,3,3,3 1-0 S"
            .parse::<Urim6>()
            .unwrap_err()
            .to_string(),
        "the seeds add up to 37; urim on 2×6 pits is played with 36 or 48"
    );
    // The 2×7 totals are 42 and 56; 48 is a 2×6 total.
    assert!(matches!(
        "4,4,4,4,4,4,4/4,4,4,4,4,4,0 4-0 S".parse::<Urim7>(),
        Err(ParsePositionError::Setup(SetupError::SeedTotal {
            found: 56,
            ..
        })) | Ok(_)
    ));
    assert!(
        "3,3,3,3,3,3,3/3,3,3,3,3,3,3 6-0 S"
            .parse::<Urim7>()
            .is_err()
    );
    assert!("0-0 S 3,3,3,3,3,3/3,3,3,3,3,3".parse::<Urim6>().is_err());
    assert!("3,3,3,3,3,3/3,3,3,3,3,3 0-0".parse::<Urim6>().is_err());
    assert!("3,3,3,3,3,3/3,3,3,3,3,3 0:0 S".parse::<Urim6>().is_err());
}

#[test]
fn setups_validate_into_positions() {
    let mut s = Setup::<6>::start(3, Player::North);
    assert_eq!(s.total(), 36);
    s.pits.south[5] = 0;
    s.stores.north = 3;
    let p: Urim6 = s.try_into().unwrap();
    assert_eq!(p.to_setup(), s);
    assert_eq!(Urim6::from_setup(s), Ok(p));
    s.stores.north = 4;
    assert_eq!(
        Urim6::from_setup(s),
        Err(SetupError::SeedTotal { pits: 6, found: 37 })
    );
    assert_eq!(
        Urim6::try_from(s),
        Err(SetupError::SeedTotal { pits: 6, found: 37 })
    );
    let s = Setup::<7>::start(4, Player::South);
    assert_eq!(
        Urim7::from_setup(s).unwrap(),
        Urim7::start_with(4, Player::South).unwrap()
    );
    assert!(Urim7::from_setup(Setup::<7>::start(5, Player::South)).is_err());
    // The standard start (the core's two-row setup has no `Default`: the seeds per pit
    // are the game's).
    assert_eq!(Setup::<6>::start(3, Player::South), Urim6::new().to_setup());
    assert_eq!(Setup::<7>::start(3, Player::South), Urim7::new().to_setup());
    // A pit over 17 in a setup built by hand.
    let mut s = Setup::<6>::start(3, Player::South);
    s.pits.north = [18, 0, 0, 0, 0, 0];
    assert_eq!(
        Urim6::from_setup(s),
        Err(SetupError::OverCap {
            player: Player::North,
            pit: 'a',
            seeds: 18,
            cap: 17,
        })
    );
    assert_eq!(urim::row_length("1,2,3/4,5,6 0-0 S"), Some(3));
}
