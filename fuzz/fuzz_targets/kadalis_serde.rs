//! Rio Kadalis through serde_json: any text as a position (2×6, 2×5, either direction)
//! and a move, as it is, as a JSON string, and as the position's map
//! `{ "position": <text>, "annulled": <bool> }`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_fuzz::{serde_position, serde_text, text};
use rio_kadalis::RioKadalis;

fn check<const N: usize, const CW: bool>(t: &str, maps: &[String]) {
    serde_text::<RioKadalis<N, CW>>(t);
    for json in maps {
        serde_position::<RioKadalis<N, CW>>(json);
    }
}

fuzz_target!(|data: &[u8]| {
    if let Some(t) = text(data) {
        let maps: Vec<String> = [false, true]
            .iter()
            .map(|&annulled| serde_json::json!({ "position": t, "annulled": annulled }).to_string())
            .collect();
        check::<6, false>(t, &maps);
        check::<5, false>(t, &maps);
        check::<6, true>(t, &maps);
        check::<5, true>(t, &maps);
    }
});
