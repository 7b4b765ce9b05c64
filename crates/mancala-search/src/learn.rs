//! An evaluation learned from games: a table of weights for every pit and seed count
//! ([`PitTable`]), the positions of self-play games with their results to learn it from
//! ([`Sample`], [`self_play`]), and the fit ([`fit`]: a logistic regression of the
//! results on the table's terms, as "Texel tuning" does for chess engines). The `learn`
//! example runs them; `docs/engine.md` ("A learned evaluation") gives the results.
//!
//! The table serves the games with one row of pits a player and stores (Oware, Urim,
//! Kalah; Rio Kadalis's captured stones count as stores): a stored seed is worth one
//! seed (100), and each pit adds the weight of its owner (the player to move, or the
//! other), its letter and its seed count (0 to 14, and 15 or more as one), plus a
//! weight for the move itself. Every weight has two values, one for a board holding
//! every seed and one for an empty board, mixed in proportion to the seeds still on the
//! board, so that a pit of 12 can be worth something else in the opening than in the
//! endgame.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; pub use ::oware; pub use ::mancala_search as search; }
//! use mancala::search::Evaluator;
//! use mancala::search::learn::PitTable;
//! let p: mancala::oware::Oware = "4,4,4,4,4,4/4,4,4,4,4,1 2-1 S".parse().unwrap();
//! // An empty table counts the stores only: one seed more for South.
//! assert_eq!(PitTable::zero().evaluate(&p), 100);
//! ```

use core::fmt;

use mancala_core::arrayvec::ArrayVec;
use mancala_core::record::Record;
use mancala_core::{Board, Position, Status};

use crate::engine::{Engine, Limits};
use crate::eval::Evaluator;
use crate::score::{EVAL_LIMIT, SEED, Score};
use crate::simple::RandomPlayer;
use crate::{AlphaBeta, AlphaBetaOptions};

/// The seed counts a pit's weight tells apart: 0 to `BUCKETS - 2`, and `BUCKETS - 1` or
/// more as one.
pub const BUCKETS: usize = 16;

/// The most pits a row of a [`PitTable`] has weights for (Urim's 2×7 has 7); a longer
/// row's further pits count nothing.
pub const MAX_PITS: usize = 8;

/// The weights of one phase: `[owner][pit][seeds]` (owner 0 the player to move) and the
/// move's own weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phase {
    /// Each pit's weight by owner, letter and seed count, in hundredths of a seed.
    pub pits: [[[Score; BUCKETS]; MAX_PITS]; 2],
    /// The weight of having the move.
    pub tempo: Score,
}

impl Phase {
    /// Every weight 0.
    pub const ZERO: Phase = Phase {
        pits: [[[0; BUCKETS]; MAX_PITS]; 2],
        tempo: 0,
    };
}

/// A learned evaluation of the games with one row of pits a player: see the
/// [module](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PitTable {
    /// The weights on a board holding every seed.
    pub full: Phase,
    /// The weights on an empty board.
    pub empty: Phase,
}

impl PitTable {
    /// Every weight 0: the stores alone count.
    #[must_use]
    pub const fn zero() -> PitTable {
        PitTable {
            full: Phase::ZERO,
            empty: Phase::ZERO,
        }
    }

    /// The table whose weights make the standard evaluation of a one-row board
    /// ([`two_row_eval`](crate::eval::two_row_eval)): each seed in a row `row_seed`,
    /// each pit that can move `mobility`, in both phases.
    #[must_use]
    pub fn linear(row_seed: Score, mobility: Score) -> PitTable {
        let mut phase = Phase::ZERO;
        for (owner, sign) in [(0, 1), (1, -1)] {
            for pit in 0..MAX_PITS {
                for b in 1..BUCKETS {
                    // The last bucket stands for 15 and more: counted as 15.
                    phase.pits[owner][pit][b] = sign * (b as Score * row_seed + mobility);
                }
            }
        }
        PitTable {
            full: phase,
            empty: phase,
        }
    }

    /// The evaluation of `board` (one row a player) for its player to move.
    #[must_use]
    pub fn board_eval(&self, board: &Board) -> Score {
        let me = board.to_move;
        let stores = board.stores.unwrap_or_default();
        let (mut full, mut empty) = (self.full.tempo, self.empty.tempo);
        let mut on_board = 0;
        for (owner, player) in [(0, me), (1, me.opponent())] {
            for (pit, seeds) in board.pits[player].iter().enumerate().take(MAX_PITS) {
                let n = seeds.unwrap_or(0);
                on_board += Score::from(n);
                let b = usize::from(n).min(BUCKETS - 1);
                full += self.full.pits[owner][pit][b];
                empty += self.empty.pits[owner][pit][b];
            }
        }
        let stored = Score::from(stores[me]) + Score::from(stores[me.opponent()]);
        let total = (on_board + stored).max(1);
        let mixed = (i64::from(full) * i64::from(on_board)
            + i64::from(empty) * i64::from(total - on_board))
            / i64::from(total);
        let store_diff = Score::from(stores[me]) - Score::from(stores[me.opponent()]);
        (store_diff * SEED + mixed as Score).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The weights in order: the full board's (owner, pit, seeds, then the move's), then
    /// the empty board's; [`from_weights`](PitTable::from_weights) reads them back.
    #[must_use]
    pub fn weights(&self) -> Vec<Score> {
        let mut w = Vec::with_capacity(2 * WEIGHTS_A_PHASE);
        for phase in [&self.full, &self.empty] {
            w.extend(phase.pits.iter().flatten().flatten());
            w.push(phase.tempo);
        }
        w
    }

    /// The table of weights in the order of [`weights`](PitTable::weights); `None`
    /// unless there are exactly [`WEIGHTS`] of them.
    #[must_use]
    pub fn from_weights(w: &[Score]) -> Option<PitTable> {
        if w.len() != WEIGHTS {
            return None;
        }
        let mut t = PitTable::zero();
        for (phase, chunk) in [&mut t.full, &mut t.empty]
            .into_iter()
            .zip(w.chunks(WEIGHTS_A_PHASE))
        {
            let mut it = chunk.iter();
            for owner in &mut phase.pits {
                for pit in owner.iter_mut() {
                    for b in pit.iter_mut() {
                        *b = *it.next()?;
                    }
                }
            }
            phase.tempo = *it.next()?;
        }
        Some(t)
    }
}

impl<P: Position> Evaluator<P> for PitTable {
    #[inline]
    fn evaluate(&self, p: &P) -> Score {
        self.board_eval(&p.board())
    }
}

/// The weights of one phase of a [`PitTable`].
const WEIGHTS_A_PHASE: usize = 2 * MAX_PITS * BUCKETS + 1;

/// The weights of a [`PitTable`], both phases.
pub const WEIGHTS: usize = 2 * WEIGHTS_A_PHASE;

/// A position to learn from: the terms of a [`PitTable`] it has (each weight's index in
/// [`PitTable::weights`] and its share, the phase's), the stores' difference for the
/// player to move, and the result of its game for that player (1 a win, ½ a draw, 0 a
/// loss).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The weights this position adds, with their shares.
    pub terms: ArrayVec<(u16, f32), { 2 * (2 * MAX_PITS + 1) }>,
    /// The player to move's stored seeds minus the other's.
    pub store_diff: f32,
    /// The result for the player to move.
    pub result: f32,
}

impl Sample {
    /// The sample of `board` (one row a player) whose game ended `result` for its
    /// player to move.
    #[must_use]
    pub fn new(board: &Board, result: f32) -> Sample {
        let me = board.to_move;
        let stores = board.stores.unwrap_or_default();
        let mut idx: ArrayVec<u16, { 2 * MAX_PITS + 1 }> = ArrayVec::new();
        let mut on_board = 0u32;
        for (owner, player) in [(0, me), (1, me.opponent())] {
            for (pit, seeds) in board.pits[player].iter().enumerate().take(MAX_PITS) {
                let n = seeds.unwrap_or(0);
                on_board += u32::from(n);
                let b = usize::from(n).min(BUCKETS - 1);
                idx.push(((owner * MAX_PITS + pit) * BUCKETS + b) as u16);
            }
        }
        idx.push((2 * MAX_PITS * BUCKETS) as u16);
        let total = (on_board + u32::from(stores[me]) + u32::from(stores[me.opponent()])).max(1);
        let f = on_board as f32 / total as f32;
        let mut terms = ArrayVec::new();
        for &i in &idx {
            terms.push((i, f));
            terms.push((i + WEIGHTS_A_PHASE as u16, 1.0 - f));
        }
        Sample {
            terms,
            store_diff: f32::from(stores[me]) - f32::from(stores[me.opponent()]),
            result,
        }
    }

    /// The evaluation of this sample's position by weights `w` (in the order of
    /// [`PitTable::weights`]), in hundredths of a seed.
    fn eval(&self, w: &[f64]) -> f64 {
        f64::from(self.store_diff) * f64::from(SEED)
            + self
                .terms
                .iter()
                .map(|&(i, s)| w[usize::from(i)] * f64::from(s))
                .sum::<f64>()
    }
}

/// How the positions to learn from are played: `games` games from random openings of
/// `opening_plies` plies (seeded), then alpha-beta within `limits` on both sides; the
/// positions after the opening are kept, each with its game's result.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// Games to play.
    pub games: u64,
    /// Random plies that open each game.
    pub opening_plies: u32,
    /// The search of each move.
    pub limits: Limits,
    /// A game still going after this many plies is stopped (counted a draw).
    pub max_plies: u64,
    /// The seed of the openings.
    pub seed: u64,
}

/// The positions of the games `play` describes, from `start`, the engines evaluating
/// with `eval`; `progress` is told each game's index as it ends.
pub fn self_play<R: Record, E: Evaluator<R::Position> + Clone>(
    start: &R,
    play: &SelfPlay,
    eval: &E,
    mut progress: impl FnMut(u64),
) -> Vec<Sample> {
    let options = AlphaBetaOptions {
        table_bits: 16,
        ..AlphaBetaOptions::default()
    };
    let mut engine = AlphaBeta::with_evaluator(eval.clone(), play.limits, options);
    let mut samples = Vec::new();
    for g in 0..play.games {
        let mut game = start.clone();
        let mut opening = RandomPlayer::new(play.seed.wrapping_mul(0x9E37_79B9).wrapping_add(g));
        let mut boards: Vec<Board> = Vec::new();
        let mut plies = 0;
        while !game.is_finished() && plies < play.max_plies {
            let m = if plies < u64::from(play.opening_plies) {
                opening.choose(&game)
            } else {
                boards.push(game.position().board());
                engine.choose(&game)
            };
            let Some(m) = m else { break };
            game.play_unchecked(m);
            plies += 1;
        }
        let winner = match game.status() {
            Status::Over(o) => o.winner,
            _ => None,
        };
        for b in &boards {
            let result = match winner {
                None => 0.5,
                Some(w) if w == b.to_move => 1.0,
                Some(_) => 0.0,
            };
            samples.push(Sample::new(b, result));
        }
        progress(g);
    }
    samples
}

/// How [`fit`] learns: `epochs` passes of Adam over all the samples at the rate
/// `rate`, with an L2 penalty `l2` on the weights' distance from the starting table's
/// (per sample: a weight the samples say little about stays near where it started),
/// the results predicted as `1 / (1 + exp(-eval / scale))`.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    /// Passes over the samples.
    pub epochs: u32,
    /// Adam's step size, in hundredths of a seed.
    pub rate: f64,
    /// The penalty on the squared distance of the weights from the starting ones.
    pub l2: f64,
    /// The evaluation (hundredths of a seed) at which a win is `e / (1 + e)` likely.
    pub scale: f64,
}

/// What [`fit`] found: the table, and the mean cross-entropy of the results before and
/// after.
#[derive(Clone, Debug)]
pub struct Fitted {
    /// The learned table (weights rounded).
    pub table: PitTable,
    /// The mean loss of the starting table over the samples.
    pub loss_before: f64,
    /// The mean loss of the learned table.
    pub loss_after: f64,
}

/// The mean cross-entropy of the samples' results under weights `w`.
fn loss(samples: &[Sample], w: &[f64], scale: f64) -> f64 {
    let n = samples.len().max(1) as f64;
    samples
        .iter()
        .map(|s| {
            let p = 1.0 / (1.0 + (-s.eval(w) / scale).exp());
            let p = p.clamp(1e-9, 1.0 - 1e-9);
            let y = f64::from(s.result);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum::<f64>()
        / n
}

/// The scale at which `table` best predicts the samples' results (a search over powers
/// of two and their refinements), for [`FitOptions::scale`].
#[must_use]
pub fn best_scale(samples: &[Sample], table: &PitTable) -> f64 {
    let w: Vec<f64> = table.weights().iter().map(|&x| f64::from(x)).collect();
    let mut best = (f64::INFINITY, 100.0);
    let mut s = 25.0;
    while s <= 3200.0 {
        let l = loss(samples, &w, s);
        if l < best.0 {
            best = (l, s);
        }
        s *= 1.25;
    }
    best.1
}

/// Learns a [`PitTable`] from `samples`, starting from `start`: see [`FitOptions`].
#[must_use]
pub fn fit(samples: &[Sample], start: &PitTable, o: &FitOptions) -> Fitted {
    let mut w: Vec<f64> = start.weights().iter().map(|&x| f64::from(x)).collect();
    let w0 = w.clone();
    let loss_before = loss(samples, &w, o.scale);
    let (mut m, mut v) = (vec![0.0; WEIGHTS], vec![0.0; WEIGHTS]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
    let n = samples.len().max(1) as f64;
    let mut grad = vec![0.0; WEIGHTS];
    for epoch in 1..=o.epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for s in samples {
            let p = 1.0 / (1.0 + (-s.eval(&w) / o.scale).exp());
            // d(loss)/d(eval) of the cross-entropy of a logistic.
            let d = (p - f64::from(s.result)) / o.scale;
            for &(i, share) in &s.terms {
                grad[usize::from(i)] += d * f64::from(share);
            }
        }
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        for i in 0..WEIGHTS {
            let g = grad[i] / n + o.l2 * (w[i] - w0[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            w[i] -= o.rate * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
        }
    }
    let loss_after = loss(samples, &w, o.scale);
    let rounded: Vec<Score> = w.iter().map(|&x| x.round() as Score).collect();
    Fitted {
        table: PitTable::from_weights(&rounded).unwrap_or(*start),
        loss_before,
        loss_after,
    }
}

/// Shows a table as the Rust source of its weights (as [`PitTable::weights`] orders
/// them), to ship it.
pub struct ShowWeights<'a>(pub &'a PitTable);

impl fmt::Display for ShowWeights<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, phase) in [("full", &self.0.full), ("empty", &self.0.empty)] {
            writeln!(
                f,
                "// {name}: [owner][pit][seeds], then the move's own weight"
            )?;
            for owner in &phase.pits {
                for pit in owner {
                    let row: Vec<String> = pit.iter().map(|w| w.to_string()).collect();
                    writeln!(f, "{},", row.join(", "))?;
                }
            }
            writeln!(f, "{},", phase.tempo)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{MOBILITY, ROW_SEED, board_eval};

    #[test]
    fn the_linear_table_is_the_standard_evaluation() {
        let t = PitTable::linear(ROW_SEED, MOBILITY);
        for text in [
            "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S",
            "0,0,3,0,14,1/2,0,0,8,1,0 10-9 N",
            "1,0,0,0,0,1/1,0,0,0,0,1 22-22 S",
        ] {
            let p: oware::Oware = text.parse().unwrap();
            assert_eq!(t.evaluate(&p), board_eval(&p.board()), "{text}");
        }
    }

    #[test]
    fn weights_read_back() {
        let mut t = PitTable::linear(7, 3);
        t.empty.tempo = 11;
        t.full.pits[1][5][15] = -4;
        let w = t.weights();
        assert_eq!(w.len(), WEIGHTS);
        assert_eq!(PitTable::from_weights(&w), Some(t));
        assert_eq!(PitTable::from_weights(&w[1..]), None);
    }

    /// The fit moves a weight the results call for: positions where the player to move
    /// has an empty pit `a` always lose, the others always win.
    #[test]
    fn the_fit_learns_what_the_results_say() {
        let win: oware::Oware = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S".parse().unwrap();
        let lose: oware::Oware = "0,4,4,4,4,8/4,4,4,4,4,4 0-0 S".parse().unwrap();
        let samples: Vec<Sample> = (0..50)
            .flat_map(|_| {
                [
                    Sample::new(&win.board(), 1.0),
                    Sample::new(&lose.board(), 0.0),
                ]
            })
            .collect();
        let o = FitOptions {
            epochs: 200,
            rate: 5.0,
            l2: 0.0,
            scale: 100.0,
        };
        let f = fit(&samples, &PitTable::zero(), &o);
        assert!(f.loss_after < 0.1 * f.loss_before, "{f:?}");
        assert!(f.table.evaluate(&win) > 100 && f.table.evaluate(&lose) < -100);
        assert!(f.table.full.pits[0][0][0] < 0);
    }
}
