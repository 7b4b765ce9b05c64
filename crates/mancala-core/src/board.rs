//! The board of any game as plain data, for generic code: evaluations, drawing,
//! databases. Every game's [`Position::board`](crate::Position::board) returns one.

use crate::notation::Row;
use crate::{ByPlayer, Player};

/// A position's board as data: each player's pits from the owner's left, the stores
/// (or captured seeds), the player to move and any seeds in hand.
///
/// Two-row games (Urim, Oware, Rio Kadalis) have one row per player. Omweso has two:
/// a player's 16 pits are listed in letter order, the inner row `a`–`h` then the outer
/// row `i`–`p`, and [`rows_per_player`](Board::rows_per_player) is 2.
///
/// ```
/// use mancala_core::{Board, ByPlayer, Player};
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
    /// A two-row board from each player's pits (`None` for a closed pit).
    #[must_use]
    pub fn two_rows(
        south: impl IntoIterator<Item = Option<u8>>,
        north: impl IntoIterator<Item = Option<u8>>,
        stores: Option<ByPlayer<u16>>,
        to_move: Player,
    ) -> Board {
        Board {
            pits: ByPlayer::new(south.into_iter().collect(), north.into_iter().collect()),
            rows_per_player: 1,
            stores,
            to_move,
            in_hand: 0,
        }
    }

    /// The seeds in `player`'s pits.
    #[must_use]
    pub fn seeds_in_pits(&self, player: Player) -> u16 {
        self.pits[player].iter().map(|p| u16::from(p.unwrap_or(0))).sum()
    }

    /// Every seed of the position: pits, stores and hand.
    #[must_use]
    pub fn total(&self) -> u16 {
        let stores = self.stores.map_or(0, |s| s.south + s.north);
        self.seeds_in_pits(Player::South) + self.seeds_in_pits(Player::North) + stores + self.in_hand
    }
}
