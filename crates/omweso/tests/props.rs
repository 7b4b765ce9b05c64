//! Property tests: conservation, legal moves against `is_legal`, the reverse and split
//! rules, notation, setup and board round-trips, turns that end, setups generated valid
//! and broken, serde round-trips of every position of random games, robustness of every
//! parser and of the checked `play` (zero allocation: `tests/alloc.rs` at the root).
//!
//! Each property with a branch counts how often its main branch ran and fails if that is
//! under half of its cases (a test whose assertions never run cannot fail).

mod common;

use common::{all_moves, random_start};
use mancala_testkit::{Rng, check_position, counted};
use omweso::{
    ByPlayer, DEFAULT_CAP, Move, MoveKind, Omweso, Outcome, Player, Position, Rules, Setup,
    SetupError, Status,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

fn total(p: &Omweso) -> u32 {
    let t = p.seeds_of(Player::South) + p.seeds_of(Player::North) + p.seeds_in_hand();
    // (`u64`: the same whether the core counts in `u16` or `u32`.)
    assert_eq!(u64::from(p.board().total()), u64::from(t));
    t
}

/// The board, setup and pit views of `p` agree with its own accessors, and a position
/// between turns reads back through its setup.
fn check_views(p: &Omweso) {
    let b = p.board();
    assert_eq!(b.rows_per_player, 2);
    assert_eq!(b.stores, None);
    assert_eq!(b.to_move, p.side_to_move());
    assert_eq!(u32::from(b.in_hand), p.seeds_in_hand());
    for player in Player::ALL {
        let pits = p.pits(player);
        assert_eq!(b.pits[player].len(), 16);
        for (i, &n) in pits.iter().enumerate() {
            assert_eq!(b.pits[player][i], Some(n));
            assert_eq!(p.pit(player, i), Some(n));
        }
        assert_eq!(p.pit(player, 16), None);
        assert_eq!(p.pit(player, usize::MAX), None);
    }
    let setup = p.to_setup();
    assert_eq!(setup.total(), 64);
    let back = Omweso::from_setup(setup).unwrap_or_else(|e| panic!("{p}: {e}"));
    if p.pending().is_none() {
        // The status is the board's, unless the last turn ended the game with 2 points
        // or was annulled: those are the cases the notation does not carry either.
        let mut same = back;
        if p.status() != back.status() {
            assert!(
                matches!(
                    p.status(),
                    Status::Annulled | Status::Over(Outcome { points: 2, .. })
                ),
                "{p}: {:?} read back as {:?}",
                p.status(),
                back.status()
            );
            same = *p;
        }
        assert_eq!(same, *p);
        assert_eq!(back.to_string(), p.to_string());
    } else {
        // A paused turn: its setup holds the seeds in hand in the origin pit.
        let pending = p.pending().unwrap();
        let me = p.side_to_move();
        assert_eq!(back.side_to_move(), me);
        assert_eq!(back.pending(), None);
        let mut pits = p.pits(me);
        pits[pending.origin().index()] += pending.hand();
        assert_eq!(back.pits(me), pits);
        assert_eq!(back.pits(me.opponent()), p.pits(me.opponent()));
    }
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
    check_views(&q);
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
        check_views(&p);
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

/// Every position of random games, with and without the two-captures-first option,
/// paused turns, 2-point wins and annulled games included, comes back exactly through
/// serde_json.
#[test]
fn serde_round_trips_every_position() {
    let mut rng = Rng::new(23);
    let (mut positions, mut paused, mut two_points, mut annulled, mut with_option) =
        (0, 0, 0, 0, 0);
    for game in 0..1000 {
        let rules = Rules {
            two_captures_first: game % 2 == 0,
        };
        let start = random_start(&mut rng, rules);
        mancala_testkit::random_game(&start, &mut rng, 400, |p| {
            let json = serde_json::to_string(p).unwrap();
            let back: Omweso =
                serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
            assert_eq!(back, *p, "{json}");
            assert_eq!(back.status(), p.status());
            assert_eq!(back.rules(), p.rules());
            positions += 1;
            paused += usize::from(p.pending().is_some());
            with_option += usize::from(p.rules().two_captures_first);
            match p.status() {
                Status::Annulled => annulled += 1,
                Status::Over(Outcome { points: 2, .. }) => two_points += 1,
                _ => {}
            }
        });
    }
    // Random games are seldom annulled: the endless moves of the known layouts too.
    for line in include_str!("endless_layouts.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let mut p: Omweso = f[..4].join(" ").parse().unwrap();
        p.play(f[4].parse().unwrap()).unwrap();
        assert_eq!(p.status(), Status::Annulled);
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<Omweso>(&json).unwrap(), p, "{json}");
        annulled += 1;
    }
    println!(
        "{positions} positions: {paused} paused, {two_points} won by 2 points, {annulled} annulled"
    );
    assert!(positions > 20_000 && paused > 2_000 && with_option > 10_000);
    assert!(two_points > 200 && annulled > 40, "{two_points} {annulled}");
}

#[test]
fn position_parser_never_panics() {
    // No branch: every case is the property (nothing panics).
    counted("position_parser_never_panics", 2000, "\\PC{0,80}", |s| {
        let _ = s.parse::<Omweso>();
        Ok(true)
    });
}

/// A position of a random game: after up to 80 plies, mostly the last one before the
/// game's end (one in eight the game's last position, ended or not).
fn random_position() -> impl Strategy<Value = Omweso> {
    (any::<u64>(), 0usize..80, 0u8..8).prop_map(|(seed, plies, last)| {
        let mut rng = Rng::new(seed);
        let start = random_start(&mut rng, Rules::default());
        let mut ongoing = start;
        let end = mancala_testkit::random_game(&start, &mut rng, plies, |q| {
            if q.status() == Status::Ongoing {
                ongoing = *q;
            }
        });
        if last == 0 { end } else { ongoing }
    })
}

#[test]
fn valid_notation_reads_back() {
    // Every position of random games (paused turns included) reads back from its
    // notation, and passes the checks of a position.
    counted("valid_notation_reads_back", 1000, random_position(), |p| {
        let text = p.to_string();
        let back: Omweso = text
            .parse()
            .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(back.to_string(), text.clone());
        prop_assert_eq!(total(&back), 64);
        check_position(&back, all_moves());
        // The notation carries all of an ongoing position, not a result that only the
        // turn showed (a beheading's 2 points, an annulment: RULINGS "Details").
        if p.status() == Status::Ongoing {
            prop_assert_eq!(back, p);
            return Ok(true);
        }
        prop_assert_eq!(back.pits(Player::South), p.pits(Player::South));
        Ok(false)
    });
}

#[test]
fn position_parser_refuses_near_misses() {
    // A valid notation with one number one up or down (a pit, so the seeds no longer
    // add up to 64, or a capture count, which then disagrees with the flags or the
    // turns): refused or read as a valid position, never a panic. The main branch: a
    // pit was changed, so the text must be refused.
    let strategy = (
        random_position(),
        any::<prop::sample::Index>(),
        any::<bool>(),
    );
    counted(
        "position_parser_refuses_near_misses",
        1000,
        strategy,
        |(p, at, up)| {
            let text = p.to_string();
            // The numbers of the notation: byte ranges of digit runs.
            let mut runs = Vec::new();
            let mut start = None;
            for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
                match (c.is_ascii_digit(), start) {
                    (true, None) => start = Some(i),
                    (false, Some(s)) => {
                        runs.push(s..i);
                        start = None;
                    }
                    _ => {}
                }
            }
            let run = at.get(&runs).clone();
            let n: u32 = text[run.clone()].parse().unwrap();
            let changed = if up || n == 0 { n + 1 } else { n - 1 };
            let near = format!("{}{changed}{}", &text[..run.start], &text[run.end..]);
            // The board is the text's first field; a pit changed there breaks the total.
            let in_board = run.end <= text.find(' ').unwrap();
            match near.parse::<Omweso>() {
                Ok(q) => {
                    prop_assert!(!in_board, "{} read with a pit changed: {}", near, q);
                    prop_assert_eq!(total(&q), 64);
                    prop_assert_eq!(q.to_string().parse::<Omweso>().unwrap(), q);
                }
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
            Ok(in_board)
        },
    );
}

#[test]
fn move_and_setup_parsers_never_panic() {
    counted(
        "move_and_setup_parsers_never_panic",
        2000,
        "\\PC{0,40}",
        |s| {
            let _ = s.parse::<Move>();
            let _ = s.parse::<Setup>();
            let _ = Omweso::from_notation(&s, Rules::with_two_captures_first());
            let _ = serde_json::from_str::<Omweso>(&s);
            Ok(true)
        },
    );
}

#[test]
fn checked_play_never_panics() {
    let strategy = (
        random_position(),
        proptest::collection::vec(0usize..48, 1..8),
    );
    // The main branch: an illegal move was among the picks, refused with a reason and
    // the position unchanged (legal ones are played).
    counted("checked_play_never_panics", 2000, strategy, |(p, picks)| {
        let moves = all_moves();
        let mut refused = false;
        for k in picks {
            let mut q = p;
            let m = moves[k % moves.len()];
            match q.play(m) {
                Ok(()) => prop_assert!(p.legal_moves().contains(&m)),
                Err(e) => {
                    prop_assert_eq!(q, p);
                    prop_assert!(!e.to_string().is_empty());
                    refused = true;
                }
            }
        }
        Ok(refused)
    });
}

/// The draws a valid start is dealt from: the cap, where each of each player's 32 seeds
/// goes, who moves first, and the rule option.
type Deal = (u8, Vec<usize>, bool, bool);

fn deal_strategy() -> impl Strategy<Value = Deal> {
    (
        2u8..=33,
        proptest::collection::vec(0usize..16, 64),
        any::<bool>(),
        any::<bool>(),
    )
}

/// A valid start (rule 1), dealt directly: each player's 32 seeds one by one into the
/// pit drawn, or the next pit with room under the cap (16 pits of at least 2 hold 32).
fn dealt((cap, seeds, north, option): &Deal) -> Setup {
    let mut pits = ByPlayer::new([0u8; 16], [0u8; 16]);
    for (k, &drawn) in seeds.iter().enumerate() {
        let row = &mut pits[Player::ALL[k / 32]];
        let pit = (0..16)
            .map(|d| (drawn + d) % 16)
            .find(|&i| row[i] < *cap)
            .unwrap();
        row[pit] += 1;
    }
    Setup {
        pits,
        to_move: if *north { Player::North } else { Player::South },
        rules: Rules {
            two_captures_first: *option,
        },
        ..Setup::standard().with_cap(*cap)
    }
}

/// Valid setups, generated directly, are accepted and read back.
#[test]
fn valid_setups_are_accepted() {
    counted("valid_setups_are_accepted", 1000, deal_strategy(), |deal| {
        let setup = dealt(&deal);
        prop_assert!(setup.pits.south.iter().all(|&n| n <= setup.cap));
        prop_assert_eq!(setup.total(), 64);
        prop_assert_eq!(setup.validate(), Ok(()));
        let Ok(p) = Omweso::from_setup(setup) else {
            return Ok(false);
        };
        prop_assert_eq!(total(&p), 64);
        prop_assert_eq!(p.status(), Status::Ongoing);
        prop_assert_eq!(p.side_to_move(), setup.to_move);
        prop_assert_eq!(p.rules(), setup.rules);
        // Read back: the same pits and flags; the cap is the default, or the largest pit.
        let largest = setup
            .pits
            .south
            .iter()
            .chain(&setup.pits.north)
            .copied()
            .max()
            .unwrap();
        let back = p.to_setup();
        prop_assert_eq!(back, setup.with_cap(largest.max(DEFAULT_CAP)));
        prop_assert_eq!(Omweso::from_setup(back), Ok(p));
        // The notation of the setup and of the position agree, and parse back.
        prop_assert_eq!(setup.to_string(), p.to_string());
        let parsed: Setup = setup.to_string().parse().unwrap();
        prop_assert_eq!(
            parsed,
            Setup {
                rules: Rules::default(),
                ..back.with_cap(DEFAULT_CAP)
            }
        );
        prop_assert_eq!(
            Omweso::from_notation(&p.to_string(), p.rules()).is_ok(),
            largest <= DEFAULT_CAP
        );
        Ok(true)
    });
}

/// A valid setup broken one way is refused with the error that names it.
#[test]
fn broken_setups_are_refused() {
    let strategy = (deal_strategy(), 0usize..7, 0usize..16, 1u8..=40);
    counted(
        "broken_setups_are_refused",
        1000,
        strategy,
        |(deal, how, pit, k)| {
            let mut s = dealt(&deal);
            let me = s.to_move;
            let expected = match how {
                // A seed more or fewer for South, or one moved from North to South.
                0..=2 => {
                    let south = &mut s.pits.south;
                    let i = (pit..pit + 16)
                        .map(|j| j % 16)
                        .find(|&j| south[j] > 0)
                        .unwrap();
                    match how {
                        0 => south[i] -= 1,
                        1 => south[i] += 1,
                        _ => {
                            let north = &mut s.pits.north;
                            let j = (pit..pit + 16)
                                .map(|j| j % 16)
                                .find(|&j| north[j] > 0)
                                .unwrap();
                            north[j] -= 1;
                            south[i] += 1;
                        }
                    }
                    if south[i] > s.cap {
                        SetupError::OverCap {
                            player: Player::South,
                            pit: (b'a' + i as u8) as char,
                            seeds: south[i],
                            cap: s.cap,
                        }
                    } else {
                        SetupError::PlayerTotal {
                            player: Player::South,
                            found: 32 + u16::from(how > 0) - u16::from(how == 0),
                        }
                    }
                }
                // A cap below the fullest pit.
                3 => {
                    let largest = *s.pits.north.iter().max().unwrap();
                    let i = s.pits.north.iter().position(|&n| n == largest).unwrap();
                    s.pits.south = [2; 16];
                    s.cap = largest - 1;
                    if largest < 3 {
                        return Ok(false);
                    }
                    SetupError::OverCap {
                        player: Player::North,
                        pit: (b'a' + i as u8) as char,
                        seeds: largest,
                        cap: largest - 1,
                    }
                }
                // Later in a game: 64 seeds in all, not 64 + k or 64 - k.
                4 => {
                    s.first_turn_over = ByPlayer::new(true, true);
                    let row = &mut s.pits[me];
                    if k % 2 == 0 {
                        row[pit] += k;
                    } else {
                        let i = (pit..pit + 16)
                            .map(|j| j % 16)
                            .find(|&j| row[j] > 0)
                            .unwrap();
                        row[i] -= k.min(row[i]);
                    }
                    SetupError::SeedTotal { found: s.total() }
                }
                // A capture count without flag 'c', or flag 'c' without one.
                5 => {
                    s.first_turn_over = ByPlayer::new(true, true);
                    if k % 2 == 0 {
                        s.capture_made = true;
                    } else {
                        s.capture_turns[me] = u16::from(k);
                    }
                    SetupError::CaptureFlag
                }
                // Turns alternate; no capture on a first turn.
                _ => {
                    if k % 2 == 0 {
                        s.first_turn_over[me] = true;
                        SetupError::TurnOrder
                    } else {
                        s.first_turn_over[me] = true;
                        s.first_turn_over[me.opponent()] = true;
                        s.first_turn_over[me] = false;
                        s.capture_made = true;
                        s.capture_turns[me] = 1;
                        SetupError::CaptureOnFirstTurn { player: me }
                    }
                }
            };
            let got = Omweso::from_setup(s);
            prop_assert_eq!(got, Err(expected));
            prop_assert_eq!(s.validate(), Err(expected));
            prop_assert!(!expected.to_string().is_empty());
            Ok(true)
        },
    );
}

/// Any setup at all: `from_setup` never panics, and accepts exactly what the rules
/// allow (an independent check). Most are refused: that is this property's main branch.
#[test]
fn any_setup_is_judged_by_the_rules() {
    let strategy = (
        proptest::collection::vec(prop_oneof![0u8..6, any::<u8>()], 32),
        any::<u8>(),
        any::<[bool; 4]>(),
        (0u16..3, 0u16..3),
    );
    counted(
        "any_setup_is_judged_by_the_rules",
        2000,
        strategy,
        |(pits, cap, flags, (cs, cn))| {
            let mut s = Setup::standard().with_cap(cap);
            s.pits.south.copy_from_slice(&pits[..16]);
            s.pits.north.copy_from_slice(&pits[16..]);
            s.to_move = if flags[0] {
                Player::North
            } else {
                Player::South
            };
            s.first_turn_over = ByPlayer::new(flags[1], flags[2]);
            s.capture_made = flags[3];
            s.capture_turns = ByPlayer::new(cs, cn);
            let sum = |row: &[u8; 16]| row.iter().map(|&n| u32::from(n)).sum::<u32>();
            let flags_ok = s.capture_made == (cs + cn > 0)
                && (cs == 0 || flags[1])
                && (cn == 0 || flags[2])
                // The player to move has not played, or both have.
                && (!s.first_turn_over[s.to_move] || s.first_turn_over[s.to_move.opponent()]);
            let start = !flags[1] && !flags[2] && !flags[3];
            let seeds_ok = if start {
                Player::ALL
                    .iter()
                    .all(|&p| sum(&s.pits[p]) == 32 && s.pits[p].iter().all(|&n| n <= cap))
            } else {
                sum(&s.pits.south) + sum(&s.pits.north) == 64
            };
            match Omweso::from_setup(s) {
                Ok(p) => {
                    prop_assert!(flags_ok && seeds_ok);
                    prop_assert_eq!(total(&p), 64);
                    Ok(false)
                }
                Err(e) => {
                    prop_assert!(!(flags_ok && seeds_ok), "{s:?} refused: {e}");
                    prop_assert!(!e.to_string().is_empty());
                    Ok(true)
                }
            }
        },
    );
}
