//! Serde support (feature `serde`): positions, setups and moves serialize as their
//! notation; positions are validated when deserialized.
//!
//! The notation carries the whole position (pits, stores, player to move, and the rules:
//! the pits a side by the rows' length, the options in the options field), and the
//! status follows from it, so the string is all a position needs.

use crate::{Kalah, Setup};

mancala_core::serde_via_notation!(Kalah, "a kalah position in notation");
mancala_core::serde_via_notation!(Setup, "a kalah setup in notation");
