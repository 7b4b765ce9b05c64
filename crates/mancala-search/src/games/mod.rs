//! The games' own evaluations, one feature per game.

#[cfg(feature = "urim")]
mod urim;
