//! The page's game on the host: every answer the page reads, every error it shows.

use mancala_web::{Bot, Table, variant_texts};

#[test]
fn every_menu_variant_starts_and_plays_a_move() {
    let all = variant_texts();
    assert!(all.len() >= 15, "{all:?}");
    for v in &all {
        let mut t = Table::new(v).unwrap();
        let state = t.state_json();
        assert!(state.contains("\"status\":\"ongoing\""), "{v}: {state}");
        let first = t.game().legal_moves_text()[0].clone();
        assert_eq!(t.play(&first).unwrap(), first);
        assert_eq!(t.undo().unwrap().as_deref(), Some(first.as_str()));
    }
}

#[test]
fn a_bad_move_leaves_the_game_unchanged_with_the_library_s_words() {
    let mut t = Table::new("rio-kadalis pits=5").unwrap();
    let before = t.state_json();
    let err = t.play("z").unwrap_err();
    assert!(err.contains("there is no pit z"), "{err}");
    assert_eq!(t.state_json(), before);
    assert!(
        Table::new("urim pits=8")
            .unwrap_err()
            .contains("6 or 7 pits")
    );
    assert!(Table::from_notation("oware", "1,2,3").is_err());
    assert!(Table::open_file("garbage [").is_err());
    assert!(Bot::new("alphabeta:deep", "oware", 0).is_err());
}

#[test]
fn the_state_names_the_board_of_each_game() {
    let t = Table::new("omweso").unwrap();
    let s = t.state_json();
    assert!(s.contains("\"rows\":2"), "{s}");
    assert!(s.contains("\"stores\":null"), "{s}");
    assert!(
        s.contains("{\"move\":\"i\",\"pit\":8,\"kind\":\"counter-clockwise\"}"),
        "{s}"
    );
    let t = Table::from_notation("rio-kadalis", "4,4,4,4,4,4/x,4,4,4,4,4 0-0 S").unwrap();
    let s = t.state_json();
    assert!(s.contains("[null,4,4,4,4,4]"), "{s}");
    assert!(s.contains("\"store_name\":\"captured\""), "{s}");
}

#[test]
fn a_game_against_the_engine_ends_in_words_and_its_file_replays() {
    for v in [
        "urim",
        "oware",
        "kalah pits=4 seeds=3",
        "rio-kadalis pits=5",
    ] {
        let mut t = Table::new(v).unwrap();
        let mut bot = Bot::new("alphabeta:3", v, 1).unwrap();
        for _ in 0..400 {
            let r = bot.search(&t).unwrap();
            let Some(best) = r
                .split("\"best\":\"")
                .nth(1)
                .map(|s| s[..s.find('"').unwrap()].to_string())
            else {
                break;
            };
            t.play(&best).unwrap();
        }
        let s = t.state_json();
        assert!(!s.contains("\"status\":\"ongoing\""), "{v}: {s}");
        let file = t.game_file("me", "engine", "2026-12-01");
        let back = Table::open_file(&file).unwrap();
        assert_eq!(back.notation(), t.notation());
        let moves = t.game().moves_text().join(" ");
        let again = Table::from_moves(v, "", &moves).unwrap();
        assert_eq!(again.notation(), t.notation());
    }
}

#[test]
fn a_match_scores_its_games() {
    let mut t = Table::new_match("urim", 2, 0).unwrap();
    assert!(t.state_json().contains("\"match\":{\"score\":[0,0]"));
    assert!(t.next_game().is_err());
}

#[test]
fn an_omweso_decision_is_offered_as_two_moves_of_one_pit() {
    let mut seed = 12_345_u64;
    for _ in 0..200 {
        let mut t = Table::new("omweso").unwrap();
        for _ in 0..300 {
            let moves = t.game().legal_moves_text();
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            t.play(&moves[(seed >> 33) as usize % moves.len()]).unwrap();
            if let Some(pit) = t.game().pending_decision() {
                let s = t.state_json();
                let pit = pit.to_string();
                assert_eq!(
                    t.game().legal_moves_text(),
                    [pit.clone(), format!("{pit}-")]
                );
                assert!(s.contains("\"kind\":\"clockwise\""), "{s}");
                assert!(s.contains(&format!("\"pending\":\"{pit}\"")), "{s}");
                println!("a paused turn: {}", t.notation());
                return;
            }
        }
    }
    panic!("no decision in 200 random games");
}

#[test]
fn no_input_makes_the_page_s_game_panic() {
    // Words and pieces of the games' notations, put together at random: every call
    // answers, an error leaves the game as it was.
    let pieces = [
        "urim",
        "omweso",
        "kalah",
        "oware",
        "rio-kadalis",
        "pits=",
        "seeds=",
        "0",
        "7",
        "255",
        "99999",
        "x",
        ",",
        "/",
        " ",
        "-",
        "*",
        "S",
        "N",
        "snc",
        "a+2:r",
        "[Game \"oware\"]",
        "[Start \"",
        "\"]",
        "\n",
        "1.",
        "é",
        "\u{0}",
        "a",
        "p",
        "z",
        "clockwise",
    ];
    let mut seed = 99_u64;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % n
    };
    for _ in 0..3000 {
        let text: String = (0..next(8)).map(|_| pieces[next(pieces.len())]).collect();
        let _ = Table::new(&text);
        let _ = Table::new_match(&text, 3, 0);
        let _ = Table::from_notation("omweso", &text);
        let _ = Table::from_notation("rio-kadalis", &text);
        let _ = Table::from_moves("urim", "", &text);
        let _ = Table::open_file(&text);
        let _ = Bot::new(&text, "kalah", 0);
        let mut t = Table::new("omweso").unwrap();
        let before = t.state_json();
        if t.play(&text).is_err() {
            assert_eq!(t.state_json(), before);
        }
        let _ = t.is_slow_move(&text);
    }
}

#[test]
fn a_move_s_sowing_events_come_with_it_as_json() {
    // Kalah 4 pits, 3 seeds: South's b (3 seeds) sows c, d and South's store, and moves
    // again (K3).
    let mut t = Table::new("kalah pits=4 seeds=3").unwrap();
    let j = t.play_sowing("b").unwrap();
    assert_eq!(
        j,
        concat!(
            r#"{"move":"b","events":["#,
            r#"{"kind":"lap","player":"S","pit":1,"dir":"ccw","why":"move"},"#,
            r#"{"kind":"lift","player":"S","pit":1,"seeds":3},"#,
            r#"{"kind":"drop","player":"S","pit":2},"#,
            r#"{"kind":"drop","player":"S","pit":3},"#,
            r#"{"kind":"store","player":"S"}]}"#
        )
    );
    assert_eq!(t.notation(), "3,0,4,4/3,3,3,3 1-0 S");
    // A bad move: the library's words, the game unchanged.
    let before = t.state_json();
    assert!(t.play_sowing("b").unwrap_err().contains("empty"));
    assert_eq!(t.state_json(), before);
    // Rio Kadalis: North's closed a passed over, and the four made in North's b with a
    // stone still in hand goes to North, the row's owner (rule 2).
    let mut t = Table::from_notation("rio-kadalis", "0,0,0,0,0,2/x,3,0,0,0,0 0-0 S").unwrap();
    let j = t.play_sowing("f").unwrap();
    assert!(j.contains(r#"{"kind":"pass","player":"N","pit":0}"#), "{j}");
    assert!(
        j.contains(r#"{"kind":"capture","player":"N","pit":1,"seeds":4,"to":"N"}"#),
        "{j}"
    );
}

#[test]
fn each_ply_says_what_it_did() {
    // Kalah 6×4: South's c (4 seeds) sows d, e, f and the store: an extra turn (K3);
    // then f (5 seeds) sows the store and North's a–d: North to move.
    let mut t = Table::new("kalah").unwrap();
    t.play("c").unwrap();
    t.play("f").unwrap();
    let h = t.history_json();
    assert_eq!(
        h,
        concat!(
            r#"[{"move":"c","side":"S","captured":[0,0],"from":{"player":"S","pit":2},"last":{"player":"S","pit":5},"extra":true,"decision":false},"#,
            r#"{"move":"f","side":"S","captured":[0,0],"from":{"player":"S","pit":5},"last":{"player":"N","pit":3},"extra":false,"decision":false}]"#
        )
    );
    // Urim: South's f (2 seeds) makes North's a and b 3 each, both captured (rule 4).
    let mut t = Table::from_notation("urim", "3,3,3,3,3,2/2,2,3,3,3,3 3-0 S").unwrap();
    t.play("f").unwrap();
    assert!(
        t.history_json().contains(r#""captured":[6,0]"#),
        "{}",
        t.history_json()
    );
    // A game set up from a position: its plies from there.
    assert!(t.history_json().starts_with(r#"[{"move":"f","side":"S""#));
}

#[test]
fn the_end_is_said_in_words_with_its_rule_and_totals() {
    // Kalah: South's f (1 seed) goes into the store and empties South's side; North
    // adds its 3 seeds: 24 + 1 = 25 against 20 + 3 = 23 (K5).
    let mut t = Table::from_notation("kalah", "0,0,0,0,0,1/0,0,0,0,1,2 24-20 S").unwrap();
    assert!(t.page_json().contains(r#""ending":null"#));
    t.play("f").unwrap();
    let p = t.page_json();
    for part in [
        r#""headline":"South wins 25 to 23""#,
        r#""rule":"K5""#,
        r#""totals":[25,23]"#,
        r#""winner":"S""#,
    ] {
        assert!(p.contains(part), "{part}: {p}");
    }
    assert!(!p.contains("wins 1 point"), "{p}");
    // Urim: North has no seeds to move (rule 5); South takes the 4 left: 30 to 6, 2 points.
    let t = Table::from_notation("urim", "1,0,0,0,0,3/0,0,0,0,0,0 26-6 N").unwrap();
    let p = t.page_json();
    for part in [
        r#""headline":"South wins 2 points, 30 to 6""#,
        "North has no seeds left to play, so South takes the 4 seeds left on the board.",
        r#""rule":"5""#,
    ] {
        assert!(p.contains(part), "{part}: {p}");
    }
    // Rio Kadalis says seeds, as the other games do.
    assert!(!p.contains("stone"));
}

#[test]
fn a_pasted_position_is_read_as_the_game_shown() {
    // A Kalah position of 8 pits and 5 seeds, pasted while a Kalah game of 6 is shown.
    let t = Table::from_pasted(
        "kalah pits=6 seeds=4",
        "5,5,5,5,5,5,5,5/5,5,5,5,5,5,5,5 0-0 S",
    )
    .unwrap();
    assert!(t.state_json().contains(r#""game":"kalah""#));
    // A 7-pit Urim position while a 6-pit game is shown.
    let t = Table::from_pasted("urim pits=6 seeds=3", "3,3,3,3,3,3,3/3,3,3,3,3,3,3 0-0 S").unwrap();
    assert!(
        t.state_json()
            .contains(r#""variant":"urim pits=7 seeds=3""#),
        "{}",
        t.state_json()
    );
    // Rio Kadalis keeps its direction.
    let t = Table::from_pasted(
        "rio-kadalis pits=6 clockwise",
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S",
    )
    .unwrap();
    assert!(t.page_json().contains(r#""direction":"cw""#));
    // Omweso keeps its rule option; Kalah's position writes its own.
    let start = Table::new("omweso").unwrap().notation();
    let t = Table::from_pasted("omweso two-captures-first", &start).unwrap();
    assert!(
        t.state_json()
            .contains(r#""variant":"omweso two-captures-first""#),
        "{}",
        t.state_json()
    );
    let t = Table::from_pasted(
        "kalah pits=6 seeds=4 empty-capture",
        "3,3,3,3/3,3,3,3 0-0 N empty-capture,mover-empty",
    )
    .unwrap();
    assert!(
        t.state_json()
            .contains(r#""variant":"kalah pits=4 seeds=3 empty-capture mover-empty""#),
        "{}",
        t.state_json()
    );
    assert!(Table::from_pasted("oware seeds=4", "1,2,3").is_err());
}

#[test]
fn the_engine_values_each_legal_move() {
    // Kalah 4 pits, 3 seeds: every legal move valued, best first.
    let t = Table::new("kalah pits=4 seeds=3").unwrap();
    let mut bot = Bot::new("alphabeta:4", "kalah pits=4 seeds=3", 1).unwrap();
    let j = bot.evaluate_moves(&t).unwrap();
    for m in ["\"a\"", "\"b\"", "\"c\"", "\"d\""] {
        assert!(j.contains(m), "{m}: {j}");
    }
    let values: Vec<i64> = j
        .split("\"value\":")
        .skip(1)
        .map(|s| s[..s.find('}').unwrap()].parse().unwrap())
        .collect();
    assert_eq!(values.len(), 4);
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
}
