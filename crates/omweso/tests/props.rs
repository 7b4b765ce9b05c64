//! Property tests: conservation, legal moves against `is_legal`, the reverse and split
//! rules, notation round-trips, turns that end, robustness of every parser and of the
//! checked `play`, and zero allocation.

mod common;

use common::{all_moves, random_start};
use mancala_core::{Player, Position, Status};
use mancala_testkit::{CountingAllocator, Rng, check_position, count_allocations};
use omweso::{Move, MoveKind, Omweso, Rules, Setup};
use proptest::prelude::*;

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

fn total(p: &Omweso) -> u32 {
    p.seeds_of(Player::South) + p.seeds_of(Player::North) + p.seeds_in_hand()
}

/// Checks every property on one ply from `p` with move `m`.
fn check_ply(p: &Omweso, m: Move, candidates: &[Move]) {
    check_position(p, candidates.iter().copied());
    let mut q = *p;
    q.play(m).unwrap();
    // 64 seeds always.
    assert_eq!(total(&q), 64, "{m} from {p}");
    // The turn ended (the other player moves), paused (the same player decides), or
    // was declared endless (the board unchanged).
    match (q.status(), q.pending()) {
        (Status::Annulled, _) => assert_eq!(q.to_string(), p.to_string()),
        (_, Some(_)) => assert_eq!(q.side_to_move(), p.side_to_move()),
        (_, None) => assert_eq!(q.side_to_move(), p.side_to_move().opponent()),
    }
    let me = p.side_to_move();
    match m.kind() {
        // Reverse moves only from the left block, and only when they capture.
        MoveKind::Clockwise => {
            assert!(m.pit().in_left_block());
            if p.pending().is_none() && q.status() != Status::Annulled {
                let captured = q
                    .pending()
                    .map_or(q.capture_turns(me) == p.capture_turns(me) + 1, |_| {
                        q.captured_this_turn()
                    });
                assert!(captured, "{m} from {p} did not capture");
            }
        }
        // Splits only before the first capture.
        MoveKind::Split => assert!(!p.capture_made()),
        MoveKind::CounterClockwise => {}
    }
    if p.capture_made() {
        assert!(!p.legal_moves().iter().any(|m| m.kind() == MoveKind::Split));
    }
    // Notation round-trips.
    let text = q.to_string();
    let back = Omweso::from_notation(&text, q.rules()).unwrap();
    assert_eq!(back.to_string(), text);
    if q.status() == Status::Ongoing {
        assert_eq!(back, q, "{text}");
    }
}

#[test]
fn random_games_keep_every_property() {
    let candidates = all_moves();
    let mut rng = Rng::new(11);
    let mut plies = 0;
    for _ in 0..150 {
        let rules = Rules {
            two_captures_first: rng.below(2) == 0,
        };
        let mut p = random_start(&mut rng, rules);
        assert_eq!(total(&p), 64);
        while p.status() == Status::Ongoing && plies < 100_000 {
            let moves = p.legal_moves();
            let m = moves[rng.below(moves.len())];
            check_ply(&p, m, &candidates);
            p.play(m).unwrap();
            plies += 1;
        }
        check_position(&p, candidates.iter().copied());
    }
    assert!(plies > 3_000);
}

#[test]
fn nothing_allocates() {
    let start = Omweso::new();
    let (nodes, n) = count_allocations(|| mancala_core::perft::perft(&start, 4));
    assert_eq!((nodes, n), (2731, 0));
    let mut rng = Rng::new(5);
    let (_, n) = count_allocations(|| {
        for _ in 0..50 {
            let s = random_start(&mut rng, Rules::default());
            mancala_testkit::random_game(&s, &mut rng, 500, |p| {
                let _ = p.legal_moves();
            });
        }
    });
    assert_eq!(n, 0);
    // An endless move too.
    let p: Omweso = "0,1,0,1,0,1,4,3/3,2,3,2,1,0,1,2/0,0,0,0,0,0,0,0/7,4,4,3,5,6,6,5 S n 0-0"
        .parse()
        .unwrap();
    let (_, n) = count_allocations(|| {
        let mut q = p;
        q.play("j".parse().unwrap()).unwrap();
        assert_eq!(q.status(), Status::Annulled);
    });
    assert_eq!(n, 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn position_parser_never_panics(s in "\\PC{0,80}") {
        let _ = s.parse::<Omweso>();
    }

    #[test]
    fn position_parser_never_panics_on_near_misses(
        rows in proptest::collection::vec(proptest::collection::vec(0u32..70, 6..10), 3..6),
        side in "[SNX]",
        flags in "[-sncx]{0,4}",
        a in 0u32..70_000, b in 0u32..5,
        pending in proptest::option::of("[a-q]\\+[0-9]{1,3}:[-cahrx]{0,4}"),
    ) {
        let board = rows.iter().map(|r| r.iter().map(u32::to_string).collect::<Vec<_>>().join(",")).collect::<Vec<_>>().join("/");
        let mut text = format!("{board} {side} {flags} {a}-{b}");
        if let Some(p) = pending {
            text.push(' ');
            text.push_str(&p);
        }
        if let Ok(p) = text.parse::<Omweso>() {
            prop_assert_eq!(total(&p), 64);
            prop_assert_eq!(p.to_string().parse::<Omweso>().unwrap().to_string(), p.to_string());
            check_position(&p, all_moves());
        }
    }

    #[test]
    fn move_and_setup_parsers_never_panic(s in "\\PC{0,40}", cap in 0u8..20) {
        let _ = s.parse::<Move>();
        let _ = s.parse::<Setup>();
        let _ = Setup::parse_with_cap(&s, cap);
        let _ = Setup::parse_player(&s, Player::North, cap);
    }

    #[test]
    fn setups_are_validated(pits in proptest::collection::vec(0u8..14, 32), cap in 1u8..14) {
        let mut s = [0u8; 16];
        let mut n = [0u8; 16];
        s.copy_from_slice(&pits[..16]);
        n.copy_from_slice(&pits[16..]);
        let setup = Setup::new(s, n).with_cap(cap);
        let ok = [s, n].iter().all(|p| p.iter().map(|&x| u32::from(x)).sum::<u32>() == 32 && p.iter().all(|&x| x <= cap));
        prop_assert_eq!(setup.validate().is_ok(), ok);
        match setup.position(Player::North, Rules::default()) {
            Ok(p) => {
                prop_assert_eq!(total(&p), 64);
                prop_assert_eq!(Setup::parse_with_cap(&setup.to_string(), cap).unwrap(), setup);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn checked_play_never_panics(seed in any::<u64>(), plies in 0usize..60, picks in proptest::collection::vec(0usize..48, 1..8)) {
        let mut rng = Rng::new(seed);
        let start = random_start(&mut rng, Rules::default());
        let p = mancala_testkit::random_game(&start, &mut rng, plies, |_| {});
        let moves = all_moves();
        for k in picks {
            let mut q = p;
            let m = moves[k % moves.len()];
            match q.play(m) {
                Ok(()) => prop_assert!(p.legal_moves().contains(&m)),
                Err(e) => {
                    prop_assert_eq!(q, p);
                    prop_assert!(!e.to_string().is_empty());
                }
            }
        }
    }
}
