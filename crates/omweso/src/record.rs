//! The game record and matches (rules 8 and 9); they keep history, so they need `alloc`.

use alloc::vec::Vec;
use core::time::Duration;

use mancala_core::record::{Line, Record};
use mancala_core::{ByPlayer, EndReason, Outcome, Player, Position, Status};

use crate::{IllegalMove, Move, Omweso};

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
/// use omweso::{Game, Omweso, Position, Record, Status};
/// let mut g = Game::new(Omweso::new());
/// g.play("i".parse().unwrap()).unwrap();
/// assert_eq!(g.moves().len(), 1);
/// assert_eq!(g.undo().unwrap().to_string(), "i");
/// assert_eq!(g.undo(), None);
/// assert_eq!(g.position(), &Omweso::new());
/// assert_eq!(g.status(), Status::Ongoing);
/// ```
pub type Game = Line<Omweso>;

/// How a match is played (rule 9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
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

/// Why a [`Match`] refused a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// The move is illegal.
    #[error("{0}")]
    Illegal(#[from] IllegalMove),
    /// Take-backs are refused in this mode.
    #[error("take-backs are not allowed in {0:?} play")]
    TakeBackRefused(Mode),
    /// There is no move of the current game to take back.
    #[error("there is no move to take back")]
    NothingToTakeBack,
    /// Blitz needs each move's thinking time: use [`Match::play_timed`].
    #[error("blitz play needs the move's thinking time")]
    TimeRequired,
    /// The current game has not ended yet.
    #[error("the current game is still being played")]
    GameInProgress,
    /// A player has reached the target.
    #[error("the match is over")]
    MatchOver,
}

/// A match: games until a player has 12 points (rule 9).
///
/// Each game's winner scores the game's points (1, 2 or 12); an annulled game scores
/// nothing and a new game is started by the caller with [`Match::new_game`] (the caller
/// chooses each game's setup and first player).
///
/// ```
/// use core::time::Duration;
/// use omweso::{Match, MatchError, Mode, Omweso, Rules};
/// let mut m = Match::new(Mode::Blitz, Omweso::new());
/// assert_eq!(m.play("i".parse().unwrap()), Err(MatchError::TimeRequired));
/// // Four seconds: South loses the game, North scores 1.
/// m.play_timed("i".parse().unwrap(), Duration::from_secs(4)).unwrap();
/// assert_eq!(m.points().north, 1);
/// assert_eq!(m.take_back(), Err(MatchError::TakeBackRefused(Mode::Blitz)));
/// m.new_game(Omweso::new()).unwrap();
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    mode: Mode,
    /// Points of the games before the current one.
    banked: ByPlayer<u8>,
    game: Game,
    /// The winner of the current game by the blitz clock.
    forfeit: Option<Player>,
    /// The games finished before the current one, with their status.
    history: Vec<Status>,
}

impl Match {
    /// The points that win the match.
    pub const TARGET: u8 = 12;

    /// A match whose first game starts from `start`.
    #[must_use]
    pub fn new(mode: Mode, start: Omweso) -> Match {
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

    /// The current game.
    #[must_use]
    pub const fn game(&self) -> &Game {
        &self.game
    }

    /// The status of the current game (a blitz forfeit included).
    #[must_use]
    pub fn game_status(&self) -> Status {
        match self.forfeit {
            Some(w) => Status::Over(Outcome::new(Some(w), 1).with_reason(EndReason::Forfeit)),
            None => self.game.status(),
        }
    }

    /// The statuses of the finished games before the current one.
    #[must_use]
    pub fn history(&self) -> &[Status] {
        &self.history
    }

    /// Each player's points, the current game's included if it has ended.
    #[must_use]
    pub fn points(&self) -> ByPlayer<u8> {
        let mut p = self.banked;
        if let Status::Over(Outcome {
            winner: Some(w),
            points,
            ..
        }) = self.game_status()
        {
            p[w] = p[w].saturating_add(points);
        }
        p
    }

    /// The winner of the match, once a player has 12 points.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        let p = self.points();
        Player::ALL.into_iter().find(|&w| p[w] >= Self::TARGET)
    }

    /// Plays a move of the current game (classic and contract).
    ///
    /// # Errors
    /// [`MatchError::TimeRequired`] in blitz, [`MatchError::MatchOver`], or the reason
    /// the move is illegal.
    pub fn play(&mut self, m: Move) -> Result<Status, MatchError> {
        if self.mode == Mode::Blitz {
            return Err(MatchError::TimeRequired);
        }
        self.play_inner(m)
    }

    /// Plays a move with its thinking time. In blitz a move over 3 seconds is not
    /// played: the mover loses the game and the opponent scores 1 point.
    ///
    /// # Errors
    /// As [`Match::play`], except that the time is always accepted.
    pub fn play_timed(&mut self, m: Move, thinking: Duration) -> Result<Status, MatchError> {
        self.check_play(m)?;
        if self.mode == Mode::Blitz && thinking > Mode::BLITZ_LIMIT {
            self.forfeit = Some(self.game.position().side_to_move().opponent());
            return Ok(self.game_status());
        }
        self.play_inner(m)
    }

    /// The checks before a move of the current game: the match and the game go on, and
    /// `m` is legal.
    fn check_play(&self, m: Move) -> Result<(), MatchError> {
        if self.winner().is_some() {
            return Err(MatchError::MatchOver);
        }
        if self.forfeit.is_some() {
            return Err(MatchError::Illegal(IllegalMove::GameOver));
        }
        self.game.check_move(m)?;
        Ok(())
    }

    fn play_inner(&mut self, m: Move) -> Result<Status, MatchError> {
        self.check_play(m)?;
        self.game.play(m)?;
        Ok(self.game_status())
    }

    /// Takes back the last move of the current game (classic only).
    ///
    /// # Errors
    /// [`MatchError::TakeBackRefused`] in contract and blitz play,
    /// [`MatchError::NothingToTakeBack`] at the start of a game.
    pub fn take_back(&mut self) -> Result<Move, MatchError> {
        if self.mode != Mode::Classic {
            return Err(MatchError::TakeBackRefused(self.mode));
        }
        self.game.undo().ok_or(MatchError::NothingToTakeBack)
    }

    /// Starts the next game from `start` once the current one has ended (or was
    /// annulled, rule 8).
    ///
    /// # Errors
    /// [`MatchError::GameInProgress`] or [`MatchError::MatchOver`].
    pub fn new_game(&mut self, start: Omweso) -> Result<(), MatchError> {
        if self.winner().is_some() {
            return Err(MatchError::MatchOver);
        }
        let status = self.game_status();
        if !status.is_finished() {
            return Err(MatchError::GameInProgress);
        }
        self.banked = self.points();
        self.history.push(status);
        self.game.reset(start);
        self.forfeit = None;
        Ok(())
    }
}
