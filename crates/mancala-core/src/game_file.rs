//! Game files: a game written as text, like a chess PGN, and read back exactly (feature
//! `alloc`). The format is documented in `docs/game-files.md`:
//!
//! ```text
//! ; A comment runs to the end of its line.
//! [Game "urim"]
//! [Variant "pits=6 seeds=3"]
//! [South "human"]
//! [North "alphabeta:8"]
//! [Date "2026-11-30"]
//! [Start "3,3,3,3,3,3/3,3,3,3,3,3 0-0 S"]
//! [Result "ongoing"]
//!
//! c f { a comment between moves } a
//! ```
//!
//! Tag lines come first, one `[Name "value"]` a line (`\"` and `\\` escape a quote and
//! a backslash in the value); then the moves in the game's notation, separated by white
//! space, every ply (Omweso's mid-turn decisions included). `Start` (the first
//! position's notation) and `Result` (the status after the last move, with the reason
//! of a finished game: `over 24-12 S 1 repetition`, `annulled`, `ongoing`) are the
//! library's; the other tags are the writer's (the examples write `Game`, `Variant`,
//! `Rules`, `South`, `North`, `Date`).
//!
//! [`GameFile`] is the file as data: [`GameFile::from_record`] writes a game record,
//! its [`Display`](fmt::Display) prints the text, [`FromStr`] reads it (syntax only), and
//! [`GameFile::to_record`] or [`GameFile::play_onto`] replays it through any
//! [`Record`], checking every move and the result. Nothing here panics on bad input: a
//! bad file is refused with a [`GameFileError`] naming the line or the ply.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; }
//! use mancala::game_file::GameFile;
//! use mancala::record::{History, Record};
//! use mancala::toy::{Countdown, Take};
//! let mut game = History::new(Countdown::new(5));
//! game.play(Take(2)).unwrap();
//! let file = GameFile::from_record(&game, [("Game", "countdown")]);
//! let text = file.to_string();
//! assert!(text.contains("[Start \"5 S\"]"));
//! let back: GameFile = text.parse().unwrap();
//! assert_eq!(back, file);
//! let replayed: History<Countdown> = back.to_record().unwrap();
//! assert_eq!(replayed.moves(), game.moves());
//! assert!("[Start \"5 S\"\n".parse::<GameFile>().is_err()); // no closing bracket
//! ```

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write as _};
use core::str::FromStr;

use crate::Status;
use crate::record::{MoveOf, Record};

/// The tag of the first position.
pub const START: &str = "Start";
/// The tag of the status after the last move.
pub const RESULT: &str = "Result";

/// How many moves [`GameFile`]'s text writes a line.
const MOVES_PER_LINE: usize = 12;

/// A game file as data: its tags in order, and its moves as text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameFile {
    /// The tags, `(name, value)`, in the order they are written; no name twice.
    pub tags: Vec<(String, String)>,
    /// The moves, each in the game's notation.
    pub moves: Vec<String>,
}

/// Why a game file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameFileError {
    /// The text is not in the format.
    #[error("line {line}: {reason}")]
    Syntax {
        /// The line (from 1).
        line: usize,
        /// What is wrong there.
        reason: &'static str,
    },
    /// A tag is given twice.
    #[error("line {line}: the tag {name} is given twice")]
    DuplicateTag {
        /// The line (from 1).
        line: usize,
        /// The tag's name.
        name: String,
    },
    /// A tag that is needed is missing.
    #[error("the tag {0} is missing")]
    MissingTag(&'static str),
    /// The `Start` tag is not a position of the game.
    #[error("the Start tag {text:?} is not a position of this game: {reason}")]
    BadStart {
        /// The tag's value.
        text: String,
        /// Why the game refuses it.
        reason: String,
    },
    /// A move is not in the game's notation, or is illegal where it is played.
    #[error("ply {ply} ({text:?}): {reason}")]
    BadMove {
        /// The ply (from 1).
        ply: usize,
        /// The move as written.
        text: String,
        /// Why it is refused.
        reason: String,
    },
    /// The moves end in another status than the `Result` tag says.
    #[error("the Result tag says {tag:?}, but the moves end in {found:?}")]
    ResultMismatch {
        /// The tag's value.
        tag: String,
        /// The status the moves reach.
        found: String,
    },
}

/// A status as the `Result` tag writes it: [`Status`]'s text, and after a finished
/// game's outcome its reason (`over 24-12 S 1 repetition`).
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::game_file::result_text;
/// use mancala::{ByPlayer, EndReason, Outcome, Player, Status};
/// let o = Outcome::with_totals(Some(Player::South), 1, ByPlayer::new(24, 12));
/// let s = Status::Over(o.with_reason(EndReason::new(&("repetition", "rule 6"))));
/// assert_eq!(result_text(s), "over 24-12 S 1 repetition");
/// assert_eq!(result_text(Status::Annulled), "annulled");
/// ```
#[must_use]
pub fn result_text(status: Status) -> String {
    match status {
        Status::Over(o) => alloc::format!("over {o} {}", o.reason),
        other => other.to_string(),
    }
}

impl GameFile {
    /// The file of `record`: the tags `extra` first (in order; a `Start` or `Result`
    /// among them, or a name given twice, is left out), then `Start` and `Result`, and
    /// every move.
    pub fn from_record<'a, R: Record>(
        record: &R,
        extra: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> GameFile {
        let mut file = GameFile::default();
        for (name, value) in extra {
            if name != START && name != RESULT && file.tag(name).is_none() && is_name(name) {
                file.tags.push((name.to_string(), value.to_string()));
            }
        }
        file.tags
            .push((START.to_string(), record.start().to_string()));
        file.tags
            .push((RESULT.to_string(), result_text(record.status())));
        file.moves = record.moves().iter().map(ToString::to_string).collect();
        file
    }

    /// The value of the tag `name`, if given.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets the tag `name` (added at the end if new). A name that is not a tag name
    /// (letters, digits, `_` and `-`) is ignored.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        if !is_name(name) {
            return;
        }
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The game record this file describes: its `Start` read by the position's
    /// `FromStr` (a game whose rule options are not in its notation sets up the start
    /// itself and calls [`play_onto`](GameFile::play_onto)), then every move.
    ///
    /// # Errors
    /// A missing or bad `Start`, and what [`play_onto`](GameFile::play_onto) refuses.
    pub fn to_record<R: Record>(&self) -> Result<R, GameFileError> {
        let text = self.tag(START).ok_or(GameFileError::MissingTag(START))?;
        let start = R::Position::from_str(text).map_err(|e| GameFileError::BadStart {
            text: text.to_string(),
            reason: e.to_string(),
        })?;
        let mut record = R::new(start);
        self.play_onto(&mut record)?;
        Ok(record)
    }

    /// Plays the file's moves on `record` (set up at the file's start), each checked,
    /// and checks the `Result` tag, if given, against the status they reach. On an
    /// error, `record` holds the moves before the bad one.
    ///
    /// # Errors
    /// [`GameFileError::BadMove`] for a move not in the notation or illegal (the ply
    /// and why), [`GameFileError::ResultMismatch`] for another result.
    pub fn play_onto<R: Record>(&self, record: &mut R) -> Result<(), GameFileError> {
        for (i, text) in self.moves.iter().enumerate() {
            let bad = |reason: String| GameFileError::BadMove {
                ply: i + 1,
                text: text.clone(),
                reason,
            };
            let m: MoveOf<R> = text.parse().map_err(|e| bad(alloc::format!("{e}")))?;
            record.play(m).map_err(|e| bad(alloc::format!("{e}")))?;
        }
        if let Some(tag) = self.tag(RESULT) {
            let found = result_text(record.status());
            if tag != found {
                return Err(GameFileError::ResultMismatch {
                    tag: tag.to_string(),
                    found,
                });
            }
        }
        Ok(())
    }
}

/// Whether `name` is a tag name: letters, digits, `_` and `-`, not empty.
fn is_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

impl fmt::Display for GameFile {
    /// The tags, one a line, a blank line, then the moves, twelve a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            write!(f, "[{name} \"")?;
            for c in value.chars() {
                match c {
                    '"' | '\\' => write!(f, "\\{c}")?,
                    // A line break in a value would end the tag line.
                    '\n' | '\r' => f.write_char(' ')?,
                    c => f.write_char(c)?,
                }
            }
            writeln!(f, "\"]")?;
        }
        writeln!(f)?;
        for line in self.moves.chunks(MOVES_PER_LINE) {
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}

impl FromStr for GameFile {
    type Err = GameFileError;

    /// Reads the text of one game (syntax only: the moves are checked by
    /// [`play_onto`](GameFile::play_onto)). Tag lines come before the first move;
    /// `;` starts a comment to the end of the line, `{`…`}` a comment between moves;
    /// tokens of digits ending in `.` (move numbers) are skipped. A tag line after the
    /// moves begins a second game, which is refused here, the error naming the function
    /// that reads a file of several games game by game: `files::load_all` of the runtime
    /// (`mancala::runtime::files::load_all`, or `mancala_runtime::files::load_all` in
    /// that crate alone).
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; }
    /// use mancala::game_file::GameFile;
    /// let two = "[Start \"5 S\"]\n\n2\n\n[Start \"5 S\"]\n\n1\n";
    /// let e = two.parse::<GameFile>().unwrap_err().to_string();
    /// assert!(e.starts_with("line 5: a second game begins here"), "{e}");
    /// assert!(e.contains("mancala::runtime::files::load_all"), "{e}");
    /// ```
    fn from_str(text: &str) -> Result<GameFile, GameFileError> {
        let mut file = GameFile::default();
        let mut in_comment = false;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let syntax = |reason| GameFileError::Syntax { line, reason };
            if !in_comment && !file.moves.is_empty() && raw.trim_start().starts_with('[') {
                return Err(syntax(
                    "a second game begins here; a GameFile is one game: read a file of several \
                     games game by game with files::load_all of the runtime \
                     (mancala::runtime::files::load_all; mancala_runtime::files::load_all)",
                ));
            }
            let mut rest = raw;
            if !in_comment && file.moves.is_empty() && raw.trim_start().starts_with('[') {
                let (name, value) = parse_tag(raw.trim()).map_err(syntax)?;
                if file.tag(&name).is_some() {
                    return Err(GameFileError::DuplicateTag { line, name });
                }
                file.tags.push((name, value));
                continue;
            }
            // The moves, with comments.
            loop {
                if in_comment {
                    match rest.find('}') {
                        Some(end) => {
                            rest = &rest[end + 1..];
                            in_comment = false;
                        }
                        None => break,
                    }
                }
                let (before, after) = match rest.find(['{', ';']) {
                    Some(at) => (&rest[..at], Some(&rest[at..])),
                    None => (rest, None),
                };
                for token in before.split_whitespace() {
                    if token.starts_with('[') || token.contains(['"', ']', '}']) {
                        return Err(syntax(
                            "expected moves here (tags come before the first move)",
                        ));
                    }
                    let number = token
                        .strip_suffix('.')
                        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
                    if !number {
                        file.moves.push(token.to_string());
                    }
                }
                match after {
                    Some(c) if c.starts_with('{') => {
                        rest = &c[1..];
                        in_comment = true;
                    }
                    // `;`: the rest of the line is a comment.
                    _ => break,
                }
            }
        }
        if in_comment {
            return Err(GameFileError::Syntax {
                line: text.lines().count(),
                reason: "a comment opened with '{' is not closed with '}'",
            });
        }
        Ok(file)
    }
}

/// Reads a tag line `[Name "value"]` (trimmed).
fn parse_tag(line: &str) -> Result<(String, String), &'static str> {
    const FORM: &str = "a tag line is [Name \"value\"]";
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or(FORM)?;
    let (name, quoted) = inner.trim().split_once(char::is_whitespace).ok_or(FORM)?;
    if !is_name(name) {
        return Err("a tag name is letters, digits, '_' and '-'");
    }
    let body = quoted
        .trim()
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .ok_or(FORM)?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('"' | '\\')) => value.push(e),
                _ => return Err("in a tag value, '\\' escapes only '\"' and '\\'"),
            },
            '"' => return Err("a quote in a tag value is written \\\""),
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::record::History;
    use crate::toy::{Countdown, Take};

    #[test]
    fn comments_numbers_and_escapes_are_read() {
        let text = "; a file\n[Game \"toy\"]\n[South \"a \\\"quoted\\\" name \\\\ \"]\n\
                    [Start \"5 S\"]\n\n1. 2 { two } 1 ; one\n{ a comment\nover lines } 1\n";
        let f: GameFile = text.parse().unwrap();
        assert_eq!(f.tag("South"), Some("a \"quoted\" name \\ "));
        assert_eq!(f.moves, ["2", "1", "1"]);
        let back: GameFile = f.to_string().parse().unwrap();
        assert_eq!(back, f);
        let g: History<Countdown> = f.to_record().unwrap();
        assert_eq!(g.moves(), [Take(2), Take(1), Take(1)]);
        assert_eq!(g.position().heap, 1);
    }

    /// A text of two games is refused at the second one's first tag, and the error
    /// names the function that reads several, by both of its paths.
    #[test]
    fn several_games_point_to_load_all() {
        let two = "[Start \"5 S\"]\n\n2\n\n[Start \"5 S\"]\n\n1\n";
        let e = two.parse::<GameFile>().unwrap_err();
        assert!(matches!(e, GameFileError::Syntax { line: 5, .. }), "{e:?}");
        let text = e.to_string();
        assert!(text.contains("mancala::runtime::files::load_all"), "{text}");
        assert!(text.contains("mancala_runtime::files::load_all"), "{text}");
    }

    #[test]
    fn bad_files_say_where() {
        let cases: &[(&str, &str)] = &[
            ("[Start \"5 S\"\n", "line 1"),
            ("[Start 5]\n", "line 1"),
            ("[Start \"5 S\"]\n[Start \"4 S\"]\n", "given twice"),
            ("[Start \"5 S\"]\n1 { open\n", "not closed"),
            ("[Start \"5 S\"]\n1\n[Game \"x\"]\n", "line 3"),
            ("[Sta/rt \"5 S\"]\n", "tag name"),
            ("[Start \"a \\n b\"]\n", "escapes"),
        ];
        for (text, message) in cases {
            let e = text.parse::<GameFile>().unwrap_err();
            assert!(e.to_string().contains(message), "{text:?}: {e}");
        }
        let play = |text: &str| {
            let f: GameFile = text.parse().unwrap();
            f.to_record::<History<Countdown>>().unwrap_err().to_string()
        };
        assert!(play("1\n").contains("Start is missing"));
        assert!(play("[Start \"five\"]\n").contains("not a position"));
        assert!(play("[Start \"2 S\"]\n3\n").contains("ply 1 (\"3\")"));
        assert!(play("[Start \"2 S\"]\n1 x\n").contains("ply 2 (\"x\")"));
        let e = play("[Start \"2 S\"]\n[Result \"ongoing\"]\n2\n");
        assert!(e.contains("the moves end in \"over S 1 regular\""), "{e}");
    }
}
