//! Zero allocation, for every game and variant, counted by a global allocator: legal
//! move generation, checked and unchecked play, perft, parsing, endless moves, whole
//! random games and play with a sowing observer allocate nothing; nor does a game
//! record reused with `reset` once its buffers have grown to the longest game (a match
//! holds such a record and resets it for each game). The one allocation test of the
//! games: it first proves that it counts.

use mancala::events::{PlayObserved, SowEvent};
use mancala::omweso::Omweso;
use mancala::oware::Oware;
use mancala::perft::{perft, perft_bulk};
use mancala::record::Record;
use mancala::rio_kadalis::RioKadalis;
use mancala::urim::Urim;
use mancala::{Player, Position, Status};
use mancala_testkit::{CountingAllocator, Rng, assert_counting, count_allocations};

#[path = "support/kalah.rs"]
mod kalah_rules;

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

/// The counter counts: without it every other test here would pass whatever the games
/// do (`count_allocations` checks it again before each count).
#[test]
fn the_counter_counts() {
    assert_counting();
    let (v, n) = count_allocations(|| vec![1u8; 10]);
    assert_eq!((v.len(), n), (10, 1));
}

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

/// Plays `games` complete random games through `record`, reset to `start` before each,
/// once to let its buffers grow and once counted, and asserts that the counted pass
/// allocated nothing. Returns the plies and the games ended by repetition.
fn assert_reused_record_allocation_free<R: Record>(
    name: &str,
    record: &mut R,
    start: R::Position,
    games: usize,
) -> (usize, usize) {
    let play = |record: &mut R| {
        let mut rng = Rng::new(9);
        let (mut plies, mut repetitions) = (0, 0);
        for _ in 0..games {
            record.reset(start.clone());
            while record.status() == Status::Ongoing {
                let moves = record.legal_moves();
                record.play(moves[rng.below(moves.len())]).unwrap();
            }
            plies += record.moves().len();
            repetitions += usize::from(record.is_repetition());
        }
        (plies, repetitions)
    };
    let warm = play(record);
    let (counted, n) = count_allocations(|| play(record));
    assert_eq!(n, 0, "{name}: a reused record allocated {n} times");
    assert_eq!(counted, warm, "{name}: the same games");
    counted
}

#[test]
fn urim_every_variant() {
    for seeds in [3, 4] {
        for first in Player::ALL {
            assert_allocation_free("urim 2x6", &Urim::<6>::start_with(seeds, first).unwrap(), 5);
            assert_allocation_free("urim 2x7", &Urim::<7>::start_with(seeds, first).unwrap(), 5);
        }
    }
    // A full pit (17) passed over, parsed inside the count.
    let (nodes, n) = count_allocations(|| {
        let full: Urim<6> = "17,2,0,1,0,3/0,1,2,0,4,1 9-8 S".parse().unwrap();
        perft(&full, 5)
    });
    assert!(nodes > 0);
    assert_eq!(n, 0, "urim: parsing and perft allocated");
}

#[test]
fn urim_reused_record() {
    let start = Urim::<6>::new();
    let mut game = mancala::urim::Game::with_capacity(start, 4096);
    let (plies, repetitions) = assert_reused_record_allocation_free("urim", &mut game, start, 2000);
    assert!(
        plies > 100_000 && repetitions > 100,
        "{plies} {repetitions}"
    );
}

#[test]
fn omweso() {
    let (nodes, plies) = assert_allocation_free("omweso", &Omweso::new(), 4);
    // tests/omweso.perft, case start, depth 4.
    assert_eq!(nodes, 2731);
    assert!(plies > 100, "plies {plies}");
    let rules = mancala::omweso::Rules::with_two_captures_first();
    assert_allocation_free(
        "omweso two captures first",
        &Omweso::start_with(rules, Player::North),
        3,
    );
    // An endless move: the cycle finder keeps no history on the heap.
    let ((), n) = count_allocations(|| {
        let mut q: Omweso =
            "0,1,0,1,0,1,4,3/3,2,3,2,1,0,1,2/0,0,0,0,0,0,0,0/7,4,4,3,5,6,6,5 S n 0-0"
                .parse()
                .unwrap();
        q.play("j".parse().unwrap()).unwrap();
        assert_eq!(q.status(), Status::Annulled);
    });
    assert_eq!(n, 0, "omweso: an endless move allocated");
}

#[test]
fn rio_kadalis_every_variant() {
    let (nodes, _) = assert_allocation_free("rio-kadalis 2x6", &RioKadalis::<6, false>::new(), 5);
    // crates/rio-kadalis/tests/rio-kadalis.perft, the 2×6 start, depth 5.
    assert_eq!(nodes, 3029);
    assert_allocation_free("rio-kadalis 2x6 cw", &RioKadalis::<6, true>::new(), 5);
    assert_allocation_free("rio-kadalis 2x5", &RioKadalis::<5, false>::new(), 5);
    assert_allocation_free("rio-kadalis 2x5 cw", &RioKadalis::<5, true>::new(), 5);
    let (nodes, n) = count_allocations(|| perft_bulk(&RioKadalis::<5, true>::new(), 6));
    // The 2×5 clockwise start, depth 6.
    assert_eq!((nodes, n), (6267, 0));
    // An endless move annuls the round (rule 3), and the round refuses further moves.
    let ((), n) = count_allocations(|| {
        let mut q: RioKadalis = "3,1,0,1,0,1/0,1,0,1,0,1 20-16 S".parse().unwrap();
        q.play_unchecked("a".parse().unwrap());
        assert!(q.is_annulled());
        assert!(q.play("b".parse().unwrap()).is_err());
    });
    assert_eq!(n, 0, "rio-kadalis: an endless move allocated");
}

#[test]
fn rio_kadalis_reused_record() {
    let start = RioKadalis::<6>::new();
    let mut round = mancala::rio_kadalis::Game::with_capacity(start, 16);
    let (plies, _) = assert_reused_record_allocation_free("rio-kadalis", &mut round, start, 50);
    assert!(plies > 1000, "{plies}");
}

#[test]
fn oware_every_variant() {
    for seeds in [4, 3] {
        for first in Player::ALL {
            assert_allocation_free("oware", &Oware::start_with(seeds, first).unwrap(), 5);
        }
    }
}

#[test]
fn oware_reused_record() {
    let start = Oware::new();
    let mut game = mancala::oware::Game::with_capacity(start, 4096);
    let (plies, _) = assert_reused_record_allocation_free("oware", &mut game, start, 1000);
    assert!(plies > 10_000, "{plies}");
}

#[test]
fn kalah_every_variant() {
    for rules in kalah_rules::every_rules() {
        for seeds in [4, 6] {
            let start = mancala::kalah::Kalah::start_with(rules, seeds, Player::South).unwrap();
            assert_allocation_free("kalah", &start, 5);
        }
    }
}

#[test]
fn kalah_reused_record() {
    let start = mancala::kalah::Kalah::new();
    let mut game = mancala::kalah::Game::with_capacity(start, 1024);
    let (plies, _) = assert_reused_record_allocation_free("kalah", &mut game, start, 1000);
    assert!(plies > 10_000, "{plies}");
}
