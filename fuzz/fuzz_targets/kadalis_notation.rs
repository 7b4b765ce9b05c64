//! Rio Kadalis's notation: any text as a position (2×6, 2×5, either direction), a setup
//! and a move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_fuzz::{notation, text};
use rio_kadalis::{Kadalis, Setup};

fuzz_target!(|data: &[u8]| {
    if let Some(t) = text(data) {
        notation::<Kadalis<6>, Setup<6>>(t);
        notation::<Kadalis<5>, Setup<5>>(t);
        notation::<Kadalis<6, true>, Setup<6>>(t);
        notation::<Kadalis<5, true>, Setup<5>>(t);
    }
});
