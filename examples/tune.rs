//! Fits the weights of the static evaluation by self-play (SPSA), then measures the
//! tuned weights against the defaults in Elo with a 95% interval.
//!
//! ```text
//! cargo run --release --example tune -- <GAME> [game options] [--depth D]
//!     [--iterations K] [--check-games N] [--check-depth D] [--opening-plies P]
//!     [--seed S] [--from-weights W1,W2]
//! ```
//!
//! The standard evaluation (`mancala_search::eval::board_eval`, `docs/engine.md`) has
//! three terms a game, with the first one's weight fixed at 1 seed (100) as the unit:
//!
//! - one row a player (Urim, Oware, Rio Kadalis, Kalah): store (or captures) difference
//!   × 100, row seeds difference × `w1` (default 50), movable pits difference × `w2`
//!   (default 10);
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
//! at `--check-depth` (default the same depth), and the example prints the score and the Elo difference with its
//! 95% interval (the maximum-likelihood Elo model of `common/elo.rs`).

mod common;
#[path = "common/elo.rs"]
mod elo;

use std::process::ExitCode;

use clap::Parser;
use common::cli::VariantArgs;
use common::{GameName, Runner};
use indicatif::{ProgressBar, ProgressStyle};
use mancala::record::Record;
use mancala::search::score::{SEED, Score};
use mancala::search::{AlphaBeta, AlphaBetaOptions, Engine, Limits, RandomPlayer};
use mancala::{Board, Player, Position, Status};

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
    /// The game
    #[arg(value_enum)]
    game: GameName,
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
    #[arg(long, value_name = "W1,W2", value_parser = weights)]
    from_weights: Option<Weights>,
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

fn weights(text: &str) -> Result<Weights, String> {
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
        if rows == 2 {
            Weights([20.0, 10.0])
        } else {
            Weights([50.0, 10.0])
        }
    }

    fn rounded(self) -> [Score; 2] {
        self.0.map(|w| w.round() as Score)
    }
}

/// The standard evaluation's terms, each as "own minus the opponent's", for the player
/// to move: `[unit term, w1 term, w2 term]`, plus the seeds in hand (counted at 1 seed).
/// The terms are those of `eval::two_row_eval` and `eval::omweso_eval`; with the default
/// weights [`evaluate`] gives `board_eval` exactly (tested).
fn features(board: &Board) -> ([Score; 3], Score) {
    let me = board.to_move;
    let in_hand = Score::from(board.in_hand);
    match board.rows_per_player {
        1 => {
            let side = |p: Player| {
                board.pits[p]
                    .iter()
                    .fold((0, 0), |(seeds, movable), pit| match pit {
                        Some(n) if *n > 0 => (seeds + Score::from(*n), movable + 1),
                        _ => (seeds, movable),
                    })
            };
            let stores = board.stores.unwrap_or_default();
            let ((s0, m0), (s1, m1)) = (side(me), side(me.opponent()));
            (
                [
                    Score::from(stores[me]) - Score::from(stores[me.opponent()]),
                    s0 - s1,
                    m0 - m1,
                ],
                in_hand,
            )
        }
        2 => {
            let circuit = |p: Player| {
                let mut c = [0u8; 16];
                for (seeds, pit) in c.iter_mut().zip(board.pits[p].iter()) {
                    *seeds = pit.unwrap_or(0);
                }
                c
            };
            let (own, opp) = (circuit(me), circuit(me.opponent()));
            let seeds = |s: &[u8; 16]| s.iter().map(|&n| Score::from(n)).sum::<Score>();
            let movable = |s: &[u8; 16]| s.iter().filter(|&&n| n >= 2).count() as Score;
            let exposed = |a: &[u8; 16], b: &[u8; 16]| {
                (0..8)
                    .filter(|&k| b[7 - k] > 0 && b[15 - k] > 0)
                    .map(|k| Score::from(a[k]))
                    .sum::<Score>()
            };
            (
                [
                    seeds(&own) - seeds(&opp),
                    movable(&own) - movable(&opp),
                    -(exposed(&own, &opp) - exposed(&opp, &own)),
                ],
                in_hand,
            )
        }
        _ => ([0; 3], in_hand),
    }
}

/// The evaluation with weights `w` (hundredths of a seed), as `board_eval` computes it:
/// integer divisions like its `SEED / 2`, `SEED / 10`, `SEED / 5` (exact for the
/// defaults).
fn evaluate(board: &Board, w: [Score; 2]) -> Score {
    let ([f0, f1, f2], in_hand) = features(board);
    f0 * SEED + f1 * w[0] + f2 * w[1] + in_hand * SEED
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

impl Runner for Duel {
    type Output = f64;

    fn run<G: Record + 'static>(self, mut game: G) -> Result<f64, String> {
        let (wa, wb) = (self.a, self.b);
        let options = AlphaBetaOptions {
            table_bits: 14,
            ..AlphaBetaOptions::default()
        };
        let limits = Limits::depth(self.depth);
        let ea = move |p: &G::Position| evaluate(&p.board(), wa);
        let eb = move |p: &G::Position| evaluate(&p.board(), wb);
        let mut a = AlphaBeta::with_evaluator(ea, limits, options);
        let mut b = AlphaBeta::with_evaluator(eb, limits, options);
        let mut opening = RandomPlayer::new(self.opening_seed);
        let mut plies = 0;
        for _ in 0..self.opening_plies {
            if game.status().is_finished() {
                break;
            }
            let m = opening.choose(&game).ok_or("no move in an ongoing game")?;
            common::play(&mut game, m)?;
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
            .ok_or("no move in an ongoing game")?;
            common::play(&mut game, m)?;
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

/// Reads the number of rows per player of the game's start.
struct Rows;

impl Runner for Rows {
    type Output = u8;

    fn run<G: Record + 'static>(self, game: G) -> Result<u8, String> {
        Ok(game.position().board().rows_per_player)
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

fn bar(len: u64, what: &str) -> Result<ProgressBar, String> {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {what}  {{elapsed_precise}}  {{msg}}"
        ))
        .map_err(|e| e.to_string())?,
    );
    Ok(bar)
}

fn run(cli: &Cli) -> Result<(), String> {
    let variant = cli.variant.variant();
    let rows = common::dispatch(cli.game, &variant, Rows)?;
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
            points += common::dispatch(cli.game, &variant, duel(plus, minus, opening, a_south))?;
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
    let pairs = cli.check_games.div_ceil(2);
    let progress = bar(pairs * 2, "check games")?;
    let mut results = elo::Results::new(2);
    let (mut w, mut d, mut l) = (0, 0, 0);
    let mut stream = cli.seed ^ 0x6368_6563_6B00;
    for _ in 0..pairs {
        // Even seeds: never an opening of the tuning (odd seeds).
        let opening = splitmix(&mut stream) & !1;
        for a_south in [true, false] {
            let s = common::dispatch(
                cli.game,
                &variant,
                Duel {
                    depth: check_depth,
                    ..duel(tuned, default.rounded(), opening, a_south)
                },
            )?;
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
        "tuned against default at depth {check_depth}: {n} games ({pairs} openings of their own, both colours), +{w} ={d} -{l}, score {:.1}%, Elo {} (95% interval)",
        100.0 * (f64::from(w) + 0.5 * f64::from(d)) / n as f64,
        fit.ratings[0].show()
    );
    Ok(())
}

fn main() -> ExitCode {
    common::exit_code(run(&Cli::parse()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala::search::eval::board_eval;
    use mancala::search::{Engine, RandomPlayer};

    /// `evaluate` with the default weights is `board_eval`, on the positions of random
    /// games of every game.
    struct Same;

    impl Runner for Same {
        type Output = usize;

        fn run<G: Record + 'static>(self, mut game: G) -> Result<usize, String> {
            let rows = game.position().board().rows_per_player;
            let w = Weights::default_for(rows).rounded();
            let mut checked = 0;
            for seed in 0..20 {
                let mut g = game.clone();
                let mut r = RandomPlayer::new(seed);
                while !g.status().is_finished() && g.moves().len() < 300 {
                    let b = g.position().board();
                    assert_eq!(evaluate(&b, w), board_eval(&b), "{b:?}");
                    checked += 1;
                    let m = r.choose(&g).unwrap();
                    common::play(&mut g, m)?;
                }
            }
            game.reset(game.start().clone());
            Ok(checked)
        }
    }

    #[test]
    fn the_default_weights_are_the_standard_evaluation() {
        for game in [
            GameName::Urim,
            GameName::Omweso,
            GameName::RioKadalis,
            GameName::Oware,
            GameName::Kalah,
        ] {
            let n = common::dispatch(game, &common::Variant::default(), Same).unwrap();
            assert!(n > 100, "{game}: {n} positions");
        }
    }

    #[test]
    fn the_features_of_a_hand_made_board() {
        // South to move; stores 5 vs 2, rows 3 (one movable pit) vs 3 (three).
        let b = Board::two_rows(
            [Some(3), Some(0), None],
            [Some(1), Some(1), Some(1)],
            Some(mancala::ByPlayer::new(5, 2)),
            Player::South,
        );
        assert_eq!(features(&b), ([3, 0, -2], 0));
        assert_eq!(evaluate(&b, [50, 10]), 300 - 20);
        assert_eq!(evaluate(&b, [0, 100]), 300 - 200);
    }

    #[test]
    fn weights_are_read_and_refused() {
        assert_eq!(weights("40, 5").unwrap(), Weights([40.0, 5.0]));
        assert!(weights("40").is_err());
        assert!(weights("40,500").unwrap_err().contains("from 0 to 400"));
        assert!(weights("a,b").is_err());
    }
}
