//! Engines against engines: single games with colours alternated, round robins of a
//! list of engines, and whole matches, each game written to a game file of its own on
//! request, with a summary of how the games ended. Progress comes through a callback
//! (the examples draw it with indicatif).
//!
//! ```
//! use mancala_runtime::tournament::{Settings, Tournament};
//! let mut t = Tournament::new(Settings::new("urim pits=6".parse()?));
//! let results = t.play_pair("alphabeta:2", "random", 4, &mut |_| {})?;
//! assert_eq!(results.len(), 4);
//! // Colours alternate: the first engine is South in games 1 and 3.
//! assert_eq!(results[0].first, mancala_core::Player::South);
//! assert_eq!(results[1].first, mancala_core::Player::North);
//! # Ok::<(), mancala_runtime::Error>(())
//! ```

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use mancala_core::{EndReason, Player, Status};
use mancala_search::simple::RandomPlayer;
use mancala_search::{Engine as _, Utility};

use crate::elo::{self, Fit, PRIOR_DRAWS, Results};
use crate::game::{AnyGame, GameRecord, Visitor};
use crate::{AnyMatch, Engine, Error, MatchOptions, Variant, files};

/// How the games are played.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The variant.
    pub variant: Variant,
    /// The position every single game starts from, in the variant's notation (`None`:
    /// the standard start). Matches always start from the standard start.
    pub start: Option<String>,
    /// Random plies at the start of each game, the same for both colours.
    pub opening_plies: u32,
    /// The seed of the openings and of the engines' random choices.
    pub seed: u64,
    /// A game longer than this is stopped (counted as a draw).
    pub max_plies: u64,
    /// Writes every game to a game file of its own in this folder (made if missing).
    pub files: Option<PathBuf>,
    /// The endgame databases for the first engine of each pairing (not in round robins).
    pub db: Option<PathBuf>,
}

impl Settings {
    /// The defaults for `variant`: 2 opening plies, seed 1, at most 1,000 plies, no
    /// files, no databases.
    #[must_use]
    pub fn new(variant: Variant) -> Settings {
        Settings {
            variant,
            start: None,
            opening_plies: 2,
            seed: 1,
            max_plies: 1000,
            files: None,
            db: None,
        }
    }
}

/// How a game ended, for the engine given first.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Ending {
    /// The game was over by this rule; `winner` is `None` for a draw.
    Over {
        /// The winner.
        winner: Option<Player>,
        /// The winner's game points.
        points: u8,
        /// The rule that ended it.
        reason: EndReason,
    },
    /// The game was annulled (an endless move).
    Annulled,
    /// The game was stopped at the ply limit.
    Stopped,
}

/// One game of a tournament.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The engines' names: the first engine's, the other's.
    pub names: [String; 2],
    /// The first engine's side.
    pub first: Player,
    /// How it ended.
    pub ending: Ending,
    /// Plies played.
    pub plies: u64,
    /// Each engine's thinking time (first, other).
    pub time: [Duration; 2],
    /// Each engine's moves (first, other).
    pub moves: [u64; 2],
    /// The game file written, if any.
    pub file: Option<PathBuf>,
}

impl GameResult {
    /// The first engine's score: 1 (a win), ½ (a draw, an annulled or a stopped game) or
    /// 0.
    #[must_use]
    pub fn score(&self) -> f64 {
        match self.ending {
            Ending::Over {
                winner: Some(w), ..
            } => {
                if w == self.first {
                    1.0
                } else {
                    0.0
                }
            }
            _ => 0.5,
        }
    }

    /// The points the first engine won (first) and lost (second) in this game.
    #[must_use]
    pub fn points(&self) -> (u32, u32) {
        match self.ending {
            Ending::Over {
                winner: Some(w),
                points,
                ..
            } if w == self.first => (u32::from(points), 0),
            Ending::Over {
                winner: Some(_),
                points,
                ..
            } => (0, u32::from(points)),
            _ => (0, 0),
        }
    }
}

/// How a set of games ended: the count of each way, in words (`regular end`,
/// `repetition`, `annulled`, `stopped at the ply limit`, …).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary(pub BTreeMap<String, usize>);

impl Summary {
    /// The endings of `games`.
    #[must_use]
    pub fn of<'a>(games: impl IntoIterator<Item = &'a GameResult>) -> Summary {
        Summary::of_endings(games.into_iter().map(|g| &g.ending))
    }

    /// The count of each of `endings`.
    #[must_use]
    pub fn of_endings<'a>(endings: impl IntoIterator<Item = &'a Ending>) -> Summary {
        let mut s = Summary::default();
        for e in endings {
            let key = match e {
                // The runtime's words for each reason are its own to write (from
                // `EndReason::name`); until then, those of the enum the core had.
                #[allow(deprecated)]
                Ending::Over { reason, .. } => reason.describe().to_string(),
                Ending::Annulled => "annulled".to_string(),
                Ending::Stopped => "stopped at the ply limit".to_string(),
            };
            *s.0.entry(key).or_default() += 1;
        }
        s
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|(k, n)| format!("{k} {n}")).collect();
        f.write_str(&parts.join(", "))
    }
}

/// What the tournament reports while it plays.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Progress {
    /// Games (or matches) finished.
    pub done: u64,
    /// Games (or matches) to play in this call.
    pub total: u64,
    /// A short line: the pairing and the tally so far (`+3 =1 -2`), or the match's score.
    pub message: String,
}

/// A round robin's results: every game, the Elo fit, and the tallies of each pairing.
#[derive(Clone, Debug)]
pub struct RoundRobin {
    /// The engines' specs.
    pub specs: Vec<String>,
    /// The games of every pairing, in order.
    pub games: Vec<GameResult>,
    /// Points and games of each engine against each.
    pub results: Results,
    /// The maximum-likelihood ratings.
    pub fit: Fit,
    /// The engine held at 0.
    pub anchor: usize,
    /// Each engine's thinking time and moves.
    pub speed: Vec<(Duration, u64)>,
}

/// One game of a match, for the engine given first.
#[derive(Clone, Debug)]
pub struct MatchGame {
    /// How it ended.
    pub ending: Ending,
    /// The first engine's side.
    pub first: Player,
    /// Plies played.
    pub plies: u64,
}

/// One match, for the engine given first.
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// The engines' names.
    pub names: [String; 2],
    /// The match's winner, as the first engine's result: `Some(true)` won, `Some(false)`
    /// lost, `None` unfinished.
    pub won: Option<bool>,
    /// The games, in order.
    pub games: Vec<MatchGame>,
    /// The final score (points, or Rio Kadalis stocks): the first engine's, the other's.
    pub score: [u32; 2],
    /// Each engine's thinking time.
    pub time: [Duration; 2],
    /// Each engine's moves.
    pub moves: [u64; 2],
}

/// A tournament: plays games and matches with [`Settings`], numbering the game files
/// so that no two games share one.
#[derive(Debug)]
pub struct Tournament {
    settings: Settings,
    /// Game files written so far.
    written: u64,
}

/// The first engine's name, marked `+db` when it has databases.
fn db_name(name: String, db: bool) -> String {
    if db { format!("{name}+db") } else { name }
}

/// South's and North's names, `first` being the first engine's side.
fn sides(names: &[String; 2], first: Player) -> [&str; 2] {
    if first == Player::South {
        [&names[0], &names[1]]
    } else {
        [&names[1], &names[0]]
    }
}

/// The first engine's side in game (or match) `index`: South in the even ones.
fn first_side(index: u64) -> Player {
    if index.is_multiple_of(2) {
        Player::South
    } else {
        Player::North
    }
}

/// How a game of this status ended.
fn ending(status: Status) -> Ending {
    match status {
        Status::Ongoing => Ending::Stopped,
        Status::Annulled => Ending::Annulled,
        Status::Over(o) => Ending::Over {
            winner: o.winner,
            points: o.points,
            reason: o.reason,
        },
    }
}

/// Plays `plies` random moves on `game` with `player` (the same opening for both
/// colours).
fn opening(game: &mut AnyGame, mut player: RandomPlayer, plies: u32) -> Result<u64, Error> {
    struct Choose<'a>(&'a mut RandomPlayer);
    impl Visitor for Choose<'_> {
        type Output = Option<crate::AnyMove>;
        fn visit<R: GameRecord>(self, _: &Variant, g: &R) -> Self::Output {
            self.0.choose(g).map(crate::GameMove::to_any)
        }
    }
    let mut played = 0;
    for _ in 0..plies {
        if game.is_finished() {
            break;
        }
        let m = game
            .visit(Choose(&mut player))
            .ok_or_else(|| Error::Match("no move in an ongoing game".into()))?;
        game.play(m)?;
        played += 1;
    }
    Ok(played)
}

impl Tournament {
    /// A tournament with `settings`.
    #[must_use]
    pub fn new(settings: Settings) -> Tournament {
        Tournament {
            settings,
            written: 0,
        }
    }

    /// The settings.
    #[must_use]
    pub const fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The folder of the game files, made if missing.
    fn folder(&self) -> Result<Option<PathBuf>, Error> {
        let Some(dir) = &self.settings.files else {
            return Ok(None);
        };
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::GameFile(format!("{}: {e}", dir.display())))?;
        Ok(Some(dir.clone()))
    }

    /// Writes `game` as the next numbered file `<game>-<nnnnn>.mgn`, if files are asked
    /// for.
    fn write(&mut self, game: &AnyGame, names: [&str; 2]) -> Result<Option<PathBuf>, Error> {
        let Some(dir) = self.folder()? else {
            return Ok(None);
        };
        self.written += 1;
        let path = dir.join(format!("{}-{:05}.mgn", game.kind(), self.written));
        files::save(&path, &files::game_file(game, names[0], names[1], None))?;
        Ok(Some(path))
    }

    /// Plays game `index` of `engine` against `opponent`: the first engine is South in
    /// even games, and games `2j` and `2j + 1` share their random opening.
    ///
    /// # Errors
    /// A bad spec, databases that cannot be opened, or a game file that cannot be
    /// written.
    pub fn play_game(
        &mut self,
        engine: &str,
        opponent: &str,
        index: u64,
    ) -> Result<GameResult, Error> {
        let s = &self.settings;
        let seed = s.seed.wrapping_add(index);
        let mut engines = [
            Engine::new(engine, &s.variant, seed, s.db.as_deref())?,
            Engine::new(opponent, &s.variant, seed ^ 0x5555, None)?,
        ];
        let mut game = match &s.start {
            Some(text) => AnyGame::from_variant_notation(&s.variant, text)?,
            None => AnyGame::with_lot(&s.variant, seed)?,
        };
        let open = RandomPlayer::new(s.seed ^ (index / 2).wrapping_mul(0x9E37_79B9));
        let mut plies = opening(&mut game, open, s.opening_plies)?;
        let first = first_side(index);
        let mut out = GameResult {
            names: [
                db_name(engines[0].name(), engines[0].has_databases()),
                engines[1].name(),
            ],
            first,
            ending: Ending::Stopped,
            plies: 0,
            time: [Duration::ZERO; 2],
            moves: [0; 2],
            file: None,
        };
        while !game.is_finished() && plies < s.max_plies {
            let who = usize::from(game.side_to_move() != first);
            let t = Instant::now();
            let report = engines[who].search(&game)?;
            out.time[who] += t.elapsed();
            out.moves[who] += 1;
            let m = report
                .best
                .ok_or_else(|| Error::Match("no move in an ongoing game".into()))?;
            game.play(m)?;
            plies += 1;
        }
        out.plies = plies;
        out.ending = ending(game.status());
        out.file = self.write(&game, sides(&out.names, first))?;
        Ok(out)
    }

    /// `games` games of `engine` against `opponent`, colours alternated.
    ///
    /// # Errors
    /// As [`Tournament::play_game`].
    pub fn play_pair(
        &mut self,
        engine: &str,
        opponent: &str,
        games: u64,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Vec<GameResult>, Error> {
        let mut results = Vec::new();
        let (mut w, mut d, mut l) = (0, 0, 0);
        for index in 0..games {
            let r = self.play_game(engine, opponent, index)?;
            match r.score() {
                1.0 => w += 1,
                0.0 => l += 1,
                _ => d += 1,
            }
            results.push(r);
            progress(&Progress {
                done: index + 1,
                total: games,
                message: format!("{engine} v {opponent}: +{w} ={d} -{l}"),
            });
        }
        Ok(results)
    }

    /// Every engine of `specs` against every other one, `games` games a pairing, rated
    /// in Elo with `anchor` (an index of `specs`) at 0. The databases of the settings
    /// are not used (every engine plays alike).
    ///
    /// # Errors
    /// Fewer than two engines, one listed twice, an anchor out of range, and as
    /// [`Tournament::play_game`].
    pub fn round_robin(
        &mut self,
        specs: &[String],
        games: u64,
        anchor: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<RoundRobin, Error> {
        check_engine_list(specs)?;
        let n = specs.len();
        if anchor >= n {
            return Err(Error::Match(format!(
                "the anchor {anchor} is not among the {n} engines"
            )));
        }
        let db = self.settings.db.take();
        let pairings = (n * (n - 1) / 2) as u64;
        let total = games * pairings;
        let mut results = Results::new(n);
        let mut all = Vec::new();
        let mut speed = vec![(Duration::ZERO, 0u64); n];
        let mut done = 0;
        let outcome = (|| {
            for i in 0..n {
                for j in i + 1..n {
                    let rs = self.play_pair(&specs[i], &specs[j], games, &mut |p| {
                        progress(&Progress {
                            done: done + p.done,
                            total,
                            message: p.message.clone(),
                        });
                    })?;
                    done += games;
                    for g in rs {
                        results.add(i, j, g.score());
                        speed[i].0 += g.time[0];
                        speed[i].1 += g.moves[0];
                        speed[j].0 += g.time[1];
                        speed[j].1 += g.moves[1];
                        all.push(g);
                    }
                }
            }
            Ok::<(), Error>(())
        })();
        self.settings.db = db;
        outcome?;
        let fit = elo::fit(&results, anchor, PRIOR_DRAWS)?;
        Ok(RoundRobin {
            specs: specs.to_vec(),
            games: all,
            results,
            fit,
            anchor,
            speed,
        })
    }

    /// Plays match `index` of `engine` against `opponent` (the first engine is South in
    /// even matches' first games), at most `max_games` games (rounds).
    ///
    /// # Errors
    /// A game without matches, and as [`Tournament::play_game`].
    pub fn play_match(
        &mut self,
        engine: &str,
        opponent: &str,
        index: u64,
        options: &MatchOptions,
        max_games: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<MatchResult, Error> {
        let s = self.settings.clone();
        let seed = s.seed.wrapping_add(index);
        let mut engines = [
            Engine::new(engine, &s.variant, seed, s.db.as_deref())?,
            Engine::new(opponent, &s.variant, seed ^ 0x5555, None)?,
        ];
        let options = MatchOptions {
            lot: options.lot ^ s.seed,
            ..*options
        };
        if s.start.is_some() {
            return Err(Error::Match(
                "matches start from the standard start: drop the start position".into(),
            ));
        }
        let mut m = AnyMatch::new(&s.variant, &options)?;
        let side = first_side(index);
        let mut out = MatchResult {
            names: [
                db_name(engines[0].name(), engines[0].has_databases()),
                engines[1].name(),
            ],
            won: None,
            games: Vec::new(),
            score: [0, 0],
            time: [Duration::ZERO; 2],
            moves: [0; 2],
        };
        let score = |m: &AnyMatch| {
            let sc = m.score();
            [sc[side], sc[side.opponent()]]
        };
        loop {
            let k = out.games.len() as u64;
            // The same openings for both colours (matches 2j and 2j + 1).
            let open = RandomPlayer::new(
                s.seed
                    ^ (index / 2).wrapping_mul(0x9E37_79B9)
                    ^ k.wrapping_mul(0xC2B2_AE3D_27D4_EB4F),
            );
            let mut game = m.game();
            let mut plies = 0;
            // The opening is played on a copy, then through the match.
            let before = game.ply();
            opening(&mut game, open, s.opening_plies)?;
            for mv in game.moves().into_iter().skip(before) {
                m.play(mv, Some(Duration::ZERO))?;
                plies += 1;
            }
            while !m.status().is_finished() && plies < s.max_plies {
                let game = m.game();
                let who = usize::from(game.side_to_move() != side);
                // A win is worth what the match still needs (Urim, Omweso targets).
                engines[who].set_utility(Utility { needed: m.needed() });
                let t = Instant::now();
                let report = engines[who].search(&game)?;
                let thinking = t.elapsed();
                out.time[who] += thinking;
                out.moves[who] += 1;
                let mv = report
                    .best
                    .ok_or_else(|| Error::Match("no move in an ongoing game".into()))?;
                m.play(mv, Some(thinking))?;
                plies += 1;
            }
            self.write(&m.game(), sides(&out.names, side))?;
            let g = MatchGame {
                ending: ending(m.status()),
                first: side,
                plies,
            };
            let stopped = g.ending == Ending::Stopped;
            out.games.push(g);
            let sc = score(&m);
            progress(&Progress {
                done: index,
                total: index + 1,
                message: format!(
                    "match {}: game {}, {}-{}",
                    index + 1,
                    out.games.len(),
                    sc[0],
                    sc[1]
                ),
            });
            let mut abandoned = false;
            if stopped {
                if !m.abandon_game() {
                    break;
                }
                abandoned = true;
            }
            if let Some(w) = m.winner() {
                out.won = Some(w == side);
                break;
            }
            if out.games.len() >= max_games {
                break;
            }
            if !abandoned {
                m.next_game()?;
            }
        }
        out.score = score(&m);
        Ok(out)
    }
}

/// Checks a list of engines for a round robin: two or more, each a good spec, none
/// listed twice.
///
/// # Errors
/// [`Error::Engine`] naming what is wrong.
pub fn check_engine_list(specs: &[String]) -> Result<(), Error> {
    if specs.len() < 2 {
        return Err(Error::Engine(
            "a round robin needs two or more engines, separated by commas".into(),
        ));
    }
    for (k, s) in specs.iter().enumerate() {
        Engine::check_spec(s)?;
        if specs[..k].contains(s) {
            return Err(Error::Engine(format!("{s} is listed twice")));
        }
    }
    Ok(())
}
