//! Engine-against-engine tables per game with the standard evaluation, every game played
//! through its own record (so Urim's and Rio Kadalis's repetition rules end games) (release
//! build): `cargo run --release -p mancala-search --example strength -- [games] [pairs…]`
//!
//! Each pair is `engine/opponent` in spec form (default: `alphabeta:4/random`,
//! `alphabeta:4/greedy`); colours alternate and each opening of 2 random plies is played
//! with both colours. A game still going after 1000 plies counts as a draw.
//! `wins:<spec>` is the engine counting every win as 1 point (win/loss only).

use std::time::{Duration, Instant};

use mancala_core::record::Record;
use mancala_core::{Player, Position, Status};
use mancala_search::eval::Static;
use mancala_search::spec::{AnyEngine, from_spec_threaded};
use mancala_search::{Engine, RandomPlayer, Utility};

/// The engine of `spec`; `wins:<spec>` counts every win as 1 point (the utility of a
/// match where both players need one point: win/loss only), to measure what counting
/// game points is worth.
fn engine<R: Record + Send + Sync>(spec: &str, seed: u64) -> AnyEngine<R, Static>
where
    mancala_core::record::MoveOf<R>: Send + Sync,
{
    let (wins, spec) = match spec.strip_prefix("wins:") {
        Some(rest) => (true, rest),
        None => (false, spec),
    };
    let mut e = from_spec_threaded::<R, _>(spec, Static, seed).unwrap();
    if wins {
        e.set_utility(Utility::match_needs(1, 1));
    }
    e
}

fn table<R: Record + Send + Sync>(
    name: &str,
    start: R::Position,
    games: u64,
    pairs: &[(String, String)],
) where
    mancala_core::record::MoveOf<R>: Send + Sync,
{
    for (a, b) in pairs {
        let (mut w, mut d, mut l, mut pf, mut pa, mut plies, mut annulled) =
            (0, 0, 0, 0u32, 0u32, 0u64, 0);
        let mut time = Duration::ZERO;
        for g in 0..games {
            let mut engines = [engine::<R>(a, g), engine::<R>(b, g ^ 0x5555)];
            let mut game = R::new(start.clone());
            let mut opening = RandomPlayer::new((g / 2).wrapping_mul(0x9E37_79B9));
            for _ in 0..2 {
                if let Some(m) = opening.choose(&game) {
                    game.play_unchecked(m);
                }
            }
            let first = if g % 2 == 0 {
                Player::South
            } else {
                Player::North
            };
            let mut n = 0;
            let t = Instant::now();
            while !game.is_finished() && n < 1000 {
                let who = usize::from(game.position().side_to_move() != first);
                let m = engines[who].choose(&game).unwrap();
                game.play_unchecked(m);
                n += 1;
            }
            time += t.elapsed();
            plies += n;
            match game.status() {
                Status::Over(o) if o.winner == Some(first) => {
                    w += 1;
                    pf += u32::from(o.points);
                }
                Status::Over(o) if o.winner.is_some() => {
                    l += 1;
                    pa += u32::from(o.points);
                }
                Status::Annulled => {
                    annulled += 1;
                    d += 1;
                }
                _ => d += 1,
            }
        }
        println!(
            "| {name} | {a} | {b} | {w} | {d} | {l} | {pf}-{pa} | {:.1}% | {:.0} | {annulled} | {:.1} s |",
            100.0 * (w as f64 + 0.5 * d as f64) / games as f64,
            plies as f64 / games as f64,
            time.as_secs_f64()
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map_or(100, |s| s.parse().expect("games"));
    let mut pairs: Vec<(String, String)> = args
        .map(|s| {
            let (a, b) = s.split_once('/').expect("engine/opponent");
            (a.to_string(), b.to_string())
        })
        .collect();
    if pairs.is_empty() {
        pairs = vec![
            ("alphabeta:4".into(), "random".into()),
            ("alphabeta:4".into(), "greedy".into()),
        ];
    }
    println!(
        "| game | engine | opponent | wins | draws | losses | points | score | plies/game | annulled | time |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    table::<urim::Game<6>>("urim", urim::Urim6::new(), games, &pairs);
    table::<omweso::Game>("omweso", omweso::Omweso::new(), games, &pairs);
    table::<rio_kadalis::Game>(
        "rio-kadalis",
        rio_kadalis::RioKadalis::<6>::new(),
        games,
        &pairs,
    );
    table::<oware::Game>("oware", oware::Oware::new(), games, &pairs);
}
