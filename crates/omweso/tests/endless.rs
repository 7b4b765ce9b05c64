//! Rule 8: endless moves, detected exactly with Brent's cycle finder.

use omweso::{Omweso, Position, Status};

/// Issue 7: a North move whose lap state first repeats only after about 90 million
/// laps. Its cost is measured by the `omweso-endless` criterion bench
/// (`benches/games.rs`) and reported in `docs/performance.md`; this test checks the
/// result exactly.
const LONG: &str = "2,0,0,1,0,1,2,1/0,0,0,1,0,0,0,0/6,2,5,7,12,1,5,2/0,4,0,4,3,0,3,2 N snc 1-4";

#[test]
#[cfg_attr(debug_assertions, ignore = "90 million laps: run in release")]
fn the_ninety_million_lap_move_is_annulled() {
    let p: Omweso = LONG.parse().unwrap();
    let mut endless = Vec::new();
    for m in p.legal_moves() {
        let mut q = p;
        let r = q.play_reporting(m);
        if let Ok(Some(e)) = r {
            endless.push(m.to_string());
            assert_eq!(q.status(), Status::Annulled);
            assert_eq!(q.to_string(), LONG, "the board stays as it was");
            // Brent examines at most about 3x the laps before the first repeat.
            assert!(
                e.laps > 90_000_000 && e.laps < 300_000_000,
                "{} laps",
                e.laps
            );
        }
    }
    assert_eq!(endless, ["d"]);
}

#[test]
fn an_endless_layout_is_annulled() {
    // Found by search_endless_layouts: South's j relays for ever (no capture is possible:
    // North's inner row is empty; Brent finds the repeat after 219 laps).
    let text = "0,1,0,1,0,1,4,3/3,2,3,2,1,0,1,2/0,0,0,0,0,0,0,0/7,4,4,3,5,6,6,5 S n 0-0";
    let p: Omweso = text.parse().unwrap();
    let mut q = p;
    q.play("j".parse().unwrap()).unwrap();
    assert_eq!(q.status(), Status::Annulled);
    assert_eq!(q.to_string(), text, "the move is not carried out");
    assert!(q.legal_moves().is_empty());
    let mut r = p;
    assert!(matches!(r.play_reporting("j".parse().unwrap()), Ok(Some(e)) if e.laps == 219));
    // Another move of the same layout ends normally.
    let mut s = p;
    s.play("i".parse().unwrap()).unwrap();
    assert_eq!(s.status(), Status::Ongoing);
}

/// Searches random layouts for endless moves and prints them with their laps (a helper
/// for finding test layouts; run with `--ignored --nocapture`).
#[test]
#[ignore = "a search helper"]
fn search_endless_layouts() {
    use mancala_testkit::Rng;
    let mut rng = Rng::new(99);
    let mut found = 0;
    for _ in 0..400_000 {
        let seeds = 20 + rng.below(45);
        let mut south = [0u8; 16];
        for _ in 0..seeds {
            south[rng.below(16)] += 1;
        }
        let mut north = [0u8; 16];
        for _ in 0..64 - seeds {
            north[8 + rng.below(8)] += 1;
        }
        let row = |p: &[u8; 16], a: usize| {
            p[a..a + 8]
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        let text = format!(
            "{}/{}/{}/{} S n 0-0",
            row(&south, 0),
            row(&south, 8),
            row(&north, 0),
            row(&north, 8)
        );
        let p: Omweso = text.parse().unwrap();
        for m in p.legal_moves() {
            let mut q = p;
            if let Ok(Some(e)) = q.play_reporting(m) {
                found += 1;
                if e.laps < 100_000 {
                    println!("{text} {m} {}", e.laps);
                }
            }
        }
    }
    println!("{found} endless moves");
}
