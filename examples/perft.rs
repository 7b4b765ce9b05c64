//! Perft: counts the leaves of the game tree.
//!
//! ```text
//! cargo run --release --example perft -- <GAME> <DEPTH> [--divide] [game options]
//! ```
//!
//! With `--divide`, one line `<move>: <nodes>` per legal move; the last line is always
//! `perft <depth> <nodes>`. `--help` lists the options.

mod common;

use std::process::ExitCode;

use clap::Parser;
use common::cli::VariantArgs;
use common::{GameName, Runner};
use mancala::perft::{perft, perft_divide};
use mancala::record::Record;

/// Counts the leaves of the game tree to a depth (perft), from the start or a position.
#[derive(Parser, Debug)]
#[command(
    name = "perft",
    after_help = "Examples:\n  \
        cargo run --release --example perft -- urim 8\n  \
        cargo run --release --example perft -- urim 3 --divide --pits 7 --seeds 4\n  \
        cargo run --release --example perft -- kalah 10\n\n\
        The last line is always `perft <depth> <nodes>`."
)]
struct Cli {
    /// The game
    #[arg(value_enum)]
    game: GameName,
    /// The depth in plies (every decision of a turn is a ply)
    depth: u32,
    /// One line `<move>: <nodes>` per legal move before the total
    #[arg(long)]
    divide: bool,
    #[command(flatten)]
    variant: VariantArgs,
}

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

fn main() -> ExitCode {
    let cli = Cli::parse();
    let perft = Perft {
        depth: cli.depth,
        divide: cli.divide,
    };
    common::exit_code(common::dispatch(cli.game, &cli.variant.variant(), perft))
}
