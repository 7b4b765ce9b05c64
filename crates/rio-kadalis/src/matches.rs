//! The serial match (rule 5): rounds played one after another from the players' stocks
//! until one player's stock falls below 4.

use mancala_core::{ByPlayer, EndReason, Outcome, Player, Position, Status};

use crate::position::round_outcome;
#[cfg(feature = "alloc")]
use crate::{Game, Record};
use crate::{IllegalMove, Kadalis, Move};

/// Why the match cannot do what was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum MatchError {
    /// The current round is still being played.
    #[error("the round is not over")]
    RoundInProgress,
    /// The match is over: a player's stock is below 4.
    #[error("the match is over: {winner} has won")]
    MatchOver {
        /// The winner of the match.
        winner: Player,
    },
    /// The stocks do not add up to the variant's stones.
    #[error("the stocks add up to {found} stones, expected {expected}")]
    StockTotal {
        /// The stones the stocks hold.
        found: u32,
        /// The stones of the variant (48 on 2×6, 40 on 2×5).
        expected: u32,
    },
    /// A stock cannot open a single pit, so there is no round to play.
    #[error("{player}'s stock of {stock} stones cannot fill a pit: {player} has lost")]
    StockBelowFour {
        /// The player with the small stock.
        player: Player,
        /// The stock.
        stock: u8,
    },
    /// The move is not legal in the current round.
    #[error(transparent)]
    IllegalMove(#[from] IllegalMove),
    /// The record given to [`Match::play_recorded`] is not the current round's, and the
    /// round has begun without it (its positions since the last capture are lost).
    #[error("the record is not this round's, and the round has begun without it")]
    RecordOutOfStep,
}

/// A serial match (rule 5): the current round, each player's reserve off the board, and
/// who started the round. Needs no heap.
///
/// When a round is over (or annulled), [`next_round`](Match::next_round) sets up the
/// next one: each player's stock is their reserve plus what they won in the round
/// (captured plus their row), pits are filled from the rightmost leftwards with 4 stones
/// while the stock holds 4, the rest closed, and the other player starts. An annulled
/// round is replayed from the same stocks with the other player starting. The match is
/// lost by a player whose stock falls below 4.
///
/// **Repetition between moves.** A round whose positions repeat between moves ends as
/// rule 4 ends it (rule 6, see [`Game`](crate::Game)), but the position has no history
/// to notice it. A match played move by move applies the rule either by playing through
/// a round record, [`play_recorded`](Match::play_recorded) (with the `alloc` feature),
/// or, keeping its own history, by calling
/// [`end_round_by_repetition`](Match::end_round_by_repetition). Either way
/// [`status`](Match::status), not the position's, tells whether the round is over.
///
/// No call panics: whatever is asked, the match answers with an error and stays as it
/// was.
///
/// ```
/// use rio_kadalis::{Match, Player, Position};
/// let mut m = Match::<6>::new(Player::South);
/// assert_eq!(m.round().to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
/// m.play("a".parse().unwrap()).unwrap();
/// assert_eq!(m.round().side_to_move(), Player::North);
/// assert!(m.next_round().is_err()); // the round is still going on
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Match<const N: usize = 6, const CLOCKWISE: bool = false> {
    round: Kadalis<N, CLOCKWISE>,
    /// The stocks the current round was filled from.
    stocks: ByPlayer<u8>,
    /// The stones off the board (each player's stock less what filled their pits).
    reserves: ByPlayer<u8>,
    /// The player who moved first in the current round.
    starter: Player,
    /// Rounds begun, the current one and annulled ones included.
    rounds: u32,
    /// The current round ended by a repeated position.
    repeated: bool,
}

impl<const N: usize, const CLOCKWISE: bool> Match<N, CLOCKWISE> {
    /// A new match: both stocks hold 4 stones per pit, `first` starts the first round.
    #[must_use]
    pub fn new(first: Player) -> Self {
        let half = Kadalis::<N, CLOCKWISE>::STONES / 2;
        Self::begin(ByPlayer::new(half, half), first, 1)
    }

    /// The match at the start of a round from `stocks` (adding up to the variant's
    /// stones), `first` starting; `rounds` counts it.
    fn begin(stocks: ByPlayer<u8>, first: Player, rounds: u32) -> Self {
        let (round, reserves) = Kadalis::filled(stocks, first);
        Match {
            round,
            stocks,
            reserves,
            starter: first,
            rounds,
            repeated: false,
        }
    }

    /// A match going on from the given stocks, `first` starting the next round.
    ///
    /// # Errors
    /// [`MatchError::StockTotal`] unless the stocks add up to the variant's stones,
    /// [`MatchError::StockBelowFour`] if a stock cannot fill a pit.
    ///
    /// ```
    /// use rio_kadalis::{ByPlayer, Match, Player};
    /// let m = Match::<6>::from_stocks(ByPlayer::new(33, 15), Player::South).unwrap();
    /// assert_eq!(m.round().to_string(), "4,4,4,4,4,4/x,x,x,4,4,4 0-0 S");
    /// assert_eq!(m.reserves(), ByPlayer::new(9, 3));
    /// ```
    pub fn from_stocks(stocks: ByPlayer<u8>, first: Player) -> Result<Self, MatchError> {
        let expected = u32::from(Kadalis::<N, CLOCKWISE>::STONES);
        let found = u32::from(stocks.south) + u32::from(stocks.north);
        if found != expected {
            return Err(MatchError::StockTotal { found, expected });
        }
        for player in Player::ALL {
            if stocks[player] < 4 {
                return Err(MatchError::StockBelowFour {
                    player,
                    stock: stocks[player],
                });
            }
        }
        Ok(Self::begin(stocks, first, 1))
    }

    /// The current round's position (its own status does not know of a repetition:
    /// see [`status`](Match::status)).
    #[must_use]
    pub const fn round(&self) -> &Kadalis<N, CLOCKWISE> {
        &self.round
    }

    /// The stocks the current round was filled from.
    #[must_use]
    pub const fn stocks(&self) -> ByPlayer<u8> {
        self.stocks
    }

    /// The stones each player keeps off the board in this round.
    #[must_use]
    pub const fn reserves(&self) -> ByPlayer<u8> {
        self.reserves
    }

    /// The player who moved first in the current round.
    #[must_use]
    pub const fn starter(&self) -> Player {
        self.starter
    }

    /// How many rounds have begun, the current one and annulled ones included.
    #[must_use]
    pub const fn rounds(&self) -> u32 {
        self.rounds
    }

    /// Every stone: board, captures and reserves (always 48 on 2×6, 40 on 2×5).
    #[must_use]
    pub fn stones(&self) -> u8 {
        self.round.total() + self.reserves.south + self.reserves.north
    }

    /// The status of the current round: over by a repetition
    /// ([`end_round_by_repetition`](Match::end_round_by_repetition)), scored as rule 4
    /// scores it, or the position's status.
    #[must_use]
    pub fn status(&self) -> Status {
        if self.repeated {
            Status::Over(round_outcome(self.round.totals()).with_reason(EndReason::Repetition))
        } else {
            self.round.status()
        }
    }

    /// Whether the current round ended by a repeated position (rule 6), as
    /// [`Record::is_repetition`](crate::Record::is_repetition) says of a round record.
    #[must_use]
    pub const fn is_repetition(&self) -> bool {
        self.repeated
    }

    /// Plays a move in the current round (checked). The match keeps no history, so
    /// this alone never ends a round by repetition: see
    /// [`play_recorded`](Match::play_recorded) and
    /// [`end_round_by_repetition`](Match::end_round_by_repetition).
    ///
    /// # Errors
    /// Why the move is illegal ([`IllegalMove::GameOver`] once the round has ended,
    /// by repetition too); the match is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.repeated {
            return Err(IllegalMove::GameOver);
        }
        self.round.play(m)
    }

    /// Ends the current round because its last move repeated a position since the
    /// round's last capture (rule 6; the caller keeps the history, e.g. in a
    /// [`Game`](crate::Game)). The round is then over as rule 4 ends it: each player
    /// takes their row, more stones from the round wins. Returns that outcome, or
    /// `None`, changing nothing, if the round had already ended or was annulled.
    ///
    /// ```
    /// use rio_kadalis::{Match, Player, Status};
    /// let mut m = Match::<6>::new(Player::South);
    /// let outcome = m.end_round_by_repetition().unwrap(); // (as if it had repeated)
    /// assert_eq!(outcome.to_string(), "24-24 draw 0");
    /// assert_eq!(m.status(), Status::Over(outcome));
    /// assert!(m.play("a".parse().unwrap()).is_err());
    /// m.next_round().unwrap(); // the same stocks, North starting
    /// assert_eq!(m.status(), Status::Ongoing);
    /// ```
    pub fn end_round_by_repetition(&mut self) -> Option<Outcome> {
        if self.status() != Status::Ongoing {
            return None;
        }
        self.repeated = true;
        self.status().outcome()
    }

    /// The start of the current round (from its stocks and starter).
    #[cfg(feature = "alloc")]
    fn round_start(&self) -> Kadalis<N, CLOCKWISE> {
        Kadalis::filled(self.stocks, self.starter).0
    }

    /// Plays a move in the current round through `record`, the round's record, so that
    /// a repeated position ends the round (rule 6, [`Game`]). `record` is kept in step:
    /// a record of another round (a new one, or the last round's after
    /// [`next_round`](Match::next_round)) is reset, keeping its buffers, while the
    /// current round has not begun. Needs the `alloc` feature.
    ///
    /// ```
    /// use rio_kadalis::{ByPlayer, Game, Match, Player, Position, Record, Status};
    /// let mut m = Match::<6>::new(Player::South);
    /// let mut record = Game::new(*m.round());
    /// // Play always the first legal move until the round ends.
    /// while m.status() == Status::Ongoing {
    ///     let first = m.round().legal_moves()[0];
    ///     m.play_recorded(&mut record, first).unwrap();
    /// }
    /// assert!(m.is_repetition());
    /// assert_eq!(record.moves().len(), 23);
    /// assert_eq!(m.status().to_string(), "over 27-21 S 1");
    /// assert_eq!(m.next_stocks(), Some(ByPlayer::new(27, 21)));
    /// ```
    ///
    /// # Errors
    /// [`MatchError::IllegalMove`] with why the move is illegal
    /// ([`GameOver`](mancala_core::IllegalMove::GameOver) once the round has ended, by
    /// repetition too); [`MatchError::RecordOutOfStep`] if `record` is not this round's
    /// and the round has begun (moves were played without it). The match and the record
    /// are then unchanged.
    #[cfg(feature = "alloc")]
    pub fn play_recorded(
        &mut self,
        record: &mut Game<N, CLOCKWISE>,
        m: Move,
    ) -> Result<(), MatchError> {
        if self.status().is_finished() {
            return Err(IllegalMove::GameOver.into());
        }
        let start = self.round_start();
        let in_step =
            record.position() == &self.round && record.start() == &start && !record.is_repetition();
        if in_step {
            record.play(m)?;
        } else if self.round == start {
            // Check first, so that a refused move leaves the record as it was.
            self.round.check_move(m)?;
            record.reset(start);
            record.play_unchecked(m);
        } else {
            return Err(MatchError::RecordOutOfStep);
        }
        self.round = *record.position();
        self.repeated = record.is_repetition();
        Ok(())
    }

    /// The stocks for the next round, once the current round has ended: each player's
    /// reserve plus the stones they won in the round (captured plus their row; rule 5).
    /// After an annulled round, the stocks it was filled from (rule 3). `None` while the
    /// round goes on.
    #[must_use]
    pub fn next_stocks(&self) -> Option<ByPlayer<u8>> {
        match self.status() {
            Status::Ongoing => None,
            Status::Annulled => Some(self.stocks),
            Status::Over(_) => Some(ByPlayer::from_fn(|p| {
                self.reserves[p] + self.round.stores()[p] + self.round.row_stones(p)
            })),
        }
    }

    /// The winner of the match: once a round is over, the player whose opponent's stock
    /// is below 4.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        let stocks = self.next_stocks()?;
        Player::ALL
            .into_iter()
            .find(|&p| stocks[p] < 4)
            .map(Player::opponent)
    }

    /// Sets up the next round (rule 5; rule 3 after an annulled round): the stocks of
    /// [`next_stocks`](Match::next_stocks), the other player starting.
    ///
    /// # Errors
    /// [`MatchError::RoundInProgress`] while the round goes on,
    /// [`MatchError::MatchOver`] once a player's stock is below 4; the match is then
    /// unchanged.
    pub fn next_round(&mut self) -> Result<(), MatchError> {
        let stocks = self.next_stocks().ok_or(MatchError::RoundInProgress)?;
        if let Some(winner) = self.winner() {
            return Err(MatchError::MatchOver { winner });
        }
        *self = Self::begin(
            stocks,
            self.starter.opponent(),
            self.rounds.saturating_add(1),
        );
        Ok(())
    }
}
