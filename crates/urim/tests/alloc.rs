//! Move generation, play and perft allocate nothing.

use mancala_core::perft::perft;
use mancala_core::{Player, Position};
use mancala_testkit::{CountingAllocator, count_allocations};
use urim::{Urim6, Urim7};

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

#[test]
fn nothing_allocates() {
    let p6 = Urim6::new();
    let p7 = Urim7::start(4, Player::North).unwrap();
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
