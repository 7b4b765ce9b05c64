//! Engine against engine over many games, colours alternated.
//!
//! ```text
//! cargo run --release --example tournament -- <game> [variant flags] [--from "<notation>"]
//!     [--games N] [--engine <spec>] [--opponent <spec>] [--opening-plies K] [--seed S]
//!     [--max-plies M]
//! ```
//!
//! Game `i` starts with `K` random plies (default 2; the same opening for games `2j` and
//! `2j + 1`, so each opening is played with both colours), then `--engine` (default
//! `alphabeta:4`) and `--opponent` (default `random`) alternate colours: the engine is
//! South in even games. A progress bar runs on stderr; the table at the end gives wins,
//! draws (annulled games and games stopped at `--max-plies`, default 1000, counted
//! among them) and losses, game points won, the average game length and the moves per
//! second. Engines: `random`, `greedy`, `alphabeta[:<depth>|:<ms>ms]`,
//! `mcts[:<playouts>|:<ms>ms]`.

mod common;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use common::{Replay, Runner};
use indicatif::{ProgressBar, ProgressStyle};
use mancala::core::{Player, Position, Status};
use mancala_search::spec::{AnyEngine, from_spec};
use mancala_search::{Engine, RandomPlayer, Static};

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

struct OneGame {
    engine: String,
    opponent: String,
    index: u64,
    opening_plies: u32,
    seed: u64,
    max_plies: u64,
}

impl Runner for OneGame {
    type Output = GameResult;

    fn run<R: Replay>(self, mut game: R) -> Result<GameResult, String> {
        let seed = self.seed.wrapping_add(self.index);
        let mut engines: [AnyEngine<R::P, Static>; 2] = [
            from_spec(&self.engine, Static, seed).map_err(|e| e.to_string())?,
            from_spec(&self.opponent, Static, seed ^ 0x5555).map_err(|e| e.to_string())?,
        ];
        // The same opening for both colours.
        let mut opening = RandomPlayer::new(self.seed ^ (self.index / 2).wrapping_mul(0x9E37_79B9));
        let mut plies = 0;
        for _ in 0..self.opening_plies {
            if game.status().is_finished() {
                break;
            }
            let m = opening
                .choose(game.position())
                .ok_or("no move in an ongoing game")?;
            game.play(m)?;
            plies += 1;
        }
        let first_side = if self.index % 2 == 0 {
            Player::South
        } else {
            Player::North
        };
        let mut out = GameResult {
            names: [engines[0].name(), engines[1].name()],
            ..GameResult::default()
        };
        while !game.status().is_finished() && plies < self.max_plies {
            let p = game.position().clone();
            let who = usize::from(p.side_to_move() != first_side);
            let t = Instant::now();
            let m = engines[who]
                .choose(&p)
                .ok_or("no move in an ongoing game")?;
            out.time[who] += t.elapsed();
            out.moves[who] += 1;
            game.play(m)?;
            plies += 1;
        }
        out.plies = plies;
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

fn run() -> Result<(), String> {
    let args = common::Args::parse(
        std::env::args().skip(1),
        &[
            "games",
            "engine",
            "opponent",
            "opening-plies",
            "seed",
            "max-plies",
        ],
        &[],
    )?;
    if let Some(extra) = args.positional.first() {
        return Err(format!("unexpected argument {extra:?}"));
    }
    let games: u64 = args.value("games")?.unwrap_or(20);
    let engine: String = args
        .value("engine")?
        .unwrap_or_else(|| "alphabeta:4".into());
    let opponent: String = args.value("opponent")?.unwrap_or_else(|| "random".into());
    let opening_plies: u32 = args.value("opening-plies")?.unwrap_or(2);
    let seed: u64 = args.value("seed")?.unwrap_or(1);
    let max_plies: u64 = args.value("max-plies")?.unwrap_or(1000);

    let bar = ProgressBar::new(games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {elapsed_precise}  {msg}")
            .map_err(|e| e.to_string())?,
    );
    let mut results = Vec::new();
    let (mut w, mut d, mut l) = (0, 0, 0);
    for index in 0..games {
        let one = OneGame {
            engine: engine.clone(),
            opponent: opponent.clone(),
            index,
            opening_plies,
            seed,
            max_plies,
        };
        let r = common::dispatch(&args.game, &args.variant, one)?;
        match r.result {
            1 => w += 1,
            -1 => l += 1,
            _ => d += 1,
        }
        bar.set_message(format!("+{w} ={d} -{l}"));
        bar.inc(1);
        results.push(r);
    }
    bar.finish_and_clear();
    print_table(&args.game, &results);
    Ok(())
}

fn print_table(game: &str, results: &[GameResult]) {
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
    let rate = |m: u64, t: Duration| {
        if t.as_secs_f64() > 0.0 {
            m as f64 / t.as_secs_f64()
        } else {
            f64::INFINITY
        }
    };
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
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
