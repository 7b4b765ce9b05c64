//! Oware through serde_json: any text as a position, a setup and a move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_fuzz::{as_json, serde_text, serde_value, text};
use oware::{Oware, Setup};

fuzz_target!(|data: &[u8]| {
    if let Some(t) = text(data) {
        serde_text::<Oware>(t);
        for json in as_json(t) {
            serde_value::<Setup>(&json);
        }
    }
});
