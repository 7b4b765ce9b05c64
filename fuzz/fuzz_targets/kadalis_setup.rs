//! Rio Kadalis's setups: any bytes as a setup (every pit any count or closed, any
//! captures), setups dealt with at most the variant's stones, and any stocks, through
//! `from_setup` and `from_stocks`; what is accepted gives its setup back and passes
//! every check of a position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::{ByPlayer, Player, Position};
use mancala_fuzz::{Bytes, check_whole, deal};
use rio_kadalis::{RioKadalis, Setup, fill_row};

fn setup<const N: usize>(b: &mut Bytes<'_>) -> Setup<N> {
    let mut pits: ByPlayer<[Option<u8>; N]> = ByPlayer::new([None; N], [None; N]);
    let stores;
    if b.flag() {
        // Any count in every pit (0xff: closed) and any captures.
        for p in Player::ALL {
            for cell in &mut pits[p] {
                let x = b.byte();
                *cell = (x != 0xff).then_some(x);
            }
        }
        stores = ByPlayer::new(b.byte(), b.byte());
    } else {
        // Closed pits as the bits say, then at most 8·N stones dealt into the open
        // pits and the captures.
        let closed = u16::from_le_bytes([b.byte(), b.byte()]);
        let stones = u32::from(b.byte()) % (8 * N as u32 + 1);
        let mut cells = [0u8; 14];
        deal(b, &mut cells, stones, u8::MAX);
        let mut k = 0;
        for p in Player::ALL {
            for (i, cell) in pits[p].iter_mut().enumerate() {
                // A closed pit's stones go to the captures instead.
                let bit = p.index() * N + i;
                if closed & (1 << bit) != 0 && closed & 0x8000 == 0 {
                    cells[12 + (k % 2)] += cells[k];
                } else {
                    *cell = Some(cells[k]);
                }
                k += 1;
            }
        }
        // The cells past the board, and the captures.
        let rest: u8 = cells[k..12].iter().sum();
        stores = ByPlayer::new(cells[12] + rest, cells[13]);
    }
    Setup {
        pits,
        stores,
        to_move: if b.flag() {
            Player::North
        } else {
            Player::South
        },
    }
}

fn check<const N: usize, const CW: bool>(b: &mut Bytes<'_>) {
    let s = setup::<N>(b);
    let text = s.to_string();
    let parsed = text.parse::<Setup<N>>();
    match RioKadalis::<N, CW>::from_setup(s) {
        Ok(p) => {
            assert_eq!(parsed, Ok(s), "{text}");
            assert_eq!(p.to_setup(), s);
            assert_eq!(p.to_string(), text);
            assert_eq!(RioKadalis::<N, CW>::try_from(s), Ok(p));
            check_whole(&p);
        }
        Err(e) => {
            let _ = e.to_string();
            assert!(text.parse::<RioKadalis<N, CW>>().is_err());
        }
    }
    let stocks = ByPlayer::new(b.byte(), b.byte());
    if let Ok((p, reserves)) = RioKadalis::<N, CW>::from_stocks(stocks, Player::South) {
        let on_board: u32 = Player::ALL
            .iter()
            .flat_map(|&pl| p.row(pl))
            .map(|c| u32::from(c.unwrap_or(0)))
            .sum();
        let all = u32::from(stocks.south) + u32::from(stocks.north);
        assert_eq!(
            on_board + u32::from(reserves.south) + u32::from(reserves.north),
            all
        );
        check_whole(&p);
    }
    let _ = fill_row::<N>(b.byte());
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    match b.byte() % 4 {
        0 => check::<6, false>(&mut b),
        1 => check::<5, false>(&mut b),
        2 => check::<6, true>(&mut b),
        _ => check::<5, true>(&mut b),
    }
});
