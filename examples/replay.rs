//! Replays moves and prints each position and status.
//!
//! ```text
//! cargo run --release --example replay -- <GAME> [game options] <MOVE>...
//! ```
//!
//! One line per ply: `<move>\t<position after it>\t<status>`, where the status is
//! `ongoing`, `over <S>-<N> <S|N|draw> <points>` (Omweso: `over <S|N> <points>`) or
//! `annulled`. After a game-ending move the board is printed as that move left it;
//! after an endless move the position is the one from before it. A bad move or notation
//! prints an error to stderr and exits non-zero; so does a replay with no moves (there
//! is nothing to print). `--help` lists the options.

mod common;

use std::process::ExitCode;

use clap::Parser;
use common::cli::VariantArgs;
use common::{GameName, Runner};
use mancala::record::Record;

/// Replays moves from the start (or a position) and prints one line per ply.
#[derive(Parser, Debug)]
#[command(
    name = "replay",
    after_help = "Each line is `<move>\\t<position after it>\\t<status>`; the status is `ongoing`,\n\
        `over <S>-<N> <S|N|draw> <points>` (Omweso: `over <S|N> <points>`) or `annulled`.\n\n\
        Examples:\n  \
        cargo run --release --example replay -- urim a f b\n  \
        cargo run --release --example replay -- omweso --two-captures-first l m o"
)]
struct Cli {
    /// The game
    #[arg(value_enum)]
    game: GameName,
    /// The moves, in the game's notation (a pit letter; Omweso also `a-` clockwise, `m*`
    /// a split)
    #[arg(required = true, value_name = "MOVE")]
    moves: Vec<String>,
    #[command(flatten)]
    variant: VariantArgs,
}

struct Moves(Vec<String>);

impl Runner for Moves {
    type Output = ();
    fn run<G: Record>(self, mut game: G) -> Result<(), String> {
        for text in &self.0 {
            let m = common::parse_move(&game, text)?;
            common::play(&mut game, m)?;
            println!("{m}\t{}\t{}", common::notation(&game), game.status());
        }
        Ok(())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    common::exit_code(common::dispatch(
        cli.game,
        &cli.variant.variant(),
        Moves(cli.moves),
    ))
}
