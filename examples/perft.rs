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
use mancala::runtime::GameKind;

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
    /// The game: urim, omweso, rio-kadalis, oware, kalah
    #[arg(value_parser = common::cli::game_name)]
    game: GameKind,
    /// The depth in plies (every decision of a turn is a ply)
    depth: u32,
    /// One line `<move>: <nodes>` per legal move before the total
    #[arg(long)]
    divide: bool,
    #[command(flatten)]
    variant: VariantArgs,
}

fn run(cli: &Cli) -> common::Result {
    let game = cli.variant.game(cli.game)?;
    let total = if cli.divide {
        game.perft_divide(cli.depth, |m, n| println!("{m}: {n}"))
    } else {
        game.perft(cli.depth)
    };
    println!("perft {} {total}", cli.depth);
    Ok(())
}

fn main() -> ExitCode {
    common::quiet_on_closed_pipe();
    common::exit_code(run(&Cli::parse()))
}
