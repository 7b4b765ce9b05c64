//! Perft of the start against the counts of OpenSpiel's `mancala` (tools/openspiel_kalah.py).

use kalah::Kalah;
use mancala_core::perft::perft;

#[test]
fn start_matches_openspiel() {
    let start = Kalah::new();
    let expected = [6, 35, 185, 942, 4690, 23233, 114430];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&start, d as u32 + 1), n, "depth {}", d + 1);
    }
}
