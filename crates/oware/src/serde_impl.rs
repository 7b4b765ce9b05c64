//! Serde support (feature `serde`): positions and moves serialize as their notation (the
//! setup, the core's `TwoRowSetup`, does so in the core); positions are validated when
//! deserialized.
//!
//! The notation carries the whole position (pits, stores, player to move; the total is
//! their sum) and the status follows from it, so the string is all a position needs.
//! The repetition rule's ending is the record's, not the position's.

use crate::Oware;

mancala_core::serde_via_notation!(Oware, "an oware position in notation");
