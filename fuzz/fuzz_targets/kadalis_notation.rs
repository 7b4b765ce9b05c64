//! Rio Kadalis's notation: any text as a position (2×6, 2×5, either direction), a setup
//! and a move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_fuzz::{notation, text};
use rio_kadalis::{RioKadalis, Setup};

fuzz_target!(|data: &[u8]| {
    if let Some(t) = text(data) {
        notation::<RioKadalis<6>, Setup<6>>(t);
        notation::<RioKadalis<5>, Setup<5>>(t);
        notation::<RioKadalis<6, true>, Setup<6>>(t);
        notation::<RioKadalis<5, true>, Setup<5>>(t);
    }
});
