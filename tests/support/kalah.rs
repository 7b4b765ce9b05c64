//! The Kalah rule sets the tests across every game play: 2, 4, 6 and 10 pits, each
//! with the default options and with both options on (`empty-capture`, `mover-empty`).

use mancala::kalah::{Ending, Rules};

/// Every rule set the tests play.
pub fn every_rules() -> impl Iterator<Item = Rules> {
    [2, 4, 6, 10].into_iter().flat_map(|pits| {
        [(false, Ending::AnySideEmpty), (true, Ending::MoverEmpty)].map(
            move |(empty_capture, ending)| Rules {
                pits,
                empty_capture,
                ending,
            },
        )
    })
}
