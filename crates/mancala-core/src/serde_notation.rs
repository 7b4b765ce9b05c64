//! Serde support through the notation (feature `serde`): a type serializes as its
//! `Display` string and deserializes through its `FromStr`, so a deserialized position
//! is validated like a parsed one (deriving `Deserialize` would bypass validation).
//!
//! Games implement it with [`serde_via_notation!`](crate::serde_via_notation):
//!
//! ```
//! # mod mancala { pub use mancala_core::*; }
//! # use core::{fmt, str::FromStr};
//! #[derive(Debug, PartialEq)]
//! struct Pit(u8);
//! impl fmt::Display for Pit {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "{}", self.0) }
//! }
//! impl FromStr for Pit {
//!     type Err = core::num::ParseIntError;
//!     fn from_str(s: &str) -> Result<Self, Self::Err> { s.parse().map(Pit) }
//! }
//! mancala::serde_via_notation!(Pit, "a pit count");
//! ```

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

#[doc(no_inline)]
pub use serde;
use serde::de::{self, Visitor};

/// Serializes `value` as its notation string.
///
/// # Errors
/// Those of the serializer.
pub fn serialize<T: fmt::Display, S: serde::Serializer>(
    value: &T,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Deserializes a `T` from its notation string; `what` describes it in errors.
///
/// # Errors
/// Those of the deserializer, and the parse error of `T`.
pub fn deserialize<'de, T, D>(d: D, what: &'static str) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: fmt::Display,
    D: serde::Deserializer<'de>,
{
    d.deserialize_str(Parse(PhantomData, what))
}

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

/// Implements `Serialize` and `Deserialize` for a type through its notation
/// (`Display` / `FromStr`). Optional trailing `const` parameters for generic types:
/// `serde_via_notation!(Urim<N>, "an urim position", N)`.
#[macro_export]
macro_rules! serde_via_notation {
    ($ty:ty, $what:literal $(, $n:ident)*) => {
        impl<$(const $n: usize),*> $crate::serde_notation::serde::Serialize for $ty {
            fn serialize<S: $crate::serde_notation::serde::Serializer>(
                &self,
                s: S,
            ) -> Result<S::Ok, S::Error> {
                $crate::serde_notation::serialize(self, s)
            }
        }

        impl<'de, $(const $n: usize),*> $crate::serde_notation::serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::serde_notation::serde::Deserializer<'de>>(
                d: D,
            ) -> Result<Self, D::Error> {
                $crate::serde_notation::deserialize(d, $what)
            }
        }
    };
}

crate::serde_via_notation!(crate::PitMove<MAX>, "a pit letter", MAX);
