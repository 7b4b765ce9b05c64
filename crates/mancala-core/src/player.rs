//! The two players and a container holding one value per player.

use core::fmt;
use core::ops::{Index, IndexMut};

/// One of the two players. South (player 0) moves first unless the caller chooses
/// otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// Player 0, seated at the bottom of the board.
    South,
    /// Player 1, seated at the top of the board.
    North,
}

impl Player {
    /// Both players, South first.
    pub const ALL: [Player; 2] = [Player::South, Player::North];

    /// The other player.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; }
    /// use mancala::Player;
    /// assert_eq!(Player::South.opponent(), Player::North);
    /// ```
    #[must_use]
    pub const fn opponent(self) -> Player {
        match self {
            Player::South => Player::North,
            Player::North => Player::South,
        }
    }

    /// 0 for South, 1 for North.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player with the given index (0 South, 1 North), `None` otherwise.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Player> {
        match index {
            0 => Some(Player::South),
            1 => Some(Player::North),
            _ => None,
        }
    }

    /// The full name, as error messages write it: `South` or `North`.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; }
    /// use mancala::Player;
    /// assert_eq!(Player::North.name(), "North");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Player::South => "South",
            Player::North => "North",
        }
    }

    /// The notation letter: `S` or `N`.
    #[must_use]
    pub const fn to_char(self) -> char {
        match self {
            Player::South => 'S',
            Player::North => 'N',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::South => "S",
            Player::North => "N",
        })
    }
}

/// One value per player, indexed by [`Player`].
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::{ByPlayer, Player};
/// let mut stores = ByPlayer::new(0u8, 0u8);
/// stores[Player::North] += 3;
/// assert_eq!(stores.map(|s| s * 2), ByPlayer::new(0, 6));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByPlayer<T> {
    /// South's value.
    pub south: T,
    /// North's value.
    pub north: T,
}

impl<T> ByPlayer<T> {
    /// Builds the container from South's and North's values.
    pub const fn new(south: T, north: T) -> Self {
        ByPlayer { south, north }
    }

    /// Builds the container by calling `f` for South, then North.
    pub fn from_fn(mut f: impl FnMut(Player) -> T) -> Self {
        let south = f(Player::South);
        ByPlayer::new(south, f(Player::North))
    }

    /// The value of `player`.
    pub const fn get(&self, player: Player) -> &T {
        match player {
            Player::South => &self.south,
            Player::North => &self.north,
        }
    }

    /// The value of `player`, mutably.
    pub const fn get_mut(&mut self, player: Player) -> &mut T {
        match player {
            Player::South => &mut self.south,
            Player::North => &mut self.north,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByPlayer<U> {
        ByPlayer::new(f(self.south), f(self.north))
    }

    /// Both values with their player, South first.
    pub fn iter(&self) -> impl Iterator<Item = (Player, &T)> {
        [(Player::South, &self.south), (Player::North, &self.north)].into_iter()
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    fn index(&self, player: Player) -> &T {
        self.get(player)
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, player: Player) -> &mut T {
        self.get_mut(player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_and_index() {
        assert_eq!(Player::North.opponent(), Player::South);
        assert_eq!(Player::South.index(), 0);
        assert_eq!(Player::North.index(), 1);
        assert_eq!(Player::from_index(1), Some(Player::North));
        assert_eq!(Player::from_index(2), None);
    }

    #[test]
    fn side_notation() {
        assert_eq!("S".parse::<Player>(), Ok(Player::South));
        assert_eq!("N".parse::<Player>(), Ok(Player::North));
        assert_eq!("s".parse::<Player>(), Err(crate::NotationError::BadSide));
        assert_eq!(Player::North.to_string(), "N");
    }

    #[test]
    fn by_player_indexing() {
        let mut b = ByPlayer::from_fn(|p| p.index() as u32 * 10);
        b[Player::South] += 1;
        assert_eq!(b, ByPlayer::new(1, 10));
        let v: [_; 2] = [b.iter().next().unwrap().0, b.iter().nth(1).unwrap().0];
        assert_eq!(v, Player::ALL);
    }
}
