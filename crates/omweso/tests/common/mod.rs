//! Shared test support: the slow reference implementation and helpers.
#![allow(dead_code)]

pub mod reference;

use mancala_testkit::Rng;
use omweso::{Omweso, Outcome, Pit, Player, Position, Rules, Setup, Status};

/// The fast position's status in the reference's terms.
pub fn status_of(p: &Omweso) -> reference::RStatus {
    match p.status() {
        Status::Ongoing => reference::RStatus::Ongoing,
        Status::Annulled => reference::RStatus::Annulled,
        Status::Over(Outcome {
            winner: Some(w),
            points,
            ..
        }) => reference::RStatus::Won(w.index(), points),
        Status::Over(_) => panic!("omweso has no draws"),
    }
}

/// A random legal setup: 32 seeds per player, at most `cap` per pit.
pub fn random_setup(rng: &mut Rng, cap: u8) -> Setup {
    let mut pits = [[0u8; 16]; 2];
    for side in &mut pits {
        let mut left = 32;
        while left > 0 {
            let i = rng.below(16);
            if side[i] < cap {
                side[i] += 1;
                left -= 1;
            }
        }
    }
    Setup::new(pits[0], pits[1]).with_cap(cap)
}

/// A random start: standard or custom, either player first.
pub fn random_start(rng: &mut Rng, rules: Rules) -> Omweso {
    let first = if rng.below(2) == 0 {
        Player::South
    } else {
        Player::North
    };
    if rng.below(4) == 0 {
        Omweso::start_with(rules, first)
    } else {
        let setup = Setup {
            to_move: first,
            rules,
            ..random_setup(rng, 10)
        };
        Omweso::from_setup(setup).unwrap()
    }
}

/// Every move that can be written, legal or not.
pub fn all_moves() -> Vec<omweso::Move> {
    let mut v = Vec::new();
    for p in Pit::ALL {
        for s in ["", "-", "*"] {
            v.push(format!("{}{s}", p.letter()).parse().unwrap());
        }
    }
    v
}
