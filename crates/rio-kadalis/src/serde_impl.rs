//! `serde` support. A position serializes as the map
//! `{ "position": "<notation>", "annulled": <bool> }`: the notation does not carry an
//! annulment (rule 3), which must come back too. Both fields are required and no other
//! is allowed. A deserialized position is validated: the notation as
//! [`FromStr`](core::str::FromStr) parses it, and `"annulled": true` only where a move
//! of the player to move is endless (the position an endless move leaves). Moves
//! ([`PitMove`](mancala_core::PitMove)) serialize as their letter through the core.

use core::fmt;

use mancala_core::Position;
use serde::de::{self, Deserialize, Deserializer};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::RioKadalis;

/// The name of the map in formats that name structs.
const NAME: &str = "Kadalis";

/// A position written as its notation string.
struct Notation<'a, const N: usize, const CLOCKWISE: bool>(&'a RioKadalis<N, CLOCKWISE>);

impl<const N: usize, const CLOCKWISE: bool> Serialize for Notation<'_, N, CLOCKWISE> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        mancala_core::serde_notation::serialize(self.0, serializer)
    }
}

impl<const N: usize, const CLOCKWISE: bool> Serialize for RioKadalis<N, CLOCKWISE> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_struct(NAME, 2)?;
        map.serialize_field("position", &Notation(self))?;
        map.serialize_field("annulled", &self.is_annulled())?;
        map.end()
    }
}

/// A position read from its notation string (validated, never annulled).
struct Parsed<const N: usize, const CLOCKWISE: bool>(RioKadalis<N, CLOCKWISE>);

impl<'de, const N: usize, const CLOCKWISE: bool> Deserialize<'de> for Parsed<N, CLOCKWISE> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        mancala_core::serde_notation::deserialize(
            deserializer,
            "a Rio Kadalis position in notation",
        )
        .map(Parsed)
    }
}

/// The map's fields, as read.
#[derive(serde::Deserialize)]
#[serde(rename = "Kadalis", deny_unknown_fields)]
struct Fields<const N: usize, const CLOCKWISE: bool> {
    position: Parsed<N, CLOCKWISE>,
    annulled: bool,
}

/// Why a deserialized position was refused beyond its notation.
struct NotEndless;

impl fmt::Display for NotEndless {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the position cannot be annulled: no move of the player to move is endless")
    }
}

impl<'de, const N: usize, const CLOCKWISE: bool> Deserialize<'de> for RioKadalis<N, CLOCKWISE> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let fields = Fields::<N, CLOCKWISE>::deserialize(deserializer)?;
        let position = fields.position.0;
        if !fields.annulled {
            return Ok(position);
        }
        // An annulled position is the board an endless move was tried on (rule 3): the
        // move was not carried out, and the round is annulled.
        position
            .legal_moves()
            .into_iter()
            .find_map(|m| {
                let mut next = position;
                next.play_unchecked(m);
                next.is_annulled().then_some(next)
            })
            .ok_or_else(|| de::Error::custom(NotEndless))
    }
}
