//! Play a game against the engine in the terminal.
//!
//! ```text
//! cargo run --release --example play -- [GAME] [game options] [--from "<notation>"]
//!     [--engine <spec>] [--human S|N] [--auto] [--seed N] [--max-plies N]
//! ```
//!
//! `--help` lists the options.
//!
//! Without arguments: Urim, you play South against `alphabeta:8`. Type a move in the
//! game's notation (a pit letter; in Omweso `a-` clockwise and `m*` for a split), or
//! `undo` (takes back your last move and the engine's reply), `hint` (the engine's
//! choice for you), `moves` (the legal moves), `help`, `quit`. `--auto` lets the engine
//! play both sides and exits when the game ends (or after `--max-plies`, default 1000).
//! Engines (`--engine`): `random`, `greedy`, `alphabeta[:<depth>|:<ms>ms]`,
//! `mcts[:<playouts>|:<ms>ms]`.

mod common;

use std::io::{BufRead, Write};
use std::process::ExitCode;

use clap::Parser;
use common::cli::{ENGINES, VariantArgs};
use common::{GameName, Runner};
use mancala::record::Record;
use mancala::search::spec::{AnyEngine, from_spec};
use mancala::search::{Engine, Static};
use mancala::{Player, Position};

/// Play a game against the engine in the terminal (type `help` at the prompt).
#[derive(Parser, Debug)]
#[command(
    name = "play",
    after_help = concat!(
        "At the prompt: a move in the game's notation (a pit letter; Omweso also `a-`\n",
        "clockwise and `m*` a split), undo, hint, moves, help, quit.\n\n",
        "Examples:\n  ",
        "cargo run --release --example play\n  ",
        "cargo run --release --example play -- oware --human N --engine mcts:2000ms\n  ",
        "cargo run --release --example play -- omweso --auto --engine alphabeta:4"
    )
)]
struct Cli {
    /// The game (default urim)
    #[arg(value_enum)]
    game: Option<GameName>,
    /// The engine you play against (and the one giving hints)
    #[arg(long, value_name = "SPEC", default_value = "alphabeta:8",
          value_parser = common::cli::engine_spec,
          long_help = format!("The engine you play against (and the one giving hints): {ENGINES}"))]
    engine: String,
    /// The side you play: S (South, moves first from the start) or N
    #[arg(long, value_name = "S|N", default_value = "S", value_parser = parse_side)]
    human: Player,
    /// The engine plays both sides, and the program ends with the game
    #[arg(long)]
    auto: bool,
    /// The engines' random seed
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Stop after this many plies
    #[arg(long, value_name = "N", default_value_t = 1000)]
    max_plies: u64,
    #[command(flatten)]
    variant: VariantArgs,
}

/// `S`/`south` or `N`/`north`, in any case.
fn parse_side(text: &str) -> Result<Player, String> {
    match text.to_ascii_lowercase().as_str() {
        "s" | "south" => Ok(Player::South),
        "n" | "north" => Ok(Player::North),
        _ => Err("a side is S (South) or N (North)".into()),
    }
}

struct Play {
    game: GameName,
    engine: String,
    human: Player,
    auto: bool,
    seed: u64,
    max_plies: u64,
}

/// What the `<S>-<N>` pair of the game's notation counts.
fn store_name(game: GameName) -> &'static str {
    match game {
        GameName::RioKadalis => "captured",
        _ => "store",
    }
}

/// The board as a drawing, with the pending decision of a paused Omweso turn.
fn show<G: Record>(game: GameName, r: &G) -> String {
    let p = r.position();
    let mut out = common::draw::draw(&p.board(), store_name(game));
    out.push_str(&format!("\nposition: {}", common::notation(r)));
    if let Some(m) = p.pending_decision() {
        let pit = m.to_string();
        let pit = pit.trim_end_matches(['-', '*']);
        out.push_str(&format!(
            "\nthe turn is paused at pit {pit}: sow it on with '{pit}' (counter-clockwise) or '{pit}-' (clockwise)"
        ));
    }
    out
}

fn moves_list<P: Position>(p: &P) -> String {
    p.legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

const HELP: &str = "commands: a move in the game's notation (e.g. 'c'; Omweso: 'a-' clockwise, 'm*' split), \
undo, hint, moves, help, quit";

impl Runner for Play {
    type Output = ();

    fn run<G: Record>(self, mut game: G) -> Result<(), String> {
        let mut engine: AnyEngine<G, Static> =
            from_spec(&self.engine, Static, self.seed).map_err(|e| e.to_string())?;
        let mut helper: AnyEngine<G, Static> =
            from_spec(&self.engine, Static, self.seed ^ 1).map_err(|e| e.to_string())?;
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        let mut plies = 0u64;
        if !self.auto {
            println!(
                "{} against {}; you play {}. {HELP}",
                self.game,
                engine.name(),
                if self.human == Player::South {
                    "South"
                } else {
                    "North"
                }
            );
        }
        let mut redraw = true;
        loop {
            if redraw {
                println!("\n{}", show(self.game, &game));
                redraw = false;
            }
            let status = game.status();
            if status.is_finished() {
                println!(
                    "game over: {}",
                    common::describe_status(self.game, status, game.position().side_to_move())
                );
                return Ok(());
            }
            if plies >= self.max_plies {
                println!("stopped after {plies} plies (--max-plies)");
                return Ok(());
            }
            let p = game.position().clone();
            if self.auto || p.side_to_move() != self.human {
                let r = engine.search(&game);
                let m = r
                    .best
                    .ok_or("the engine found no move in an ongoing game")?;
                let pv: Vec<String> = r.pv.iter().map(ToString::to_string).collect();
                println!(
                    "{} ({}) plays {m}   eval {} for {}, depth {}, {} nodes, pv {}",
                    engine.name(),
                    p.side_to_move(),
                    common::show_eval(r.score),
                    p.side_to_move(),
                    r.depth,
                    r.nodes,
                    pv.join(" ")
                );
                common::play(&mut game, m)?;
                plies += 1;
                redraw = true;
                continue;
            }
            print!("{} to move> ", p.side_to_move());
            std::io::stdout().flush().map_err(|e| e.to_string())?;
            let Some(line) = lines.next() else {
                println!("\nend of input: quitting");
                return Ok(());
            };
            let line = line.map_err(|e| e.to_string())?;
            match line.trim() {
                "" => {}
                "quit" | "exit" | "q" => {
                    println!("bye");
                    return Ok(());
                }
                "help" | "?" => println!("{HELP}"),
                "moves" => println!("legal moves: {}", moves_list(&p)),
                "hint" => {
                    let r = helper.search(&game);
                    match r.best {
                        Some(m) => println!(
                            "hint: {m} (eval {} for you, depth {})",
                            common::show_eval(r.score),
                            r.depth
                        ),
                        None => println!("no move to suggest"),
                    }
                }
                "undo" => {
                    // Take back moves until it is the person's turn again, at least one.
                    match game.undo() {
                        None => println!("cannot undo: nothing to take back"),
                        Some(_) => {
                            plies = plies.saturating_sub(1);
                            while game.position().side_to_move() != self.human
                                && game.undo().is_some()
                            {
                                plies = plies.saturating_sub(1);
                            }
                            redraw = true;
                        }
                    }
                }
                text => match common::parse_move(&game, text) {
                    Err(e) => println!("{e}; legal moves: {}", moves_list(&p)),
                    Ok(m) => match common::play(&mut game, m) {
                        Err(e) => println!("{e}; legal moves: {}", moves_list(&p)),
                        Ok(()) => {
                            plies += 1;
                            redraw = true;
                        }
                    },
                },
            }
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let game = cli.game.unwrap_or(GameName::Urim);
    let play = Play {
        game,
        engine: cli.engine,
        human: cli.human,
        auto: cli.auto,
        seed: cli.seed,
        max_plies: cli.max_plies,
    };
    common::exit_code(common::dispatch(game, &cli.variant.variant(), play))
}
