//! Static evaluation: the score of a position that is not searched further.
//!
//! An [`Evaluator`] scores a position from the side of its player to move. The games'
//! own evaluations implement [`Evaluate`] on their position types (one cargo feature per
//! game) and are used through [`Static`]; [`NotationEval`] evaluates any of the games
//! from its notation, for generic code that cannot name the game's type (the examples).
//! Every evaluation is described in `docs/engine.md`.

use core::fmt::{self, Display, Write};

use mancala_core::toy::Countdown;
use mancala_core::{ByPlayer, Player, Position};

use crate::board::Board;
use crate::score::{EVAL_LIMIT, SEED, Score, terminal_score};

/// Scores positions of `P` that are still being played, from the side of the player to
/// move (positive is good for that player).
pub trait Evaluator<P: Position> {
    /// The score of `p` for `p.side_to_move()`. Only called on ongoing positions; the
    /// search scores finished games itself with [`terminal_score`].
    fn evaluate(&self, p: &P) -> Score;
}

/// A game's own static evaluation, implemented on its position type.
///
/// ```
/// use mancala_core::toy::Countdown;
/// use mancala_search::eval::Evaluate;
/// // In the toy game a heap that is a multiple of 3 is lost for the player to move.
/// assert!(Countdown::new(6).evaluate() < 0);
/// assert!(Countdown::new(7).evaluate() > 0);
/// ```
pub trait Evaluate: Position {
    /// The score of this position for the player to move.
    fn evaluate(&self) -> Score;
}

/// The evaluator that calls the game's [`Evaluate`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Static;

impl<P: Evaluate> Evaluator<P> for Static {
    #[inline]
    fn evaluate(&self, p: &P) -> Score {
        p.evaluate()
    }
}

/// Every ongoing position scores 0: the search then only sees the ends of games. Useful
/// for solving small games and in tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Zero;

impl<P: Position> Evaluator<P> for Zero {
    #[inline]
    fn evaluate(&self, _: &P) -> Score {
        0
    }
}

impl<P: Position, F: Fn(&P) -> Score> Evaluator<P> for F {
    #[inline]
    fn evaluate(&self, p: &P) -> Score {
        self(p)
    }
}

impl Evaluate for Countdown {
    /// Exact for the toy game: a heap that is a multiple of 3 is lost for the player to
    /// move (one seed is worth a won game here).
    fn evaluate(&self) -> Score {
        if self.heap.is_multiple_of(3) {
            -SEED
        } else {
            SEED
        }
    }
}

/// The score of `p` for the player to move: the end of the game if it is over, the
/// evaluation otherwise.
#[inline]
pub fn score_of<P: Position, E: Evaluator<P>>(eval: &E, p: &P, ply: usize) -> Score {
    match terminal_score(p.status(), p.side_to_move(), ply) {
        Some(s) => s,
        None => eval.evaluate(p).clamp(-EVAL_LIMIT, EVAL_LIMIT),
    }
}

/// The evaluation of a two-row game with stores (Urim, Oware) or captures (Rio
/// Kadalis), for the player `me`: each player's row from their left (closed pits
/// `None`) and their store or captures.
///
/// Stored seeds count one seed each; seeds still in a row count a half for the row's
/// owner (they usually go to the owner at the end, but can still be captured); an open
/// pit that can move counts a tenth (mobility).
///
/// ```
/// use mancala_core::{ByPlayer, Player};
/// use mancala_search::eval::two_row_eval;
/// let rows = ByPlayer::new([Some(3), Some(0), None], [Some(1), Some(1), Some(1)]);
/// // stores 5 vs 2: +3 seeds; rows 3 vs 3; movable pits 1 vs 3.
/// assert_eq!(two_row_eval(Player::South, &rows, ByPlayer::new(5, 2)), 300 - 20);
/// assert_eq!(two_row_eval(Player::North, &rows, ByPlayer::new(5, 2)), -300 + 20);
/// ```
#[must_use]
pub fn two_row_eval<R: AsRef<[Option<u8>]>>(
    me: Player,
    rows: &ByPlayer<R>,
    stores: ByPlayer<u16>,
) -> Score {
    let side = |p: Player| {
        rows[p]
            .as_ref()
            .iter()
            .fold((0, 0), |(seeds, movable), pit| match pit {
                Some(n) if *n > 0 => (seeds + Score::from(*n), movable + 1),
                _ => (seeds, movable),
            })
    };
    let (own_seeds, own_movable) = side(me);
    let (opp_seeds, opp_movable) = side(me.opponent());
    (Score::from(stores[me]) - Score::from(stores[me.opponent()])) * SEED
        + (own_seeds - opp_seeds) * SEED / 2
        + (own_movable - opp_movable) * SEED / 10
}

/// The evaluation of an Omweso position for the player owning `own` (their 16 pits,
/// inner `a`–`h` then outer `i`–`p`).
///
/// Seeds never leave the board, so material is each player's share of the 64: one seed
/// each. A pit that can move (2 or more) counts a fifth of a seed; a seed in the inner
/// row facing a loaded enemy column is exposed to capture and counts a tenth less.
///
/// ```
/// use mancala_search::eval::omweso_eval;
/// let mut own = [0u8; 16];
/// let mut opp = [0u8; 16];
/// own[8] = 4; // 4 seeds in i: one movable pit
/// opp[8] = 2; opp[9] = 2; // 4 seeds in two movable pits
/// assert_eq!(omweso_eval(&own, &opp), 20 - 40);
/// ```
#[must_use]
pub fn omweso_eval(own: &[u8; 16], opp: &[u8; 16]) -> Score {
    let seeds = |s: &[u8; 16]| s.iter().map(|&n| Score::from(n)).sum::<Score>();
    let movable = |s: &[u8; 16]| s.iter().filter(|&&n| n >= 2).count() as Score;
    // Seeds in a player's inner pit whose facing column (inner and outer) is loaded:
    // the opponent captures them by ending a lap opposite.
    let exposed = |me: &[u8; 16], them: &[u8; 16]| {
        (0..8)
            .filter(|&k| them[7 - k] > 0 && them[15 - k] > 0)
            .map(|k| Score::from(me[k]))
            .sum::<Score>()
    };
    (seeds(own) - seeds(opp)) * SEED + (movable(own) - movable(opp)) * SEED / 5
        - (exposed(own, opp) - exposed(opp, own)) * SEED / 10
}

/// Evaluates any of the games from its notation, with the same formulas as the games'
/// own evaluations: [`two_row_eval`] for a two-row board, [`omweso_eval`] for a
/// four-row board.
///
/// It writes the notation into a buffer on the stack and parses it, so it works for any
/// position type that prints one of the games' notations, allocates nothing, and costs
/// about a microsecond per position. Unknown notations score 0.
///
/// ```
/// use mancala_search::eval::NotationEval;
/// // South has 2 more stored seeds; the rows are equal.
/// let text = "3,3,3,3,3,1/3,3,3,3,3,1 4-2 S";
/// assert_eq!(NotationEval.evaluate_text(text), Some(200));
/// assert_eq!(NotationEval.evaluate_text("3,3,3,3,3,1/3,3,3,3,3,1 4-2 N"), Some(-200));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NotationEval;

impl NotationEval {
    /// The evaluation of a position written in notation, for its player to move; `None`
    /// if the notation is not one of the games'.
    #[must_use]
    pub fn evaluate_text(&self, text: &str) -> Option<Score> {
        let b = Board::parse(text)?;
        let me = b.side;
        Some(match b.rows.len() {
            2 => {
                let rows = ByPlayer::from_fn(|p| &b.rows[p.index()][..]);
                two_row_eval(me, &rows, b.stores.unwrap_or_default())
            }
            4 => {
                let circuit = |p: Player| {
                    let mut c = [0u8; 16];
                    for (i, s) in b.rows[2 * p.index()]
                        .iter()
                        .chain(b.rows[2 * p.index() + 1].iter())
                        .take(16)
                        .enumerate()
                    {
                        c[i] = s.unwrap_or(0);
                    }
                    c
                };
                omweso_eval(&circuit(me), &circuit(me.opponent()))
            }
            _ => 0,
        })
    }
}

impl<P: Position + Display> Evaluator<P> for NotationEval {
    fn evaluate(&self, p: &P) -> Score {
        let mut buf = StackText::default();
        if write!(buf, "{p}").is_err() {
            return 0;
        }
        self.evaluate_text(buf.as_str()).unwrap_or(0)
    }
}

/// A fixed buffer that text is written into without allocating.
struct StackText {
    buf: [u8; 320],
    len: usize,
}

impl Default for StackText {
    fn default() -> Self {
        StackText {
            buf: [0; 320],
            len: 0,
        }
    }
}

impl StackText {
    fn as_str(&self) -> &str {
        core::str::from_utf8(&self.buf[..self.len]).unwrap_or("")
    }
}

impl Write for StackText {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        if end > self.buf.len() {
            return Err(fmt::Error);
        }
        self.buf[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}
