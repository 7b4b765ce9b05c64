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
use common::{GameName, Runner};
use mancala::game_file::GameFile;
use mancala::record::Record;

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
    /// The game (with --file, the file's)
    #[arg(value_enum, required_unless_present = "file")]
    game: Option<GameName>,
    /// The moves, in the game's notation (a pit letter; Omweso also `a-` clockwise, `m*`
    /// a split)
    #[arg(required_unless_present = "file", value_name = "MOVE")]
    moves: Vec<String>,
    /// Replays the game file FILE (docs/game-files.md) and checks its result
    #[arg(long, value_name = "FILE", conflicts_with = "moves")]
    file: Option<std::path::PathBuf>,
    #[command(flatten)]
    variant: VariantArgs,
}

/// The moves to replay, or a game file's.
struct Moves(Vec<String>, Option<GameFile>);

impl Runner for Moves {
    type Output = ();
    fn run<G: Record>(self, mut game: G) -> Result<(), String> {
        // A file is checked whole (every move, its result) before anything is printed.
        if let Some(file) = &self.1 {
            file.play_onto(&mut game.clone())
                .map_err(|e| format!("--file: {e}"))?;
        }
        let moves = match &self.1 {
            Some(file) => &file.moves,
            None => &self.0,
        };
        for text in moves {
            let m = common::parse_move(&game, text)?;
            common::play(&mut game, m)?;
            println!("{m}\t{}\t{}", common::notation(&game), game.status());
        }
        Ok(())
    }
}

fn run(cli: Cli) -> Result<(), String> {
    let Some(path) = &cli.file else {
        let game = cli.game.ok_or("name a game")?;
        return common::dispatch(game, &cli.variant.variant(), Moves(cli.moves, None));
    };
    let loaded = common::files::load(path)?;
    if cli.game.is_some_and(|g| g != loaded.game) || cli.variant.variant().is_set() {
        return Err(format!(
            "{} is a game of {}: the file gives the game and its options",
            path.display(),
            loaded.game
        ));
    }
    let moves = Moves(Vec::new(), Some(loaded.file));
    common::dispatch(loaded.game, &loaded.variant, moves)
}

fn main() -> ExitCode {
    common::exit_code(run(Cli::parse()))
}
