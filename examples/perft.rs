//! Perft: counts the leaves of the game tree.
//!
//! ```text
//! cargo run --release --example perft -- <game> <depth> [--from "<notation>"] [--divide] [variant flags]
//! ```
//!
//! With `--divide`, one line `<move>: <nodes>` per legal move; the last line is always
//! `perft <depth> <nodes>`.

mod common;

use std::process::ExitCode;

use common::Runner;
use mancala::perft::{perft, perft_divide};
use mancala::record::Record;

struct Perft {
    depth: u32,
    divide: bool,
}

impl Runner for Perft {
    type Output = ();
    fn run<G: Record>(self, start: G) -> Result<(), String> {
        let p = start.position();
        let total = if self.divide {
            perft_divide(p, self.depth, |m, n| println!("{m}: {n}"))
        } else {
            perft(p, self.depth)
        };
        println!("perft {} {total}", self.depth);
        Ok(())
    }
}

fn run() -> Result<(), String> {
    let args = common::Args::parse(std::env::args().skip(1), &[], &["divide"])?;
    let [depth] = args.positional.as_slice() else {
        return Err(
            "usage: perft <game> <depth> [--from \"<notation>\"] [--divide] [variant flags]".into(),
        );
    };
    let depth = depth
        .parse()
        .map_err(|_| format!("depth {depth:?} is not a number"))?;
    let divide = args.switch("divide");
    common::dispatch(&args.game, &args.variant, Perft { depth, divide })
}

fn main() -> ExitCode {
    common::exit_code(run())
}
