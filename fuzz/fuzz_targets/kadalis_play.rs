//! Move sequences through Rio Kadalis's round record (`Game`) and its serial match
//! (`Match` through the core's `Series`: `play`, `drop_game` and `next_game`): nothing
//! panics, a refusal changes nothing, the record plays what the position plays, and the
//! match never loses a stone.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::{ByPlayer, Player, Record};
use mancala_fuzz::{Bytes, candidate_moves, play_record};
use rio_kadalis::{Game, Match, RioKadalis, Series};

fn game<const N: usize, const CW: bool>(b: &mut Bytes<'_>) {
    let first = if b.flag() {
        Player::North
    } else {
        Player::South
    };
    let start = if b.flag() {
        RioKadalis::<N, CW>::start(first)
    } else {
        let stocks = ByPlayer::new(b.byte() % 49, b.byte() % 49);
        match RioKadalis::<N, CW>::from_stocks(stocks, first) {
            Ok((p, _)) => p,
            Err(_) => RioKadalis::<N, CW>::start(first),
        }
    };
    let record: Game<N, CW> = play_record(start, b);
    let _ = record.outcome();
}

fn a_match<const N: usize, const CW: bool>(b: &mut Bytes<'_>) {
    let first = if b.flag() {
        Player::North
    } else {
        Player::South
    };
    let mut m = if b.flag() {
        Match::<N, CW>::start(first)
    } else {
        let stocks = ByPlayer::new(b.byte(), b.byte());
        match Match::<N, CW>::from_stocks(stocks, first) {
            Ok(m) => m,
            Err(e) => {
                let _ = e.to_string();
                return;
            }
        }
    };
    let stones = u16::from(RioKadalis::<N, CW>::STONES);
    let candidates = candidate_moves::<RioKadalis<N, CW>>();
    while !b.is_empty() {
        assert_eq!(m.stones(), stones, "{m:?}");
        let before = m.clone();
        let x = b.byte();
        match x {
            0xff => {
                if m.next_game(None).is_err() {
                    assert_eq!(m, before);
                }
            }
            0xfe => {
                if m.drop_game().is_err() {
                    assert_eq!(m, before);
                }
            }
            0xfd => {
                if m.next_game(Some(first)).is_err() {
                    assert_eq!(m, before);
                }
            }
            _ => {
                let legal = m.game().legal_moves();
                let mv = if x & 0x80 != 0 && !legal.is_empty() {
                    legal[usize::from(x & 0x7f) % legal.len()]
                } else {
                    candidates[usize::from(x) % candidates.len()]
                };
                if m.play(mv, None).is_err() {
                    assert_eq!(m, before);
                }
            }
        }
        let _ = (m.status(), m.next_stocks(), m.winner());
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let x = b.byte();
    match (x % 2, (x / 2) % 4) {
        (0, 0) => game::<6, false>(&mut b),
        (0, 1) => game::<5, false>(&mut b),
        (0, 2) => game::<6, true>(&mut b),
        (0, _) => game::<5, true>(&mut b),
        (_, 0) => a_match::<6, false>(&mut b),
        (_, 1) => a_match::<5, false>(&mut b),
        (_, 2) => a_match::<6, true>(&mut b),
        _ => a_match::<5, true>(&mut b),
    }
});
