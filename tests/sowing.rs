//! The sowing events of every game and variant, tested against the move's result: in
//! seeded random games, the events of each move, replayed on plain counts from the
//! board before it by the small interpreter below (written from the events' meaning,
//! not from any game's code), give exactly the board after it: every pit, both stores
//! or captures, the seeds in hand. Playing with an observer leaves the same position as
//! playing without.

use mancala::events::{LapKind, PitId, PlayObserved, SowEvent};
use mancala::kalah::Kalah;
use mancala::omweso::Omweso;
use mancala::oware::Oware;
use mancala::rio_kadalis::RioKadalis;
use mancala::urim::Urim;
use mancala::{Board, Player, Position, Status};
use mancala_testkit::Rng;

#[path = "support/kalah.rs"]
mod kalah_rules;

/// The count of `pit` on `b`; panics if the board has no such pit or it is closed.
fn cell(b: &mut Board, pit: PitId) -> &mut u8 {
    b.pits[pit.player]
        .get_mut(usize::from(pit.index))
        .unwrap_or_else(|| panic!("no pit {pit:?}"))
        .as_mut()
        .unwrap_or_else(|| panic!("{pit:?} is closed"))
}

/// Replays `events` on `before`'s counts: lifts and seizures fill the one hand, each
/// drop takes one seed from it, a capture moves a pit's seeds to a store. Panics when an
/// event cannot happen (a lift or capture that names the wrong count, a drop with an
/// empty hand or into a closed pit).
fn replay(before: &Board, events: &[SowEvent]) -> Board {
    let mut b = before.clone();
    let mut hand = u32::from(b.in_hand);
    for &e in events {
        match e {
            SowEvent::Lift { pit, seeds } | SowEvent::Seize { pit, seeds } => {
                let c = cell(&mut b, pit);
                assert_eq!(*c, seeds, "{e:?} on a pit of {c}");
                assert!(seeds > 0, "{e:?} lifts nothing");
                *c = 0;
                hand += u32::from(seeds);
            }
            SowEvent::Drop { pit } => {
                assert!(hand > 0, "{e:?} with an empty hand");
                hand -= 1;
                let c = cell(&mut b, pit);
                *c += 1;
            }
            SowEvent::Store { player } => {
                assert!(hand > 0, "{e:?} with an empty hand");
                hand -= 1;
                b.stores.as_mut().expect("a game with stores")[player] += 1;
            }
            SowEvent::Capture { pit, seeds, to } => {
                let c = cell(&mut b, pit);
                assert_eq!(*c, seeds, "{e:?} on a pit of {c}");
                *c = 0;
                b.stores.as_mut().expect("a game with stores")[to] += u16::from(seeds);
            }
            SowEvent::Pass { pit } => {
                assert!(
                    usize::from(pit.index) < b.pits[pit.player].len(),
                    "{e:?} off the board"
                );
            }
            SowEvent::Lap { .. } | SowEvent::Pause { .. } => {}
        }
    }
    b.in_hand = u16::try_from(hand).expect("a hand fits");
    b
}

/// Plays `games` seeded random games of at most 200 plies from `start`, checking every
/// move's events; returns the moves checked and the kinds of event seen (bit per kind).
fn check_games<P: PlayObserved>(name: &str, start: &P, games: usize, seed: u64) -> (u64, u32) {
    let mut rng = Rng::new(seed);
    let (mut moves, mut kinds) = (0, 0u32);
    for g in 0..games {
        let mut p = start.clone();
        for ply in 0..200 {
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len())];
            let before = p.clone();
            let mut events = Vec::new();
            let mut observed = p.clone();
            observed.play_observed(m, &mut events);
            p.play(m).expect("a listed move is legal");
            let at = format!("{name}, game {g} ply {ply}: {before} then {m}");
            assert_eq!(observed, p, "{at}: the observed play differs");
            assert!(!events.is_empty(), "{at}: no events");
            if p.status() == Status::Annulled {
                break;
            }
            assert!(
                matches!(
                    events[0],
                    SowEvent::Lap {
                        why: LapKind::Move | LapKind::Decided,
                        ..
                    }
                ),
                "{at}: starts with {:?}",
                events[0]
            );
            let mut want = p.board();
            let got = replay(&before.board(), &events);
            want.to_move = got.to_move;
            assert_eq!(got, want, "{at}: events {events:?}");
            for e in &events {
                kinds |= 1 << kind(e);
            }
            moves += 1;
        }
    }
    (moves, kinds)
}

/// A bit number for each kind of event.
fn kind(e: &SowEvent) -> u32 {
    match e {
        SowEvent::Lap { .. } => 0,
        SowEvent::Lift { .. } => 1,
        SowEvent::Drop { .. } => 2,
        SowEvent::Store { .. } => 3,
        SowEvent::Pass { .. } => 4,
        SowEvent::Capture { .. } => 5,
        SowEvent::Seize { .. } => 6,
        SowEvent::Pause { .. } => 7,
    }
}

const LAP: u32 = 1;
const LIFT: u32 = 1 << 1;
const DROP: u32 = 1 << 2;
const STORE: u32 = 1 << 3;
const PASS: u32 = 1 << 4;
const CAPTURE: u32 = 1 << 5;
const SEIZE: u32 = 1 << 6;
const PAUSE: u32 = 1 << 7;

#[test]
fn urim_every_variant() {
    for seeds in [3, 4] {
        for first in Player::ALL {
            let (m6, k6) = check_games(
                "urim 2x6",
                &Urim::<6>::start_with(seeds, first).unwrap(),
                60,
                1,
            );
            let (m7, k7) = check_games(
                "urim 2x7",
                &Urim::<7>::start_with(seeds, first).unwrap(),
                60,
                2,
            );
            assert!(m6 > 1000 && m7 > 1000, "{m6} {m7}");
            // Laps, lifts, drops, the origin passed over, captures.
            assert_eq!(k6 | k7, LAP | LIFT | DROP | PASS | CAPTURE);
        }
    }
}

#[test]
fn oware_every_variant() {
    for seeds in [4, 3] {
        let (m, k) = check_games(
            "oware",
            &Oware::start_with(seeds, Player::South).unwrap(),
            80,
            3,
        );
        assert!(m > 1000, "{m}");
        assert_eq!(k, LAP | LIFT | DROP | PASS | CAPTURE);
    }
}

#[test]
fn rio_kadalis_every_variant() {
    fn all<const N: usize, const CW: bool>(name: &str) {
        let (m, k) = check_games(name, &RioKadalis::<N, CW>::new(), 60, 4);
        assert!(m > 500, "{name}: {m}");
        assert_eq!(k, LAP | LIFT | DROP | CAPTURE, "{name}");
        // A round with closed pits (a stock of 14 and 33 stones).
        let p: RioKadalis<N, CW> = if N == 6 {
            "x,x,x,4,4,4/x,4,4,4,4,4 0-0 S".parse().unwrap()
        } else {
            "x,x,4,4,4/x,4,4,4,4 0-0 N".parse().unwrap()
        };
        let (m, k) = check_games(name, &p, 60, 5);
        assert!(m > 200, "{name}: {m}");
        assert_eq!(k, LAP | LIFT | DROP | PASS | CAPTURE, "{name} closed pits");
    }
    all::<6, false>("rio-kadalis 2x6");
    all::<6, true>("rio-kadalis 2x6 cw");
    all::<5, false>("rio-kadalis 2x5");
    all::<5, true>("rio-kadalis 2x5 cw");
}

#[test]
fn omweso() {
    let (m, k) = check_games("omweso", &Omweso::new(), 60, 6);
    assert!(m > 1500, "{m}");
    // Relays, captures seized into the hand, pauses for decisions.
    assert_eq!(k, LAP | LIFT | DROP | SEIZE | PAUSE);
}

#[test]
fn kalah_every_variant() {
    for rules in kalah_rules::every_rules() {
        for seeds in [1, 4, 12] {
            let start = Kalah::start_with(rules, seeds, Player::South).unwrap();
            let (m, k) = check_games("kalah", &start, 20, 7);
            assert!(m > 20, "{m}");
            assert_eq!(k & (LAP | LIFT | DROP | STORE), LAP | LIFT | DROP | STORE);
            assert_eq!(k & !(LAP | LIFT | DROP | STORE | CAPTURE), 0);
        }
    }
}

/// Hand-made moves whose events a reader can check by counting seeds.
#[test]
fn hand_made_moves() {
    let s = |i| PitId::new(Player::South, i);
    let n = |i| PitId::new(Player::North, i);
    let cw = mancala::Direction::CounterClockwise;
    // Oware: 12 seeds from South's a go round once, pass over a, and end in North's a
    // (now 1): no capture.
    let mut p: Oware = "12,0,0,0,0,0/0,0,0,1,0,0 17-18 S".parse().unwrap();
    let mut ev = Vec::new();
    p.play_observed("a".parse().unwrap(), &mut ev);
    let mut want = vec![
        SowEvent::Lap {
            origin: s(0),
            dir: cw,
            why: LapKind::Move,
        },
        SowEvent::Lift {
            pit: s(0),
            seeds: 12,
        },
    ];
    want.extend((1..6).map(|i| SowEvent::Drop { pit: s(i) }));
    want.extend((0..6).map(|i| SowEvent::Drop { pit: n(i) }));
    want.push(SowEvent::Pass { pit: s(0) });
    want.push(SowEvent::Drop { pit: s(1) });
    assert_eq!(ev, want);
    // Urim: South's f (2 seeds) makes North's a 3 and b 3; the urin is b: b then a are
    // captured, from the urin back.
    let mut p: Urim<6> = "3,3,3,3,3,2/2,2,3,3,3,3 3-0 S".parse().unwrap();
    let mut ev = Vec::new();
    p.play_observed("f".parse().unwrap(), &mut ev);
    assert_eq!(
        ev[2..],
        [
            SowEvent::Drop { pit: n(0) },
            SowEvent::Drop { pit: n(1) },
            SowEvent::Capture {
                pit: n(1),
                seeds: 3,
                to: Player::South
            },
            SowEvent::Capture {
                pit: n(0),
                seeds: 3,
                to: Player::South
            },
        ]
    );
    assert_eq!(p.to_string(), "3,3,3,3,3,0/0,0,3,3,3,3 9-0 N");
    // Rio Kadalis (docs/rio-kadalis.md, "A mid-lap four in the origin pit goes to its
    // owner"): 2×5, only each player's e open. South's e (1) makes North's e 9: relay.
    // Its 9 stones alternate between the two open pits; South's e reaches 4 with 2 in
    // hand (South's four), North's e 4 with 1 in hand (North's, though South moves), and
    // the last stone makes South's e 1: the move ends, captured 4-4.
    let mut p: RioKadalis<5, false> = "x,x,x,x,1/x,x,x,x,8 0-0 S".parse().unwrap();
    let mut ev = Vec::new();
    p.play_observed("e".parse().unwrap(), &mut ev);
    let moving: Vec<SowEvent> = ev
        .iter()
        .copied()
        .filter(|e| !matches!(e, SowEvent::Lap { .. } | SowEvent::Pass { .. }))
        .collect();
    let four = |pit, to| SowEvent::Capture { pit, seeds: 4, to };
    let (se, ne) = (SowEvent::Drop { pit: s(4) }, SowEvent::Drop { pit: n(4) });
    assert_eq!(
        moving,
        [
            SowEvent::Lift {
                pit: s(4),
                seeds: 1
            },
            ne,
            SowEvent::Lift {
                pit: n(4),
                seeds: 9
            },
            se,
            ne,
            se,
            ne,
            se,
            ne,
            se,
            four(s(4), Player::South),
            ne,
            four(n(4), Player::North),
            se,
        ]
    );
    // The closed pits are passed over: North's a–d on the way to North's e (5 times),
    // South's a–d on the way to South's e (5 times).
    let passes = ev
        .iter()
        .filter(|e| matches!(e, SowEvent::Pass { .. }))
        .count();
    assert_eq!(passes, 4 * 10);
    // Omweso, a paused turn (rule 5): South sows the 2 seeds in hand clockwise from a.
    // The decided lap is sown from the hand (no lift): clockwise round the circuit
    // (`a b c … h p o … i`, the reverse of rule 3's), into b, then c.
    let text = "0,3,1,2,1,2,0,1/0,0,0,0,1,0,0,2/2,0,8,1,6,1,6,0/1,2,11,4,2,1,1,3 S snc 1-2 a+2:r";
    let mut p: Omweso = text.parse().unwrap();
    let before = p.board();
    assert_eq!(before.in_hand, 2);
    let mut ev = Vec::new();
    p.play_observed("a-".parse().unwrap(), &mut ev);
    assert_eq!(
        ev[..3],
        [
            SowEvent::Lap {
                origin: s(0),
                dir: mancala::Direction::Clockwise,
                why: LapKind::Decided
            },
            SowEvent::Drop { pit: s(1) },
            SowEvent::Drop { pit: s(2) },
        ]
    );
    let mut want = p.board();
    let got = replay(&before, &ev);
    want.to_move = got.to_move;
    assert_eq!(got, want);
}
