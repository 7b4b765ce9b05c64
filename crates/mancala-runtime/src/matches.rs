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
//! use mancala_runtime::{AnyMatch, MatchOptions, Variant};
//! let mut m = AnyMatch::new(&"urim".parse()?, &MatchOptions { target: Some(2), ..MatchOptions::default() })?;
//! assert_eq!(m.describe(), "to 2 points");
//! assert_eq!(m.winner(), None);
//! m.play_text("c", None)?;
//! assert_eq!(m.game().moves_text(), ["c"]);
//! assert!(AnyMatch::new(&"oware".parse()?, &MatchOptions::default()).is_err());
//! # Ok::<(), mancala_runtime::Error>(())
//! ```

use std::time::Duration;

use mancala_core::record::{MoveOf, Record};
use mancala_core::{ByPlayer, Player, Status};

use crate::game::{AnyGame, AnyMove, GameMove, GameRecord};
use crate::{Error, GameKind, Variant};

/// How a match is played, beyond the variant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchOptions {
    /// Urim's target in points (rule 8: 10 when `None`).
    pub target: Option<u16>,
    /// Omweso's mode (rule 9: classic when `None`).
    pub mode: Option<omweso::Mode>,
    /// The lot that draws Omweso's first players with `by-lot` (any number).
    pub lot: u64,
}

/// Reads an Omweso mode: `classic`, `contract` or `blitz`.
///
/// # Errors
/// [`Error::Match`] for another word.
pub fn parse_mode(text: &str) -> Result<omweso::Mode, Error> {
    match text {
        "classic" => Ok(omweso::Mode::Classic),
        "contract" => Ok(omweso::Mode::Contract),
        "blitz" => Ok(omweso::Mode::Blitz),
        other => Err(Error::Match(format!(
            "{other:?} is not an omweso mode (classic, contract, blitz)"
        ))),
    }
}

/// A match of one game's type, game by game: the concrete side of [`AnyMatch`].
trait Series: Send {
    /// The game record of the match's games.
    type G: GameRecord;
    /// The current game's record.
    fn record(&self) -> &Self::G;
    /// The current game's status, with the endings the record finds from history and
    /// Omweso's blitz forfeits.
    fn status(&self) -> Status;
    /// Plays a move of the current game; `thinking` is the time the mover took.
    fn play(&mut self, m: MoveOf<Self::G>, thinking: Option<Duration>) -> Result<(), Error>;
    /// The winner of the match, once decided.
    fn winner(&self) -> Option<Player>;
    /// Each player's score so far: game points, or the stocks of the next round.
    fn score(&self) -> ByPlayer<u32>;
    /// The points each player still needs, where games score towards a target.
    fn needed(&self) -> Option<ByPlayer<u32>>;
    /// Starts the next game once the current one has ended.
    fn next_game(&mut self) -> Result<(), Error>;
    /// Drops a game stopped at a ply limit, if the rules allow it.
    fn abandon_game(&mut self) -> bool;
    /// Takes back the current game's last move, where the rules allow it.
    fn undo(&mut self) -> Result<Option<MoveOf<Self::G>>, Error> {
        Err(Error::Match(
            "a match of this game takes no moves back".into(),
        ))
    }
}

/// The object-safe face of a [`Series`], with moves of any game.
trait DynSeries: Send {
    fn game(&self, variant: Variant) -> AnyGame;
    fn status(&self) -> Status;
    fn play(&mut self, m: AnyMove, thinking: Option<Duration>) -> Result<(), Error>;
    fn winner(&self) -> Option<Player>;
    fn score(&self) -> ByPlayer<u32>;
    fn needed(&self) -> Option<ByPlayer<u32>>;
    fn next_game(&mut self) -> Result<(), Error>;
    fn abandon_game(&mut self) -> bool;
    fn undo(&mut self) -> Result<Option<AnyMove>, Error>;
}

impl<S: Series> DynSeries for S {
    fn game(&self, variant: Variant) -> AnyGame {
        AnyGame::from_record(variant, self.record().clone())
    }
    fn status(&self) -> Status {
        Series::status(self)
    }
    fn play(&mut self, m: AnyMove, thinking: Option<Duration>) -> Result<(), Error> {
        let Some(mv) = <MoveOf<S::G> as GameMove>::from_any(m) else {
            return Err(Error::IllegalMove(format!(
                "illegal move {m}: not a move of this game"
            )));
        };
        // The library's own check first, for its words and an unchanged match.
        let mut probe = self.record().clone();
        crate::game::play(&mut probe, m)?;
        Series::play(self, mv, thinking)
    }
    fn winner(&self) -> Option<Player> {
        Series::winner(self)
    }
    fn score(&self) -> ByPlayer<u32> {
        Series::score(self)
    }
    fn needed(&self) -> Option<ByPlayer<u32>> {
        Series::needed(self)
    }
    fn next_game(&mut self) -> Result<(), Error> {
        Series::next_game(self)
    }
    fn abandon_game(&mut self) -> bool {
        Series::abandon_game(self)
    }
    fn undo(&mut self) -> Result<Option<AnyMove>, Error> {
        Series::undo(self).map(|m| m.map(GameMove::to_any))
    }
}

/// A match of any game that has them (Urim, Omweso, Rio Kadalis), played game by game.
pub struct AnyMatch {
    variant: Variant,
    options: MatchOptions,
    games: usize,
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
    /// [`Error::Match`] for a game without matches, or an option of another game's
    /// (a target outside Urim, a mode outside Omweso) or out of range.
    pub fn new(variant: &Variant, options: &MatchOptions) -> Result<AnyMatch, Error> {
        let game = variant.kind();
        if !game.has_matches() {
            return Err(Error::Match(format!(
                "{game} has no match type (each game is scored on its own)"
            )));
        }
        if options.target.is_some() && game != GameKind::Urim {
            return Err(Error::Match(format!(
                "a target is Urim's (rule 8); {game} has its own end of the match"
            )));
        }
        if options.mode.is_some() && game != GameKind::Omweso {
            return Err(Error::Match(format!(
                "a mode is Omweso's (rule 9); {game} has no modes"
            )));
        }
        let inner: Box<dyn DynSeries> = match *variant {
            Variant::Urim { pits, seeds } => {
                let target = options.target.unwrap_or(10);
                match pits {
                    6 => Box::new(UrimSeries(urim_match::<6>(seeds, target)?)),
                    _ => Box::new(UrimSeries(urim_match::<7>(seeds, target)?)),
                }
            }
            Variant::Omweso { first, .. } => {
                let rules = variant.omweso_rules();
                let mut lot =
                    (first == crate::First::ByLot).then_some(options.lot ^ 0x6F6D_7765_736F);
                let first = match &mut lot {
                    Some(state) => next_lot(state),
                    None => variant.first_player(0),
                };
                Box::new(OmwesoSeries {
                    m: omweso::Match::new(
                        options.mode.unwrap_or(omweso::Mode::Classic),
                        omweso::Omweso::start(first, rules),
                    ),
                    rules,
                    first,
                    lot,
                })
            }
            Variant::RioKadalis { pits, clockwise } => match (pits, clockwise) {
                (6, false) => Box::new(KadalisSeries::<6, false>::new()),
                (6, true) => Box::new(KadalisSeries::<6, true>::new()),
                (5, false) => Box::new(KadalisSeries::<5, false>::new()),
                _ => Box::new(KadalisSeries::<5, true>::new()),
            },
            _ => unreachable!("games without matches are refused above"),
        };
        Ok(AnyMatch {
            variant: *variant,
            options: *options,
            games: 1,
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
                match self.options.mode.unwrap_or(omweso::Mode::Classic) {
                    omweso::Mode::Contract => "contract",
                    omweso::Mode::Blitz => "blitz",
                    _ => "classic",
                }
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
        self.inner.undo()
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
        self.inner.score()
    }

    /// The game points each player still needs (Urim, Omweso): what an engine values a
    /// win at ([`mancala_search::Utility`]).
    #[must_use]
    pub fn needed(&self) -> Option<ByPlayer<u32>> {
        self.inner.needed()
    }

    /// Starts the next game (round) once the current one has ended.
    ///
    /// # Errors
    /// [`Error::Match`] while the game goes on, or once the match is decided.
    pub fn next_game(&mut self) -> Result<(), Error> {
        self.inner.next_game()?;
        self.games += 1;
        Ok(())
    }

    /// Drops the current game, stopped at a ply limit without ending, where the rules
    /// allow it (a Rio Kadalis round, as annulled: rule 3); `false` where the match
    /// cannot go on.
    pub fn abandon_game(&mut self) -> bool {
        let dropped = self.inner.abandon_game();
        if dropped {
            self.games += 1;
        }
        dropped
    }
}

// ---------------------------------------------------------------------------------------
// Urim

struct UrimSeries<const N: usize>(urim::Match<N>);

fn urim_match<const N: usize>(seeds: u8, target: u16) -> Result<urim::Match<N>, Error> {
    urim::Match::<N>::new(seeds)
        .map_err(|e| Error::Match(format!("seeds: {e}")))?
        .with_target(target)
        .map_err(|e| Error::Match(format!("target: {e}")))
}

/// The series of Urim on rows of `$n` pits.
macro_rules! urim_series {
    ($($n:literal),*) => {$(
impl Series for UrimSeries<$n> {
    type G = urim::Game<$n>;
    fn record(&self) -> &Self::G {
        self.0.game()
    }
    fn status(&self) -> Status {
        self.0.game().status()
    }
    fn play(&mut self, m: urim::Move, _: Option<Duration>) -> Result<(), Error> {
        self.0
            .play(m)
            .map_err(|e| Error::IllegalMove(format!("illegal move {m}: {e}")))
    }
    fn winner(&self) -> Option<Player> {
        self.0.winner()
    }
    fn score(&self) -> ByPlayer<u32> {
        ByPlayer::from_fn(|p| u32::from(self.0.points()[p]))
    }
    fn needed(&self) -> Option<ByPlayer<u32>> {
        let target = u32::from(self.0.target());
        Some(Series::score(self).map(|have| target.saturating_sub(have)))
    }
    fn next_game(&mut self) -> Result<(), Error> {
        self.0.next_game().map_err(|e| Error::Match(e.to_string()))
    }
    fn abandon_game(&mut self) -> bool {
        false
    }
}
    )*};
}
urim_series!(6, 7);

// ---------------------------------------------------------------------------------------
// Omweso

struct OmwesoSeries {
    m: omweso::Match,
    rules: omweso::Rules,
    /// Who started the current game.
    first: Player,
    /// Draws each game's first player by lot, if set.
    lot: Option<u64>,
}

/// The next player drawn by lot, the state moving on.
fn next_lot(state: &mut u64) -> Player {
    *state = state.wrapping_add(1);
    crate::draw_lot(*state)
}

impl Series for OmwesoSeries {
    type G = omweso::Game;
    fn record(&self) -> &Self::G {
        self.m.game()
    }
    fn status(&self) -> Status {
        self.m.game_status()
    }
    fn play(&mut self, mv: omweso::Move, thinking: Option<Duration>) -> Result<(), Error> {
        let r = match (self.m.mode(), thinking) {
            (omweso::Mode::Blitz, Some(t)) => self.m.play_timed(mv, t),
            _ => self.m.play(mv),
        };
        r.map(|_| ())
            .map_err(|e| Error::IllegalMove(format!("illegal move {mv}: {e}")))
    }
    fn winner(&self) -> Option<Player> {
        self.m.winner()
    }
    fn score(&self) -> ByPlayer<u32> {
        ByPlayer::from_fn(|p| u32::from(self.m.points()[p]))
    }
    fn needed(&self) -> Option<ByPlayer<u32>> {
        let target = u32::from(omweso::Match::TARGET);
        Some(Series::score(self).map(|have| target.saturating_sub(have)))
    }
    fn next_game(&mut self) -> Result<(), Error> {
        let first = match &mut self.lot {
            Some(state) => next_lot(state),
            None => self.first.opponent(),
        };
        self.m
            .new_game(omweso::Omweso::start(first, self.rules))
            .map_err(|e| Error::Match(e.to_string()))?;
        self.first = first;
        Ok(())
    }
    fn abandon_game(&mut self) -> bool {
        false
    }
    /// Classic play takes moves back (rule 9); contract and blitz refuse.
    fn undo(&mut self) -> Result<Option<omweso::Move>, Error> {
        if self.m.game().moves().is_empty() {
            return Ok(None);
        }
        self.m
            .take_back()
            .map(Some)
            .map_err(|e| Error::Match(e.to_string()))
    }
}

// ---------------------------------------------------------------------------------------
// Rio Kadalis

struct KadalisSeries<const N: usize, const CW: bool> {
    m: rio_kadalis::Match<N, CW>,
    /// The current round's record: a position repeated since the round's last capture
    /// ends the round as rule 4 does (the crate's ruling).
    record: rio_kadalis::Game<N, CW>,
}

impl<const N: usize, const CW: bool> KadalisSeries<N, CW> {
    fn new() -> Self {
        let m = rio_kadalis::Match::<N, CW>::new(Player::South);
        KadalisSeries {
            record: rio_kadalis::Game::new(*m.round()),
            m,
        }
    }
}

/// The series of Rio Kadalis on rows of `$n` holes, sown clockwise if `$cw`.
macro_rules! kadalis_series {
    ($(($n:literal, $cw:literal)),*) => {$(
impl Series for KadalisSeries<$n, $cw> {
    type G = rio_kadalis::Game<$n, $cw>;
    fn record(&self) -> &Self::G {
        &self.record
    }
    fn status(&self) -> Status {
        self.m.status()
    }
    fn play(&mut self, mv: rio_kadalis::Move, _: Option<Duration>) -> Result<(), Error> {
        self.m
            .play_recorded(&mut self.record, mv)
            .map_err(|e| Error::IllegalMove(format!("illegal move {mv}: {e}")))
    }
    fn winner(&self) -> Option<Player> {
        self.m.winner()
    }
    fn score(&self) -> ByPlayer<u32> {
        let s = self.m.next_stocks().unwrap_or(self.m.stocks());
        ByPlayer::from_fn(|p| u32::from(s[p]))
    }
    fn needed(&self) -> Option<ByPlayer<u32>> {
        None
    }
    fn next_game(&mut self) -> Result<(), Error> {
        self.m
            .next_round()
            .map_err(|e| Error::Match(e.to_string()))?;
        self.record.reset(*self.m.round());
        Ok(())
    }
    fn abandon_game(&mut self) -> bool {
        // As an annulled round (rule 3): the same stocks, the other player starting.
        match rio_kadalis::Match::from_stocks(self.m.stocks(), self.m.starter().opponent()) {
            Ok(m) => {
                self.m = m;
                self.record.reset(*self.m.round());
                true
            }
            Err(_) => false,
        }
    }
}
    )*};
}
kadalis_series!((6, false), (6, true), (5, false), (5, true));
