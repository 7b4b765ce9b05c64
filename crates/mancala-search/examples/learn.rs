//! Learns a [`PitTable`] evaluation from self-play and checks it against the standard
//! evaluation (release build):
//!
//! ```text
//! cargo run --release -p mancala-search --example learn -- GAME [games N] [nodes N]
//!     [opening-plies N] [epochs N] [rate X] [l2 X] [check-games N] [check-depth N]
//!     [seed N] [out FILE] [from FILE]
//! ```
//!
//! `GAME` is `oware`, `urim` or `kalah`. The self-play games (default 1000, alpha-beta of
//! `nodes` nodes a move, default 20 000, after `opening-plies` random plies, default 6)
//! are played with the standard evaluation, or with the table in `from FILE` (as `out`
//! writes it); the table is fitted from the standard evaluation's weights
//! ([`PitTable::linear`]); then `check-games` games (default 200: each opening from both
//! sides) at `check-depth` (default 8) play the learned table against the standard
//! evaluation, and the Elo difference is printed. `out FILE` writes the weights.

use std::time::Instant;

use mancala_core::record::Record;
use mancala_core::{Player, Position};
use mancala_search::eval::{MOBILITY, ROW_SEED, Static};
use mancala_search::learn::{
    FitOptions, PitTable, SelfPlay, ShowWeights, best_scale, fit, self_play,
};
use mancala_search::simple::RandomPlayer;
use mancala_search::{AlphaBeta, AlphaBetaOptions, Engine, Evaluator, Limits};

/// One game between evaluators `a` and `b` at `depth`, `a` South if `a_south`, after
/// `plies` random plies seeded by `seed`: `a`'s points.
fn game<R: Record>(
    start: &R,
    a: &impl Evaluator<R::Position>,
    b: &impl Evaluator<R::Position>,
    depth: u32,
    plies: u32,
    seed: u64,
    a_south: bool,
) -> f64 {
    let options = AlphaBetaOptions {
        table_bits: 16,
        ..AlphaBetaOptions::default()
    };
    let mut ea = AlphaBeta::with_evaluator(
        |p: &R::Position| a.evaluate(p),
        Limits::depth(depth),
        options,
    );
    let mut eb = AlphaBeta::with_evaluator(
        |p: &R::Position| b.evaluate(p),
        Limits::depth(depth),
        options,
    );
    let mut g = start.clone();
    let mut opening = RandomPlayer::new(seed);
    let a_side = if a_south {
        Player::South
    } else {
        Player::North
    };
    let mut n = 0;
    while !g.is_finished() && n < 1000 {
        let m = if n < plies {
            opening.choose(&g)
        } else if g.position().side_to_move() == a_side {
            ea.choose(&g)
        } else {
            eb.choose(&g)
        };
        let Some(m) = m else { break };
        g.play_unchecked(m);
        n += 1;
    }
    match g.outcome().and_then(|o| o.winner) {
        Some(w) if w == a_side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

fn run<R: Record>(start: R, args: &Args) {
    let base = PitTable::linear(ROW_SEED, MOBILITY);
    let player = args.from.as_ref().map(|f| {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        let w: Vec<i32> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .flat_map(|l| l.split(','))
            .filter_map(|x| x.trim().parse().ok())
            .collect();
        PitTable::from_weights(&w).unwrap_or_else(|| panic!("{f}: not a table"))
    });
    let play = SelfPlay {
        games: args.games,
        opening_plies: args.opening_plies,
        limits: Limits::nodes(args.nodes),
        max_plies: 600,
        seed: args.seed,
    };
    let t = Instant::now();
    let samples = match &player {
        Some(table) => self_play(&start, &play, table, |g| progress(g, args.games)),
        None => self_play(&start, &play, &Static, |g| progress(g, args.games)),
    };
    eprintln!();
    println!(
        "{} positions from {} games in {:.1} s",
        samples.len(),
        args.games,
        t.elapsed().as_secs_f64()
    );
    let scale = best_scale(&samples, &base);
    println!("scale {scale:.1}");
    let o = FitOptions {
        epochs: args.epochs,
        rate: args.rate,
        l2: args.l2,
        scale,
    };
    let t = Instant::now();
    let fitted = fit(&samples, player.as_ref().unwrap_or(&base), &o);
    println!(
        "loss {:.5} -> {:.5} in {:.1} s",
        fitted.loss_before,
        fitted.loss_after,
        t.elapsed().as_secs_f64()
    );
    if let Some(out) = &args.out {
        std::fs::write(out, ShowWeights(&fitted.table).to_string())
            .unwrap_or_else(|e| panic!("{out}: {e}"));
    }
    let mut points = 0.0;
    let n = args.check_games / 2;
    for i in 0..n {
        let seed = 1_000_003 + i;
        for a_south in [true, false] {
            points += game(
                &start,
                &fitted.table,
                &Static,
                args.check_depth,
                args.opening_plies,
                seed,
                a_south,
            );
        }
    }
    let games = (2 * n) as f64;
    let p = (points / games).clamp(0.001, 0.999);
    println!(
        "learned against standard at depth {}: {points} of {games} ({:.1}%), {:+.0} Elo",
        args.check_depth,
        100.0 * points / games,
        -400.0 * (1.0 / p - 1.0).log10()
    );
}

fn progress(g: u64, of: u64) {
    if (g + 1).is_multiple_of(50) {
        eprint!("\rgame {} of {of}", g + 1);
    }
}

struct Args {
    games: u64,
    nodes: u64,
    opening_plies: u32,
    epochs: u32,
    rate: f64,
    l2: f64,
    check_games: u64,
    check_depth: u32,
    seed: u64,
    out: Option<String>,
    from: Option<String>,
}

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    let usage = "learn GAME [games N] [nodes N] [opening-plies N] [epochs N] [rate X] [l2 X] [check-games N] [check-depth N] [seed N] [out FILE] [from FILE]";
    let game = all.first().expect(usage).clone();
    let mut a = Args {
        games: 1000,
        nodes: 20_000,
        opening_plies: 6,
        epochs: 300,
        rate: 2.0,
        l2: 1e-6,
        check_games: 200,
        check_depth: 8,
        seed: 1,
        out: None,
        from: None,
    };
    let mut it = all[1..].iter();
    while let Some(k) = it.next() {
        let v = it.next().expect(usage);
        let n = || -> u64 { v.parse().unwrap_or_else(|_| panic!("{k} {v}: {usage}")) };
        let x = || -> f64 { v.parse().unwrap_or_else(|_| panic!("{k} {v}: {usage}")) };
        match k.as_str() {
            "games" => a.games = n(),
            "nodes" => a.nodes = n(),
            "opening-plies" => a.opening_plies = n() as u32,
            "epochs" => a.epochs = n() as u32,
            "rate" => a.rate = x(),
            "l2" => a.l2 = x(),
            "check-games" => a.check_games = n(),
            "check-depth" => a.check_depth = n() as u32,
            "seed" => a.seed = n(),
            "out" => a.out = Some(v.clone()),
            "from" => a.from = Some(v.clone()),
            _ => panic!("{k}: {usage}"),
        }
    }
    match game.as_str() {
        "oware" => run(oware::Game::new(oware::Oware::new()), &a),
        "urim" => run(urim::Game::<6>::new(urim::Urim6::new()), &a),
        "kalah" => run(kalah::Game::new(kalah::Kalah::new()), &a),
        _ => panic!("{usage}"),
    }
}
