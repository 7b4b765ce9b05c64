//! The crate against the slow reference implementation (`common/reference.rs`): legal
//! moves, every position and status of thousands of random games, perft counts, and
//! endless moves (Brent against a `HashSet` of every state).

mod common;

use common::reference::{RStatus, Ref};
use common::{random_start, status_of};
use mancala_core::perft::perft;
use mancala_testkit::Rng;
use omweso::{Omweso, Player, Position, Rules, Status};

fn moves_of(p: &Omweso) -> Vec<String> {
    p.legal_moves().iter().map(ToString::to_string).collect()
}

/// Plays `games` random games in both implementations and compares every ply.
/// Returns (plies, annulled games, decisions seen).
fn cross_check_games(seed: u64, games: usize, max_plies: usize) -> (usize, usize, usize) {
    let mut rng = Rng::new(seed);
    let (mut plies, mut annulled, mut decisions) = (0, 0, 0);
    for g in 0..games {
        let rules = Rules {
            two_captures_first: rng.below(3) == 0,
        };
        let mut p = random_start(&mut rng, rules);
        let mut r = Ref::parse(&p.to_string(), rules.two_captures_first);
        assert_eq!(r.to_string(), p.to_string());
        for _ in 0..max_plies {
            let moves = moves_of(&p);
            assert_eq!(moves, r.legal_moves(), "game {g}: moves differ in {p}");
            if moves.is_empty() {
                break;
            }
            let m = &moves[rng.below(moves.len())];
            let shown = p.to_string();
            // The reference keeps every lap state: leave it the endless moves whose
            // first repeat comes late (Brent's count is at most 3 times that).
            if let Ok(Some(e)) = p.play_reporting_endless(m.parse().unwrap())
                && e.laps > 1_000_000
            {
                println!(
                    "game {g}: {m} from {shown} is endless after {} laps (not replayed)",
                    e.laps
                );
                break;
            }
            r.play(m);
            plies += 1;
            assert_eq!(
                p.to_string(),
                r.to_string(),
                "game {g}: after {m} from {shown}"
            );
            assert_eq!(
                status_of(&p),
                r.status,
                "game {g}: status after {m} from {shown}"
            );
            if p.pending().is_some() {
                decisions += 1;
            }
            assert_eq!(
                p.seeds_of(Player::South) + p.seeds_of(Player::North) + p.seeds_in_hand(),
                64
            );
        }
        if p.status() == Status::Annulled {
            annulled += 1;
        }
    }
    (plies, annulled, decisions)
}

#[test]
fn random_games_agree_with_the_reference() {
    let (plies, annulled, decisions) = cross_check_games(1, 200, 400);
    println!("{plies} plies, {annulled} annulled games, {decisions} decisions");
    assert!(plies > 3_000, "{plies} plies");
    assert!(decisions > 0, "no mid-turn decision was reached");
}

#[test]
#[ignore = "thousands of games: run in release"]
fn many_random_games_agree_with_the_reference() {
    let (plies, annulled, decisions) = cross_check_games(2, 5_000, 1_000);
    println!("{plies} plies, {annulled} annulled games, {decisions} decisions");
}

/// Positions reached by random play, for perft cross-checks.
fn midgame(seed: u64, plies: usize) -> Omweso {
    let mut rng = Rng::new(seed);
    loop {
        let start = random_start(&mut rng, Rules::default());
        let p = mancala_testkit::random_game(&start, &mut rng, plies, |_| {});
        if p.status() == Status::Ongoing {
            return p;
        }
    }
}

#[test]
fn perft_agrees_with_the_reference() {
    let start = Omweso::new();
    for d in 0..=3 {
        let r = Ref::parse(&start.to_string(), false);
        assert_eq!(perft(&start, d), r.perft(d), "start depth {d}");
    }
    for seed in 0..6 {
        let p = midgame(seed, 10 + seed as usize * 7);
        let r = Ref::parse(&p.to_string(), false);
        for d in 1..=2 {
            assert_eq!(perft(&p, d), r.perft(d), "{p} depth {d}");
        }
    }
}

/// Random layouts where endless moves are common: South holds 20 to 45 seeds, and cannot capture (its first turn, or North's inner
/// row empty) or only in a few columns.
fn endless_prone_layout(rng: &mut Rng) -> Omweso {
    let mut south = [0u8; 16];
    let seeds = 20 + rng.below(26);
    for _ in 0..seeds {
        south[rng.below(16)] += 1;
    }
    let mut north = [0u8; 16];
    let kind = rng.below(3);
    for _ in 0..64 - seeds {
        // kind 0 and 1: North's seeds in its outer row only; kind 2: anywhere.
        let pit = if kind == 2 {
            rng.below(16)
        } else {
            8 + rng.below(8)
        };
        north[pit] += 1;
    }
    let flags = if kind == 0 { "n" } else { "sn" };
    let row = |p: &[u8; 16], a: usize| {
        p[a..a + 8]
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let text = format!(
        "{}/{}/{}/{} S {flags} 0-0",
        row(&south, 0),
        row(&south, 8),
        row(&north, 0),
        row(&north, 8)
    );
    text.parse().unwrap()
}

#[test]
fn known_endless_moves_agree_with_a_hashset_detector() {
    let data = include_str!("endless_layouts.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (text, m, laps) = (f[..4].join(" "), f[4], f[5].parse::<u64>().unwrap());
        let p: Omweso = text.parse().unwrap();
        let mut fast = p;
        let Ok(Some(e)) = fast.play_reporting_endless_oracle(m.parse().unwrap()) else {
            panic!("{m} from {text} is not endless");
        };
        assert_eq!(e.laps, laps, "{line}");
        assert_eq!(fast.status(), Status::Annulled);
        assert_eq!(fast.to_string(), text, "the board stays as it was");
        // The rules' walk, on the state seen from the hand: endless too, found no later.
        let mut turning = p;
        let Ok(Some(t)) = turning.play_reporting_endless(m.parse().unwrap()) else {
            panic!("{m} from {text} is not endless for the turning walk");
        };
        assert!(t.laps <= e.laps, "{line}: {} laps", t.laps);
        assert_eq!(turning, fast);
        let mut slow = Ref::parse(&text, false);
        let first_repeat = slow.play(m);
        assert_eq!(slow.status, RStatus::Annulled, "{line}");
        // Brent examines at least the laps to the first repeat, at most about 3 times
        // as many (the reference also counts the move's first lap).
        assert!(
            e.laps + 1 >= first_repeat && e.laps <= 3 * first_repeat,
            "{line}: first repeat {first_repeat}"
        );
        checked += 1;
    }
    assert!(checked >= 40);
}

#[test]
fn random_layouts_agree_with_a_hashset_detector() {
    let mut rng = Rng::new(7);
    let (mut endless, mut ended, mut long) = (0, 0, 0);
    for _ in 0..400 {
        let p = endless_prone_layout(&mut rng);
        for m in moves_of(&p) {
            let mut fast = p;
            // Brent may need up to 3 times the laps of the first repeat; the reference
            // keeps every state, so it only takes the moves of moderate length.
            let laps = match fast.play_reporting_endless(m.parse().unwrap()) {
                Ok(Some(e)) => e.laps,
                _ => 0,
            };
            if laps > 300_000 {
                long += 1;
                continue;
            }
            let mut slow = Ref::parse(&p.to_string(), false);
            slow.play(&m);
            assert_eq!(fast.to_string(), slow.to_string(), "{m} from {p}");
            assert_eq!(status_of(&fast), slow.status, "{m} from {p}");
            if slow.status == RStatus::Annulled {
                endless += 1;
            } else {
                ended += 1;
            }
        }
    }
    println!("{endless} endless moves, {ended} that end, {long} long ones skipped");
    assert!(ended > 1_000);
}
