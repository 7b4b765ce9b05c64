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
//! `undo` (takes back your last move and the engine's replies), `hint` (the engine's
//! choice for you), `moves` (the legal moves), `new` (the game again from its start),
//! `help`, `quit` (asks first while a game is on). Your moves are echoed, so a transcript
//! has them. `--auto` lets the engine play both sides and exits when the game (or
//! match) ends, or after `--max-plies` (default 1000). `--match` plays a whole match
//! (Urim, Omweso, Rio Kadalis). `--save FILE` writes the game to a game file when the
//! program ends, every game of the session in it (docs/game-files.md); `--load FILE`
//! goes on from one (the last game of a file of several). Engines (`--engine`): see
//! `--help`.

mod common;

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use common::cli::{ENGINES, VariantArgs};
use mancala::Player;
use mancala::runtime::engine::{DATABASE_GAMES, show_eval};
use mancala::runtime::matches::parse_mode;
use mancala::runtime::{
    AnyGame, AnyMove, Engine, Error, GameKind, MatchOptions, Session, files, side_name,
};
use mancala::search::Utility;

/// Play a game against the engine in the terminal (type `help` at the prompt).
#[derive(Parser, Debug)]
#[command(
    name = "play",
    after_help = concat!(
        "At the prompt: a move in the game's notation (a pit letter; Omweso also `a-`\n",
        "clockwise and `m*` a split), undo, hint, moves, new, help, quit.\n\n",
        "Examples:\n  ",
        "cargo run --release --example play\n  ",
        "cargo run --release --example play -- oware --human N --engine mcts:2000ms\n  ",
        "cargo run --release --example play -- omweso --auto --engine alphabeta:4\n  ",
        "cargo run --release --example play -- urim --match --target 4 --save last.mgn\n  ",
        "cargo run --release --example play -- --load last.mgn"
    )
)]
struct Cli {
    /// The game (default urim; with --load, the file's): urim, omweso, rio-kadalis,
    /// oware, kalah
    #[arg(value_parser = common::cli::game_name)]
    game: Option<GameKind>,
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
    /// Stop after this many plies of a game
    #[arg(long, value_name = "N", default_value_t = 1000)]
    max_plies: u64,
    /// A whole match with the game's own scoring: Urim (to --target points, rule 8),
    /// Omweso (to 12 points, rule 9), Rio Kadalis (the serial match, rule 5)
    #[arg(long = "match", conflicts_with = "load", help_heading = "Matches")]
    whole_match: bool,
    /// Urim: the points that win the match (default 10)
    #[arg(
        long,
        value_name = "T",
        requires = "whole_match",
        help_heading = "Matches"
    )]
    target: Option<u16>,
    /// Omweso: classic (take-backs allowed), contract or blitz (default classic)
    #[arg(
        long,
        value_name = "MODE",
        requires = "whole_match",
        help_heading = "Matches"
    )]
    mode: Option<String>,
    /// Writes every game of the session to this game file when the program ends (one
    /// game after another; docs/game-files.md)
    #[arg(long, value_name = "FILE", help_heading = "Game files")]
    save: Option<PathBuf>,
    /// Goes on from the game in this game file (its game and options; of a file of
    /// several games, the last)
    #[arg(long, value_name = "FILE", help_heading = "Game files")]
    load: Option<PathBuf>,
    /// The endgame databases `solve` built in DIR: the engine plays perfectly once the
    /// board is in them (docs/solving.md)
    #[arg(long, value_name = "DIR",
          long_help = format!("The endgame databases `solve` built in DIR ({DATABASE_GAMES}): the engine plays perfectly once the board is in them (docs/solving.md)"))]
    db: Option<PathBuf>,
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

/// The board as a drawing, with the pending decision of a paused Omweso turn.
fn show(game: &AnyGame) -> String {
    let mut out = game.diagram();
    out.push_str(&format!("\nposition: {}", game.notation()));
    if let Some(m) = game.pending_decision() {
        let pit = m.to_string();
        let pit = pit.trim_end_matches(['-', '*']);
        out.push_str(&format!(
            "\nthe turn is paused at pit {pit} with {} seeds in hand: sow them on with '{pit}' (counter-clockwise) or '{pit}-' (clockwise)",
            game.board().in_hand
        ));
    }
    out
}

const HELP: &str = "commands: a move in the game's notation (e.g. 'c'; Omweso: 'a-' clockwise, 'm*' split), \
undo, hint, moves, new, help, quit";

/// What `help` says: the commands, then how to read the board.
const LONG_HELP: &str = "\
  <move>   a pit letter of your row, e.g. c (upper case too). Omweso: a- sows the pit
           clockwise, m* splits it; in a paused turn, the pit alone goes on
  undo     takes back your last move and the engine's replies to it
  hint     the engine's choice for you, with its evaluation
  moves    the legal moves
  new      a new game (asks first while one is on; the old game is kept for --save)
  help     this text
  quit     leaves (asks first while a game is on)
The board: North's row on top, read right to left, South's below, left to right; each
row's letters are seen from its owner's left (a is the owner's first pit). Numbers are
the seeds in each pit (x: a closed hole of Rio Kadalis); the store (captured, in Rio
Kadalis) of each player stands beside the name. Omweso has two rows a player: the inner
rows face each other. Evaluations are in seeds for the side named, or a forced result
in plies.";

struct Play {
    engine_spec: String,
    human: Player,
    auto: bool,
    max_plies: u64,
    save: Option<PathBuf>,
}

impl Play {
    /// The players' names for a game file.
    fn names(&self, engine: &str) -> (String, String) {
        let side = |p: Player| {
            if self.auto || p != self.human {
                engine.to_string()
            } else {
                "human".to_string()
            }
        };
        (side(Player::South), side(Player::North))
    }

    /// Writes every game of the session to `--save`, if given.
    fn save(&self, session: &Session, engine: &str) -> Result<(), Error> {
        let Some(path) = &self.save else {
            return Ok(());
        };
        let (south, north) = self.names(engine);
        let games = session.game_files(&south, &north);
        files::save_all(path, &games)?;
        println!(
            "saved {} to {}",
            if games.len() == 1 {
                "the game".to_string()
            } else {
                format!("{} games", games.len())
            },
            path.display()
        );
        Ok(())
    }

    /// Asks `question` on the terminal; end of input counts as yes.
    fn confirm(
        lines: &mut impl Iterator<Item = std::io::Result<String>>,
        question: &str,
    ) -> Result<bool, Error> {
        print!("{question} (yes/no) ");
        std::io::stdout()
            .flush()
            .map_err(|e| Error::Match(e.to_string()))?;
        let answer = lines
            .next()
            .transpose()
            .map_err(|e| Error::Match(e.to_string()))?;
        Ok(matches!(
            answer.as_deref().map(str::trim),
            Some("y" | "yes") | None
        ))
    }

    /// Plays the session in the terminal.
    fn play(self, mut s: Session, mut engine: Engine, mut helper: Engine) -> Result<(), Error> {
        let name = engine.name();
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        let mut plies = 0u64;
        // The person's moves in the current game: what `undo` can take back.
        let mut human_moves = 0usize;
        let you = side_name(self.human);
        let kind = s.current().kind();
        if !self.auto {
            println!(
                "{} against {name}; you play {you}. {HELP}",
                if s.is_match() {
                    format!("a match of {kind}")
                } else {
                    kind.to_string()
                },
            );
        }
        let mut redraw = true;
        let mut announced = false;
        loop {
            let game = s.current();
            if redraw {
                println!("\n{}", show(&game));
                redraw = false;
            }
            let status = s.status();
            let to_move = game.side_to_move();
            if status.is_finished() && !announced {
                announced = true;
                println!("game over: {}", s.describe_status());
                if let Some(score) = s.score() {
                    match s.winner() {
                        Some(w) => println!(
                            "match over: {} wins the match, {}-{} (South-North)",
                            side_name(w),
                            score.south,
                            score.north
                        ),
                        None => {
                            println!(
                                "match score {}-{} (South-North): the next game",
                                score.south, score.north
                            );
                            s.next_game()?;
                            human_moves = 0;
                            plies = 0;
                            announced = false;
                            redraw = true;
                            continue;
                        }
                    }
                }
                if self.auto {
                    return self.save(&s, &name);
                }
                println!(
                    "type new for {}, undo to take back, or quit",
                    if s.is_match() {
                        "another match"
                    } else {
                        "another game"
                    }
                );
            }
            if plies >= self.max_plies {
                println!("stopped after {plies} plies (--max-plies)");
                return self.save(&s, &name);
            }
            if !status.is_finished() && (self.auto || to_move != self.human) {
                // In a match a game's points count up to what each player still needs.
                engine.set_utility(Utility { needed: s.needed() });
                eprintln!("engine ({}) is thinking…", self.engine_spec);
                let t = Instant::now();
                let r = engine.search(&game)?;
                let thinking = t.elapsed();
                let m = r.best.ok_or_else(|| {
                    Error::Engine("the engine found no move in an ongoing game".into())
                })?;
                let pv: Vec<String> = r.pv.iter().map(ToString::to_string).collect();
                println!(
                    "{name} ({}) plays {m}   eval {} for {}, depth {}, {} nodes, pv {}",
                    to_move,
                    show_eval(r.score),
                    to_move,
                    r.depth,
                    r.nodes,
                    pv.join(" ")
                );
                // The solver engine says whether the move was proven (a match counts a
                // game with an unproven move as not proven perfect).
                if let Some(c) = engine.choice() {
                    println!("  {c}");
                }
                explain_long_relay(&game, m);
                s.play(m, Some(thinking))?;
                plies += 1;
                redraw = true;
                continue;
            }
            if status.is_finished() {
                print!("> ");
            } else {
                print!("{to_move} to move> ");
            }
            // The person's thinking time, which Omweso's blitz matches read (rule 9).
            let asked = Instant::now();
            std::io::stdout()
                .flush()
                .map_err(|e| Error::Match(e.to_string()))?;
            let Some(line) = lines.next() else {
                println!("\nend of input: quitting");
                return self.save(&s, &name);
            };
            let line = line.map_err(|e| Error::Match(e.to_string()))?;
            let moves = game.legal_moves_text().join(" ");
            match line.trim() {
                "" => {}
                "quit" | "exit" => {
                    if !status.is_finished()
                        && !Play::confirm(&mut lines, "the game is not over: quit anyway?")?
                    {
                        println!("the game goes on");
                        continue;
                    }
                    self.save(&s, &name)?;
                    println!("bye");
                    return Ok(());
                }
                "help" | "?" => println!("{HELP}\n{LONG_HELP}"),
                "moves" if status.is_finished() => println!("the game is over: no moves"),
                "moves" => println!("legal moves: {moves}"),
                "hint" if status.is_finished() => println!("the game is over: no move to suggest"),
                "hint" => {
                    helper.set_utility(Utility { needed: s.needed() });
                    eprintln!("engine ({}) is thinking…", self.engine_spec);
                    let r = helper.search(&game)?;
                    match r.best {
                        Some(m) => println!(
                            "hint: {m} (eval {} for you, depth {})",
                            show_eval(r.score),
                            r.depth
                        ),
                        None => println!("no move to suggest"),
                    }
                }
                "new" if s.is_match() => {
                    println!("a match goes on until it is decided: quit to leave it");
                }
                "new" => {
                    if s.is_unfinished()
                        && !Play::confirm(
                            &mut lines,
                            "the game is not over: start a new one anyway?",
                        )?
                    {
                        println!("the game goes on");
                        continue;
                    }
                    s.next_game()?;
                    human_moves = 0;
                    plies = 0;
                    announced = false;
                    redraw = true;
                    println!("a new game");
                }
                "undo" if human_moves == 0 => {
                    println!("nothing to take back: you have not moved in this game yet");
                }
                "undo" => {
                    // Take back moves until one of the person's is taken back.
                    loop {
                        match s.undo() {
                            Err(e) => {
                                println!("cannot undo: {e}");
                                break;
                            }
                            Ok(None) => break,
                            Ok(Some(_)) => {
                                plies = plies.saturating_sub(1);
                                redraw = true;
                                announced = false;
                                if s.current().side_to_move() == self.human {
                                    human_moves -= 1;
                                    break;
                                }
                            }
                        }
                    }
                }
                "q" => println!("'q' is not a move here; type quit to leave"),
                _ if status.is_finished() => {
                    println!("the game is over: type new, undo or quit");
                }
                text => match game.parse_move(text) {
                    Err(e) => println!("{e}; legal moves: {moves}"),
                    Ok(m) => {
                        explain_long_relay(&game, m);
                        match s.play(m, Some(asked.elapsed())) {
                            Err(e) => println!("{e}; legal moves: {moves}"),
                            Ok(()) => {
                                println!("you ({to_move}) play {m}");
                                human_moves += 1;
                                plies += 1;
                                redraw = true;
                            }
                        }
                    }
                },
            }
        }
    }
}

/// Says (on stderr) why playing `m` will take long, if it will (docs/omweso.md).
fn explain_long_relay(game: &AnyGame, m: AnyMove) {
    if game.is_slow_move(m) {
        eprintln!(
            "checking whether move {m} ever ends: an Omweso move can relay for billions of \
             laps before it repeats, and the game must know whether it ends (it is annulled \
             if not); this can take a second or so…"
        );
    }
}

fn run(cli: Cli) -> Result<(), Error> {
    let session = if let Some(path) = &cli.load {
        let (mut game, file) = files::load(path)?;
        common::cli::file_gives_the_game(cli.game, &cli.variant, path, &game)?;
        files::play_onto(&file, &mut game).map_err(|e| Error::GameFile(format!("--load: {e}")))?;
        println!("loaded {} plies", game.ply());
        Session::from_game(game)
    } else {
        let kind = cli.game.unwrap_or(GameKind::Urim);
        if cli.whole_match {
            if cli.variant.from.is_some() {
                return Err(Error::Match(
                    "matches start from the standard start: drop --from".into(),
                ));
            }
            let options = MatchOptions {
                target: cli.target,
                mode: cli.mode.as_deref().map(parse_mode).transpose()?,
                lot: cli.seed,
            };
            Session::whole_match(&cli.variant.variant(kind)?, &options)?
        } else {
            Session::from_game(cli.variant.game(kind)?)
        }
    };
    let variant = *session.current().variant();
    let engine = Engine::new(&cli.engine, &variant, cli.seed, cli.db.as_deref())?;
    let helper = Engine::new(&cli.engine, &variant, cli.seed ^ 1, cli.db.as_deref())?;
    let play = Play {
        engine_spec: cli.engine,
        human: cli.human,
        auto: cli.auto,
        max_plies: cli.max_plies,
        save: cli.save,
    };
    play.play(session, engine, helper)
}

fn main() -> ExitCode {
    common::quiet_on_closed_pipe();
    common::exit_code(run(Cli::parse()))
}
