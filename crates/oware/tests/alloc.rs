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
        let start = Oware::start_with(seeds, mancala_core::Player::South).unwrap();
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

/// A record reused with `reset` allocates nothing once its buffers have grown: complete
/// random games, the repetition rule included.
#[test]
fn a_reused_record_allocates_nothing() {
    use oware::{Game, Record};
    let start = Oware::new();
    // Room for the longest game below; `with_capacity` makes the warm-up unnecessary.
    let mut game = Game::with_capacity(start, 4096);
    let mut rng = Rng::new(9);
    let ((plies, repetitions), n) = count_allocations(|| {
        let (mut plies, mut repetitions) = (0, 0);
        for _ in 0..1000 {
            game.reset(start);
            loop {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.below(moves.len())]).unwrap();
            }
            plies += game.moves().len();
            repetitions += usize::from(game.is_repetition());
            let _ = game.status();
        }
        (plies, repetitions)
    });
    assert_eq!(n, 0, "a reused record allocated");
    assert!(plies > 10_000, "{plies} {repetitions}");
}
