//! Kalah's notation: any text as a position, a setup and a move.
#![no_main]

use kalah::{Kalah, Setup};
use libfuzzer_sys::fuzz_target;
use mancala_fuzz::{notation, text};

fuzz_target!(|data: &[u8]| {
    if let Some(t) = text(data) {
        notation::<Kalah, Setup>(t);
    }
});
