//! Game files (docs/game-files.md) of any variant: the library's
//! [`mancala_core::game_file`] with the tags that name the game and its variant.
//!
//! A file written here has the tags `Game` (the game's name), `Variant` (the variant's
//! text, [`Variant`]), the players and the date, then `Start` and `Result`. Files of
//! earlier versions, with `Variant "pits=N"` and a `Rules` tag of rule options, read as
//! before.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
//! use mancala::runtime::{AnyGame, files};
//! let mut game = AnyGame::new(&"kalah pits=4 seeds=3 empty-capture".parse()?);
//! game.play_text("b")?;
//! let text = files::game_file(&game, "me", "you", None).to_string();
//! assert!(text.contains("[Variant \"kalah pits=4 seeds=3 empty-capture\"]"));
//! let back = files::replay(&text.parse().unwrap())?;
//! assert_eq!(back.notation(), game.notation());
//! assert_eq!(back.variant(), game.variant());
//! # Ok::<(), mancala::runtime::Error>(())
//! ```

use std::path::Path;

use mancala_core::Status;
use mancala_core::game_file::{GameFile, RESULT, START, result_text};

use crate::error::{Error, FileError};
use crate::game::{AnyGame, GameRecord, Visitor};
use crate::variant::{GameKind, Variant};

/// The tag of the game's name.
pub const GAME: &str = "Game";
/// The tag of the variant (`urim pits=7 seeds=4`; in older files `pits=N` alone).
pub const VARIANT: &str = "Variant";
/// The tag of the rule options in older files (`clockwise`, `two-captures-first`, …).
pub const RULES: &str = "Rules";

/// The file of `game` (its start, every move, its status), with the tags of its game
/// and variant, the players, and the date (`YYYY-MM-DD`; today's when `None`).
#[must_use]
pub fn game_file(game: &AnyGame, south: &str, north: &str, date: Option<&str>) -> GameFile {
    struct File<'a>(Vec<(&'a str, &'a str)>);
    impl Visitor for File<'_> {
        type Output = GameFile;
        fn visit<R: GameRecord>(self, _: &Variant, game: &R) -> GameFile {
            GameFile::from_record(game, self.0)
        }
    }
    let variant = game.variant().to_string();
    let today = today();
    let tags = vec![
        (GAME, game.kind().name()),
        (VARIANT, variant.as_str()),
        ("South", south),
        ("North", north),
        ("Date", date.unwrap_or(&today)),
    ];
    game.visit(File(tags))
}

/// The game of `file` at its start (the moves not played yet): the game and variant
/// from its tags, the start from `Start`.
///
/// # Errors
/// [`FileError::MissingTag`] or [`FileError::Tag`] naming a missing or bad tag.
pub fn start_of(file: &GameFile) -> Result<AnyGame, Error> {
    let name = file.tag(GAME).ok_or(FileError::MissingTag(GAME))?;
    let tag = |tag: &'static str| {
        move |e: Error| FileError::Tag {
            tag,
            error: Box::new(e),
        }
    };
    let kind: GameKind = name.parse().map_err(|e| tag(GAME)(Error::from(e)))?;
    let start = file.tag(START).ok_or(FileError::MissingTag(START))?;
    let variant_tag = file.tag(VARIANT).unwrap_or("");
    let first = variant_tag.split_whitespace().next().unwrap_or("");
    if let Ok(named) = first.parse::<GameKind>()
        && named != kind
    {
        return Err(FileError::VariantOfOtherGame { game: kind, named }.into());
    }
    let mut options = match variant_tag.strip_prefix(name) {
        // The variant's text: the game's name first.
        Some(rest) if rest.is_empty() || rest.starts_with(' ') => rest.to_string(),
        // An older file: `pits=N` alone.
        _ => variant_tag.to_string(),
    };
    // Older files give the rule options in a tag of their own.
    for word in file.tag(RULES).unwrap_or("").split_whitespace() {
        options.push(' ');
        options.push_str(word);
    }
    let variant = Variant::with_options(kind, &options).map_err(|e| tag(VARIANT)(e.into()))?;
    let game = AnyGame::from_variant_notation(&variant, start).map_err(tag(START))?;
    Ok(game)
}

/// The game of `file` with every move played, its `Result` tag checked.
///
/// # Errors
/// As [`start_of`], and [`FileError::Format`] for a bad move (its ply and why) or
/// [`FileError::Result`] for a result that is not the one the moves reach.
pub fn replay(file: &GameFile) -> Result<AnyGame, Error> {
    let mut game = start_of(file)?;
    play_onto(file, &mut game)?;
    Ok(game)
}

/// Plays the moves of `file` on `game` (set up at the file's start) and checks its
/// `Result` tag; on an error `game` holds the moves before the bad one.
///
/// # Errors
/// As [`replay`].
pub fn play_onto(file: &GameFile, game: &mut AnyGame) -> Result<(), Error> {
    // The moves first, then the result: a game lost on time (Omweso's blitz forfeit,
    // rule 9) ends where its moves leave it going on.
    let mut moves = file.clone();
    moves.tags.retain(|(n, _)| n != RESULT);
    crate::game::each_record!(game.record_mut(), g => moves.play_onto(g))
        .map_err(FileError::Format)?;
    if let Some(tag) = file.tag(RESULT) {
        let found = result_text(game.status());
        let forfeit = tag.ends_with(" forfeit") && game.status() == Status::Ongoing;
        if tag != found && !forfeit {
            return Err(FileError::Result {
                tag: tag.to_string(),
                found,
            }
            .into());
        }
    }
    Ok(())
}

/// Splits the text of a file of several games into the games' texts: a game begins
/// at a tag line that follows moves.
#[must_use]
pub fn split_games(text: &str) -> Vec<String> {
    let mut games: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut has_moves = false;
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with('[') && has_moves {
            games.push(std::mem::take(&mut current));
            has_moves = false;
        }
        if !t.is_empty() && !t.starts_with('[') && !t.starts_with(';') {
            has_moves = true;
        }
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() || games.is_empty() {
        games.push(current);
    }
    games
}

/// Reads every game of the file at `path` (one or several games, docs/game-files.md),
/// each checked whole — its moves played from its start and its `Result` tag compared
/// with where they lead ([`replay`]) — and returned **at its start**, with its file:
/// [`play_onto`] plays the moves (all of them, or a [`cut`]).
///
/// # Errors
/// [`FileError::Io`] for a file that cannot be read, and as [`replay`] for each game,
/// within a [`FileError::In`] that names the file (and which game, in a file of
/// several).
pub fn load_all(path: &Path) -> Result<Vec<(AnyGame, GameFile)>, Error> {
    let text = std::fs::read_to_string(path).map_err(|e| FileError::io(path, e))?;
    let texts = split_games(&text);
    let several = texts.len() > 1;
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let within = |error: Error| FileError::In {
                at: if several {
                    format!("{}, game {}", path.display(), i + 1)
                } else {
                    path.display().to_string()
                },
                error: Box::new(error),
            };
            let file: GameFile = t.parse().map_err(|e| within(FileError::Format(e).into()))?;
            let game = start_of(&file).map_err(within)?;
            play_onto(&file, &mut game.clone()).map_err(within)?;
            Ok((game, file))
        })
        .collect()
}

/// Reads the game file at `path`, checked whole as [`load_all`] does, and returns its
/// game **at its start position**, none of its moves played (ply 0: [`play_onto`]
/// plays them, [`cut`] keeps the first ones), with its file; of a file of several
/// games, the last one.
///
/// ```no_run
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
/// use mancala::runtime::files;
/// let path = std::path::Path::new("game.mgn");
/// let (mut game, file) = files::load(path)?;
/// assert_eq!(game.ply(), 0);
/// files::play_onto(&file, &mut game)?; // checked by `load`: it cannot fail here
/// assert_eq!(game.ply(), file.moves.len());
/// # Ok::<(), mancala::runtime::Error>(())
/// ```
///
/// # Errors
/// As [`load_all`].
pub fn load(path: &Path) -> Result<(AnyGame, GameFile), Error> {
    load_all(path)?
        .pop()
        .ok_or_else(|| FileError::NoGame(path.to_path_buf()).into())
}

/// Refuses a path where a game file cannot be written, before a session plays games
/// that would then be lost: its folder must exist and `path` must not be a folder; an
/// existing file is opened for writing (and left as it is), a new one is made and
/// removed again.
///
/// # Errors
/// [`FileError::NoFolder`] for a folder that does not exist, [`FileError::Io`] for a
/// file that cannot be written.
pub fn check_writable(path: &Path) -> Result<(), Error> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(FileError::NoFolder(path.to_path_buf()).into());
    }
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| FileError::io(path, e))?;
    if !existed {
        std::fs::remove_file(path).map_err(|e| FileError::io(path, e))?;
    }
    Ok(())
}

/// Writes `file` to `path`.
///
/// # Errors
/// [`FileError::Io`] when the file cannot be written.
pub fn save(path: &Path, file: &GameFile) -> Result<(), Error> {
    std::fs::write(path, file.to_string()).map_err(|e| FileError::io(path, e).into())
}

/// Writes several games to one file, one after the other, separated by a blank line
/// (docs/game-files.md: a file may hold several games).
///
/// # Errors
/// [`FileError::Io`] when the file cannot be written.
pub fn save_all(path: &Path, files: &[GameFile]) -> Result<(), Error> {
    let text: Vec<String> = files.iter().map(ToString::to_string).collect();
    std::fs::write(path, text.join("\n")).map_err(|e| FileError::io(path, e).into())
}

/// The file cut after `ply` plies (its `Result` tag dropped: the game goes on there).
///
/// # Errors
/// [`FileError::Cut`] when the game has fewer plies.
pub fn cut(file: &GameFile, ply: usize) -> Result<GameFile, Error> {
    if ply > file.moves.len() {
        return Err(FileError::Cut {
            ply,
            plies: file.moves.len(),
        }
        .into());
    }
    let mut cut = file.clone();
    cut.moves.truncate(ply);
    cut.tags.retain(|(n, _)| n != RESULT);
    Ok(cut)
}

/// Refuses a game named beside a game file (`--file`, `--load`) other than the file's
/// own, or variant options given beside it (`options_given`): the file's tags give the
/// game and its options.
///
/// # Errors
/// [`FileError::OtherGame`] naming the file's game.
pub fn check_named(
    path: &Path,
    game: &AnyGame,
    named: Option<GameKind>,
    options_given: bool,
) -> Result<(), Error> {
    if named.is_some_and(|g| g != game.kind()) || options_given {
        return Err(FileError::OtherGame {
            path: path.to_path_buf(),
            game: game.kind(),
        }
        .into());
    }
    Ok(())
}

/// Today's date (UTC) as `YYYY-MM-DD` (`????-??-??` where there is no clock:
/// WebAssembly without a host; a front end there passes its own date).
#[must_use]
pub fn today() -> String {
    if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
        return "????-??-??".into();
    }
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Days to a civil date (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_of_older_versions_read_as_before() {
        // `Variant "pits=N"` and the rule options in a `Rules` tag.
        let text = "[Game \"rio-kadalis\"]\n[Variant \"pits=5\"]\n[Rules \"clockwise\"]\n\
                    [Start \"4,4,4,4,4/4,4,4,4,4 0-0 S\"]\n\nc\n";
        let game = replay(&text.parse().unwrap()).unwrap();
        assert_eq!(game.variant().to_string(), "rio-kadalis pits=5 clockwise");
        assert_eq!(game.moves_text(), ["c"]);
    }

    #[test]
    fn bad_tags_name_themselves() {
        let no_start: GameFile = "[Game \"urim\"]\n\na\n".parse().unwrap();
        assert!(matches!(
            start_of(&no_start),
            Err(Error::GameFile(FileError::MissingTag("Start")))
        ));
        let bad: GameFile = "[Game \"urim\"]\n[Variant \"urim pits=8\"]\n[Start \"x\"]\n"
            .parse()
            .unwrap();
        let e = start_of(&bad).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the Variant tag: pits: urim is played on rows of 6 or 7 pits, not 8"
        );
        // A variant of another game than the Game tag's.
        let other: GameFile = "[Game \"urim\"]\n[Variant \"oware\"]\n[Start \"x\"]\n"
            .parse()
            .unwrap();
        assert_eq!(
            start_of(&other).unwrap_err().to_string(),
            "the Variant tag is a variant of oware, the Game tag says urim"
        );
        let chess: GameFile = "[Game \"chess\"]\n[Start \"x\"]\n".parse().unwrap();
        assert!(
            start_of(&chess)
                .unwrap_err()
                .to_string()
                .starts_with("the Game tag: unknown game")
        );
    }

    #[test]
    fn cuts_splits_and_files_of_several_games() {
        let mut game = AnyGame::new(&"urim".parse().unwrap());
        game.play_text("c").unwrap();
        game.play_text("d").unwrap();
        let file = game_file(&game, "a", "b", Some("2024-01-02"));
        assert_eq!(file.tag("Date"), Some("2024-01-02"));
        let cut1 = cut(&file, 1).unwrap();
        assert_eq!(cut1.moves, ["c"]);
        assert!(cut1.tag(RESULT).is_none());
        assert!(matches!(
            cut(&file, 3),
            Err(Error::GameFile(FileError::Cut { ply: 3, plies: 2 }))
        ));
        // Two games in one file, the second one's error named as such.
        let dir = std::env::temp_dir().join(format!("mancala-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("two.mgn");
        save_all(&path, &[file.clone(), cut1]).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(split_games(&text).len(), 2);
        let games = load_all(&path).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(load(&path).unwrap().1.moves, ["c"]);
        // A file whose second game's result is not what its moves reach is refused
        // whole, the file and the game named.
        let mut wrong = file.clone();
        wrong.set_tag(RESULT, "annulled");
        save_all(&path, &[file.clone(), wrong]).unwrap();
        let e = load_all(&path).unwrap_err().to_string();
        let at = format!(
            "{}, game 2: the Result tag says \"annulled\"",
            path.display()
        );
        assert!(e.starts_with(&at), "{e}");
        assert!(load(&path).is_err());
        save_all(&path, &[file]).unwrap();
        let (g, _) = load(&path).unwrap();
        assert_eq!(g.ply(), 0, "returned at its start");
        // A game named beside the file, or options, are refused.
        assert!(check_named(&path, &g, Some(GameKind::Urim), false).is_ok());
        let e = check_named(&path, &g, Some(GameKind::Oware), false).unwrap_err();
        assert!(
            e.to_string()
                .ends_with("is a game of urim: the file gives the game and its options")
        );
        assert!(check_named(&path, &g, None, true).is_err());
        // Where a file can be written, asked first.
        let new = dir.join("new.mgn");
        assert!(
            check_writable(&new).is_ok() && !new.exists(),
            "checked, not left"
        );
        let e = check_writable(&dir.join("none").join("x.mgn")).unwrap_err();
        assert!(matches!(e, Error::GameFile(FileError::NoFolder(_))), "{e}");
        assert!(
            e.to_string()
                .ends_with("none/x.mgn: its folder does not exist"),
            "{e}"
        );
        assert!(check_writable(&std::env::temp_dir()).is_err(), "a folder");
        let _ = std::fs::remove_dir_all(&dir);
        let missing = load(&dir.join("none.mgn")).unwrap_err();
        assert!(matches!(missing, Error::GameFile(FileError::Io { .. })));
    }
}
