//! Omweso's setups: any bytes as a setup (every pit, flag, count and cap any value),
//! and setups dealt as rule 1 wants (32 seeds a player up to the cap, or 64 in all
//! later), through `from_setup`; what is accepted prints as its setup and passes every
//! check of a position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::{ByPlayer, Player, Position};
use mancala_fuzz::{Bytes, check_whole, deal};
use omweso::{Omweso, Rules, Setup};

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let mut pits = ByPlayer::new([0u8; 16], [0u8; 16]);
    let raw = b.flag();
    let cap = if raw { b.byte() } else { 1 + b.byte() % 64 };
    let (first_turn_over, capture_made) = if raw || b.flag() {
        (ByPlayer::new(b.flag(), b.flag()), b.flag())
    } else {
        (ByPlayer::new(false, false), false)
    };
    let start = !first_turn_over.south && !first_turn_over.north && !capture_made;
    if raw {
        for p in Player::ALL {
            for c in &mut pits[p] {
                *c = b.byte();
            }
        }
    } else if start {
        for p in Player::ALL {
            deal(&mut b, &mut pits[p], 32, cap);
        }
    } else {
        let mut all = [0u8; 32];
        deal(&mut b, &mut all, 64, u8::MAX);
        pits.south.copy_from_slice(&all[..16]);
        pits.north.copy_from_slice(&all[16..]);
    }
    let s = Setup {
        pits,
        to_move: if b.flag() {
            Player::North
        } else {
            Player::South
        },
        rules: Rules {
            two_captures_first: b.flag(),
        },
        cap,
        first_turn_over,
        capture_made,
        capture_turns: ByPlayer::new(
            u16::from_le_bytes([b.byte(), if raw { b.byte() } else { 0 }]),
            u16::from_le_bytes([b.byte(), if raw { b.byte() } else { 0 }]),
        ),
    };
    let text = s.to_string();
    let _ = text.parse::<Setup>();
    match Omweso::from_setup(s) {
        Ok(p) => {
            assert_eq!(s.validate(), Ok(()));
            assert_eq!(p.to_string(), text);
            assert_eq!(Omweso::try_from(s), Ok(p));
            check_whole(&p);
        }
        Err(e) => {
            let _ = e.to_string();
            assert_eq!(s.validate(), Err(e));
        }
    }
});
