//! Urim's setups: any bytes as a setup (every field any value), and setups dealt with
//! a variant's total, through `from_setup`; what is accepted gives its setup back and
//! passes every check of a position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::{ByPlayer, Player, Position};
use mancala_fuzz::{Bytes, check_whole, deal};
use urim::{Setup, Urim};

fn setup<const N: usize>(b: &mut Bytes<'_>) -> Setup<N> {
    let mut cells = [0u8; 16];
    if b.flag() {
        // Any byte in every field.
        for c in cells.iter_mut().take(2 * N + 2) {
            *c = b.byte();
        }
    } else {
        // A variant's total, at most 17 a pit (stores: any).
        let total = 2 * N as u32 * if b.flag() { 4 } else { 3 };
        deal(b, &mut cells[..2 * N + 2], total, 17);
    }
    let mut pits = ByPlayer::new([0; N], [0; N]);
    pits.south.copy_from_slice(&cells[..N]);
    pits.north.copy_from_slice(&cells[N..2 * N]);
    Setup {
        pits,
        stores: ByPlayer::new(cells[2 * N], cells[2 * N + 1]),
        to_move: if b.flag() {
            Player::North
        } else {
            Player::South
        },
    }
}

fn check<const N: usize>(b: &mut Bytes<'_>) {
    let s = setup::<N>(b);
    let text = s.to_string();
    assert_eq!(text.parse::<Setup<N>>(), Ok(s), "{text}");
    match Urim::<N>::from_setup(s) {
        Ok(p) => {
            assert_eq!(p.to_setup(), s);
            assert_eq!(p.to_string(), text);
            assert_eq!(Urim::<N>::try_from(s), Ok(p));
            check_whole(&p);
        }
        Err(e) => {
            let _ = e.to_string();
            assert!(text.parse::<Urim<N>>().is_err());
        }
    }
    let _ = Urim::<N>::start_with(b.byte(), Player::South);
    let _ = urim::two_points_from(u16::from_le_bytes([b.byte(), b.byte()]));
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    if b.flag() {
        check::<6>(&mut b);
    } else {
        check::<7>(&mut b);
    }
});
