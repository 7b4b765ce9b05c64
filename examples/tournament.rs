//! Engine against engine over many games, colours alternated; or over whole matches
//! with each game's own match scoring.
//!
//! ```text
//! cargo run --release --example tournament -- <GAME> [game options] [--from "<notation>"]
//!     [--games N] [--engine <spec>] [--opponent <spec>] [--opening-plies K] [--seed S]
//!     [--max-plies M]
//! cargo run --release --example tournament -- <GAME> --matches N [game options]
//!     [--target T] [--mode classic|contract|blitz] [--max-games G] [the options above]
//! cargo run --release --example tournament -- <GAME> --round-robin <spec>,<spec>,...
//!     [--games N] [--anchor <spec>] [the options above]
//! ```
//!
//! `--help` lists the options.
//!
//! Game `i` starts with `K` random plies (default 2; the same opening for games `2j` and
//! `2j + 1`, so each opening is played with both colours), then `--engine` (default
//! `alphabeta:4`) and `--opponent` (default `random`) alternate colours: the engine is
//! South in even games. A progress bar runs on stderr; the table at the end gives wins,
//! draws (annulled games and games stopped at `--max-plies`, default 1000, counted
//! among them) and losses, game points won, the average game length and the moves per
//! second, then the engine's Elo rating relative to the opponent's with its 95%
//! interval (`common/elo.rs`: the maximum-likelihood Elo model, draws as half points).
//! Engines: `random`, `greedy`, `alphabeta[:<depth>|:<ms>ms|:<nodes>n][:<threads>t]`,
//! `mcts[:<playouts>|:<ms>ms]`.
//!
//! With `--round-robin`, every engine of the list plays `--games N` games against each
//! other one (the same openings in every pairing, colours alternated), and the table
//! gives each engine's games, score and Elo rating with its 95% interval, fitted over
//! all games at once, relative to `--anchor` (default the first engine of the list), the
//! rating differences between neighbours with their intervals, and the cross table of
//! scores.
//!
//! With `--matches N`, N whole matches are played with the game's own match type (see
//! `common/matches.rs`): Urim to `--target` points (default 10, rule 8), Omweso to 12
//! points in `--mode` play (default classic, rule 9), Rio Kadalis as a serial match of
//! rounds until a stock is below 4 (rule 5). Oware and Kalah have no match type and
//! refuse the mode. The engine is South in even matches; every game of a match starts
//! with `K` random plies (the same for matches `2j` and `2j + 1`). A match still
//! undecided after `--max-games` games (default 100), or whose game reached
//! `--max-plies` where the match type cannot drop it (Urim, Omweso), is stopped and
//! counted as unfinished. In a match the engines value a win at the points the match
//! still needs (`Series::needed`: Urim's and Omweso's targets). The table gives matches won, lost and unfinished, the games
//! (rounds) won, drawn and lost, the game points, the average games per match and the
//! moves per second.

mod common;
#[path = "common/elo.rs"]
mod elo;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use common::cli::{ENGINES, VariantArgs};
use common::db::Eval;
use common::matches::{self, MatchOptions, MatchRunner, Series};
use common::{GameName, Runner};
use indicatif::{ProgressBar, ProgressStyle};
use mancala::record::Record;
use mancala::search::spec::{AnyEngine, from_spec_threaded};
use mancala::search::{Engine, RandomPlayer, Utility};
use mancala::{Player, Position, Status};

/// Engine against engine over many games, colours alternated; or over whole matches.
#[derive(Parser, Debug)]
#[command(
    name = "tournament",
    after_help = concat!(
        "A progress bar runs on stderr; the result table is printed at the end.\n\n",
        "Examples:\n  ",
        "cargo run --release --example tournament -- urim --games 100\n  ",
        "cargo run --release --example tournament -- oware --engine mcts:2000 --opponent alphabeta:6\n  ",
        "cargo run --release --example tournament -- urim --matches 10 --target 4\n  ",
        "cargo run --release --example tournament -- oware --games 20 --round-robin random,greedy,alphabeta:2"
    )
)]
struct Cli {
    /// The game
    #[arg(value_enum)]
    game: GameName,
    /// Single games to play (default 20; with --round-robin, games per pairing)
    #[arg(long, value_name = "N", conflicts_with = "matches")]
    games: Option<u64>,
    /// Every engine of the comma-separated list against every other one, --games N
    /// games a pairing, with Elo ratings fitted over all games
    #[arg(long, value_name = "SPECS", conflicts_with_all = ["matches", "engine", "opponent"],
          value_parser = engine_list, help_heading = "Round robin")]
    round_robin: Option<String>,
    /// The engine rated 0 in the round robin (default the first of the list)
    #[arg(
        long,
        value_name = "SPEC",
        requires = "round_robin",
        help_heading = "Round robin"
    )]
    anchor: Option<String>,
    /// The first engine (South in even games)
    #[arg(long, value_name = "SPEC", default_value = "alphabeta:4",
          value_parser = common::cli::engine_spec,
          long_help = format!("The first engine (South in even games and matches): {ENGINES}"))]
    engine: String,
    /// The second engine
    #[arg(long, value_name = "SPEC", default_value = "random",
          value_parser = common::cli::engine_spec)]
    opponent: String,
    /// Random plies that open each game (the same opening is played with both colours)
    #[arg(long, value_name = "K", default_value_t = 2)]
    opening_plies: u32,
    /// The random seed of openings and engines
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// A game still going after this many plies is stopped (counted as a draw)
    #[arg(long, value_name = "M", default_value_t = 1000)]
    max_plies: u64,
    /// Writes every game to a game file of its own in DIR (docs/game-files.md):
    /// `<game>-0001.mgn`, …, or `<game>-m001-g01.mgn` in matches
    #[arg(long, value_name = "DIR")]
    pgn: Option<std::path::PathBuf>,
    /// Whole matches to play, with the game's own match scoring (Urim, Omweso, Rio
    /// Kadalis)
    #[arg(long, value_name = "N", help_heading = "Matches")]
    matches: Option<u64>,
    /// Urim: the points that win a match (rule 8; default 10)
    #[arg(long, value_name = "T", requires = "matches", help_heading = "Matches")]
    target: Option<u16>,
    /// Omweso: classic, contract or blitz play (rule 9; default classic)
    #[arg(
        long,
        value_name = "MODE",
        requires = "matches",
        help_heading = "Matches"
    )]
    mode: Option<String>,
    /// A match still undecided after this many games is stopped (default 100)
    #[arg(long, value_name = "G", requires = "matches", help_heading = "Matches",
          value_parser = common::cli::at_least_one)]
    max_games: Option<u64>,
    /// The endgame databases `solve` built in DIR (urim, oware, kalah), given to the
    /// first engine only, so that the result shows what they add (docs/solving.md)
    #[arg(long, value_name = "DIR", conflicts_with = "round_robin")]
    db: Option<std::path::PathBuf>,
    #[command(flatten)]
    variant: VariantArgs,
}

/// How one game ended, for the engine given first.
#[derive(Clone, Debug, Default)]
struct GameResult {
    names: [String; 2],
    /// 1 win, 0 draw, -1 loss for the first engine.
    result: i8,
    points_for: u32,
    points_against: u32,
    annulled: bool,
    unfinished: bool,
    plies: u64,
    time: [Duration; 2],
    moves: [u64; 2],
}

/// Where and how the games are written (`--pgn`).
#[derive(Clone)]
struct Pgn {
    dir: std::path::PathBuf,
    game: GameName,
    variant: common::Variant,
}

impl Pgn {
    /// Writes `record` as `<dir>/<game>-<label>.mgn`, South and North named.
    fn save<G: Record>(&self, record: &G, label: &str, names: [&str; 2]) -> Result<(), String> {
        let file = common::files::file_of(record, self.game, &self.variant, names[0], names[1]);
        let path = self.dir.join(format!("{}-{label}.mgn", self.game));
        common::files::save(&path, &file)
    }
}

/// The first engine's name, marked `+db` when it has the databases of `--db`.
fn db_name(name: &str, db: bool) -> String {
    if db {
        format!("{name}+db")
    } else {
        name.to_string()
    }
}

/// South's and North's names, `first` being the first engine's side.
fn sides(names: &[String; 2], first: Player) -> [&str; 2] {
    if first == Player::South {
        [&names[0], &names[1]]
    } else {
        [&names[1], &names[0]]
    }
}

struct OneGame {
    pgn: Option<Pgn>,
    engine: String,
    opponent: String,
    index: u64,
    opening_plies: u32,
    seed: u64,
    max_plies: u64,
    /// `--db`, for the first engine.
    db: Option<std::path::PathBuf>,
}

impl Runner for OneGame {
    type Output = GameResult;

    fn run<G: Record<Position: Position<Move: Send + Sync> + 'static> + Send + Sync + 'static>(
        self,
        mut game: G,
    ) -> Result<GameResult, String> {
        let seed = self.seed.wrapping_add(self.index);
        let eval = common::db::evaluator(game.position(), self.db.as_deref())?;
        let mut engines: [AnyEngine<G, Eval<_>>; 2] = [
            from_spec_threaded(&self.engine, eval, seed).map_err(|e| e.to_string())?,
            from_spec_threaded(&self.opponent, Eval::plain(), seed ^ 0x5555)
                .map_err(|e| e.to_string())?,
        ];
        // The same opening for both colours.
        let mut opening = RandomPlayer::new(self.seed ^ (self.index / 2).wrapping_mul(0x9E37_79B9));
        let mut plies = 0;
        for _ in 0..self.opening_plies {
            if game.status().is_finished() {
                break;
            }
            let m = opening.choose(&game).ok_or("no move in an ongoing game")?;
            common::play(&mut game, m)?;
            plies += 1;
        }
        let first_side = if self.index.is_multiple_of(2) {
            Player::South
        } else {
            Player::North
        };
        let mut out = GameResult {
            names: [
                db_name(&engines[0].name(), self.db.is_some()),
                engines[1].name(),
            ],
            ..GameResult::default()
        };
        while !game.status().is_finished() && plies < self.max_plies {
            let who = usize::from(game.position().side_to_move() != first_side);
            let t = Instant::now();
            let m = engines[who]
                .choose(&game)
                .ok_or("no move in an ongoing game")?;
            out.time[who] += t.elapsed();
            out.moves[who] += 1;
            common::play(&mut game, m)?;
            plies += 1;
        }
        out.plies = plies;
        if let Some(pgn) = &self.pgn {
            pgn.save(
                &game,
                &format!("{:04}", self.index + 1),
                sides(&out.names, first_side),
            )?;
        }
        match game.status() {
            Status::Ongoing => out.unfinished = true,
            Status::Annulled => out.annulled = true,
            Status::Over(o) => match o.winner {
                None => {}
                Some(w) if w == first_side => {
                    out.result = 1;
                    out.points_for = u32::from(o.points);
                }
                Some(_) => {
                    out.result = -1;
                    out.points_against = u32::from(o.points);
                }
            },
        }
        Ok(out)
    }
}

/// How one game of a match ended, for the engine given first.
#[derive(Clone, Debug, Default)]
struct MatchGame {
    /// 1 win, 0 draw (or annulled, or stopped), -1 loss for the first engine.
    result: i8,
    /// The winner's game points.
    points: u32,
    annulled: bool,
    stopped: bool,
    plies: u64,
}

/// How one match ended, for the engine given first.
#[derive(Clone, Debug, Default)]
struct MatchResult {
    names: [String; 2],
    /// 1 won, -1 lost, 0 unfinished for the first engine.
    result: i8,
    games: Vec<MatchGame>,
    /// The final score (points, or Rio Kadalis stocks): the first engine's, the other's.
    score: [u32; 2],
    time: [Duration; 2],
    moves: [u64; 2],
}

struct OneMatch<'a> {
    pgn: Option<Pgn>,
    engine: String,
    opponent: String,
    index: u64,
    opening_plies: u32,
    seed: u64,
    max_plies: u64,
    max_games: usize,
    bar: &'a ProgressBar,
    tally: String,
    /// `--db`, for the first engine.
    db: Option<std::path::PathBuf>,
}

impl MatchRunner for OneMatch<'_> {
    type Output = MatchResult;

    fn run<S: Series>(self, mut m: S) -> Result<MatchResult, String>
    where
        <S::G as Record>::Position: 'static,
    {
        let seed = self.seed.wrapping_add(self.index);
        let eval = common::db::evaluator(m.game().position(), self.db.as_deref())?;
        let mut engines: [AnyEngine<S::G, Eval<_>>; 2] = [
            from_spec_threaded(&self.engine, eval, seed).map_err(|e| e.to_string())?,
            from_spec_threaded(&self.opponent, Eval::plain(), seed ^ 0x5555)
                .map_err(|e| e.to_string())?,
        ];
        let side = if self.index.is_multiple_of(2) {
            Player::South
        } else {
            Player::North
        };
        let mut out = MatchResult {
            names: [
                db_name(&engines[0].name(), self.db.is_some()),
                engines[1].name(),
            ],
            ..MatchResult::default()
        };
        let score = |m: &S| {
            let s = m.score();
            [s[side], s[side.opponent()]]
        };
        loop {
            let k = out.games.len() as u64;
            // The same openings for both colours (matches 2j and 2j + 1).
            let mut opening = RandomPlayer::new(
                self.seed
                    ^ (self.index / 2).wrapping_mul(0x9E37_79B9)
                    ^ k.wrapping_mul(0xC2B2_AE3D_27D4_EB4F),
            );
            let mut plies = 0;
            for _ in 0..self.opening_plies {
                if m.status().is_finished() {
                    break;
                }
                let mv = opening
                    .choose(m.game())
                    .ok_or("no move in an ongoing game")?;
                m.play(mv, Duration::ZERO)?;
                plies += 1;
            }
            while !m.status().is_finished() && plies < self.max_plies {
                let who = usize::from(m.game().position().side_to_move() != side);
                // A win is worth what the match still needs (Urim, Omweso targets).
                engines[who].set_utility(Utility { needed: m.needed() });
                let t = Instant::now();
                let mv = engines[who]
                    .choose(m.game())
                    .ok_or("no move in an ongoing game")?;
                let thinking = t.elapsed();
                out.time[who] += thinking;
                out.moves[who] += 1;
                m.play(mv, thinking)?;
                plies += 1;
            }
            if let Some(pgn) = &self.pgn {
                let label = format!("m{:03}-g{:02}", self.index + 1, out.games.len() + 1);
                pgn.save(m.game(), &label, sides(&out.names, side))?;
            }
            let mut g = MatchGame {
                plies,
                ..MatchGame::default()
            };
            let mut abandoned = false;
            match m.status() {
                Status::Ongoing => g.stopped = true,
                Status::Annulled => g.annulled = true,
                Status::Over(o) => {
                    if let Some(w) = o.winner {
                        g.result = if w == side { 1 } else { -1 };
                        g.points = u32::from(o.points);
                    }
                }
            }
            out.games.push(g);
            let s = score(&m);
            self.bar.set_message(format!(
                "{}  match {}: game {}, {}-{}",
                self.tally,
                self.index + 1,
                out.games.len(),
                s[0],
                s[1]
            ));
            if out.games.last().is_some_and(|g| g.stopped) {
                if !m.abandon_game() {
                    break;
                }
                abandoned = true;
            }
            if let Some(w) = m.winner() {
                out.result = if w == side { 1 } else { -1 };
                break;
            }
            if out.games.len() >= self.max_games {
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

/// The options shared by both modes.
struct Common {
    engine: String,
    opponent: String,
    opening_plies: u32,
    seed: u64,
    max_plies: u64,
}

fn run_matches(cli: &Cli, c: &Common, count: u64, options: &MatchOptions) -> Result<(), String> {
    let max_games = usize::try_from(cli.max_games.unwrap_or(100)).unwrap_or(usize::MAX);
    let variant = cli.variant.variant();
    let bar = ProgressBar::new(count);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} matches  {elapsed_precise}  {msg}")
            .map_err(|e| e.to_string())?,
    );
    let mut results = Vec::new();
    let (mut w, mut u, mut l) = (0, 0, 0);
    for index in 0..count {
        let one = OneMatch {
            pgn: pgn(cli)?,
            engine: c.engine.clone(),
            opponent: c.opponent.clone(),
            index,
            opening_plies: c.opening_plies,
            seed: c.seed,
            max_plies: c.max_plies,
            max_games,
            bar: &bar,
            tally: format!("+{w} ?{u} -{l}"),
            db: cli.db.clone(),
        };
        let r = matches::dispatch(cli.game, &variant, options, one)?;
        match r.result {
            1 => w += 1,
            -1 => l += 1,
            _ => u += 1,
        }
        bar.set_message(format!("+{w} ?{u} -{l}"));
        bar.inc(1);
        results.push(r);
    }
    bar.finish_and_clear();
    print_match_table(cli.game, &matches::describe(cli.game, options), &results);
    Ok(())
}

fn rate(m: u64, t: Duration) -> f64 {
    if t.as_secs_f64() > 0.0 {
        m as f64 / t.as_secs_f64()
    } else {
        f64::INFINITY
    }
}

fn print_match_table(game: GameName, rules: &str, results: &[MatchResult]) {
    let Some(first) = results.first() else {
        println!("no matches played");
        return;
    };
    let n = results.len() as f64;
    let won = results.iter().filter(|r| r.result == 1).count();
    let lost = results.iter().filter(|r| r.result == -1).count();
    let unfinished = results.len() - won - lost;
    let games = || results.iter().flat_map(|r| &r.games);
    let game_count = games().count();
    let g_won = games().filter(|g| g.result == 1).count();
    let g_lost = games().filter(|g| g.result == -1).count();
    let g_drawn = game_count - g_won - g_lost;
    let annulled = games().filter(|g| g.annulled).count();
    let stopped = games().filter(|g| g.stopped).count();
    let pts = |r: i8| -> u32 { games().filter(|g| g.result == r).map(|g| g.points).sum() };
    let plies: u64 = games().map(|g| g.plies).sum();
    let time = |i: usize| results.iter().map(|r| r.time[i]).sum::<Duration>();
    let moves = |i: usize| results.iter().map(|r| r.moves[i]).sum::<u64>();
    let (unit, one) = if game == GameName::RioKadalis {
        ("rounds", "round")
    } else {
        ("games", "game")
    };
    let points = matches::scores_points(game);
    println!(
        "{game}: {} matches ({rules}), colours alternated between matches",
        results.len()
    );
    println!(
        "{:<22} {:>5} {:>5} {:>10} {:>8} {:>14} {:>8} {:>12}",
        "engine",
        "won",
        "lost",
        "unfinished",
        "score %",
        format!("{unit} W-D-L"),
        "points",
        "moves/s"
    );
    for (i, (name, (w, l), (gw, gl), (pf, pa))) in [
        (
            &first.names[0],
            (won, lost),
            (g_won, g_lost),
            (pts(1), pts(-1)),
        ),
        (
            &first.names[1],
            (lost, won),
            (g_lost, g_won),
            (pts(-1), pts(1)),
        ),
    ]
    .into_iter()
    .enumerate()
    {
        println!(
            "{:<22} {:>5} {:>5} {:>10} {:>7.1}% {:>14} {:>8} {:>12.0}",
            name,
            w,
            l,
            unfinished,
            100.0 * (w as f64 + 0.5 * unfinished as f64) / n,
            format!("{gw}-{g_drawn}-{gl}"),
            if points {
                format!("{pf}-{pa}")
            } else {
                "-".to_string()
            },
            rate(moves(i), time(i)),
        );
    }
    let (min, max) = results
        .iter()
        .map(|r| r.games.len())
        .fold((usize::MAX, 0), |(a, b), k| (a.min(k), b.max(k)));
    println!(
        "average {:.1} {unit} per match (from {min} to {max}), {:.1} plies per {one}; {annulled} annulled and {stopped} stopped at the ply limit (counted as drawn); {:.0} moves/s overall",
        game_count as f64 / n,
        plies as f64 / game_count.max(1) as f64,
        rate(moves(0) + moves(1), time(0) + time(1)),
    );
}

/// `--pgn`'s folder (made if missing), with the game and its options.
fn pgn(cli: &Cli) -> Result<Option<Pgn>, String> {
    let Some(dir) = &cli.pgn else {
        return Ok(None);
    };
    std::fs::create_dir_all(dir).map_err(|e| format!("--pgn {}: {e}", dir.display()))?;
    Ok(Some(Pgn {
        dir: dir.clone(),
        game: cli.game,
        variant: cli.variant.variant(),
    }))
}

fn run(cli: &Cli) -> Result<(), String> {
    let games = cli.games.unwrap_or(20);
    let (engine, opponent) = (cli.engine.clone(), cli.opponent.clone());
    let (opening_plies, seed, max_plies) = (cli.opening_plies, cli.seed, cli.max_plies);

    if let Some(count) = cli.matches {
        let options = MatchOptions {
            target: cli.target,
            mode: cli.mode.clone(),
            seed,
        };
        let c = Common {
            engine,
            opponent,
            opening_plies,
            seed,
            max_plies,
        };
        return run_matches(cli, &c, count, &options);
    }

    if let Some(list) = &cli.round_robin {
        let specs: Vec<String> = list.split(',').map(str::to_string).collect();
        return round_robin(cli, &specs, games);
    }
    let bar = games_bar(games)?;
    let results = play_pair(cli, &engine, &opponent, games, &bar, "")?;
    bar.finish_and_clear();
    print_table(cli.game, &results);
    print_elo(&results);
    Ok(())
}

/// `clap`'s value parser for `--round-robin`: two or more engine specs, each checked.
fn engine_list(text: &str) -> Result<String, String> {
    let specs: Vec<&str> = text.split(',').map(str::trim).collect();
    if specs.len() < 2 {
        return Err("a round robin needs two or more engines, separated by commas".into());
    }
    for (k, s) in specs.iter().enumerate() {
        common::cli::engine_spec(s)?;
        if specs[..k].contains(s) {
            return Err(format!("{s} is listed twice"));
        }
    }
    Ok(specs.join(","))
}

fn games_bar(games: u64) -> Result<ProgressBar, String> {
    let bar = ProgressBar::new(games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {elapsed_precise}  {msg}")
            .map_err(|e| e.to_string())?,
    );
    Ok(bar)
}

/// `games` games of `engine` against `opponent`, colours alternated, openings by game
/// index (so every pairing of a round robin plays the same openings).
fn play_pair(
    cli: &Cli,
    engine: &str,
    opponent: &str,
    games: u64,
    bar: &ProgressBar,
    label: &str,
) -> Result<Vec<GameResult>, String> {
    let variant = cli.variant.variant();
    let mut results = Vec::new();
    let (mut w, mut d, mut l) = (0, 0, 0);
    for index in 0..games {
        let one = OneGame {
            pgn: pgn(cli)?,
            engine: engine.to_string(),
            opponent: opponent.to_string(),
            index,
            opening_plies: cli.opening_plies,
            seed: cli.seed,
            max_plies: cli.max_plies,
            db: cli.db.clone(),
        };
        let r = common::dispatch(cli.game, &variant, one)?;
        match r.result {
            1 => w += 1,
            -1 => l += 1,
            _ => d += 1,
        }
        bar.set_message(format!("{label}+{w} ={d} -{l}"));
        bar.inc(1);
        results.push(r);
    }
    Ok(results)
}

/// The first engine's score in one game: 1, ½ (draws, annulled and stopped games) or 0.
fn score(r: &GameResult) -> f64 {
    f64::from(r.result + 1) / 2.0
}

/// The Elo line under the single-games table: the engine against the opponent.
fn print_elo(results: &[GameResult]) {
    let Some(first) = results.first() else {
        return;
    };
    let mut r = elo::Results::new(2);
    for g in results {
        r.add(0, 1, score(g));
    }
    match elo::fit(&r, 1, elo::PRIOR_DRAWS) {
        Ok(f) => println!(
            "Elo of {} relative to {}: {} (maximum likelihood, 95% interval, 1 virtual draw added)",
            first.names[0],
            first.names[1],
            f.ratings[0].show()
        ),
        Err(e) => println!("no Elo rating: {e}"),
    }
}

/// Every engine of `specs` against every other one, `games` games a pairing.
fn round_robin(cli: &Cli, specs: &[String], games: u64) -> Result<(), String> {
    let n = specs.len();
    let anchor = match &cli.anchor {
        None => 0,
        Some(a) => specs
            .iter()
            .position(|s| s == a)
            .ok_or_else(|| format!("--anchor {a} is not in the round robin"))?,
    };
    let pairings = (n * (n - 1) / 2) as u64;
    let bar = games_bar(games * pairings)?;
    let mut results = elo::Results::new(n);
    let mut plies = 0u64;
    let (mut annulled, mut stopped) = (0, 0);
    let mut time = vec![Duration::ZERO; n];
    let mut moves = vec![0u64; n];
    let mut lines = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let label = format!("{} v {}: ", specs[i], specs[j]);
            let rs = play_pair(cli, &specs[i], &specs[j], games, &bar, &label)?;
            let count = |v: i8| rs.iter().filter(|r| r.result == v).count();
            let (w, l) = (count(1), count(-1));
            lines.push(format!(
                "{:>16} - {:<16} +{w} ={} -{l}",
                specs[i],
                specs[j],
                rs.len() - w - l
            ));
            for g in &rs {
                results.add(i, j, score(g));
                plies += g.plies;
                annulled += usize::from(g.annulled);
                stopped += usize::from(g.unfinished);
                time[i] += g.time[0];
                time[j] += g.time[1];
                moves[i] += g.moves[0];
                moves[j] += g.moves[1];
            }
        }
    }
    bar.finish_and_clear();
    let total = games * pairings;
    println!(
        "{}: round robin of {n} engines, {games} games a pairing ({total} games), colours alternated",
        cli.game
    );
    let fit = elo::fit(&results, anchor, elo::PRIOR_DRAWS)?;
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| fit.ratings[b].elo.total_cmp(&fit.ratings[a].elo));
    println!(
        "{:<18} {:>6} {:>8} {:>16} {:>18} {:>10}",
        "engine",
        "games",
        "score %",
        format!("Elo ({})", specs[anchor]),
        "above the next",
        "moves/s"
    );
    for (k, &i) in order.iter().enumerate() {
        let (g, s) = results.total(i);
        let next = order.get(k + 1).map_or(String::new(), |&j| {
            let (d, e) = fit.difference(i, j);
            format!("{d:+.0} ± {e:.0}")
        });
        println!(
            "{:<18} {:>6} {:>7.1}% {:>16} {:>18} {:>10.0}",
            specs[i],
            g,
            100.0 * s / g.max(1.0),
            fit.ratings[i].show(),
            next,
            rate(moves[i], time[i]),
        );
    }
    println!(
        "Elo: maximum likelihood over all games (draws, annulled and stopped games as half points), \
         ± the 95% interval relative to {} (1.96 standard errors from the Fisher information), \
         1 virtual draw added to every pairing; '>' marks an engine that won every game",
        specs[anchor]
    );
    println!(
        "average length {:.1} plies; {annulled} annulled, {stopped} stopped at the ply limit",
        plies as f64 / total.max(1) as f64
    );
    println!("pairings (first engine's wins, draws, losses):");
    for l in &lines {
        println!("{l}");
    }
    println!("score % of the row against the column:");
    let short: Vec<String> = specs.iter().map(|s| s.replace("alphabeta", "ab")).collect();
    print!("{:<18}", "");
    for &j in &order {
        print!(" {:>10}", short[j]);
    }
    println!();
    for &i in &order {
        print!("{:<18}", specs[i]);
        for &j in &order {
            if i == j {
                print!(" {:>10}", "-");
            } else {
                print!(
                    " {:>9.1}%",
                    100.0 * results.points[i][j] / results.games[i][j].max(1.0)
                );
            }
        }
        println!();
    }
    Ok(())
}

fn print_table(game: GameName, results: &[GameResult]) {
    let Some(first) = results.first() else {
        println!("no games played");
        return;
    };
    let n = results.len() as f64;
    let count = |f: &dyn Fn(&GameResult) -> bool| results.iter().filter(|r| f(r)).count();
    let wins = count(&|r| r.result == 1);
    let losses = count(&|r| r.result == -1);
    let draws = results.len() - wins - losses;
    let annulled = count(&|r| r.annulled);
    let unfinished = count(&|r| r.unfinished);
    let pts_for: u32 = results.iter().map(|r| r.points_for).sum();
    let pts_against: u32 = results.iter().map(|r| r.points_against).sum();
    let plies: u64 = results.iter().map(|r| r.plies).sum();
    let time = |i: usize| results.iter().map(|r| r.time[i]).sum::<Duration>();
    let moves = |i: usize| results.iter().map(|r| r.moves[i]).sum::<u64>();
    println!("{game}: {} games, colours alternated", results.len());
    println!(
        "{:<22} {:>5} {:>5} {:>5} {:>7} {:>8} {:>12}",
        "engine", "wins", "draws", "losses", "points", "score %", "moves/s"
    );
    for (i, (name, (w, l), (pf, pa))) in [
        (&first.names[0], (wins, losses), (pts_for, pts_against)),
        (&first.names[1], (losses, wins), (pts_against, pts_for)),
    ]
    .into_iter()
    .enumerate()
    {
        println!(
            "{:<22} {:>5} {:>5} {:>5} {:>7} {:>7.1}% {:>12.0}",
            name,
            w,
            draws,
            l,
            format!("{pf}-{pa}"),
            100.0 * (w as f64 + 0.5 * draws as f64) / n,
            rate(moves(i), time(i)),
        );
    }
    println!(
        "average length {:.1} plies; {annulled} annulled, {unfinished} stopped at the ply limit (both counted as draws); {:.0} moves/s overall",
        plies as f64 / n,
        rate(moves(0) + moves(1), time(0) + time(1)),
    );
}

fn main() -> ExitCode {
    common::exit_code(run(&Cli::parse()))
}
