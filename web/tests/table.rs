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
