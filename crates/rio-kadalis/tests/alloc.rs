//! Proves that move generation, play (checked and unchecked, endless moves included),
//! parsing and perft allocate nothing; nor does a round record (`alloc`) reused with
//! `reset` (a `Match` holds such a record, and resets it for each round).

use mancala_core::perft::{perft, perft_bulk};
use mancala_testkit::{CountingAllocator, count_allocations};
use rio_kadalis::{Game, Move, Position, Record, RioKadalis, Status};

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

/// The counter counts: without it every test here would pass.
#[test]
fn the_allocator_counts() {
    let (v, allocs) = count_allocations(|| vec![1u8; 8]);
    assert_eq!(v.len(), 8);
    assert!(allocs > 0);
}

#[test]
fn nothing_allocates() {
    let start = RioKadalis::<6>::new();
    let (n, allocs) = count_allocations(|| perft(&start, 5));
    assert_eq!((n, allocs), (3029, 0));
    let (n, allocs) = count_allocations(|| perft_bulk(&RioKadalis::<5, true>::new(), 6));
    assert_eq!((n, allocs), (6267, 0));

    let ((), allocs) = count_allocations(|| {
        let mut p = RioKadalis::<6>::new();
        // (A round can cycle between moves for ever: bound the plies.)
        for _ in 0..500 {
            let Some(&m) = p.legal_moves().first() else {
                break;
            };
            p.play(m).unwrap();
            let _ = p.is_legal(m);
        }
        // An endless move: the lap-state cycle finder keeps no history on the heap.
        let mut q: RioKadalis = "3,1,0,1,0,1/0,1,0,1,0,1 20-16 S".parse().unwrap();
        q.play_unchecked(Move::from_index(0).unwrap());
        assert!(q.is_annulled());
        assert!(q.play(Move::from_index(1).unwrap()).is_err());
    });
    assert_eq!(allocs, 0);
}

/// A round record reused with `reset` allocates nothing once its buffers have grown to
/// the longest round.
#[test]
fn a_reset_round_record_allocates_nothing() {
    use mancala_testkit::Rng;

    fn rounds(record: &mut Game<6>, seed: u64) {
        let mut rng = Rng::new(seed);
        for _ in 0..50 {
            record.reset(RioKadalis::new());
            while record.status() == Status::Ongoing {
                let moves = record.legal_moves();
                record.play(moves[rng.below(moves.len())]).unwrap();
            }
        }
    }
    let mut record = Game::with_capacity(RioKadalis::<6>::new(), 16);
    rounds(&mut record, 9); // the buffers grow
    let ((), allocs) = count_allocations(|| rounds(&mut record, 9));
    assert_eq!(allocs, 0);
}
