//! `serde` support: a position serializes as its notation and is validated when
//! deserialized, exactly as [`FromStr`](core::str::FromStr) parses it. Moves
//! ([`PitMove`](mancala_core::PitMove)) serialize as their letter through the core.

use mancala_core::serde_notation::{deserialize, serialize};
use serde::de::{Deserialize, Deserializer};
use serde::ser::{Serialize, Serializer};

use crate::Kadalis;

impl<const N: usize, const CLOCKWISE: bool> Serialize for Kadalis<N, CLOCKWISE> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize(self, serializer)
    }
}

impl<'de, const N: usize, const CLOCKWISE: bool> Deserialize<'de> for Kadalis<N, CLOCKWISE> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize(deserializer, "a Rio Kadalis position in notation")
    }
}
