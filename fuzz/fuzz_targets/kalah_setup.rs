//! Kalah's setups: any bytes as a setup (the rules and every field any value), and
//! setups dealt with up to 255 seeds on 1 to 10 pits a side, through `from_setup`; what
//! is accepted gives its setup back and passes every check of a position.
#![no_main]

use kalah::{Ending, Kalah, MAX_PITS, Rules, Setup};
use libfuzzer_sys::fuzz_target;
use mancala_core::{ByPlayer, Player, Position};
use mancala_fuzz::{Bytes, check_whole, deal};

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let dealt = b.flag();
    let pits = if dealt {
        1 + b.byte() % MAX_PITS as u8
    } else {
        b.byte()
    };
    let rules = Rules {
        pits,
        empty_capture: b.flag(),
        ending: if b.flag() {
            Ending::MoverEmpty
        } else {
            Ending::AnySideEmpty
        },
    };
    let mut setup = Setup {
        rules,
        pits: ByPlayer::new([0; MAX_PITS], [0; MAX_PITS]),
        stores: ByPlayer::new(0, 0),
        to_move: if b.flag() {
            Player::North
        } else {
            Player::South
        },
    };
    if dealt {
        // `2m + 2` cells: South's pits, North's, the stores.
        let m = usize::from(pits);
        let mut cells = [0u8; 2 * MAX_PITS + 2];
        let total = u32::from(b.byte());
        deal(&mut b, &mut cells[..2 * m + 2], total, u8::MAX);
        setup.pits.south[..m].copy_from_slice(&cells[..m]);
        setup.pits.north[..m].copy_from_slice(&cells[m..2 * m]);
        setup.stores = ByPlayer::new(cells[2 * m], cells[2 * m + 1]);
    } else {
        for p in Player::ALL {
            for c in &mut setup.pits[p] {
                *c = b.byte();
            }
        }
        setup.stores = ByPlayer::new(b.byte(), b.byte());
    }
    let s = setup;
    match Kalah::from_setup(s) {
        Ok(p) => {
            assert_eq!(p.to_setup(), s);
            let text = s.to_string();
            assert_eq!(text.parse::<Setup>(), Ok(s), "{text}");
            assert_eq!(p.to_string(), text);
            assert_eq!(Kalah::try_from(s), Ok(p));
            check_whole(&p);
        }
        Err(e) => {
            assert!(!dealt, "a dealt setup refused: {e}");
            let _ = e.to_string();
            let _ = s.to_string().parse::<Kalah>();
        }
    }
    let _ = Kalah::start_with(rules, b.byte(), Player::South);
});
