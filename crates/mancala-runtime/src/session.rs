//! What a player's front end plays: one game after another, or a whole match, with
//! every game of the session kept (for a file of the session's games), take-backs where
//! the rules allow them, and the match's scoring.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
//! use mancala::runtime::{Session, Variant};
//! let mut s = Session::game(&"oware".parse()?);
//! s.play_text("c", None)?;
//! assert!(s.is_unfinished());
//! s.next_game()?; // a new game; the unfinished one is kept
//! assert_eq!(s.games().len(), 2);
//! assert_eq!(s.games()[0].0.moves_text(), ["c"]);
//! # Ok::<(), mancala::runtime::Error>(())
//! ```

use std::time::Duration;

use mancala_core::events::SowEvent;
use mancala_core::game_file::{GameFile, RESULT, START, result_text};
use mancala_core::{ByPlayer, Player, Status};

use crate::error::Error;
use crate::files;
use crate::game::AnyGame;
use crate::matches::{AnyMatch, MatchOptions};
use crate::moves::AnyMove;
use crate::variant::Variant;

/// The current game: on its own, or in a match.
#[derive(Debug)]
enum Current {
    Game(Box<AnyGame>),
    Match(AnyMatch),
}

/// A session of play: single games one after another, or a match.
#[derive(Debug)]
pub struct Session {
    current: Current,
    /// The session's earlier games, each with the status it ended with (a blitz
    /// forfeit, which the moves do not show, included).
    earlier: Vec<(AnyGame, Status)>,
    /// The tags of the file the first game was loaded from ([`Session::from_file`]),
    /// which its game file keeps.
    loaded: Option<Vec<(String, String)>>,
}

impl Session {
    /// Single games of `variant`, from its standard start.
    #[must_use]
    pub fn game(variant: &Variant) -> Session {
        Session::from_game(AnyGame::new(variant))
    }

    /// Single games from `game` (a loaded file, a position); [`Session::next_game`]
    /// starts again from its start.
    #[must_use]
    pub fn from_game(game: AnyGame) -> Session {
        Session {
            current: Current::Game(Box::new(game)),
            earlier: Vec::new(),
            loaded: None,
        }
    }

    /// Single games from `game`, the game of the game file `file` with its moves played
    /// ([`files::load`] returns it at its start: [`files::play_onto`] plays them, or a
    /// [`files::cut`] of them): the session's file of that game keeps the file's own tags
    /// (players, date, any others) where [`Session::game_files`] would name its own.
    #[must_use]
    pub fn from_file(game: AnyGame, file: &GameFile) -> Session {
        Session {
            loaded: Some(file.tags.clone()),
            ..Session::from_game(game)
        }
    }

    /// A whole match of `variant` (Urim, Omweso, Rio Kadalis).
    ///
    /// # Errors
    /// As [`AnyMatch::new`].
    pub fn whole_match(variant: &Variant, options: &MatchOptions) -> Result<Session, Error> {
        Ok(Session {
            current: Current::Match(AnyMatch::new(variant, options)?),
            earlier: Vec::new(),
            loaded: None,
        })
    }

    /// Whether this is a match.
    #[must_use]
    pub const fn is_match(&self) -> bool {
        matches!(self.current, Current::Match(_))
    }

    /// The match, if this is one.
    #[must_use]
    pub const fn as_match(&self) -> Option<&AnyMatch> {
        match &self.current {
            Current::Match(m) => Some(m),
            Current::Game(_) => None,
        }
    }

    /// The current game.
    #[must_use]
    pub fn current(&self) -> AnyGame {
        match &self.current {
            Current::Game(g) => (**g).clone(),
            Current::Match(m) => m.game(),
        }
    }

    /// The current game's status (a match's blitz forfeits included).
    #[must_use]
    pub fn status(&self) -> Status {
        match &self.current {
            Current::Game(g) => g.status(),
            Current::Match(m) => m.status(),
        }
    }

    /// How the current game ended (or that it goes on), in words, with the rule.
    #[must_use]
    pub fn describe_status(&self) -> String {
        self.current().describe(self.status())
    }

    /// Whether the current game goes on and has moves in it: what a front end asks
    /// about before it drops the game.
    #[must_use]
    pub fn is_unfinished(&self) -> bool {
        !self.status().is_finished() && self.current().ply() > 0
    }

    /// Plays `m`; `thinking` is the time the mover took (Omweso's blitz matches read
    /// it). On an error nothing changes.
    ///
    /// # Errors
    /// [`crate::IllegalMoveError`] with the library's reason.
    pub fn play(&mut self, m: AnyMove, thinking: Option<Duration>) -> Result<(), Error> {
        match &mut self.current {
            Current::Game(g) => g.play(m),
            Current::Match(x) => x.play(m, thinking),
        }
    }

    /// Plays `m` as [`Session::play`] does and returns its steps, seed by seed
    /// ([`AnyGame::sowing`]): what a front end animates. On an error nothing changes.
    ///
    /// # Errors
    /// As [`Session::play`].
    pub fn play_sowing(
        &mut self,
        m: AnyMove,
        thinking: Option<Duration>,
    ) -> Result<Vec<SowEvent>, Error> {
        let events = match &self.current {
            Current::Game(g) => g.sowing(m)?,
            Current::Match(x) => x.game().sowing(m)?,
        };
        self.play(m, thinking)?;
        Ok(events)
    }

    /// Reads `text` as a move and plays it.
    ///
    /// # Errors
    /// As [`AnyGame::parse_move`] and [`Session::play`].
    pub fn play_text(&mut self, text: &str, thinking: Option<Duration>) -> Result<AnyMove, Error> {
        let m = self.current().parse_move(text)?;
        self.play(m, thinking)?;
        Ok(m)
    }

    /// Takes back the current game's last move (`None` at its start).
    ///
    /// # Errors
    /// [`crate::MatchError`] in a match whose rules take no moves back.
    pub fn undo(&mut self) -> Result<Option<AnyMove>, Error> {
        match &mut self.current {
            Current::Game(g) => Ok(g.undo()),
            Current::Match(m) => m.undo(),
        }
    }

    /// The next game: a single game starts again from its start (the current one is
    /// kept, finished or not); a match goes on to its next game once the current one
    /// has ended.
    ///
    /// # Errors
    /// [`crate::MatchError`] in a match whose game goes on or which is decided.
    pub fn next_game(&mut self) -> Result<(), Error> {
        let kept = (self.current(), self.status());
        match &mut self.current {
            Current::Game(g) => g.restart(),
            Current::Match(m) => m.next_game()?,
        }
        self.earlier.push(kept);
        Ok(())
    }

    /// The match's winner, once decided.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        self.as_match().and_then(AnyMatch::winner)
    }

    /// The match's score (see [`AnyMatch::score`]).
    #[must_use]
    pub fn score(&self) -> Option<ByPlayer<u32>> {
        self.as_match().map(AnyMatch::score)
    }

    /// The points each player still needs in a match that scores points.
    #[must_use]
    pub fn needed(&self) -> Option<ByPlayer<u32>> {
        self.as_match().and_then(AnyMatch::needed)
    }

    /// Every game of the session, the current one last, each with its status.
    #[must_use]
    pub fn games(&self) -> Vec<(AnyGame, Status)> {
        let mut all = self.earlier.clone();
        all.push((self.current(), self.status()));
        all
    }

    /// The game files of every game of the session (the current one last, left out if
    /// it has no moves and earlier games exist), the players named, the date today's;
    /// a game loaded from a file ([`Session::from_file`]) keeps that file's tags.
    #[must_use]
    pub fn game_files(&self, south: &str, north: &str) -> Vec<GameFile> {
        let mut games = self.games();
        if games.len() > 1 && games.last().is_some_and(|(g, _)| g.ply() == 0) {
            games.pop();
        }
        games
            .iter()
            .enumerate()
            .map(|(i, (g, status))| {
                let mut f = files::game_file(g, south, north, None);
                let ours = [files::GAME, files::VARIANT, START, RESULT];
                let loaded = self
                    .loaded
                    .as_deref()
                    .filter(|_| i == 0)
                    .unwrap_or_default();
                for (name, value) in loaded.iter().filter(|(n, _)| !ours.contains(&n.as_str())) {
                    f.set_tag(name, value);
                }
                f.set_tag(RESULT, &result_text(*status));
                f
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::MatchError;

    #[test]
    fn single_games_keep_every_game_for_the_files() {
        let mut s = Session::game(&"oware".parse().unwrap());
        assert!(!s.is_match() && !s.is_unfinished());
        s.play_text("c", None).unwrap();
        assert!(s.is_unfinished());
        s.next_game().unwrap();
        assert_eq!(s.current().ply(), 0);
        let games = s.games();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].0.moves_text(), ["c"]);
        assert_eq!(games[0].1, Status::Ongoing);
        // The empty current game is left out of the files, the earlier one kept.
        let files = s.game_files("me", "you");
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].tag("South"), Some("me"));
        assert_eq!(files[0].tag("Result"), Some("ongoing"));
        assert_eq!(s.undo().unwrap(), None);
        assert_eq!(s.score(), None);
    }

    #[test]
    fn a_match_keeps_its_rules() {
        let v: Variant = "urim".parse().unwrap();
        let mut s = Session::whole_match(&v, &MatchOptions::default()).unwrap();
        assert!(s.is_match());
        s.play_text("c", None).unwrap();
        // Urim's match takes no moves back, and its next game waits for this one's end.
        assert!(matches!(s.undo(), Err(Error::Match(MatchError::Urim(_)))));
        assert!(matches!(s.next_game(), Err(Error::Match(_))));
        assert_eq!(s.current().ply(), 1);
        assert_eq!(s.needed().map(|n| n.south), Some(10));
        assert_eq!(s.winner(), None);
        // An illegal move changes nothing.
        assert!(matches!(
            s.play_text("z", None),
            Err(Error::MoveNotation(_))
        ));
        assert_eq!(s.current().ply(), 1);
    }
}
