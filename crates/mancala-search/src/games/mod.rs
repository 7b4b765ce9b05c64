//! The games' own evaluations, one feature per game.

#[cfg(feature = "omweso")]
mod omweso;
#[cfg(feature = "oware")]
mod oware;
#[cfg(feature = "rio-kadalis")]
mod rio_kadalis;
#[cfg(feature = "urim")]
mod urim;
