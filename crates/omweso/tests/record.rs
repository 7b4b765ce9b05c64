//! Game records and matches (rules 8 and 9), why no decision repeats, and serde.

mod common;

use core::time::Duration;

use omweso::{
    ByPlayer, Game, IllegalMove, Match, MatchError, Mode, Omweso, Outcome, Player, Position,
    Record, Series, Status,
};

fn mv(s: &str) -> omweso::Move {
    s.parse().unwrap()
}

#[test]
fn game_plays_and_takes_back() {
    let mut g = Game::new(Omweso::new());
    g.play(mv("i")).unwrap();
    g.play(mv("k")).unwrap();
    assert_eq!(g.moves().len(), 2);
    let before = g.clone();
    assert_eq!(g.play(mv("a-")), Err(IllegalMove::EmptyPit { pit: 'a' }));
    assert_eq!(g, before, "a refused move changes nothing");
    assert_eq!(g.undo(), Some(mv("k")));
    assert_eq!(g.undo(), Some(mv("i")));
    assert_eq!(g.undo(), None);
    assert_eq!(g.position(), &Omweso::new());
    assert_eq!(g.positions().len(), 1);
}

#[test]
fn an_endless_move_annuls_the_game_in_the_record() {
    let text = "0,1,0,1,0,1,4,3/3,2,3,2,1,0,1,2/0,0,0,0,0,0,0,0/7,4,4,3,5,6,6,5 S n 0-0";
    let mut g = Game::new(text.parse().unwrap());
    g.play(mv("j")).unwrap();
    assert_eq!(g.status(), Status::Annulled);
    assert_eq!(g.position().to_string(), text);
    assert_eq!(g.play(mv("i")), Err(IllegalMove::GameOver));
    // Taking back the endless move goes on with the game.
    assert_eq!(g.undo(), Some(mv("j")));
    assert_eq!(g.status(), Status::Ongoing);
}

// The proof that a decision never repeats (referred to by the tests below).
//
// Rule 8, the part that needs history: "a decision point whose counter-clockwise
// choice leads back to the same mid-turn state is endless too if chosen again; the game
// record, which has the history, annuls it".
//
// No such state exists under these rules, so no test can play one (`docs/omweso.md`,
// "Repeated decision"). Suppose the mover chooses
// counter-clockwise at a paused state `P` (origin `o` in the left block, `n >= 2` seeds
// in hand) and the turn pauses at `P` again:
//
// 1. No capture happens in between: captured seeds leave the opponent's 16 pits for the
//    rest of the turn (sowing never leaves the mover's pits), and the turn's mark `c`
//    would differ. So every lap in between is a counter-clockwise relay (a clockwise
//    choice captures), and the opponent's pits, hence the capturable pits, do not change.
// 2. Each lap starts where the one before ended, so the laps from `P` back to `P` sow one
//    unbroken walk from the pit after `o` round to `o`: whole rounds, at least one. Every
//    pit of the mover receives a seed.
// 3. Every pit holds as many seeds at the second `P` as at the first, and a pit loses
//    seeds only by being lifted at the end of a lap that left it with 2 or more. So every
//    pit, `o` included, ends some lap with 2 or more, and there rule 4 is checked before
//    any relay or decision. No lap captured: no inner pit of the mover faces an opponent
//    column with seeds in both pits.
// 4. Then no clockwise lap can capture either, and `P` was not a decision (rule 5): a
//    contradiction.
//
// So the game record needs no check of its own: `Game` is the core's `Line`, which
// plays every move as the position does.
//
// `every_pit_ends_a_lap_of_an_endless_cycle` checks step 3 seed by seed on the endless
// layouts; `a_decision_never_comes_back_in_play` checks the conclusion with the crate on
// random games, and `decisions_never_come_back_in_many_games` on many more (CI's
// optimised run).

/// Looks for a paused state whose counter-clockwise choice leads back to it, and fails
/// if it finds one: none can exist (the proof above). 20,000 random games, some 70,000
/// paused states, about 20 s optimised; CI runs it in its long-tests build (200,000
/// games found none either, when this test was sized).
#[test]
#[ignore = "20,000 random games: CI runs it in the long-tests profile"]
fn decisions_never_come_back_in_many_games() {
    let mut rng = mancala_testkit::Rng::new(3);
    let mut paused = 0u64;
    let mut repeated = Vec::new();
    for _ in 0..20_000 {
        let start = common::random_start(&mut rng, omweso::Rules::default());
        mancala_testkit::random_game(&start, &mut rng, 300, |p| {
            if p.pending().is_none() {
                return;
            }
            paused += 1;
            let mut q = *p;
            for _ in 0..20 {
                let Some(d) = q.pending_decision() else {
                    return;
                };
                if q.is_finished() {
                    return;
                }
                q.play(d).unwrap();
                if q == *p {
                    repeated.push(p.to_string());
                    return;
                }
            }
        });
    }
    println!("{paused} paused states examined");
    assert!(paused > 50_000, "only {paused} paused states");
    assert!(
        repeated.is_empty(),
        "decisions that come back: {repeated:?}"
    );
}

/// Step 3 of the proof above, seed by seed and independent of the crate: in
/// the relay cycle of every endless layout found so far, each of the 16 pits ends a lap
/// with 2 or more seeds (and is lifted). So a cycle that never captures leaves no pit
/// capturable, and no decision can come up inside it.
#[test]
fn every_pit_ends_a_lap_of_an_endless_cycle() {
    let mut cycles = 0;
    for line in include_str!("endless_layouts.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split(' ').collect();
        let p: Omweso = fields[..4].join(" ").parse().unwrap();
        let m: omweso::Move = fields[4].parse().unwrap();
        let me = p.side_to_move();
        // The circuit in sowing order, i j k l m n o p h g f e d c b a.
        let mut c = p.circuit(me);
        let mut q = m.pit().circuit_index();
        let mut seen = std::collections::HashMap::new();
        let mut laps: Vec<usize> = Vec::new();
        let cycle = loop {
            assert!(laps.len() < 1_000_000, "{line}: no cycle");
            if let Some(&i) = seen.get(&(c, q)) {
                break &laps[i..];
            }
            seen.insert((c, q), laps.len());
            laps.push(q);
            let n = core::mem::take(&mut c[q]);
            for _ in 0..n {
                q = (q + 1) % 16;
                c[q] += 1;
            }
            assert!(c[q] >= 2, "{line}: the turn ends");
        };
        for pit in 0..16 {
            assert!(
                cycle.contains(&pit),
                "{line}: pit {} never ends a lap of the cycle",
                omweso::Pit::from_circuit_index(pit)
            );
        }
        cycles += 1;
    }
    assert!(cycles >= 40, "{cycles} layouts");
}

/// The conclusion of the proof above, with the crate, on random games: no paused
/// state comes back in its turn, and choosing counter-clockwise at every decision from a
/// paused state never leads back to it. The record plays each game exactly as the bare
/// position does.
#[test]
fn a_decision_never_comes_back_in_play() {
    let mut rng = mancala_testkit::Rng::new(11);
    let mut paused = 0u32;
    for _ in 0..300 {
        let start = common::random_start(&mut rng, omweso::Rules::default());
        let mut g = Game::new(start);
        let mut p = start;
        let mut this_turn: Vec<Omweso> = Vec::new();
        for _ in 0..300 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            if p.pending().is_some() {
                paused += 1;
                assert!(!this_turn.contains(&p), "{p} came back in its turn");
                this_turn.push(p);
                let mut q = p;
                for _ in 0..1_000 {
                    let Some(d) = q.pending_decision() else { break };
                    if q.status() != Status::Ongoing {
                        break;
                    }
                    q.play(d).unwrap();
                    assert_ne!(q, p, "counter-clockwise from {p} came back");
                }
            } else {
                this_turn.clear();
            }
            let m = moves[rng.below(moves.len())];
            g.play(m).unwrap();
            p.play(m).unwrap();
            assert_eq!(g.position(), &p);
        }
    }
    assert!(paused >= 500, "only {paused} paused states");
}

/// A decision taken back may be chosen again.
#[test]
fn a_decision_taken_back_may_be_chosen_again() {
    // docs/omweso.md, "A decision": South's e pauses at b.
    let text = "0,1,0,0,3,0,0,0/0,0,0,0,0,0,0,0/1,0,0,0,1,0,0,0/0,0,0,0,1,0,0,57 S sn 0-0";
    let mut g = Game::new(text.parse().unwrap());
    g.play(mv("e")).unwrap();
    assert_eq!(g.position().pending_decision(), Some(mv("b")));
    g.play(mv("b")).unwrap();
    let after = *g.position();
    assert_eq!(g.undo(), Some(mv("b")));
    g.play(mv("b")).unwrap();
    assert_eq!(g.position(), &after);
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn match_to_twelve_points() {
    // A grand slam wins the match at once.
    let slam = "0,0,0,0,0,0,1,0/56,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,0 S sn 0-0";
    let mut m = Match::from_position(Mode::Contract, slam.parse().unwrap());
    assert_eq!(
        m.next_game_from(Omweso::new()),
        Err(MatchError::GameInProgress)
    );
    let s = m.play(mv("p"), None).unwrap();
    assert_eq!(
        s,
        Status::Over(Outcome::new(Some(Player::South), 12).with_reason(omweso::end::GRAND_SLAM))
    );
    assert_eq!(m.score().south, 12);
    assert_eq!(m.winner(), Some(Player::South));
    assert_eq!(
        m.next_game_from(Omweso::new()),
        Err(MatchError::MatchOver {
            winner: Player::South
        })
    );
    assert_eq!(m.take_back(), Err(MatchError::TakeBackRefused));
}

#[test]
fn match_points_add_up_and_annulled_games_score_nothing() {
    let beheading = "0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,56 S sn 0-0";
    let endless = "0,1,0,1,0,1,4,3/3,2,3,2,1,0,1,2/0,0,0,0,0,0,0,0/7,4,4,3,5,6,6,5 S n 0-0";
    let mut m = Match::from_position(Mode::Classic, beheading.parse().unwrap());
    m.play(mv("p"), None).unwrap();
    assert_eq!(m.score().south, 2);
    // Classic: the game-ending move can be taken back, and its points with it.
    assert_eq!(m.take_back(), Ok(mv("p")));
    assert_eq!(m.score().south, 0);
    m.play(mv("p"), None).unwrap();
    m.next_game_from(endless.parse().unwrap()).unwrap();
    assert_eq!(m.play(mv("j"), None), Ok(Status::Annulled));
    assert_eq!(m.score(), ByPlayer::new(2, 0));
    m.next_game_from(Omweso::new()).unwrap();
    assert_eq!(
        m.results(),
        [
            Status::Over(Outcome::new(Some(Player::South), 2).with_reason(omweso::end::BEHEADING)),
            Status::Annulled
        ]
    );
    assert_eq!(m.winner(), None);
}

#[test]
fn blitz_clock() {
    let mut m = Match::from_position(Mode::Blitz, Omweso::new());
    assert_eq!(m.play(mv("i"), None), Err(MatchError::TimeRequired));
    assert_eq!(
        m.play(mv("i"), Some(Duration::from_millis(2_999))),
        Ok(Status::Ongoing)
    );
    assert_eq!(
        m.play(mv("i"), Some(Duration::from_secs(3))),
        Ok(Status::Ongoing)
    );
    // Over the limit: South (to move again) loses the game, North scores 1.
    let s = m.play(mv("j"), Some(Duration::from_millis(3_001))).unwrap();
    assert_eq!(
        s,
        Status::Over(Outcome::new(Some(Player::North), 1).with_reason(omweso::end::FORFEIT))
    );
    assert_eq!(m.score().north, 1);
    assert_eq!(m.game().moves().len(), 2, "the late move is not played");
    // An illegal move is refused before the clock is looked at.
    let mut n = Match::from_position(Mode::Blitz, Omweso::new());
    assert!(matches!(
        n.play(mv("a"), Some(Duration::from_secs(9))),
        Err(MatchError::Illegal(_))
    ));
    assert_eq!(n.score().north, 0);
}

#[test]
fn a_match_refuses_what_it_cannot_do() {
    // Classic: nothing to take back at the start of a game.
    let mut m = Match::from_position(Mode::Classic, Omweso::new());
    assert_eq!(m.take_back(), Err(MatchError::NothingToTakeBack));
    // A finished game refuses moves, and the next game starts afresh.
    let slam = "0,0,0,0,0,0,1,0/56,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,0 S sn 0-0";
    let mut m = Match::from_position(Mode::Classic, slam.parse().unwrap());
    m.play(mv("p"), None).unwrap();
    assert_eq!(
        m.play(mv("i"), None),
        Err(MatchError::MatchOver {
            winner: Player::South
        })
    );
    // Blitz: after a game lost on the clock, no move of that game is played.
    let mut b = Match::from_position(Mode::Blitz, Omweso::new());
    b.play(mv("i"), Some(Duration::from_secs(5))).unwrap();
    let before = b.clone();
    assert_eq!(
        b.play(mv("i"), Some(Duration::from_secs(1))),
        Err(MatchError::Illegal(IllegalMove::GameOver))
    );
    assert_eq!(
        b.play(mv("i"), Some(Duration::from_secs(9))),
        Err(MatchError::Illegal(IllegalMove::GameOver))
    );
    assert_eq!(b, before);
    b.next_game_from(Omweso::new()).unwrap();
    assert_eq!(b.game().moves().len(), 0);
    assert_eq!(b.results().len(), 1);
}

/// Any sequence of calls, legal or not, on every mode: no panic, and a refused call
/// changes nothing.
#[test]
fn a_match_never_panics() {
    let moves = common::all_moves();
    let mut rng = mancala_testkit::Rng::new(17);
    let mut played = 0;
    for mode in [Mode::Classic, Mode::Contract, Mode::Blitz] {
        let mut m = Match::from_position(
            mode,
            common::random_start(&mut rng, omweso::Rules::default()),
        );
        for _ in 0..20_000 {
            let before = m.clone();
            let legal = m.game().legal_moves();
            let mv = if !legal.is_empty() && rng.below(4) > 0 {
                legal[rng.below(legal.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            let r = match rng.below(10) {
                0 => m.take_back().map(|_| Status::Ongoing),
                1 => m
                    .next_game_from(common::random_start(&mut rng, omweso::Rules::default()))
                    .map(|()| Status::Ongoing),
                2 => m.play(mv, None),
                _ => m.play(mv, Some(Duration::from_millis(rng.below(3_200) as u64))),
            };
            match r {
                Ok(_) => played += 1,
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    assert_eq!(m, before, "{e}");
                }
            }
        }
    }
    assert!(played > 3_000, "{played}");
}

#[test]
fn serde_keeps_what_the_notation_does_not() {
    use omweso::Rules;
    // The start: the notation, the rules, the cap and the status.
    let p = Omweso::new();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(
        json,
        format!(
            r#"{{"position":"{p}","rules":{{"two_captures_first":false}},"cap":10,"status":"ongoing"}}"#
        )
    );
    assert_eq!(serde_json::from_str::<Omweso>(&json).unwrap(), p);
    // A beheading (2 points) that the board alone would read as an ongoing game.
    let mut b: Omweso = "0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,56 S sn 0-0"
        .parse()
        .unwrap();
    b.play(mv("p")).unwrap();
    assert_eq!(
        b.status(),
        Status::Over(Outcome::new(Some(Player::South), 2).with_reason(omweso::end::BEHEADING))
    );
    assert_eq!(
        b.to_string().parse::<Omweso>().unwrap().status(),
        Status::Ongoing
    );
    let json = serde_json::to_string(&b).unwrap();
    // The status names its reason, and reads back with it.
    assert!(
        json.ends_with(r#""status":"over S 2 beheading"}"#),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<Omweso>(&json).unwrap(), b);
    // The two-captures-first option.
    let t = Omweso::start_with(Rules::with_two_captures_first(), Player::North);
    let back: Omweso = serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
    assert_eq!(back, t);
    assert!(back.rules().two_captures_first);
    // An annulled game.
    let endless = "0,1,0,1,0,1,4,3/3,2,3,2,1,0,1,2/0,0,0,0,0,0,0,0/7,4,4,3,5,6,6,5 S n 0-0";
    let mut a: Omweso = endless.parse().unwrap();
    a.play(mv("j")).unwrap();
    let json = serde_json::to_string(&a).unwrap();
    assert_eq!(serde_json::from_str::<Omweso>(&json).unwrap(), a);
    // A paused turn.
    let mut d: Omweso = "0,1,0,0,3,0,0,0/0,0,0,0,0,0,0,0/1,0,0,0,1,0,0,0/0,0,0,0,1,0,0,57 S sn 0-0"
        .parse()
        .unwrap();
    d.play(mv("e")).unwrap();
    let back: Omweso = serde_json::from_str(&serde_json::to_string(&d).unwrap()).unwrap();
    assert_eq!(back, d);
    assert!(back.pending().is_some());
    // Only `position` is required: the default rules and cap, the status of the board.
    let short = format!(r#"{{"position":"{}"}}"#, Omweso::new());
    assert_eq!(
        serde_json::from_str::<Omweso>(&short).unwrap(),
        Omweso::new()
    );
    // Moves and setups.
    let m = mv("a-");
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"a-\"");
    assert_eq!(
        serde_json::from_str::<omweso::Move>("\"m*\"").unwrap(),
        mv("m*")
    );
    let setup = omweso::Setup::standard();
    let back: omweso::Setup =
        serde_json::from_str(&serde_json::to_string(&setup).unwrap()).unwrap();
    assert_eq!(back, setup);
}

#[test]
fn serde_validates() {
    let refused = |json: &str| {
        let e = serde_json::from_str::<Omweso>(json).unwrap_err();
        println!("{json}: {e}");
        e.to_string()
    };
    let start = Omweso::new().to_string();
    // Bad notation, a bad total, unknown or repeated fields, a missing position.
    refused(r#"{"position":"0,0/4 S - 0-0"}"#);
    refused(r#""0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 S - 0-0""#);
    let e = refused(
        r#"{"position":"0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,5 S sn 0-0"}"#,
    );
    assert!(e.contains("65"), "{e}");
    refused(&format!(r#"{{"position":"{start}","colour":"red"}}"#));
    refused(&format!(r#"{{"position":"{start}","cap":10,"cap":11}}"#));
    refused(r#"{"rules":{"two_captures_first":true}}"#);
    // A custom start beyond the cap, unless the cap allows it.
    let custom = "0,0,0,0,0,0,0,0/12,4,4,4,4,4,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 S - 0-0";
    let e = refused(&format!(r#"{{"position":"{custom}"}}"#));
    assert!(e.contains("cap is 10"), "{e}");
    let p: Omweso =
        serde_json::from_str(&format!(r#"{{"position":"{custom}","cap":12}}"#)).unwrap();
    assert_eq!(p.to_setup().cap, 12);
    assert_eq!(
        serde_json::from_str::<Omweso>(&serde_json::to_string(&p).unwrap()).unwrap(),
        p
    );
    // Results the board does not allow.
    for status in [
        "over S 1",
        "over N 1",
        "over S 2",
        "over N 12",
        "annulled",
        "draw",
        "over S 3",
    ] {
        refused(&format!(r#"{{"position":"{start}","status":"{status}"}}"#));
    }
    // A position whose player to move has no move is over: not ongoing, not annulled.
    let lost = "1,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/62,0,0,0,0,0,0,0 S sn 0-0";
    refused(&format!(r#"{{"position":"{lost}","status":"ongoing"}}"#));
    refused(&format!(r#"{{"position":"{lost}","status":"annulled"}}"#));
    refused(&format!(r#"{{"position":"{lost}","status":"over N 12"}}"#));
    // North won 1 point; 2 would need a capture by North.
    let p: Omweso =
        serde_json::from_str(&format!(r#"{{"position":"{lost}","status":"over N 1"}}"#)).unwrap();
    assert_eq!(
        p.status(),
        Status::Over(Outcome::new(Some(Player::North), 1).with_reason(omweso::end::REGULAR))
    );
    refused(&format!(
        r#"{{"position":"{lost}","status":"over N 1 grand-slam"}}"#
    ));
    refused(&format!(
        r#"{{"position":"{lost}","status":"over N 1 sideways"}}"#
    ));
    refused(&format!(r#"{{"position":"{lost}","status":"over N 2"}}"#));
    // Two captures first only with the option on.
    let two = "0,0,0,1,1,1,3,2/0,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,55 N snc 2-0";
    refused(&format!(r#"{{"position":"{two}","status":"over S 2"}}"#));
    let p: Omweso = serde_json::from_str(&format!(
        r#"{{"position":"{two}","rules":{{"two_captures_first":true}},"status":"over S 2"}}"#
    ))
    .unwrap();
    // Written without its reason (as before reasons were written): the one the board
    // allows, here two captures first; named, it must be that one.
    assert_eq!(
        p.status(),
        Status::Over(
            Outcome::new(Some(Player::South), 2).with_reason(omweso::end::TWO_CAPTURES_FIRST)
        )
    );
    let with_option = r#""rules":{"two_captures_first":true}"#;
    let named: Omweso = serde_json::from_str(&format!(
        r#"{{"position":"{two}",{with_option},"status":"over S 2 two-captures-first"}}"#
    ))
    .unwrap();
    assert_eq!(named, p);
    refused(&format!(
        r#"{{"position":"{two}",{with_option},"status":"over S 2 beheading"}}"#
    ));
    // A paused turn is never over.
    let paused = "0,0,1,1,0,0,0,0/0,0,0,0,0,0,0,0/1,0,0,0,1,0,0,0/0,0,0,0,1,0,0,57 S sn 0-0 b+2:r";
    refused(&format!(r#"{{"position":"{paused}","status":"over N 2"}}"#));
}
