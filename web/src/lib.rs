//! The mancala games in a web page: a thin wasm-bindgen layer over the runtime
//! (`mancala-runtime`, built without databases). The page keeps no rules of its own:
//! it asks this module for the legal moves, plays them, and reads the status, the
//! outcome in words and the notation.
//!
//! Every call that can fail throws a JavaScript `Error` whose message is the library's,
//! and leaves the game as it was. Strings and JSON cross the boundary, nothing else.

use wasm_bindgen::prelude::*;

pub mod json;
#[cfg(feature = "rules")]
pub mod rules;
pub mod table;

pub use table::{Bot, Table};

/// The library's message as a JavaScript `Error`.
fn js(e: String) -> JsError {
    JsError::new(&e)
}

/// Every game and variant the menu offers, as their texts (`urim pits=7 seeds=4`):
/// the library's list of standard variants, each game's from its crate
/// (`mancala_runtime::Variant::standard_variants`).
#[must_use]
pub fn variant_texts() -> Vec<String> {
    mancala_runtime::Variant::standard_variants()
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Every game and variant the menu offers (see [`variant_texts`]).
#[wasm_bindgen]
#[must_use]
pub fn variants() -> Vec<String> {
    variant_texts()
}

/// A game (or a match) in the page.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Game {
    table: Table,
}

#[wasm_bindgen]
impl Game {
    /// A new game of the variant `variant` (`urim pits=7 seeds=4`, `omweso`, …).
    ///
    /// # Errors
    /// The library's message for a variant it does not know.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str) -> Result<Game, JsError> {
        Table::new(variant).map(|table| Game { table }).map_err(js)
    }

    /// A whole match of `variant` (Urim, Omweso, Rio Kadalis); `target` is Urim's
    /// target in points (0 for the rules' 10), `lot` draws Omweso's `by-lot`.
    ///
    /// # Errors
    /// The library's message for a variant without matches.
    #[wasm_bindgen(js_name = newMatch)]
    pub fn new_match(variant: &str, target: u16, lot: u32) -> Result<Game, JsError> {
        Table::new_match(variant, target, u64::from(lot))
            .map(|table| Game { table })
            .map_err(js)
    }

    /// A game of `variant` from a position in the game's notation.
    ///
    /// # Errors
    /// The library's message for a position it refuses.
    #[wasm_bindgen(js_name = fromNotation)]
    pub fn from_notation(variant: &str, position: &str) -> Result<Game, JsError> {
        Table::from_notation(variant, position)
            .map(|table| Game { table })
            .map_err(js)
    }

    /// A game of `variant` from `start` (empty: the standard start) with `moves`
    /// (separated by spaces) played.
    ///
    /// # Errors
    /// The library's message for a bad position or move.
    #[wasm_bindgen(js_name = fromMoves)]
    pub fn from_moves(variant: &str, start: &str, moves: &str) -> Result<Game, JsError> {
        Table::from_moves(variant, start, moves)
            .map(|table| Game { table })
            .map_err(js)
    }

    /// The game of a game file's text, every move replayed and its result checked.
    ///
    /// # Errors
    /// The library's message for a file it cannot read or replay.
    #[wasm_bindgen(js_name = openFile)]
    pub fn open_file(text: &str) -> Result<Game, JsError> {
        Table::open_file(text)
            .map(|table| Game { table })
            .map_err(js)
    }

    /// Plays the move `text` and returns it as the library writes it.
    ///
    /// # Errors
    /// The library's message; the game is unchanged.
    pub fn play(&mut self, text: &str) -> Result<String, JsError> {
        self.table.play(text).map_err(js)
    }

    /// Plays the move `text` and returns `{"move", "events"}` as JSON: the move as the
    /// library writes it and its sowing events, seed by seed (see
    /// [`table::events_json`]), which the page animates.
    ///
    /// # Errors
    /// The library's message; the game is unchanged.
    #[wasm_bindgen(js_name = playSowing)]
    pub fn play_sowing(&mut self, text: &str) -> Result<String, JsError> {
        self.table.play_sowing(text).map_err(js)
    }

    /// Takes back the last move; `undefined` at the start.
    ///
    /// # Errors
    /// The library's message where the rules take no moves back.
    pub fn undo(&mut self) -> Result<Option<String>, JsError> {
        self.table.undo().map_err(js)
    }

    /// The next game of a match, or the same game again from its start.
    ///
    /// # Errors
    /// The library's message while a match's game goes on.
    #[wasm_bindgen(js_name = nextGame)]
    pub fn next_game(&mut self) -> Result<(), JsError> {
        self.table.next_game().map_err(js)
    }

    /// The legal moves in the game's notation.
    #[wasm_bindgen(js_name = legalMoves)]
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        self.table.game().legal_moves_text()
    }

    /// The moves played from the start.
    #[must_use]
    pub fn moves(&self) -> Vec<String> {
        self.table.game().moves_text()
    }

    /// The position in the game's notation.
    #[must_use]
    pub fn notation(&self) -> String {
        self.table.notation()
    }

    /// The variant's text.
    #[must_use]
    pub fn variant(&self) -> String {
        self.table.game().variant().to_string()
    }

    /// `ongoing`, `over` or `annulled`.
    #[must_use]
    pub fn status(&self) -> String {
        self.table.game().status().to_string()
    }

    /// The status in words, with the rule that ended the game and the totals.
    #[wasm_bindgen(js_name = describeStatus)]
    #[must_use]
    pub fn describe_status(&self) -> String {
        self.table.game().describe_status()
    }

    /// The board and everything the page draws, as JSON (see [`Table::state_json`]).
    #[must_use]
    pub fn state(&self) -> String {
        self.table.state_json()
    }

    /// Whether playing `text` takes long (an Omweso relay past the engines' bound).
    #[wasm_bindgen(js_name = isSlowMove)]
    #[must_use]
    pub fn is_slow_move(&self, text: &str) -> bool {
        self.table.is_slow_move(text)
    }

    /// The game file of the current game; `date` is `YYYY-MM-DD` from the page.
    #[wasm_bindgen(js_name = gameFile)]
    #[must_use]
    pub fn game_file(&self, south: &str, north: &str, date: &str) -> String {
        self.table.game_file(south, north, date)
    }
}

/// An engine for the page (run in a Web Worker).
#[wasm_bindgen]
#[derive(Debug)]
pub struct Engine {
    bot: Bot,
}

#[wasm_bindgen]
impl Engine {
    /// The engine of `spec` (`alphabeta:6`, `alphabeta:20000n`, `mcts:300`) for games
    /// of `variant`, its random choices drawn from `seed`.
    ///
    /// # Errors
    /// The library's message for a bad spec or variant.
    #[wasm_bindgen(constructor)]
    pub fn new(spec: &str, variant: &str, seed: u32) -> Result<Engine, JsError> {
        Bot::new(spec, variant, u64::from(seed))
            .map(|bot| Engine { bot })
            .map_err(js)
    }

    /// Searches `game`: `{best, score, pv, nodes, depth, ms}` as JSON.
    ///
    /// # Errors
    /// The library's message when the game is not of the engine's variant.
    pub fn search(&mut self, game: &Game) -> Result<String, JsError> {
        self.bot.search(&game.table).map_err(js)
    }
}
