//! What the tests of the games with boards in one word (`kalah.rs`, `urim.rs`) share:
//! the build on words against the build on positions.

use mancala_core::{ByPlayer, Outcome};
use mancala_solve::build::BuildOptions;
use mancala_solve::db::Databases;
use mancala_solve::unsow::Sowing;
use mancala_solve::{NoWords, Solvable, SolveError};

/// A game through its positions only: everything of `G` but its boards in one word
/// ([`WordMoves`](mancala_solve::game::WordMoves)), so that the build takes its
/// general path, the one every game without them takes.
pub struct ByPositions<G>(pub G);

impl<G: Solvable> Solvable for ByPositions<G> {
    type Words = NoWords;
    type Pos = G::Pos;
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn variant(&self) -> String {
        self.0.variant()
    }
    fn pits_per_side(&self) -> usize {
        self.0.pits_per_side()
    }
    fn position(&self, board: &[u8]) -> Option<G::Pos> {
        self.0.position(board)
    }
    fn view(&self, pos: &G::Pos, board: &mut [u8]) -> i32 {
        self.0.view(pos, board)
    }
    fn view_word(&self, pos: &G::Pos) -> Option<(u128, i32)> {
        self.0.view_word(pos)
    }
    fn score(&self, totals: ByPlayer<u16>) -> Outcome {
        self.0.score(totals)
    }
    fn captured(&self, before: &G::Pos, after: &G::Pos) -> bool {
        self.0.captured(before, after)
    }
    fn cycles(&self) -> bool {
        self.0.cycles()
    }
    fn sowing(&self) -> Option<Sowing> {
        self.0.sowing()
    }
    fn seeds_decide_parity(&self) -> bool {
        self.0.seeds_decide_parity()
    }
    fn terminal(&self, pos: &G::Pos, stores: i32) -> Result<Option<i32>, SolveError> {
        self.0.terminal(pos, stores)
    }
}

/// Builds every database of `fast` (a game with boards in one word) and of the same
/// game through its positions only ([`ByPositions`]) up to `max` seeds and asserts
/// they are the same bytes: the build's word path against its general one.
pub fn words_equal_positions<G: Solvable + Copy>(fast: &G, max: u32) -> Databases {
    let slow = &ByPositions(*fast);
    assert!(fast.word_moves().is_some());
    assert!(slow.word_moves().is_none());
    let mut a = Databases::new(fast, max).unwrap();
    BuildOptions::new()
        .max_seeds(max)
        .build(fast, &mut a, |_| {})
        .unwrap();
    let mut b = Databases::new(slow, max).unwrap();
    BuildOptions::new()
        .max_seeds(max)
        .build(slow, &mut b, |_| {})
        .unwrap();
    for seeds in 0..=max {
        let (x, y) = (a.table(seeds).unwrap(), b.table(seeds).unwrap());
        assert_eq!(
            x.bytes(),
            y.bytes(),
            "{} {}, {seeds} seeds",
            fast.name(),
            fast.variant()
        );
    }
    a
}
