//! Zero allocation, for every game and variant: legal move generation, play, perft,
//! whole random games and play with a sowing observer allocate nothing (counted by a
//! global allocator).

use mancala::events::{PlayObserved, SowEvent};
use mancala::omweso::Omweso;
use mancala::oware::Oware;
use mancala::perft::perft;
use mancala::rio_kadalis::RioKadalis;
use mancala::urim::Urim;
use mancala::{Player, Position};
use mancala_testkit::{CountingAllocator, Rng, count_allocations};

#[path = "support/kalah.rs"]
mod kalah_rules;

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

/// Plays 50 seeded random games (at most 300 plies each) from `start`, each move with
/// `play`; returns the plies played.
fn random_games<P: Position>(start: &P, mut play: impl FnMut(&mut P, P::Move)) -> u64 {
    let mut rng = Rng::new(11);
    let mut plies = 0;
    for _ in 0..50 {
        let mut p = start.clone();
        for _ in 0..300 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            play(&mut p, moves[rng.below(moves.len())]);
            plies += 1;
        }
    }
    plies
}

/// Runs perft to `depth` and 50 random games (at most 300 plies each, since without the
/// records' repetition rules a game may circle) from `start`, and asserts that nothing
/// allocated. Returns the perft count and the plies played, so the work is real.
fn assert_allocation_free<P: PlayObserved>(name: &str, start: &P, depth: u32) -> (u64, u64) {
    let (nodes, n) = count_allocations(|| perft(start, depth));
    assert_eq!(n, 0, "{name}: perft allocated {n} times");
    assert!(nodes > 0, "{name}: empty perft");
    let (plies, n) = count_allocations(|| {
        random_games(start, |p, m| {
            assert!(p.is_legal(m));
            p.play(m).expect("a listed move is legal");
            let _ = p.status();
        })
    });
    assert_eq!(n, 0, "{name}: random games allocated {n} times");
    // The same games played with an observer that counts the drops.
    let mut drops = 0u64;
    let mut count = |e: SowEvent| drops += u64::from(matches!(e, SowEvent::Drop { .. }));
    let (observed, n) =
        count_allocations(|| random_games(start, |p, m| p.play_observed(m, &mut count)));
    assert_eq!(n, 0, "{name}: play with an observer allocated {n} times");
    assert_eq!(observed, plies, "{name}");
    assert!(drops >= plies, "{name}: {drops} drops in {plies} plies");
    (nodes, plies)
}

#[test]
fn urim_every_variant() {
    for seeds in [3, 4] {
        for first in Player::ALL {
            assert_allocation_free("urim 2x6", &Urim::<6>::start_with(seeds, first).unwrap(), 5);
            assert_allocation_free("urim 2x7", &Urim::<7>::start_with(seeds, first).unwrap(), 5);
        }
    }
}

#[test]
fn omweso() {
    let (nodes, plies) = assert_allocation_free("omweso", &Omweso::new(), 3);
    assert!(nodes > 100 && plies > 100, "nodes {nodes} plies {plies}");
}

#[test]
fn rio_kadalis_every_variant() {
    assert_allocation_free("rio-kadalis 2x6", &RioKadalis::<6, false>::new(), 5);
    assert_allocation_free("rio-kadalis 2x6 cw", &RioKadalis::<6, true>::new(), 5);
    assert_allocation_free("rio-kadalis 2x5", &RioKadalis::<5, false>::new(), 5);
    assert_allocation_free("rio-kadalis 2x5 cw", &RioKadalis::<5, true>::new(), 5);
}

#[test]
fn oware_every_variant() {
    for seeds in [4, 3] {
        assert_allocation_free(
            "oware",
            &Oware::start_with(seeds, Player::South).unwrap(),
            5,
        );
    }
}

#[test]
fn kalah_every_variant() {
    for rules in kalah_rules::every_rules() {
        let start = mancala::kalah::Kalah::start_with(rules, 4, Player::South).unwrap();
        assert_allocation_free("kalah", &start, 5);
    }
}
