//! The databases as an oracle for the engines of `mancala-search`: a
//! [`DbEvaluator`] wraps any [`Evaluator`] and answers [`Evaluator::exact`] with the
//! outcome of perfect play for every ongoing position whose board is in the
//! databases and whose value is known exactly (for a game with cycles: its bounds
//! are equal, `L = U`). Everything else goes to the inner evaluator.
//!
//! For Urim the value is exact when the position is the whole history (rule 6
//! counts repetitions from the last capture, and the databases hold the value of a
//! board as if it had just been reached by one); with earlier positions since the
//! last capture, it is the value of the game in which none of those is repeated.
//! Oware's the same, and its databases play the end by majority on: the winner is
//! the crate's, the totals those of the game played on
//! ([`oware`](crate::oware)). See `docs/solving.md`.

use std::sync::Arc;

use mancala_core::{ByPlayer, EndReason, Outcome, Position, Status};
use mancala_search::Evaluator;
use mancala_search::score::Score;

use crate::db::Databases;
use crate::game::Game;
use crate::rank::MAX_PITS;

/// An evaluator that knows the outcome of perfect play from the databases and asks
/// `inner` for everything else.
///
/// ```
/// use std::sync::Arc;
/// use mancala_search::{Evaluator, Static};
/// use mancala_solve::{build::build, db::Databases, oracle::DbEvaluator, urim::{UrimGame, Urim6}};
/// let game = UrimGame::<6>::new();
/// let mut dbs = Databases::new(&game, 2)?;
/// build(&game, &mut dbs, 2, None, false, |_| {})?;
/// let eval = DbEvaluator::new(game, Arc::new(dbs), Static);
/// // docs/urim.md, rule 5: no move can feed, South plays d, North is starved and
/// // South takes the seed: 19-17.
/// let p: Urim6 = "0,0,0,1,0,0/0,0,0,0,0,0 18-17 S".parse()?;
/// let o = eval.exact(&p).unwrap();
/// assert_eq!(o.totals.map(|t| (t.south, t.north)), Some((19, 17)));
/// assert_eq!((o.winner, o.points), (Some(mancala_core::Player::South), 1));
/// // Three seeds on the board: no database, the inner evaluator's turn.
/// let q: Urim6 = "0,0,0,1,0,1/0,1,0,0,0,0 17-16 S".parse()?;
/// assert_eq!(eval.exact(&q), None);
/// assert_eq!(eval.evaluate(&q), Static.evaluate(&q));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct DbEvaluator<G, E> {
    game: G,
    dbs: Arc<Databases>,
    inner: E,
}

impl<G: Game, E> DbEvaluator<G, E> {
    /// `inner` with the databases `dbs` of `game`.
    pub fn new(game: G, dbs: Arc<Databases>, inner: E) -> Self {
        DbEvaluator { game, dbs, inner }
    }

    /// The inner evaluator.
    pub fn inner(&self) -> &E {
        &self.inner
    }

    /// The outcome of perfect play from `p`, if `p` is ongoing, its board is in the
    /// databases and its value is exact there.
    pub fn outcome(&self, p: &G::Pos) -> Option<Outcome> {
        if p.status() != Status::Ongoing {
            return None;
        }
        let pits = 2 * self.game.pits_per_side();
        if self.dbs.ranker().pits() != pits {
            return None;
        }
        let mut board = [0u8; MAX_PITS];
        self.game.view(p, &mut board[..pits]);
        let v = i32::from(self.dbs.value(&board[..pits])?);
        let seeds: i32 = board[..pits].iter().map(|&x| i32::from(x)).sum();
        let b = p.board();
        let stores = b.stores.unwrap_or(ByPlayer::new(0, 0));
        let mover = p.side_to_move();
        let mut totals = stores;
        // The board's seeds split so that the mover's margin over them is v.
        totals[mover] += u16::try_from((seeds + v) / 2).ok()?;
        totals[mover.opponent()] += u16::try_from((seeds - v) / 2).ok()?;
        Some(self.game.score(totals).with_reason(EndReason::Regular))
    }
}

impl<G: Game, E: Evaluator<G::Pos>> Evaluator<G::Pos> for DbEvaluator<G, E> {
    fn evaluate(&self, p: &G::Pos) -> Score {
        self.inner.evaluate(p)
    }

    fn exact(&self, p: &G::Pos) -> Option<Outcome> {
        self.outcome(p)
    }
}
