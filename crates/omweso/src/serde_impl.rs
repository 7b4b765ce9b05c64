//! Serde: positions and moves as their notation, validated on the way in.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Move, Omweso};

/// Serializes through `Display` (a fixed buffer: no allocation).
fn serialize_display<T: fmt::Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

struct FromStrVisitor<T>(PhantomData<T>, &'static str);

impl<T: FromStr> Visitor<'_> for FromStrVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

impl Serialize for Omweso {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_display(self, s)
    }
}

impl<'de> Deserialize<'de> for Omweso {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Omweso, D::Error> {
        d.deserialize_str(FromStrVisitor(
            PhantomData,
            "an omweso position in notation",
        ))
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_display(self, s)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        d.deserialize_str(FromStrVisitor(
            PhantomData,
            "an omweso move such as a, a- or m*",
        ))
    }
}
