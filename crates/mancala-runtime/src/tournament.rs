//! Engines against engines: single games with colours alternated, round robins of a
//! list of engines, and whole matches, each game written to a game file of its own on
//! request, with a summary of how the games ended. Progress comes through a callback
//! (the examples draw it with indicatif).
//!
//! ```
//! # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
//! use mancala::runtime::tournament::{Settings, Tournament};
//! let mut t = Tournament::new(Settings::new("urim pits=6".parse()?));
//! let results = t.play_pair(&"alphabeta:2".parse()?, &"random".parse()?, 4, &mut |_| {})?;
//! assert_eq!(results.len(), 4);
//! // Colours alternate: the first engine is South in games 1 and 3.
//! assert_eq!(results[0].first, mancala::Player::South);
//! assert_eq!(results[1].first, mancala::Player::North);
//! # Ok::<(), mancala::runtime::Error>(())
//! ```

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use mancala_core::{EndReason, Player, Status};
use mancala_search::simple::RandomPlayer;
use mancala_search::{Engine as _, Utility};

use crate::elo::{self, Fit, PRIOR_DRAWS, Results};
use crate::engine::Engine;
use crate::error::{EngineError, Error, FileError, MatchError, RatingError};
use crate::files;
use crate::game::{AnyGame, GameRecord, Visitor};
use crate::matches::{AnyMatch, MatchOptions};
use crate::moves::{AnyMove, GameMove};
use crate::variant::Variant;
use mancala_search::spec::EngineSpec;

/// The multiplier that spreads the game numbers of the openings' seeds: the top half
/// of the generator's golden-ratio increment ([`mancala_core::rng::GOLDEN_GAMMA`]).
const OPENING_MIX: u64 = mancala_core::rng::GOLDEN_GAMMA >> 32;

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
    pub specs: Vec<EngineSpec>,
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
    /// The games of each pairing.
    pub games_per_pairing: usize,
    /// The pairings in the order played (indices of `specs`), each with its games in
    /// `games` in turn.
    pub pairings: Vec<(usize, usize)>,
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

/// The seed of opening number `index` of a series of games seeded by `seed` (a
/// tournament's games `2j` and `2j + 1` share opening `j`): the numbers spread so that
/// neighbouring openings share nothing.
#[must_use]
pub const fn opening_seed(seed: u64, index: u64) -> u64 {
    seed ^ index.wrapping_mul(OPENING_MIX)
}

/// Plays `plies` uniformly random legal moves on `game`, drawn from `seed` (the
/// tournaments' random openings; [`opening_seed`] numbers a series of them), fewer if
/// the game ends first; returns the plies played.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
/// use mancala::runtime::{AnyGame, tournament::random_opening};
/// let v = "kalah".parse()?;
/// let (mut a, mut b) = (AnyGame::new(&v), AnyGame::new(&v));
/// assert_eq!(random_opening(&mut a, 7, 4)?, 4);
/// random_opening(&mut b, 7, 4)?;
/// assert_eq!(a.moves(), b.moves()); // the same seed, the same opening
/// # Ok::<(), mancala::runtime::Error>(())
/// ```
///
/// # Errors
/// [`EngineError::NoMove`] for a game not finished without a legal move (none of
/// these games has one).
pub fn random_opening(game: &mut AnyGame, seed: u64, plies: u32) -> Result<u64, Error> {
    opening(game, RandomPlayer::new(seed), plies)
}

/// Plays `plies` random moves on `game` with `player` (the same opening for both
/// colours).
fn opening(game: &mut AnyGame, mut player: RandomPlayer, plies: u32) -> Result<u64, Error> {
    struct Choose<'a>(&'a mut RandomPlayer);
    impl Visitor for Choose<'_> {
        type Output = Option<AnyMove>;
        fn visit<R: GameRecord>(self, _: &Variant, g: &R) -> Self::Output {
            self.0.choose(g).map(GameMove::to_any)
        }
    }
    let mut played = 0;
    for _ in 0..plies {
        if game.is_finished() {
            break;
        }
        let m = game.visit(Choose(&mut player)).ok_or(EngineError::NoMove)?;
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

    /// The two engines of a game or match drawn from `seed`: the first with the
    /// settings' databases, the other without (unless it is the solver, which plays
    /// from them).
    fn engines(
        &self,
        engine: &EngineSpec,
        opponent: &EngineSpec,
        seed: u64,
    ) -> Result<[Engine; 2], Error> {
        let s = &self.settings;
        let db = s.db.as_deref();
        Ok([
            Engine::new(engine, &s.variant, seed, db)?,
            Engine::new(
                opponent,
                &s.variant,
                seed ^ 0x5555,
                db.filter(|_| opponent.is_solver()),
            )?,
        ])
    }

    /// The folder of the game files, made if missing; before the first file, refused
    /// if it is a file or holds game files already (an earlier run's, whose numbers
    /// this one's would mix with).
    fn folder(&self) -> Result<Option<PathBuf>, Error> {
        let Some(dir) = &self.settings.files else {
            return Ok(None);
        };
        if self.written == 0 {
            if dir.exists() && !dir.is_dir() {
                return Err(FileError::NotAFolder(dir.clone()).into());
            }
            if let Ok(entries) = std::fs::read_dir(dir) {
                let mut earlier = entries
                    .filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "mgn"));
                if let Some(file) = earlier.next() {
                    return Err(FileError::EarlierGames {
                        dir: dir.clone(),
                        file,
                    }
                    .into());
                }
            }
        }
        std::fs::create_dir_all(dir).map_err(|e| FileError::io(dir, e))?;
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
        engine: &EngineSpec,
        opponent: &EngineSpec,
        index: u64,
    ) -> Result<GameResult, Error> {
        let seed = self.settings.seed.wrapping_add(index);
        let mut engines = self.engines(engine, opponent, seed)?;
        let s = &self.settings;
        let mut game = match &s.start {
            Some(text) => AnyGame::from_variant_notation(&s.variant, text)?,
            None => AnyGame::with_lot(&s.variant, seed),
        };
        let open = RandomPlayer::new(opening_seed(s.seed, index / 2));
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
            let m = report.best.ok_or(EngineError::NoMove)?;
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
        engine: &EngineSpec,
        opponent: &EngineSpec,
        games: u64,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Vec<GameResult>, Error> {
        self.folder()?;
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
        specs: &[EngineSpec],
        games: u64,
        anchor: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<RoundRobin, Error> {
        check_engine_list(specs)?;
        self.folder()?;
        let n = specs.len();
        if anchor >= n {
            return Err(RatingError::Anchor { anchor, players: n }.into());
        }
        let db = self.settings.db.take();
        let pairings = (n * (n - 1) / 2) as u64;
        let total = games * pairings;
        let mut results = Results::new(n);
        let mut all = Vec::new();
        let mut speed = vec![(Duration::ZERO, 0u64); n];
        let mut done = 0;
        let order: Vec<(usize, usize)> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect();
        let outcome = (|| {
            for &(i, j) in &order {
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
            games_per_pairing: usize::try_from(games).unwrap_or(usize::MAX),
            pairings: order,
        })
    }

    /// `count` matches of `engine` against `opponent` ([`Tournament::play_match`]
    /// each), the progress saying the matches won, unfinished and lost so far
    /// (`+3 ?1 -2`) and the current match's score.
    ///
    /// # Errors
    /// As [`Tournament::play_match`]; a game without matches or an option of another
    /// game's before anything is played.
    pub fn play_matches(
        &mut self,
        engine: &EngineSpec,
        opponent: &EngineSpec,
        count: u64,
        options: &MatchOptions,
        max_games: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Vec<MatchResult>, Error> {
        // The match's own checks (a game without matches, a wrong option) come first.
        AnyMatch::new(&self.settings.variant, options)?;
        self.folder()?;
        let mut results = Vec::new();
        let (mut w, mut u, mut l) = (0, 0, 0);
        for index in 0..count {
            let tally = format!("+{w} ?{u} -{l}");
            let r = self.play_match(engine, opponent, index, options, max_games, &mut |p| {
                progress(&Progress {
                    done: index,
                    total: count,
                    message: format!("{tally}  {}", p.message),
                });
            })?;
            match r.won {
                Some(true) => w += 1,
                Some(false) => l += 1,
                None => u += 1,
            }
            results.push(r);
            progress(&Progress {
                done: index + 1,
                total: count,
                message: format!("+{w} ?{u} -{l}"),
            });
        }
        Ok(results)
    }

    /// Plays match `index` of `engine` against `opponent` (the first engine is South in
    /// even matches' first games), at most `max_games` games (rounds).
    ///
    /// # Errors
    /// A game without matches, and as [`Tournament::play_game`].
    pub fn play_match(
        &mut self,
        engine: &EngineSpec,
        opponent: &EngineSpec,
        index: u64,
        options: &MatchOptions,
        max_games: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<MatchResult, Error> {
        let s = self.settings.clone();
        let seed = s.seed.wrapping_add(index);
        let mut engines = self.engines(engine, opponent, seed)?;
        let options = MatchOptions {
            lot: options.lot ^ s.seed,
            ..*options
        };
        if s.start.is_some() {
            return Err(MatchError::NotFromStart.into());
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
                opening_seed(s.seed, index / 2) ^ k.wrapping_mul(0xC2B2_AE3D_27D4_EB4F),
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
                let mv = report.best.ok_or(EngineError::NoMove)?;
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

/// Checks a list of engines for a round robin: two or more, none listed twice.
///
/// # Errors
/// [`EngineError::TooFewEngines`] or [`EngineError::ListedTwice`].
pub fn check_engine_list(specs: &[EngineSpec]) -> Result<(), Error> {
    if specs.len() < 2 {
        return Err(EngineError::TooFewEngines.into());
    }
    for (k, s) in specs.iter().enumerate() {
        if specs[..k].contains(s) {
            return Err(EngineError::ListedTwice(s.to_string()).into());
        }
    }
    Ok(())
}

/// The engines of a comma-separated list (`random,greedy,alphabeta:2`), for a round
/// robin: two or more, each a good spec, none listed twice.
///
/// # Errors
/// A bad spec ([`EngineError::Spec`]) and as [`check_engine_list`].
pub fn engine_list(text: &str) -> Result<Vec<EngineSpec>, Error> {
    let specs = text
        .split(',')
        .map(|s| s.trim().parse())
        .collect::<Result<Vec<EngineSpec>, _>>()?;
    check_engine_list(&specs)?;
    Ok(specs)
}

/// The index in `specs` of the round robin's anchor: `anchor`, or the first engine.
///
/// # Errors
/// [`EngineError::NotListed`] for an anchor that is not in `specs`.
pub fn anchor_index(specs: &[EngineSpec], anchor: Option<&EngineSpec>) -> Result<usize, Error> {
    match anchor {
        None => Ok(0),
        Some(a) => specs
            .iter()
            .position(|s| s == a)
            .ok_or_else(|| EngineError::NotListed(a.to_string()).into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(s: &str) -> EngineSpec {
        s.parse().unwrap()
    }

    /// A fresh folder for the game files of test `name`.
    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("mancala-tournament-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn colours_alternate_and_each_opening_is_played_with_both() {
        let dir = folder("openings");
        let mut s = Settings::new("oware".parse().unwrap());
        // The games stop after their random openings: the files hold the openings.
        (s.opening_plies, s.max_plies, s.files) = (4, 4, Some(dir.clone()));
        let mut t = Tournament::new(s);
        let mut seen = Vec::new();
        let rs = t
            .play_pair(&spec("random"), &spec("greedy"), 4, &mut |p| {
                seen.push(p.done)
            })
            .unwrap();
        assert_eq!(seen, [1, 2, 3, 4]);
        let firsts: Vec<Player> = rs.iter().map(|r| r.first).collect();
        assert_eq!(
            firsts,
            [Player::South, Player::North, Player::South, Player::North]
        );
        let moves: Vec<Vec<String>> = rs
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let path = r.file.as_ref().unwrap();
                assert_eq!(*path, dir.join(format!("oware-{:05}.mgn", i + 1)));
                let file = files::load(path).unwrap().1;
                file.moves
            })
            .collect();
        assert_eq!(moves[0].len(), 4);
        assert_eq!(moves[0], moves[1], "games 0 and 1 share their opening");
        assert_eq!(moves[2], moves[3], "games 2 and 3 share theirs");
        assert_ne!(moves[0], moves[2], "another pair, another opening");
        for r in &rs {
            assert_eq!((r.plies, &r.ending, r.score()), (4, &Ending::Stopped, 0.5));
            assert_eq!(r.names, ["random".to_string(), "greedy".to_string()]);
        }
        // Another tournament into the same folder is refused before it plays: its
        // numbers would mix with these.
        let mut again = Tournament::new(t.settings().clone());
        let e = again
            .play_pair(&spec("random"), &spec("greedy"), 1, &mut |_| {
                panic!("played")
            })
            .unwrap_err();
        assert!(
            matches!(e, Error::GameFile(FileError::EarlierGames { .. })),
            "{e}"
        );
        // As is a file where the folder goes.
        let file = dir.join("oware-00001.mgn");
        let mut s = t.settings().clone();
        s.files = Some(file.clone());
        let e = Tournament::new(s)
            .play_pair(&spec("random"), &spec("greedy"), 1, &mut |_| {
                panic!("played")
            })
            .unwrap_err();
        assert!(matches!(e, Error::GameFile(FileError::NotAFolder(f)) if f == file));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_round_robin_plays_every_pairing_and_rates_every_engine() {
        let mut t = Tournament::new(Settings::new("kalah pits=3 seeds=2".parse().unwrap()));
        let specs = engine_list("random, greedy,alphabeta:1").unwrap();
        let mut last = None;
        let rr = t
            .round_robin(&specs, 2, 1, &mut |p| last = Some((p.done, p.total)))
            .unwrap();
        assert_eq!(last, Some((6, 6)));
        assert_eq!(rr.pairings, [(0, 1), (0, 2), (1, 2)]);
        assert_eq!((rr.games.len(), rr.games_per_pairing), (6, 2));
        for (i, j) in rr.pairings.clone() {
            assert_eq!(rr.results.games[i][j], 2.0);
            assert_eq!(rr.results.games[j][i], 2.0);
            assert_eq!(rr.results.points[i][j] + rr.results.points[j][i], 2.0);
        }
        assert_eq!((rr.anchor, rr.fit.ratings[1].elo), (1, 0.0));
        assert!(
            rr.speed.iter().all(|&(_, moves)| moves > 0),
            "{:?}",
            rr.speed
        );
    }

    #[test]
    fn bad_lists_and_anchors_are_refused() {
        let mut t = Tournament::new(Settings::new("oware".parse().unwrap()));
        let one = [spec("random")];
        let e = t.round_robin(&one, 1, 0, &mut |_| {}).unwrap_err();
        assert!(
            matches!(e, Error::Engine(EngineError::TooFewEngines)),
            "{e}"
        );
        let e = engine_list("random,greedy,random").unwrap_err();
        assert_eq!(e.to_string(), "random is listed twice");
        assert!(matches!(
            engine_list("random,minimax"),
            Err(Error::Engine(EngineError::Spec(_)))
        ));
        let two = [spec("random"), spec("greedy")];
        assert!(matches!(
            t.round_robin(&two, 1, 2, &mut |_| {}),
            Err(Error::Rating(RatingError::Anchor {
                anchor: 2,
                players: 2
            }))
        ));
        assert_eq!(anchor_index(&two, Some(&spec("greedy"))).unwrap(), 1);
        assert_eq!(anchor_index(&two, None).unwrap(), 0);
        let e = anchor_index(&two, Some(&spec("alphabeta:3"))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the anchor alphabeta:3 is not in the round robin"
        );
    }

    #[test]
    fn matches_are_played_to_their_end_colours_alternating() {
        let mut t = Tournament::new(Settings::new("urim".parse().unwrap()));
        let options = MatchOptions {
            target: Some(2),
            ..MatchOptions::default()
        };
        let mut done = Vec::new();
        let rs = t
            .play_matches(
                &spec("alphabeta:2"),
                &spec("random"),
                2,
                &options,
                50,
                &mut |p| {
                    done.push(p.done);
                },
            )
            .unwrap();
        assert_eq!(rs.len(), 2);
        assert_eq!(done.last(), Some(&2));
        for (k, r) in rs.iter().enumerate() {
            let side = if k == 0 { Player::South } else { Player::North };
            assert!(r.games.iter().all(|g| g.first == side), "{r:?}");
            // Decided: the winner reached the target of 2 points.
            let w = r.won.expect("decided within 50 games");
            let (mine, theirs) = (r.score[0], r.score[1]);
            assert!(if w { mine >= 2 } else { theirs >= 2 }, "{r:?}");
        }
        // Oware has no matches, and matches start from the standard start.
        let mut o = Tournament::new(Settings::new("oware".parse().unwrap()));
        let e = o
            .play_matches(
                &spec("random"),
                &spec("random"),
                1,
                &MatchOptions::default(),
                5,
                &mut |_| {},
            )
            .unwrap_err();
        assert!(matches!(e, Error::Match(MatchError::NoMatches(_))), "{e}");
        let mut s = Settings::new("urim".parse().unwrap());
        s.start = Some("3,3,3,3,3,3/3,3,3,3,3,3 0-0 S".into());
        let e = Tournament::new(s)
            .play_match(
                &spec("random"),
                &spec("random"),
                0,
                &options,
                5,
                &mut |_| {},
            )
            .unwrap_err();
        assert!(matches!(e, Error::Match(MatchError::NotFromStart)), "{e}");
    }
}
