//! Move sequences through Kalah's game record (`Game`): any move value, legal or not,
//! and take-backs, under any rules; nothing panics, a refusal changes nothing, and the
//! record plays what the position plays.
#![no_main]

use kalah::{Ending, Game, Kalah, MAX_PITS, Rules, Setup};
use libfuzzer_sys::fuzz_target;
use mancala_core::{ByPlayer, Player, Position, Record};
use mancala_fuzz::{Bytes, deal, play_record};

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let m = 1 + usize::from(b.byte()) % MAX_PITS;
    let rules = Rules {
        pits: m as u8,
        empty_capture: b.flag(),
        ending: if b.flag() {
            Ending::MoverEmpty
        } else {
            Ending::AnySideEmpty
        },
    };
    let first = if b.flag() {
        Player::North
    } else {
        Player::South
    };
    // The start with 1 to 12 seeds a pit (as many as fit 255), or a dealt position.
    let most = (255 / (2 * m)).min(12);
    let seeds = 1 + usize::from(b.byte()) % most;
    let mut setup = Setup::start(rules, seeds as u8, first);
    if b.flag() {
        let mut cells = [0u8; 2 * MAX_PITS + 2];
        deal(
            &mut b,
            &mut cells[..2 * m + 2],
            (2 * m * seeds) as u32,
            u8::MAX,
        );
        setup.pits = ByPlayer::new([0; MAX_PITS], [0; MAX_PITS]);
        setup.pits.south[..m].copy_from_slice(&cells[..m]);
        setup.pits.north[..m].copy_from_slice(&cells[m..2 * m]);
        setup.stores = ByPlayer::new(cells[2 * m], cells[2 * m + 1]);
    }
    let start = Kalah::from_setup(setup).expect("a start or a dealt setup");
    let record: Game = play_record(start, &mut b);
    let _ = record.outcome();
});
