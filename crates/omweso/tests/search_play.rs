//! `Position::play_in_search`, the search's way of playing a move (bounded relays and a
//! memo of long ones), against the exact `play_unchecked`: an endless move is never
//! taken as ending, and every move that the bounded walk sees end (or cycle) gives
//! exactly the position of the exact walk, with or without the memo.

use mancala_testkit::counted;
use omweso::{MemoSlot, MemoStats, Move, Omweso, Player, Position, SearchMemo, Status};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// The bound of the engines (`mancala_search::alphabeta::ENDLESS_AFTER`).
const BOUND: u64 = 1 << 16;

/// `m` played from `p` by `play_in_search` with `slots` and `limit`; whether it was taken
/// as endless without proof.
fn bounded(p: &Omweso, m: Move, slots: &mut [MemoSlot], limit: u64) -> (Omweso, bool) {
    let mut q = *p;
    let mut stats = MemoStats::default();
    q.play_in_search(m, &mut SearchMemo::new(slots, &mut stats, limit));
    (q, stats.unproven > 0)
}

fn exact(p: &Omweso, m: Move) -> Omweso {
    let mut q = *p;
    q.play_unchecked(m);
    q
}

/// The 45 endless layouts of `endless_layouts.txt` (found by a search of random layouts,
/// each checked against the reference's `HashSet` detector in `tests/reference.rs`):
/// position, move, laps Brent examined.
fn endless_layouts() -> Vec<(Omweso, Move, u64)> {
    include_str!("endless_layouts.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            (
                f[..4].join(" ").parse().unwrap(),
                f[4].parse().unwrap(),
                f[5].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_known_endless_layouts_are_endless_in_the_search_too() {
    let layouts = endless_layouts();
    assert!(layouts.len() >= 40);
    let mut slots = vec![MemoSlot::default(); 1 << 10];
    for (p, m, laps) in &layouts {
        // With the engines' bound: proven endless, as by the exact walk.
        let (q, unproven) = bounded(p, *m, &mut [], BOUND);
        assert_eq!(q.status(), Status::Annulled, "{p} {m}");
        assert_eq!(q.to_string(), p.to_string(), "the board stays as it was");
        assert!(!unproven, "{p} {m}: {laps} laps are within the bound");
        assert_eq!(exact(p, *m), q);
        // With a bound below its cycle: taken as endless without proof, never as ending.
        let (q, unproven) = bounded(p, *m, &mut [], 100);
        assert_eq!(q.status(), Status::Annulled, "{p} {m}");
        assert!(unproven && *laps > 100, "{p} {m}");
        // Through a memo, twice (the second time from the memo): the same.
        for _ in 0..2 {
            assert_eq!(bounded(p, *m, &mut slots, BOUND).0, q);
            assert_eq!(bounded(p, *m, &mut slots, 100).0, q);
        }
        // The layout's other moves end, the same way in all three.
        for other in p.legal_moves().into_iter().filter(|o| o != m) {
            let e = exact(p, other);
            assert_eq!(bounded(p, other, &mut [], BOUND).0, e, "{p} {other}");
            assert_eq!(bounded(p, other, &mut slots, BOUND).0, e, "{p} {other}");
        }
    }
}

/// Moves that end after a relay of 64 laps or more (`long_relays.txt`, from random games:
/// rare, a few in 100,000 moves), and the endless layouts' moves: all long relays.
/// Played in a shuffled order, several times, through memos that keep them: a tiny one
/// where each relay overwrites others, and a big one. Every answer must be the exact
/// walk's: a memo that returned another relay's result, or a result for another capture
/// mask, would change the position.
#[test]
fn long_relays_are_remembered_exactly() {
    let mut cases: Vec<(Omweso, Move)> = include_str!("long_relays.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            // The position may have a fifth field (a paused turn): the move and the
            // laps are the last two.
            let f: Vec<&str> = line.split_whitespace().collect();
            let n = f.len();
            (
                f[..n - 2].join(" ").parse().unwrap(),
                f[n - 2].parse().unwrap(),
            )
        })
        .collect();
    assert!(cases.len() >= 40);
    cases.extend(endless_layouts().into_iter().map(|(p, m, _)| (p, m)));
    let expected: Vec<Omweso> = cases.iter().map(|(p, m)| exact(p, *m)).collect();
    let ended = expected
        .iter()
        .filter(|q| q.status() != Status::Annulled)
        .count();
    assert!(ended >= 40, "{ended} long relays that end");
    let mut tiny = vec![MemoSlot::default(); 4];
    let mut big = vec![MemoSlot::default(); 1 << 8];
    let mut stats = [MemoStats::default(); 2];
    let mut rng = mancala_testkit::Rng::new(14);
    for _ in 0..6 {
        for _ in 0..cases.len() {
            let i = rng.below(cases.len());
            let (p, m) = &cases[i];
            for (slots, stats) in [&mut tiny, &mut big].into_iter().zip(&mut stats) {
                let mut q = *p;
                q.play_in_search(*m, &mut SearchMemo::new(slots, stats, BOUND));
                assert_eq!(q, expected[i], "{p} {m}");
            }
        }
    }
    // The memos were used: the tiny one sometimes, the big one for most long relays.
    let [tiny, big] = stats;
    assert!(
        tiny.hits > 0 && big.hits > big.probes / 2,
        "{tiny:?} {big:?}"
    );
    assert_eq!(tiny.unproven + big.unproven, 0);
    // A relay given up under a low bound is remembered for that bound only: under the
    // engines' bound, through the same memo, each relay that ends still ends.
    let mut stats = MemoStats::default();
    let mut slots = vec![MemoSlot::default(); 1 << 8];
    for ((p, m), e) in cases.iter().zip(&expected) {
        let mut low = *p;
        low.play_in_search(*m, &mut SearchMemo::new(&mut slots, &mut stats, 32));
        assert_eq!(
            low.status(),
            Status::Annulled,
            "{p} {m}: given up after 63 laps"
        );
        let mut q = *p;
        q.play_in_search(*m, &mut SearchMemo::new(&mut slots, &mut stats, BOUND));
        assert_eq!(q, *e, "{p} {m}");
    }
    assert_eq!(stats.unproven as usize, cases.len());
}

/// The memo tells relays apart by what North can be captured (rule 4): the endless
/// layouts' moves, first where nothing can be captured (South's first turn), then with
/// each column of North made capturable in turn (a seed moved from its outer pit to its
/// inner pit), all through one memo. The relay starts from the same circuit and pit each
/// time, and ends or cycles differently.
#[test]
fn the_memo_tells_capture_masks_apart() {
    let mut slots = vec![MemoSlot::default(); 1 << 10];
    let mut stats = MemoStats::default();
    let mut differ = 0;
    for (p, m, _) in endless_layouts() {
        let mut q = p;
        q.play_in_search(m, &mut SearchMemo::new(&mut slots, &mut stats, BOUND));
        assert_eq!(q.status(), Status::Annulled);
        let mut north = p.pits(Player::North);
        for column in 0..8 {
            if north[8 + column] < 2 {
                continue;
            }
            north[8 + column] -= 1;
            north[column] += 1;
            let mut setup = p.to_setup();
            setup.pits.north = north;
            setup.first_turn_over.south = true;
            let v = Omweso::from_setup(setup).unwrap();
            let e = exact(&v, m);
            differ += usize::from(e.status() != Status::Annulled);
            let mut q = v;
            q.play_in_search(m, &mut SearchMemo::new(&mut slots, &mut stats, BOUND));
            assert_eq!(q, e, "{v} {m}");
            north = p.pits(Player::North);
        }
    }
    // Most variants capture and end (the test would see a result remembered for another
    // mask).
    assert!(differ > 100, "{differ}");
}

/// Positions where long relays are common: a known endless layout with (one time in
/// five) one of South's seeds moved to another pit, and North's seeds rearranged: all in
/// its outer row on South's first turn (no capture, as in the layouts; two times in
/// five), all in its outer row later (`sn`: South may capture, but nothing is
/// capturable; two in five), or a few in its inner row (some columns capturable, so
/// relays stop there and mid-turn decisions arise; one in five).
fn endless_prone() -> impl Strategy<Value = Omweso> {
    let layouts: Vec<Omweso> = endless_layouts().into_iter().map(|(p, ..)| p).collect();
    (
        proptest::sample::select(layouts),
        proptest::option::weighted(0.2, (0usize..16, 0usize..16)),
        0usize..5,
        proptest::collection::vec(0usize..16, 44),
    )
        .prop_map(|(layout, moved, kind, north_pits)| {
            let mut south = layout.pits(Player::South);
            if let Some((from, to)) = moved
                && south[from] > 0
            {
                south[from] -= 1;
                south[to] += 1;
            }
            let seeds: usize = south.iter().map(|&n| usize::from(n)).sum();
            let mut north = [0u8; 16];
            for (k, &i) in north_pits[..64 - seeds].iter().enumerate() {
                // Kind 4: every eighth seed in the inner row (a-h), the rest outer.
                let inner = kind == 4 && k % 8 == 0;
                north[if inner { i % 8 } else { 8 + i % 8 }] += 1;
            }
            let row = |p: &[u8; 16], a: usize| {
                p[a..a + 8]
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let flags = if kind < 2 { "n" } else { "sn" };
            format!(
                "{}/{}/{}/{} S {flags} 0-0",
                row(&south, 0),
                row(&south, 8),
                row(&north, 0),
                row(&north, 8)
            )
            .parse()
            .unwrap()
        })
}

/// Positions of random games (middlegames and later), either player to move: the
/// position after `plies` random plies, or the last one before the game ended.
fn random_game_positions() -> impl Strategy<Value = Omweso> {
    (any::<u64>(), 8usize..60).prop_map(|(seed, plies)| {
        let mut rng = mancala_testkit::Rng::new(seed);
        let mut p = Omweso::new();
        for _ in 0..plies {
            // Only moves the search sees end (an endless one may take seconds to play).
            let next: Vec<Omweso> = p
                .legal_moves()
                .into_iter()
                .map(|m| bounded(&p, m, &mut [], BOUND).0)
                .filter(|q| q.status() != Status::Annulled)
                .collect();
            if next.is_empty() {
                break;
            }
            let q = next[rng.below(next.len())];
            if q.is_finished() {
                break;
            }
            p = q;
        }
        p
    })
}

/// Two memos kept from case to case: one of 1024 slots, one of four, where the keys of
/// different relays and positions collide and overwrite each other all the time.
struct Memos {
    big: Vec<MemoSlot>,
    tiny: Vec<MemoSlot>,
}

impl Memos {
    fn new() -> std::cell::RefCell<Memos> {
        std::cell::RefCell::new(Memos {
            big: vec![MemoSlot::default(); 1 << 10],
            tiny: vec![MemoSlot::default(); 4],
        })
    }
}

/// Every legal move of `p`, bounded (two bounds, with and without the memos, each move
/// played twice) against exact. Returns how many moves had a relay long enough to be
/// looked up in the memo or given up.
fn check_moves(p: &Omweso, memos: &mut Memos) -> Result<usize, TestCaseError> {
    let Memos { big, tiny } = memos;
    let mut long = 0;
    for m in p.legal_moves() {
        let (plain, unproven) = bounded(p, m, &mut [], BOUND);
        let mut stats = MemoStats::default();
        let mut q = *p;
        q.play_in_search(m, &mut SearchMemo::new(big, &mut stats, BOUND));
        if stats.probes > 0 || unproven {
            long += 1;
        }
        // The memo changes nothing but the time taken.
        for _ in 0..2 {
            prop_assert_eq!(bounded(p, m, big, BOUND).0, plain, "{} {}", p, m);
            prop_assert_eq!(bounded(p, m, tiny, BOUND).0, plain, "{} {}", p, m);
        }
        // A lower bound: the same wherever it is not given up.
        let (low, low_unproven) = bounded(p, m, tiny, 300);
        if unproven {
            // Too long to walk exactly here (up to billions of laps): but taken as
            // endless, never as ending.
            prop_assert_eq!(plain.status(), Status::Annulled);
            prop_assert_eq!(plain.to_string(), p.to_string());
            prop_assert!(low_unproven);
            continue;
        }
        let e = exact(p, m);
        prop_assert_eq!(plain, e, "{} {}", p, m);
        if !low_unproven {
            prop_assert_eq!(low, e, "{} {}", p, m);
        } else {
            prop_assert_eq!(low.status(), Status::Annulled);
        }
    }
    Ok(long)
}

#[test]
fn bounded_play_agrees_with_exact_play_where_relays_are_long() {
    // The main branch: a position with a long relay (past the memo's 63 laps, or given
    // up).
    let memos = Memos::new();
    counted(
        "bounded_play_agrees_with_exact_play_where_relays_are_long",
        256,
        endless_prone(),
        |p| Ok(check_moves(&p, &mut memos.borrow_mut())? > 0),
    );
}

#[test]
fn bounded_play_agrees_with_exact_play_in_random_games() {
    // Long relays are rare here; the main branch is a position with a move to check.
    let memos = Memos::new();
    counted(
        "bounded_play_agrees_with_exact_play_in_random_games",
        256,
        random_game_positions(),
        |p| {
            check_moves(&p, &mut memos.borrow_mut())?;
            Ok(!p.legal_moves().is_empty())
        },
    );
}

/// Two moves whose exact walks took 1.7 and 7.5 billion laps (4.6 s and 21 s of
/// CPU) on the full lap state, found by engine games; on the state seen from the hand,
/// 41 and 201 million (`tests/slow_moves.rs`). The search takes them as
/// endless at once, and the exact walk proves them endless.
#[test]
#[cfg_attr(debug_assertions, ignore = "billions of laps: run in release")]
fn the_slowest_known_endless_moves() {
    for (text, m) in [
        (
            "2,1,8,0,2,3,14,0/7,0,5,0,1,0,2,12/0,1,1,0,0,0,0,0/0,1,0,1,1,0,1,1 S snc 5-3",
            "e",
        ),
        (
            "28,3,0,1,2,0,2,0/5,0,0,0,1,2,0,4/0,0,1,0,0,1,1,1/0,0,1,1,0,0,0,10 S sn 0-0",
            "a",
        ),
    ] {
        let p: Omweso = text.parse().unwrap();
        let m: Move = m.parse().unwrap();
        let (q, unproven) = bounded(&p, m, &mut [], BOUND);
        assert!(unproven);
        assert_eq!(q.status(), Status::Annulled);
        assert_eq!(q.to_string(), text);
        let mut r = p;
        let endless = r.play_reporting_endless(m).unwrap().expect("endless");
        assert!(endless.laps > 40_000_000, "{} laps", endless.laps);
        assert_eq!(r, q);
    }
}
