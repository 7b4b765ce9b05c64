//! The serial match (rule 5): rounds played one after another from the players' stocks
//! until one player's stock falls below 4. Needs the `alloc` feature (the match holds
//! its round's record).

use core::time::Duration;

use mancala_core::series::Series;
use mancala_core::{ByPlayer, IllegalMove, Player, Status};

use crate::{Game, Move, Reason, Record, RioKadalis};

/// Why a [`Match`] refused a request: the core's
/// [`MatchError`](mancala_core::series::MatchError), the same in every game's match.
pub type MatchError = mancala_core::series::MatchError<Reason>;

/// A serial match (rule 5): the current round's record, each player's reserve off the
/// board, and who started the round. It is driven through the core's [`Series`] trait,
/// like every game's match.
///
/// When a round is over (or annulled), [`next_game`](Series::next_game) sets up the
/// next one: each player's stock is their reserve plus what they won in the round
/// (captured plus their row), pits are filled from the rightmost leftwards with 4 stones
/// while the stock holds 4, the rest closed, and the other player starts. An annulled
/// round (rule 3, or dropped with [`drop_game`](Series::drop_game)) is replayed from the
/// same stocks with the other player starting. The match is lost by a player whose
/// stock falls below 4.
///
/// **Repetition between moves.** The current round is a round record ([`Game`]), so a
/// move that repeats a position since the round's last capture ends the round as rule
/// 4 ends it (rule 6); [`Series::status`] says so, and the engines searching
/// [`Series::game`] see the rule.
///
/// No call panics: whatever is asked, the match answers with an error and stays as it
/// was.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::rio_kadalis; }
/// use mancala::rio_kadalis::{Match, Player, Position, Record, Series};
/// let mut m = Match::<6>::start(Player::South);
/// assert_eq!(m.game().position().to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
/// m.play("a".parse().unwrap(), None).unwrap();
/// assert_eq!(m.game().position().side_to_move(), Player::North);
/// assert!(m.next_game(None).is_err()); // the round is still going on
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match<const N: usize = 6, const CLOCKWISE: bool = false> {
    /// The current round, with its history.
    record: Game<N, CLOCKWISE>,
    /// The stocks the current round was filled from.
    stocks: ByPlayer<u8>,
    /// The stones off the board (each player's stock less what filled their pits).
    reserves: ByPlayer<u8>,
    /// The player who moved first in the current round.
    starter: Player,
    /// Rounds begun, the current one and annulled ones included.
    rounds: u32,
    /// The current round was dropped ([`Series::drop_game`]): annulled.
    dropped: bool,
}

impl<const N: usize, const CLOCKWISE: bool> Match<N, CLOCKWISE> {
    /// A new match: both stocks hold 4 stones per pit, `first` starts the first round.
    #[must_use]
    pub fn start(first: Player) -> Self {
        let half = RioKadalis::<N, CLOCKWISE>::STONES / 2;
        let (round, reserves) = RioKadalis::filled(ByPlayer::new(half, half), first);
        Match {
            record: Game::new(round),
            stocks: ByPlayer::new(half, half),
            reserves,
            starter: first,
            rounds: 1,
            dropped: false,
        }
    }

    /// Sets up a round from `stocks` (adding up to the variant's stones), `first`
    /// starting, in the same record's buffers.
    fn begin(&mut self, stocks: ByPlayer<u8>, first: Player) {
        let (round, reserves) = RioKadalis::filled(stocks, first);
        self.record.reset(round);
        self.stocks = stocks;
        self.reserves = reserves;
        self.starter = first;
        self.rounds = self.rounds.saturating_add(1);
        self.dropped = false;
    }

    /// A match going on from the given stocks, `first` starting the next round.
    ///
    /// # Errors
    /// [`MatchError::StockTotal`] unless the stocks add up to the variant's stones,
    /// [`MatchError::StockBelowFour`] if a stock cannot fill a pit.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::rio_kadalis; }
    /// use mancala::rio_kadalis::{ByPlayer, Match, Player, Record, Series};
    /// let m = Match::<6>::from_stocks(ByPlayer::new(33, 15), Player::South).unwrap();
    /// assert_eq!(m.game().position().to_string(), "4,4,4,4,4,4/x,x,x,4,4,4 0-0 S");
    /// assert_eq!(m.reserves(), ByPlayer::new(9, 3));
    /// ```
    pub fn from_stocks(stocks: ByPlayer<u8>, first: Player) -> Result<Self, MatchError> {
        let expected = u32::from(RioKadalis::<N, CLOCKWISE>::STONES);
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
        let mut m = Self::start(first);
        m.rounds = 0;
        m.begin(stocks, first);
        Ok(m)
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

    /// How many rounds have begun, the current one and annulled ones included.
    #[must_use]
    pub const fn rounds(&self) -> u32 {
        self.rounds
    }

    /// Every stone: board, captures and reserves (always 48 on 2×6, 40 on 2×5).
    #[must_use]
    pub fn stones(&self) -> u16 {
        self.record.position().total()
            + u16::from(self.reserves.south)
            + u16::from(self.reserves.north)
    }

    /// The stocks for the next round, once the current round has ended: each player's
    /// reserve plus the stones they won in the round (captured plus their row; rule 5).
    /// After an annulled (or dropped) round, the stocks it was filled from (rule 3).
    /// `None` while the round goes on.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::rio_kadalis; }
    /// use mancala::rio_kadalis::{ByPlayer, Match, Player, Record, Series, Status};
    /// let mut m = Match::<6>::start(Player::South);
    /// // Play always the first legal move until the round ends.
    /// while m.status() == Status::Ongoing {
    ///     let first = m.game().legal_moves()[0];
    ///     m.play(first, None).unwrap();
    /// }
    /// assert!(m.game().is_repetition()); // rule 6, seen by the round's record
    /// assert_eq!(m.game().moves().len(), 23);
    /// assert_eq!(m.status().to_string(), "over 27-21 S 1");
    /// assert_eq!(m.next_stocks(), Some(ByPlayer::new(27, 21)));
    /// ```
    #[must_use]
    pub fn next_stocks(&self) -> Option<ByPlayer<u8>> {
        match self.status() {
            Status::Ongoing => None,
            Status::Annulled => Some(self.stocks),
            Status::Over(_) => {
                let round = self.record.position();
                Some(ByPlayer::from_fn(|p| {
                    self.reserves[p] + round.stores()[p] + round.row_stones(p)
                }))
            }
        }
    }
}

/// Rule 5 through the core's match trait: no take-backs; the players alternate who
/// starts; a round can be dropped as annulled.
impl<const N: usize, const CLOCKWISE: bool> Series for Match<N, CLOCKWISE> {
    type Game = Game<N, CLOCKWISE>;

    fn game(&self) -> &Game<N, CLOCKWISE> {
        &self.record
    }

    /// The status of the current round: the record's (rule 6 included), or
    /// [`Status::Annulled`] once dropped.
    fn status(&self) -> Status {
        if self.dropped {
            Status::Annulled
        } else {
            self.record.status()
        }
    }

    fn first_player(&self) -> Player {
        self.starter
    }

    fn play(&mut self, m: Move, _thinking: Option<Duration>) -> Result<Status, MatchError> {
        if self.dropped {
            return Err(IllegalMove::GameOver.into());
        }
        self.record.play(m)?;
        Ok(self.status())
    }

    /// The stocks: for the next round once the current one has ended
    /// ([`next_stocks`](Match::next_stocks)), else those the round was filled from.
    fn score(&self) -> ByPlayer<u16> {
        self.next_stocks().unwrap_or(self.stocks).map(u16::from)
    }

    /// Once a round is over, the player whose opponent's stock is below 4.
    fn winner(&self) -> Option<Player> {
        let stocks = self.next_stocks()?;
        Player::ALL
            .into_iter()
            .find(|&p| stocks[p] < 4)
            .map(Player::opponent)
    }

    /// Sets up the next round (rule 5; rule 3 after an annulled round): the stocks of
    /// [`next_stocks`](Match::next_stocks), the other player starting.
    fn next_game(&mut self, first: Option<Player>) -> Result<(), MatchError> {
        let stocks = self.next_stocks().ok_or(MatchError::GameInProgress)?;
        if let Some(winner) = self.winner() {
            return Err(MatchError::MatchOver { winner });
        }
        let rule = self.starter.opponent();
        if first.is_some_and(|p| p != rule) {
            return Err(MatchError::FirstPlayerFixed { rule });
        }
        self.begin(stocks, rule);
        Ok(())
    }

    /// Drops the current round as annulled (rule 3): the next round is filled from the
    /// same stocks, the other player starting.
    fn drop_game(&mut self) -> Result<(), MatchError> {
        if self.status().is_finished() {
            return Err(IllegalMove::GameOver.into());
        }
        self.dropped = true;
        Ok(())
    }
}
