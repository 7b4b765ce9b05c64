//! The board of any game as plain data, for generic code: evaluations, drawing,
//! databases. Every game's [`Position::board`](crate::Position::board) returns one.

use crate::notation::{MAX_ROW, Row};
use crate::{ByPlayer, Player};

/// A position's board as data: each player's pits from the owner's left, the stores
/// (or captured seeds), the player to move and any seeds in hand.
///
/// Two-row games (Urim, Oware, Rio Kadalis) have one row per player. Omweso has two:
/// a player's 16 pits are listed in letter order, the inner row `a`–`h` then the outer
/// row `i`–`p`, and [`rows_per_player`](Board::rows_per_player) is 2.
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::{Board, ByPlayer, Player};
/// let b = Board::two_rows([Some(3), None, Some(0)], [Some(1), Some(2), Some(3)],
///                         Some(ByPlayer::new(4, 5)), Player::North);
/// assert_eq!(b.pits[Player::South][1], None); // a closed pit
/// assert_eq!(b.seeds_in_pits(Player::North), 6);
/// assert_eq!(b.total(), 3 + 6 + 4 + 5);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Each player's pits from the owner's left (`a` first); `None` is a closed pit.
    pub pits: ByPlayer<Row>,
    /// How many rows each player's pits form: 1, or 2 for Omweso (inner, then outer).
    pub rows_per_player: u8,
    /// The seeds each player has stored or captured; `None` where the game keeps none
    /// (Omweso).
    pub stores: Option<ByPlayer<u16>>,
    /// The player to move.
    pub to_move: Player,
    /// Seeds lifted and not yet sown (a paused Omweso turn); 0 otherwise.
    pub in_hand: u16,
}

impl Board {
    /// A two-row board from each player's pits (`None` for a closed pit), each row at
    /// most [`MAX_ROW`] pits: a longer row does not compile.
    ///
    /// ```compile_fail
    /// # mod mancala { pub use mancala_core::*; }
    /// # use mancala::{Board, Player};
    /// let b = Board::two_rows([Some(1); 17], [Some(1); 17], None, Player::South);
    /// ```
    #[must_use]
    pub fn two_rows<const S: usize, const N: usize>(
        south: [Option<u8>; S],
        north: [Option<u8>; N],
        stores: Option<ByPlayer<u16>>,
        to_move: Player,
    ) -> Board {
        const {
            assert!(
                S <= MAX_ROW && N <= MAX_ROW,
                "a row has at most MAX_ROW (16) pits"
            );
        }
        let row = |pits: &[Option<u8>]| -> Row {
            let mut row = Row::new();
            // Never fails: the row is at most MAX_ROW pits long (checked above).
            let _ = row.try_extend_from_slice(pits);
            row
        };
        Board {
            pits: ByPlayer::new(row(&south), row(&north)),
            rows_per_player: 1,
            stores,
            to_move,
            in_hand: 0,
        }
    }

    /// The seeds in `player`'s pits.
    #[must_use]
    pub fn seeds_in_pits(&self, player: Player) -> u16 {
        // At most 16 pits of 255: no overflow.
        self.pits[player]
            .iter()
            .map(|p| u16::from(p.unwrap_or(0)))
            .sum()
    }

    /// Every seed of the position: pits, stores and hand. A `u32`, so that no values
    /// of the public fields can overflow it.
    #[must_use]
    pub fn total(&self) -> u32 {
        let stores = self
            .stores
            .map_or(0, |s| u32::from(s.south) + u32::from(s.north));
        u32::from(self.seeds_in_pits(Player::South))
            + u32::from(self.seeds_in_pits(Player::North))
            + stores
            + u32::from(self.in_hand)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_values_add_up() {
        let mut b = Board::two_rows(
            [Some(255); MAX_ROW],
            [Some(255); MAX_ROW],
            Some(ByPlayer::new(u16::MAX, u16::MAX)),
            Player::North,
        );
        b.in_hand = u16::MAX;
        assert_eq!(b.seeds_in_pits(Player::South), 16 * 255);
        assert_eq!(b.total(), 2 * 16 * 255 + 3 * 65_535);
        let empty = Board::two_rows([], [], None, Player::South);
        assert_eq!(empty.total(), 0);
    }
}
