//! The game record (rule 6: endless circulation) and the match (rule 8). Both keep
//! history, so they need the `alloc` feature.

use alloc::vec::Vec;

use core::time::Duration;

use mancala_core::record::{History, Record, Repetition};
use mancala_core::series::Series;
use mancala_core::{ByPlayer, Outcome, Player, Status};

use crate::position::{Move, Reason, Urim};
use crate::setup::{SEEDS_PER_PIT, Setup, SetupError};

/// Rule 6's history: what only a capture changes is the stores.
impl<const N: usize> Repetition for Urim<N> {
    type Captures = ByPlayer<u8>;

    fn repetition_outcome(&self) -> Outcome {
        self.outcome_taking_rows()
            .with_reason(crate::end::REPETITION)
    }

    fn captures(&self) -> ByPlayer<u8> {
        self.stores()
    }

    #[inline]
    fn play_capturing(&mut self, m: Move) -> bool {
        self.play_capturing(m) > 0
    }

    #[inline]
    fn repetition_key(&self) -> u64 {
        Urim::repetition_key(self)
    }
}

/// A game with its history: the moves played, every position reached, and the
/// repetition rule (rule 6) that the plain position cannot apply. It is the core's
/// [`History`], driven through the [`Record`] trait.
///
/// The history for rule 6 is the positions since the last capture
/// ([`History::since_last_capture`]): it starts with the game's first position and starts
/// afresh with the position right after each capture. When a move produces a position
/// (pit counts and player to move) already in it, the game ends there
/// ([`Record::is_repetition`]) and each player takes the seeds in their own row.
///
/// The check is exact and cheap (a bit filter, confirmed by comparing whole positions),
/// and [`Record::reset`] starts a new game keeping the record's buffers, so that a
/// program playing many games allocates nothing once the buffers have grown to the
/// longest game.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::urim; }
/// use mancala::urim::{Game, Position, Record, Status, Urim6};
/// // One seed each, far from any capture: the seeds go round and round.
/// let start: Urim6 = "1,0,0,0,0,0/1,0,0,0,0,0 17-17 S".parse().unwrap();
/// let mut game = Game::new(start);
/// let mut plies = 0;
/// while game.status() == Status::Ongoing {
///     let m = game.legal_moves()[0];
///     game.play(m).unwrap();
///     plies += 1;
/// }
/// assert!(game.is_repetition());
/// assert_eq!(plies, 12); // both seeds back on pit a, South to move
/// assert_eq!(game.outcome().unwrap().winner, None); // 18-18: a draw
/// // A new game in the same buffers.
/// game.reset(Urim6::new());
/// assert_eq!(game, Game::new(Urim6::new()));
/// ```
pub type Game<const N: usize> = History<Urim<N>>;

/// Why a [`Match`] refused a request: the core's
/// [`MatchError`](mancala_core::series::MatchError), the same in every game's match.
pub type MatchError = mancala_core::series::MatchError<Reason>;

/// A match (rule 8): games in series, the players alternating who starts, each game's
/// points added up, until a player reaches the target (10 unless chosen otherwise).
/// It is driven through the core's [`Series`] trait, like every game's match.
///
/// No call panics: a request the match cannot follow returns an error, and a refused
/// move or next game leaves the match as it was.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::urim; }
/// use mancala::urim::{Match, MatchError, Player, Position, Record, Series};
/// let mut m = Match::<6>::start(Player::South).with_target(2).unwrap();
/// assert_eq!(m.target(), 2);
/// assert_eq!(m.game().position().side_to_move(), Player::South);
/// assert_eq!(m.next_game(None), Err(MatchError::GameInProgress));
/// // Play the first legal move until a game ends; the next game North starts.
/// while m.game().outcome().is_none() {
///     let mv = m.game().legal_moves()[0];
///     m.play(mv, None).unwrap();
/// }
/// assert_eq!(m.results().len(), 1);
/// if !m.is_finished() {
///     m.next_game(None).unwrap();
///     assert_eq!(m.first_player(), Player::North);
///     assert_eq!(m.game().position().side_to_move(), Player::North);
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match<const N: usize> {
    seeds: u8,
    target: u16,
    points: ByPlayer<u16>,
    first: Player,
    game: Game<N>,
    results: Vec<Outcome>,
}

impl<const N: usize> Match<N> {
    /// A match of the default variant (3 seeds per pit) to 10 points, `first` starting
    /// the first game.
    #[must_use]
    pub fn start(first: Player) -> Self {
        Match {
            seeds: SEEDS_PER_PIT[0],
            target: 10,
            points: ByPlayer::new(0, 0),
            first,
            game: Game::new(Urim::start(first)),
            results: Vec::new(),
        }
    }

    /// A match of the variant with `seeds` per pit (3 or 4), to 10 points, `first`
    /// starting the first game.
    ///
    /// # Errors
    /// [`SetupError::SeedsPerPit`] unless `seeds` is 3 or 4.
    pub fn start_with(seeds: u8, first: Player) -> Result<Self, SetupError> {
        let game = Game::new(Urim::start_with(seeds, first)?);
        Ok(Match {
            seeds,
            game,
            ..Match::start(first)
        })
    }

    /// The same match to `target` points instead.
    ///
    /// # Errors
    /// [`MatchError::ZeroTarget`] for 0.
    pub fn with_target(mut self, target: u16) -> Result<Self, MatchError> {
        if target == 0 {
            return Err(MatchError::ZeroTarget);
        }
        self.target = target;
        Ok(self)
    }

    /// The start of a game of this match's variant, `first` to move (the seeds per pit
    /// were checked by [`Match::start_with`]).
    fn game_start(&self, first: Player) -> Urim<N> {
        Urim::from_checked_setup(&Setup::start(self.seeds, first))
    }

    /// The points needed to win the match.
    #[must_use]
    pub const fn target(&self) -> u16 {
        self.target
    }

    /// The seeds per pit of this match's variant.
    #[must_use]
    pub const fn seeds_per_pit(&self) -> u8 {
        self.seeds
    }

    /// The outcomes of the finished games, in order.
    #[must_use]
    pub fn results(&self) -> &[Outcome] {
        &self.results
    }
}

/// Rule 8 through the core's match trait: no take-backs, no dropped games, the players
/// alternate who starts.
impl<const N: usize> Series for Match<N> {
    type Game = Game<N>;

    fn game(&self) -> &Game<N> {
        &self.game
    }

    fn status(&self) -> Status {
        self.game.status()
    }

    fn first_player(&self) -> Player {
        self.first
    }

    fn play(&mut self, m: Move, _thinking: Option<Duration>) -> Result<Status, MatchError> {
        if let Some(winner) = self.winner() {
            return Err(MatchError::MatchOver { winner });
        }
        self.game.play(m)?;
        if let Some(outcome) = self.game.outcome() {
            if let Some(w) = outcome.winner {
                // Points stop at the largest count rather than wrap (a target of
                // `u16::MAX` is reached all the same).
                self.points[w] = self.points[w].saturating_add(u16::from(outcome.points));
            }
            self.results.push(outcome);
        }
        Ok(self.game.status())
    }

    fn score(&self) -> ByPlayer<u16> {
        self.points
    }

    fn needed(&self) -> Option<ByPlayer<u16>> {
        Some(self.points.map(|have| self.target.saturating_sub(have)))
    }

    /// The first player to reach the target.
    fn winner(&self) -> Option<Player> {
        Player::ALL
            .into_iter()
            .find(|&p| self.points[p] >= self.target)
    }

    /// Starts the next game, the other player starting (rule 8).
    fn next_game(&mut self, first: Option<Player>) -> Result<(), MatchError> {
        if let Some(winner) = self.winner() {
            return Err(MatchError::MatchOver { winner });
        }
        if self.game.outcome().is_none() {
            return Err(MatchError::GameInProgress);
        }
        let rule = self.first.opponent();
        if first.is_some_and(|p| p != rule) {
            return Err(MatchError::FirstPlayerFixed { rule });
        }
        self.first = rule;
        self.game.reset(self.game_start(rule));
        Ok(())
    }
}
