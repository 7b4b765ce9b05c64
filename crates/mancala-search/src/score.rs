//! Scores: side-relative evaluations in hundredths of a seed, and the scores of finished
//! games.
//!
//! Every score is seen from the side of the player to move in the position it belongs
//! to: positive is good for that player. A score changes sign between a position and
//! its child only when the player to move changes (Omweso's mid-turn decisions keep the
//! same player to move, so the child's score is the parent's as it is).

use core::fmt;

use mancala_core::{Player, Status};

/// A side-relative score: hundredths of a seed for an evaluation, or a decisive score
/// for a finished game (see [`win_score`]).
pub type Score = i32;

/// One seed in score units.
pub const SEED: Score = 100;

/// Larger than any score: the initial bounds of a search window.
pub const INFINITY: Score = 1_000_000_000;

/// The base of decisive scores. A won game scores `WIN + POINT · points − ply`.
pub const WIN: Score = 100_000_000;

/// What one game point adds to a decisive score, so that a bigger win is preferred.
pub const POINT: Score = 10_000;

/// The deepest ply a decisive score can encode; searches never go deeper.
pub const MAX_PLY: usize = 128;

/// Evaluations are clamped to `±EVAL_LIMIT`, far below every decisive score.
pub const EVAL_LIMIT: Score = WIN / 2;

/// The score of a game won with `points` game points, `ply` plies from the root of a
/// search.
///
/// ```
/// use mancala_search::score::{win_score, is_decisive, plies_to_end};
/// let s = win_score(2, 5);
/// assert!(is_decisive(s) && is_decisive(-s));
/// assert_eq!(plies_to_end(s), Some(5));
/// assert!(win_score(2, 9) > win_score(1, 1)); // two points beat one, however late
/// assert!(win_score(1, 1) > win_score(1, 3)); // the same win sooner is better
/// ```
#[must_use]
pub const fn win_score(points: u8, ply: usize) -> Score {
    // A ply past the deepest search counts as the deepest (no wrap, no overflow).
    let ply = if ply > MAX_PLY { MAX_PLY } else { ply };
    WIN + POINT * points as Score - ply as Score
}

/// Whether `score` is the score of a finished game (won or lost), not an evaluation.
#[must_use]
pub const fn is_decisive(score: Score) -> bool {
    // `unsigned_abs`: `Score::MIN` has no `abs`.
    score.unsigned_abs() > (WIN - MAX_PLY as Score) as u32
}

/// For a decisive score, the plies from the root to the end of the game.
#[must_use]
pub const fn plies_to_end(score: Score) -> Option<usize> {
    if is_decisive(score) {
        // In 64 bits: any `Score`, `Score::MIN` included, is answered without overflow.
        let a = score.unsigned_abs() as i64 - WIN as i64;
        let point = POINT as i64;
        let points = (a + point - 1).div_euclid(point);
        Some((points * point - a) as usize)
    } else {
        None
    }
}

/// The score of a finished game for `perspective`, `ply` plies from the root; `None`
/// while the game goes on.
///
/// A win scores [`win_score`], a loss its negation; a draw and an annulled game (no
/// points for anyone) score 0.
///
/// ```
/// use mancala_core::{Outcome, Player, Status};
/// use mancala_search::score::{terminal_score, win_score};
/// let over = Status::Over(Outcome::new(Some(Player::North), 2));
/// assert_eq!(terminal_score(over, Player::North, 3), Some(win_score(2, 3)));
/// assert_eq!(terminal_score(over, Player::South, 3), Some(-win_score(2, 3)));
/// assert_eq!(terminal_score(Status::Annulled, Player::South, 3), Some(0));
/// assert_eq!(terminal_score(Status::Ongoing, Player::South, 3), None);
/// ```
#[must_use]
pub fn terminal_score(status: Status, perspective: Player, ply: usize) -> Option<Score> {
    match status {
        Status::Ongoing => None,
        Status::Annulled => Some(0),
        Status::Over(o) => Some(match o.winner {
            None => 0,
            Some(w) => {
                let s = win_score(o.points.max(1), ply);
                if w == perspective { s } else { -s }
            }
        }),
    }
}

/// A child's score seen from its parent's player to move: the same if the same player
/// is to move in both (a mid-turn decision), negated otherwise.
#[inline]
#[must_use]
pub fn from_child(child_score: Score, parent: Player, child: Player) -> Score {
    if parent == child {
        child_score
    } else {
        -child_score
    }
}

/// Shows a score for people: `+1.25` (seeds), `win in 5`, `loss in 4 (2 points)`.
///
/// ```
/// use mancala_search::score::{ShowScore, win_score};
/// assert_eq!(ShowScore(125).to_string(), "+1.25");
/// assert_eq!(ShowScore(-40).to_string(), "-0.40");
/// assert_eq!(ShowScore(win_score(1, 5)).to_string(), "win in 5");
/// assert_eq!(ShowScore(-win_score(2, 4)).to_string(), "loss in 4 (2 points)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowScore(pub Score);

impl fmt::Display for ShowScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0;
        if let Some(plies) = plies_to_end(s) {
            let points = (s.abs() - WIN + plies as Score) / POINT;
            let word = if s > 0 { "win" } else { "loss" };
            write!(f, "{word} in {plies}")?;
            if points > 1 {
                write!(f, " ({points} points)")?;
            }
            Ok(())
        } else {
            let sign = if s < 0 { '-' } else { '+' };
            let a = s.unsigned_abs();
            write!(f, "{sign}{}.{:02}", a / 100, a % 100)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_to_end_for_every_point_count() {
        for points in [1u8, 2, 12] {
            for ply in [0usize, 1, 50, MAX_PLY - 1] {
                assert_eq!(plies_to_end(win_score(points, ply)), Some(ply));
                assert_eq!(plies_to_end(-win_score(points, ply)), Some(ply));
            }
        }
        assert_eq!(plies_to_end(EVAL_LIMIT), None);
    }

    /// Issue 13: any score and any ply are answered (no overflow, no wrap).
    #[test]
    fn extreme_scores_and_plies_are_answered() {
        for s in [Score::MIN, Score::MIN + 1, Score::MAX, -INFINITY, INFINITY] {
            assert!(is_decisive(s));
            assert!(plies_to_end(s).is_some_and(|p| p < POINT as usize));
        }
        assert_eq!(win_score(12, usize::MAX), win_score(12, MAX_PLY));
        assert_eq!(win_score(1, MAX_PLY + 1), win_score(1, MAX_PLY));
        assert!(win_score(1, usize::MAX) > EVAL_LIMIT);
        assert!(win_score(255, 0) < INFINITY);
    }
}
