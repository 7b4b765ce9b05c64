//! Static evaluation: the score of a position that is not searched further.
//!
//! An [`Evaluator`] scores a position from the side of its player to move. The standard
//! one, [`Static`], works for every game: it reads the position's board as data
//! ([`Position::board`]) and applies [`two_row_eval`] to a board with one row per player
//! (Urim, Oware, Rio Kadalis) and [`omweso_eval`] to a board with two rows per player
//! (Omweso). Write your own [`Evaluator`] (or pass a closure) for anything else. Every
//! evaluation is described in `docs/engine.md`.

use mancala_core::record::Record;
use mancala_core::{Board, ByPlayer, Outcome, Player, Position};

use crate::score::{EVAL_LIMIT, SEED, Score, Utility, known_score};

/// Scores positions of `P` that are still being played, from the side of the player to
/// move (positive is good for that player).
///
/// Any `Fn(&P) -> Score` is an evaluator:
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::{record::{Line, Record}, toy::Countdown};
/// use mancala::search::{AlphaBeta, AlphaBetaOptions, Engine, Limits};
/// // Exact for the toy game: a heap that is a multiple of 3 is lost for the player to move.
/// let exact = |p: &Countdown| if p.heap % 3 == 0 { -100 } else { 100 };
/// let mut ab = AlphaBeta::with_evaluator(exact, Limits::depth(1), AlphaBetaOptions::default());
/// assert_eq!(ab.choose(&Line::new(Countdown::new(7))).unwrap().0, 1); // leave 6
/// ```
pub trait Evaluator<P: Position> {
    /// The score of `p` for `p.side_to_move()`. Only called on ongoing positions; the
    /// search scores finished games itself with [`terminal_score`](crate::score::terminal_score).
    fn evaluate(&self, p: &P) -> Score;

    /// What this evaluator knows of the final outcome of perfect play from the last
    /// position of `line` (an ongoing position), as an endgame database does. `line` is
    /// every position of the game's record from its start, the one asked about last
    /// ([`Record::positions`]): where the rules need history (a position repeated since
    /// the last capture ends an Urim or Oware game), a value known from the board alone
    /// may hold only for some histories, and the evaluator answers from the line.
    ///
    /// [`Known::Exact`]: the search goes no further and scores the position like a
    /// finished game with that outcome. [`Known::Bounds`]: the search cuts where a
    /// bound refutes its window, and otherwise keeps the position's score between them.
    /// The provided version knows nothing.
    fn known(&self, line: &[P]) -> Option<Known> {
        let _ = line;
        None
    }
}

/// What an evaluator knows of the outcome of perfect play from a position
/// ([`Evaluator::known`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// The outcome of perfect play.
    Exact(Outcome),
    /// Perfect play ends no worse for the player to move than `lower` and no better
    /// than `upper` (as [`exact_score`] ranks outcomes).
    Bounds {
        /// The worst outcome for the player to move.
        lower: Outcome,
        /// The best outcome for the player to move.
        upper: Outcome,
    },
}

/// What `eval` knows of the current position of `game` as scores for its player to move,
/// `ply` plies from the root: `(lower, upper)`, equal for an exact outcome.
#[inline]
pub(crate) fn known_scores<R: Record, E: Evaluator<R::Position>>(
    eval: &E,
    game: &R,
    ply: usize,
    utility: &Utility,
) -> Option<(Score, Score)> {
    let me = game.position().side_to_move();
    match eval.known(game.positions())? {
        Known::Exact(o) => {
            let s = exact_score(o, me, ply, utility);
            Some((s, s))
        }
        Known::Bounds { lower, upper } => {
            let lo = exact_score(lower, me, ply, utility);
            let hi = exact_score(upper, me, ply, utility);
            Some((lo.min(hi), hi.max(lo)))
        }
    }
}

/// The standard evaluation of any game, read from its board: [`board_eval`] of
/// [`Position::board`].
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::urim; pub use ::omweso; pub use ::rio_kadalis; pub use ::oware; pub use ::mancala_search as search; }
/// use mancala::search::{Evaluator, Static};
/// let p: mancala::urim::Urim6 = "3,3,3,3,3,3/3,3,3,3,3,0 2-1 S".parse().unwrap();
/// // one seed more in the store (+100), three more in the row (3 × 15), one more
/// // movable pit (+25)
/// assert_eq!(Static.evaluate(&p), 170);
/// let p: mancala::oware::Oware = "4,4,4,4,4,4/4,4,4,4,4,1 2-1 S".parse().unwrap();
/// // one seed more in the store (+100), three more in the row (3 × 15)
/// assert_eq!(Static.evaluate(&p), 145);
/// // The starts are symmetric.
/// assert_eq!(Static.evaluate(&mancala::omweso::Omweso::new()), 0);
/// assert_eq!(Static.evaluate(&mancala::rio_kadalis::RioKadalis::<6>::new()), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Static;

impl<P: Position> Evaluator<P> for Static {
    #[inline]
    fn evaluate(&self, p: &P) -> Score {
        board_eval(&p.board())
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

/// The score of the current position of `game` for its player to move: the end of the
/// game if it is over (by the record's status, so an ending that only the history shows
/// counts), the outcome the evaluator knows ([`Evaluator::known`]) scored as that
/// ending, the evaluation otherwise (kept within the bounds the evaluator knows). Game points count in full ([`Utility::GAME`]).
#[inline]
pub fn score_of<R: Record, E: Evaluator<R::Position>>(eval: &E, game: &R, ply: usize) -> Score {
    score_with(eval, game, ply, &Utility::GAME)
}

/// [`score_of`] with the game points valued by `utility` (capped at what each player
/// still needs in a match).
#[inline]
pub fn score_with<R: Record, E: Evaluator<R::Position>>(
    eval: &E,
    game: &R,
    ply: usize,
    utility: &Utility,
) -> Score {
    let p = game.position();
    match utility.terminal(game.status(), p.side_to_move(), ply) {
        Some(s) => s,
        None => {
            let e = || eval.evaluate(p).clamp(-EVAL_LIMIT, EVAL_LIMIT);
            match known_scores(eval, game, ply, utility) {
                Some((lo, hi)) if lo == hi => lo,
                Some((lo, hi)) => e().clamp(lo, hi),
                None => e(),
            }
        }
    }
}

/// The score of a position whose outcome under perfect play is `o` (from
/// [`Evaluator::known`]) for `perspective`, `ply` plies from the root: a win or loss of
/// the outcome's points at no known distance ([`known_score`]: the databases do not
/// keep how far the end is), 0 for a draw.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::search::{eval::exact_score, score::{Utility, known_score}};
/// use mancala::{Outcome, Player};
/// let o = Outcome::new(Some(Player::South), 2);
/// assert_eq!(exact_score(o, Player::South, 1, &Utility::GAME), known_score(2, 1));
/// assert_eq!(exact_score(o, Player::North, 1, &Utility::GAME), -known_score(2, 1));
/// assert_eq!(exact_score(Outcome::new(None, 0), Player::North, 1, &Utility::GAME), 0);
/// ```
#[inline]
#[must_use]
pub fn exact_score(o: Outcome, perspective: Player, ply: usize, utility: &Utility) -> Score {
    match o.winner {
        None => 0,
        Some(w) => {
            let s = known_score(utility.points(&o), ply);
            if w == perspective { s } else { -s }
        }
    }
}

/// The standard evaluation of a board for its player to move (`board.to_move`).
///
/// - One row per player (Urim, Oware, Rio Kadalis): [`two_row_eval`] with the stores
///   (or captured stones) of [`Board::stores`], none counting as 0.
/// - Two rows per player (Omweso): [`omweso_eval`] of each player's 16 pits.
/// - Seeds in hand ([`Board::in_hand`]: a paused Omweso turn) count one seed each for
///   the player to move, who will sow them.
/// - Any other board scores the seeds in hand only.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::{Board, ByPlayer, Player};
/// use mancala::search::eval::board_eval;
/// let b = Board::two_rows([Some(3), Some(0), None], [Some(1), Some(1), Some(1)],
///                         Some(ByPlayer::new(5, 2)), Player::South);
/// // stores 5 vs 2: +3 seeds; rows 3 vs 3; movable pits 1 vs 3.
/// assert_eq!(board_eval(&b), 300 - 2 * 25);
/// ```
#[must_use]
pub fn board_eval(board: &Board) -> Score {
    let me = board.to_move;
    let in_hand = Score::from(board.in_hand) * SEED;
    match board.rows_per_player {
        1 => two_row_eval(me, &board.pits, board.stores.unwrap_or_default()) + in_hand,
        2 => {
            let (own, opp) = circuits(board);
            omweso_eval(&own, &opp) + in_hand
        }
        _ => in_hand,
    }
}

/// The 16 pits of each player of a two-row-a-side board (Omweso's), the player to move's
/// first, closed pits as empty.
#[inline]
pub(crate) fn circuits(board: &Board) -> ([u8; 16], [u8; 16]) {
    let circuit = |p: Player| {
        let mut c = [0u8; 16];
        for (seeds, pit) in c.iter_mut().zip(board.pits[p].iter()) {
            *seeds = pit.unwrap_or(0);
        }
        c
    };
    (circuit(board.to_move), circuit(board.to_move.opponent()))
}

/// The weight of a seed still in its owner's row in [`two_row_eval`], in hundredths of
/// a seed (a stored seed is [`SEED`] = 100).
///
/// Tuned by self-play (`examples/tune.rs`, `docs/strength.md` "Tuning the evaluation"):
/// SPSA gave 12 to 18 in Urim, Oware and Kalah; 15 with [`MOBILITY`] 25, against the
/// former 50 and 10, won +205 ± 25 Elo (Oware), +179 ± 24 (Urim) and +61 ± 22 (Kalah) at
/// depth 8, and +0 ± 22 (Rio Kadalis: no change), 95% intervals over 1000 games each.
pub const ROW_SEED: Score = 15;

/// The weight of each open pit that can move (mobility) in [`two_row_eval`], in
/// hundredths of a seed; tuned with [`ROW_SEED`].
pub const MOBILITY: Score = 25;

/// The evaluation of a two-row game with stores (Urim, Oware) or captures (Rio
/// Kadalis), for the player `me`: each player's row from their left (closed pits
/// `None`) and their store or captures.
///
/// Stored seeds count one seed each; seeds still in a row count [`ROW_SEED`] (0.15 of a
/// seed) for the row's owner (they usually go to the owner at the end, but can still be
/// captured); an open pit that can move counts [`MOBILITY`] (a quarter of a seed).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::{ByPlayer, Player};
/// use mancala::search::eval::two_row_eval;
/// let rows = ByPlayer::new([Some(3), Some(0), None], [Some(1), Some(1), Some(1)]);
/// // stores 5 vs 2: +3 seeds; rows 3 vs 3; movable pits 1 vs 3.
/// assert_eq!(two_row_eval(Player::South, &rows, ByPlayer::new(5, 2)), 300 - 2 * 25);
/// assert_eq!(two_row_eval(Player::North, &rows, ByPlayer::new(5, 2)), -300 + 2 * 25);
/// ```
#[must_use]
pub fn two_row_eval<R: AsRef<[Option<u8>]>>(
    me: Player,
    rows: &ByPlayer<R>,
    stores: ByPlayer<u16>,
) -> Score {
    let [stored, row, movable] = two_row_terms(me, rows, stores);
    stored * SEED + row * ROW_SEED + movable * MOBILITY
}

/// The terms of [`two_row_eval`] for `me`, each as "own minus the opponent's": stored
/// seeds, seeds in the row, pits that can move.
#[inline]
pub(crate) fn two_row_terms<R: AsRef<[Option<u8>]>>(
    me: Player,
    rows: &ByPlayer<R>,
    stores: ByPlayer<u16>,
) -> [Score; 3] {
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
    [
        Score::from(stores[me]) - Score::from(stores[me.opponent()]),
        own_seeds - opp_seeds,
        own_movable - opp_movable,
    ]
}

/// The evaluation of an Omweso position for the player owning `own` (their 16 pits,
/// inner `a`–`h` then outer `i`–`p`).
///
/// Seeds never leave the board, so material is each player's share of the 64: one seed
/// each. A pit that can move (2 or more) counts a fifth of a seed; a seed in the inner
/// row facing a loaded enemy column is exposed to capture and counts a tenth less.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::search::eval::omweso_eval;
/// let mut own = [0u8; 16];
/// let mut opp = [0u8; 16];
/// own[8] = 4; // 4 seeds in i: one movable pit
/// opp[8] = 2; opp[9] = 2; // 4 seeds in two movable pits
/// assert_eq!(omweso_eval(&own, &opp), 20 - 40);
/// ```
#[must_use]
pub fn omweso_eval(own: &[u8; 16], opp: &[u8; 16]) -> Score {
    let [seeds, movable, safe] = omweso_terms(own, opp);
    seeds * SEED + movable * OMWESO_MOBILITY + safe * OMWESO_EXPOSED
}

/// The weight of each pit that can move in [`omweso_eval`], in hundredths of a seed: a
/// fifth of a seed.
pub const OMWESO_MOBILITY: Score = SEED / 5;

/// The weight of each seed exposed to capture in [`omweso_eval`], in hundredths of a
/// seed, counted against its owner: a tenth of a seed.
pub const OMWESO_EXPOSED: Score = SEED / 10;

/// The terms of [`omweso_eval`] for the owner of `own`, each as "own minus the
/// opponent's": seeds, pits that can move, and exposed seeds negated (the opponent's
/// minus one's own, so that its weight is positive).
#[inline]
pub(crate) fn omweso_terms(own: &[u8; 16], opp: &[u8; 16]) -> [Score; 3] {
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
    [
        seeds(own) - seeds(opp),
        movable(own) - movable(opp),
        exposed(opp, own) - exposed(own, opp),
    ]
}
