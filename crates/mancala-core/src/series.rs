//! Matches: games in series under a game's match rule (feature `alloc`).
//!
//! Three games score whole matches: Urim (rule 8: games to a target of points), Omweso
//! (rule 9: games to 12 points, in classic, contract or blitz play) and Rio Kadalis
//! (rule 5: the serial match, rounds filled from the players' stocks). Each game crate
//! has a `Match` type for its rule, and all three implement [`Series`], so that a
//! program (a tournament, a user interface, the runtime layer) drives every match with
//! the same calls:
//!
//! ```text
//! loop {
//!     while series.status() == Status::Ongoing {
//!         let m = choose(series.game());               // the record, with history
//!         series.play(m, Some(thinking_time))?;        // the mover's time (Omweso blitz)
//!     }
//!     if series.is_finished() { break; }               // a player has won the match
//!     series.next_game(None)?;                         // the rules say who starts
//! }
//! ```
//!
//! What differs between the games is said by the methods' results, never by a panic:
//! a request the rules do not allow is refused with a [`MatchError`] and leaves the
//! match as it was.
//!
//! | | Urim | Omweso | Rio Kadalis |
//! | --- | --- | --- | --- |
//! | a game | a game (rule 8) | a game (rule 9) | a round (rule 5) |
//! | [`score`](Series::score) | game points | game points | each player's stock |
//! | [`needed`](Series::needed) | target − points | 12 − points | `None` |
//! | [`take_back`](Series::take_back) | refused | classic play only | refused |
//! | [`next_game`](Series::next_game)`(Some(p))` | refused unless `p` is the rule's | any `p` (rule 1: by lot) | refused unless `p` is the rule's |
//! | [`drop_game`](Series::drop_game) | refused | refused | annulled round (rule 3) |
//! | thinking time | ignored | blitz: over 3 s loses | ignored |

use core::convert::Infallible;
use core::time::Duration;

use crate::record::{MoveOf, Record};
use crate::{ByPlayer, IllegalMove, Player, Position, Status};

/// Why a match refused a request. Every game's `MatchError` is this enum with the
/// game's own move-refusal reason (`pub type MatchError =
/// mancala_core::series::MatchError<Reason>`), so that generic code handles the
/// refusals of every match alike.
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::series::MatchError;
/// use mancala::{IllegalMove, Player};
/// let e: MatchError = MatchError::GameInProgress;
/// assert_eq!(e.to_string(), "the current game is still on");
/// let e: MatchError = IllegalMove::GameOver.into();
/// assert_eq!(e.to_string(), "the game is over");
/// let e: MatchError = MatchError::MatchOver { winner: Player::North };
/// assert_eq!(e.to_string(), "the match is over: North has won");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum MatchError<R = Infallible> {
    /// The move is refused by the current game (`IllegalMove::GameOver` once the game
    /// is over, annulled or dropped).
    #[error(transparent)]
    Illegal(#[from] IllegalMove<R>),
    /// The next game was asked for while the current one is still on.
    #[error("the current game is still on")]
    GameInProgress,
    /// A player has won the match: no more games, and no more moves.
    #[error("the match is over: {} has won", winner.name())]
    MatchOver {
        /// The winner of the match.
        winner: Player,
    },
    /// The match's rules take no moves back (Urim, Rio Kadalis, Omweso's contract and
    /// blitz play).
    #[error("the rules of this match allow no take-backs")]
    TakeBackRefused,
    /// There is no move of the current game to take back.
    #[error("there is no move to take back")]
    NothingToTakeBack,
    /// The match needs each move's thinking time (Omweso's blitz, rule 9).
    #[error("this match needs each move's thinking time")]
    TimeRequired,
    /// The rules say who starts the next game (Urim rule 8, Rio Kadalis rule 5: the
    /// players alternate), and the caller chose the other player.
    #[error("the rules say {} starts the next game", rule.name())]
    FirstPlayerFixed {
        /// The player the rules choose.
        rule: Player,
    },
    /// The match's rules cannot drop a game that has not ended (Urim, Omweso).
    #[error("the rules of this match cannot drop a game that has not ended")]
    CannotDrop,
    /// A target of 0 points.
    #[error("the target must be at least 1 point")]
    ZeroTarget,
    /// The stocks do not add up to the variant's stones (Rio Kadalis).
    #[error("the stocks add up to {found} stones, expected {expected}")]
    StockTotal {
        /// The stones the stocks hold.
        found: u32,
        /// The stones of the variant (48 on 2×6, 40 on 2×5).
        expected: u32,
    },
    /// A stock cannot open a single pit, so there is no round to play (Rio Kadalis).
    #[error("{}'s stock of {stock} stones cannot fill a pit: {} has lost", player.name(), player.name())]
    StockBelowFour {
        /// The player with the small stock.
        player: Player,
        /// The stock.
        stock: u8,
    },
}

/// The move-refusal reason of a record's position.
pub type ReasonOf<R> = <<R as Record>::Position as Position>::Reason;

/// The [`MatchError`] of a match whose games are records of type `R`.
pub type MatchErrorOf<R> = MatchError<ReasonOf<R>>;

/// A match: games (Rio Kadalis: rounds) played one after another under a game's match
/// rule, until a player has won. Implemented by `urim::Match`, `omweso::Match` and
/// `rio_kadalis::Match`; see the [module docs](self) for what each game's rules make of
/// every method.
///
/// The current game is a game record ([`Record`], with its history): the engines search
/// it, and its status includes the endings that only history shows. The match's
/// [`status`](Series::status) adds what only the match knows (an Omweso blitz forfeit, a
/// dropped Rio Kadalis round).
///
/// No method panics. A refused request returns a [`MatchError`] and changes nothing.
///
/// A whole match, every game playing its first legal move, through the trait alone:
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::series::Series;
/// use mancala::record::Record;
/// use mancala::Status;
///
/// /// Plays `series` to its end; returns the games played.
/// fn play_out<S: Series>(series: &mut S) -> u32 {
///     let mut games = 1;
///     loop {
///         while series.status() == Status::Ongoing {
///             let m = series.game().legal_moves()[0];
///             series.play(m, None).unwrap();
///         }
///         if series.is_finished() {
///             return games;
///         }
///         series.next_game(None).unwrap();
///         games += 1;
///     }
/// }
/// # let _ = play_out::<Never>;
/// # #[derive(Debug, Clone)] enum Never {}
/// # impl Series for Never {
/// #     type Game = mancala::record::History<mancala::toy::Countdown>;
/// #     fn game(&self) -> &Self::Game { match *self {} }
/// #     fn status(&self) -> Status { match *self {} }
/// #     fn first_player(&self) -> mancala::Player { match *self {} }
/// #     fn play(&mut self, _: mancala::toy::Take, _: Option<core::time::Duration>)
/// #         -> Result<Status, mancala::series::MatchError> { match *self {} }
/// #     fn score(&self) -> mancala::ByPlayer<u16> { match *self {} }
/// #     fn winner(&self) -> Option<mancala::Player> { match *self {} }
/// #     fn next_game(&mut self, _: Option<mancala::Player>)
/// #         -> Result<(), mancala::series::MatchError> { match *self {} }
/// # }
/// ```
pub trait Series {
    /// The record of one game of the match (the game crate's `Game`).
    type Game: Record;

    /// The current game's record: its start, moves and positions, the history rules
    /// applied. Once the match is over, the last game. Engines search this.
    fn game(&self) -> &Self::Game;

    /// The current game's status: the record's (history endings included), or
    /// [`Status::Over`] with the reason `forfeit` after an Omweso blitz move over the time limit, or [`Status::Annulled`] after an endless
    /// move or [`drop_game`](Series::drop_game).
    fn status(&self) -> Status;

    /// The player who moved first in the current game.
    fn first_player(&self) -> Player;

    /// Plays `m` in the current game, the mover having thought for `thinking` (only
    /// Omweso's blitz reads it: a move over 3 seconds is not played and loses the game;
    /// `None` there is refused with [`MatchError::TimeRequired`]). If the move ends the
    /// game, the game's points count at once in [`score`](Series::score). Returns the
    /// current game's status after the move.
    ///
    /// # Errors
    /// [`MatchError::MatchOver`] once a player has won, [`MatchError::Illegal`] with why
    /// the move is illegal ([`IllegalMove::GameOver`] once the game is over),
    /// [`MatchError::TimeRequired`] in blitz without a time. The match is then
    /// unchanged.
    fn play(
        &mut self,
        m: MoveOf<Self::Game>,
        thinking: Option<Duration>,
    ) -> Result<Status, MatchErrorOf<Self::Game>>;

    /// Takes back the current game's last move, where the rules allow it (Omweso's
    /// classic play), and returns it.
    ///
    /// # Errors
    /// [`MatchError::TakeBackRefused`] where the rules allow none (the default),
    /// [`MatchError::NothingToTakeBack`] at the start of a game.
    fn take_back(&mut self) -> Result<MoveOf<Self::Game>, MatchErrorOf<Self::Game>> {
        Err(MatchError::TakeBackRefused)
    }

    /// Each player's score so far, the current game's included once it has ended: game
    /// points (Urim, Omweso), or the stock each player would start the next round with
    /// (Rio Kadalis: the stocks of the current round while it goes on).
    fn score(&self) -> ByPlayer<u16>;

    /// The game points each player still needs to win the match, where games score
    /// points towards a target (Urim, Omweso); `None` where they do not (Rio Kadalis,
    /// the default). What an engine values a won game at.
    fn needed(&self) -> Option<ByPlayer<u16>> {
        None
    }

    /// The winner of the match, once a player has won it.
    fn winner(&self) -> Option<Player>;

    /// Whether a player has won the match.
    fn is_finished(&self) -> bool {
        self.winner().is_some()
    }

    /// The old name of [`is_finished`](Series::is_finished).
    #[deprecated(note = "renamed to is_finished")]
    fn is_over(&self) -> bool {
        self.is_finished()
    }

    /// Starts the next game once the current one has ended (or was annulled or
    /// dropped). `None` lets the rules choose who starts (the players alternate);
    /// `Some(p)` has `p` start, where the rules let the players choose or draw lots
    /// (Omweso rule 1); elsewhere only the rule's player is accepted.
    ///
    /// # Errors
    /// [`MatchError::GameInProgress`] while the current game is on,
    /// [`MatchError::MatchOver`] once a player has won,
    /// [`MatchError::FirstPlayerFixed`] for a first player the rules do not choose.
    fn next_game(&mut self, first: Option<Player>) -> Result<(), MatchErrorOf<Self::Game>>;

    /// Drops the current game, which has not ended (it hit a ply limit of the
    /// caller's), where the rules allow it: the game is then annulled
    /// ([`Status::Annulled`], no points) and [`next_game`](Series::next_game) goes on
    /// (Rio Kadalis: as an annulled round, rule 3).
    ///
    /// # Errors
    /// [`MatchError::CannotDrop`] where the rules allow it not (Urim, Omweso; the
    /// default), [`MatchError::Illegal`] with [`IllegalMove::GameOver`] if the game has
    /// already ended.
    fn drop_game(&mut self) -> Result<(), MatchErrorOf<Self::Game>> {
        Err(MatchError::CannotDrop)
    }
}
