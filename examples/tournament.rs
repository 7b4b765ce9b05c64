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
//! interval (`mancala::runtime::elo`: the maximum-likelihood Elo model, draws as half
//! points), and how the games ended (the rule of each ending, counted). Engines: see
//! `--help`.
//!
//! With `--round-robin`, every engine of the list plays `--games N` games against each
//! other one (the same openings in every pairing, colours alternated), and the table
//! gives each engine's games, score and Elo rating with its 95% interval, fitted over
//! all games at once, relative to `--anchor` (default the first engine of the list), the
//! rating differences between neighbours with their intervals, and the cross table of
//! scores.
//!
//! With `--matches N`, N whole matches are played with the game's own match type (see
//! `mancala::runtime::matches`): Urim to `--target` points (default 10, rule 8), Omweso to 12
//! points in `--mode` play (default classic, rule 9), Rio Kadalis as a serial match of
//! rounds until a stock is below 4 (rule 5). Oware and Kalah have no match type and
//! refuse the mode. The engine is South in even matches; every game of a match starts
//! with `K` random plies (the same for matches `2j` and `2j + 1`). A match still
//! undecided after `--max-games` games (default 100), or whose game reached
//! `--max-plies` where the match type cannot drop it (Urim, Omweso), is stopped and
//! counted as unfinished. In a match the engines value a win at the points the match
//! still needs (`AnyMatch::needed`: Urim's and Omweso's targets). The table gives matches won, lost and unfinished, the games
//! (rounds) won, drawn and lost, the game points, the average games per match and the
//! moves per second.

mod common;

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use common::cli::{ENGINES, VariantArgs};
use indicatif::{ProgressBar, ProgressStyle};
use mancala::runtime::elo::{self, PRIOR_DRAWS};
use mancala::runtime::matches::parse_mode;
use mancala::runtime::tournament::{
    Ending, GameResult, MatchResult, Progress, RoundRobin, Settings, Summary, Tournament,
    check_engine_list,
};
use mancala::runtime::{AnyMatch, Error, GameKind, MatchOptions};

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
    /// The game: urim, omweso, rio-kadalis, oware, kalah
    #[arg(value_parser = common::cli::game_name)]
    game: GameKind,
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
    /// Writes every game to a game file of its own in DIR (docs/game-files.md),
    /// numbered in the order played: `<game>-00001.mgn`, …
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

fn rate(m: u64, t: Duration) -> f64 {
    if t.as_secs_f64() > 0.0 {
        m as f64 / t.as_secs_f64()
    } else {
        f64::INFINITY
    }
}

/// A progress bar of `total` games (or matches) on stderr.
fn bar(total: u64, unit: &str) -> Result<ProgressBar, Error> {
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {unit}  {{elapsed_precise}}  {{msg}}"
        ))
        .map_err(|e| Error::Match(e.to_string()))?,
    );
    Ok(bar)
}

/// The progress callback that draws on `bar`.
fn draw(bar: &ProgressBar) -> impl FnMut(&Progress) + '_ {
    move |p: &Progress| {
        bar.set_position(p.done);
        bar.set_message(p.message.clone());
    }
}

fn settings(cli: &Cli) -> Result<Settings, Error> {
    let mut s = Settings::new(*cli.variant.game(cli.game)?.variant());
    if let Some(from) = &cli.variant.from {
        if cli.matches.is_some() {
            return Err(Error::Match(
                "matches start from the standard start: drop --from".into(),
            ));
        }
        s.start = Some(from.clone());
    }
    s.opening_plies = cli.opening_plies;
    s.seed = cli.seed;
    s.max_plies = cli.max_plies;
    s.files = cli.pgn.clone();
    s.db = cli.db.clone();
    Ok(s)
}

fn run(cli: &Cli) -> Result<(), Error> {
    let games = cli.games.unwrap_or(20);
    let mut t = Tournament::new(settings(cli)?);
    if let Some(count) = cli.matches {
        let options = MatchOptions {
            target: cli.target,
            mode: cli.mode.as_deref().map(parse_mode).transpose()?,
            lot: cli.seed,
        };
        // The match's own checks (a game without matches, a wrong option) come first.
        let rules = AnyMatch::new(&t.settings().variant, &options)?.describe();
        let max_games = usize::try_from(cli.max_games.unwrap_or(100)).unwrap_or(usize::MAX);
        let bar = bar(count, "matches")?;
        let mut results = Vec::new();
        let (mut w, mut u, mut l) = (0, 0, 0);
        for index in 0..count {
            let tally = format!("+{w} ?{u} -{l}");
            let r = t.play_match(
                &cli.engine,
                &cli.opponent,
                index,
                &options,
                max_games,
                &mut |p| bar.set_message(format!("{tally}  {}", p.message)),
            )?;
            match r.won {
                Some(true) => w += 1,
                Some(false) => l += 1,
                None => u += 1,
            }
            bar.set_message(format!("+{w} ?{u} -{l}"));
            bar.inc(1);
            results.push(r);
        }
        bar.finish_and_clear();
        print_match_table(cli.game, &rules, &results);
        return Ok(());
    }
    if let Some(list) = &cli.round_robin {
        let specs: Vec<String> = list.split(',').map(str::to_string).collect();
        let anchor = match &cli.anchor {
            None => 0,
            Some(a) => specs
                .iter()
                .position(|s| s == a)
                .ok_or_else(|| Error::Engine(format!("--anchor {a} is not in the round robin")))?,
        };
        let n = specs.len() as u64;
        let bar = bar(games * n * (n - 1) / 2, "games")?;
        let rr = t.round_robin(&specs, games, anchor, &mut draw(&bar))?;
        bar.finish_and_clear();
        print_round_robin(cli.game, games, &rr);
        return Ok(());
    }
    let bar = bar(games, "games")?;
    let results = t.play_pair(&cli.engine, &cli.opponent, games, &mut draw(&bar))?;
    bar.finish_and_clear();
    print_table(cli.game, &results);
    print_elo(&results);
    Ok(())
}

/// `clap`'s value parser for `--round-robin`: two or more engine specs, each checked.
fn engine_list(text: &str) -> Result<String, String> {
    let specs: Vec<String> = text.split(',').map(|s| s.trim().to_string()).collect();
    check_engine_list(&specs).map_err(|e| e.to_string())?;
    Ok(specs.join(","))
}

fn print_match_table(game: GameKind, rules: &str, results: &[MatchResult]) {
    let Some(first) = results.first() else {
        println!("no matches played");
        return;
    };
    let n = results.len() as f64;
    let won = results.iter().filter(|r| r.won == Some(true)).count();
    let lost = results.iter().filter(|r| r.won == Some(false)).count();
    let unfinished = results.len() - won - lost;
    let games = || results.iter().flat_map(|r| &r.games);
    let result = |g: &mancala::runtime::tournament::MatchGame| match g.ending {
        Ending::Over {
            winner: Some(w),
            points,
            ..
        } => (if w == g.first { 1 } else { -1 }, u32::from(points)),
        _ => (0, 0),
    };
    let game_count = games().count();
    let g_won = games().filter(|g| result(g).0 == 1).count();
    let g_lost = games().filter(|g| result(g).0 == -1).count();
    let g_drawn = game_count - g_won - g_lost;
    let annulled = games().filter(|g| g.ending == Ending::Annulled).count();
    let stopped = games().filter(|g| g.ending == Ending::Stopped).count();
    let pts = |r: i8| -> u32 {
        games()
            .map(result)
            .filter(|(x, _)| *x == r)
            .map(|(_, p)| p)
            .sum()
    };
    let plies: u64 = games().map(|g| g.plies).sum();
    let time = |i: usize| results.iter().map(|r| r.time[i]).sum::<Duration>();
    let moves = |i: usize| results.iter().map(|r| r.moves[i]).sum::<u64>();
    let (unit, one) = if game == GameKind::RioKadalis {
        ("rounds", "round")
    } else {
        ("games", "game")
    };
    let points = game != GameKind::RioKadalis;
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
    let endings = Summary::of_endings(games().map(|g| &g.ending));
    println!("how the {unit} ended: {endings}");
}

/// The Elo line under the single-games table: the engine against the opponent.
fn print_elo(results: &[GameResult]) {
    let Some(first) = results.first() else {
        return;
    };
    let mut r = elo::Results::new(2);
    for g in results {
        r.add(0, 1, g.score());
    }
    match elo::fit(&r, 1, PRIOR_DRAWS) {
        Ok(f) => println!(
            "Elo of {} relative to {}: {} (maximum likelihood, 95% interval, 1 virtual draw added)",
            first.names[0],
            first.names[1],
            f.ratings[0].show()
        ),
        Err(e) => println!("no Elo rating: {e}"),
    }
}

fn print_round_robin(game: GameKind, games: u64, rr: &RoundRobin) {
    let specs = &rr.specs;
    let n = specs.len();
    let total = rr.games.len();
    println!(
        "{game}: round robin of {n} engines, {games} games a pairing ({total} games), colours alternated",
    );
    let fit = &rr.fit;
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| fit.ratings[b].elo.total_cmp(&fit.ratings[a].elo));
    println!(
        "{:<18} {:>6} {:>8} {:>16} {:>18} {:>10}",
        "engine",
        "games",
        "score %",
        format!("Elo ({})", specs[rr.anchor]),
        "above the next",
        "moves/s"
    );
    for (k, &i) in order.iter().enumerate() {
        let (g, s) = rr.results.total(i);
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
            rate(rr.speed[i].1, rr.speed[i].0),
        );
    }
    println!(
        "Elo: maximum likelihood over all games (draws, annulled and stopped games as half points), \
         ± the 95% interval relative to {} (1.96 standard errors from the Fisher information), \
         1 virtual draw added to every pairing; '>' marks an engine that won every game",
        specs[rr.anchor]
    );
    let plies: u64 = rr.games.iter().map(|g| g.plies).sum();
    let annulled = rr
        .games
        .iter()
        .filter(|g| g.ending == Ending::Annulled)
        .count();
    let stopped = rr
        .games
        .iter()
        .filter(|g| g.ending == Ending::Stopped)
        .count();
    println!(
        "average length {:.1} plies; {annulled} annulled, {stopped} stopped at the ply limit",
        plies as f64 / total.max(1) as f64
    );
    println!("how the games ended: {}", Summary::of(&rr.games));
    println!("pairings (first engine's wins, draws, losses):");
    let mut at = 0;
    for i in 0..n {
        for j in i + 1..n {
            let rs = &rr.games[at..at + games as usize];
            at += games as usize;
            let w = rs.iter().filter(|g| g.score() == 1.0).count();
            let l = rs.iter().filter(|g| g.score() == 0.0).count();
            println!(
                "{:>16} - {:<16} +{w} ={} -{l}",
                specs[i],
                specs[j],
                rs.len() - w - l
            );
        }
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
                    100.0 * rr.results.points[i][j] / rr.results.games[i][j].max(1.0)
                );
            }
        }
        println!();
    }
}

fn print_table(game: GameKind, results: &[GameResult]) {
    let Some(first) = results.first() else {
        println!("no games played");
        return;
    };
    let n = results.len() as f64;
    let count = |f: &dyn Fn(&GameResult) -> bool| results.iter().filter(|r| f(r)).count();
    let wins = count(&|r| r.score() == 1.0);
    let losses = count(&|r| r.score() == 0.0);
    let draws = results.len() - wins - losses;
    let annulled = count(&|r| r.ending == Ending::Annulled);
    let unfinished = count(&|r| r.ending == Ending::Stopped);
    let pts_for: u32 = results.iter().map(|r| r.points().0).sum();
    let pts_against: u32 = results.iter().map(|r| r.points().1).sum();
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
    println!("how the games ended: {}", Summary::of(results));
}

fn main() -> ExitCode {
    common::quiet_on_closed_pipe();
    common::exit_code(run(&Cli::parse()))
}
