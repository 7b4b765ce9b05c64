//! The evaluation of Urim positions.

use mancala_core::{ByPlayer, Position};
use urim::Urim;

use crate::eval::{Evaluate, two_row_eval};
use crate::score::Score;

impl<const N: usize> Evaluate for Urim<N> {
    /// [`two_row_eval`]: the store difference, half the difference of the seeds in the
    /// rows (at the end of the game they mostly go to the row's owner, rule 6, or all to
    /// the player who still has seeds, rule 5), and a tenth of a seed per pit that can
    /// move.
    ///
    /// ```
    /// use mancala_search::Evaluate;
    /// let p: urim::Urim6 = "3,3,3,3,3,3/3,3,3,3,3,0 2-1 S".parse().unwrap();
    /// // one seed more in the store (+100), three more in the row (+150), one more
    /// // movable pit (+10)
    /// assert_eq!(p.evaluate(), 260);
    /// ```
    fn evaluate(&self) -> Score {
        let rows = ByPlayer::from_fn(|p| self.row(p).map(Some));
        two_row_eval(self.side_to_move(), &rows, self.stores().map(u16::from))
    }
}
