//! `serde` support: a position serializes as its notation and is validated when
//! deserialized, exactly as [`FromStr`](core::str::FromStr) parses it.

use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::{Kadalis, Move};

impl<const N: usize, const CLOCKWISE: bool> Serialize for Kadalis<N, CLOCKWISE> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Parses a string with `FromStr`, turning its error into a serde error.
struct Notation<T>(PhantomData<T>);

impl<T> Visitor<'_> for Notation<T>
where
    T: core::str::FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a Rio Kadalis position or move in notation")
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<T, E> {
        s.parse().map_err(E::custom)
    }
}

impl<'de, const N: usize, const CLOCKWISE: bool> Deserialize<'de> for Kadalis<N, CLOCKWISE> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(Notation(PhantomData))
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(Notation(PhantomData))
    }
}
