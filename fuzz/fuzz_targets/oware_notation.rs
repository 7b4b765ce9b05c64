//! Oware's notation: any text as a position, a setup and a move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_fuzz::{notation, text};
use oware::{Oware, Setup};

fuzz_target!(|data: &[u8]| {
    if let Some(t) = text(data) {
        notation::<Oware, Setup>(t);
    }
});
