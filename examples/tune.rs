//! Fits the weights of the static evaluation by self-play (SPSA), then measures the
//! tuned weights against the defaults in Elo with a 95% interval.
//!
//! ```text
//! cargo run --release --example tune -- <GAME> [game options] [--depth D]
//!     [--iterations K] [--check-games N] [--check-depth D] [--opening-plies P]
//!     [--seed S] [--from-weights W1,W2] [--against W1,W2]
//! ```
//!
//! The standard evaluation (`mancala_search::eval::board_eval`, `docs/engine.md`) has
//! three terms a game, with the first one's weight fixed at 1 seed (100) as the unit:
//!
//! - one row a player (Urim, Oware, Rio Kadalis, Kalah): store (or captures) difference
//!   × 100, row seeds difference × `w1` (default `eval::ROW_SEED` = 15; 50 before this
//!   example tuned it), movable pits difference × `w2` (`eval::MOBILITY` = 25; 10
//!   before);
//! - Omweso: seed difference × 100, pits with 2 or more seeds difference × `w1` (default
//!   20), exposed inner seeds difference × −`w2` (default 10).
//!
//! (Alpha-beta's choices do not change when every weight is multiplied by the same
//! number, so one weight is the unit.) SPSA (simultaneous perturbation stochastic
//! approximation) tunes `w1` and `w2`: at iteration `k` a random sign vector `Δ` makes two
//! players `θ + c_k Δ` and `θ − c_k Δ`, which play a pair of games from one random
//! opening (`--opening-plies` random plies, default 4), each colour once, alpha-beta at
//! fixed `--depth` (default 4) on both sides; with `r` the first player's points minus
//! the second's (−2 to 2), `θ += a_k r Δ`. The gains are `c_k = c / (k + 1)^0.101` and
//! `a_k = a / (k + 1 + A)^0.602` (Spall's exponents; `c` = 10, `a` = 8, `A` = K/10),
//! and weights are kept between 0 and 400. Everything is seeded (`--seed`): the same
//! command gives the same weights.
//!
//! Then the tuned weights play `--check-games N` games (default 400: N/2 openings of
//! their own, never those of the tuning, each with both colours) against the defaults
//! (or `--against W1,W2`) at `--check-depth` (default the same depth), and the example prints the score and the Elo difference with its
//! 95% interval (the maximum-likelihood Elo model of `mancala::runtime::elo`).

mod common;

use common::weights;

use std::process::ExitCode;

use clap::Parser;
use common::cli::VariantArgs;
use indicatif::{ProgressBar, ProgressStyle};
use mancala::runtime::game::illegal;
use mancala::runtime::{AnyGame, EngineError, Error, GameKind, GameRecord, Variant, Visitor, elo};
use mancala::search::score::Score;
use mancala::search::{AlphaBeta, AlphaBetaOptions, Engine, Limits, RandomPlayer};
use mancala::{Player, Position, Status};

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
    /// Games of the tuned weights against the defaults (an even number; 0 skips)
    #[arg(long, value_name = "N", default_value_t = 400)]
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
const LIMIT: f64 = 400.0;

/// The tuned weights `w1`, `w2` in hundredths of a seed (see the module).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Weights([f64; 2]);

impl Weights {
    /// The weights of `eval::board_eval` for a board with `rows` rows a player.
    fn default_for(rows: u8) -> Weights {
        Weights(weights::default_weights(rows).map(f64::from))
    }

    fn rounded(self) -> [Score; 2] {
        self.0.map(|w| w.round() as Score)
    }
}

/// One game between weights `a` (South in even games) and `b`; `a`'s points (1, ½, 0).
struct Duel {
    a: [Score; 2],
    b: [Score; 2],
    depth: u32,
    opening_plies: u32,
    /// Seeds the opening; the colours are swapped by `a_south`.
    opening_seed: u64,
    a_south: bool,
    max_plies: u64,
}

impl Visitor for Duel {
    type Output = Result<f64, Error>;

    fn visit<G: GameRecord>(self, _: &Variant, game: &G) -> Result<f64, Error> {
        let mut game = game.clone();
        let none = || Error::from(EngineError::NoMove);
        let (wa, wb) = (self.a, self.b);
        let options = AlphaBetaOptions {
            table_bits: 14,
            ..AlphaBetaOptions::default()
        };
        let limits = Limits::depth(self.depth);
        let ea = move |p: &G::Position| weights::evaluate(&p.board(), wa);
        let eb = move |p: &G::Position| weights::evaluate(&p.board(), wb);
        let mut a = AlphaBeta::with_evaluator(ea, limits, options);
        let mut b = AlphaBeta::with_evaluator(eb, limits, options);
        let mut opening = RandomPlayer::new(self.opening_seed);
        let mut plies = 0;
        for _ in 0..self.opening_plies {
            if game.status().is_finished() {
                break;
            }
            let m = opening.choose(&game).ok_or_else(none)?;
            let before = game.position().clone();
            game.play(m).map_err(|e| illegal(&before, m, e))?;
            plies += 1;
        }
        let a_side = if self.a_south {
            Player::South
        } else {
            Player::North
        };
        while !game.status().is_finished() && plies < self.max_plies {
            let m = if game.position().side_to_move() == a_side {
                a.choose(&game)
            } else {
                b.choose(&game)
            }
            .ok_or_else(none)?;
            let before = game.position().clone();
            game.play(m).map_err(|e| illegal(&before, m, e))?;
            plies += 1;
        }
        Ok(match game.status() {
            Status::Over(o) => match o.winner {
                Some(w) if w == a_side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            _ => 0.5,
        })
    }
}

/// SplitMix64, for the signs and the openings' seeds.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn bar(len: u64, what: &str) -> common::Result<ProgressBar> {
    let bar = ProgressBar::new(len);
    bar.set_style(ProgressStyle::with_template(&format!(
        "{{bar:40}} {{pos}}/{{len}} {what}  {{elapsed_precise}}  {{msg}}"
    ))?);
    Ok(bar)
}

fn run(cli: &Cli) -> common::Result {
    let start: AnyGame = cli.variant.game(cli.game)?;
    let rows = start.board().rows_per_player;
    let default = Weights::default_for(rows);
    let mut theta = cli.from_weights.unwrap_or(default);
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
    let duel = |a: [Score; 2], b: [Score; 2], opening_seed: u64, a_south: bool| Duel {
        a,
        b,
        depth: cli.depth,
        opening_plies: cli.opening_plies,
        opening_seed,
        a_south,
        max_plies: cli.max_plies,
    };
    let (c, a, big_a) = (10.0, 8.0, cli.iterations as f64 / 10.0);
    let mut rng = cli.seed ^ 0x7475_6E65;
    let progress = bar(cli.iterations, "iterations")?;
    for k in 0..cli.iterations {
        let ck = c / ((k + 1) as f64).powf(0.101);
        let ak = a / ((k + 1) as f64 + big_a).powf(0.602);
        let r = splitmix(&mut rng);
        let delta = [
            if r & 1 == 0 { 1.0 } else { -1.0 },
            if r & 2 == 0 { 1.0 } else { -1.0 },
        ];
        let plus = Weights([theta.0[0] + ck * delta[0], theta.0[1] + ck * delta[1]]).rounded();
        let minus = Weights([theta.0[0] - ck * delta[0], theta.0[1] - ck * delta[1]]).rounded();
        // Tuning openings: odd seeds of the stream; checking openings below: another stream.
        let opening = splitmix(&mut rng) | 1;
        let mut points = 0.0;
        for a_south in [true, false] {
            points += start.visit(duel(plus, minus, opening, a_south))?;
        }
        let result = points * 2.0 - 2.0; // plus's points minus minus's: -2 to 2
        for (t, d) in theta.0.iter_mut().zip(delta) {
            *t = (*t + ak * result * d).clamp(0.0, LIMIT);
        }
        progress.set_message(format!("{:.1}, {:.1}", theta.0[0], theta.0[1]));
        progress.inc(1);
    }
    progress.finish_and_clear();
    let tuned = theta.rounded();
    println!(
        "tuned: {} {}, {} {} (defaults {}, {})",
        names[0], tuned[0], names[1], tuned[1], default.0[0], default.0[1]
    );
    if cli.check_games == 0 {
        return Ok(());
    }
    let check_depth = cli.check_depth.unwrap_or(cli.depth);
    let against = cli.against.unwrap_or(default).rounded();
    let pairs = cli.check_games.div_ceil(2);
    let progress = bar(pairs * 2, "check games")?;
    let mut results = elo::Results::new(2);
    let (mut w, mut d, mut l) = (0, 0, 0);
    let mut stream = cli.seed ^ 0x6368_6563_6B00;
    for _ in 0..pairs {
        // Even seeds: never an opening of the tuning (odd seeds).
        let opening = splitmix(&mut stream) & !1;
        for a_south in [true, false] {
            let s = start.visit(Duel {
                depth: check_depth,
                ..duel(tuned, against, opening, a_south)
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
        "tuned against {},{} at depth {check_depth}: {n} games ({pairs} openings of their own, both colours), +{w} ={d} -{l}, score {:.1}%, Elo {} (95% interval)",
        against[0],
        against[1],
        100.0 * (f64::from(w) + 0.5 * f64::from(d)) / n as f64,
        fit.ratings[0].show()
    );
    Ok(())
}

fn main() -> ExitCode {
    common::quiet_on_closed_pipe();
    common::exit_code(run(&Cli::parse()))
}
