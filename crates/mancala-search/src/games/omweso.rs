//! The evaluation of Omweso positions.

use mancala_core::Position;
use omweso::Omweso;

use crate::eval::{Evaluate, omweso_eval};
use crate::score::{SEED, Score};

impl Evaluate for Omweso {
    /// [`omweso_eval`] on both players' 16 pits: the difference of seeds (seeds never
    /// leave the board, so material is each player's share of the 64), a fifth of a seed
    /// per pit that can move (2 or more: a player with none has lost, rule 7), less a
    /// tenth of a seed per own inner seed that faces a loaded enemy column (rule 4). In
    /// a paused turn (rule 5) the seeds in the mover's hand count as the mover's.
    ///
    /// ```
    /// use mancala_search::Evaluate;
    /// // The start is symmetric.
    /// assert_eq!(omweso::Omweso::new().evaluate(), 0);
    /// ```
    fn evaluate(&self) -> Score {
        let me = self.side_to_move();
        omweso_eval(&self.pits(me), &self.pits(me.opponent()))
            + self.seeds_in_hand() as Score * SEED
    }
}
