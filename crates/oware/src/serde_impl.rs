//! Serde support (feature `serde`): positions and moves serialize as their notation;
//! positions are validated when deserialized.

use crate::{Move, Oware};

mancala_core::serde_via_notation!(Oware, "an oware position in notation");
mancala_core::serde_via_notation!(Move, "an oware move: a pit letter");
