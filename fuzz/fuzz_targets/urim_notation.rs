//! Urim's notation: any text as a position (2×6 and 2×7), a setup and a move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_fuzz::{notation, text};
use urim::{Setup, Urim};

fuzz_target!(|data: &[u8]| {
    if let Some(t) = text(data) {
        notation::<Urim<6>, Setup<6>>(t);
        notation::<Urim<7>, Setup<7>>(t);
        let _ = urim::row_length(t);
    }
});
