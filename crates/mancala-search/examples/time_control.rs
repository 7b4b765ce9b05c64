//! How far past its time limit a time-limited search returns, per game
//! (release build): `cargo run --release -p mancala-search --example time_control --
//! [ms] [positions]`.
//!
//! For every game, `positions` game records (the start and random games of 0 to 59
//! plies; for Omweso also the 64 middlegames of `benches/omweso_middlegames.txt` and the
//! position of the slowest endless move known) are searched by `alphabeta:<ms>ms`
//! and `mcts:<ms>ms`; the overshoot is the search's wall-clock time minus the limit.
//! Prints the median and the largest overshoot per game and engine. Run it on a quiet
//! machine: a loaded one adds its own delays.

mod common;

use std::time::{Duration, Instant};

use mancala_core::record::Record;
use mancala_search::Engine;
use mancala_search::eval::Static;
use mancala_search::spec::from_spec;

/// The records searched: 0 to 59 random moves from the start.
fn games<R: Record>(start: &R::Position, n: u64) -> Vec<R> {
    common::openings(start, n, 7, 60)
}

fn report<R: Record>(name: &str, gs: &[R], ms: u64) {
    for engine in ["alphabeta", "mcts"] {
        let spec = format!("{engine}:{ms}ms");
        let mut e = from_spec::<R, _>(&spec, Static, 1).unwrap();
        let limit = Duration::from_millis(ms);
        let mut over: Vec<f64> = gs
            .iter()
            .map(|g| {
                let t = Instant::now();
                e.search(g);
                (t.elapsed().as_secs_f64() - limit.as_secs_f64()) * 1e3
            })
            .collect();
        over.sort_by(f64::total_cmp);
        println!(
            "{name:<12} {spec:<16} {:>3} positions: overshoot median {:>6.2} ms, max {:>6.2} ms",
            over.len(),
            over[over.len() / 2],
            over[over.len() - 1]
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ms = args.first().map_or(100, |a| a.parse().expect("ms"));
    let n = args.get(1).map_or(40, |a| a.parse().expect("positions"));
    report::<urim::Game<6>>("urim", &games(&urim::Urim6::new(), n), ms);
    report::<oware::Game>("oware", &games(&oware::Oware::new(), n), ms);
    report::<rio_kadalis::Game>(
        "rio-kadalis",
        &games(&rio_kadalis::RioKadalis::<6>::new(), n),
        ms,
    );
    let mut om = games::<omweso::Game>(&omweso::Omweso::new(), n);
    for line in include_str!("../benches/omweso_middlegames.txt").lines() {
        let text = line.split('#').next().unwrap().trim();
        if !text.is_empty() {
            om.push(omweso::Game::new(text.parse().unwrap()));
        }
    }
    // Move e here is endless after 1.7 billion laps: a search that walked it
    // to its proof would take seconds.
    let slow: omweso::Omweso =
        "2,1,8,0,2,3,14,0/7,0,5,0,1,0,2,12/0,1,1,0,0,0,0,0/0,1,0,1,1,0,1,1 S snc 5-3"
            .parse()
            .unwrap();
    om.push(omweso::Game::new(slow));
    report::<omweso::Game>("omweso", &om, ms);
}
