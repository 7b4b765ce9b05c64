//! The evaluation of Oware positions.

use mancala_core::{ByPlayer, Position};
use oware::Oware;

use crate::eval::{Evaluate, two_row_eval};
use crate::score::Score;

impl Evaluate for Oware {
    /// [`two_row_eval`], as for Urim: the store difference, half the difference of the
    /// seeds in the rows, and a tenth of a seed per pit that can move.
    ///
    /// ```
    /// use mancala_search::Evaluate;
    /// let p: oware::Oware = "4,4,4,4,4,4/4,4,4,4,4,1 2-1 S".parse().unwrap();
    /// // one seed more in the store (+100), three more in the row (+150)
    /// assert_eq!(p.evaluate(), 250);
    /// ```
    fn evaluate(&self) -> Score {
        let rows = ByPlayer::from_fn(|p| self.row(p).map(Some));
        two_row_eval(self.side_to_move(), &rows, self.stores().map(u16::from))
    }
}
