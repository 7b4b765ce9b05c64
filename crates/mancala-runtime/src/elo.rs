//! Elo ratings from game results: the maximum-likelihood fit of the Elo (Bradley-Terry)
//! model, with 95% intervals from the Fisher information. Used by the tournaments
//! ([`crate::tournament`]) and the examples `tournament` and `tune`.
//!
//! The model: player `i` scores against `j` with probability
//! `E(i, j) = 1 / (1 + 10^((r_j − r_i) / 400))`; a game scores 1, ½ (a draw, an annulled
//! or a stopped game) or 0. The ratings maximise
//! `Σ s_ij ln E(i, j) + (n_ij − s_ij) ln (1 − E(i, j))` over all pairs, where `n_ij` is
//! the number of games of `i` against `j` and `s_ij` the points `i` scored in them; one
//! player, the anchor, is held at 0. A draw counts as half a win and half a loss, which
//! overstates the variance of a game with draws a little (the intervals are then a
//! little wide, never narrow).
//!
//! A player who won or lost every game has no finite maximum: a weak prior of
//! [`PRIOR_DRAWS`] virtual drawn games in every pairing that was played keeps the fit
//! finite, and [`Rating::separated`] marks such a player so that its rating is shown as a
//! bound (`> +X` or `< −X`).
//!
//! The interval of a rating is ±1.96 standard errors from the inverse of the Fisher
//! information (with the anchor removed): the error of the rating *relative to the
//! anchor*. The difference of two players has its own error ([`Fit::difference`]).

#![allow(clippy::needless_range_loop)] // Matrix code reads best with indices.

use crate::error::RatingError;

/// The virtual drawn games added to every pairing that was played (see the module).
pub const PRIOR_DRAWS: f64 = 1.0;

/// Natural units (the logistic's) per Elo point: `ln 10 / 400`.
const NAT: f64 = std::f64::consts::LN_10 / 400.0;

/// The games between every pair of players.
#[derive(Clone, Debug, PartialEq)]
pub struct Results {
    /// `games[i][j]`: games of `i` against `j` (symmetric).
    pub games: Vec<Vec<f64>>,
    /// `points[i][j]`: the points `i` scored against `j`.
    pub points: Vec<Vec<f64>>,
}

impl Results {
    /// No games between `n` players.
    pub fn new(n: usize) -> Results {
        Results {
            games: vec![vec![0.0; n]; n],
            points: vec![vec![0.0; n]; n],
        }
    }

    /// Whether there are no players.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The number of players.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Adds one game of `i` against `j` in which `i` scored `score` (1, ½ or 0).
    pub fn add(&mut self, i: usize, j: usize, score: f64) {
        self.add_many(i, j, 1.0, score);
    }

    /// Adds `games` games of `i` against `j` in which `i` scored `points` in all.
    pub fn add_many(&mut self, i: usize, j: usize, games: f64, points: f64) {
        self.games[i][j] += games;
        self.games[j][i] += games;
        self.points[i][j] += points;
        self.points[j][i] += games - points;
    }

    /// The total games and points of `i`.
    pub fn total(&self, i: usize) -> (f64, f64) {
        (self.games[i].iter().sum(), self.points[i].iter().sum())
    }
}

/// One player's fitted rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating in Elo points, relative to the anchor.
    pub elo: f64,
    /// Half the width of its 95% interval (1.96 standard errors).
    pub error95: f64,
    /// `1` if the player won every game it played, `-1` if it lost every one, else 0:
    /// its rating is then only a bound, set by the prior.
    pub separated: i8,
}

impl Rating {
    /// The rating with its interval, e.g. `+191 ± 79`; `> +529` for a player who won
    /// every game and `< -529` for one who lost every game (the rating the prior gives,
    /// which more games could only push further out); `+0 (anchor)` for the anchor.
    pub fn show(&self) -> String {
        // No "-0".
        let elo = if self.elo.abs() < 0.5 { 0.0 } else { self.elo };
        let this = Rating { elo, ..*self };
        this.show_rounded()
    }

    fn show_rounded(&self) -> String {
        match self.separated {
            _ if self.error95 == 0.0 => format!("{:+.0} (anchor)", self.elo),
            1 => format!("> {:+.0}", self.elo),
            -1 => format!("< {:+.0}", self.elo),
            _ => format!("{:+.0} ± {:.0}", self.elo, self.error95),
        }
    }
}

/// The fitted ratings.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The ratings, in the players' order.
    pub ratings: Vec<Rating>,
    /// The covariance of the ratings in Elo² (the anchor's row and column are 0).
    pub covariance: Vec<Vec<f64>>,
}

impl Fit {
    /// `r_i − r_j` with half the width of its 95% interval.
    pub fn difference(&self, i: usize, j: usize) -> (f64, f64) {
        let c = &self.covariance;
        let var = c[i][i] + c[j][j] - 2.0 * c[i][j];
        (
            self.ratings[i].elo - self.ratings[j].elo,
            1.96 * var.max(0.0).sqrt(),
        )
    }
}

/// The Elo difference of a score fraction `p` (0 < p < 1): `400 log10(p / (1 − p))`.
pub fn elo_of_score(p: f64) -> f64 {
    400.0 * (p / (1.0 - p)).log10()
}

/// The maximum-likelihood ratings of `results`, `anchor` at 0, with `prior` virtual
/// drawn games added to every pairing that was played ([`PRIOR_DRAWS`] in the tools).
///
/// # Errors
/// [`RatingError`] when a player is not connected to the anchor by games (its rating
/// is then not defined), naming it by index, or when the fit diverges (a clean sweep
/// without a prior).
pub fn fit(results: &Results, anchor: usize, prior: f64) -> Result<Fit, RatingError> {
    let n = results.len();
    if anchor >= n {
        return Err(RatingError::Anchor { anchor, players: n });
    }
    let mut games = results.games.clone();
    let mut points = results.points.clone();
    for i in 0..n {
        for j in 0..n {
            if i != j && games[i][j] > 0.0 {
                games[i][j] += prior;
                points[i][j] += prior / 2.0;
            }
        }
    }
    if let Some(e) = not_connected(results, anchor) {
        return Err(e);
    }
    let diverged = || RatingError::Diverged;
    // The other players, in order: the unknowns.
    let free: Vec<usize> = (0..n).filter(|&i| i != anchor).collect();
    let mut x = vec![0.0f64; n]; // natural units
    let info = |x: &[f64]| {
        let mut h = vec![vec![0.0; free.len()]; free.len()];
        let mut g = vec![0.0; free.len()];
        for (a, &i) in free.iter().enumerate() {
            for j in 0..n {
                if i == j || games[i][j] == 0.0 {
                    continue;
                }
                let p = 1.0 / (1.0 + (x[j] - x[i]).exp());
                g[a] += points[i][j] - games[i][j] * p;
                let w = games[i][j] * p * (1.0 - p);
                h[a][a] += w;
                if let Some(b) = free.iter().position(|&k| k == j) {
                    h[a][b] -= w;
                }
            }
        }
        (h, g)
    };
    for _ in 0..200 {
        let (h, g) = info(&x);
        let step = solve(&h, &g).ok_or_else(diverged)?;
        let largest = step.iter().fold(0.0f64, |m, s| m.max(s.abs()));
        // Damped: at most 2 natural units (about 350 Elo) a step.
        let scale = if largest > 2.0 { 2.0 / largest } else { 1.0 };
        for (a, &i) in free.iter().enumerate() {
            x[i] += scale * step[a];
        }
        if largest < 1e-10 {
            break;
        }
    }
    let (h, _) = info(&x);
    let inverse = invert(&h).ok_or_else(diverged)?;
    let mut covariance = vec![vec![0.0; n]; n];
    for (a, &i) in free.iter().enumerate() {
        for (b, &j) in free.iter().enumerate() {
            covariance[i][j] = inverse[a][b] / (NAT * NAT);
        }
    }
    let ratings = (0..n)
        .map(|i| {
            let (g, s) = results.total(i);
            let separated = if g > 0.0 && s == g {
                1
            } else if g > 0.0 && s == 0.0 {
                -1
            } else {
                0
            };
            Rating {
                elo: x[i] / NAT,
                error95: 1.96 * covariance[i][i].sqrt(),
                separated,
            }
        })
        .collect();
    Ok(Fit {
        ratings,
        covariance,
    })
}

/// Which players no games connect to the anchor, as an error, if any.
fn not_connected(results: &Results, anchor: usize) -> Option<RatingError> {
    // Which players are reachable from the anchor through games played?
    let n = results.len();
    let mut seen = vec![false; n];
    let mut stack = vec![anchor];
    seen[anchor] = true;
    while let Some(i) = stack.pop() {
        for j in 0..n {
            if !seen[j] && results.games[i][j] > 0.0 {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    let lost: Vec<usize> = (0..n).filter(|&i| !seen[i]).collect();
    (!lost.is_empty()).then_some(RatingError::NotConnected(lost))
}

/// Solves `h x = g` (Gaussian elimination with partial pivoting); `None` if singular.
fn solve(h: &[Vec<f64>], g: &[f64]) -> Option<Vec<f64>> {
    let n = g.len();
    let mut a: Vec<Vec<f64>> = h
        .iter()
        .zip(g)
        .map(|(row, &b)| {
            let mut r = row.clone();
            r.push(b);
            r
        })
        .collect();
    for c in 0..n {
        let p = (c..n).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))?;
        if a[p][c].abs() < 1e-12 {
            return None;
        }
        a.swap(c, p);
        for r in 0..n {
            if r != c {
                let f = a[r][c] / a[c][c];
                for k in c..=n {
                    a[r][k] -= f * a[c][k];
                }
            }
        }
    }
    Some((0..n).map(|i| a[i][n] / a[i][i]).collect())
}

/// The inverse of `h`; `None` if singular.
fn invert(h: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = h.len();
    let mut columns = Vec::with_capacity(n);
    for c in 0..n {
        let e: Vec<f64> = (0..n).map(|i| if i == c { 1.0 } else { 0.0 }).collect();
        columns.push(solve(h, &e)?);
    }
    Some(
        (0..n)
            .map(|i| (0..n).map(|j| columns[j][i]).collect())
            .collect(),
    )
}

/// The fit against values computed by hand (the expected numbers come from the
/// model's formulas, not from this code).
#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn a_75_percent_score_is_191_elo() {
        // 400 log10(0.75 / 0.25) = 400 log10(3) = 190.85.
        let mut r = Results::new(2);
        r.add_many(1, 0, 100.0, 75.0);
        let f = fit(&r, 0, 0.0).unwrap();
        assert!(close(f.ratings[1].elo, 190.85, 0.01), "{:?}", f.ratings);
        assert_eq!(f.ratings[0].elo, 0.0);
        // Fisher information of 100 games at p = 3/4: 100 · 3/16 = 18.75 (natural
        // units²); standard error 1 / sqrt(18.75) = 0.23094 natural units = 40.12 Elo;
        // 95%: 1.96 · 40.12 = 78.63.
        assert!(close(f.ratings[1].error95, 78.63, 0.01), "{:?}", f.ratings);
        assert_eq!(f.ratings[1].show(), "+191 ± 79");
        assert_eq!(f.ratings[0].show(), "+0 (anchor)");
    }

    #[test]
    fn draws_count_half_and_the_anchor_can_be_either_player() {
        // 50 wins, 50 draws, 0 losses = 75 points of 100: +190.85 again.
        let mut r = Results::new(2);
        for _ in 0..50 {
            r.add(0, 1, 1.0);
            r.add(0, 1, 0.5);
        }
        let f = fit(&r, 1, 0.0).unwrap();
        assert!(close(f.ratings[0].elo, 190.85, 0.01));
        let f = fit(&r, 0, 0.0).unwrap();
        assert!(close(f.ratings[1].elo, -190.85, 0.01));
    }

    #[test]
    fn three_players_in_a_consistent_chain() {
        // A scores 75% against B (+190.85); B 2/3 against C (400 log10 2 = +120.41);
        // A against C at the sum, 311.26 Elo: 1 / (1 + 10^(-311.26/400)) = 6/7 exactly
        // (the odds multiply: 3 · 2 = 6). With these exact fractions the maximum
        // likelihood reproduces the chain.
        let mut r = Results::new(3);
        r.add_many(0, 1, 400.0, 300.0);
        r.add_many(1, 2, 300.0, 200.0);
        r.add_many(0, 2, 700.0, 600.0);
        let f = fit(&r, 2, 0.0).unwrap();
        assert!(close(f.ratings[1].elo, 120.41, 0.01), "{:?}", f.ratings);
        assert!(close(f.ratings[0].elo, 311.26, 0.01), "{:?}", f.ratings);
        let (d, e) = f.difference(0, 1);
        assert!(close(d, 190.85, 0.01));
        // Its own 400 games alone give 1.96 / sqrt(400 · 3/16) natural units = 39.31
        // Elo; the games through C narrow it.
        assert!(e > 20.0 && e < 39.31, "{e}");
    }

    #[test]
    fn a_clean_sweep_is_a_bound_held_finite_by_the_prior() {
        let mut r = Results::new(2);
        r.add_many(1, 0, 10.0, 10.0);
        let e = fit(&r, 0, 0.0).unwrap_err();
        assert!(e.to_string().contains("diverge"), "{e}");
        // With one virtual draw: 10.5 of 11, 400 log10(21) = 528.9.
        let f = fit(&r, 0, 1.0).unwrap();
        assert!(close(f.ratings[1].elo, 528.88, 0.01), "{:?}", f.ratings);
        assert_eq!(f.ratings[1].separated, 1);
        assert_eq!(f.ratings[0].separated, -1);
        assert_eq!(f.ratings[1].show(), "> +529");
        // The anchor is shown as the anchor, even when it lost every game.
        assert_eq!(f.ratings[0].show(), "+0 (anchor)");
        let f = fit(&r, 1, 1.0).unwrap();
        assert_eq!(f.ratings[0].show(), "< -529");
    }

    #[test]
    fn a_player_without_games_has_no_rating() {
        let mut r = Results::new(3);
        r.add_many(0, 1, 10.0, 5.0);
        let e = fit(&r, 0, 1.0).unwrap_err();
        assert!(e.to_string().contains("player 2"), "{e}");
    }

    #[test]
    fn elo_of_a_score() {
        assert!(close(elo_of_score(0.75), 190.85, 0.01));
        assert!(close(elo_of_score(0.5), 0.0, 1e-12));
    }

    #[test]
    fn an_anchor_that_is_no_player_is_refused() {
        let r = Results::new(2);
        assert_eq!(
            fit(&r, 2, 1.0).unwrap_err(),
            RatingError::Anchor {
                anchor: 2,
                players: 2
            }
        );
    }
}
