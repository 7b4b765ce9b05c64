//! Omweso through serde_json: any text as a position, a setup and a move, as it is, as
//! a JSON string, and as the position's map with the text as its notation.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_fuzz::{as_json, serde_position, serde_text, serde_value, text};
use omweso::{Omweso, Setup};

fuzz_target!(|data: &[u8]| {
    if let Some(t) = text(data) {
        serde_text::<Omweso>(t);
        for json in as_json(t) {
            serde_value::<Setup>(&json);
        }
        for status in ["ongoing", "annulled", "over S 1", "over N 2", "over S 12"] {
            let map = serde_json::json!({
                "position": t,
                "rules": { "two_captures_first": t.len() % 2 == 1 },
                "cap": 10,
                "status": status,
            });
            serde_position::<Omweso>(&map.to_string());
        }
    }
});
