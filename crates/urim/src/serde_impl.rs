//! Serde support (feature `serde`): positions, setups and moves serialize as their
//! notation; positions are validated when deserialized.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::{Move, Setup, Urim};

/// Deserializes any `FromStr` type from a string.
struct Parse<T>(PhantomData<T>, &'static str);

impl<T: FromStr<Err: fmt::Display>> Visitor<'_> for Parse<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<T, E> {
        s.parse().map_err(E::custom)
    }
}

macro_rules! via_notation {
    ($ty:ty, $what:literal $(, $n:ident)?) => {
        impl<$(const $n: usize)?> Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de, $(const $n: usize)?> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_str(Parse(PhantomData, $what))
            }
        }
    };
}

via_notation!(Urim<N>, "an urim position in notation", N);
via_notation!(Setup<N>, "an urim setup in notation", N);
via_notation!(Move, "an urim move: a pit letter");
