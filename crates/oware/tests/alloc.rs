//! Move generation, play and perft allocate nothing.

use mancala_core::Position;
use mancala_core::perft::perft;
use mancala_testkit::{CountingAllocator, Rng, count_allocations};
use oware::Oware;

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

#[test]
fn nothing_allocates() {
    for seeds in [4, 3] {
        let start = Oware::start(seeds, mancala_core::Player::South).unwrap();
        let (nodes, n) = count_allocations(|| perft(&start, 5));
        assert!(nodes > 0);
        assert_eq!(n, 0, "perft allocated");
        let mut rng = Rng::new(3);
        let (_, n) = count_allocations(|| {
            for _ in 0..200 {
                let mut p = start;
                // Without the record's repetition rule a game may circle for ever.
                for _ in 0..500 {
                    if p.is_finished() {
                        break;
                    }
                    let moves = p.legal_moves();
                    p.play(moves[rng.below(moves.len())]).unwrap();
                }
            }
        });
        assert_eq!(n, 0, "random games allocated");
    }
}
