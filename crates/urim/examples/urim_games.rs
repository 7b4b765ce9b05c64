//! Plays complete random games through the game record (rule 6 included) and reports
//! games/s and plies/s: `cargo run --release -p urim --features alloc --example
//! urim_games -- [games] [pits] [seeds]`. The games are seeded (SplitMix64), so the
//! work is the same on every run; the record is reused with [`Record::reset`].

use std::time::Instant;

use urim::{Game, Player, Record, Urim};

// SplitMix64 with a multiply-shift draw, the generator of the criterion benches.
use mancala_testkit::Rng;

fn run<const N: usize>(games: u64, seeds: u8) {
    let start = Urim::<N>::start_with(seeds, Player::South).expect("3 or 4 seeds");
    let mut rng = Rng::new(1);
    let mut game = Game::new(start);
    let (mut plies, mut repeated) = (0u64, 0u64);
    let t = Instant::now();
    for _ in 0..games {
        game.reset(start);
        loop {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play_unchecked(moves[rng.below_fast(moves.len())]);
        }
        plies += game.moves().len() as u64;
        repeated += u64::from(game.is_repetition());
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "2x{N}/{seeds}: {games} games ({repeated} by repetition), {plies} plies in {s:.3} s: \
         {:.0} games/s, {:.1} M plies/s, {:.1} plies/game",
        games as f64 / s,
        plies as f64 / s / 1e6,
        plies as f64 / games as f64
    );
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let games = args.first().copied().unwrap_or(1_000_000);
    let pits = args.get(1).copied().unwrap_or(6);
    let seeds = args.get(2).copied().unwrap_or(3) as u8;
    match pits {
        6 => run::<6>(games, seeds),
        7 => run::<7>(games, seeds),
        _ => eprintln!("pits: 6 or 7"),
    }
}
