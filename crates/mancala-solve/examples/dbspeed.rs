//! Measures the database build's speed: builds the database of one seed count with the
//! lower ones mapped from files, and prints its boards and the CPU time (user + system,
//! from `/proc/self/stat`) the build of that one table took.
//!
//! ```text
//! cargo run --release -p mancala-solve --example dbspeed -- kalah|urim SEEDS LOWER_DIR OUT_DIR
//! ```
//!
//! `LOWER_DIR` holds the databases of fewer seeds (built there first if missing); the new
//! one is written to `OUT_DIR` (to compare byte for byte with another build). It uses
//! only the crate's public API of commit 4148a29, so that the same file measures the
//! old and the new build side by side (`docs/performance.md`); the newer names of
//! those calls would not compile against the old commit, hence the deprecated ones.

#![allow(deprecated)]

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use mancala_solve::SolveGame;
use mancala_solve::build::{build_mapped, solve_table};
use mancala_solve::db::{Databases, Table};
use mancala_solve::kalah::{KalahGame, Rules};
use mancala_solve::retro;
use mancala_solve::urim::UrimGame;

/// This process's CPU seconds (user + system), from `/proc/self/stat`.
fn cpu_seconds() -> Result<f64, String> {
    let stat = std::fs::read_to_string("/proc/self/stat").map_err(|e| e.to_string())?;
    // The fields after the command's closing parenthesis start at field 3 (the
    // state); utime and stime are fields 14 and 15, in clock ticks (100 a second).
    let rest = stat.rsplit_once(')').ok_or("bad /proc/self/stat")?.1;
    let f: Vec<&str> = rest.split_whitespace().collect();
    let tick = |i: usize| -> Result<f64, String> {
        f.get(i)
            .and_then(|s| s.parse::<f64>().ok())
            .ok_or_else(|| "bad /proc/self/stat".to_string())
    };
    Ok((tick(11)? + tick(12)?) / 100.0)
}

fn measure<G: SolveGame>(game: &G, seeds: u32, lower: &Path, out: &Path) -> Result<(), String> {
    let mut dbs = Databases::new(game, seeds).map_err(|e| e.to_string())?;
    // SAFETY: the files of LOWER_DIR do not change while this runs.
    #[allow(unsafe_code)]
    unsafe { build_mapped(game, &mut dbs, seeds - 1, lower, false, |_| {}) }
        .map_err(|e| e.to_string())?;
    let (c0, t0) = (cpu_seconds()?, Instant::now());
    let table = if game.cycles() {
        retro::solve_table(game, &dbs, seeds, false)
            .map_err(|e| e.to_string())?
            .0
    } else {
        solve_table(game, &dbs, seeds, false).map_err(|e| e.to_string())?
    };
    let (cpu, wall) = (cpu_seconds()? - c0, t0.elapsed().as_secs_f64());
    let boards = dbs.ranker().count(seeds);
    dbs.push(Table::Memory(table)).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(out).map_err(|e| e.to_string())?;
    dbs.save(out, seeds).map_err(|e| e.to_string())?;
    println!(
        "{} {seeds} seeds: {boards} boards, {cpu:.2} CPU s, {wall:.2} s, {:.3} M boards per CPU s",
        game.name(),
        boards as f64 / cpu.max(0.01) / 1e6
    );
    Ok(())
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, seeds, lower, out] = args.as_slice() else {
        return Err("usage: dbspeed kalah|urim SEEDS LOWER_DIR OUT_DIR".into());
    };
    let seeds: u32 = match seeds.parse() {
        Ok(s) if s > 0 => s,
        _ => return Err(format!("bad seed count {seeds:?}: a number from 1")),
    };
    let (lower, out) = (Path::new(lower), Path::new(out));
    match game.as_str() {
        "kalah" => measure(&KalahGame::new(Rules::default()), seeds, lower, out),
        "urim" => measure(&UrimGame::<6>::new(), seeds, lower, out),
        _ => Err(format!("unknown game {game:?}: kalah or urim")),
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dbspeed: {e}");
            ExitCode::FAILURE
        }
    }
}
