//! What the examples share: command-line parsing, the game dispatch, and the
//! [`Replay`] trait through which every example drives a game.
//!
//! Each game has one file here (`urim.rs`, `omweso.rs`, `rio_kadalis.rs`) with a
//! `dispatch` function that builds the starting position from the variant flags (or
//! `--from`) and hands it to a [`Runner`].
#![allow(dead_code)] // Not every example uses every helper.

use std::fmt::Display;

use mancala::core::{Position, Status};

pub mod matches;
pub mod omweso;
pub mod oware;
pub mod rio_kadalis;
pub mod urim;

/// The game names the examples accept.
pub const GAMES: &str = "urim, omweso, rio-kadalis, oware";

/// Variant flags and the starting position, as given on the command line.
#[derive(Clone, Debug, Default)]
pub struct Variant {
    /// `--pits N`.
    pub pits: Option<usize>,
    /// `--seeds S`.
    pub seeds: Option<u8>,
    /// `--clockwise`.
    pub clockwise: bool,
    /// `--from "<notation>"`.
    pub from: Option<String>,
    /// Any other `--flag` a game may understand (without the dashes); a game refuses
    /// those it does not know.
    pub flags: Vec<String>,
}

impl Variant {
    /// Refuses every flag in `flags` that is not in `known`, and flags that do not apply
    /// to `game`.
    pub fn check_flags(&self, game: &str, known: &[&str]) -> Result<(), String> {
        for f in &self.flags {
            if !known.contains(&f.as_str()) {
                return Err(format!("{game} has no option --{f}"));
            }
        }
        Ok(())
    }
}

/// A game being driven move by move: a plain position, or a game record that also
/// applies rules needing history (Urim's repetition, Omweso's repeated mid-turn state).
pub trait Replay {
    /// The position type, with the game's own evaluation for the engines.
    type P: Position + Display + mancala_search::Evaluate;
    /// The current position.
    fn position(&self) -> &Self::P;
    /// The status, including endings the record detects from history.
    fn status(&self) -> Status;
    /// Plays a move (checked).
    fn play(&mut self, m: <Self::P as Position>::Move) -> Result<(), String>;
    /// Takes back the last move, if the game allows it.
    fn undo(&mut self) -> Result<(), String> {
        Err("this game cannot take moves back here".into())
    }
}

/// A plain position: no history.
#[derive(Clone, Debug)]
pub struct Plain<P> {
    /// Positions from the start, the current one last (for `undo`).
    pub history: Vec<P>,
}

impl<P: Position + Display + mancala_search::Evaluate> Plain<P> {
    /// Starts from `p`.
    pub fn new(p: P) -> Self {
        Plain { history: vec![p] }
    }
}

impl<P: Position + Display + mancala_search::Evaluate> Replay for Plain<P> {
    type P = P;
    fn position(&self) -> &P {
        self.history.last().expect("never empty")
    }
    fn status(&self) -> Status {
        self.position().status()
    }
    fn play(&mut self, m: P::Move) -> Result<(), String> {
        let mut next = self.position().clone();
        next.play(m).map_err(|e| format!("illegal move {m}: {e}"))?;
        self.history.push(next);
        Ok(())
    }
    fn undo(&mut self) -> Result<(), String> {
        if self.history.len() < 2 {
            return Err("nothing to take back".into());
        }
        self.history.pop();
        Ok(())
    }
}

/// The notation of the current position, or `pending:<pit>` in the middle of a turn.
pub fn notation<R: Replay>(r: &R) -> String {
    match r.position().pending_decision() {
        Some(m) => format!("pending:{}", m.to_string().trim_end_matches(['-', '*'])),
        None => r.position().to_string(),
    }
}

/// What an example does with the game once it is set up.
pub trait Runner {
    /// What the run returns.
    type Output;
    /// Runs on the game `start`.
    fn run<R: Replay>(self, start: R) -> Result<Self::Output, String>;
}

/// Builds the game named `game` with `variant` and runs `runner` on it.
pub fn dispatch<R: Runner>(game: &str, variant: &Variant, runner: R) -> Result<R::Output, String> {
    match game {
        "urim" => urim::dispatch(variant, runner),
        "omweso" => omweso::dispatch(variant, runner),
        "rio-kadalis" => rio_kadalis::dispatch(variant, runner),
        "oware" => oware::dispatch(variant, runner),
        other => Err(format!("unknown game {other:?}; the games are {GAMES}")),
    }
}

/// Command-line arguments split into the game name, variant flags, other named options
/// (`--name value` for the names in `valued`, `--name` for those in `switches`) and the
/// positional arguments.
#[derive(Clone, Debug, Default)]
pub struct Args {
    /// The game name (the first argument).
    pub game: String,
    /// The variant flags and `--from`.
    pub variant: Variant,
    /// Named options of the example, with their values (`None` for switches).
    pub options: Vec<(String, Option<String>)>,
    /// Positional arguments after the game name.
    pub positional: Vec<String>,
}

impl Args {
    /// Parses `args` (without the program name).
    pub fn parse(
        args: impl IntoIterator<Item = String>,
        valued: &[&str],
        switches: &[&str],
    ) -> Result<Args, String> {
        let mut out = Args::default();
        let mut it = args.into_iter();
        let mut game = None;
        while let Some(a) = it.next() {
            let Some(name) = a.strip_prefix("--") else {
                if game.is_none() {
                    game = Some(a);
                } else {
                    out.positional.push(a);
                }
                continue;
            };
            let mut value = |n: &str| it.next().ok_or_else(|| format!("--{n} needs a value"));
            match name {
                "pits" => {
                    let v = value(name)?;
                    out.variant.pits = Some(
                        v.parse()
                            .map_err(|_| format!("--pits: {v:?} is not a number"))?,
                    );
                }
                "seeds" => {
                    let v = value(name)?;
                    out.variant.seeds = Some(
                        v.parse()
                            .map_err(|_| format!("--seeds: {v:?} is not a number"))?,
                    );
                }
                "clockwise" => out.variant.clockwise = true,
                "from" => out.variant.from = Some(value(name)?),
                n if valued.contains(&n) => out.options.push((n.to_string(), Some(value(n)?))),
                n if switches.contains(&n) => out.options.push((n.to_string(), None)),
                n => out.variant.flags.push(n.to_string()),
            }
        }
        out.game = game.ok_or_else(|| format!("name a game: {GAMES}"))?;
        Ok(out)
    }

    /// Whether the switch `--name` was given.
    pub fn switch(&self, name: &str) -> bool {
        self.options.iter().any(|(n, _)| n == name)
    }

    /// The value of `--name`, parsed, if given.
    pub fn value<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, String> {
        match self.options.iter().rev().find(|(n, _)| n == name) {
            Some((_, Some(v))) => v
                .parse()
                .map(Some)
                .map_err(|_| format!("--{name}: {v:?} is not valid")),
            _ => Ok(None),
        }
    }
}

/// The exit code of an example: success, or the error printed to stderr and failure.
pub fn exit_code(result: Result<(), String>) -> std::process::ExitCode {
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Parses a move in the game's notation.
pub fn parse_move<R: Replay>(text: &str) -> Result<<R::P as Position>::Move, String> {
    text.parse().map_err(|e| format!("bad move {text:?}: {e}"))
}
