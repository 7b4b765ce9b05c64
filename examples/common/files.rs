//! Game files for the examples (`--save`, `--load`, `--file`, `--pgn`): the library's
//! `mancala::game_file` with the examples' tags (docs/game-files.md).

use std::path::Path;

use mancala::Position;
use mancala::game_file::{GameFile, RESULT, START};
use mancala::record::Record;

use super::{GameName, Variant};

/// The tag of the game's name.
pub const GAME: &str = "Game";
/// The tag of the board's size (`pits=6`: pits per row).
pub const VARIANT: &str = "Variant";
/// The tag of the rule options, as the game options name them.
pub const RULES: &str = "Rules";

/// The rule options a `Rules` tag may hold.
const RULE_WORDS: [&str; 4] = [
    "clockwise",
    "two-captures-first",
    "empty-capture",
    "mover-empty",
];

/// A game file read from disk: the game, the variant to set it up with (its start as
/// `--from`), and the file.
pub struct Loaded {
    /// The game.
    pub game: GameName,
    /// The variant: the `Start` tag as `from`, the rule options as flags.
    pub variant: Variant,
    /// The file, whose moves the caller plays with [`GameFile::play_onto`].
    pub file: GameFile,
}

/// Reads the game file at `path`.
pub fn load(path: &Path) -> Result<Loaded, String> {
    let at = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{at}: {e}"))?;
    let file: GameFile = text.parse().map_err(|e| format!("{at}: {e}"))?;
    let name = file
        .tag(GAME)
        .ok_or_else(|| format!("{at}: the tag {GAME} is missing"))?;
    let game = GameName::from_name(name).ok_or_else(|| {
        format!(
            "{at}: unknown game {name:?}; the games are {}",
            super::GAMES
        )
    })?;
    let start = file
        .tag(START)
        .ok_or_else(|| format!("{at}: the tag {START} is missing"))?;
    let mut variant = Variant {
        from: Some(start.to_string()),
        ..Variant::default()
    };
    for word in file.tag(RULES).unwrap_or("").split_whitespace() {
        match word {
            "clockwise" => variant.clockwise = true,
            w if RULE_WORDS.contains(&w) => variant.flags.push(w.to_string()),
            w => {
                return Err(format!(
                    "{at}: the {RULES} tag has {w:?}, not a rule option"
                ));
            }
        }
    }
    match game {
        // Kalah's notation carries its options.
        GameName::Kalah => variant.flags.clear(),
        // A Rio Kadalis round's pits are part of its type.
        GameName::RioKadalis => {
            for word in file.tag(VARIANT).unwrap_or("").split_whitespace() {
                if let Some(n) = word.strip_prefix("pits=") {
                    variant.pits = Some(n.parse().map_err(|_| {
                        format!("{at}: the {VARIANT} tag has {word:?}, not pits=<number>")
                    })?);
                }
            }
        }
        _ => {}
    }
    Ok(Loaded {
        game,
        variant,
        file,
    })
}

/// The file of `record`, with the examples' tags: the game, the board's size, the rule
/// options of `variant`, the players and today's date.
pub fn file_of<G: Record>(
    record: &G,
    game: GameName,
    variant: &Variant,
    south: &str,
    north: &str,
) -> GameFile {
    let board = record.start().board();
    let rows = usize::from(board.rows_per_player.max(1));
    let pits = board.pits[mancala::Player::South].len() / rows;
    let mut rules: Vec<&str> = Vec::new();
    if variant.clockwise {
        rules.push("clockwise");
    }
    rules.extend(
        variant
            .flags
            .iter()
            .map(String::as_str)
            .filter(|f| RULE_WORDS.contains(f)),
    );
    let size = format!("pits={pits}");
    let date = today();
    let rules = rules.join(" ");
    let mut tags = vec![(GAME, game.name()), (VARIANT, size.as_str())];
    if !rules.is_empty() {
        tags.push((RULES, rules.as_str()));
    }
    tags.extend([("South", south), ("North", north), ("Date", date.as_str())]);
    GameFile::from_record(record, tags)
}

/// Writes `file` to `path`.
pub fn save(path: &Path, file: &GameFile) -> Result<(), String> {
    std::fs::write(path, file.to_string()).map_err(|e| format!("{}: {e}", path.display()))
}

/// The file cut after `ply` plies (its `Result` tag dropped: the game goes on there).
pub fn cut(file: &GameFile, ply: usize) -> Result<GameFile, String> {
    if ply > file.moves.len() {
        return Err(format!(
            "--ply {ply}: the game has {} plies",
            file.moves.len()
        ));
    }
    let mut cut = file.clone();
    cut.moves.truncate(ply);
    cut.tags.retain(|(n, _)| n != RESULT);
    Ok(cut)
}

/// Today's date (UTC) as `YYYY-MM-DD`.
fn today() -> String {
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
