//! Plain minimax over a copy of the record: the slow, obviously correct reference that
//! alpha-beta is tested against.

use mancala_core::Position;
use mancala_core::record::Record;

use crate::eval::{Evaluator, known_scores, score_with};
use crate::score::{INFINITY, MAX_PLY, Score, Utility, from_child};

/// Plain minimax (negamax form, no pruning, no table) over a copy of the record: the
/// value of the current position of `game` at `depth` plies for its player to move,
/// history included. The slow, obviously correct reference for
/// [`AlphaBeta`](crate::AlphaBeta); finished games and leaves are scored exactly as
/// there.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::{record::{Line, Record}, toy::Countdown};
/// use mancala::search::{minimax, eval::Zero, score::win_score};
/// // From 4, take 1: North faces 3, takes 1, and South takes the last 2 at ply 3.
/// assert_eq!(minimax(&Line::new(Countdown::new(4)), 6, &Zero), win_score(1, 3));
/// ```
pub fn minimax<R: Record, E: Evaluator<R::Position>>(game: &R, depth: u32, eval: &E) -> Score {
    minimax_with(game, depth, eval, &Utility::GAME)
}

/// [`minimax`] with finished games valued by `utility` (game points capped at what each
/// player still needs in a match).
pub fn minimax_with<R: Record, E: Evaluator<R::Position>>(
    game: &R,
    depth: u32,
    eval: &E,
    utility: &Utility,
) -> Score {
    fn go<R: Record, E: Evaluator<R::Position>>(
        game: &mut R,
        depth: u32,
        ply: usize,
        eval: &E,
        utility: &Utility,
    ) -> Score {
        if depth == 0 || ply + 1 >= MAX_PLY || game.is_finished() {
            return score_with(eval, game, ply, utility);
        }
        let me = game.position().side_to_move();
        let (lo, hi) = match ply > 0 {
            true => known_scores(eval, game, ply, utility),
            false => None,
        }
        .unwrap_or((-INFINITY, INFINITY));
        if lo == hi {
            return lo;
        }
        let moves = game.legal_moves();
        if moves.is_empty() {
            return score_with(eval, game, ply, utility);
        }
        let mut best = -INFINITY;
        for m in moves {
            game.play_unchecked(m);
            let v = from_child(
                go(game, depth - 1, ply + 1, eval, utility),
                me,
                game.position().side_to_move(),
            );
            game.undo();
            best = best.max(v);
        }
        // A value the evaluator bounds stays within its bounds.
        best.clamp(lo, hi)
    }
    go(&mut game.clone(), depth, 0, eval, utility)
}
