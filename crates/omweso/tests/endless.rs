//! Rule 8: endless moves, detected exactly with Brent's cycle finder.

use std::time::Instant;

use mancala_core::{Position, Status};
use omweso::{Omweso, PlayError};

/// Issue 7: a North move whose lap state first repeats only after about 90 million
/// laps. Resolving it must take under a second in a release build.
const LONG: &str = "2,0,0,1,0,1,2,1/0,0,0,1,0,0,0,0/6,2,5,7,12,1,5,2/0,4,0,4,3,0,3,2 N snc 1-4";

#[test]
#[cfg_attr(debug_assertions, ignore = "90 million laps: run in release")]
fn ninety_million_laps_in_under_a_second() {
    let p: Omweso = LONG.parse().unwrap();
    let mut endless = 0;
    for m in p.legal_moves() {
        let mut q = p;
        let t = Instant::now();
        let r = q.play_reporting(m);
        let secs = t.elapsed().as_secs_f64();
        println!("{m}: {r:?} in {secs:.3} s");
        if let Err(PlayError::Endless(e)) = r {
            endless += 1;
            assert_eq!(q.status(), Status::Annulled);
            assert_eq!(q.to_string(), LONG, "the board stays as it was");
            assert!(secs < 1.0, "{m}: {} laps took {secs:.3} s", e.laps);
        }
    }
    assert!(endless >= 1);
}
