//! Scores: side-relative evaluations in hundredths of a seed, and the scores of finished
//! games.
//!
//! Every score is seen from the side of the player to move in the position it belongs
//! to: positive is good for that player. A score changes sign between a position and
//! its child only when the player to move changes (Omweso's mid-turn decisions keep the
//! same player to move, so the child's score is the parent's as it is).

use core::fmt;

use mancala_core::{ByPlayer, Outcome, Player, Status};

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
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::search::score::{win_score, is_decisive, plies_to_end};
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

/// How far a known outcome is put beyond its ply: a position whose outcome under
/// perfect play an evaluator knows ([`Known`](crate::Known): an endgame database),
/// `ply` plies from the root, scores as a game that ended `KNOWN + ply` plies from the
/// root ([`known_score`]). The databases keep who wins and by how much, not when, so
/// such a score must not read as a distance to the end: `KNOWN` is beyond every real
/// end ([`MAX_PLY`]) and `KNOWN + MAX_PLY` below one game point ([`POINT`]). A known
/// win then ranks below every win of as many points found to its end, and above every
/// smaller win.
pub const KNOWN: usize = 1_000;

const _: () = assert!(KNOWN > MAX_PLY && KNOWN + MAX_PLY < POINT as usize);

/// The score of a position whose outcome, won with `points` game points, is known
/// `ply` plies from the root (see [`KNOWN`]).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::search::score::{
///     ShowScore, is_decisive, is_known, known_score, plies_to_end, points_of, win_score,
/// };
/// let s = known_score(1, 1);
/// assert!(is_decisive(s) && is_known(s) && is_known(-s));
/// assert_eq!(plies_to_end(s), None); // no distance to the end: none is known
/// assert_eq!(points_of(-s), Some(1));
/// assert!(win_score(1, 40) > s && s > known_score(1, 2) && known_score(2, 9) > win_score(1, 1));
/// assert_eq!(ShowScore(s).to_string(), "known win");
/// assert_eq!(ShowScore(-known_score(2, 3)).to_string(), "known loss (2 points)");
/// ```
#[must_use]
pub const fn known_score(points: u8, ply: usize) -> Score {
    let ply = if ply > MAX_PLY { MAX_PLY } else { ply };
    win_score(points, 0) - (KNOWN + ply) as Score
}

/// Whether `score` is the score of a finished game (won or lost), not an evaluation.
#[must_use]
pub const fn is_decisive(score: Score) -> bool {
    // `unsigned_abs`: `Score::MIN` has no `abs`.
    score.unsigned_abs() > (WIN - MAX_PLY as Score) as u32
}

/// For a decisive score, what it subtracts from its game points: the plies to the end
/// of the game, or [`KNOWN`] more for a known outcome.
const fn distance(score: Score) -> Option<usize> {
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

/// For a decisive score, the plies from the root to the end of the game; `None` for
/// an evaluation, and for a known outcome ([`known_score`]), whose end is not known.
#[must_use]
pub const fn plies_to_end(score: Score) -> Option<usize> {
    match distance(score) {
        Some(d) if d < KNOWN => Some(d),
        _ => None,
    }
}

/// Whether `score` is a known outcome's ([`known_score`]): decisive, with no distance
/// to the end.
#[must_use]
pub const fn is_known(score: Score) -> bool {
    matches!(distance(score), Some(d) if d >= KNOWN)
}

/// For a decisive score, the game points it is worth (to the winner).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::search::score::{points_of, win_score};
/// assert_eq!(points_of(win_score(12, 7)), Some(12));
/// assert_eq!(points_of(-win_score(2, 3)), Some(2));
/// assert_eq!(points_of(250), None);
/// ```
#[must_use]
pub const fn points_of(score: Score) -> Option<u8> {
    match distance(score) {
        Some(plies) => {
            let a = score.unsigned_abs() as i64 - WIN as i64 + plies as i64;
            Some((a / POINT as i64) as u8)
        }
        None => None,
    }
}

/// The score of a finished game for `perspective`, `ply` plies from the root; `None`
/// while the game goes on.
///
/// A win scores [`win_score`], a loss its negation; a draw and an annulled game (no
/// points for anyone) score 0.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::{Outcome, Player, Status};
/// use mancala::search::score::{terminal_score, win_score};
/// let over = Status::Over(Outcome::new(Some(Player::North), 2));
/// assert_eq!(terminal_score(over, Player::North, 3), Some(win_score(2, 3)));
/// assert_eq!(terminal_score(over, Player::South, 3), Some(-win_score(2, 3)));
/// assert_eq!(terminal_score(Status::Annulled, Player::South, 3), Some(0));
/// assert_eq!(terminal_score(Status::Ongoing, Player::South, 3), None);
/// ```
#[must_use]
pub fn terminal_score(status: Status, perspective: Player, ply: usize) -> Option<Score> {
    Utility::GAME.terminal(status, perspective, ply)
}

/// What a finished game is worth to the engines: its game points (Urim's 2 or 1,
/// Omweso's 12, 2 or 1), each player's capped at what that player still needs to win
/// the match, if the game is one of a match.
///
/// In a match a game's points count only up to the target: when North needs 1 point, a
/// 2-point win is worth no more to North than a 1-point win, and Omweso's grand slam
/// (12) is worth the points still missing. Both engines take one
/// ([`AlphaBetaOptions::utility`](crate::AlphaBetaOptions::utility),
/// [`MctsOptions::utility`](crate::MctsOptions::utility)); the default, [`Utility::GAME`],
/// counts a game's points in full.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::{Outcome, Player, Status};
/// use mancala::search::score::{Utility, win_score};
/// let big = Outcome::new(Some(Player::South), 12);
/// assert_eq!(Utility::GAME.points(&big), 12);
/// // South needs 3 more points to win the match: the grand slam is worth 3.
/// let u = Utility::match_needs(3, 10);
/// assert_eq!(u.points(&big), 3);
/// assert_eq!(u.terminal(Status::Over(big), Player::South, 4), Some(win_score(3, 4)));
/// assert_eq!(u.points(&Outcome::new(None, 0)), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Utility {
    /// The points each player still needs to win the match; `None` outside a match
    /// (every point counts).
    pub needed: Option<ByPlayer<u32>>,
}

impl Utility {
    /// A single game: every game point counts.
    pub const GAME: Utility = Utility { needed: None };

    /// A game of a match in which South still needs `south` points and North `north`
    /// (0 counts as 1: a won game is always worth something).
    #[must_use]
    pub const fn match_needs(south: u32, north: u32) -> Utility {
        Utility {
            needed: Some(ByPlayer { south, north }),
        }
    }

    /// The points a finished game `o` is worth to its winner (at least 1 for a win, 0
    /// for a draw), capped at what the winner still needs.
    #[must_use]
    pub fn points(&self, o: &Outcome) -> u8 {
        let Some(w) = o.winner else { return 0 };
        let points = o.points.max(1);
        match self.needed {
            None => points,
            Some(n) => points.min(n[w].clamp(1, u32::from(u8::MAX)) as u8),
        }
    }

    /// The most points a win can be worth to `player`: what they still need in a
    /// match, `u8::MAX` (not known) outside one.
    #[must_use]
    pub fn most_points(&self, player: Player) -> u8 {
        match self.needed {
            None => u8::MAX,
            Some(n) => n[player].clamp(1, u32::from(u8::MAX)) as u8,
        }
    }

    /// The score of a finished game for `perspective`, `ply` plies from the root, as
    /// [`terminal_score`] with this utility's points; `None` while the game goes on.
    #[must_use]
    pub fn terminal(&self, status: Status, perspective: Player, ply: usize) -> Option<Score> {
        match status {
            Status::Ongoing => None,
            Status::Annulled => Some(0),
            Status::Over(o) => Some(match o.winner {
                None => 0,
                Some(w) => {
                    let s = win_score(self.points(&o), ply);
                    if w == perspective { s } else { -s }
                }
            }),
        }
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

/// Shows a score for people: `+1.25` (seeds), `win in 5`, `loss in 4 (2 points)`, and
/// a known outcome without a distance: `known win` ([`known_score`]).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::search::score::{ShowScore, win_score};
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
        if let (Some(d), Some(points)) = (distance(s), points_of(s)) {
            let word = if s > 0 { "win" } else { "loss" };
            match d < KNOWN {
                true => write!(f, "{word} in {d}")?,
                false => write!(f, "known {word}")?,
            }
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

    /// Any score and any ply are answered (no overflow, no wrap).
    #[test]
    fn extreme_scores_and_plies_are_answered() {
        for s in [Score::MIN, Score::MIN + 1, Score::MAX, -INFINITY, INFINITY] {
            assert!(is_decisive(s));
            assert!(distance(s).is_some_and(|p| p < POINT as usize));
            assert!(points_of(s).is_some());
            let _ = ShowScore(s).to_string();
        }
        assert_eq!(win_score(12, usize::MAX), win_score(12, MAX_PLY));
        assert_eq!(win_score(1, MAX_PLY + 1), win_score(1, MAX_PLY));
        assert!(win_score(1, usize::MAX) > EVAL_LIMIT);
        assert!(win_score(255, 0) < INFINITY);
    }
}
