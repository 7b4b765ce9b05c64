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
//! program ends (docs/game-files.md); `--load FILE` goes on from one. Engines
//! (`--engine`): `random`, `greedy`, `alphabeta[:<depth>|:<ms>ms]`,
//! `mcts[:<playouts>|:<ms>ms]`.

mod common;

use std::io::{BufRead, Write};
use std::process::ExitCode;

use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;
use common::cli::{ENGINES, VariantArgs};
use common::db::Eval;
use common::matches::{MatchOptions, MatchRunner, Series, Single};
use common::{GameName, Runner, Variant};
use mancala::cycle::{MemoStats, SearchMemo};
use mancala::record::{MoveOf, Record};
use mancala::search::alphabeta::ENDLESS_AFTER;
use mancala::search::spec::{AnyEngine, from_spec_threaded};
use mancala::search::{Engine, Utility};
use mancala::{Player, Position};

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
    /// The game (default urim; with --load, the file's)
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
    /// Writes the game to this game file when the program ends (in a match, the game
    /// being played)
    #[arg(long, value_name = "FILE", help_heading = "Game files")]
    save: Option<PathBuf>,
    /// Goes on from the game in this game file (its game and options)
    #[arg(long, value_name = "FILE", help_heading = "Game files")]
    load: Option<PathBuf>,
    /// The endgame databases `solve` built in DIR (urim, kalah): the engine plays
    /// perfectly once the board is in them (docs/solving.md)
    #[arg(long, value_name = "DIR")]
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

struct Play {
    game: GameName,
    variant: Variant,
    engine: String,
    human: Player,
    auto: bool,
    seed: u64,
    max_plies: u64,
    save: Option<PathBuf>,
    /// The moves of a loaded game file, played before the game goes on.
    load: Option<mancala::game_file::GameFile>,
    /// `--db`.
    db: Option<PathBuf>,
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
            "\nthe turn is paused at pit {pit} with {} seeds in hand: sow them on with '{pit}' (counter-clockwise) or '{pit}-' (clockwise)",
            p.board().in_hand
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
undo, hint, moves, new, help, quit";

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

    /// Writes the game to `--save`, if given.
    fn save<G: Record>(&self, game: &G, engine: &str) -> Result<(), String> {
        let Some(path) = &self.save else {
            return Ok(());
        };
        let (south, north) = self.names(engine);
        let file = common::files::file_of(game, self.game, &self.variant, &south, &north);
        common::files::save(path, &file)?;
        println!("saved the game to {}", path.display());
        Ok(())
    }

    /// Plays the game or match `s` in the terminal.
    fn play<S: Series>(self, mut s: S) -> Result<(), String>
    where
        <S::G as Record>::Position: 'static,
    {
        let eval = common::db::evaluator(s.game().position(), self.db.as_deref())?;
        let mut engine: AnyEngine<S::G, Eval<_>> =
            from_spec_threaded(&self.engine, eval.clone(), self.seed).map_err(|e| e.to_string())?;
        let mut helper: AnyEngine<S::G, Eval<_>> =
            from_spec_threaded(&self.engine, eval, self.seed ^ 1).map_err(|e| e.to_string())?;
        let name = engine.name();
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        let mut plies = 0u64;
        // The person's moves in the current game: what `undo` can take back.
        let mut human_moves = 0usize;
        let you = common::side_name(self.human);
        if !self.auto {
            println!(
                "{} against {name}; you play {you}. {HELP}",
                if s.is_match() {
                    format!("a match of {}", self.game)
                } else {
                    self.game.to_string()
                },
            );
        }
        let mut redraw = true;
        let mut announced = false;
        loop {
            if redraw {
                println!("\n{}", show(self.game, s.game()));
                redraw = false;
            }
            let status = s.status();
            let to_move = s.game().position().side_to_move();
            if status.is_finished() && !announced {
                announced = true;
                println!(
                    "game over: {}",
                    common::describe_status(self.game, status, to_move)
                );
                if s.is_match() {
                    let score = s.score();
                    match s.winner() {
                        Some(w) => println!(
                            "match over: {} wins the match, {}-{} (South-North)",
                            common::side_name(w),
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
                            announced = false;
                            redraw = true;
                            continue;
                        }
                    }
                }
                if self.auto {
                    return self.save(s.game(), &name);
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
                return self.save(s.game(), &name);
            }
            if !status.is_finished() && (self.auto || to_move != self.human) {
                let p = s.game().position().clone();
                // In a match a game's points count up to what each player still needs.
                engine.set_utility(Utility { needed: s.needed() });
                eprintln!("engine ({}) is thinking…", self.engine);
                let r = engine.search(s.game());
                let m = r
                    .best
                    .ok_or("the engine found no move in an ongoing game")?;
                let pv: Vec<String> = r.pv.iter().map(ToString::to_string).collect();
                println!(
                    "{name} ({}) plays {m}   eval {} for {}, depth {}, {} nodes, pv {}",
                    p.side_to_move(),
                    common::show_eval(r.score),
                    p.side_to_move(),
                    r.depth,
                    r.nodes,
                    pv.join(" ")
                );
                explain_long_relay(s.game(), m);
                s.play(m, r.elapsed)?;
                plies += 1;
                redraw = true;
                continue;
            }
            if status.is_finished() {
                print!("> ");
            } else {
                print!("{to_move} to move> ");
            }
            std::io::stdout().flush().map_err(|e| e.to_string())?;
            let Some(line) = lines.next() else {
                println!("\nend of input: quitting");
                return self.save(s.game(), &name);
            };
            let line = line.map_err(|e| e.to_string())?;
            let p = s.game().position().clone();
            match line.trim() {
                "" => {}
                "quit" | "exit" => {
                    if !status.is_finished() {
                        print!("the game is not over: quit anyway? (yes/no) ");
                        std::io::stdout().flush().map_err(|e| e.to_string())?;
                        let answer = lines.next().transpose().map_err(|e| e.to_string())?;
                        if !matches!(answer.as_deref().map(str::trim), Some("y" | "yes") | None) {
                            println!("the game goes on");
                            continue;
                        }
                    }
                    self.save(s.game(), &name)?;
                    println!("bye");
                    return Ok(());
                }
                "help" | "?" => println!("{HELP}"),
                "moves" if status.is_finished() => println!("the game is over: no moves"),
                "moves" => println!("legal moves: {}", moves_list(&p)),
                "hint" if status.is_finished() => println!("the game is over: no move to suggest"),
                "hint" => {
                    helper.set_utility(Utility { needed: s.needed() });
                    eprintln!("engine ({}) is thinking…", self.engine);
                    let r = helper.search(s.game());
                    match r.best {
                        Some(m) => println!(
                            "hint: {m} (eval {} for you, depth {})",
                            common::show_eval(r.score),
                            r.depth
                        ),
                        None => println!("no move to suggest"),
                    }
                }
                "new" if s.is_match() => {
                    println!("a match goes on until it is decided: quit to leave it");
                }
                "new" => {
                    s.next_game()?;
                    human_moves = 0;
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
                                if s.game().position().side_to_move() == self.human {
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
                text => match common::parse_move(s.game(), text) {
                    Err(e) => println!("{e}; legal moves: {}", moves_list(&p)),
                    Ok(m) => {
                        explain_long_relay(s.game(), m);
                        match s.play(m, Duration::ZERO) {
                            Err(e) => println!("{e}; legal moves: {}", moves_list(&p)),
                            Ok(()) => {
                                println!("you ({}) play {m}", p.side_to_move());
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

/// Says (on stderr) why playing `m` will take long, if it will: an Omweso move whose
/// relay is still going after the engines' bound of laps (`ENDLESS_AFTER`) is played by
/// the game record exactly, to its end or to the proof that it never ends, which can
/// take billions of laps and seconds (docs/omweso.md).
fn explain_long_relay<G: Record>(game: &G, m: MoveOf<G>) {
    if !game.legal_moves().contains(&m) {
        return;
    }
    let mut probe = game.clone();
    let mut stats = MemoStats::default();
    probe.play_in_search(m, &mut SearchMemo::new(&mut [], &mut stats, ENDLESS_AFTER));
    if stats.unproven > 0 {
        eprintln!(
            "checking whether move {m} ever ends: an Omweso move can relay for billions of \
             laps before it repeats, and the game must know whether it ends (it is annulled \
             if not); this can take up to half a minute…"
        );
    }
}

impl Runner for Play {
    type Output = ();

    fn run<G: Record<Position: Position<Move: Send + Sync> + 'static> + Send + Sync + 'static>(
        mut self,
        mut game: G,
    ) -> Result<(), String> {
        if let Some(file) = self.load.take() {
            file.play_onto(&mut game)
                .map_err(|e| format!("--load: {e}"))?;
            println!("loaded {} plies", game.moves().len());
        }
        self.play(Single { game })
    }
}

impl MatchRunner for Play {
    type Output = ();

    fn run<S: Series>(self, series: S) -> Result<(), String>
    where
        <S::G as Record>::Position: 'static,
    {
        self.play(series)
    }
}

fn run(cli: Cli) -> Result<(), String> {
    let mut play = Play {
        game: cli.game.unwrap_or(GameName::Urim),
        variant: cli.variant.variant(),
        engine: cli.engine,
        human: cli.human,
        auto: cli.auto,
        seed: cli.seed,
        max_plies: cli.max_plies,
        save: cli.save,
        load: None,
        db: cli.db,
    };
    if let Some(path) = &cli.load {
        let loaded = common::files::load(path)?;
        if cli.game.is_some_and(|g| g != loaded.game) || play.variant.is_set() {
            return Err(format!(
                "{} is a game of {}: the file gives the game and its options",
                path.display(),
                loaded.game
            ));
        }
        play.game = loaded.game;
        play.variant = loaded.variant.clone();
        play.load = Some(loaded.file);
        return common::dispatch(loaded.game, &loaded.variant, play);
    }
    let (game, variant) = (play.game, play.variant.clone());
    if cli.whole_match {
        let options = MatchOptions {
            target: cli.target,
            mode: cli.mode,
            seed: cli.seed,
        };
        return common::matches::dispatch(game, &variant, &options, play);
    }
    common::dispatch(game, &variant, play)
}

fn main() -> ExitCode {
    common::exit_code(run(Cli::parse()))
}
