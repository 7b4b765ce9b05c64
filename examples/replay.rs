//! Replays moves and prints each position and status.
//!
//! ```text
//! cargo run --release --example replay -- <game> [variant flags] [--from "<notation>"] <move>...
//! ```
//!
//! One line per ply: `<move>\t<position after it>\t<status>`, where the status is
//! `ongoing`, `over <S>-<N> <S|N|draw> <points>` (Omweso: `over <S|N> <points>`) or
//! `annulled`. A position in the middle of an Omweso turn prints as `pending:<pit>`.
//! After a game-ending move the board is printed as that move left it; after an endless
//! move the position is the one from before it. A bad move or notation prints an error
//! to stderr and exits non-zero.

mod common;

use std::process::ExitCode;

use common::Runner;
use mancala::record::Record;

struct Moves(Vec<String>);

impl Runner for Moves {
    type Output = ();
    fn run<G: Record>(self, mut game: G) -> Result<(), String> {
        for text in &self.0 {
            let m = common::parse_move::<G>(text)?;
            common::play(&mut game, m)?;
            println!("{m}\t{}\t{}", common::notation(&game), game.status());
        }
        Ok(())
    }
}

fn run() -> Result<(), String> {
    let args = common::Args::parse(std::env::args().skip(1), &[], &[])?;
    common::dispatch(&args.game, &args.variant, Moves(args.positional.clone()))
}

fn main() -> ExitCode {
    common::exit_code(run())
}
