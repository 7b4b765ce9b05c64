//! Tuning the standard evaluation's weights by self-play: the evaluation with its
//! weights as numbers ([`Weighted`]), the games that compare two weightings
//! ([`Games`]), and SPSA, the stochastic approximation that fits them ([`Spsa`]).
//! The `tune` example runs them; `docs/strength.md` ("Tuning the evaluation") gives the
//! results.
//!
//! The standard evaluation ([`board_eval`](crate::eval::board_eval)) has three terms a game, the first one's
//! weight fixed at 1 seed (100) as the unit, since alpha-beta's choices do not change
//! when every weight is multiplied by the same number:
//!
//! - one row a player (Urim, Oware, Rio Kadalis, Kalah): store (or captures) difference
//!   × 100, row seeds difference × `w1` ([`ROW_SEED`]), movable pits difference × `w2`
//!   ([`MOBILITY`]);
//! - Omweso: seed difference × 100, pits with 2 or more seeds difference × `w1` (20),
//!   exposed inner seeds difference × −`w2` (10).
//!
//! ```
//! # mod mancala { pub use mancala_core::*; pub use ::kalah; pub use ::mancala_search as search; }
//! use mancala::record::Record;
//! use mancala::search::tune::{Games, Gains, Spsa, default_weights};
//! let start = mancala::kalah::Game::new(mancala::kalah::Kalah::new());
//! let games = Games { depth: 1, opening_plies: 2, max_plies: 200 };
//! let defaults = default_weights(1).map(f64::from);
//! let mut spsa = Spsa::new(defaults, Gains::for_weights(4), (0.0, 400.0), 1);
//! for _ in 0..4 {
//!     // The two players of each iteration play an opening with both colours.
//!     spsa.step(|p| games.pair(&start, p.plus.map(|w| w.round() as i32),
//!                              p.minus.map(|w| w.round() as i32), p.seed))?;
//! }
//! assert_eq!(spsa.iteration(), 4);
//! # Ok::<(), mancala::search::tune::Stuck>(())
//! ```

use core::fmt;

use mancala_core::record::{MoveOf, Record};
use mancala_core::rng::SplitMix64;
use mancala_core::{Board, Player, Position, Status};

use crate::engine::{Engine, Limits};
use crate::eval::{
    Evaluator, MOBILITY, OMWESO_EXPOSED, OMWESO_MOBILITY, ROW_SEED, circuits, omweso_terms,
    two_row_terms,
};
use crate::score::{SEED, Score};
use crate::simple::RandomPlayer;
use crate::{AlphaBeta, AlphaBetaOptions};

/// The largest weight the tuning gives a term: 4 seeds for one unit of it.
pub const MAX_WEIGHT: Score = 400;

/// The weights `[w1, w2]` of [`board_eval`](crate::eval::board_eval) for a board with `rows` rows a player, in
/// hundredths of a seed: one row (Urim, Oware, Rio Kadalis, Kalah) row seeds and movable
/// pits ([`ROW_SEED`], [`MOBILITY`]: 15 and 25; 50 and 10 before they were tuned); two
/// rows (Omweso) movable pits and exposed seeds ([`OMWESO_MOBILITY`],
/// [`OMWESO_EXPOSED`]: 20 and 10).
#[must_use]
pub fn default_weights(rows: u8) -> [Score; 2] {
    if rows == 2 {
        [OMWESO_MOBILITY, OMWESO_EXPOSED]
    } else {
        [ROW_SEED, MOBILITY]
    }
}

/// The standard evaluation's terms, each as "own minus the opponent's" for the player
/// to move: `[unit term, w1 term, w2 term]`, and the seeds in hand (counted at 1 seed).
/// The terms are those of [`two_row_eval`](crate::eval::two_row_eval) and [`omweso_eval`](crate::eval::omweso_eval) (Omweso's exposed seeds
/// negated, so that every weight is positive); any other board has none.
#[must_use]
pub fn features(board: &Board) -> ([Score; 3], Score) {
    let terms = match board.rows_per_player {
        1 => two_row_terms(board.to_move, &board.pits, board.stores.unwrap_or_default()),
        2 => {
            let (own, opp) = circuits(board);
            omweso_terms(&own, &opp)
        }
        _ => [0; 3],
    };
    (terms, Score::from(board.in_hand))
}

/// The standard evaluation of `board` with the weights `w` (hundredths of a seed); with
/// [`default_weights`] it is [`board_eval`](crate::eval::board_eval) exactly.
#[must_use]
pub fn weighted_eval(board: &Board, w: [Score; 2]) -> Score {
    let ([f0, f1, f2], in_hand) = features(board);
    f0 * SEED + f1 * w[0] + f2 * w[1] + in_hand * SEED
}

/// The evaluator of [`weighted_eval`] with these weights.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::oware; pub use ::mancala_search as search; }
/// use mancala::search::{Evaluator, Static, tune::{Weighted, default_weights}};
/// let p: mancala::oware::Oware = "4,4,4,4,4,4/4,4,4,4,4,1 2-1 S".parse().unwrap();
/// assert_eq!(Weighted(default_weights(1)).evaluate(&p), Static.evaluate(&p));
/// // One seed more in the store (+100), three more in the row (3 × 50).
/// assert_eq!(Weighted([50, 10]).evaluate(&p), 250);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weighted(pub [Score; 2]);

impl<P: Position> Evaluator<P> for Weighted {
    #[inline]
    fn evaluate(&self, p: &P) -> Score {
        weighted_eval(&p.board(), self.0)
    }
}

/// A game of [`Games`] that could not go on: in an ongoing game, after `ply` plies, a
/// player found no move, or chose one the record refused (which a game whose record
/// and engines agree never does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stuck {
    /// The plies played before.
    pub ply: u64,
}

impl fmt::Display for Stuck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no legal move chosen in an ongoing game after {} plies",
            self.ply
        )
    }
}

impl core::error::Error for Stuck {}

/// How two weightings play each other: a random opening of `opening_plies` plies, then
/// alpha-beta at `depth` on both sides (a table of 2^14 entries), the game stopped
/// (and counted a draw) after `max_plies` plies in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Games {
    /// The alpha-beta depth of both players.
    pub depth: u32,
    /// The random plies that open each game.
    pub opening_plies: u32,
    /// The plies after which a game still going is stopped.
    pub max_plies: u64,
}

impl Games {
    /// One game from `start` between the weights `a` (South if `a_south`) and `b`, after
    /// the random opening seeded by `opening_seed` (the same for either colour): `a`'s
    /// points, 1 for a win, ½ for a draw, a game stopped or annulled, 0 for a loss.
    ///
    /// # Errors
    /// [`Stuck`] if a player finds no move in an ongoing game.
    pub fn play<R: Record>(
        &self,
        start: &R,
        a: [Score; 2],
        b: [Score; 2],
        opening_seed: u64,
        a_south: bool,
    ) -> Result<f64, Stuck> {
        let mut game = start.clone();
        let options = AlphaBetaOptions {
            table_bits: 14,
            ..AlphaBetaOptions::default()
        };
        let limits = Limits::depth(self.depth);
        let mut ea = AlphaBeta::with_evaluator(Weighted(a), limits, options);
        let mut eb = AlphaBeta::with_evaluator(Weighted(b), limits, options);
        let mut opening = RandomPlayer::new(opening_seed);
        let mut plies = 0;
        for _ in 0..self.opening_plies {
            if game.status().is_finished() {
                break;
            }
            let m = opening.choose(&game);
            play(&mut game, m, &mut plies)?;
        }
        let a_side = if a_south {
            Player::South
        } else {
            Player::North
        };
        while !game.status().is_finished() && plies < self.max_plies {
            let m = if game.position().side_to_move() == a_side {
                ea.choose(&game)
            } else {
                eb.choose(&game)
            };
            play(&mut game, m, &mut plies)?;
        }
        Ok(match game.status() {
            Status::Over(o) => match o.winner {
                Some(w) if w == a_side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            _ => 0.5,
        })
    }

    /// The two games of the opening seeded by `opening_seed`, `a` South in the first:
    /// `a`'s points minus `b`'s, from −2 to 2 (SPSA's comparison).
    ///
    /// # Errors
    /// As [`Games::play`].
    pub fn pair<R: Record>(
        &self,
        start: &R,
        a: [Score; 2],
        b: [Score; 2],
        opening_seed: u64,
    ) -> Result<f64, Stuck> {
        let mut points = 0.0;
        for a_south in [true, false] {
            points += self.play(start, a, b, opening_seed, a_south)?;
        }
        Ok(points * 2.0 - 2.0)
    }
}

/// SPSA's gain sequences (Spall's): at iteration `k` (from 0) the perturbation
/// `c_k = c / (k + 1)^γ` and the step `a_k = a / (k + 1 + A)^α`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gains {
    /// `c`: the first perturbation.
    pub c: f64,
    /// `a`: the step's scale.
    pub a: f64,
    /// `A`: the step's stability constant (about a tenth of the iterations).
    pub stability: f64,
    /// `α`, the step's decay.
    pub alpha: f64,
    /// `γ`, the perturbation's decay.
    pub gamma: f64,
}

impl Gains {
    /// The gains that tune the weights (hundredths of a seed) in `iterations` pairs of
    /// games: `c` = 10, `a` = 8, `A` = `iterations` / 10, and Spall's exponents
    /// `α` = 0.602, `γ` = 0.101.
    #[must_use]
    pub fn for_weights(iterations: u64) -> Gains {
        Gains {
            c: 10.0,
            a: 8.0,
            stability: iterations as f64 / 10.0,
            alpha: 0.602,
            gamma: 0.101,
        }
    }

    /// `c_k`, the perturbation of iteration `k`.
    #[must_use]
    pub fn perturbation(&self, k: u64) -> f64 {
        self.c / ((k + 1) as f64).powf(self.gamma)
    }

    /// `a_k`, the step of iteration `k`.
    #[must_use]
    pub fn step(&self, k: u64) -> f64 {
        self.a / ((k + 1) as f64 + self.stability).powf(self.alpha)
    }
}

/// The two players of an SPSA iteration ([`Spsa::step`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Perturbation<const N: usize> {
    /// The iteration, from 0.
    pub k: u64,
    /// The random signs `Δ`, each 1 or −1.
    pub delta: [f64; N],
    /// `θ + c_k Δ`.
    pub plus: [f64; N],
    /// `θ − c_k Δ`.
    pub minus: [f64; N],
    /// A seed for the comparison (its openings): odd, so never one of
    /// [`check_seeds`].
    pub seed: u64,
}

/// SPSA (simultaneous perturbation stochastic approximation) over `N` weights (at most
/// 64): at iteration `k` a random sign vector `Δ` makes two players `θ + c_k Δ` and
/// `θ − c_k Δ` ([`Perturbation`]); with `r` how much better the first did than the
/// second, `θ += a_k r Δ` ([`Gains`]), each weight kept within the bounds. Seeded: the
/// same seed and the same comparisons give the same weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Spsa<const N: usize> {
    theta: [f64; N],
    gains: Gains,
    bounds: (f64, f64),
    k: u64,
    /// The generator of the signs and the comparisons' seeds.
    rng: SplitMix64,
}

impl<const N: usize> Spsa<N> {
    /// SPSA from the weights `start`, with the gains `gains`, each weight kept within
    /// `bounds` (low, high), the signs and seeds drawn from `seed`.
    #[must_use]
    pub fn new(start: [f64; N], gains: Gains, bounds: (f64, f64), seed: u64) -> Self {
        const { assert!(N <= 64, "the signs are the bits of one draw") };
        Spsa {
            theta: start,
            gains,
            bounds,
            k: 0,
            rng: SplitMix64::new(seed ^ 0x7475_6E65),
        }
    }

    /// The weights now.
    #[must_use]
    pub fn weights(&self) -> [f64; N] {
        self.theta
    }

    /// The iterations done.
    #[must_use]
    pub fn iteration(&self) -> u64 {
        self.k
    }

    /// One iteration: draws the signs and the comparison's seed, asks `compare` how
    /// much better `plus` did than `minus` (for games, `plus`'s points minus `minus`'s:
    /// [`Games::pair`]), and moves the weights.
    ///
    /// # Errors
    /// What `compare` returns; the weights and the iteration are then unchanged (the
    /// draws are not: a new step draws new signs).
    pub fn step<E>(
        &mut self,
        compare: impl FnOnce(&Perturbation<N>) -> Result<f64, E>,
    ) -> Result<(), E> {
        let k = self.k;
        let ck = self.gains.perturbation(k);
        let signs = self.rng.next_u64();
        let delta: [f64; N] =
            core::array::from_fn(|i| if signs & (1 << i) == 0 { 1.0 } else { -1.0 });
        let p = Perturbation {
            k,
            delta,
            plus: core::array::from_fn(|i| self.theta[i] + ck * delta[i]),
            minus: core::array::from_fn(|i| self.theta[i] - ck * delta[i]),
            seed: self.rng.next_u64() | 1,
        };
        let r = compare(&p)?;
        let ak = self.gains.step(k);
        let (lo, hi) = self.bounds;
        for (t, d) in self.theta.iter_mut().zip(delta) {
            *t = (*t + ak * r * d).clamp(lo, hi);
        }
        self.k += 1;
        Ok(())
    }
}

/// Seeds for the openings of games that check tuned weights: drawn from `seed`, even, so
/// never the opening of a tuning comparison ([`Perturbation::seed`]).
pub fn check_seeds(seed: u64) -> impl Iterator<Item = u64> {
    let mut rng = SplitMix64::new(seed ^ 0x6368_6563_6B00);
    core::iter::repeat_with(move || rng.next_u64() & !1)
}

/// Plays `m`, the move a player chose in the ongoing `game` after `plies` plies, and
/// counts it.
fn play<R: Record>(game: &mut R, m: Option<MoveOf<R>>, plies: &mut u64) -> Result<(), Stuck> {
    m.and_then(|m| game.play(m).ok())
        .ok_or(Stuck { ply: *plies })?;
    *plies += 1;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::board_eval;
    use mancala_core::ByPlayer;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    /// Spall's gains by hand: 10 / 10^0.101 = 7.925, 10 / 100^0.101 = 6.281;
    /// 8 / 31^0.602 = 1.0123 (A = 300/10 = 30), 8 / 130^0.602 = 0.4271,
    /// 8 / 101^0.602 = 0.4972 (A = 100).
    #[test]
    fn the_gains_follow_spalls_schedule() {
        let g = Gains::for_weights(300);
        assert_eq!(g.perturbation(0), 10.0);
        assert!(close(g.perturbation(9), 7.925, 1e-3));
        assert!(close(g.perturbation(99), 6.2806, 1e-3));
        assert!(close(g.step(0), 1.0123, 1e-3));
        assert!(close(g.step(99), 0.4271, 1e-3));
        assert!(close(Gains::for_weights(1000).step(0), 0.4972, 1e-3));
    }

    /// `f(θ) = −|θ − θ*|² / 100`: the comparison of `θ + c Δ` with `θ − c Δ` is
    /// `f(plus) − f(minus)`, optionally with noise.
    fn quadratic(optimum: [f64; 2], p: &Perturbation<2>, noise: f64) -> Result<f64, ()> {
        let f = |t: [f64; 2]| -((t[0] - optimum[0]).powi(2) + (t[1] - optimum[1]).powi(2)) / 1e2;
        // A noise in [-noise, noise) from the comparison's own seed.
        let u = (p.seed >> 11) as f64 / (1u64 << 53) as f64;
        Ok(f(p.plus) - f(p.minus) + noise * (2.0 * u - 1.0))
    }

    #[test]
    fn spsa_converges_on_a_quadratic() {
        let optimum = [120.0, 60.0];
        for seed in 0..8 {
            for noise in [0.0, 0.5] {
                let gains = Gains::for_weights(600);
                let mut spsa = Spsa::new([15.0, 25.0], gains, (0.0, 400.0), seed);
                for _ in 0..600 {
                    spsa.step(|p| quadratic(optimum, p, noise)).unwrap();
                }
                let [x, y] = spsa.weights();
                let tolerance = if noise == 0.0 { 1.0 } else { 8.0 };
                assert!(
                    close(x, 120.0, tolerance) && close(y, 60.0, tolerance),
                    "seed {seed}, noise {noise}: {x}, {y}"
                );
            }
        }
    }

    #[test]
    fn the_weights_stay_within_their_bounds() {
        // The optimum is outside the bounds. Every step pushes the first weight up (with
        // `d = θ − θ*`, |d₀| ≥ 400 exceeds |d₁| ≤ 300, so `d·Δ` has the sign of `−Δ₀`
        // and the step `−a c (d·Δ) Δ₀ / 25` is positive): it ends on its bound. The
        // second is pulled towards its bound more than it is pushed away.
        let mut spsa = Spsa::new([15.0, 25.0], Gains::for_weights(300), (0.0, 100.0), 3);
        for _ in 0..300 {
            spsa.step(|p| quadratic([500.0, -200.0], p, 0.0)).unwrap();
            let [x, y] = spsa.weights();
            assert!((0.0..=100.0).contains(&x) && (0.0..=100.0).contains(&y));
        }
        let [x, y] = spsa.weights();
        assert!(x == 100.0 && y < 30.0, "{x}, {y}");
    }

    #[test]
    fn spsa_is_determined_by_its_seed() {
        let run = |seed| {
            let mut spsa = Spsa::new([15.0, 25.0], Gains::for_weights(50), (0.0, 400.0), seed);
            let mut seen = Vec::new();
            for _ in 0..50 {
                spsa.step(|p| {
                    seen.push(*p);
                    quadratic([100.0, 100.0], p, 0.5)
                })
                .unwrap();
            }
            (seen, spsa.weights())
        };
        let (a, b) = (run(7), run(7));
        assert_eq!(a, b);
        assert_ne!(a.0, run(8).0);
        // Every sign vector comes up, each sign is ±1, the players straddle θ by c_k,
        // and the seeds are odd.
        let (seen, _) = a;
        for signs in [[1.0, 1.0], [1.0, -1.0], [-1.0, 1.0], [-1.0, -1.0]] {
            assert!(seen.iter().any(|p| p.delta == signs), "{signs:?}");
        }
        let g = Gains::for_weights(50);
        for p in &seen {
            assert!(p.seed % 2 == 1);
            for i in 0..2 {
                let half = (p.plus[i] - p.minus[i]) / 2.0;
                assert!(close(half, g.perturbation(p.k) * p.delta[i], 1e-9));
            }
        }
        // A failed comparison moves nothing.
        let mut spsa = Spsa::new([15.0, 25.0], g, (0.0, 400.0), 7);
        assert_eq!(spsa.step(|_| Err::<f64, _>("no")), Err("no"));
        assert_eq!((spsa.weights(), spsa.iteration()), ([15.0, 25.0], 0));
    }

    #[test]
    fn check_seeds_are_even_and_repeatable() {
        let a: Vec<u64> = check_seeds(1).take(20).collect();
        assert!(a.iter().all(|s| s % 2 == 0));
        assert_eq!(a, check_seeds(1).take(20).collect::<Vec<_>>());
        assert_ne!(a, check_seeds(2).take(20).collect::<Vec<_>>());
    }

    /// [`weighted_eval`] with the default weights is [`board_eval`](crate::eval::board_eval) on every position
    /// of 20 random games; returns the positions checked.
    fn same_as_board_eval<G: Record>(start: G::Position) -> usize {
        let rows = start.board().rows_per_player;
        let w = default_weights(rows);
        let mut checked = 0;
        for seed in 0..20 {
            let mut g = G::new(start.clone());
            let mut r = RandomPlayer::new(seed);
            while !g.status().is_finished() && g.moves().len() < 300 {
                let b = g.position().board();
                assert_eq!(weighted_eval(&b, w), board_eval(&b), "{b:?}");
                checked += 1;
                let m = r.choose(&g).unwrap();
                g.play(m).unwrap();
            }
        }
        checked
    }

    #[test]
    fn the_default_weights_are_the_standard_evaluation() {
        let counts = [
            same_as_board_eval::<urim::Game<6>>(urim::Urim6::start_with(3, Player::South).unwrap()),
            same_as_board_eval::<omweso::Game>(omweso::Omweso::new()),
            same_as_board_eval::<rio_kadalis::Game<6, false>>(rio_kadalis::RioKadalis::<6>::new()),
            same_as_board_eval::<oware::Game>(oware::Oware::start_with(4, Player::South).unwrap()),
            same_as_board_eval::<kalah::Game>(kalah::Kalah::default()),
        ];
        for n in counts {
            assert!(n > 100, "{counts:?}");
        }
    }

    #[test]
    fn the_features_of_hand_made_boards() {
        // South to move; stores 5 vs 2 (+3), row seeds 3 vs 3 (0), movable pits 1 vs 3
        // (-2).
        let b = Board::two_rows(
            [Some(3), Some(0), None],
            [Some(1), Some(1), Some(1)],
            Some(ByPlayer::new(5, 2)),
            Player::South,
        );
        assert_eq!(features(&b), ([3, 0, -2], 0));
        assert_eq!(weighted_eval(&b, [50, 10]), 300 - 20);
        assert_eq!(weighted_eval(&b, [0, 100]), 300 - 200);
        // Omweso (pits a-h inner, i-p outer): South has 3 in a and 4 in i, North 2 in i,
        // 2 in j, 1 in h and 1 in p. Seeds 7 - 6 = +1; movable pits (2 or more) 2 - 2 =
        // 0; South's a faces North's loaded column h/p (3 seeds exposed), North's h faces
        // South's loaded column a/i (1 seed exposed): -(3 - 1) = -2. Default weights:
        // 100 - 20 = 80.
        let mut own = [Some(0u8); 16];
        let mut opp = [Some(0u8); 16];
        (own[0], own[8]) = (Some(3), Some(4));
        (opp[8], opp[9], opp[7], opp[15]) = (Some(2), Some(2), Some(1), Some(1));
        let mut b = Board::two_rows(own, opp, None, Player::South);
        b.rows_per_player = 2;
        assert_eq!(features(&b), ([1, 0, -2], 0));
        assert_eq!(weighted_eval(&b, [20, 10]), 80);
        assert_eq!(board_eval(&b), 80);
    }

    #[test]
    fn a_game_counts_for_the_side_each_weighting_played() {
        let start = kalah::Game::new(kalah::Kalah::new());
        let games = Games {
            depth: 2,
            opening_plies: 4,
            max_plies: 1000,
        };
        let (a, b) = ([15, 25], [50, 10]);
        let mut decided = 0;
        for seed in 0..12 {
            // The same game: `a` South against `b`, seen from either side.
            let south = games.play(&start, a, b, seed, true).unwrap();
            let north = games.play(&start, b, a, seed, false).unwrap();
            assert_eq!(south + north, 1.0, "seed {seed}");
            decided += usize::from(south != 0.5);
            let pair = games.pair(&start, a, b, seed).unwrap();
            let second = games.play(&start, a, b, seed, false).unwrap();
            assert_eq!(pair, (south + second) * 2.0 - 2.0);
        }
        assert!(decided > 0);
        // Stopped after the opening: a draw each time.
        let stopped = Games {
            max_plies: 4,
            ..games
        };
        assert_eq!(stopped.pair(&start, a, b, 5), Ok(0.0));
    }
}
