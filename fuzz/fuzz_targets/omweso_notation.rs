//! Omweso's notation: any text as a position (with either rule option), a setup and a
//! move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_fuzz::{check_whole, notation, text};
use omweso::{Omweso, Rules, Setup};

fuzz_target!(|data: &[u8]| {
    if let Some(t) = text(data) {
        notation::<Omweso, Setup>(t);
        if let Ok(p) = Omweso::from_notation(t, Rules::with_two_captures_first()) {
            let shown = p.to_string();
            let back = Omweso::from_notation(&shown, p.rules())
                .unwrap_or_else(|e| panic!("{shown:?} (from {t:?}) refused: {e}"));
            assert_eq!(back, p);
            check_whole(&p);
        }
    }
});
