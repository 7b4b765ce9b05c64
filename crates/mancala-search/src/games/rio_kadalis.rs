//! The evaluation of Rio Kadalis positions.

use mancala_core::{ByPlayer, Position};
use rio_kadalis::Kadalis;

use crate::eval::{Evaluate, two_row_eval};
use crate::score::Score;

impl<const N: usize, const CLOCKWISE: bool> Evaluate for Kadalis<N, CLOCKWISE> {
    /// [`two_row_eval`]: the difference of captured stones, half the difference of the
    /// stones in the open pits of each row (each player takes their row at the end of
    /// the round, rule 4, but a four made in a row goes to its owner only while stones
    /// are in hand, and a binikh to the mover, rule 2), and a tenth of a stone per open
    /// pit that can move.
    ///
    /// ```
    /// use mancala_search::Evaluate;
    /// // The start of a round is symmetric.
    /// assert_eq!(rio_kadalis::Kadalis::<6>::start().evaluate(), 0);
    /// ```
    fn evaluate(&self) -> Score {
        let rows = ByPlayer::from_fn(|p| self.row(p));
        two_row_eval(self.side_to_move(), &rows, self.captured().map(u16::from))
    }
}
