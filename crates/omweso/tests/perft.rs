//! Perft vectors (`tests/omweso.perft`), read by the workspace's generic driver.

mod common;

use mancala_core::perft::perft;
use omweso::{Omweso, Rules};

fn build(case: &mancala_testkit::PerftCase) -> Omweso {
    let rules = Rules {
        two_captures_first: case.options.iter().any(|o| o == "two-captures-first"),
    };
    Omweso::from_notation(&case.position, rules).unwrap_or_else(|e| panic!("{}: {e}", case.id))
}

#[test]
fn perft_vectors() {
    // Counts up to 60,000 nodes here; every count in release (below).
    let checked = mancala_testkit::run_perft_file(include_str!("omweso.perft"), 60_000, build);
    assert!(checked >= 10);
}

#[test]
#[ignore = "every count of the file: run in release"]
fn perft_vectors_all() {
    mancala_testkit::run_perft_file(include_str!("omweso.perft"), u64::MAX, build);
}

/// Prints perft counts of the fast implementation and the reference, for writing the
/// vector file (run with `--ignored --nocapture`, in release).
#[test]
#[ignore = "a helper that prints counts"]
fn print_perft_counts() {
    let positions = ["0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 S - 0-0"];
    let extra: Vec<String> = std::env::var("OMWESO_PERFT")
        .map(|s| s.split(';').map(String::from).collect())
        .unwrap_or_default();
    let depth: u32 = std::env::var("OMWESO_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(4);
    let ref_depth: u32 = std::env::var("OMWESO_REF_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    let tcf = std::env::var("OMWESO_TWO_CAPTURES_FIRST").is_ok();
    let rules = Rules {
        two_captures_first: tcf,
    };
    for text in positions.iter().map(|s| s.to_string()).chain(extra) {
        let p = Omweso::from_notation(&text, rules).unwrap();
        println!("position {text}");
        for d in 1..=depth {
            let n = perft(&p, d);
            let r = if d <= ref_depth {
                Some(common::reference::Ref::parse(&text, tcf).perft(d))
            } else {
                None
            };
            println!("perft {d} {n}   reference {r:?}");
        }
    }
}

/// Prints midgame positions with reverse moves, splits or a paused turn, as perft
/// candidates (run with `--ignored --nocapture`).
#[test]
#[ignore = "a helper that prints positions"]
fn print_midgame_candidates() {
    use mancala_core::Position;
    let mut rng = mancala_testkit::Rng::new(2024);
    let mut shown = 0;
    while shown < 12 {
        let start = Omweso::new();
        let plies = 4 + rng.below(30);
        let p = mancala_testkit::random_game(&start, &mut rng, plies, |_| {});
        if p.is_finished() {
            continue;
        }
        let moves: Vec<String> = p.legal_moves().iter().map(ToString::to_string).collect();
        let rev = moves.iter().any(|m| m.ends_with('-'));
        let split = moves.iter().any(|m| m.ends_with('*'));
        if rev || split || p.pending().is_some() {
            println!("{p}   [{}]", moves.join(" "));
            shown += 1;
        }
    }
}
