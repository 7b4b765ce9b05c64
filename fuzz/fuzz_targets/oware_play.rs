//! Move sequences through Oware's game record (`Game`): any move value, legal or not,
//! and take-backs; nothing panics, a refusal changes nothing, and the record plays what
//! the position plays.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::{ByPlayer, Player, Position, Record};
use mancala_fuzz::{Bytes, deal, play_record};
use oware::{Game, Oware, Setup};

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let first = if b.flag() {
        Player::North
    } else {
        Player::South
    };
    let seeds = if b.flag() { 4 } else { 3 };
    let start = if b.flag() {
        Oware::start_with(seeds, first).expect("a variant")
    } else {
        let mut cells = [0u8; 14];
        deal(&mut b, &mut cells, 12 * u32::from(seeds), u8::MAX);
        let mut pits = ByPlayer::new([0; 6], [0; 6]);
        pits.south.copy_from_slice(&cells[..6]);
        pits.north.copy_from_slice(&cells[6..12]);
        let stores = ByPlayer::new(cells[12], cells[13]);
        Oware::from_setup(Setup {
            pits,
            stores,
            to_move: first,
        })
        .expect("a dealt setup")
    };
    let record: Game = play_record(start, &mut b);
    let _ = record.outcome();
});
