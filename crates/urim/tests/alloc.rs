//! Move generation, play and perft allocate nothing.

use mancala_core::perft::perft;
use mancala_testkit::{CountingAllocator, count_allocations};
use urim::{Player, Position, Urim6, Urim7};

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

#[test]
fn nothing_allocates() {
    let p6 = Urim6::new();
    let p7 = Urim7::start_with(4, Player::North).unwrap();
    let full: Urim6 = "17,2,0,1,0,3/0,1,2,0,4,1 9-8 S".parse().unwrap();
    let (nodes, n) = count_allocations(|| {
        let mut nodes = perft(&p6, 5) + perft(&p7, 4) + perft(&full, 5);
        for p in [p6, full] {
            for m in p.legal_moves() {
                let mut q = p;
                q.play(m).unwrap();
                nodes += u64::from(q.is_legal(m));
                let _ = q.status();
            }
        }
        nodes
    });
    assert!(nodes > 0);
    assert_eq!(n, 0, "allocations during move generation, play and perft");
    // The counter works: a Vec allocates.
    let (_, n) = count_allocations(|| vec![1u8; 10]);
    assert!(n > 0);
}

/// A record reused with `reset` allocates nothing once its buffers have grown: complete
/// random games, the repetition rule included.
#[test]
fn a_reused_record_allocates_nothing() {
    use mancala_testkit::Rng;
    use urim::{Game, Record};
    let start = Urim6::new();
    // Room for the longest game below; `with_capacity` makes the warm-up unnecessary.
    let mut game = Game::with_capacity(start, 4096);
    let mut rng = Rng::new(9);
    let ((plies, repetitions), n) = count_allocations(|| {
        let (mut plies, mut repetitions) = (0, 0);
        for _ in 0..2000 {
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
    assert!(
        plies > 100_000 && repetitions > 100,
        "{plies} {repetitions}"
    );
}
