//! Results and endings in words, the same in every front end: who won what
//! ([`describe_result`]), how a game ended with the rule that ended it and the totals
//! ([`describe_status`]). A reason's short name, for programs, is its own
//! [`EndReason::name`](mancala_core::EndReason::name).

use mancala_core::{Player, Status};

use crate::variant::GameKind;

/// Who won what, in words: `South wins 2 points`, `North wins 1 point`, `a draw`.
#[must_use]
pub fn describe_result(o: &mancala_core::Outcome) -> String {
    match o.winner {
        Some(w) => format!(
            "{} wins {} point{}",
            w.name(),
            o.points,
            if o.points == 1 { "" } else { "s" }
        ),
        None => "a draw".to_string(),
    }
}

/// How a game ended, in words: who won what, by which rule, with the totals — e.g.
/// `North wins 2 points by beheading (rule 7): North's captures emptied South's inner
/// row or took its four corner pits`. `to_move` is the player to move at the end.
#[must_use]
pub fn describe_status(game: GameKind, status: Status, to_move: Player) -> String {
    describe(game, status, to_move, None)
}

/// [`describe_status`], naming Omweso's beheading condition when it is known.
pub(crate) fn describe(
    game: GameKind,
    status: Status,
    to_move: Player,
    beheading: Option<omweso::Beheading>,
) -> String {
    let o = match status {
        Status::Ongoing => return "the game goes on".into(),
        Status::Annulled => {
            let rule = match game {
                GameKind::Omweso => " (rule 8)",
                GameKind::RioKadalis => " (rule 3: the round is replayed)",
                _ => "",
            };
            return format!("annulled: an endless move{rule}; no points");
        }
        Status::Over(o) => o,
    };
    let result = describe_result(&o);
    let (mover, other) = (to_move.name(), to_move.opponent().name());
    let how = match (o.reason.name(), game) {
        ("regular", GameKind::Omweso) => {
            format!("a regular win (rule 7): {mover} has no legal move")
        }
        ("regular", GameKind::RioKadalis) => format!(
            "the end of the round (rule 4): {mover} has no stone to move; each player takes the stones in their row"
        ),
        ("regular", _) => format!("the regular end: {mover} has no legal move"),
        ("starvation", GameKind::Urim) => format!(
            "starvation (rule 5): {mover} has no seeds in their row; {other} takes the seeds left"
        ),
        ("starvation", _) => format!(
            "starvation: {mover} cannot move, or cannot feed {other}; each player takes the seeds in their row"
        ),
        ("side-empty", _) => {
            "an empty side (rule K5): each player adds the seeds on their side".into()
        }
        ("majority", _) => {
            "a majority in store: more than half of the seeds in one store, or half in each".into()
        }
        ("repetition", g) => format!(
            "repetition{}: a position came back since the last capture; each player takes the seeds in their row",
            match g {
                GameKind::Urim | GameKind::RioKadalis => " (rule 6)",
                _ => "",
            }
        ),
        ("beheading", _) => match beheading {
            Some(omweso::Beheading::InnerRow) => {
                format!("beheading (rule 7): {other}'s captures emptied {mover}'s inner row")
            }
            Some(omweso::Beheading::Corners) => {
                format!("beheading (rule 7): {other}'s captures took {mover}'s four corner pits")
            }
            Some(_) => format!(
                "beheading (rule 7): {other}'s captures emptied {mover}'s inner row and took its four corner pits"
            ),
            None => format!(
                "beheading (rule 7): {other}'s captures emptied {mover}'s inner row or took its four corner pits"
            ),
        },
        ("grand-slam", _) => {
            format!("grand slam (rule 7): all of {mover}'s pits are empty")
        }
        ("two-captures-first", _) => format!(
            "two captures first (rule 7): {other} has captured in two turns, {mover} in none"
        ),
        ("forfeit", _) => "forfeit: a move over 3 seconds in blitz play (rule 9)".into(),
        (name, _) => name.to_string(),
    };
    let totals = o
        .totals
        .map(|t| format!("; totals South {} North {}", t.south, t.north))
        .unwrap_or_default();
    format!("{result} by {how}{totals}")
}
