//! Rule 8: endless moves, detected exactly: Brent's cycle finder and distinguished states
//! on the state seen from the hand (`play_reporting_endless`), or Brent on the full lap state
//! (`play_reporting_endless_oracle`, the test oracle).

use omweso::{Omweso, Position, Status};

/// A North move whose lap state first repeats only after about 90 million
/// laps (its state seen from the hand after about 10 million). Its cost is measured by
/// the `omweso-endless` criterion bench (`benches/games.rs`) and reported in
/// `docs/performance.md`; this test checks the result exactly, with both walks.
const LONG: &str = "2,0,0,1,0,1,2,1/0,0,0,1,0,0,0,0/6,2,5,7,12,1,5,2/0,4,0,4,3,0,3,2 N snc 1-4";

#[test]
#[cfg_attr(debug_assertions, ignore = "90 million laps: run in release")]
fn the_ninety_million_lap_move_is_annulled() {
    let p: Omweso = LONG.parse().unwrap();
    let mut endless = Vec::new();
    for m in p.legal_moves() {
        let mut q = p;
        let r = q.play_reporting_endless(m);
        if let Ok(Some(e)) = r {
            endless.push(m.to_string());
            assert_eq!(q.status(), Status::Annulled);
            assert_eq!(q.to_string(), LONG, "the board stays as it was");
            assert_eq!(e.laps, 11_494_010);
            // The full-state walk: Brent examines at most about 3x the laps before the
            // first repeat.
            let mut o = p;
            let full = o.play_reporting_endless_oracle(m).unwrap().unwrap();
            assert_eq!(full.laps, 224_019_951);
            assert_eq!(o, q);
        }
    }
    assert_eq!(endless, ["d"]);
}

#[test]
fn an_endless_layout_is_annulled() {
    // Found by a search of random layouts (now `random_layouts_agree_with_a_hashset_detector`
    // in tests/reference.rs): South's j relays for ever (no capture is possible:
    // North's inner row is empty; Brent finds the repeat of the full lap state after 219
    // laps, of the state seen from the hand after 109).
    let text = "0,1,0,1,0,1,4,3/3,2,3,2,1,0,1,2/0,0,0,0,0,0,0,0/7,4,4,3,5,6,6,5 S n 0-0";
    let p: Omweso = text.parse().unwrap();
    let mut q = p;
    q.play("j".parse().unwrap()).unwrap();
    assert_eq!(q.status(), Status::Annulled);
    assert_eq!(q.to_string(), text, "the move is not carried out");
    assert!(q.legal_moves().is_empty());
    let mut r = p;
    assert!(matches!(r.play_reporting_endless("j".parse().unwrap()), Ok(Some(e)) if e.laps == 109));
    let mut o = p;
    let full = o.play_reporting_endless_oracle("j".parse().unwrap());
    assert!(matches!(full, Ok(Some(e)) if e.laps == 219));
    assert_eq!(o, r);
    // Another move of the same layout ends normally.
    let mut s = p;
    s.play("i".parse().unwrap()).unwrap();
    assert_eq!(s.status(), Status::Ongoing);
}
