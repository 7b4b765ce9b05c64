//! The round record (`Round`, feature `alloc`) and the crate's repetition ruling: a move
//! that produces a position (pits, closed pits, captures and player to move) that already
//! occurred in the round since the last capture ends the round as rule 4 does.
#![cfg(feature = "alloc")]

mod common;

use common::{RefMatch, RefRecord, RefRound};
use mancala_core::{ByPlayer, IllegalMove, Player, Position, Status};
use mancala_testkit::Rng;
use proptest::prelude::*;
use rio_kadalis::{Kadalis, Match, Move, Round};

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// Plays `moves` through a record from `from`, and through the reference record.
fn recorded<const N: usize, const CW: bool>(from: &str, moves: &[&str]) -> Round<N, CW> {
    let mut round = Round::new(from.parse().unwrap());
    let mut r = RefRecord::new(RefRound::parse(from, N, CW));
    for m in moves {
        round.play(mv(m)).unwrap();
        r.play(mv(m).index());
        same(&round, &r);
    }
    round
}

/// Compares a record with the reference record.
fn same<const N: usize, const CW: bool>(round: &Round<N, CW>, r: &RefRecord) {
    assert_eq!(round.position().to_string(), r.round.notation());
    assert_eq!(round.status().to_string(), r.status(), "{round:?}");
    assert_eq!(round.ended_by_repetition(), r.repeated);
    let moves: Vec<usize> = round.legal_moves().iter().map(|m| m.index()).collect();
    assert_eq!(moves, r.moves());
}

/// Plays always the first legal move through a record until the round ends.
fn first_moves<const N: usize, const CW: bool>(start: Kadalis<N, CW>) -> Round<N, CW> {
    let mut round = Round::new(start);
    let mut r = RefRecord::new(RefRound::parse(&start.to_string(), N, CW));
    while round.status() == Status::Ongoing {
        let m = round.legal_moves()[0];
        round.play(m).unwrap();
        r.play(m.index());
        same(&round, &r);
        assert!(round.moves().len() < 1000, "no end");
    }
    round
}

#[test]
fn repetition_between_moves_on_a_full_board() {
    // Four stones on the board, 24-20 captured. Each move below is the mover's only or
    // first legal move; the six moves bring the start back:
    //   S a(1): b 1→2, relay: c 1, d 1 (empty): 0,0,1,1,0,1/0,0,0,0,1,0 N
    //   N e(1): N f 1:                            0,0,1,1,0,1/0,0,0,0,0,1 S
    //   S c(1): d 2, relay: e 1, f 2, relay: N a 1, N b 1: 0,0,0,0,1,0/1,1,0,0,0,1 N
    //   N a(1): N b 2, relay: N c 1, N d 1:       0,0,0,0,1,0/0,0,1,1,0,1 S
    //   S e(1): f 1:                              0,0,0,0,0,1/0,0,1,1,0,1 N
    //   N c(1): N d 2, relay: N e 1, N f 2, relay: S a 1, S b 1: the start, South to move.
    let start = "1,1,0,0,0,1/0,0,0,0,1,0 24-20 S";
    let moves = ["a", "e", "c", "a", "e", "c"];
    let round = recorded::<6, false>(start, &moves[..5]);
    assert_eq!(round.status(), Status::Ongoing);
    assert_eq!(
        round.position().to_string(),
        "0,0,0,0,0,1/0,0,1,1,0,1 24-20 N"
    );
    let round = recorded::<6, false>(start, &moves);
    assert!(round.ended_by_repetition());
    assert_eq!(round.position().to_string(), start);
    // The position alone knows nothing of it: South has stones, the round goes on.
    assert_eq!(round.position().status(), Status::Ongoing);
    // Each player takes their own row: South 24 + 3 = 27, North 20 + 1 = 21.
    assert_eq!(round.status().to_string(), "over 27-21 S 1");
    let outcome = round.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Player::South));
    assert_eq!(outcome.totals, Some(ByPlayer::new(27, 21)));
    assert!(round.legal_moves().is_empty());
    assert_eq!(round.check_move(mv("a")), Err(IllegalMove::GameOver));
    assert_eq!(round.since_last_capture().len(), 7);
}

#[test]
fn repetition_with_closed_pits_and_a_draw() {
    // 2×5, only each player's e open, one stone in each. S e(1): N e 1→2, relay: S e 1,
    // N e 1 (empty): the same board, North to move; N e does the same back.
    let start = "x,x,x,x,1/x,x,x,x,1 18-18 S";
    let round = recorded::<5, false>(start, &["e"]);
    assert_eq!(round.status(), Status::Ongoing);
    let round = recorded::<5, false>(start, &["e", "e"]);
    assert!(round.ended_by_repetition());
    // 18 + 1 each: a drawn round, no point.
    assert_eq!(round.status().to_string(), "over 19-19 draw 0");
    assert_eq!(round.outcome().unwrap().points, 0);
    // Clockwise, the same.
    let round = recorded::<5, true>(start, &["e", "e"]);
    assert_eq!(round.status().to_string(), "over 19-19 draw 0");
}

#[test]
fn first_legal_moves_from_the_start_cycle_and_end() {
    // The cycle the position alone never ends (the allocation test bounds its plies):
    // from the 2×6 start, both players always playing their first legal move. The 16th
    // move makes the round's last capture; then the round runs into the six-move cycle
    // of the test above, one move in: the position after move 23 repeats the one after
    // move 17.
    let round = first_moves(Kadalis::<6>::start());
    assert_eq!(round.moves().len(), 23);
    assert!(round.ended_by_repetition());
    assert_eq!(round.positions()[17], *round.position());
    assert_eq!(
        round.position().to_string(),
        "0,0,1,1,0,1/0,0,0,0,1,0 24-20 N"
    );
    assert_eq!(round.since_last_capture().len(), 8);
    assert_eq!(round.status().to_string(), "over 27-21 S 1");
    // Clockwise it cycles too; on 2×5 counter-clockwise the round ends by rule 4.
    let cw = first_moves(Kadalis::<6, true>::start());
    assert!(cw.ended_by_repetition());
    assert_eq!(cw.status().to_string(), "over 26-22 S 1");
    let five = first_moves(Kadalis::<5>::start());
    assert!(!five.ended_by_repetition());
    assert_eq!(five.status(), five.position().status());
    let five_cw = first_moves(Kadalis::<5, true>::start());
    assert!(five_cw.ended_by_repetition());
}

#[test]
fn a_capture_restarts_the_history() {
    // From the 2×6 start, first legal moves: find the captures and check the window.
    let full = first_moves(Kadalis::<6>::start());
    let mut round = Round::new(Kadalis::<6>::start());
    let mut captures = vec![0];
    for &m in full.moves() {
        let before = round.position().captured();
        round.play(m).unwrap();
        if round.position().captured() != before {
            captures.push(round.moves().len());
            // The history is the position right after the capture, alone.
            assert_eq!(round.since_last_capture(), &[*round.position()]);
        }
        let last = *captures.last().unwrap();
        assert_eq!(round.since_last_capture(), &round.positions()[last..]);
        // Every position since the capture has the same captures.
        let captured = round.position().captured();
        assert!(
            round
                .since_last_capture()
                .iter()
                .all(|p| p.captured() == captured)
        );
    }
    assert_eq!(captures.last(), Some(&16));
    // Undoing back over each capture brings the window before it back.
    let mut round = full.clone();
    while let Some(&last) = captures.last() {
        while round.moves().len() >= last && round.undo().is_some() {}
        captures.pop();
        let previous = captures.last().copied().unwrap_or(0);
        assert_eq!(round.since_last_capture(), &round.positions()[previous..]);
    }
    assert_eq!(round, Round::new(Kadalis::start()));
}

#[test]
fn refused_moves_leave_the_record_unchanged() {
    let mut round: Round<5> = Round::new("x,0,2,0,1/4,4,4,4,4 0-0 S".parse().unwrap());
    let before = round.clone();
    for (m, err) in [
        ("a", IllegalMove::ClosedPit { pit: 'a' }),
        ("b", IllegalMove::EmptyPit { pit: 'b' }),
        ("f", IllegalMove::NoSuchPit { pit: 'f' }),
    ] {
        assert_eq!(round.play(mv(m)), Err(err));
        assert_eq!(round, before);
    }
    // Further on, every move that is not legal is refused with the position's reason.
    round.play(mv("c")).unwrap();
    round.play(mv("a")).unwrap();
    let before = round.clone();
    for i in 0..6 {
        let m = Move::from_index(i).unwrap();
        if !round.legal_moves().contains(&m) {
            assert!(round.play(m).is_err());
            assert_eq!(round.play(m), round.position().check_move(m));
            assert_eq!(round, before);
        }
    }
    // After a repetition, every move is refused as the round is over.
    let mut over = recorded::<5, false>("x,x,x,x,1/x,x,x,x,1 18-18 S", &["e", "e"]);
    let frozen = over.clone();
    assert_eq!(over.play(mv("e")), Err(IllegalMove::GameOver));
    assert_eq!(over, frozen);
    // After an endless move (rule 3): annulled, not a repetition.
    let mut annulled: Round = Round::new("2,0,1,x,x,x/x,x,x,x,x,x 0-0 S".parse().unwrap());
    annulled.play(mv("a")).unwrap();
    assert_eq!(annulled.status(), Status::Annulled);
    assert!(!annulled.ended_by_repetition());
    let frozen = annulled.clone();
    assert_eq!(annulled.play(mv("a")), Err(IllegalMove::GameOver));
    assert_eq!(annulled, frozen);
}

#[test]
fn undo_and_reset() {
    let start = "1,1,0,0,0,1/0,0,0,0,1,0 24-20 S";
    let mut round = recorded::<6, false>(start, &["a", "e", "c", "a", "e", "c"]);
    assert!(round.ended_by_repetition());
    assert_eq!(round.undo(), Some(mv("c")));
    assert!(!round.ended_by_repetition());
    assert_eq!(round.status(), Status::Ongoing);
    assert_eq!(round.legal_moves().as_slice(), &[mv("c"), mv("d"), mv("f")]);
    round.play(mv("c")).unwrap();
    assert!(round.ended_by_repetition());
    while round.undo().is_some() {}
    assert_eq!(round, Round::new(start.parse().unwrap()));
    // reset keeps the buffers.
    let mut round = first_moves(Kadalis::<6>::start());
    let capacity = round.positions().len();
    round.reset(Kadalis::start());
    assert_eq!(round, Round::new(Kadalis::start()));
    assert!(round.positions().len() < capacity);
}

#[test]
fn a_match_round_ends_on_repetition() {
    // First legal moves: the first round cycles (see above).
    let mut m = Match::<6>::new(Player::South);
    let mut record = Round::new(Kadalis::start()); // another round's record: reset
    let mut r = RefMatch::new(6, false, 0);
    let mut rounds_by_repetition = 0;
    for _ in 0..40 {
        while m.status() == Status::Ongoing {
            let first = m.round().legal_moves()[0];
            m.play_recorded(&mut record, first).unwrap();
            r.play_recorded(first.index());
            assert_eq!(m.round().to_string(), r.round.notation());
            assert_eq!(record.position(), m.round());
        }
        assert_eq!(m.ended_by_repetition(), record.ended_by_repetition());
        assert_eq!(m.status(), record.status());
        assert_eq!(m.status().to_string(), r.record.status());
        // A refused move changes nothing, the record included.
        let (before, kept) = (m, record.clone());
        assert_eq!(
            m.play_recorded(&mut record, mv("a")),
            Err(IllegalMove::GameOver)
        );
        assert_eq!((m, &record), (before, &kept));
        rounds_by_repetition += u32::from(m.ended_by_repetition());
        assert_eq!(
            m.next_stocks().map(|s| [s.south, s.north].map(u32::from)),
            r.next_stocks()
        );
        if m.next_round().is_err() {
            assert!(!r.next_round());
            break;
        }
        assert!(r.next_round());
        assert!(!m.ended_by_repetition());
    }
    assert!(rounds_by_repetition > 0);
}

#[test]
#[should_panic(expected = "the record is not this round's")]
fn a_record_out_of_step_is_refused() {
    let mut m = Match::<6>::new(Player::South);
    m.play(mv("a")).unwrap();
    let mut record = Round::new(Kadalis::start());
    let _ = m.play_recorded(&mut record, mv("a"));
}

/// Random rounds through the record, from a random position, checked against the
/// reference record; returns how the round ended.
fn random_round<const N: usize, const CW: bool>(start: &str, rng: &mut Rng) -> (usize, bool) {
    let mut round: Round<N, CW> = Round::new(start.parse().unwrap());
    let mut r = RefRecord::new(RefRound::parse(start, N, CW));
    same(&round, &r);
    while round.status() == Status::Ongoing {
        let moves = round.legal_moves();
        let m = moves[rng.below(moves.len())];
        round.play(m).unwrap();
        r.play(m.index());
        same(&round, &r);
        // The stones on the board only fall, and between captures the positions are
        // finite: every round ends. (Bound far beyond any seen.)
        assert!(round.moves().len() < 20_000, "a round that does not end");
    }
    (round.moves().len(), round.ended_by_repetition())
}

#[test]
fn random_rounds_through_the_record_end_and_agree_with_reference() {
    let mut rng = Rng::new(11);
    let mut repeated = 0;
    for k in 0..150 {
        let first = if k % 2 == 0 { "S" } else { "N" };
        repeated += usize::from(
            random_round::<6, false>(&format!("4,4,4,4,4,4/4,4,4,4,4,4 0-0 {first}"), &mut rng).1,
        );
        repeated +=
            usize::from(random_round::<6, true>("4,4,4,4,4,4/x,x,4,4,4,4 0-0 N", &mut rng).1);
        repeated += usize::from(random_round::<5, false>("4,4,4,4,4/4,4,4,4,4 0-0 S", &mut rng).1);
        repeated += usize::from(random_round::<5, true>("x,4,4,4,4/4,4,4,4,4 0-0 N", &mut rng).1);
        // Few stones: repetitions are common.
        repeated +=
            usize::from(random_round::<6, false>("1,0,2,0,0,1/0,1,0,0,2,0 20-20 S", &mut rng).1);
        repeated += usize::from(random_round::<5, true>("1,0,0,1,x/x,1,0,0,1 16-20 N", &mut rng).1);
    }
    assert!(repeated > 0);
}

/// Random matches played through `play_recorded`: every round ends, stones are
/// conserved, and the reference match (with its own record) agrees throughout.
fn random_matches<const N: usize, const CW: bool>(matches: usize, rng: &mut Rng) -> u32 {
    let mut repeated = 0;
    let mut record = Round::new(Kadalis::<N, CW>::start());
    for k in 0..matches {
        let first = if k % 2 == 0 {
            Player::South
        } else {
            Player::North
        };
        let mut m = Match::<N, CW>::new(first);
        let mut r = RefMatch::new(N, CW, first.index());
        for _ in 0..200 {
            let mut plies = 0;
            while m.status() == Status::Ongoing {
                let moves = m.round().legal_moves();
                let mv = moves[rng.below(moves.len())];
                m.play_recorded(&mut record, mv).unwrap();
                r.play_recorded(mv.index());
                assert_eq!(m.round().to_string(), r.round.notation());
                assert_eq!(u32::from(m.stones()), 8 * N as u32);
                plies += 1;
                assert!(plies < 20_000, "a round that does not end");
            }
            assert_eq!(m.status().to_string(), r.record.status());
            repeated += u32::from(m.ended_by_repetition());
            assert_eq!(
                m.next_stocks().map(|s| [s.south, s.north].map(u32::from)),
                r.next_stocks()
            );
            assert_eq!(m.winner().map(Player::index), r.winner());
            let ok = m.next_round().is_ok();
            assert_eq!(ok, r.next_round());
            if !ok {
                assert!(m.winner().is_some());
                break;
            }
        }
    }
    repeated
}

#[test]
fn random_matches_through_the_record_always_finish() {
    let mut rng = Rng::new(12);
    random_matches::<6, false>(40, &mut rng);
    random_matches::<6, true>(40, &mut rng);
    random_matches::<5, false>(40, &mut rng);
    random_matches::<5, true>(40, &mut rng);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any seed: a random round through the record ends, by rule 3, 4 or repetition,
    /// and a repetition is exactly a position already in the window.
    #[test]
    fn random_rounds_always_end(seed in any::<u64>(), few in 0usize..3) {
        let mut rng = Rng::new(seed);
        let start = match few {
            0 => "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S",
            1 => "2,1,0,1,0,1/0,1,1,0,2,0 20-16 N",
            _ => "x,x,4,4,4,4/4,4,4,4,4,4 0-0 S",
        };
        let mut round: Round = Round::new(start.parse().unwrap());
        while round.status() == Status::Ongoing {
            let moves = round.legal_moves();
            round.play(moves[rng.below(moves.len())]).unwrap();
            prop_assert!(round.moves().len() < 20_000);
            let (last, window) = round.since_last_capture().split_last().unwrap();
            prop_assert_eq!(round.ended_by_repetition(), window.contains(last));
        }
        prop_assert!(round.status().is_finished());
        if round.ended_by_repetition() {
            let totals = round.position().totals();
            prop_assert_eq!(round.outcome().unwrap().totals, Some(totals));
        }
    }
}
