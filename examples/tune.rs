//! Fits the weights of the static evaluation by self-play (SPSA), then measures the
//! tuned weights against the defaults in Elo with a 95% interval.
//!
//! ```text
//! cargo run --release --example tune -- <GAME> [game options] [--depth D]
//!     [--iterations K] [--check-games N] [--check-depth D] [--opening-plies P]
//!     [--seed S] [--from-weights W1,W2] [--against W1,W2]
//! ```
//!
//! The weights `w1`, `w2` are the standard evaluation's second and third terms, in
//! hundredths of a seed (row seeds and movable pits; Omweso's movable pits and exposed
//! seeds). SPSA (`mancala::search::tune`, `docs/strength.md` "Tuning the evaluation")
//! tunes them: each iteration two perturbed weightings play one random opening
//! (`--opening-plies`, default 4) with both colours, alpha-beta at `--depth` (default 4)
//! on both sides, and the weights move towards the better. Everything is seeded
//! (`--seed`): the same command gives the same weights. Then the tuned weights play
//! `--check-games N` games (default 400: N/2 openings of their own, never those of the
//! tuning, each with both colours) against the defaults (or `--against W1,W2`) at
//! `--check-depth` (default the same depth), and the example prints the score and the
//! Elo difference with its 95% interval (`mancala::runtime::elo`).

mod common;

use std::process::ExitCode;

use clap::Parser;
use common::cli::VariantArgs;
use mancala::runtime::{AnyGame, GameKind, GameRecord, Variant, Visitor, elo};
use mancala::search::score::Score;
use mancala::search::tune::{Gains, Games, MAX_WEIGHT, Spsa, check_seeds, default_weights};

/// Fits the static evaluation's weights by self-play, then measures the gain in Elo.
#[derive(Parser, Debug)]
#[command(
    name = "tune",
    after_help = concat!(
        "Examples:\n  ",
        "cargo run --release --example tune -- oware\n  ",
        "cargo run --release --example tune -- urim --depth 3 --iterations 400 --check-games 600"
    )
)]
struct Cli {
    /// The game: urim, omweso, rio-kadalis, oware, kalah
    #[arg(value_parser = common::cli::game_name)]
    game: GameKind,
    /// The alpha-beta depth of every game
    #[arg(long, value_name = "D", default_value_t = 4, value_parser = depth)]
    depth: u32,
    /// SPSA iterations (two games each)
    #[arg(long, value_name = "K", default_value_t = 300)]
    iterations: u64,
    /// Games of the tuned weights against the defaults (an even number: each opening
    /// with both colours; 0 skips)
    #[arg(long, value_name = "N", default_value_t = 400, value_parser = even)]
    check_games: u64,
    /// Random plies that open each game (each opening is played with both colours)
    #[arg(long, value_name = "P", default_value_t = 4)]
    opening_plies: u32,
    /// The random seed of the perturbations and the openings
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// The alpha-beta depth of the check games (default --depth)
    #[arg(long, value_name = "D", value_parser = depth)]
    check_depth: Option<u32>,
    /// Start from these weights instead of the defaults (`w1,w2`)
    #[arg(long, value_name = "W1,W2", value_parser = parse_weights)]
    from_weights: Option<Weights>,
    /// The weights the check games play against (default: the evaluation's own)
    #[arg(long, value_name = "W1,W2", value_parser = parse_weights)]
    against: Option<Weights>,
    /// A game still going after this many plies is stopped (counted as a draw)
    #[arg(long, value_name = "M", default_value_t = 1000)]
    max_plies: u64,
    #[command(flatten)]
    variant: VariantArgs,
}

fn depth(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(d @ 1..=20) => Ok(d),
        _ => Err(format!("{text:?} is not a depth from 1 to 20")),
    }
}

fn even(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if n % 2 == 0 => Ok(n),
        _ => Err(format!(
            "{text:?} is not an even number (each opening is played with both colours)"
        )),
    }
}

fn parse_weights(text: &str) -> Result<Weights, String> {
    let w: Vec<f64> = text
        .split(',')
        .map(|t| t.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("{text:?} is not two numbers w1,w2"))?;
    match w[..] {
        [a, b] if (0.0..=LIMIT).contains(&a) && (0.0..=LIMIT).contains(&b) => Ok(Weights([a, b])),
        _ => Err(format!("{text:?}: two weights from 0 to {LIMIT}, as w1,w2")),
    }
}

/// The largest weight (4 seeds for one unit of a term).
const LIMIT: f64 = MAX_WEIGHT as f64;

/// The tuned weights `w1`, `w2` in hundredths of a seed (see the module).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Weights([f64; 2]);

impl Weights {
    fn rounded(self) -> [Score; 2] {
        self.0.map(|w| w.round() as Score)
    }
}

/// One game (`a_south` given) or both colours of an opening between the weights `a`
/// and `b`, in the game chosen at run time: `a`'s points, or `a`'s minus `b`'s.
struct Play {
    games: Games,
    a: [Score; 2],
    b: [Score; 2],
    opening_seed: u64,
    a_south: Option<bool>,
}

impl Visitor for Play {
    type Output = common::Result<f64>;

    fn visit<G: GameRecord>(self, _: &Variant, game: &G) -> common::Result<f64> {
        let (a, b, seed) = (self.a, self.b, self.opening_seed);
        match self.a_south {
            Some(a_south) => self.games.play(game, a, b, seed, a_south),
            None => self.games.pair(game, a, b, seed),
        }
        .map_err(Into::into)
    }
}

fn run(cli: &Cli) -> common::Result {
    let start: AnyGame = cli.variant.game(cli.game)?;
    let rows = start.board().rows_per_player;
    let default = Weights(default_weights(rows).map(f64::from));
    let theta = cli.from_weights.unwrap_or(default);
    let names = if rows == 2 {
        ["movable pits", "exposed seeds"]
    } else {
        ["row seeds", "movable pits"]
    };
    println!(
        "{}: SPSA over {} and {} (unit: {} = 100), alpha-beta depth {}, {} iterations of 2 games, {} opening plies, seed {}",
        cli.game,
        names[0],
        names[1],
        if rows == 2 { "seeds" } else { "store" },
        cli.depth,
        cli.iterations,
        cli.opening_plies,
        cli.seed
    );
    println!(
        "start: {} {:.0}, {} {:.0}",
        names[0], theta.0[0], names[1], theta.0[1]
    );
    let games = Games {
        depth: cli.depth,
        opening_plies: cli.opening_plies,
        max_plies: cli.max_plies,
    };
    let gains = Gains::for_weights(cli.iterations);
    let mut spsa = Spsa::new(theta.0, gains, (0.0, LIMIT), cli.seed);
    let progress = common::bars::bar(cli.iterations, "iterations");
    for _ in 0..cli.iterations {
        spsa.step(|p| {
            start.visit(Play {
                games,
                a: Weights(p.plus).rounded(),
                b: Weights(p.minus).rounded(),
                opening_seed: p.seed,
                a_south: None,
            })
        })?;
        let [w1, w2] = spsa.weights();
        progress.set_message(format!("{w1:.1}, {w2:.1}"));
        progress.inc(1);
    }
    progress.finish_and_clear();
    let tuned = Weights(spsa.weights()).rounded();
    println!(
        "tuned: {} {}, {} {} (defaults {}, {})",
        names[0], tuned[0], names[1], tuned[1], default.0[0], default.0[1]
    );
    if cli.check_games == 0 {
        return Ok(());
    }
    let check = Games {
        depth: cli.check_depth.unwrap_or(cli.depth),
        ..games
    };
    let against = cli.against.unwrap_or(default).rounded();
    let pairs = cli.check_games / 2;
    let progress = common::bars::bar(pairs * 2, "check games");
    let mut results = elo::Results::new(2);
    let (mut w, mut d, mut l) = (0, 0, 0);
    for opening_seed in check_seeds(cli.seed).take(pairs as usize) {
        for a_south in [true, false] {
            let s = start.visit(Play {
                games: check,
                a: tuned,
                b: against,
                opening_seed,
                a_south: Some(a_south),
            })?;
            results.add(0, 1, s);
            match s {
                1.0 => w += 1,
                0.0 => l += 1,
                _ => d += 1,
            }
            progress.set_message(format!("+{w} ={d} -{l}"));
            progress.inc(1);
        }
    }
    progress.finish_and_clear();
    let fit = elo::fit(&results, 1, elo::PRIOR_DRAWS)?;
    let n = pairs * 2;
    println!(
        "tuned against {},{} at depth {}: {n} games ({pairs} openings of their own, both colours), +{w} ={d} -{l}, score {:.1}%, Elo {} (95% interval)",
        against[0],
        against[1],
        check.depth,
        100.0 * (f64::from(w) + 0.5 * f64::from(d)) / n as f64,
        fit.ratings[0].show()
    );
    Ok(())
}

fn main() -> ExitCode {
    common::quiet_on_closed_pipe();
    common::exit_code(run(&Cli::parse()))
}
