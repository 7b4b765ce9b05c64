//! The generic suite: what every game must do the same way, checked through the traits
//! alone. The rules of each game are tested in its own crate; this checks
//! the common API over random games from the given starts:
//!
//! - notation: `Display` then `FromStr` gives the same text back, and the same position
//!   for every ongoing position between turns; garbage is refused, never a panic;
//! - setup: `from_setup(to_setup())` is the same position (ongoing, between turns);
//! - board: `board()` agrees with `side_to_move`, `pit` and itself, holds the same total
//!   of seeds all game long, and `pit` answers `None` past the row, never panics;
//! - moves: `check_move` and `legal_moves` agree for every move the notation can
//!   write; a refused move changes nothing, in the position and in the record;
//! - record: the game record plays what the position plays, ends with no legal moves,
//!   refuses moves after the end, takes every move back to the start, and resets.

use mancala_core::record::{MoveOf, Record};
use mancala_core::{Position, Status};

use crate::{Rng, check_position};

/// What one run of [`check_game`] covered, so that a caller can assert the checks ran.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Positions checked.
    pub positions: u64,
    /// Positions whose notation and setup round trips were compared in full.
    pub round_trips: u64,
    /// Games that ended (over or annulled) within the ply limit.
    pub finished: u64,
    /// Games ended by the record's history rule (a repeated position).
    pub repetitions: u64,
    /// Refused moves whose record was checked unchanged.
    pub refused: u64,
}

/// Every move the notation of the games can write: pit letters `a`–`z`, alone and with
/// `-` or `*` after them; the game keeps those its `FromStr` accepts.
#[must_use]
pub fn candidate_moves<P: Position>() -> Vec<P::Move> {
    let mut out = Vec::new();
    for c in 'a'..='z' {
        for suffix in ["", "-", "*"] {
            if let Ok(m) = format!("{c}{suffix}").parse::<P::Move>() {
                out.push(m);
            }
        }
    }
    out
}

/// Text that is no position of any game; each must be refused with an error.
pub const GARBAGE: &[&str] = &[
    "",
    " ",
    "garbage",
    "3,3,3/3,3,3",
    "3,3,3,3,3,3/3,3,3,3,3,3 0-0",
    "3,3,3,3,3,3/3,3,3,3,3,3 0-0 X",
    "3,3,3,3,3,3/3,3,3,3,3,3 0-0 S extra",
    "999999999999,3,3,3,3,3/3,3,3,3,3,3 0-0 S",
    "-1,3,3,3,3,3/3,3,3,3,3,3 0-0 S",
    "3,3,3,3,3,3/3,3,3,3,3,3 99999-0 S",
    "0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 S ? 0-0",
    "0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4 S - 0-0",
    "/ / /",
    "é,3,3,3,3,3/3,3,3,3,3,3 0-0 S",
];

/// Plays `games` random games of at most `max_plies` plies from `start` through the
/// record `R`, checking the common API at every position (see the [module](self)).
///
/// # Panics
/// When a check fails, naming the game and the position.
pub fn check_game<R: Record>(
    name: &str,
    start: &R::Position,
    games: usize,
    max_plies: usize,
    seed: u64,
) -> Coverage {
    let candidates = candidate_moves::<R::Position>();
    assert!(!candidates.is_empty(), "{name}: no move parses");
    for text in GARBAGE {
        assert!(
            text.parse::<R::Position>().is_err(),
            "{name}: {text:?} was read as a position"
        );
    }
    let mut cover = Coverage::default();
    let mut rng = Rng::new(seed);
    let mut record = R::new(start.clone());
    let total = start.board().total();
    for _ in 0..games {
        record.reset(start.clone());
        assert!(record.moves().is_empty() && record.position() == start);
        let mut plain = start.clone();
        for _ in 0..=max_plies {
            check_one(name, &record, &candidates, total, &mut cover);
            if record.is_finished() {
                cover.finished += 1;
                cover.repetitions += u64::from(record.is_repetition());
                check_finished(name, &mut record, &candidates, &mut cover);
                break;
            }
            let moves = record.legal_moves();
            let m = moves[rng.below(moves.len())];
            // A refused move leaves the record as it was.
            if let Some(&bad) = candidates.iter().find(|c| !moves.contains(c)) {
                let before = record.clone();
                assert!(
                    record.play(bad).is_err(),
                    "{name}: illegal {bad} was played"
                );
                assert_eq!(
                    record.positions(),
                    before.positions(),
                    "{name}: {bad} left a mark"
                );
                assert_eq!(record.moves(), before.moves());
                cover.refused += 1;
            }
            record
                .play(m)
                .unwrap_or_else(|e| panic!("{name}: listed move {m} refused: {e}"));
            plain.play_unchecked(m);
            assert_eq!(
                record.position(),
                &plain,
                "{name}: the record played {m} otherwise"
            );
            assert_eq!(record.moves().last(), Some(&m));
        }
        check_undo(name, &mut record, start);
    }
    cover
}

fn check_one<R: Record>(
    name: &str,
    record: &R,
    candidates: &[MoveOf<R>],
    total: u32,
    cover: &mut Coverage,
) {
    let p = record.position();
    cover.positions += 1;
    if !record.is_repetition() {
        assert_eq!(record.status(), p.status(), "{name}: {p}");
        check_position(p, candidates.iter().copied());
    }
    for m in candidates {
        assert_eq!(
            record.check_move(*m).is_ok(),
            record.legal_moves().contains(m),
            "{name}: the record's check_move({m}) disagrees with its legal_moves in {p}"
        );
    }
    // The board.
    let board = p.board();
    assert_eq!(board.to_move, p.side_to_move(), "{name}: {p}");
    assert!(matches!(board.rows_per_player, 1 | 2), "{name}: {board:?}");
    assert_eq!(board.total(), total, "{name}: seeds not conserved in {p}");
    for player in mancala_core::Player::ALL {
        let row = &board.pits[player];
        assert!(!row.is_empty(), "{name}: an empty row in {board:?}");
        for (i, cell) in row.iter().enumerate() {
            assert_eq!(
                p.pit(player, i),
                *cell,
                "{name}: pit {i} of {player} in {p}"
            );
        }
        for i in [row.len(), row.len() + 1, 26, 255, usize::MAX] {
            assert_eq!(
                p.pit(player, i),
                None,
                "{name}: pit {i} past the row of {p}"
            );
        }
    }
    // Notation and setup, between turns.
    if p.pending_decision().is_none() {
        let text = p.to_string();
        let q: R::Position = text
            .parse()
            .unwrap_or_else(|e| panic!("{name}: its own notation {text:?} refused: {e}"));
        assert_eq!(q.to_string(), text, "{name}: notation does not round-trip");
        if p.status() == Status::Ongoing {
            assert_eq!(&q, p, "{name}: {text} reads back as another position");
            let setup = p.to_setup();
            assert_eq!(
                R::Position::from_setup(setup.clone()).as_ref(),
                Ok(p),
                "{name}: {setup:?} does not give {text} back"
            );
            cover.round_trips += 1;
        }
    }
}

fn check_finished<R: Record>(
    name: &str,
    record: &mut R,
    candidates: &[MoveOf<R>],
    cover: &mut Coverage,
) {
    assert!(
        record.legal_moves().is_empty(),
        "{name}: moves after the end"
    );
    assert!(
        record.outcome().is_some() || record.status() == Status::Annulled,
        "{name}: finished without an outcome"
    );
    let before = record.clone();
    for &m in candidates {
        assert!(record.play(m).is_err(), "{name}: {m} played after the end");
        cover.refused += 1;
    }
    assert_eq!(record.positions(), before.positions());
}

fn check_undo<R: Record>(name: &str, record: &mut R, start: &R::Position) {
    let positions = record.positions().to_vec();
    let moves = record.moves().to_vec();
    for k in (0..moves.len()).rev() {
        assert_eq!(
            record.undo(),
            Some(moves[k]),
            "{name}: undo gave another move"
        );
        assert_eq!(record.position(), &positions[k], "{name}: undo of ply {k}");
        assert!(!record.is_repetition());
        assert_eq!(record.status(), positions[k].status());
    }
    assert_eq!(record.undo(), None, "{name}: undo past the start");
    assert_eq!(record.position(), start);
}

/// Round-trips every position of `games` random games from `start` through serde_json
/// and checks each comes back equal, status and rule options included; returns how many
/// positions were compared.
///
/// # Panics
/// When a position does not come back equal.
#[cfg(feature = "serde")]
pub fn check_serde<R: Record>(name: &str, start: &R::Position, games: usize, seed: u64) -> u64
where
    R::Position: serde::Serialize + serde::de::DeserializeOwned,
    MoveOf<R>: serde::Serialize + serde::de::DeserializeOwned,
{
    let mut rng = Rng::new(seed);
    let mut n = 0;
    let mut record = R::new(start.clone());
    for _ in 0..games {
        record.reset(start.clone());
        for _ in 0..2000 {
            let p = record.position();
            let json = serde_json::to_string(p).expect("serializes");
            let back: R::Position = serde_json::from_str(&json)
                .unwrap_or_else(|e| panic!("{name}: {json} refused: {e}"));
            assert_eq!(&back, p, "{name}: {json} came back otherwise");
            assert_eq!(back.status(), p.status());
            n += 1;
            let moves = record.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let mj = serde_json::to_string(&m).expect("serializes");
            assert_eq!(serde_json::from_str::<MoveOf<R>>(&mj).ok(), Some(m));
            record.play_unchecked(m);
        }
    }
    n
}
