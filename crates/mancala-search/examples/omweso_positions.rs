//! Omweso middlegame positions from engine self-play, for measuring the search's speed
//! (`benches/omweso_middlegames.txt`, `docs/performance.md`):
//!
//! ```text
//! cargo run --release -p mancala-search --example omweso_positions -- [games] > crates/mancala-search/benches/omweso_middlegames.txt
//! ```
//!
//! Each game starts from the standard start with 4 to 11 random plies (seeded: the
//! game's number), then alpha-beta plays both sides at 50,000 nodes a move to the end of
//! the game. A move that would annul the game (an endless move, as the search sees it)
//! is not played: the game stops there. The middlegame positions of a game are those
//! between turns (no paused decision), from 4 plies after its random opening, that the
//! engine's search there did not find decided (no forced win or loss in its horizon);
//! one is kept from each game that has at least 4, drawn from the middle half of them. The output is the same for the same
//! arguments on any machine (the engines are limited by nodes, not time).

use mancala_core::cycle::{MemoStats, SearchMemo};
use mancala_core::record::Record;
use mancala_core::{Position, Status};
use mancala_search::score::is_decisive;
use mancala_search::{AlphaBeta, Engine, Limits};
use omweso::{Game, Omweso};
use rand::{Rng, SeedableRng};

/// Whether `m` would annul the game, as the search sees it (taken as endless, proven
/// or not): such a move is not played, since proving it exactly can take seconds.
fn annuls(p: &Omweso, m: omweso::Move) -> bool {
    let mut q = *p;
    let mut stats = MemoStats::default();
    q.play_in_search(
        m,
        &mut SearchMemo::new(
            &mut [],
            &mut stats,
            mancala_search::alphabeta::ENDLESS_AFTER,
        ),
    );
    q.status() == Status::Annulled
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(64);
    let mut engine = AlphaBeta::new(Limits::nodes(50_000));
    println!(
        "# Omweso middlegames from engine self-play: <position>  # game <seed>, ply <n> of <plies>"
    );
    println!("# cargo run --release -p mancala-search --example omweso_positions -- {games}");
    let mut kept = 0;
    let mut seed = 0;
    while kept < games {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::new(Omweso::new());
        let random_plies = 4 + seed % 8;
        // Positions between turns after the random opening: (ply, position).
        let mut candidates = Vec::new();
        let mut ply = 0u64;
        while !game.is_finished() {
            let p = *game.position();
            let m = if ply < random_plies {
                let moves: Vec<_> = p
                    .legal_moves()
                    .into_iter()
                    .filter(|&m| !annuls(&p, m))
                    .collect();
                if moves.is_empty() {
                    break;
                }
                moves[rng.random_range(0..moves.len())]
            } else {
                let r = engine.search(&game);
                // A middlegame: between turns, past the opening, and not yet decided
                // as far as the engine sees.
                if ply >= random_plies + 4 && p.pending().is_none() && !is_decisive(r.score) {
                    candidates.push((ply, p));
                }
                match r.best {
                    Some(m) if !annuls(&p, m) => m,
                    _ => break,
                }
            };
            game.play_unchecked(m);
            ply += 1;
        }
        // One position from the middle half of the game's candidates.
        let n = candidates.len();
        if n >= 4 {
            let (ply, p) = candidates[rng.random_range(n / 4..n - n / 4)];
            println!("{p}  # game {seed}, ply {ply} of {}", game.moves().len());
            kept += 1;
        }
        seed += 1;
    }
}
