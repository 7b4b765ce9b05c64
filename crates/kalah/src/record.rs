//! The game record: Kalah needs no history (rule K7: no position can come back), so
//! its record is the core's [`Line`].

use mancala_core::record::Line;

use crate::Kalah;

/// A game of Kalah with its moves and positions: the core's [`Line`], which keeps the
/// line played and applies no rule of its own, since no position of Kalah can come
/// back (rule K7).
///
/// [`reset`](crate::Record::reset) starts a new game keeping the record's buffers, so
/// that a program playing many games allocates nothing once the buffers have grown to
/// the longest game.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::kalah; }
/// use mancala::kalah::{Game, Kalah, Position, Record};
/// let mut game = Game::new(Kalah::new());
/// game.play("c".parse().unwrap()).unwrap(); // c's last seed in the store: South again
/// assert_eq!(game.position().to_string(), "4,4,0,5,5,5/4,4,4,4,4,4 1-0 S");
/// assert_eq!(game.undo(), Some("c".parse().unwrap()));
/// assert_eq!(game.undo(), None);
/// assert!(!game.is_repetition()); // never, in Kalah
/// ```
pub type Game = Line<Kalah>;
