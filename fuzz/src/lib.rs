//! The checks the fuzz targets share, written once against the core's traits.
//!
//! Every check calls the library as a dependent crate would, with whatever the fuzzer
//! made, and panics (a finding) when the library panics, or when an answer breaks what
//! the API promises: a text that reads as a position, a setup or a move prints back as
//! text that reads back the same; a refused move changes nothing; a record and the
//! position agree.

use std::fmt::{Debug, Display};
use std::str::FromStr;

use mancala_core::Position;
use mancala_core::record::{MoveOf, Record};
use serde::Serialize;
use serde::de::DeserializeOwned;

pub use mancala_testkit::check_position;

/// Every move the notation of the games can write that `P` reads (pit letters alone,
/// with `-` or `*`): made once per type and thread, not on every input.
pub fn candidate_moves<P: Position + 'static>() -> Vec<P::Move> {
    use std::any::{Any, TypeId};
    use std::cell::RefCell;
    use std::collections::HashMap;
    thread_local! {
        static CACHE: RefCell<HashMap<TypeId, Box<dyn Any>>> = RefCell::new(HashMap::new());
    }
    CACHE.with(|cache| {
        cache
            .borrow_mut()
            .entry(TypeId::of::<P>())
            .or_insert_with(|| Box::new(mancala_testkit::api::candidate_moves::<P>()))
            .downcast_ref::<Vec<P::Move>>()
            .expect("the cache holds this type's moves")
            .clone()
    })
}

/// The input as text: the bytes as UTF-8, or `None`.
#[must_use]
pub fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// A reader of fuzzer bytes: each call takes the next byte (0 once they run out).
#[derive(Clone, Debug)]
pub struct Bytes<'a>(pub &'a [u8]);

impl Bytes<'_> {
    /// The next byte, or 0 past the end.
    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// Whether bytes are left.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The next byte as a flag (its low bit).
    pub fn flag(&mut self) -> bool {
        self.byte() & 1 == 1
    }
}

/// `text` as a position of `P`, its setup `S` and a move: whatever reads prints back as
/// text that reads back the same; a position also passes [`check_whole`].
pub fn notation<P, S>(text: &str)
where
    P: Position<Setup = S> + 'static,
    S: FromStr + Display + PartialEq + Debug,
{
    if let Ok(p) = text.parse::<P>() {
        let shown = p.to_string();
        let back: P = shown
            .parse()
            .unwrap_or_else(|e| panic!("{shown:?} (from {text:?}) refused: {e}"));
        assert_eq!(back, p, "{text:?} -> {shown:?} reads back otherwise");
        assert_eq!(back.to_string(), shown);
        check_whole(&p);
    }
    if let Ok(s) = text.parse::<S>() {
        let shown = s.to_string();
        let back: S = shown
            .parse()
            .unwrap_or_else(|_| panic!("setup {shown:?} (from {text:?}) refused"));
        assert_eq!(back, s, "setup {text:?} -> {shown:?} reads back otherwise");
        // A setup that is a position prints as the position does.
        if let Ok(p) = P::from_setup(s) {
            assert_eq!(p.to_string(), shown);
        }
    }
    if let Ok(m) = text.parse::<P::Move>() {
        let shown = m.to_string();
        assert_eq!(
            shown.parse::<P::Move>().ok(),
            Some(m),
            "move {text:?} -> {shown:?}"
        );
    }
}

/// What must hold of any position: `check_position` over every move the notation can
/// write (legal moves agree with `is_legal`; a refused move changes nothing), the setup
/// round trip, `pit` and `board` agreeing and never panicking, and every legal move
/// played by the checked `play` as by `play_unchecked`.
pub fn check_whole<P: Position + 'static>(p: &P) {
    let candidates = candidate_moves::<P>();
    check_position(p, candidates.iter().copied());
    // Between turns, an ongoing position is all in its setup (a status only the
    // turn's history shows, as an Omweso beheading or an annulment, is not: RULINGS,
    // "What notation does not carry").
    if p.pending_decision().is_none() && p.status() == mancala_core::Status::Ongoing {
        let setup = p.to_setup();
        assert_eq!(
            P::from_setup(setup.clone()).as_ref(),
            Ok(p),
            "{p:?}: its setup {setup:?} does not give it back"
        );
    }
    let board = p.board();
    assert_eq!(board.to_move, p.side_to_move());
    for player in mancala_core::Player::ALL {
        let row = &board.pits[player];
        for (i, cell) in row.iter().enumerate() {
            assert_eq!(p.pit(player, i), *cell, "{p:?}");
        }
        for i in [row.len(), 26, 255, usize::MAX] {
            assert_eq!(p.pit(player, i), None, "{p:?}: pit {i}");
        }
    }
    for m in p.legal_moves() {
        let mut checked = p.clone();
        checked
            .play(m)
            .unwrap_or_else(|e| panic!("{p:?}: listed {m} refused: {e}"));
        let mut unchecked = p.clone();
        unchecked.play_unchecked(m);
        assert_eq!(checked, unchecked, "{p:?}: {m}");
        assert_eq!(
            checked.board().total(),
            board.total(),
            "{p:?}: {m} changed the seed total"
        );
    }
}

/// What a record shows of itself: enough to see that a refused request changed
/// nothing, taken in O(1).
#[derive(Clone, Debug, PartialEq)]
pub struct Mark<P: Position> {
    /// The moves played.
    pub plies: usize,
    /// The last move.
    pub last: Option<P::Move>,
    /// The current position.
    pub position: P,
    /// The record's status.
    pub status: mancala_core::Status,
    /// Whether the last move repeated a position.
    pub repetition: bool,
}

impl<P: Position> Mark<P> {
    /// The mark of `record`.
    pub fn of<R: Record<Position = P>>(record: &R) -> Self {
        assert_eq!(record.positions().len(), record.moves().len() + 1);
        Mark {
            plies: record.moves().len(),
            last: record.moves().last().copied(),
            position: record.position().clone(),
            status: record.status(),
            repetition: record.is_repetition(),
        }
    }
}

/// Plays the moves the bytes choose through the record `R` from `start`: a byte with
/// its top bit set plays a legal move, other bytes any move the notation can write (often
/// illegal), and `0x7f` takes a move back. A refused move must leave the record as it
/// was; an accepted one must be what the position plays.
pub fn play_record<R: Record>(start: R::Position, bytes: &mut Bytes<'_>) -> R
where
    R::Position: 'static,
{
    let candidates = candidate_moves::<R::Position>();
    let mut record = R::new(start);
    while !bytes.is_empty() {
        let b = bytes.byte();
        if b == 0x7f {
            let before = record.positions().len();
            match record.undo() {
                Some(_) => assert_eq!(record.positions().len(), before - 1),
                None => assert_eq!(before, 1),
            }
            continue;
        }
        let legal = record.legal_moves();
        assert_eq!(legal.is_empty(), record.is_finished(), "{record:?}");
        let m: MoveOf<R> = if b & 0x80 != 0 && !legal.is_empty() {
            legal[usize::from(b & 0x7f) % legal.len()]
        } else {
            candidates[usize::from(b) % candidates.len()]
        };
        // What a refusal must leave as it was (compared in O(1), not by a clone of the
        // whole record, so that long games stay fast to fuzz).
        let before = Mark::of(&record);
        let mut plain = record.position().clone();
        match record.play(m) {
            Ok(()) => {
                assert!(legal.contains(&m), "{m} played, not listed: {before:?}");
                plain.play_unchecked(m);
                assert_eq!(record.position(), &plain, "{before:?}: {m}");
                assert_eq!(record.moves().last(), Some(&m));
                assert_eq!(record.positions().len(), before.plies + 2);
            }
            Err(_) => {
                assert!(!legal.contains(&m), "listed {m} refused: {before:?}");
                assert_eq!(Mark::of(&record), before, "{m} left a mark");
            }
        }
    }
    record
}

/// `text` through serde_json as a position `P` and its move, both as it is and as a
/// JSON string: whatever is read serializes back to a value that reads back the same,
/// status included (see [`serde_position`]).
pub fn serde_text<P>(text: &str)
where
    P: Position + Serialize + DeserializeOwned + 'static,
    P::Move: Serialize + DeserializeOwned,
{
    for json in as_json(text) {
        serde_position::<P>(&json);
        serde_value::<P::Move>(&json);
    }
}

/// `text` as it is and as a JSON string.
#[must_use]
pub fn as_json(text: &str) -> [String; 2] {
    [
        text.to_string(),
        serde_json::Value::String(text.to_string()).to_string(),
    ]
}

/// One JSON text as a position `P`: if it is read, it serializes back to JSON that
/// reads back the same position, status included, and its legal moves agree with
/// `is_legal`. (The whole of [`check_whole`] is the notation targets' part.)
pub fn serde_position<P>(json: &str)
where
    P: Position + Serialize + DeserializeOwned + 'static,
{
    if let Ok(p) = serde_json::from_str::<P>(json) {
        let out = serde_json::to_string(&p).expect("a position serializes");
        let back: P = serde_json::from_str(&out)
            .unwrap_or_else(|e| panic!("{out} (from {json:?}) refused: {e}"));
        assert_eq!(back, p, "{json:?} -> {out}");
        assert_eq!(back.status(), p.status());
        check_position(&p, candidate_moves::<P>());
    }
}

/// One JSON text as any `T` (a move, a setup): if it is read, it serializes back to
/// JSON that reads back the same.
pub fn serde_value<T>(json: &str)
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    if let Ok(v) = serde_json::from_str::<T>(json) {
        let out = serde_json::to_string(&v).expect("a value serializes");
        let back: T = serde_json::from_str(&out)
            .unwrap_or_else(|e| panic!("{out} (from {json:?}) refused: {e}"));
        assert_eq!(back, v, "{json:?} -> {out}");
    }
}

/// Deals `total` seeds one by one into `slots` slots as the bytes say, skipping a slot
/// that holds `cap` (the next with room takes the seed): a setup that holds the game's
/// total and respects its cap, so that most dealt setups are positions. `slots` must
/// have room for `total`.
pub fn deal(bytes: &mut Bytes<'_>, slots: &mut [u8], total: u32, cap: u8) {
    for _ in 0..total {
        let mut k = usize::from(bytes.byte()) % slots.len();
        for _ in 0..slots.len() {
            if slots[k] < cap {
                break;
            }
            k = (k + 1) % slots.len();
        }
        if slots[k] < cap {
            slots[k] += 1;
        }
    }
}
