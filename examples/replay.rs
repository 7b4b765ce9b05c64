//! Replays moves and prints each position and status.
//!
//! ```text
//! cargo run --release --example replay -- <GAME> [game options] <MOVE>...
//! cargo run --release --example replay -- --file <FILE>
//! ```
//!
//! One line per ply: `<move>\t<position after it>\t<status>`, where the status is
//! `ongoing`, `over <S>-<N> <S|N|draw> <points>` (Omweso: `over <S|N> <points>`) or
//! `annulled`; a paused Omweso turn prints with its fifth field (`docs/omweso.md`), which
//! `--from` reads. With `--file`, the moves of a game file (docs/game-files.md) from its
//! start, and the file's result is checked. After a game-ending move the board is printed as that move left it;
//! after an endless move the position is the one from before it. A bad move or notation
//! prints an error to stderr and exits non-zero; so does a replay with no moves (there
//! is nothing to print). `--help` lists the options.

mod common;

use std::process::ExitCode;

use clap::Parser;
use common::cli::VariantArgs;
use mancala::runtime::{AnyGame, GameKind, files};

/// Replays moves from the start (or a position) and prints one line per ply.
#[derive(Parser, Debug)]
#[command(
    name = "replay",
    after_help = "Each line is `<move>\\t<position after it>\\t<status>`; the status is `ongoing`,\n\
        `over <S>-<N> <S|N|draw> <points>` (Omweso: `over <S|N> <points>`) or `annulled`.\n\n\
        Examples:\n  \
        cargo run --release --example replay -- urim a f b\n  \
        cargo run --release --example replay -- omweso --two-captures-first l m o\n  \
        cargo run --release --example replay -- --file game.mgn"
)]
struct Cli {
    /// The game (with --file, the file's): urim, omweso, rio-kadalis, oware, kalah
    #[arg(value_parser = common::cli::game_name, required_unless_present = "file")]
    game: Option<GameKind>,
    /// The moves, in the game's notation (a pit letter; Omweso also `a-` clockwise, `m*`
    /// a split)
    #[arg(required_unless_present = "file", value_name = "MOVE")]
    moves: Vec<String>,
    /// Replays the game file FILE (docs/game-files.md; every game of a file of several)
    /// and checks its result
    #[arg(long, value_name = "FILE", conflicts_with = "moves")]
    file: Option<std::path::PathBuf>,
    #[command(flatten)]
    variant: VariantArgs,
}

/// Plays `moves` on `game`, one line per ply.
fn replay(mut game: AnyGame, moves: &[String]) -> common::Result {
    for text in moves {
        let m = game.play_text(text)?;
        println!("{m}\t{}\t{}", game.notation(), game.status());
    }
    Ok(())
}

fn run(cli: Cli) -> common::Result {
    let Some(path) = &cli.file else {
        let game = cli.game.ok_or("name a game")?;
        return replay(cli.variant.game(game)?, &cli.moves);
    };
    let games = files::load_all(path)?;
    for (game, file) in games {
        cli.variant.check_file(cli.game, path, &game)?;
        // A file is checked whole (every move, its result) before anything is printed.
        files::play_onto(&file, &mut game.clone()).map_err(common::after("--file"))?;
        replay(game, &file.moves)?;
    }
    Ok(())
}

fn main() -> ExitCode {
    common::quiet_on_closed_pipe();
    common::exit_code(run(Cli::parse()))
}
