//! Urim through serde_json: any text as a position (2×6, 2×7), a setup and a move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_fuzz::{as_json, serde_text, serde_value, text};
use urim::{Setup, Urim};

fuzz_target!(|data: &[u8]| {
    if let Some(t) = text(data) {
        serde_text::<Urim<6>>(t);
        serde_text::<Urim<7>>(t);
        for json in as_json(t) {
            serde_value::<Setup<6>>(&json);
            serde_value::<Setup<7>>(&json);
        }
    }
});
