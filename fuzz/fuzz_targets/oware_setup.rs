//! Oware's setups: any bytes as a setup (every field any value), and setups dealt with
//! 48 or 36 seeds, through `from_setup`; what is accepted gives its setup back and
//! passes every check of a position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::{ByPlayer, Player, Position};
use mancala_fuzz::{Bytes, check_whole, deal};
use oware::{Oware, Setup};

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let mut cells = [0u8; 14];
    if b.flag() {
        for c in &mut cells {
            *c = b.byte();
        }
    } else {
        let total = if b.flag() { 48 } else { 36 };
        deal(&mut b, &mut cells, total, u8::MAX);
    }
    let mut pits = ByPlayer::new([0; 6], [0; 6]);
    pits.south.copy_from_slice(&cells[..6]);
    pits.north.copy_from_slice(&cells[6..12]);
    let s = Setup {
        pits,
        stores: ByPlayer::new(cells[12], cells[13]),
        to_move: if b.flag() {
            Player::North
        } else {
            Player::South
        },
    };
    let text = s.to_string();
    assert_eq!(text.parse::<Setup>(), Ok(s), "{text}");
    match Oware::from_setup(s) {
        Ok(p) => {
            assert_eq!(p.to_setup(), s);
            assert_eq!(p.to_string(), text);
            assert_eq!(Oware::try_from(s), Ok(p));
            check_whole(&p);
        }
        Err(e) => {
            let _ = e.to_string();
            assert!(text.parse::<Oware>().is_err());
        }
    }
    let _ = Oware::start_with(b.byte(), Player::North);
});
