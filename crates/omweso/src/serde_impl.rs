//! Serde: a position as a small map of its notation and what the notation does not
//! carry (the rule options, the cap of a custom start, the status), validated on the
//! way in; moves as their notation.
//!
//! ```json
//! {"position": "0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 S - 0-0",
//!  "rules": {"two_captures_first": false}, "cap": 10, "status": "ongoing"}
//! ```
//!
//! A finished game's status names the rule that ended it: `over N 2 beheading`.

use core::fmt;

use mancala_core::{Outcome, Player, Position, Status};
use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::pit::{INNER, get};
use crate::position::Turn;
use crate::{Move, Omweso, Rules, Setup, end};

/// The fields of a serialized position.
const FIELDS: &[&str] = &["position", "rules", "cap", "status"];

/// Serializes a value as its `Display` string (no allocation).
struct AsText<T>(T);

impl<T: fmt::Display> Serialize for AsText<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

impl Serialize for Omweso {
    /// `{"position": <notation>, "rules": {..}, "cap": <u8>, "status": <status>}`: the
    /// status as `ongoing`, `annulled` or `over <S|N> <points>`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_struct("Omweso", FIELDS.len())?;
        map.serialize_field("position", &AsText(self))?;
        map.serialize_field("rules", &self.rules)?;
        map.serialize_field("cap", &self.to_setup().cap)?;
        map.serialize_field("status", &AsText(StatusWithReason(self.status)))?;
        map.end()
    }
}

/// A status as `Status` prints it, and for a finished game the reason after it
/// (`over S 2 beheading`).
struct StatusWithReason(Status);

impl fmt::Display for StatusWithReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Status::Over(o) => write!(f, "over {o} {}", o.reason),
            s => write!(f, "{s}"),
        }
    }
}

/// The position field read as plain data, syntax only.
struct Notation(Setup, Option<Turn>);

impl<'de> Deserialize<'de> for Notation {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Notation, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Notation;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an omweso position in notation")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Notation, E> {
                crate::notation::parse_fields(v)
                    .map(|(setup, turn)| Notation(setup, turn))
                    .map_err(E::custom)
            }
        }
        d.deserialize_str(V)
    }
}

/// The status field: `ongoing`, `annulled` or `over <S|N> <points>`.
/// The status, and whether it named its reason.
struct StatusText(Status, bool);

impl<'de> Deserialize<'de> for StatusText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<StatusText, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = StatusText;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("'ongoing', 'annulled' or 'over <S|N> <points> [<reason>]'")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<StatusText, E> {
                parse_status(v)
                    .map(|(s, named)| StatusText(s, named))
                    .ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
            }
        }
        d.deserialize_str(V)
    }
}

/// Parses a status as `Status` prints it, for Omweso (a winner, no draw, no totals),
/// with the reason after it; without one (as written before the reason was), the
/// reason the points allow is read (`with_status` then picks the 2-point one).
fn parse_status(s: &str) -> Option<(Status, bool)> {
    match s {
        "ongoing" => return Some((Status::Ongoing, false)),
        "annulled" => return Some((Status::Annulled, false)),
        _ => {}
    }
    let mut words = s.strip_prefix("over ")?.split(' ');
    let (Some(winner), Some(points), reason, None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return None;
    };
    let winner: Player = winner.parse().ok()?;
    let points = match points {
        "1" => 1,
        "2" => 2,
        "12" => 12,
        _ => return None,
    };
    let named = reason.is_some();
    let reason = match reason {
        Some(text) => end::ALL.into_iter().find(|r| r.name() == text)?,
        None => match points {
            12 => end::GRAND_SLAM,
            2 => end::BEHEADING,
            _ => end::REGULAR,
        },
    };
    Some((
        Status::Over(Outcome::new(Some(winner), points).with_reason(reason)),
        named,
    ))
}

/// Checks that `claimed` is a status the rules can give `p`, whose status is the one its
/// board shows (ongoing, or the 1- or 12-point win of a player to move without a move),
/// and returns `p` with the claimed status.
///
/// - Ongoing: only if the board shows it.
/// - Annulled: only if one of the legal moves here is endless (rule 8): they are
///   replayed to see.
/// - Over: between turns; the winner is the player who just moved; 1 or 12 points as
///   the board shows, with its reason (`named` says whether the text gave one; one not
///   given is the one the board allows, a beheading before two captures first); 2 points (beheading, or two captures first) only where the
///   board shows an ongoing game or a 1-point win, and the ending could have happened:
///   the winner has captured and the loser's inner row or all four corner pits are
///   empty, or the option is on, the winner has captured in 2 turns or more and the
///   loser in none.
fn with_status(mut p: Omweso, claimed: Status, named: bool) -> Result<Omweso, &'static str> {
    let shown = p.status;
    match claimed {
        Status::Ongoing if shown != Status::Ongoing => {
            return Err("the player to move has no legal move, so the game is over");
        }
        Status::Ongoing => {}
        Status::Annulled => {
            let endless = p.legal_moves().into_iter().any(|m| {
                let mut q = p;
                q.play_unchecked(m);
                q.status == Status::Annulled
            });
            if !endless {
                return Err("no legal move here is endless, so the game cannot be annulled");
            }
        }
        Status::Over(o) => {
            if p.turn.pending.is_some() {
                return Err("a paused turn has not ended the game");
            }
            let loser = p.to_move;
            let winner = loser.opponent();
            if o.winner != Some(winner) || o.totals.is_some() {
                return Err("the winner is the player who moved last");
            }
            let ok = match (shown, o.points) {
                (Status::Over(s), n) if s.points == n => s.reason == o.reason,
                (Status::Over(Outcome { points: 1, .. }) | Status::Ongoing, 2) => {
                    match two_point_ending(&p, winner, loser) {
                        // Written without a reason: the one the board allows.
                        (false, true) if !named => {
                            p.status = Status::Over(o.with_reason(end::TWO_CAPTURES_FIRST));
                            return Ok(p);
                        }
                        (beheading, two_captures) => match o.reason {
                            end::BEHEADING => beheading,
                            end::TWO_CAPTURES_FIRST => two_captures,
                            _ => false,
                        },
                    }
                }
                _ => false,
            };
            if !ok {
                return Err("the board does not allow this result");
            }
        }
    }
    p.status = claimed;
    Ok(p)
}

/// Whether `winner`'s last turn could have won 2 points (rule 7): by a beheading, and by
/// two captures first.
fn two_point_ending(p: &Omweso, winner: Player, loser: Player) -> (bool, bool) {
    let y = p.pits[loser.index()];
    // The loser's a, h, i, p (circuit places 15, 8, 0, 7).
    let corners_empty = [15, 8, 0, 7].into_iter().all(|c| get(y, c) == 0);
    let beheading = p.capture_turns[winner] > 0 && (y & INNER == 0 || corners_empty);
    let two_captures =
        p.rules.two_captures_first && p.capture_turns[winner] >= 2 && p.capture_turns[loser] == 0;
    (beheading, two_captures)
}

impl<'de> Deserialize<'de> for Omweso {
    /// Reads the map that `serialize` writes (`rules`, `cap` and `status` may be left
    /// out: the default rules and cap, and the status the board shows) and validates it
    /// as the notation is, with the rules and the cap given, and the status as
    /// `with_status` checks it.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Omweso, D::Error> {
        d.deserialize_struct("Omweso", FIELDS, PositionVisitor)
    }
}

#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Field {
    Position,
    Rules,
    Cap,
    Status,
}

struct PositionVisitor;

impl PositionVisitor {
    fn finish<E: de::Error>(
        notation: Option<Notation>,
        rules: Option<Rules>,
        cap: Option<u8>,
        status: Option<StatusText>,
    ) -> Result<Omweso, E> {
        let Notation(mut setup, turn) = notation.ok_or_else(|| E::missing_field("position"))?;
        setup.rules = rules.unwrap_or_default();
        if let Some(cap) = cap {
            setup.cap = cap;
        }
        let p = Omweso::build(&setup, turn.unwrap_or_default()).map_err(E::custom)?;
        match status {
            Some(StatusText(claimed, named)) => with_status(p, claimed, named).map_err(E::custom),
            None => Ok(p),
        }
    }
}

impl<'de> Visitor<'de> for PositionVisitor {
    type Value = Omweso;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "an omweso position: {\"position\": <notation>, \"rules\", \"cap\", \"status\"}",
        )
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Omweso, A::Error> {
        let (mut notation, mut rules, mut cap, mut status) = (None, None, None, None);
        while let Some(key) = map.next_key()? {
            let dup = |name| Err(de::Error::duplicate_field(name));
            match key {
                Field::Position if notation.is_some() => return dup("position"),
                Field::Position => notation = Some(map.next_value()?),
                Field::Rules if rules.is_some() => return dup("rules"),
                Field::Rules => rules = Some(map.next_value()?),
                Field::Cap if cap.is_some() => return dup("cap"),
                Field::Cap => cap = Some(map.next_value()?),
                Field::Status if status.is_some() => return dup("status"),
                Field::Status => status = Some(map.next_value()?),
            }
        }
        Self::finish(notation, rules, cap, status)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Omweso, A::Error> {
        let notation = seq.next_element()?;
        let rules = seq.next_element()?;
        let cap = seq.next_element()?;
        let status = seq.next_element()?;
        Self::finish(notation, rules, cap, status)
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        mancala_core::serde_notation::deserialize(d, "an omweso move such as a, a- or m*")
    }
}
