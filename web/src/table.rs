//! The page's game, in plain Rust: a [`Session`] of the runtime with every answer as
//! text or JSON and every error as the library's message. The wasm-bindgen layer
//! (`lib.rs`) only forwards to it, so that the host's `cargo test` covers it whole.

use mancala_core::game_file::GameFile;
use mancala_core::{Direction, Player, Status};
use mancala_runtime::{
    AnyGame, AnyMove, Engine, EngineSpec, GameKind, LapKind, MatchOptions, PitId, Session,
    SowEvent, Variant, files,
};

use crate::json::Json;

/// A game (or a match) as the page plays it.
#[derive(Debug)]
pub struct Table {
    session: Session,
}

/// The library's message of an error, as the page shows it.
fn text(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// The sowing events as a JSON array, one object each: `kind` (`lap`, `lift`, `drop`,
/// `store`, `pass`, `capture`, `seize`, `pause`), the pit as `player` (`S`/`N`) and
/// `pit` (its index in the state's `pits` row), and as the kind has them `seeds`, `to`
/// (who takes a capture), `dir` (`ccw`/`cw`) and `why` (`move`, `relay`, `resow`,
/// `decided`).
#[must_use]
pub fn events_json(events: &[SowEvent]) -> String {
    let items: Vec<String> = events
        .iter()
        .map(|e| {
            let mut o = Json::object();
            let at = |o: &mut Json, pit: PitId| {
                o.str("player", side(pit.player));
                o.num("pit", u64::from(pit.index));
            };
            match *e {
                SowEvent::Lap { origin, dir, why } => {
                    o.str("kind", "lap");
                    at(&mut o, origin);
                    o.str(
                        "dir",
                        match dir {
                            Direction::CounterClockwise => "ccw",
                            Direction::Clockwise => "cw",
                        },
                    );
                    o.str(
                        "why",
                        match why {
                            LapKind::Move => "move",
                            LapKind::Relay => "relay",
                            LapKind::Resow => "resow",
                            LapKind::Decided => "decided",
                        },
                    );
                }
                SowEvent::Lift { pit, seeds } => {
                    o.str("kind", "lift");
                    at(&mut o, pit);
                    o.num("seeds", u64::from(seeds));
                }
                SowEvent::Drop { pit } => {
                    o.str("kind", "drop");
                    at(&mut o, pit);
                }
                SowEvent::Store { player } => {
                    o.str("kind", "store");
                    o.str("player", side(player));
                }
                SowEvent::Pass { pit } => {
                    o.str("kind", "pass");
                    at(&mut o, pit);
                }
                SowEvent::Capture { pit, seeds, to } => {
                    o.str("kind", "capture");
                    at(&mut o, pit);
                    o.num("seeds", u64::from(seeds));
                    o.str("to", side(to));
                }
                SowEvent::Seize { pit, seeds } => {
                    o.str("kind", "seize");
                    at(&mut o, pit);
                    o.num("seeds", u64::from(seeds));
                }
                SowEvent::Pause { origin } => {
                    o.str("kind", "pause");
                    at(&mut o, origin);
                }
            }
            o.finish()
        })
        .collect();
    format!("[{}]", items.join(","))
}

impl Table {
    /// A single game of the variant `variant` (`urim pits=7 seeds=4`, `omweso`, …).
    ///
    /// # Errors
    /// The library's message for a variant it does not know.
    pub fn new(variant: &str) -> Result<Table, String> {
        let v: Variant = variant.parse().map_err(text)?;
        Ok(Table {
            session: Session::game(&v),
        })
    }

    /// A whole match of `variant` with the game's own scoring (Urim, Omweso, Rio
    /// Kadalis); `target` is Urim's target in points (0: the rules' 10).
    ///
    /// # Errors
    /// The library's message for a variant without matches.
    pub fn new_match(variant: &str, target: u16, lot: u64) -> Result<Table, String> {
        let v: Variant = variant.parse().map_err(text)?;
        let options = MatchOptions {
            target: (target > 0).then_some(target),
            mode: None,
            lot,
        };
        Ok(Table {
            session: Session::whole_match(&v, &options).map_err(text)?,
        })
    }

    /// A game of `variant` from the position `position` in the game's notation
    /// (a pasted notation).
    ///
    /// # Errors
    /// The library's message for a position it refuses.
    pub fn from_notation(variant: &str, position: &str) -> Result<Table, String> {
        let v: Variant = variant.parse().map_err(text)?;
        let game = AnyGame::from_variant_notation(&v, position.trim()).map_err(text)?;
        Ok(Table {
            session: Session::from_game(game),
        })
    }

    /// A game of `variant` from `start` (empty: the variant's start) with `moves`
    /// (separated by spaces) played: how the engine's worker gets the page's game.
    ///
    /// # Errors
    /// The library's message for a bad position or move.
    pub fn from_moves(variant: &str, start: &str, moves: &str) -> Result<Table, String> {
        let mut t = if start.trim().is_empty() {
            Table::new(variant)?
        } else {
            Table::from_notation(variant, start)?
        };
        for m in moves.split_whitespace() {
            t.play(m)?;
        }
        Ok(t)
    }

    /// The game of a game file's text (docs/game-files.md; of several games, the
    /// last), with every move played and its result checked.
    ///
    /// # Errors
    /// The library's message for a file it cannot read or replay.
    pub fn open_file(text_of_file: &str) -> Result<Table, String> {
        let games = files::split_games(text_of_file);
        let last = games.last().ok_or("no game in the file")?;
        let file: GameFile = last.parse().map_err(text)?;
        let game = files::replay(&file).map_err(text)?;
        Ok(Table {
            session: Session::from_game(game),
        })
    }

    /// The current game.
    #[must_use]
    pub fn game(&self) -> AnyGame {
        self.session.current()
    }

    /// Plays the move `text` (in the game's notation) and returns it as the library
    /// writes it; on an error nothing changes.
    ///
    /// # Errors
    /// The library's message: a move it cannot read, or one the rules refuse here.
    pub fn play(&mut self, text: &str) -> Result<String, String> {
        self.session
            .play_text(text.trim(), None)
            .map(|m| m.to_string())
            .map_err(|e| e.to_string())
    }

    /// Plays the move `text` and returns `{"move": …, "events": […]}`: the move as the
    /// library writes it and its sowing events ([`events_json`]), for the page to
    /// animate. On an error the game is unchanged.
    pub fn play_sowing(&mut self, move_text: &str) -> Result<String, String> {
        let m = self.game().parse_move(move_text.trim()).map_err(text)?;
        let events = self.session.play_sowing(m, None).map_err(text)?;
        let mut j = Json::object();
        j.str("move", &m.to_string());
        j.raw("events", &events_json(&events));
        Ok(j.finish())
    }

    /// Takes back the last move (`None` at the start of the game).
    ///
    /// # Errors
    /// The library's message where the rules take no moves back.
    pub fn undo(&mut self) -> Result<Option<String>, String> {
        self.session
            .undo()
            .map(|m| m.map(|m| m.to_string()))
            .map_err(text)
    }

    /// The next game: a single game starts again, a match goes on to its next game.
    ///
    /// # Errors
    /// The library's message while a match's game goes on or once it is decided.
    pub fn next_game(&mut self) -> Result<(), String> {
        self.session.next_game().map_err(text)
    }

    /// The current position in the game's notation.
    #[must_use]
    pub fn notation(&self) -> String {
        self.game().notation()
    }

    /// Whether playing `text` takes long (an Omweso relay past the engines' bound).
    #[must_use]
    pub fn is_slow_move(&self, text: &str) -> bool {
        let g = self.game();
        g.parse_move(text).is_ok_and(|m| g.is_slow_move(m))
    }

    /// The game file of the current game (the date `date`, `YYYY-MM-DD`, from the
    /// page: WebAssembly has no clock of its own).
    #[must_use]
    pub fn game_file(&self, south: &str, north: &str, date: &str) -> String {
        let mut f = files::game_file(&self.game(), south, north, Some(date));
        f.set_tag(
            mancala_core::game_file::RESULT,
            &mancala_core::game_file::result_text(self.session.status()),
        );
        f.to_string()
    }

    /// Everything the page draws, as JSON: the board, the legal moves (each with its
    /// pit), the status in words, the notation and the moves, the match's score.
    #[must_use]
    pub fn state_json(&self) -> String {
        let g = self.game();
        let kind = g.kind();
        let board = g.board();
        let status = self.session.status();
        let mut j = Json::object();
        j.str("game", kind.name());
        j.str("title", kind.title());
        j.str("variant", &g.variant().to_string());
        j.str("notation", &g.notation());
        j.str("start", &g.start_notation());
        j.strs("moves", &g.moves_text());
        j.str("to_move", side(board.to_move));
        j.num("rows", u64::from(board.rows_per_player));
        let row = |p: Player| -> String {
            let cells: Vec<String> = board.pits[p]
                .iter()
                .map(|c| c.map_or("null".into(), |n| n.to_string()))
                .collect();
            format!("[{}]", cells.join(","))
        };
        j.raw(
            "pits",
            &format!("[{},{}]", row(Player::South), row(Player::North)),
        );
        match board.stores {
            Some(s) => j.raw("stores", &format!("[{},{}]", s.south, s.north)),
            None => j.raw("stores", "null"),
        }
        j.str(
            "store_name",
            if kind == GameKind::RioKadalis {
                "captured"
            } else {
                "store"
            },
        );
        j.num("in_hand", u64::from(board.in_hand));
        let legal: Vec<String> = g
            .legal_moves()
            .into_iter()
            .map(|m| {
                let (pit, how) = pit_and_kind(m);
                let mut o = Json::object();
                o.str("move", &m.to_string());
                o.num("pit", pit as u64);
                o.str("kind", how);
                o.finish()
            })
            .collect();
        j.raw("legal", &format!("[{}]", legal.join(",")));
        match g.pending_decision() {
            Some(m) => j.str("pending", &m.to_string()),
            None => j.raw("pending", "null"),
        }
        j.str(
            "status",
            match status {
                Status::Ongoing => "ongoing",
                Status::Annulled => "annulled",
                _ => "over",
            },
        );
        j.str("result", &g.describe(status));
        match status.outcome().and_then(|o| o.winner) {
            Some(w) => j.str("winner", side(w)),
            None => j.raw("winner", "null"),
        }
        match self.session.as_match() {
            Some(m) => {
                let score = m.score();
                let mut o = Json::object();
                o.raw("score", &format!("[{},{}]", score.south, score.north));
                o.num("game", m.game_number() as u64);
                o.str("rules", &m.describe());
                match m.winner() {
                    Some(w) => o.str("winner", side(w)),
                    None => o.raw("winner", "null"),
                }
                j.raw("match", &o.finish());
            }
            None => j.raw("match", "null"),
        }
        j.finish()
    }
}

/// `S` or `N`.
fn side(p: Player) -> &'static str {
    match p {
        Player::South => "S",
        Player::North => "N",
    }
}

/// The pit a move is played from (its index in the mover's letter order) and how.
fn pit_and_kind(m: AnyMove) -> (usize, &'static str) {
    match m {
        AnyMove::Omweso(m) => (
            m.pit().index(),
            match m.kind() {
                omweso::MoveKind::CounterClockwise => "counter-clockwise",
                omweso::MoveKind::Clockwise => "clockwise",
                _ => "split",
            },
        ),
        AnyMove::Pit(i) => (usize::from(i), "sow"),
        _ => (0, "sow"),
    }
}

/// An engine for the page's levels, searching the page's game.
#[derive(Debug)]
pub struct Bot {
    engine: Engine,
}

impl Bot {
    /// The engine of `spec` (`alphabeta:6`, `alphabeta:20000n`, `mcts:300`, …) for
    /// games of `variant`, its random choices drawn from `seed`.
    ///
    /// # Errors
    /// The library's message for a bad spec or variant.
    pub fn new(spec: &str, variant: &str, seed: u64) -> Result<Bot, String> {
        let v: Variant = variant.parse().map_err(text)?;
        let parsed: EngineSpec = spec.parse().map_err(text)?;
        // A browser's WebAssembly has no threads (`std::thread::spawn` panics there).
        if parsed.threads() > 1 && cfg!(target_arch = "wasm32") {
            return Err(format!(
                "engine {spec:?}: the page's engine runs on one thread (a Web Worker); drop the threads"
            ));
        }
        Ok(Bot {
            engine: Engine::new(&parsed, &v, seed, None).map_err(text)?,
        })
    }

    /// Searches `table`'s game: `{best, score, pv, nodes, depth, ms}` as JSON
    /// (`best` is `null` in a finished game).
    ///
    /// # Errors
    /// The library's message when the game is not of the engine's variant.
    pub fn search(&mut self, table: &Table) -> Result<String, String> {
        let r = self.engine.search(&table.game()).map_err(text)?;
        let mut j = Json::object();
        match r.best {
            Some(m) => j.str("best", &m.to_string()),
            None => j.raw("best", "null"),
        }
        j.str("score", &mancala_runtime::engine::show_eval(r.score));
        let pv: Vec<String> = r.pv.iter().map(ToString::to_string).collect();
        j.strs("pv", &pv);
        j.num("nodes", r.nodes);
        j.num("depth", u64::from(r.depth));
        j.num("ms", r.elapsed.as_millis() as u64);
        Ok(j.finish())
    }
}
