//! What the examples share: command-line parsing and the game dispatch.
//!
//! Each game has one file here (`urim.rs`, `omweso.rs`, `rio_kadalis.rs`, `oware.rs`,
//! `kalah.rs`) with a `dispatch` function that builds the starting position from the
//! variant flags (or `--from`) and hands the game's record to a [`Runner`]. Every
//! example then drives every game through the library's [`Record`] trait: there is no
//! per-game adapter.
#![allow(dead_code)] // Not every example uses every helper.

use mancala::Position;
use mancala::record::{MoveOf, Record};

pub mod draw;
pub mod kalah;
pub mod matches;
pub mod omweso;
pub mod oware;
pub mod rio_kadalis;
pub mod urim;

/// The game names the examples accept.
pub const GAMES: &str = "urim, omweso, rio-kadalis, oware, kalah";

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

/// The notation of the current position, or `pending:<pit>` in the middle of a turn.
pub fn notation<G: Record>(game: &G) -> String {
    match game.position().pending_decision() {
        Some(m) => format!("pending:{}", m.to_string().trim_end_matches(['-', '*'])),
        None => game.position().to_string(),
    }
}

/// Plays `m` on `game`, or says why it is illegal.
pub fn play<G: Record>(game: &mut G, m: MoveOf<G>) -> Result<(), String> {
    game.play(m).map_err(|e| format!("illegal move {m}: {e}"))
}

/// What an example does with the game once it is set up: every game comes as its game
/// record, through the library's one [`Record`] trait.
pub trait Runner {
    /// What the run returns.
    type Output;
    /// Runs on the game record `start`.
    fn run<G: Record + 'static>(self, start: G) -> Result<Self::Output, String>;
}

/// Builds the game named `game` with `variant` and runs `runner` on it.
pub fn dispatch<R: Runner>(game: &str, variant: &Variant, runner: R) -> Result<R::Output, String> {
    match game {
        "urim" => urim::dispatch(variant, runner),
        "omweso" => omweso::dispatch(variant, runner),
        "rio-kadalis" => rio_kadalis::dispatch(variant, runner),
        "oware" => oware::dispatch(variant, runner),
        "kalah" => kalah::dispatch(variant, runner),
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
pub fn parse_move<G: Record>(text: &str) -> Result<MoveOf<G>, String> {
    text.parse().map_err(|e| format!("bad move {text:?}: {e}"))
}
