//! The search allocates its tables and its working copy of the record once: a search
//! allocates the same small number of times (its report) whatever its depth or the
//! number of nodes it visits.

mod games;

use games::Kalah;
use mancala_core::record::{History, Record};
use mancala_search::{AlphaBeta, Engine, Greedy, Limits, Mcts, MctsOptions};
use mancala_testkit::{CountingAllocator, count_allocations};

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

#[test]
fn per_node_work_allocates_nothing() {
    // A record with some history: the searches copy it into buffers they keep.
    let mut p = History::new(Kalah::<6>::new(4));
    for m in ["c", "a"] {
        p.play(m.parse().unwrap()).unwrap();
    }
    let mut ab = AlphaBeta::new(Limits::depth(2));
    let (shallow, a) = count_allocations(|| ab.search(&p));
    ab.set_limits(Limits::depth(9));
    let (deep, b) = count_allocations(|| ab.search(&p));
    assert!(
        deep.nodes > 100 * shallow.nodes,
        "{} vs {}",
        deep.nodes,
        shallow.nodes
    );
    // The first search makes the working copy of the record (its positions, their
    // repetition keys, what each move changed of the history, and its moves); then
    // only the report's principal variation is allocated (grown once per iteration).
    assert!(a <= 6 && b <= 12, "allocations: depth 2 {a}, depth 9 {b}");
    let (_, v) = count_allocations(|| ab.value(&p, 8));
    assert_eq!(v, 0);

    let mut mcts = Mcts::new(Limits::nodes(100), MctsOptions::default());
    let (_, few) = count_allocations(|| mcts.search(&p));
    let mut mcts = Mcts::new(Limits::nodes(5000), MctsOptions::default());
    let (r, many) = count_allocations(|| mcts.search(&p));
    assert_eq!(r.nodes, 5000);
    assert!(
        many <= few + 2 && many <= 8,
        "allocations: 100 playouts {few}, 5000 {many}"
    );
    let (_, again) = count_allocations(|| mcts.search(&p));
    assert!(again <= 2, "allocations: a second search {again}");

    let mut g = Greedy::new(0);
    let (_, first) = count_allocations(|| g.search(&p));
    let (_, n) = count_allocations(|| g.search(&p));
    // The first search makes its working copy of the record (positions, keys, what each
    // move changed of the history, moves).
    assert!(first <= 5 && n <= 1, "allocations: {first}, then {n}");
}
