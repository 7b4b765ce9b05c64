//! The two simplest players: random and greedy.

use crate::Instant;

use mancala_core::Position;
use mancala_core::cycle::{MemoStats, SearchMemo};
use mancala_core::record::{MoveOf, Record};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::{Engine, Report, working_copy};
use crate::eval::{Evaluator, Static, score_of};
use crate::relay::ENDLESS_AFTER;
use crate::score::from_child;

/// Plays a uniformly random legal move (seeded).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::{record::{Line, Record}, toy::Countdown};
/// use mancala::search::{Engine, RandomPlayer};
/// let mut a = RandomPlayer::new(7);
/// let mut b = RandomPlayer::new(7);
/// let game = Line::new(Countdown::new(10));
/// let m = a.choose(&game).unwrap();
/// assert!(game.check_move(m).is_ok());
/// assert_eq!(b.choose(&game), Some(m)); // same seed, same move
/// ```
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player with its seed.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl<R: Record> Engine<R> for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn search(&mut self, game: &R) -> Report<MoveOf<R>> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Report::bare(None);
        }
        let m = moves[self.rng.random_range(0..moves.len())];
        let mut r = Report::bare(Some(m));
        r.pv.push(m);
        r
    }
}

/// Plays the move with the best immediate result: a won game (also one won by the
/// record's history rule, such as a repetition), else the best evaluation of the
/// position after the move. Ties are broken at random (seeded).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::{record::{Line, Record}, toy::Countdown};
/// use mancala::search::{Engine, Greedy};
/// // Taking the last 2 tokens wins at once.
/// let m = Greedy::new(1).choose(&Line::new(Countdown::new(2))).unwrap();
/// assert_eq!(m.0, 2);
/// ```
#[derive(Clone, Debug)]
pub struct Greedy<R: Record, E = Static> {
    eval: E,
    rng: ChaCha8Rng,
    /// The working copy of the record (kept for its buffers).
    work: Option<R>,
}

impl<R: Record> Greedy<R, Static> {
    /// A greedy player using the standard evaluation.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Greedy::with_evaluator(Static, seed)
    }
}

impl<R: Record, E> Greedy<R, E> {
    /// A greedy player with the evaluator `eval`.
    pub fn with_evaluator(eval: E, seed: u64) -> Self {
        Greedy {
            eval,
            rng: ChaCha8Rng::seed_from_u64(seed),
            work: None,
        }
    }
}

impl<R: Record, E: Evaluator<R::Position>> Engine<R> for Greedy<R, E> {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn search(&mut self, game: &R) -> Report<MoveOf<R>> {
        let start = Instant::now();
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Report::bare(None);
        }
        let mut work = working_copy(&mut self.work, game, 1);
        let me = work.position().side_to_move();
        let mut best = None;
        let mut best_score = crate::score::Score::MIN;
        let mut ties = 0u32;
        let mut nodes = 1;
        let mut stats = MemoStats::default();
        for m in moves {
            // Bounded as in the other engines: an endless move is taken as endless
            // after `ENDLESS_AFTER` laps (without a memo: each move is played once).
            work.play_in_search(m, &mut SearchMemo::new(&mut [], &mut stats, ENDLESS_AFTER));
            nodes += 1;
            let s = from_child(
                score_of(&self.eval, &work, 1),
                me,
                work.position().side_to_move(),
            );
            work.undo();
            if s > best_score {
                best_score = s;
                best = Some(m);
                ties = 1;
            } else if s == best_score {
                // Reservoir sampling: each tied move is kept with equal probability.
                ties += 1;
                if self.rng.random_range(0..ties) == 0 {
                    best = Some(m);
                }
            }
        }
        self.work = Some(work);
        let mut r = Report::bare(best);
        if let Some(m) = best {
            r.score = best_score;
            r.pv.push(m);
            r.depth = 1;
        }
        r.nodes = nodes;
        r.elapsed = start.elapsed();
        r
    }
}
