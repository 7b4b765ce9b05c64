//! Perfect play in the page: the endgame databases of Kalah, Urim and Oware, built in a
//! Web Worker on first use (one thread, in memory: the runtime's
//! [`MemoryDatabases`]), kept by the page as their files' bytes in the browser's
//! storage, and asked what perfect play gives from the position shown and after each
//! of its legal moves, in words.
//!
//! The page builds every board of up to [`page_seeds`] seeds: as many seed counts as
//! fit in [`KALAH_BOARDS`] boards (Kalah: one byte a board) or [`CYCLIC_BOARDS`]
//! (Urim and Oware, whose retrograde analysis is slower and keeps two bytes a board),
//! and never more than the variant's own seeds.

use mancala_core::{Outcome, Player};
use mancala_runtime::db::MemoryDatabases;
use mancala_runtime::{AnyGame, GameKind, Variant};
use mancala_search::Known;

use crate::json::Json;
use crate::page::{name, result_words};
use crate::table::{Table, text};

/// The boards Kalah's databases may hold in all: with 6 pits, every board of up to 12
/// seeds (2,704,156 boards, 2.6 MiB).
pub const KALAH_BOARDS: u64 = 3_000_000;

/// The boards Urim's and Oware's databases may hold in all: on 2×6, every board of up
/// to 10 seeds (646,646 boards, 1.2 MiB); Urim 2×7 up to 9.
pub const CYCLIC_BOARDS: u64 = 1_000_000;

/// The most seeds of any database the page builds (a margin is one signed byte).
const MOST: u32 = 48;

/// The boards of up to `seeds` seeds on `pits` pits: `C(seeds + pits, pits)`.
fn boards_up_to(pits: u32, seeds: u32) -> u64 {
    (1..=u64::from(pits)).fold(1u64, |c, k| c * (u64::from(seeds) + k) / k)
}

/// The most seeds on the board whose databases the page builds for `variant`, `None`
/// for a game without databases (Omweso, Rio Kadalis).
#[must_use]
pub fn page_seeds(variant: &Variant) -> Option<u32> {
    if !mancala_runtime::db::has_databases(variant) {
        return None;
    }
    let pits = 2 * u32::from(variant.pits());
    let budget = if variant.kind() == GameKind::Kalah {
        KALAH_BOARDS
    } else {
        CYCLIC_BOARDS
    };
    let own = pits * u32::from(variant.seeds_per_pit());
    let mut n = 0;
    while n < own.min(MOST) && boards_up_to(pits, n + 1) <= budget {
        n += 1;
    }
    Some(n)
}

/// Final margins `lo..=hi` in words, for the player `p` they are of: `South wins by
/// 4`, `North loses by 2`, `South draws`, `South ends between −2 and +4`.
fn margin_words(p: Player, lo: i32, hi: i32) -> String {
    let who = name(p);
    match (lo, hi) {
        (0, 0) => format!("{who} draws"),
        (m, n) if m == n && m > 0 => format!("{who} wins by {m}"),
        (m, n) if m == n => format!("{who} loses by {}", -m),
        (m, n) => format!("{who} ends between {m:+} and {n:+}"),
    }
}

/// The final margin (`p`'s total minus the opponent's) of an outcome with totals.
fn margin(o: &Outcome, p: Player) -> Option<i32> {
    let t = o.totals?;
    Some(i32::from(t[p]) - i32::from(t[p.opponent()]))
}

/// What the databases know, as the final margins `(lowest, highest)` for `p`.
fn margins(known: &Known, p: Player) -> Option<(i32, i32)> {
    match known {
        Known::Exact(o) => margin(o, p).map(|m| (m, m)),
        Known::Bounds { lower, upper } => {
            let (a, b) = (margin(lower, p)?, margin(upper, p)?);
            Some((a.min(b), a.max(b)))
        }
    }
}

/// The seeds on the board of `game` (the pits of both rows).
fn seeds_on_board(game: &AnyGame) -> u32 {
    let board = game.board();
    [Player::South, Player::North]
        .iter()
        .flat_map(|&p| board.pits[p].iter())
        .map(|c| u32::from(c.unwrap_or(0)))
        .sum()
}

/// What the page says of perfect play at `table`'s position without any database, as
/// the JSON of [`Perfect::value_json`] (`state`: `none`, a game without databases;
/// `over`; `seeds`, more seeds on the board than the page's databases hold); `None`
/// where the databases answer. The page asks this first, so that it builds nothing for
/// a position that needs no database.
#[must_use]
pub fn without_databases(table: &Table) -> Option<String> {
    let game = table.game();
    let seeds = seeds_on_board(&game);
    let limit = page_seeds(game.variant());
    let (state, words) = match limit {
        None => (
            "none",
            format!(
                "Perfect play comes from endgame databases, which Kalah, Urim and Oware have; {} has none.",
                game.kind().title()
            ),
        ),
        Some(_) if game.is_finished() => ("over", "The game is over.".to_string()),
        Some(limit) if seeds > limit => (
            "seeds",
            format!(
                "Perfect play is known here for boards of up to {limit} seeds; this one has {seeds}."
            ),
        ),
        Some(_) => return None,
    };
    let mut j = Json::object();
    j.str("state", state);
    j.num("seeds", u64::from(seeds));
    j.num("limit", u64::from(limit.unwrap_or(0)));
    j.raw("south", "null");
    j.str("words", &words);
    j.raw("moves", "[]");
    Some(j.finish())
}

/// The page's databases of one variant's rule set, as far as they are built or read.
#[derive(Debug)]
pub struct Perfect {
    dbs: MemoryDatabases,
    seeds: u32,
    kind: GameKind,
}

impl Perfect {
    /// No database yet of `variant` (`kalah pits=6 seeds=4`, …), to hold every board of
    /// up to [`page_seeds`] seeds.
    ///
    /// # Errors
    /// The library's message for a variant it does not know or a game without
    /// databases.
    pub fn new(variant: &str) -> Result<Perfect, String> {
        let v: Variant = variant.parse().map_err(text)?;
        // A game without databases: the library says so.
        let seeds = page_seeds(&v).unwrap_or(0);
        Ok(Perfect {
            dbs: MemoryDatabases::new(&v, seeds).map_err(text)?,
            seeds,
            kind: v.kind(),
        })
    }

    /// What the page builds and has, as JSON: `seeds` (every board of up to that
    /// many), `built` (the seed counts held: `0..built`), `boards` and `bytes` in all,
    /// and `files`, the file of each seed count as `solve` names it.
    #[must_use]
    pub fn plan_json(&self) -> String {
        let ranker = self.dbs.databases().ranker();
        let width = self.dbs.databases().width() as u64;
        let boards: u64 = (0..=self.seeds).map(|s| ranker.count(s)).sum();
        let files: Vec<String> = (0..=self.seeds).map(|s| self.dbs.file_name(s)).collect();
        let mut j = Json::object();
        j.num("seeds", u64::from(self.seeds));
        j.num("built", u64::from(self.dbs.len()));
        j.num("boards", boards);
        j.num("bytes", boards * width);
        j.strs("files", &files);
        j.finish()
    }

    /// Whether every database the page wants is held.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.dbs.len() > self.seeds
    }

    /// Builds the next seed count's database: `{seeds, boards}` as JSON.
    ///
    /// # Errors
    /// The library's message when all are built already.
    pub fn build_next(&mut self) -> Result<String, String> {
        if self.is_complete() {
            return Err(format!(
                "the databases of up to {} seeds are all built",
                self.seeds
            ));
        }
        let b = self.dbs.build_next().map_err(text)?;
        let mut j = Json::object();
        j.num("seeds", u64::from(b.seeds));
        j.num("boards", b.boards);
        Ok(j.finish())
    }

    /// The bytes of the file of the database of `seeds` seeds (what `solve` writes).
    ///
    /// # Errors
    /// The library's message when it is not built.
    pub fn file_bytes(&self, seeds: u32) -> Result<Vec<u8>, String> {
        self.dbs.file_bytes(seeds).map_err(text)
    }

    /// Adds the next seed count's database from its file's bytes, checked.
    ///
    /// # Errors
    /// The library's message for bytes that are not that file; nothing changes.
    pub fn push_file(&mut self, bytes: &[u8]) -> Result<(), String> {
        if self.is_complete() {
            return Err(format!(
                "the databases of up to {} seeds are all here",
                self.seeds
            ));
        }
        self.dbs.push_file(bytes).map_err(text)
    }

    /// What perfect play gives from `table`'s position, as JSON: `state` (`exact`,
    /// `bounds`, `history`: not known here because of the positions since the last
    /// capture, `building`, or those of [`without_databases`]), `seeds` on the board
    /// and `limit`, `south`: the final margins `[lowest, highest]` for South (equal when
    /// exact), `words`, `mover`, `note` (what a player should know of these values), and
    /// `moves`: each legal move with `lo`, `hi` (the final margins for the player to move
    /// after it; `null` where not known), `words` and `best` (a move that keeps the exact
    /// value).
    ///
    /// # Errors
    /// The library's message for a game of another rule set.
    pub fn value_json(&self, table: &Table) -> Result<String, String> {
        if let Some(without) = without_databases(table) {
            return Ok(without);
        }
        let game = table.game();
        let mut j = Json::object();
        j.num("seeds", u64::from(seeds_on_board(&game)));
        j.num("limit", u64::from(self.seeds));
        if !self.is_complete() {
            j.str("state", "building");
            j.raw("south", "null");
            j.str("words", "The endgame databases are being built.");
            j.raw("moves", "[]");
            return Ok(j.finish());
        }
        let mover = game.side_to_move();
        let known = self.dbs.known(&game).map_err(text)?;
        let here = known.as_ref().and_then(|k| margins(k, Player::South));
        match (&known, here) {
            (Some(Known::Exact(o)), Some((m, _))) => {
                j.str("state", "exact");
                j.raw("south", &format!("[{m},{m}]"));
                j.str(
                    "words",
                    &format!("With perfect play: {}.", result_words(self.kind, o)),
                );
            }
            (Some(Known::Bounds { .. }), Some((lo, hi))) => {
                j.str("state", "bounds");
                j.raw("south", &format!("[{lo},{hi}]"));
                j.str(
                    "words",
                    &format!(
                        "With perfect play South's final margin is between {lo:+} and {hi:+}: not exact, because of the repetition rule (rule 6)."
                    ),
                );
            }
            _ => {
                j.str("state", "history");
                j.raw("south", "null");
                j.str(
                    "words",
                    "Not known at this position: since the last capture the game has passed positions whose repetition would end it (rule 6), so its value depends on them.",
                );
            }
        }
        let value = here.filter(|(lo, hi)| lo == hi).map(|(m, _)| match mover {
            Player::South => m,
            Player::North => -m,
        });
        let mut moves = Vec::new();
        for m in game.legal_moves() {
            let mut child = game.clone();
            child.play(m).map_err(text)?;
            let after = match child.outcome() {
                Some(o) => margin(&o, mover).map(|x| (x, x)),
                None => self
                    .dbs
                    .known(&child)
                    .map_err(text)?
                    .and_then(|k| margins(&k, mover)),
            };
            let mut o = Json::object();
            o.str("move", &m.to_string());
            match after {
                Some((lo, hi)) => {
                    o.raw("lo", &lo.to_string());
                    o.raw("hi", &hi.to_string());
                    o.str("words", &margin_words(mover, lo, hi));
                    o.raw(
                        "best",
                        if lo == hi && Some(lo) == value {
                            "true"
                        } else {
                            "false"
                        },
                    );
                }
                None => {
                    o.raw("lo", "null");
                    o.raw("hi", "null");
                    o.str(
                        "words",
                        "not known: the positions since the last capture count (rule 6)",
                    );
                    o.raw("best", "false");
                }
            }
            moves.push(o.finish());
        }
        j.raw("moves", &format!("[{}]", moves.join(",")));
        j.str("mover", name(mover));
        j.str("note", self.note());
        Ok(j.finish())
    }

    /// What a player should know of these databases' values, in words (Kalah's hold
    /// whatever the moves before: nothing to say).
    fn note(&self) -> &'static str {
        match self.kind {
            GameKind::Kalah => "",
            GameKind::Oware => {
                "A repeated position ends the game (rule 6), so a position's value can depend on the moves since the last capture: the databases hold two bounds a board, exact only where they meet, and answer at the start, at a position set up and right after a capture. They play on past a majority in a store: the winner is the game's, the count that of every seed played out."
            }
            _ => {
                "A repeated position ends the game (rule 6), so a position's value can depend on the moves since the last capture: the databases hold two bounds a board, exact only where they meet, and answer at the start, at a position set up and right after a capture."
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_s_sizes() {
        let seeds = |v: &str| page_seeds(&v.parse().unwrap());
        assert_eq!(seeds("kalah"), Some(12));
        assert_eq!(seeds("urim"), Some(10));
        assert_eq!(seeds("urim pits=7"), Some(9));
        assert_eq!(seeds("oware"), Some(10));
        // A small Kalah: every seed of the game.
        assert_eq!(seeds("kalah pits=3 seeds=3"), Some(18));
        assert_eq!(seeds("omweso"), None);
        assert_eq!(boards_up_to(12, 10), 646_646);
        assert_eq!(boards_up_to(12, 12), 2_704_156);
    }
}
