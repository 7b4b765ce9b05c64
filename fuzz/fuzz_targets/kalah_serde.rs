//! Kalah through serde_json: any text as a position, a setup and a move.
#![no_main]

use kalah::{Kalah, Setup};
use libfuzzer_sys::fuzz_target;
use mancala_fuzz::{as_json, serde_text, serde_value, text};

fuzz_target!(|data: &[u8]| {
    if let Some(t) = text(data) {
        serde_text::<Kalah>(t);
        for json in as_json(t) {
            serde_value::<Setup>(&json);
        }
    }
});
