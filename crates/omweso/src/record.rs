//! The game record and matches (rules 8 and 9); they keep history, so they need `alloc`.

use alloc::vec::Vec;
use core::time::Duration;

use mancala_core::record::{Line, Record};
use mancala_core::series::Series;
use mancala_core::{ByPlayer, Outcome, Player, Position, Status};

use crate::{Beheading, IllegalMove, Move, Omweso, Reason, Rules};

/// A game with its history: the positions and moves from its start, for take-backs and
/// replays ([`Record`]).
///
/// Omweso's rules need no history beyond the position: an endless move (rule 8) annuls
/// the game in the position itself. The rule's other clause, a decision point whose
/// counter-clockwise choice leads back to the same mid-turn state, can never apply:
/// no paused state comes back in its turn (the proof is in `docs/omweso.md`, "Repeated
/// decision", and in `tests/record.rs`).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
/// use mancala::omweso::{Game, Omweso, Position, Record, Status};
/// let mut g = Game::new(Omweso::new());
/// g.play("i".parse().unwrap()).unwrap();
/// assert_eq!(g.moves().len(), 1);
/// assert_eq!(g.undo().unwrap().to_string(), "i");
/// assert_eq!(g.undo(), None);
/// assert_eq!(g.position(), &Omweso::new());
/// assert_eq!(g.status(), Status::Ongoing);
/// ```
pub type Game = Line<Omweso>;

/// Which beheading condition ended `game` (rule 7): [`Omweso::beheading_since`] from
/// the start of the winner's last turn, which the record keeps; `None` unless the game
/// is over by a beheading.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
/// use mancala::omweso::{Beheading, Game, Record};
/// let mut g = Game::new(
///     "0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,56 S sn 0-0"
///         .parse()
///         .unwrap(),
/// );
/// assert_eq!(mancala::omweso::beheading(&g), None);
/// g.play("p".parse().unwrap()).unwrap();
/// assert_eq!(mancala::omweso::beheading(&g), Some(Beheading::InnerRow));
/// ```
#[must_use]
pub fn beheading(game: &Game) -> Option<Beheading> {
    let positions = game.positions();
    let (end, before) = positions.split_last()?;
    // The turn's start: the last position before the end that is not a paused turn
    // (its mid-turn decisions are plies of the same turn).
    let start = before.iter().rev().find(|p| p.pending().is_none())?;
    end.beheading_since(start)
}

/// How a match is played (rule 9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Mode {
    /// Take-backs allowed.
    #[default]
    Classic,
    /// Take-backs refused with an error.
    Contract,
    /// 3 seconds per move, reported by the caller; a move over the limit loses the game
    /// (1 point to the opponent). Take-backs are refused, as in contract play.
    Blitz,
}

impl Mode {
    /// The thinking time allowed per move in blitz.
    pub const BLITZ_LIMIT: Duration = Duration::from_secs(3);
}

/// Why a [`Match`] refused a request: the core's
/// [`MatchError`](mancala_core::series::MatchError), the same in every game's match.
pub type MatchError = mancala_core::series::MatchError<Reason>;

/// A match: games until a player has 12 points (rule 9), driven through the core's
/// [`Series`] trait like every game's match.
///
/// Each game's winner scores the game's points (1, 2 or 12); an annulled game (rule 8)
/// scores nothing. [`Series::next_game`] starts the next game from the standard start
/// with the match's rule options, the caller choosing who starts (rule 1: by lot; by
/// default the other player than the last game's), and [`Match::next_game_from`] from
/// a custom setup. [`Series::play`] takes each move's thinking time, which blitz play
/// reads; [`Series::take_back`] takes moves back in classic play only.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
/// use core::time::Duration;
/// use mancala::omweso::{Match, MatchError, Mode, Player, Rules, Series};
/// let mut m = Match::start_with(Mode::Blitz, Rules::default(), Player::South);
/// assert_eq!(m.play("i".parse().unwrap(), None), Err(MatchError::TimeRequired));
/// // Four seconds: South loses the game, North scores 1.
/// m.play("i".parse().unwrap(), Some(Duration::from_secs(4))).unwrap();
/// assert_eq!(m.score().north, 1);
/// assert_eq!(m.take_back(), Err(MatchError::TakeBackRefused));
/// m.next_game(Some(Player::North)).unwrap();
/// assert_eq!(m.first_player(), Player::North);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    mode: Mode,
    /// Points of the games before the current one.
    banked: ByPlayer<u16>,
    game: Game,
    /// The winner of the current game by the blitz clock.
    forfeit: Option<Player>,
    /// The games finished before the current one, with their status.
    history: Vec<Status>,
}

impl Match {
    /// The points that win the match.
    pub const TARGET: u16 = 12;

    /// A classic match with the default rules, `first` starting the first game.
    #[must_use]
    pub fn start(first: Player) -> Match {
        Match::start_with(Mode::Classic, Rules::DEFAULT, first)
    }

    /// A match in `mode` with the rule options `rules`, `first` starting the first game
    /// from the standard start.
    #[must_use]
    pub fn start_with(mode: Mode, rules: Rules, first: Player) -> Match {
        Match::from_position(mode, Omweso::start_with(rules, first))
    }

    /// A match in `mode` whose first game starts from `start` (a custom setup, rule 1;
    /// its rule options are the match's).
    #[must_use]
    pub fn from_position(mode: Mode, start: Omweso) -> Match {
        Match {
            mode,
            banked: ByPlayer::default(),
            game: Game::new(start),
            forfeit: None,
            history: Vec::new(),
        }
    }

    /// The mode.
    #[must_use]
    pub const fn mode(&self) -> Mode {
        self.mode
    }

    /// The rule options of the match's games.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.game.start().rules()
    }

    /// The statuses of the finished games before the current one.
    #[must_use]
    pub fn results(&self) -> &[Status] {
        &self.history
    }

    /// The checks before a move of the current game: the match and the game go on, and
    /// `m` is legal.
    fn check_play(&self, m: Move) -> Result<(), MatchError> {
        if let Some(winner) = self.winner() {
            return Err(MatchError::MatchOver { winner });
        }
        if self.forfeit.is_some() {
            return Err(MatchError::Illegal(IllegalMove::GameOver));
        }
        self.game.check_move(m)?;
        Ok(())
    }

    /// Starts the next game from `start` once the current one has ended (or was
    /// annulled, rule 8): a custom setup (rule 1), or the standard start with another
    /// first player or rule options.
    ///
    /// # Errors
    /// [`MatchError::GameInProgress`] or [`MatchError::MatchOver`].
    pub fn next_game_from(&mut self, start: Omweso) -> Result<(), MatchError> {
        if let Some(winner) = self.winner() {
            return Err(MatchError::MatchOver { winner });
        }
        let status = self.status();
        if !status.is_finished() {
            return Err(MatchError::GameInProgress);
        }
        self.banked = self.score();
        self.history.push(status);
        self.game.reset(start);
        self.forfeit = None;
        Ok(())
    }
}

/// Rule 9 through the core's match trait.
impl Series for Match {
    type Game = Game;

    fn game(&self) -> &Game {
        &self.game
    }

    /// The status of the current game, a blitz forfeit included.
    fn status(&self) -> Status {
        match self.forfeit {
            Some(w) => Status::Over(Outcome::new(Some(w), 1).with_reason(crate::end::FORFEIT)),
            None => self.game.status(),
        }
    }

    fn first_player(&self) -> Player {
        self.game.start().side_to_move()
    }

    /// Plays a move with its thinking time. In blitz a move over 3 seconds is not
    /// played: the mover loses the game and the opponent scores 1 point; a move without
    /// its time is refused. Classic and contract play ignore the time.
    fn play(&mut self, m: Move, thinking: Option<Duration>) -> Result<Status, MatchError> {
        self.check_play(m)?;
        if self.mode == Mode::Blitz {
            let thinking = thinking.ok_or(MatchError::TimeRequired)?;
            if thinking > Mode::BLITZ_LIMIT {
                self.forfeit = Some(self.game.position().side_to_move().opponent());
                return Ok(self.status());
            }
        }
        self.game.play(m)?;
        Ok(self.status())
    }

    /// Takes back the last move of the current game (classic only).
    fn take_back(&mut self) -> Result<Move, MatchError> {
        if self.mode != Mode::Classic {
            return Err(MatchError::TakeBackRefused);
        }
        self.game.undo().ok_or(MatchError::NothingToTakeBack)
    }

    /// Each player's points, the current game's included if it has ended.
    fn score(&self) -> ByPlayer<u16> {
        let mut p = self.banked;
        if let Status::Over(Outcome {
            winner: Some(w),
            points,
            ..
        }) = self.status()
        {
            p[w] = p[w].saturating_add(u16::from(points));
        }
        p
    }

    fn needed(&self) -> Option<ByPlayer<u16>> {
        Some(self.score().map(|have| Self::TARGET.saturating_sub(have)))
    }

    /// The winner of the match, once a player has 12 points.
    fn winner(&self) -> Option<Player> {
        let p = self.score();
        Player::ALL.into_iter().find(|&w| p[w] >= Self::TARGET)
    }

    /// The next game from the standard start with the match's rule options; `None`:
    /// the other player than the last game's starts.
    fn next_game(&mut self, first: Option<Player>) -> Result<(), MatchError> {
        let first = first.unwrap_or(self.first_player().opponent());
        self.next_game_from(Omweso::start_with(self.rules(), first))
    }
}
