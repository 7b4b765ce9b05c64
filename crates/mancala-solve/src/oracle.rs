//! The databases as an oracle for the engines of `mancala-search`: a
//! [`DbEvaluator`] wraps any [`Evaluator`] and answers [`Evaluator::known`] from the
//! databases for every ongoing position whose board is in them. Everything else
//! (and [`Evaluator::evaluate`]) goes to the inner evaluator.
//!
//! **Where the history matters** (Urim's rule 6, Oware's repetition: a game with
//! cycles, [`Solvable::cycles`]) a database's bounds `L ≤ U` hold for a position that
//! is its whole history — the start of the record, or right after a capture — and only
//! there (`docs/solving-cycles.md`): a position before it since the last
//! capture may end the game when repeated. So the evaluator reads the record's line
//! ([`Evaluator::known`] is given every position from the record's start) and answers
//! only at such a position: [`Known::Exact`] where `L = U`, [`Known::Bounds`] where
//! `L < U` (the search cuts where a bound refutes its window, never taking a bound as
//! the value); elsewhere nothing. Kalah has no cycles: its values hold after any
//! history, and every board in the databases is exact.
//!
//! Oware's databases play the end by majority on: the winner is the crate's, the
//! totals those of the game played on ([`oware`](crate::oware)). See
//! `docs/solving.md`.

use std::sync::Arc;

use mancala_core::{ByPlayer, EndReason, Outcome, Position, Status};
use mancala_search::score::{SEED, Score};
use mancala_search::{Evaluator, Known};

use crate::db::Databases;
use crate::game::Solvable;
use crate::rank::MAX_PITS;

/// An evaluator that knows the outcome of perfect play (or bounds on it) from the
/// databases and asks `inner` for everything else.
///
/// ```
/// use std::sync::Arc;
/// use mancala_search::{Evaluator, Known, Static};
/// use mancala_solve::{build::BuildOptions, db::Databases, oracle::DbEvaluator, urim::{UrimGame, Urim6}};
/// let game = UrimGame::<6>::new();
/// let mut dbs = Databases::new(&game, 2)?;
/// BuildOptions::new().build(&game, &mut dbs, |_| {})?;
/// let eval = DbEvaluator::new(game, Arc::new(dbs), Static);
/// // docs/urim.md, rule 5: no move can feed, South plays d, North is starved and
/// // South takes the seed: 19-17. The position alone is its whole history.
/// let p: Urim6 = "0,0,0,1,0,0/0,0,0,0,0,0 18-17 S".parse()?;
/// let Some(Known::Exact(o)) = eval.known(&[p]) else { panic!() };
/// assert_eq!(o.totals.map(|t| (t.south, t.north)), Some((19, 17)));
/// assert_eq!((o.winner, o.points), (Some(mancala_core::Player::South), 1));
/// // In a line where an earlier position has the same stores (no capture between
/// // them), `p` is not its whole history: the databases do not answer.
/// let earlier: Urim6 = "0,0,1,0,0,0/0,0,0,0,0,0 18-17 N".parse()?;
/// assert!(!eval.is_whole_history(&[earlier, p]));
/// assert_eq!(eval.known(&[earlier, p]), None);
/// // Three seeds on the board: no database, the inner evaluator's turn.
/// let q: Urim6 = "0,0,0,1,0,1/0,1,0,0,0,0 17-16 S".parse()?;
/// assert_eq!(eval.known(&[q]), None);
/// assert_eq!(eval.evaluate(&q), Static.evaluate(&q));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct DbEvaluator<G, E> {
    game: G,
    dbs: Arc<Databases>,
    inner: E,
    estimates: bool,
}

impl<G: Solvable, E> DbEvaluator<G, E> {
    /// `inner` with the databases `dbs` of `game`.
    pub fn new(game: G, dbs: Arc<Databases>, inner: E) -> Self {
        DbEvaluator {
            game,
            dbs,
            inner,
            estimates: false,
        }
    }

    /// This evaluator, evaluating with the databases' [`estimate`](DbEvaluator::estimate)
    /// wherever the board is in them (off unless asked: measured in Oware at 100 ms a
    /// move, it gained nothing, `docs/engine.md`).
    #[must_use]
    pub fn with_estimates(mut self, on: bool) -> Self {
        self.estimates = on;
        self
    }

    /// The inner evaluator.
    pub fn inner(&self) -> &E {
        &self.inner
    }

    /// Whether the last position of `line` (every position of a game record from its
    /// start) is its whole history as the databases count it: always in a game without
    /// cycles; in a game with cycles, the record's start or the position right after a
    /// capture.
    #[must_use]
    pub fn is_whole_history(&self, line: &[G::Pos]) -> bool {
        match line {
            [] => false,
            [_] => true,
            [.., before, now] => !self.game.cycles() || self.game.captured(before, now),
        }
    }

    /// What the databases know of perfect play from the last position of `line`
    /// (every position of a game record from its start, see the module's page):
    /// exact or bounds at a position that is its whole history
    /// ([`is_whole_history`](DbEvaluator::is_whole_history)) whose board is in the
    /// databases; `None` otherwise.
    pub fn known_at(&self, line: &[G::Pos]) -> Option<Known> {
        let p = line.last()?;
        if p.status() != Status::Ongoing || !self.is_whole_history(line) {
            return None;
        }
        let pits = 2 * self.game.pits_per_side();
        if self.dbs.ranker().pits() != pits {
            return None;
        }
        let mut board = [0u8; MAX_PITS];
        self.game.view(p, &mut board[..pits]);
        let (l, u) = self.dbs.board_bounds(&board[..pits])?;
        let seeds: i32 = board[..pits].iter().map(|&x| i32::from(x)).sum();
        let stores = p.board().stores.unwrap_or(ByPlayer::new(0, 0));
        let mover = p.side_to_move();
        // The outcome of a game whose board's seeds split so that the mover's margin
        // over them is `v`.
        let outcome = |v: i8| {
            let v = i32::from(v);
            let mut totals = stores;
            totals[mover] += u16::try_from((seeds + v) / 2).ok()?;
            totals[mover.opponent()] += u16::try_from((seeds - v) / 2).ok()?;
            Some(self.game.score(totals).with_reason(EndReason::REGULAR))
        };
        if l == u {
            return outcome(l).map(Known::Exact);
        }
        Some(Known::Bounds {
            lower: outcome(l)?,
            upper: outcome(u)?,
        })
    }

    /// The final margin the databases expect from `p` for its player to move, in
    /// hundredths of a seed, if its board is in them: the stores' margin plus the
    /// board's value `V = clamp(s, L, U)` (`docs/solving-cycles.md`: `s` the seeds in the
    /// mover's row minus the opponent's, what the game gives if it ends there by
    /// repetition; `L`, `U` the bounds). An evaluation, whatever the history: the
    /// bounds hold exactly only for a position that is its whole history, but they are
    /// a better guess than the seeds alone anywhere.
    pub fn estimate(&self, p: &G::Pos) -> Option<Score> {
        let pits = 2 * self.game.pits_per_side();
        if self.dbs.ranker().pits() != pits {
            return None;
        }
        let mut board = [0u8; MAX_PITS];
        let stores = self.game.view(p, &mut board[..pits]);
        let (l, u) = self.dbs.board_bounds(&board[..pits])?;
        let s: i32 = board[..pits]
            .chunks_exact(2)
            .map(|pair| i32::from(pair[0]) - i32::from(pair[1]))
            .sum();
        Some((stores + s.clamp(i32::from(l), i32::from(u))) * SEED)
    }

    /// The outcome of perfect play from the last position of `line`, where the
    /// databases know it exactly ([`known_at`](DbEvaluator::known_at)).
    pub fn outcome(&self, line: &[G::Pos]) -> Option<Outcome> {
        match self.known_at(line)? {
            Known::Exact(o) => Some(o),
            Known::Bounds { .. } => None,
        }
    }
}

impl<G: Solvable, E: Evaluator<G::Pos>> Evaluator<G::Pos> for DbEvaluator<G, E> {
    /// The inner evaluator's value, or with
    /// [`with_estimates`](DbEvaluator::with_estimates) the databases'
    /// [`estimate`](DbEvaluator::estimate) where the board is in them.
    fn evaluate(&self, p: &G::Pos) -> Score {
        if self.estimates
            && let Some(v) = self.estimate(p)
        {
            return v;
        }
        self.inner.evaluate(p)
    }

    /// The databases' answer ([`known_at`](DbEvaluator::known_at)), else the inner
    /// evaluator's.
    fn known(&self, line: &[G::Pos]) -> Option<Known> {
        self.known_at(line).or_else(|| self.inner.known(line))
    }
}
