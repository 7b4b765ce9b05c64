//! Serde support (feature `serde`): positions and moves serialize as their notation;
//! positions are validated when deserialized.

use crate::Oware;

mancala_core::serde_via_notation!(Oware, "an oware position in notation");
