//! Every game and variant driven through the runtime object ([`AnyGame`]) against the
//! concrete types, set up here by hand from each crate's own constructors, on random
//! games: the same legal moves, positions, statuses and boards after every move, the
//! same positions on the way back with undo, and bad moves refused with the game
//! unchanged.

use mancala_core::record::{MoveOf, Record};
use mancala_core::{Player, Position};
use mancala_runtime::{AnyGame, Error, GameMove, GameRecord, Variant, files};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays `games` random games of `variant` through [`AnyGame`] and through the
/// concrete record `start`, comparing them at every ply.
fn check<R: GameRecord>(variant: &str, start: R, games: usize) {
    let v: Variant = variant.parse().unwrap_or_else(|e| panic!("{variant}: {e}"));
    assert_eq!(
        v.to_string().parse::<Variant>().as_ref(),
        Ok(&v),
        "{variant}"
    );
    let mut rng = ChaCha8Rng::seed_from_u64(variant.len() as u64);
    for g in 0..games {
        let mut any = AnyGame::with_lot(&v, 0);
        let mut concrete = start.clone();
        let mut trail = vec![concrete.position().to_string()];
        for ply in 0..300 {
            let at = format!("{variant}, game {g}, ply {ply}");
            assert_eq!(any.notation(), concrete.position().to_string(), "{at}");
            assert_eq!(any.status(), concrete.status(), "{at}");
            assert_eq!(any.board(), concrete.position().board(), "{at}");
            assert_eq!(
                any.side_to_move(),
                concrete.position().side_to_move(),
                "{at}"
            );
            let legal: Vec<String> = concrete
                .legal_moves()
                .into_iter()
                .map(|m| m.to_string())
                .collect();
            assert_eq!(any.legal_moves_text(), legal, "{at}");
            if concrete.status().is_finished() || legal.is_empty() {
                assert!(any.is_finished(), "{at}");
                break;
            }
            // A move of the game that is not legal here is refused, the game unchanged.
            if let Some(bad) = (0..8u8)
                .map(|i| i as char)
                .map(|i| ((b'a' + i as u8) as char).to_string())
                .find(|t| !legal.contains(t) && any.parse_move(t).is_ok())
            {
                let before = any.notation();
                let err = any.play_text(&bad).unwrap_err();
                assert!(matches!(err, Error::IllegalMove(_)), "{at}: {err:?}");
                assert_eq!(any.notation(), before, "{at}");
                assert_eq!(any.ply(), ply, "{at}");
            }
            let text = &legal[rng.random_range(0..legal.len())];
            let m = any
                .play_text(text)
                .unwrap_or_else(|e| panic!("{at}: {text}: {e}"));
            assert_eq!(&m.to_string(), text, "{at}");
            let cm: MoveOf<R> = text.parse().unwrap();
            assert_eq!(GameMove::to_any(cm), m, "{at}");
            concrete.play(cm).unwrap();
            trail.push(concrete.position().to_string());
        }
        assert_eq!(any.moves_text().len(), trail.len() - 1);
        // Back to the start, one ply at a time, through the same positions.
        trail.pop();
        while let Some(expected) = trail.pop() {
            assert!(any.undo().is_some());
            assert_eq!(any.notation(), expected, "{variant}, game {g}, undo");
        }
        assert_eq!(any.undo(), None);
        assert_eq!(any.notation(), start.position().to_string());
    }
}

#[test]
fn every_variant_plays_as_its_concrete_type() {
    use Player::South;
    for seeds in [3, 4] {
        check(
            &format!("urim pits=6 seeds={seeds}"),
            urim::Game::<6>::new(urim::Urim::start_with(seeds, South).unwrap()),
            12,
        );
        check(
            &format!("urim pits=7 seeds={seeds}"),
            urim::Game::<7>::new(urim::Urim::start_with(seeds, South).unwrap()),
            12,
        );
    }
    for (text, rules, first) in [
        ("omweso", omweso::Rules::default(), South),
        (
            "omweso two-captures-first",
            omweso::Rules {
                two_captures_first: true,
            },
            South,
        ),
        (
            "omweso north-first",
            omweso::Rules::default(),
            Player::North,
        ),
    ] {
        check(
            text,
            omweso::Game::new(omweso::Omweso::start_with(rules, first)),
            8,
        );
    }
    check(
        "rio-kadalis",
        rio_kadalis::Game::<6, false>::new(rio_kadalis::RioKadalis::start(South)),
        12,
    );
    check(
        "rio-kadalis clockwise",
        rio_kadalis::Game::<6, true>::new(rio_kadalis::RioKadalis::start(South)),
        12,
    );
    check(
        "rio-kadalis pits=5",
        rio_kadalis::Game::<5, false>::new(rio_kadalis::RioKadalis::start(South)),
        12,
    );
    check(
        "rio-kadalis pits=5 clockwise",
        rio_kadalis::Game::<5, true>::new(rio_kadalis::RioKadalis::start(South)),
        12,
    );
    for seeds in [4, 3] {
        check(
            &format!("oware seeds={seeds}"),
            oware::Game::new(oware::Oware::start_with(seeds, South).unwrap()),
            12,
        );
    }
    for (pits, seeds, empty_capture, mover_empty) in [
        (6, 4, false, false),
        (6, 4, true, false),
        (6, 3, false, true),
        (4, 3, true, true),
        (1, 1, false, false),
        (10, 2, false, false),
    ] {
        let rules = kalah::Rules {
            pits,
            empty_capture,
            ending: if mover_empty {
                kalah::Ending::MoverEmpty
            } else {
                kalah::Ending::AnySideEmpty
            },
        };
        let mut text = format!("kalah pits={pits} seeds={seeds}");
        if empty_capture {
            text += " empty-capture";
        }
        if mover_empty {
            text += " mover-empty";
        }
        check(
            &text,
            kalah::Game::new(kalah::Kalah::start_with(rules, seeds, South).unwrap()),
            8,
        );
    }
}

#[test]
fn variants_refuse_what_their_game_does_not_have() {
    for (text, message) in [
        (
            "urim pits=8",
            "pits: urim is played on rows of 6 or 7 pits, not 8",
        ),
        (
            "urim seeds=5",
            "seeds: urim is played with 3 or 4 seeds per pit, not 5",
        ),
        ("urim clockwise", "urim has no option clockwise"),
        ("omweso pits=8", "omweso has no pits or seeds options"),
        (
            "omweso north-first by-lot",
            "choose north-first or by-lot, not both",
        ),
        (
            "rio-kadalis pits=7",
            "rio-kadalis has 5 or 6 holes per row, not 7",
        ),
        ("rio-kadalis seeds=4", "rio-kadalis has no seeds option"),
        ("oware pits=7", "oware is played on rows of 6 pits"),
        (
            "oware seeds=5",
            "oware is played with 4 or 3 seeds per pit, not 5",
        ),
        ("kalah pits=11", "pits, seeds:"),
        ("kalah pits=0", "pits, seeds:"),
        ("kalah clockwise", "kalah has no option clockwise"),
        ("chess", "unknown game \"chess\""),
        ("", "no game given"),
        ("urim pits=x", "pits: \"x\" is not a whole number"),
        (
            "urim fast",
            "urim has no option fast (its options: pits=N, seeds=S)",
        ),
    ] {
        let err = Error::from(text.parse::<Variant>().unwrap_err());
        assert!(matches!(err, Error::Variant(_)), "{text}: {err:?}");
        assert!(err.to_string().contains(message), "{text}: {err}");
    }
}

#[test]
fn positions_from_notation_give_their_variant() {
    let o = "";
    let g = AnyGame::from_notation(
        mancala_runtime::GameKind::Urim,
        "4,4,4,4,4,4,4/4,4,4,4,4,4,4 0-0 S",
        o,
    )
    .unwrap();
    assert_eq!(g.variant().to_string(), "urim pits=7 seeds=4");
    let g = AnyGame::from_notation(
        mancala_runtime::GameKind::RioKadalis,
        &AnyGame::new(&"rio-kadalis pits=5".parse().unwrap()).notation(),
        o,
    )
    .unwrap();
    assert_eq!(g.variant().to_string(), "rio-kadalis pits=5");
    // Options that disagree with the position, or that it does not take.
    let seven = "pits=6";
    let err = AnyGame::from_notation(
        mancala_runtime::GameKind::Urim,
        "4,4,4,4,4,4,4/4,4,4,4,4,4,4 0-0 S",
        seven,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "pits=6 disagrees with the position, whose rows have 7 pits"
    );
    let err = AnyGame::from_notation(mancala_runtime::GameKind::Oware, "nonsense", o).unwrap_err();
    assert!(matches!(err, Error::Position(_)), "{err:?}");
}

#[test]
fn game_files_keep_the_variant_and_every_move() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for text in [
        "urim pits=7 seeds=4",
        "omweso two-captures-first",
        "rio-kadalis pits=5 clockwise",
        "oware seeds=3",
        "kalah pits=5 seeds=3 empty-capture mover-empty",
    ] {
        let v: Variant = text.parse().unwrap();
        let mut game = AnyGame::with_lot(&v, 0);
        for _ in 0..30 {
            let legal = game.legal_moves();
            if game.is_finished() || legal.is_empty() {
                break;
            }
            game.play(legal[rng.random_range(0..legal.len())]).unwrap();
        }
        let file = files::game_file(&game, "a", "b", Some("2026-12-01"));
        let back = files::replay(&file.to_string().parse().unwrap()).unwrap();
        assert_eq!(back.variant(), game.variant(), "{text}");
        assert_eq!(back.moves(), game.moves(), "{text}");
        assert_eq!(back.notation(), game.notation(), "{text}");
        assert_eq!(back.status(), game.status(), "{text}");
    }
}

#[test]
fn a_blitz_forfeit_is_kept_in_the_sessions_files() {
    use mancala_runtime::{MatchOptions, Session};
    use std::time::Duration;
    let options = MatchOptions {
        mode: Some(omweso::Mode::Blitz),
        ..MatchOptions::default()
    };
    let mut s = Session::whole_match(&"omweso".parse().unwrap(), &options).unwrap();
    let first = s.current().legal_moves()[0];
    s.play(first, Some(Duration::from_millis(500))).unwrap();
    assert_eq!(s.status(), mancala_core::Status::Ongoing);
    // Rule 9: a move over 3 seconds in blitz play loses the game.
    let second = s.current().legal_moves()[0];
    s.play(second, Some(Duration::from_secs(4))).unwrap();
    let status = s.status();
    let o = status.outcome().expect("the game is over");
    assert_eq!(o.reason, omweso::end::FORFEIT);
    assert_eq!(o.winner, Some(Player::South));
    let files = s.game_files("a", "b");
    assert_eq!(files.len(), 1);
    let result = files[0].tag("Result").unwrap();
    assert!(result.ends_with("forfeit"), "{result}");
    // The move over time is not played: the game ends before it. The file replays,
    // its moves leaving the game going on, as a forfeit does.
    let back = files::replay(&files[0].to_string().parse().unwrap()).unwrap();
    assert_eq!(back.moves(), vec![first]);
    // Any other result that the moves do not reach is refused.
    let mut wrong = files[0].clone();
    wrong.set_tag("Result", "annulled");
    assert!(files::replay(&wrong).is_err());
}

#[test]
fn the_words_for_a_beheading_name_its_condition() {
    let o = "";
    // Hand-counted in crates/omweso/tests/rules.rs: North's c takes both of South's end
    // columns; South's a empties North's inner row and takes both end columns.
    let mut corners = AnyGame::from_notation(
        mancala_runtime::GameKind::Omweso,
        "4,9,1,0,0,0,1,9/2,4,0,2,3,1,0,2/5,2,2,5,0,0,0,1/1,0,1,2,1,2,2,2 N snc 12-9",
        o,
    )
    .unwrap();
    corners.play_text("c").unwrap();
    assert_eq!(
        corners.describe_status(),
        "North wins 2 points by beheading (rule 7): North's captures took South's four corner pits"
    );
    let mut both = AnyGame::from_notation(
        mancala_runtime::GameKind::Omweso,
        "6,4,1,0,0,1,1,0/1,0,1,3,0,1,0,2/11,0,5,4,0,0,0,4/1,3,2,2,1,1,1,8 S snc 10-15",
        o,
    )
    .unwrap();
    both.play_text("a").unwrap();
    assert_eq!(
        both.describe_status(),
        "South wins 2 points by beheading (rule 7): South's captures emptied North's inner row and took its four corner pits"
    );
}

#[test]
fn play_sowing_returns_the_steps_and_refuses_as_play_does() {
    use mancala_runtime::{PitId, Session, SowEvent};
    // Oware's start, South's c: 4 seeds into d, e, f and North's a.
    let mut g = AnyGame::new(&"oware".parse().unwrap());
    let c = g.parse_move("c").unwrap();
    let events = g.play_sowing(c).unwrap();
    let drops: Vec<PitId> = events
        .iter()
        .filter_map(|e| match e {
            SowEvent::Drop { pit } => Some(*pit),
            _ => None,
        })
        .collect();
    let (s, n) = (Player::South, Player::North);
    assert_eq!(
        drops,
        [
            PitId::new(s, 3),
            PitId::new(s, 4),
            PitId::new(s, 5),
            PitId::new(n, 0)
        ]
    );
    assert_eq!(g.notation(), "4,4,0,5,5,5/5,4,4,4,4,4 0-0 N");
    // An empty pit (South's c, after North's c) is refused in the words of `play`, and
    // nothing changes.
    let mut h = g.clone();
    h.play_text("c").unwrap();
    let c = h.parse_move("c").unwrap();
    let e1 = h.play_sowing(c).unwrap_err().to_string();
    let e2 = h.clone().play(c).unwrap_err().to_string();
    assert_eq!(e1, e2);
    assert!(e1.contains("empty"), "{e1}");
    assert_eq!(h.ply(), 2);
    // An endless Omweso move (219 laps to prove) reports nothing and annuls the game.
    let text = "0,1,0,1,0,1,4,3/3,2,3,2,1,0,1,2/0,0,0,0,0,0,0,0/7,4,4,3,5,6,6,5 S n 0-0";
    let mut o = AnyGame::from_notation(mancala_runtime::GameKind::Omweso, text, "").unwrap();
    let j = o.parse_move("j").unwrap();
    assert_eq!(o.play_sowing(j).unwrap(), []);
    assert_eq!(o.status(), mancala_core::Status::Annulled);
    // A session's match plays and reports the same way.
    let mut m = Session::whole_match(
        &"urim".parse().unwrap(),
        &mancala_runtime::MatchOptions::default(),
    )
    .unwrap();
    let first = m.current().side_to_move();
    let a = m.current().parse_move("a").unwrap();
    let events = m.play_sowing(a, None).unwrap();
    assert_eq!(
        events[1],
        SowEvent::Lift {
            pit: PitId::new(first, 0),
            seeds: 3
        }
    );
    assert_eq!(m.current().ply(), 1);
}
