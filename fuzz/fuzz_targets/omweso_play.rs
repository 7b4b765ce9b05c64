//! Move sequences through Omweso's game record (`Game`) and its match (`Match` in every
//! mode: play, timed play, take-backs, new games): nothing panics, a refusal changes
//! nothing, and the record plays what the position plays.
#![no_main]

use core::time::Duration;

use libfuzzer_sys::fuzz_target;
use mancala_core::{ByPlayer, Player, Position, Record};
use mancala_fuzz::{Bytes, Mark, candidate_moves, deal, play_record};
use omweso::{Game, Match, Mode, Omweso, Rules, Series, Setup};

/// The start of a game: the standard one, or (one byte in eight) a custom setup dealt
/// from the bytes. Custom starts make endless first moves (rule 8) often, whose lap
/// states can first repeat after a million laps: the fuzzer keeps such inputs for their
/// coverage, and they would take most of its time. `omweso_setup` plays every move of
/// dealt setups.
fn start(b: &mut Bytes<'_>) -> Omweso {
    let first = if b.flag() {
        Player::North
    } else {
        Player::South
    };
    let rules = Rules {
        two_captures_first: b.flag(),
    };
    if b.byte() % 8 != 0 {
        return Omweso::start_with(rules, first);
    }
    let mut pits = ByPlayer::new([0u8; 16], [0u8; 16]);
    for p in Player::ALL {
        deal(b, &mut pits[p], 32, 10);
    }
    let mut s = Setup::new(pits.south, pits.north);
    s.to_move = first;
    s.rules = rules;
    Omweso::from_setup(s).expect("a dealt start")
}

fn a_match(b: &mut Bytes<'_>) {
    let mode = match b.byte() % 3 {
        0 => Mode::Classic,
        1 => Mode::Contract,
        _ => Mode::Blitz,
    };
    let mut m = Match::from_position(mode, start(b));
    let candidates = candidate_moves::<Omweso>();
    // What a refused request must leave as it was, taken in O(1).
    let mark = |m: &Match| {
        (
            m.results().len(),
            m.score(),
            m.status(),
            Mark::of(m.game()),
        )
    };
    while !b.is_empty() {
        let before = mark(&m);
        let x = b.byte();
        match x {
            0xff => {
                if m.take_back().is_err() {
                    assert_eq!(mark(&m), before);
                }
            }
            0xfe => {
                let s = start(b);
                if m.next_game_from(s).is_err() {
                    assert_eq!(mark(&m), before);
                }
            }
            _ => {
                let legal = m.game().legal_moves();
                let mv = if x & 0x80 != 0 && !legal.is_empty() {
                    legal[usize::from(x & 0x7f) % legal.len()]
                } else {
                    candidates[usize::from(x) % candidates.len()]
                };
                let r = if x & 0x40 != 0 {
                    m.play(mv, Some(Duration::from_millis(u64::from(b.byte()) * 20)))
                } else {
                    m.play(mv, None)
                };
                if r.is_err() {
                    assert_eq!(mark(&m), before);
                }
            }
        }
        let _ = (m.score(), m.winner(), m.status());
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    if b.flag() {
        let p = start(&mut b);
        let record: Game = play_record(p, &mut b);
        let _ = record.outcome();
    } else {
        a_match(&mut b);
    }
});
