//! Move generation, play and perft allocate nothing.

use kalah::{Ending, Game, Kalah, Player, Position, Record, Rules, Setup};
use mancala_core::perft::perft;
use mancala_testkit::{CountingAllocator, Rng, count_allocations};

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

#[test]
fn nothing_allocates() {
    let starts = [
        Kalah::new(),
        Kalah::start_with(Rules::with_pits(10), 12, Player::South).unwrap(),
        Kalah::from_setup(Setup::start(
            Rules {
                pits: 4,
                empty_capture: true,
                ending: Ending::MoverEmpty,
            },
            6,
            Player::North,
        ))
        .unwrap(),
    ];
    for start in starts {
        let (nodes, n) = count_allocations(|| perft(&start, 5));
        assert!(nodes > 0);
        assert_eq!(n, 0, "perft allocated");
        let mut rng = Rng::new(3);
        let (plies, n) = count_allocations(|| {
            let mut plies = 0;
            for _ in 0..200 {
                let mut p = start;
                // Every game of Kalah ends (rule K7).
                while !p.is_finished() {
                    let moves = p.legal_moves();
                    p.play(moves[rng.below(moves.len())]).unwrap();
                    let _ = p.status();
                    plies += 1;
                }
            }
            plies
        });
        assert_eq!(n, 0, "random games allocated");
        assert!(plies > 2000);
    }
}

/// A record reused with `reset` allocates nothing once its buffers have grown.
#[test]
fn a_reused_record_allocates_nothing() {
    let start = Kalah::new();
    let mut game = Game::with_capacity(start, 1024);
    let mut rng = Rng::new(9);
    let (plies, n) = count_allocations(|| {
        let mut plies = 0;
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
            let _ = game.status();
        }
        plies
    });
    assert_eq!(n, 0, "a reused record allocated");
    assert!(plies > 10_000, "{plies}");
}
