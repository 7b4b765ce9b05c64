//! Move sequences through Urim's game record (`Game`) and its match (`Match`): any
//! move value, legal or not, take-backs, next games; nothing panics, a refusal changes
//! nothing, and the record plays what the position plays.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::{ByPlayer, Player, Position, Record};
use mancala_fuzz::{Bytes, Mark, candidate_moves, deal, play_record};
use urim::{Game, Match, Series, Setup, Urim};

fn start<const N: usize>(b: &mut Bytes<'_>) -> Urim<N> {
    let first = if b.flag() {
        Player::North
    } else {
        Player::South
    };
    let seeds = if b.flag() { 4 } else { 3 };
    if b.flag() {
        return Urim::start_with(seeds, first).expect("a variant");
    }
    let mut cells = [0u8; 14];
    deal(b, &mut cells[..2 * N], 2 * N as u32 * u32::from(seeds), 17);
    let mut pits = ByPlayer::new([0; N], [0; N]);
    pits.south.copy_from_slice(&cells[..N]);
    pits.north.copy_from_slice(&cells[N..2 * N]);
    Urim::from_setup(Setup {
        pits,
        stores: ByPlayer::new(0, 0),
        to_move: first,
    })
    .expect("a dealt setup")
}

fn game<const N: usize>(b: &mut Bytes<'_>) {
    let p = start::<N>(b);
    let record: Game<N> = play_record(p, b);
    let _ = record.outcome();
}

fn a_match<const N: usize>(b: &mut Bytes<'_>) {
    let seeds = b.byte() % 6;
    let target = u16::from(b.byte() % 4);
    let first = if b.flag() {
        Player::North
    } else {
        Player::South
    };
    let Ok(m) = Match::<N>::start_with(seeds, first) else {
        return;
    };
    let Ok(mut m) = m.with_target(target) else {
        return;
    };
    let candidates = candidate_moves::<Urim<N>>();
    // What a refused request must leave as it was, taken in O(1).
    let mark = |m: &Match<N>| {
        (
            m.results().len(),
            m.score(),
            m.first_player(),
            m.target(),
            Mark::of(m.game()),
        )
    };
    while !b.is_empty() {
        let before = mark(&m);
        let x = b.byte();
        if x == 0xff {
            match m.next_game(None) {
                Ok(()) => assert_eq!(m.results().len(), before.0),
                Err(_) => assert_eq!(mark(&m), before),
            }
            continue;
        }
        let legal = m.game().legal_moves();
        let mv = if x & 0x80 != 0 && !legal.is_empty() {
            legal[usize::from(x & 0x7f) % legal.len()]
        } else {
            candidates[usize::from(x) % candidates.len()]
        };
        match m.play(mv, None) {
            Ok(_) => {
                let points: u32 = m.results().iter().map(|o| u32::from(o.points)).sum();
                let p = m.score();
                assert!(u32::from(p.south) + u32::from(p.north) <= points);
            }
            Err(_) => assert_eq!(mark(&m), before),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    match b.byte() % 4 {
        0 => game::<6>(&mut b),
        1 => game::<7>(&mut b),
        2 => a_match::<6>(&mut b),
        _ => a_match::<7>(&mut b),
    }
});
