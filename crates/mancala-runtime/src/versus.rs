//! A person against an engine: a [`Session`] (single games or a match) in which the
//! engine plays one side (or both), with hints from a second engine, take-backs of the
//! person's own moves, and the players named in the session's game files. What the
//! `play` example drives at the terminal.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
//! use mancala::runtime::{Engine, Session, Variant, versus::Versus};
//! use mancala::Player;
//! let v: Variant = "oware".parse()?;
//! let engine = || Engine::new(&"alphabeta:2".parse().unwrap(), &v, 0, None);
//! let mut game = Versus::new(Session::game(&v), engine()?, engine()?, Some(Player::South));
//! game.play("c", None)?; // the person, South
//! assert!(game.engine_to_move());
//! let reply = game.engine_search()?; // the engine, North
//! game.play_engine(&reply)?;
//! assert_eq!(game.session().current().ply(), 2);
//! // A take-back takes the engine's reply and the person's move.
//! assert_eq!(game.undo()?, 2);
//! assert_eq!(game.session().current().ply(), 0);
//! # Ok::<(), mancala::runtime::Error>(())
//! ```

use std::time::{Duration, Instant};

use mancala_core::Player;
use mancala_core::game_file::GameFile;
use mancala_search::Utility;

use crate::engine::{Engine, Report};
use crate::error::{EngineError, Error};
use crate::moves::AnyMove;
use crate::session::Session;

/// A session against an engine (see the module).
#[derive(Debug)]
pub struct Versus {
    session: Session,
    engine: Engine,
    helper: Engine,
    /// The person's side; `None` when the engine plays both.
    human: Option<Player>,
    /// The person's moves in the current game: what [`Versus::undo`] can take back.
    human_moves: usize,
    /// Plies played in the current game here.
    plies: u64,
}

/// The engine's choice, before it is played ([`Versus::play_engine`]).
#[derive(Clone, Debug)]
pub struct EngineMove {
    /// The search's report.
    pub report: Report,
    /// The move.
    pub mv: AnyMove,
    /// The side it plays.
    pub side: Player,
    /// The time the engine took.
    pub thinking: Duration,
    /// How the solver chose it (`solver` only): proven, or not and why.
    pub choice: Option<String>,
}

impl Versus {
    /// The session `session` with `engine` playing against the person on `human` (both
    /// sides when `None`); `helper` gives the hints. The moves of `human`'s side in the
    /// current game (a loaded one's) are the person's: [`Versus::undo`] takes them back.
    #[must_use]
    pub fn new(session: Session, engine: Engine, helper: Engine, human: Option<Player>) -> Versus {
        let mut game = session.current();
        let mut human_moves = 0;
        while game.undo().is_some() {
            human_moves += usize::from(Some(game.side_to_move()) == human);
        }
        Versus {
            session,
            engine,
            helper,
            human,
            human_moves,
            plies: 0,
        }
    }

    /// The session.
    #[must_use]
    pub const fn session(&self) -> &Session {
        &self.session
    }

    /// The engine playing against the person.
    #[must_use]
    pub const fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The person's side (`None` when the engine plays both).
    #[must_use]
    pub const fn human(&self) -> Option<Player> {
        self.human
    }

    /// Plies played in the current game since it was set up here.
    #[must_use]
    pub const fn plies(&self) -> u64 {
        self.plies
    }

    /// The person's moves in the current game that [`Versus::undo`] can take back.
    #[must_use]
    pub const fn human_moves(&self) -> usize {
        self.human_moves
    }

    /// Whether the current game goes on with the engine to move.
    #[must_use]
    pub fn engine_to_move(&self) -> bool {
        !self.session.status().is_finished()
            && self.human != Some(self.session.current().side_to_move())
    }

    /// The engine's move in the current game, searched with what a win is worth in the
    /// match (the points each player still needs), not played yet.
    ///
    /// # Errors
    /// [`EngineError::NoMove`] in a finished game, and as [`Engine::search`].
    pub fn engine_search(&mut self) -> Result<EngineMove, Error> {
        let game = self.session.current();
        self.engine.set_utility(Utility {
            needed: self.session.needed(),
        });
        let t = Instant::now();
        let report = self.engine.search(&game)?;
        let thinking = t.elapsed();
        let mv = report.best.ok_or(EngineError::NoMove)?;
        Ok(EngineMove {
            report,
            mv,
            side: game.side_to_move(),
            thinking,
            choice: self.engine_choice(),
        })
    }

    #[cfg(feature = "db")]
    fn engine_choice(&self) -> Option<String> {
        self.engine.choice().map(|c| c.to_string())
    }

    #[cfg(not(feature = "db"))]
    fn engine_choice(&self) -> Option<String> {
        None
    }

    /// Plays the engine's move `m` ([`Versus::engine_search`]) with its thinking time.
    ///
    /// # Errors
    /// As [`Session::play`].
    pub fn play_engine(&mut self, m: &EngineMove) -> Result<(), Error> {
        self.session.play(m.mv, Some(m.thinking))?;
        self.plies += 1;
        Ok(())
    }

    /// Plays the person's move `text`, `thinking` the time they took (Omweso's blitz
    /// matches read it). On an error nothing changes.
    ///
    /// # Errors
    /// As [`Session::play_text`].
    pub fn play(&mut self, text: &str, thinking: Option<Duration>) -> Result<AnyMove, Error> {
        let m = self.session.play_text(text, thinking)?;
        self.human_moves += 1;
        self.plies += 1;
        Ok(m)
    }

    /// The hint engine's choice for the player to move, with what a win is worth in
    /// the match.
    ///
    /// # Errors
    /// As [`Engine::search`].
    pub fn hint(&mut self) -> Result<Report, Error> {
        self.helper.set_utility(Utility {
            needed: self.session.needed(),
        });
        self.helper.search(&self.session.current())
    }

    /// Takes back the person's last move and the engine's replies to it: the plies
    /// taken back (0 when the person has not moved in this game).
    ///
    /// # Errors
    /// [`crate::MatchError`] where the match's rules take no moves back, when nothing
    /// was taken back; a refusal after some plies ends the take-back there.
    pub fn undo(&mut self) -> Result<usize, Error> {
        let mut taken = 0;
        while self.human_moves > 0 {
            match self.session.undo() {
                Err(e) if taken == 0 => return Err(e),
                Err(_) | Ok(None) => break,
                Ok(Some(_)) => {
                    taken += 1;
                    self.plies = self.plies.saturating_sub(1);
                    if Some(self.session.current().side_to_move()) == self.human {
                        self.human_moves -= 1;
                        break;
                    }
                }
            }
        }
        Ok(taken)
    }

    /// The next game: a single game again from its start, or the match's next game
    /// once the current one has ended; the current game is kept for the files.
    ///
    /// # Errors
    /// As [`Session::next_game`].
    pub fn next_game(&mut self) -> Result<(), Error> {
        self.session.next_game()?;
        self.human_moves = 0;
        self.plies = 0;
        Ok(())
    }

    /// The players' names for game files (South's, North's): the engine's name, or
    /// `human` on the person's side.
    #[must_use]
    pub fn names(&self) -> (String, String) {
        let name = self.engine.name();
        let side = |p: Player| {
            if self.human == Some(p) {
                "human".to_string()
            } else {
                name.clone()
            }
        };
        (side(Player::South), side(Player::North))
    }

    /// The game files of every game of the session ([`Session::game_files`]), the
    /// players named.
    #[must_use]
    pub fn game_files(&self) -> Vec<GameFile> {
        let (south, north) = self.names();
        self.session.game_files(&south, &north)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::MatchOptions;
    use crate::variant::Variant;

    fn engine(v: &Variant) -> Engine {
        Engine::new(&"alphabeta:1".parse().unwrap(), v, 0, None).unwrap()
    }

    #[test]
    fn the_engine_plays_its_side_and_the_files_name_the_players() {
        let v: Variant = "urim".parse().unwrap();
        let mut g = Versus::new(
            Session::game(&v),
            engine(&v),
            engine(&v),
            Some(Player::North),
        );
        // South (the engine) moves first.
        assert!(g.engine_to_move());
        let m = g.engine_search().unwrap();
        assert_eq!(m.side, Player::South);
        assert!(g.session().current().legal_moves().contains(&m.mv));
        assert_eq!(g.session().current().ply(), 0, "searched, not played");
        g.play_engine(&m).unwrap();
        assert!(!g.engine_to_move());
        // Nothing of the person's to take back yet.
        assert_eq!(g.undo().unwrap(), 0);
        assert_eq!(g.session().current().ply(), 1);
        let hint = g.hint().unwrap();
        let text = hint.best.unwrap().to_string();
        g.play(&text, None).unwrap();
        assert_eq!((g.plies(), g.human_moves()), (2, 1));
        assert_eq!(g.names(), ("alphabeta:1".into(), "human".into()));
        let files = g.game_files();
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].tag("North"), Some("human"));
        assert_eq!(files[0].moves.len(), 2);
        // The person's move alone is taken back (the engine's before it stays).
        assert_eq!(g.undo().unwrap(), 1);
        assert_eq!((g.plies(), g.human_moves()), (1, 0));
        // A bad move changes nothing.
        assert!(g.play("z", None).is_err());
        assert_eq!(g.plies(), 1);
    }

    #[test]
    fn a_loaded_game_keeps_its_players_and_the_persons_moves() {
        let v: Variant = "urim".parse().unwrap();
        let mut game = crate::AnyGame::new(&v);
        game.play_text("c").unwrap();
        game.play_text("d").unwrap();
        let file = crate::files::game_file(&game, "Ada", "greedy", Some("2024-05-06"));
        let session = Session::from_file(game, &file);
        let mut g = Versus::new(session, engine(&v), engine(&v), Some(Player::South));
        // South's c is the person's: taken back with North's reply.
        assert_eq!(g.human_moves(), 1);
        assert_eq!(g.undo().unwrap(), 2);
        assert_eq!(g.session().current().ply(), 0);
        g.play("b", None).unwrap();
        let f = &g.game_files()[0];
        assert_eq!(f.moves, ["b"]);
        assert_eq!(
            (f.tag("South"), f.tag("North"), f.tag("Date")),
            (Some("Ada"), Some("greedy"), Some("2024-05-06"))
        );
        // The person as North: one move of theirs, d.
        let mut game = crate::AnyGame::new(&v);
        game.play_text("c").unwrap();
        game.play_text("d").unwrap();
        let g = Versus::new(
            Session::from_game(game),
            engine(&v),
            engine(&v),
            Some(Player::North),
        );
        assert_eq!(g.human_moves(), 1);
    }

    #[test]
    fn a_match_refuses_take_backs_where_its_rules_do() {
        // Urim's match takes no moves back (rule 8).
        let v: Variant = "urim".parse().unwrap();
        let s = Session::whole_match(&v, &MatchOptions::default()).unwrap();
        let mut g = Versus::new(s, engine(&v), engine(&v), Some(Player::South));
        g.play("c", None).unwrap();
        assert!(g.undo().is_err());
        assert_eq!(g.session().current().ply(), 1);
        // The engine alone: no person, every turn the engine's.
        let s = Session::game(&v);
        let g = Versus::new(s, engine(&v), engine(&v), None);
        assert!(g.engine_to_move());
        assert_eq!(g.names().0, g.names().1);
    }
}
