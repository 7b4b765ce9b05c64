//! The terminal dialogue of `play`: the board, the engine's moves, the person's
//! commands (a move, `undo`, `hint`, `moves`, `new`, `help`, `quit`).

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

use mancala::runtime::engine::show_eval;
use mancala::runtime::versus::Versus;
use mancala::runtime::{AnyGame, AnyMove, files};

use crate::{Cli, common};

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

/// The board as a drawing, with the pending decision of a paused Omweso turn.
fn show(game: &AnyGame) -> String {
    let pause = game.describe_pause().map(|p| format!("\n{p}"));
    let (board, at) = (game.diagram(), game.notation());
    format!("{board}\nposition: {at}{}", pause.unwrap_or_default())
}

/// Writes every game of the session to `path`, if given.
fn save(v: &Versus, path: Option<&PathBuf>) -> common::Result {
    let Some(path) = path else { return Ok(()) };
    let games = v.game_files();
    files::save_all(path, &games)?;
    let what = match games.len() {
        1 => "the game".to_string(),
        n => format!("{n} games"),
    };
    println!("saved {what} to {}", path.display());
    Ok(())
}

/// Asks `question` on the terminal; end of input counts as yes.
fn confirm(
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
    q: &str,
) -> common::Result<bool> {
    print!("{q} (yes/no) ");
    std::io::stdout().flush()?;
    let answer = lines.next().transpose()?;
    Ok(matches!(
        answer.as_deref().map(str::trim),
        Some("y" | "yes") | None
    ))
}

/// Says (on stderr) why playing `m` will take long, if it will (docs/omweso.md).
fn explain_long_relay(game: &AnyGame, m: AnyMove) {
    if let Some(why) = game.describe_slow_move(m) {
        eprintln!("{why}");
    }
}

/// Plays the session at the terminal until it ends or the person quits.
pub(crate) fn play(mut v: Versus, cli: &Cli) -> common::Result {
    let (name, save_to) = (v.engine().name(), cli.save.as_ref());
    let mut lines = std::io::stdin().lock().lines();
    let kind = v.session().current().kind();
    if !cli.auto {
        let what = match v.session().is_match() {
            true => format!("a match of {kind}"),
            false => kind.to_string(),
        };
        println!(
            "{what} against {name}; you play {}. {HELP}",
            cli.human.name()
        );
    }
    let (mut redraw, mut announced) = (true, false);
    loop {
        let game = v.session().current();
        if redraw {
            println!("\n{}", show(&game));
            redraw = false;
        }
        let finished = v.session().status().is_finished();
        if finished && !announced {
            announced = true;
            println!("game over: {}", v.session().describe_status());
            if let Some(score) = v.session().score() {
                let (s, n) = (score.south, score.north);
                if let Some(w) = v.session().winner() {
                    println!(
                        "match over: {} wins the match, {s}-{n} (South-North)",
                        w.name()
                    );
                } else {
                    println!("match score {s}-{n} (South-North): the next game");
                    v.next_game()?;
                    (announced, redraw) = (false, true);
                    continue;
                }
            }
            if cli.auto {
                return save(&v, save_to);
            }
            let another = if v.session().is_match() {
                "another match"
            } else {
                "another game"
            };
            println!("type new for {another}, undo to take back, or quit");
        }
        if v.plies() >= cli.max_plies {
            println!("stopped after {} plies (--max-plies)", v.plies());
            return save(&v, save_to);
        }
        if v.engine_to_move() {
            eprintln!("engine ({}) is thinking…", cli.engine);
            let m = v.engine_search()?;
            let (r, side) = (&m.report, m.side);
            let pv: Vec<String> = r.pv.iter().map(ToString::to_string).collect();
            println!(
                "{name} ({side}) plays {}   eval {} for {side}, depth {}, {} nodes, pv {}",
                m.mv,
                show_eval(r.score),
                r.depth,
                r.nodes,
                pv.join(" ")
            );
            // The solver says whether the move was proven.
            if let Some(c) = &m.choice {
                println!("  {c}");
            }
            explain_long_relay(&game, m.mv);
            v.play_engine(&m)?;
            redraw = true;
            continue;
        }
        let to_move = game.side_to_move();
        print!(
            "{}",
            if finished {
                "> ".to_string()
            } else {
                format!("{to_move} to move> ")
            }
        );
        // The person's thinking time, which Omweso's blitz matches read (rule 9).
        let asked = Instant::now();
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            println!("\nend of input: quitting");
            return save(&v, save_to);
        };
        let moves = game.legal_moves_text().join(" ");
        match line?.trim() {
            "" => {}
            "quit" | "exit" => {
                if !finished && !confirm(&mut lines, "the game is not over: quit anyway?")? {
                    println!("the game goes on");
                    continue;
                }
                save(&v, save_to)?;
                println!("bye");
                return Ok(());
            }
            "help" | "?" => println!("{HELP}\n{LONG_HELP}"),
            "moves" if finished => println!("the game is over: no moves"),
            "moves" => println!("legal moves: {moves}"),
            "hint" if finished => println!("the game is over: no move to suggest"),
            "hint" => {
                eprintln!("engine ({}) is thinking…", cli.engine);
                let r = v.hint()?;
                match r.best {
                    Some(m) => println!(
                        "hint: {m} (eval {} for you, depth {})",
                        show_eval(r.score),
                        r.depth
                    ),
                    None => println!("no move to suggest"),
                }
            }
            "new" if v.session().is_match() => {
                println!("a match goes on until it is decided: quit to leave it");
            }
            "new" => {
                if v.session().is_unfinished()
                    && !confirm(&mut lines, "the game is not over: start a new one anyway?")?
                {
                    println!("the game goes on");
                    continue;
                }
                v.next_game()?;
                (announced, redraw) = (false, true);
                println!("a new game");
            }
            "undo" if v.human_moves() == 0 => {
                println!("nothing to take back: you have not moved in this game yet");
            }
            "undo" => match v.undo() {
                Err(e) => println!("cannot undo: {e}"),
                Ok(_) => (announced, redraw) = (false, true),
            },
            "q" => println!("'q' is not a move here; type quit to leave"),
            _ if finished => println!("the game is over: type new, undo or quit"),
            text => {
                if let Ok(m) = game.parse_move(text) {
                    explain_long_relay(&game, m);
                }
                match v.play(text, Some(asked.elapsed())) {
                    Err(e) => println!("{e}; legal moves: {moves}"),
                    Ok(m) => {
                        println!("you ({to_move}) play {m}");
                        redraw = true;
                    }
                }
            }
        }
    }
}
