//! Game files (`mancala::game_file`, docs/game-files.md) on every game: random games
//! written and read back are the same game (moves, positions, result, tags), through the
//! text and through serde; corrupted files are refused or read as some other valid game,
//! never a panic.

use mancala::game_file::{GameFile, result_text};
use mancala::record::Record;
use mancala_testkit::{Rng, counted};
use proptest::prelude::*;

/// A random game of at most `plies` plies from `start`, through the record.
fn random_record<R: Record>(start: &R::Position, seed: u64, plies: usize) -> R {
    let mut rng = Rng::new(seed);
    let mut game = R::new(start.clone());
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[rng.below(moves.len())])
            .expect("a listed move is legal");
    }
    game
}

/// Tag values: any text on one line, quotes and backslashes included.
fn tag_value() -> impl Strategy<Value = String> {
    "[ -~éü\\t]{0,24}"
}

fn round_trips<R: Record>(name: &str, start: &str) {
    let start: R::Position = start.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
    let strategy = (any::<u64>(), 0usize..400, tag_value(), tag_value());
    counted(
        &format!("{name}: round trip"),
        64,
        strategy,
        |(seed, plies, south, north)| {
            let game: R = random_record(&start, seed, plies);
            let tags = [
                ("Game", name),
                ("South", south.as_str()),
                ("North", north.as_str()),
            ];
            let file = GameFile::from_record(&game, tags);
            let text = file.to_string();
            let read: GameFile = text
                .parse()
                .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(&read, &file);
            prop_assert_eq!(read.tag("South"), Some(south.as_str()));
            let back: R = read
                .to_record()
                .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(back.moves(), game.moves());
            prop_assert_eq!(back.positions(), game.positions());
            prop_assert_eq!(back.status(), game.status());
            let result = result_text(game.status());
            prop_assert_eq!(read.tag("Result"), Some(result.as_str()));
            // serde: the same file.
            let json = serde_json::to_string(&file).unwrap();
            prop_assert_eq!(serde_json::from_str::<GameFile>(&json).unwrap(), file);
            Ok(!game.moves().is_empty())
        },
    );
}

/// One corruption of a text: bytes cut out, text put in, a line doubled or the text cut.
#[derive(Clone, Debug)]
enum Corrupt {
    Cut(usize, usize),
    Put(usize, String),
    Double(usize),
    Truncate(usize),
}

fn corrupt() -> impl Strategy<Value = Corrupt> {
    prop_oneof![
        (any::<usize>(), 1usize..20).prop_map(|(a, n)| Corrupt::Cut(a, n)),
        (any::<usize>(), "[a-z0-9 \\[\\]\"{};.\\n\\\\-]{1,6}")
            .prop_map(|(a, s)| Corrupt::Put(a, s)),
        any::<usize>().prop_map(Corrupt::Double),
        any::<usize>().prop_map(Corrupt::Truncate),
    ]
}

fn apply(text: &str, c: &Corrupt) -> String {
    let chars: Vec<char> = text.chars().collect();
    let at = |a: usize| a % (chars.len() + 1);
    match c {
        Corrupt::Cut(a, n) => {
            let a = at(*a);
            let b = (a + n).min(chars.len());
            chars[..a].iter().chain(&chars[b..]).collect()
        }
        Corrupt::Put(a, s) => {
            let a = at(*a);
            chars[..a].iter().collect::<String>() + s + &chars[a..].iter().collect::<String>()
        }
        Corrupt::Double(a) => {
            let lines: Vec<&str> = text.lines().collect();
            let i = a % lines.len().max(1);
            let mut out: Vec<&str> = lines.clone();
            if let Some(l) = lines.get(i) {
                out.insert(i, l);
            }
            out.join("\n")
        }
        Corrupt::Truncate(a) => chars[..at(*a)].iter().collect(),
    }
}

fn corrupted_files_never_panic<R: Record>(name: &str, start: &str) {
    let start: R::Position = start.parse().unwrap();
    let strategy = (
        any::<u64>(),
        1usize..200,
        proptest::collection::vec(corrupt(), 1..4),
    );
    counted(
        &format!("{name}: corrupted files"),
        128,
        strategy,
        |(seed, plies, cuts)| {
            let game: R = random_record(&start, seed, plies);
            let text = GameFile::from_record(&game, [("Game", name)]).to_string();
            let bad = cuts.iter().fold(text.clone(), |t, c| apply(&t, c));
            match bad
                .parse::<GameFile>()
                .and_then(|f| f.to_record::<R>().map(|r| (f, r)))
            {
                Err(e) => prop_assert!(!e.to_string().is_empty()),
                // Still a valid file: it reads as the game it describes, again.
                Ok((f, r)) => {
                    let again = GameFile::from_record(&r, [("Game", name)]);
                    let replayed: R = again.to_record().unwrap();
                    prop_assert_eq!(replayed.moves(), r.moves());
                    prop_assert_eq!(r.moves().len(), f.moves.len());
                }
            }
            Ok(bad != text)
        },
    );
}

fn both<R: Record>(name: &str, start: &str) {
    round_trips::<R>(name, start);
    corrupted_files_never_panic::<R>(name, start);
}

#[test]
fn urim() {
    both::<mancala::urim::Game<6>>("urim", "3,3,3,3,3,3/3,3,3,3,3,3 0-0 S");
    both::<mancala::urim::Game<7>>("urim", "4,4,4,4,4,4,4/4,4,4,4,4,4,4 0-0 N");
}

#[test]
fn oware() {
    both::<mancala::oware::Game>("oware", "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
}

#[test]
fn kalah() {
    both::<mancala::kalah::Game>("kalah", "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    both::<mancala::kalah::Game>("kalah", "3,3,3,3/3,3,3,3 0-0 N empty-capture,mover-empty");
}

#[test]
fn rio_kadalis() {
    both::<mancala::rio_kadalis::Game<6, false>>("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    both::<mancala::rio_kadalis::Game<5, true>>("rio-kadalis", "x,4,4,4,4/4,4,4,4,4 0-0 N");
}

#[test]
fn omweso() {
    both::<mancala::omweso::Game>(
        "omweso",
        "0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 S - 0-0",
    );
}
