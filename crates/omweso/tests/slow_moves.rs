//! The slow endless moves (`slow_moves.txt`), proven endless by the rules' walk
//! (`Omweso::play_reporting_endless`: Brent's finder and distinguished states on the lap state
//! seen from the hand) after the laps recorded, which the full-state walk
//! (`play_reporting_endless_oracle`, Brent on the whole lap state: the walk before, kept as the
//! oracle) recorded too. The oracle is run here on the moves it proves within 300 million
//! laps; `cargo run --release -p omweso --example endless_time -- corpus
//! crates/omweso/tests/slow_moves.txt` runs it on all of them (a few minutes) and times
//! both (docs/performance.md).

use omweso::{Move, Omweso, Position, Status};

/// Position, move, the full-state walk's laps, the turning walk's laps.
fn corpus() -> Vec<(String, Move, u64, u64)> {
    include_str!("slow_moves.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[..4].join(" "),
                f[4].parse().unwrap(),
                f[5].parse().unwrap(),
                f[6].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "hundreds of millions of laps: run in release"
)]
fn the_slow_moves_are_proven_endless() {
    let moves = corpus();
    assert!(moves.len() >= 10);
    let mut by_oracle = 0;
    for (text, m, full_laps, laps) in moves {
        let p: Omweso = text.parse().unwrap();
        let mut q = p;
        let e = q.play_reporting_endless(m).unwrap().expect("endless");
        assert_eq!(e.laps, laps, "{text} {m}");
        assert!(laps <= full_laps, "{text} {m}");
        assert_eq!(q.status(), Status::Annulled);
        assert_eq!(q.to_string(), text, "the move is not carried out");
        if full_laps <= 300_000_000 {
            let mut o = p;
            let full = o
                .play_reporting_endless_oracle(m)
                .unwrap()
                .expect("endless");
            assert_eq!(full.laps, full_laps, "{text} {m}");
            assert_eq!(o, q);
            by_oracle += 1;
        }
    }
    assert!(by_oracle >= 2);
}
