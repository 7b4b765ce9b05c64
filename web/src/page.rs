//! What the page says to players, in plain Rust: the variants' names for the New game
//! panel, each ply of the game with what it did (captures, extra turns, decisions), and
//! the end of a game in words with the rule that ended it. The page draws these; it
//! keeps no rule and no word of its own about the games.

use mancala_core::{Outcome, Player, Status};
use mancala_runtime::{AnyGame, GameKind, SowEvent, Variant};

use crate::json::Json;
use crate::table::{Table, side, text};

/// A variant's name for players: `Kalah — 6 pits, 4 seeds`, `Urim — 7 pits, 3 seeds`,
/// `Omweso — two captures first`, `Rio Kadalis — 5 pits, clockwise`.
///
/// # Errors
/// The library's message for a variant it does not know.
pub fn variant_label(variant: &str) -> Result<String, String> {
    let v: Variant = variant.parse().map_err(text)?;
    let words = v.to_string();
    let mut parts = Vec::new();
    for word in words.split_whitespace().skip(1) {
        let part = match word.split_once('=') {
            Some(("pits", n)) => format!("{n} pits"),
            Some(("seeds", n)) => format!("{n} seeds"),
            Some((k, n)) => format!("{k} {n}"),
            None => match word {
                "north-first" => "North starts".to_string(),
                "by-lot" => "first player by lot".to_string(),
                "empty-capture" => "captures from an empty opposite pit".to_string(),
                "mover-empty" => "ends when the mover's side is empty".to_string(),
                w => w.replace('-', " "),
            },
        };
        parts.push(part);
    }
    let title = v.kind().title();
    Ok(if parts.is_empty() {
        title.to_string()
    } else {
        format!("{title} — {}", parts.join(", "))
    })
}

/// The menu's variants as JSON: `[{"variant", "label", "game", "title"}]`.
#[must_use]
pub fn variants_json() -> String {
    let items: Vec<String> = crate::variant_texts()
        .iter()
        .filter_map(|v| {
            let parsed: Variant = v.parse().ok()?;
            let mut o = Json::object();
            o.str("variant", v);
            o.str("label", &variant_label(v).ok()?);
            o.str("game", parsed.kind().name());
            o.str("title", parsed.kind().title());
            Some(o.finish())
        })
        .collect();
    format!("[{}]", items.join(","))
}

/// `South` or `North`.
pub(crate) fn name(p: Player) -> &'static str {
    match p {
        Player::South => "South",
        Player::North => "North",
    }
}

/// `1 seed`, `5 seeds`.
fn seeds(n: u32) -> String {
    format!("{n} seed{}", if n == 1 { "" } else { "s" })
}

/// An outcome in words: `North wins 31 to 17`, `South wins 2 points, 27 to 9` (the
/// games that score points: Urim, Omweso), `A draw, 24 to 24`.
#[must_use]
pub fn result_words(kind: GameKind, o: &Outcome) -> String {
    // Kalah, Oware and Rio Kadalis count seeds only; the others score points.
    let by_points = !matches!(
        kind,
        GameKind::Kalah | GameKind::Oware | GameKind::RioKadalis
    );
    let totals = o.totals.map(|t| (t.south, t.north));
    let score = |w: Player| {
        totals.map(|(s, n)| match w {
            Player::South => format!("{s} to {n}"),
            Player::North => format!("{n} to {s}"),
        })
    };
    match o.winner {
        Some(w) if by_points => {
            let points = format!("{} point{}", o.points, if o.points == 1 { "" } else { "s" });
            match score(w) {
                Some(s) => format!("{} wins {points}, {s}", name(w)),
                None => format!("{} wins {points}", name(w)),
            }
        }
        Some(w) => match score(w) {
            Some(s) => format!("{} wins {s}", name(w)),
            None => format!("{} wins", name(w)),
        },
        None => match totals {
            Some((s, n)) => format!("A draw, {s} to {n}"),
            None => "A draw".to_string(),
        },
    }
}

/// How the game ended, for a player: the headline (`North wins 31 to 17`), the reason
/// in a sentence, the rule it cites (its anchor on the rules page), and the totals.
/// `None` while the game goes on.
#[must_use]
pub fn ending_json(game: &AnyGame, status: Status) -> Option<String> {
    let kind = game.kind();
    let mover = game.side_to_move();
    let (m, other) = (name(mover), name(mover.opponent()));
    let mut j = Json::object();
    let o = match status {
        Status::Ongoing => return None,
        Status::Annulled => {
            j.str("headline", "No result: the game is annulled");
            let (how, rule) = if kind == GameKind::RioKadalis {
                (
                    "A move never stopped sowing. The round is replayed with the same stocks, the other player starting.",
                    "3",
                )
            } else {
                (
                    "A move never stopped sowing: the game is annulled, and nobody scores.",
                    "8",
                )
            };
            j.str("how", how);
            j.str("rule", rule);
            j.raw("winner", "null");
            j.raw("totals", "null");
            j.num("points", 0);
            return Some(j.finish());
        }
        Status::Over(o) => o,
    };
    let reason = o.reason.name();
    let totals = o.totals.map(|t| (t.south, t.north));
    let headline = result_words(kind, &o);
    let board = game.board();
    let row = |p: Player| -> u32 {
        board.pits[p]
            .iter()
            .map(|c| u32::from(c.unwrap_or(0)))
            .sum()
    };
    let left = row(Player::South) + row(Player::North);
    let how = match (kind, reason) {
        (GameKind::Urim, "starvation") => format!(
            "{m} has no seeds left to play, so {other} takes the {} left on the board.",
            seeds(left)
        ),
        (GameKind::Oware, "starvation") => format!(
            "{m} cannot give {other} any seeds to play, so each player takes the seeds in their own row."
        ),
        (_, "repetition") => "The same position came back since the last capture, so the sowing would go round forever: each player takes the seeds in their own row.".to_string(),
        (GameKind::Oware, "majority") => {
            "One store holds more than half of the seeds (or each holds exactly half), so the game is decided; each player adds the seeds in their own row.".to_string()
        }
        (GameKind::Kalah, _) => {
            "A side is empty: each player adds the seeds left on their side to their store."
                .to_string()
        }
        (GameKind::RioKadalis, _) => format!(
            "{m} has no seed left to move: each player takes the seeds in their own row, and more seeds win the round."
        ),
        (GameKind::Omweso, "beheading") => format!(
            "Beheading: {other}'s captures this turn emptied {m}'s inner row, or took all four of {m}'s corner pits."
        ),
        (GameKind::Omweso, "grand-slam") => format!("Grand slam: all of {m}'s pits are empty."),
        (GameKind::Omweso, "two-captures-first") => format!(
            "{other} has captured in two turns and {m} in none (two captures first)."
        ),
        (GameKind::Omweso, "forfeit") => {
            "A move took more than 3 seconds in blitz play.".to_string()
        }
        (GameKind::Omweso, _) => {
            format!("{m} cannot move: every pit of {m}'s holds 0 or 1 seeds.")
        }
        (_, r) => format!("The game ended: {}.", r.replace('-', " ")),
    };
    j.str("headline", &headline);
    j.str("how", &how);
    // The rule the game's own ending names ("rule K5"), as the rules page anchors it.
    match o.reason.rule().map(|r| r.trim_start_matches("rule ")) {
        Some(r) => j.str("rule", r),
        None => j.raw("rule", "null"),
    }
    j.str("reason", reason);
    match o.winner {
        Some(w) => j.str("winner", side(w)),
        None => j.raw("winner", "null"),
    }
    j.num("points", u64::from(o.points));
    match totals {
        Some((s, n)) => j.raw("totals", &format!("[{s},{n}]")),
        None => j.raw("totals", "null"),
    }
    Some(j.finish())
}

impl Table {
    /// What the page shows beside the board, as JSON: the direction of sowing
    /// (`ccw`/`cw`), the readable name of the variant, the end of the game in words
    /// ([`ending_json`], `null` while it goes on).
    #[must_use]
    pub fn page_json(&self) -> String {
        let g = self.game();
        let variant = g.variant().to_string();
        let mut j = Json::object();
        j.str(
            "direction",
            if variant.split_whitespace().any(|w| w == "clockwise") {
                "cw"
            } else {
                "ccw"
            },
        );
        j.str("label", &variant_label(&variant).unwrap_or(variant));
        match ending_json(&g, self.status()) {
            Some(e) => j.raw("ending", &e),
            None => j.raw("ending", "null"),
        }
        j.finish()
    }

    /// Each ply of the game from its start, as a JSON array: the move, its mover
    /// (`S`/`N`), the seeds it captured for each player (`[south, north]`), the pit it
    /// was sown from and the pit its last seed reached (`{player, pit}`), whether the
    /// mover plays again (`extra`: a Kalah extra turn) or must decide how the turn goes
    /// on (`decision`: an Omweso mid-turn choice).
    #[must_use]
    pub fn history_json(&self) -> String {
        let mut g = self.game();
        let moves = g.moves();
        while g.undo().is_some() {}
        let mut items = Vec::with_capacity(moves.len());
        for m in moves {
            let mover = g.side_to_move();
            let Ok(events) = g.play_sowing(m) else {
                break;
            };
            let mut captured = [0u32; 2];
            let (mut from, mut last) = (None, None);
            for e in &events {
                match *e {
                    SowEvent::Lap { origin, .. } if from.is_none() => from = Some(origin),
                    SowEvent::Drop { pit } => last = Some(pit),
                    SowEvent::Capture { seeds, to, .. } => {
                        captured[usize::from(to == Player::North)] += u32::from(seeds);
                    }
                    SowEvent::Seize { seeds, .. } => {
                        captured[usize::from(mover == Player::North)] += u32::from(seeds);
                    }
                    _ => {}
                }
            }
            let pending = g.pending_decision().is_some();
            let mut o = Json::object();
            o.str("move", &m.to_string());
            o.str("side", side(mover));
            o.raw("captured", &format!("[{},{}]", captured[0], captured[1]));
            let pit = |p: Option<mancala_runtime::PitId>| {
                p.map_or("null".to_string(), |p| {
                    format!("{{\"player\":\"{}\",\"pit\":{}}}", side(p.player), p.index)
                })
            };
            o.raw("from", &pit(from));
            o.raw("last", &pit(last));
            let again = !g.is_finished() && g.side_to_move() == mover;
            o.raw("extra", if again && !pending { "true" } else { "false" });
            o.raw("decision", if pending { "true" } else { "false" });
            items.push(o.finish());
        }
        format!("[{}]", items.join(","))
    }

    /// A game of the game shown (`variant`, its rule options) from a pasted position:
    /// the position gives the board's size and seeds, so a Kalah position is read as
    /// Kalah whatever its size, and a Urim one keeps its own row length.
    ///
    /// # Errors
    /// The library's message for a position it refuses.
    pub fn from_pasted(variant: &str, position: &str) -> Result<Table, String> {
        let v: Variant = variant.parse().map_err(text)?;
        // The rule options (the game's flags) that the notation does not carry: Kalah's
        // notation writes its own; the sizes (the counts: pits, seeds) are the position's.
        let flags = match v.kind() {
            GameKind::Kalah => &[],
            kind => kind.options(),
        };
        let words: Vec<&str> = variant
            .split_whitespace()
            .skip(1)
            .filter(|w| flags.iter().any(|o| o.values.is_empty() && o.name == *w))
            .collect();
        let game =
            AnyGame::from_notation(v.kind(), position.trim(), &words.join(" ")).map_err(text)?;
        Ok(Table::from_game(game))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_have_names_for_players() {
        assert_eq!(variant_label("kalah").unwrap(), "Kalah — 6 pits, 4 seeds");
        assert_eq!(
            variant_label("urim pits=7").unwrap(),
            "Urim — 7 pits, 3 seeds"
        );
        assert_eq!(variant_label("omweso").unwrap(), "Omweso");
        assert_eq!(
            variant_label("rio-kadalis pits=5 clockwise").unwrap(),
            "Rio Kadalis — 5 pits, clockwise"
        );
        assert!(variant_label("chess").is_err());
    }
}
