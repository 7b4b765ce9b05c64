//! Whole matches with each game's own scoring, behind one object.
//!
//! - Urim (rule 8): games in series, the starts alternating, game points added up
//!   until a player reaches the target (10 unless [`MatchOptions::target`] says).
//! - Omweso (rule 9): games until a player has 12 points (a grand slam wins at once);
//!   an annulled game (rule 8) scores nothing and a new game follows, started by the
//!   other player than the last one, or by lot (`by-lot`); classic, contract or blitz
//!   play ([`MatchOptions::mode`]; in blitz each move's thinking time is given, and a
//!   move over 3 s loses the game).
//! - Rio Kadalis (rule 5): the serial match, rounds filled from the stocks until a
//!   stock falls below 4; an annulled round is replayed from the same stocks with the
//!   other player starting. Moves go through the round's record, so a position
//!   repeated since the round's last capture ends the round as rule 4 does (rule 6).
//! - Oware and Kalah have no matches: each game is scored on its own.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
//! use mancala::runtime::{AnyMatch, MatchOptions, Variant};
//! let mut m = AnyMatch::new(&"urim".parse()?, &MatchOptions { target: Some(2), ..MatchOptions::default() })?;
//! assert_eq!(m.describe(), "to 2 points");
//! assert_eq!(m.winner(), None);
//! m.play_text("c", None)?;
//! assert_eq!(m.game().moves_text(), ["c"]);
//! assert!(AnyMatch::new(&"oware".parse()?, &MatchOptions::default()).is_err());
//! # Ok::<(), mancala::runtime::Error>(())
//! ```

use std::time::Duration;

use mancala_core::record::{MoveOf, Record};
use mancala_core::series::{MatchErrorOf, Series};
use mancala_core::{ByPlayer, Player, Status};

use crate::error::{Error, MatchError};
use crate::game::{AnyGame, GameRecord};
use crate::moves::{AnyMove, GameMove, IllegalMoveError};
use crate::variant::{First, GameKind, Variant, draw_lot};

/// How a match is played, beyond the variant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchOptions {
    /// Urim's target in points (rule 8: 10 when `None`).
    pub target: Option<u16>,
    /// Omweso's mode (rule 9: classic when `None`; `"blitz".parse()` reads one).
    pub mode: Option<omweso::Mode>,
    /// The lot that draws Omweso's first players with `by-lot` (any number).
    pub lot: u64,
}

/// The object-safe face of a match of the core's [`Series`], with moves of any game:
/// what [`AnyMatch`] holds.
trait DynSeries: Send {
    fn game(&self, variant: Variant) -> AnyGame;
    fn status(&self) -> Status;
    fn play(&mut self, m: AnyMove, thinking: Option<Duration>) -> Result<(), Error>;
    fn winner(&self) -> Option<Player>;
    fn score(&self) -> ByPlayer<u16>;
    fn needed(&self) -> Option<ByPlayer<u16>>;
    fn next_game(&mut self, first: Option<Player>) -> Result<(), Error>;
    fn drop_game(&mut self) -> Result<(), Error>;
    fn take_back(&mut self) -> Result<AnyMove, Error>;
    fn first_player(&self) -> Player;
}

/// The match's error `e` as the runtime's.
fn match_error<R: Record>(e: MatchErrorOf<R>) -> Error
where
    MatchErrorOf<R>: Into<MatchError>,
{
    Error::Match(e.into())
}

impl<S> DynSeries for S
where
    S: Series + Send,
    S::Game: GameRecord,
    MatchErrorOf<S::Game>: Into<MatchError>,
{
    fn game(&self, variant: Variant) -> AnyGame {
        AnyGame::from_record(variant, Series::game(self).clone())
    }
    fn status(&self) -> Status {
        Series::status(self)
    }
    fn play(&mut self, m: AnyMove, thinking: Option<Duration>) -> Result<(), Error> {
        let mv =
            <MoveOf<S::Game> as GameMove>::from_any(m).ok_or(IllegalMoveError::OtherGame(m))?;
        let before = Series::game(self).position().clone();
        Series::play(self, mv, thinking)
            .map(|_| ())
            .map_err(|e| match e {
                mancala_core::series::MatchError::Illegal(e) => {
                    crate::game::illegal(&before, mv, e)
                }
                e => match_error::<S::Game>(e),
            })
    }
    fn winner(&self) -> Option<Player> {
        Series::winner(self)
    }
    fn score(&self) -> ByPlayer<u16> {
        Series::score(self)
    }
    fn needed(&self) -> Option<ByPlayer<u16>> {
        Series::needed(self)
    }
    fn next_game(&mut self, first: Option<Player>) -> Result<(), Error> {
        Series::next_game(self, first).map_err(match_error::<S::Game>)
    }
    fn drop_game(&mut self) -> Result<(), Error> {
        Series::drop_game(self).map_err(match_error::<S::Game>)
    }
    fn take_back(&mut self) -> Result<AnyMove, Error> {
        Series::take_back(self)
            .map(GameMove::to_any)
            .map_err(match_error::<S::Game>)
    }
    fn first_player(&self) -> Player {
        Series::first_player(self)
    }
}

/// A match of any game that has them (Urim, Omweso, Rio Kadalis), played game by game.
pub struct AnyMatch {
    variant: Variant,
    options: MatchOptions,
    games: usize,
    /// Omweso's lot (`by-lot`): the state of the draws of first players.
    lot: Option<u64>,
    inner: Box<dyn DynSeries>,
}

impl std::fmt::Debug for AnyMatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnyMatch")
            .field("variant", &self.variant)
            .field("options", &self.options)
            .field("games", &self.games)
            .finish_non_exhaustive()
    }
}

impl AnyMatch {
    /// A new match of `variant` from the standard start.
    ///
    /// # Errors
    /// [`MatchError`] for a game without matches, or an option of another game's (a
    /// target outside Urim, a mode outside Omweso) or out of range.
    pub fn new(variant: &Variant, options: &MatchOptions) -> Result<AnyMatch, Error> {
        let game = variant.kind();
        if !game.has_matches() {
            return Err(MatchError::NoMatches(game).into());
        }
        if options.target.is_some() && game != GameKind::Urim {
            return Err(MatchError::Target(game).into());
        }
        if options.mode.is_some() && game != GameKind::Omweso {
            return Err(MatchError::Mode(game).into());
        }
        let by_lot = matches!(variant, Variant::Omweso(v) if v.first() == First::ByLot);
        let mut lot = by_lot.then_some(options.lot ^ 0x6F6D_7765_736F);
        let first = match &mut lot {
            Some(state) => next_lot(state),
            None => variant.first_player(0),
        };
        let inner: Box<dyn DynSeries> = match *variant {
            Variant::Urim(v) => {
                let target = options.target.unwrap_or(10);
                match v.pits() {
                    6 => Box::new(urim_match::<6>(v.seeds(), target)?),
                    _ => Box::new(urim_match::<7>(v.seeds(), target)?),
                }
            }
            Variant::Omweso(v) => Box::new(omweso::Match::start_with(
                options.mode.unwrap_or_default(),
                v.rules(),
                first,
            )),
            Variant::RioKadalis(v) => match (v.pits(), v.clockwise()) {
                (6, false) => Box::new(rio_kadalis::Match::<6, false>::start(first)),
                (6, true) => Box::new(rio_kadalis::Match::<6, true>::start(first)),
                (_, false) => Box::new(rio_kadalis::Match::<5, false>::start(first)),
                (_, true) => Box::new(rio_kadalis::Match::<5, true>::start(first)),
            },
            _ => return Err(MatchError::NoMatches(game).into()),
        };
        Ok(AnyMatch {
            variant: *variant,
            options: *options,
            games: 1,
            lot,
            inner,
        })
    }

    /// The variant.
    #[must_use]
    pub const fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The match's rules in a few words, for result tables: `to 10 points`, `to 12
    /// points, classic play`, `serial, until a stock is below 4`.
    #[must_use]
    pub fn describe(&self) -> String {
        match self.variant.kind() {
            GameKind::Urim => format!("to {} points", self.options.target.unwrap_or(10)),
            GameKind::Omweso => format!(
                "to {} points, {} play",
                omweso::Match::TARGET,
                self.options.mode.unwrap_or_default()
            ),
            _ => "serial, until a stock is below 4".into(),
        }
    }

    /// Whether games score points towards a target (Urim, Omweso) rather than rounds
    /// changing the stocks (Rio Kadalis).
    #[must_use]
    pub fn scores_points(&self) -> bool {
        self.variant.kind() != GameKind::RioKadalis
    }

    /// The number of the current game (a round in Rio Kadalis), from 1.
    #[must_use]
    pub const fn game_number(&self) -> usize {
        self.games
    }

    /// The current game, with its moves (engines search it).
    #[must_use]
    pub fn game(&self) -> AnyGame {
        self.inner.game(self.variant)
    }

    /// The current game's status, with the endings the record finds from history and
    /// Omweso's blitz forfeits.
    #[must_use]
    pub fn status(&self) -> Status {
        self.inner.status()
    }

    /// Plays `m` in the current game; `thinking` is the time the mover took (Omweso's
    /// blitz reads it). On an error the match is unchanged.
    ///
    /// # Errors
    /// [`Error::IllegalMove`] with the library's reason.
    pub fn play(&mut self, m: AnyMove, thinking: Option<Duration>) -> Result<(), Error> {
        self.inner.play(m, thinking)
    }

    /// Reads `text` as a move of the current game and plays it.
    ///
    /// # Errors
    /// As [`AnyGame::parse_move`] and [`AnyMatch::play`].
    pub fn play_text(&mut self, text: &str, thinking: Option<Duration>) -> Result<AnyMove, Error> {
        let m = self.game().parse_move(text)?;
        self.play(m, thinking)?;
        Ok(m)
    }

    /// Takes back the current game's last move, where the rules allow it (Omweso's
    /// classic play); `None` at the game's start.
    ///
    /// # Errors
    /// [`Error::Match`] where the rules take no moves back.
    pub fn undo(&mut self) -> Result<Option<AnyMove>, Error> {
        if self.game().ply() == 0 {
            return Ok(None);
        }
        self.inner.take_back().map(Some)
    }

    /// The player who moved first in the current game.
    #[must_use]
    pub fn first_player(&self) -> Player {
        self.inner.first_player()
    }

    /// The winner of the match, once decided.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        self.inner.winner()
    }

    /// Each player's score so far: game points (Urim, Omweso), or the stocks for the
    /// next round (Rio Kadalis).
    #[must_use]
    pub fn score(&self) -> ByPlayer<u32> {
        self.inner.score().map(u32::from)
    }

    /// The game points each player still needs (Urim, Omweso): what an engine values a
    /// win at ([`mancala_search::Utility`]).
    #[must_use]
    pub fn needed(&self) -> Option<ByPlayer<u32>> {
        self.inner.needed().map(|n| n.map(u32::from))
    }

    /// Starts the next game (round) once the current one has ended.
    ///
    /// # Errors
    /// [`Error::Match`] while the game goes on, or once the match is decided.
    pub fn next_game(&mut self) -> Result<(), Error> {
        // Omweso by lot: each game's first player drawn (rule 1); elsewhere the rules'.
        let first = self.lot.as_mut().map(next_lot);
        self.inner.next_game(first)?;
        self.games += 1;
        Ok(())
    }

    /// Drops the current game, stopped at a ply limit without ending, where the rules
    /// allow it (a Rio Kadalis round, as annulled: rule 3); `false` where the match
    /// cannot go on.
    pub fn abandon_game(&mut self) -> bool {
        if self.inner.drop_game().is_err() {
            return false;
        }
        self.next_game().is_ok()
    }
}

fn urim_match<const N: usize>(seeds: u8, target: u16) -> Result<urim::Match<N>, Error> {
    let m = urim::Match::<N>::start_with(seeds, Player::South)
        .expect("a variant holds only values its game's start takes");
    Ok(m.with_target(target).map_err(MatchError::from)?)
}

/// The next player drawn by lot, the state moving on.
fn next_lot(state: &mut u64) -> Player {
    *state = state.wrapping_add(1);
    draw_lot(*state)
}
