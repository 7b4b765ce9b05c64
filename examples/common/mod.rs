//! What the examples share: the command-line options (`cli`, with clap), the game
//! dispatch, and the wording of errors about moves and positions.
//!
//! Each game has one file here (`urim.rs`, `omweso.rs`, `rio_kadalis.rs`, `oware.rs`,
//! `kalah.rs`) with a `dispatch` function that builds the starting position from the
//! variant flags (or `--from`) and hands the game's record to a [`Runner`]. Every
//! example then drives every game through the library's [`Record`] trait: there is no
//! per-game adapter.
#![allow(dead_code)] // Not every example uses every helper.

use mancala::notation::pit_letter;
use mancala::record::{MoveOf, Record};
use mancala::{EndReason, IllegalMove, NotationError, Player, Position, Status};

pub use cli::GameName;

pub mod cli;
pub mod db;
pub mod draw;
pub mod files;
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
    /// Whether any option or `--from` is given.
    pub fn is_set(&self) -> bool {
        self.pits.is_some()
            || self.seeds.is_some()
            || self.clockwise
            || self.from.is_some()
            || !self.flags.is_empty()
    }

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

/// The notation of the current position, a paused Omweso turn included (its fifth
/// field: `docs/omweso.md`), which `--from` reads back.
pub fn notation<G: Record>(game: &G) -> String {
    game.position().to_string()
}

/// The mover's pits on this board, as `a to f`.
fn pit_range<P: Position>(p: &P) -> String {
    let n = p.board().pits[p.side_to_move()].len();
    format!("a to {}", pit_letter(n.saturating_sub(1)))
}

/// The one wording, in every game, of a pit letter that is not on the board, whether
/// the move's notation already refuses it or the board does.
fn no_such_pit<P: Position>(p: &P, text: &str, letter: char) -> String {
    format!(
        "illegal move {text}: there is no pit {letter} on this board (the pits are {})",
        pit_range(p)
    )
}

/// Plays `m` on `game`, or says why it is illegal.
pub fn play<G: Record>(game: &mut G, m: MoveOf<G>) -> Result<(), String> {
    let before = game.position().clone();
    game.play(m).map_err(|e| match e {
        IllegalMove::NoSuchPit { pit } => no_such_pit(&before, &m.to_string(), pit),
        e => format!("illegal move {m}: {e}"),
    })
}

/// What an example does with the game once it is set up: every game comes as its game
/// record, through the library's one [`Record`] trait.
pub trait Runner {
    /// What the run returns.
    type Output;
    /// Runs on the game record `start` (which, with its moves, can go to other threads:
    /// engines searching with several threads).
    fn run<G: Record<Position: Position<Move: Send + Sync> + 'static> + Send + Sync + 'static>(
        self,
        start: G,
    ) -> Result<Self::Output, String>;
}

/// Builds the game `game` with `variant` and runs `runner` on it.
pub fn dispatch<R: Runner>(
    game: GameName,
    variant: &Variant,
    runner: R,
) -> Result<R::Output, String> {
    match game {
        GameName::Urim => urim::dispatch(variant, runner),
        GameName::Omweso => omweso::dispatch(variant, runner),
        GameName::RioKadalis => rio_kadalis::dispatch(variant, runner),
        GameName::Oware => oware::dispatch(variant, runner),
        GameName::Kalah => kalah::dispatch(variant, runner),
    }
}

/// An evaluation with its unit: `+1.50 seeds` for the player to move, or a forced result
/// (`win in 7 plies`, `loss in 4 plies (2 points)`).
pub fn show_eval(score: mancala::search::score::Score) -> String {
    use mancala::search::score::{ShowScore, plies_to_end};
    let text = ShowScore(score).to_string();
    match plies_to_end(score) {
        Some(plies) => text.replacen(
            &format!("in {plies}"),
            &format!("in {plies} {}", if plies == 1 { "ply" } else { "plies" }),
            1,
        ),
        None => format!("{text} seeds"),
    }
}

/// How a game ended, in words: who won what, by which rule, with the totals — e.g.
/// `North wins 2 points by beheading (rule 7): North's captures emptied South's inner
/// row or took its four corner pits`. `to_move` is the player to move at the end.
pub fn describe_status(game: GameName, status: Status, to_move: Player) -> String {
    let o = match status {
        Status::Ongoing => return "the game goes on".into(),
        Status::Annulled => {
            let rule = match game {
                GameName::Omweso => " (rule 8)",
                GameName::RioKadalis => " (rule 3: the round is replayed)",
                _ => "",
            };
            return format!("annulled: an endless move{rule}; no points");
        }
        Status::Over(o) => o,
    };
    let result = match o.winner {
        Some(w) => format!(
            "{} wins {} point{}",
            side_name(w),
            o.points,
            if o.points == 1 { "" } else { "s" }
        ),
        None => "a draw".to_string(),
    };
    let (mover, other) = (side_name(to_move), side_name(to_move.opponent()));
    let how = match (o.reason, game) {
        (EndReason::Regular, GameName::Omweso) => {
            format!("a regular win (rule 7): {mover} has no legal move")
        }
        (EndReason::Regular, GameName::RioKadalis) => format!(
            "the end of the round (rule 4): {mover} has no stone to move; each player takes the stones in their row"
        ),
        (EndReason::Regular, _) => format!("the regular end: {mover} has no legal move"),
        (EndReason::Starvation, GameName::Urim) => format!(
            "starvation (rule 5): {mover} has no seeds in their row; {other} takes the seeds left"
        ),
        (EndReason::Starvation, _) => format!(
            "starvation: {mover} cannot move, or cannot feed {other}; each player takes the seeds in their row"
        ),
        (EndReason::SideEmpty, _) => {
            "an empty side (rule K5): each player adds the seeds on their side".into()
        }
        (EndReason::Majority, _) => {
            "a majority in store: more than half of the seeds in one store, or half in each".into()
        }
        (EndReason::Repetition, g) => format!(
            "repetition{}: a position came back since the last capture; each player takes the seeds in their row",
            match g {
                GameName::Urim | GameName::RioKadalis => " (rule 6)",
                _ => "",
            }
        ),
        (EndReason::Beheading, _) => format!(
            "beheading (rule 7): {other}'s captures emptied {mover}'s inner row or took its four corner pits"
        ),
        (EndReason::GrandSlam, _) => {
            format!("grand slam (rule 7): all of {mover}'s pits are empty")
        }
        (EndReason::TwoCapturesFirst, _) => format!(
            "two captures first (rule 7): {other} has captured in two turns, {mover} in none"
        ),
        (EndReason::Forfeit, _) => "forfeit: a move over 3 seconds in blitz play (rule 9)".into(),
        // `EndReason` may grow (it is non-exhaustive): its own name.
        (other, _) => other.to_string(),
    };
    let totals = o
        .totals
        .map(|t| format!("; totals South {} North {}", t.south, t.north))
        .unwrap_or_default();
    format!("{result} by {how}{totals}")
}

/// `South` or `North`.
pub fn side_name(p: Player) -> &'static str {
    match p {
        Player::South => "South",
        Player::North => "North",
    }
}

/// The one wording of a `--from` position that a game refuses.
pub fn bad_from(game: &str, text: &str, e: impl std::fmt::Display) -> String {
    format!("--from: {text:?} is not a position of {game}: {e}")
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

/// Parses a move in the game's notation, with the same wording in every game: a pit
/// letter beyond the board is a pit that is not there, anything else is not a move.
pub fn parse_move<G: Record>(game: &G, text: &str) -> Result<MoveOf<G>, String> {
    let p = game.position();
    let form = || {
        let omweso = p.board().rows_per_player == 2;
        format!(
            "a move is a pit letter ({}){}",
            pit_range(p),
            if omweso {
                ", then '-' to sow clockwise or '*' for a split"
            } else {
                ""
            }
        )
    };
    text.parse().map_err(|e| match e {
        NotationError::BadPitLetter { letter, .. } if letter.is_ascii_lowercase() => {
            no_such_pit(p, text, letter)
        }
        NotationError::Empty => format!("no move given: {}", form()),
        _ => format!("bad move {text:?}: {}", form()),
    })
}
