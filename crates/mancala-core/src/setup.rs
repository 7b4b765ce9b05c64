//! The plain-data setup of the two-row games with stores (Urim, Oware), written once,
//! and [`position_text!`](crate::position_text), the text impls every position shares.

use core::fmt;
use core::str::FromStr;

use crate::notation::TwoRows;
use crate::{ByPlayer, NotationError, Player};

/// A plain, not necessarily legal description of a two-row position with stores: each
/// player's row of `N` pits from that player's left, the stores and the player to move.
/// Urim's `Setup<N>` and Oware's `Setup` are this type; each game's
/// [`Position::from_setup`](crate::Position::from_setup) validates it.
///
/// It reads and writes the two-row notation without validating it:
/// `<South a..>/<North a..> <South store>-<North store> <S|N>` (counts up to 255).
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::{Player, TwoRowSetup};
/// let mut s = TwoRowSetup::<6>::start(3, Player::South);
/// assert_eq!(s.to_string(), "3,3,3,3,3,3/3,3,3,3,3,3 0-0 S");
/// s.stores.north = 2;
/// assert_eq!(s.total(), 38);
/// assert_eq!("3,3,3,3,3,3/3,3,3,3,3,3 0-2 S".parse(), Ok(s));
/// assert!("3,3,3/3,3,3 0-0 S".parse::<TwoRowSetup<6>>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TwoRowSetup<const N: usize> {
    /// Each player's row, from that player's left.
    pub pits: ByPlayer<[u8; N]>,
    /// The stores.
    pub stores: ByPlayer<u8>,
    /// The player to move.
    pub to_move: Player,
}

impl<const N: usize> TwoRowSetup<N> {
    /// `seeds` in every pit, empty stores, `first` to move (not validated: any `seeds`).
    #[must_use]
    pub const fn start(seeds: u8, first: Player) -> Self {
        TwoRowSetup {
            pits: ByPlayer::new([seeds; N], [seeds; N]),
            stores: ByPlayer::new(0, 0),
            to_move: first,
        }
    }

    /// The sum of all pits and stores.
    #[must_use]
    pub fn total(&self) -> u16 {
        let row = |r: &[u8; N]| r.iter().map(|&n| u16::from(n)).sum::<u16>();
        row(&self.pits.south)
            + row(&self.pits.north)
            + u16::from(self.stores.south)
            + u16::from(self.stores.north)
    }
}

impl<const N: usize> fmt::Display for TwoRowSetup<N> {
    /// The position notation, `3,3,3,3,3,3/3,3,3,3,3,3 0-0 S`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        TwoRows {
            rows: self.pits.map(|row| row.map(Some)),
            pair: self.stores,
            to_move: self.to_move,
        }
        .fmt(f)
    }
}

impl<const N: usize> FromStr for TwoRowSetup<N> {
    type Err = NotationError;

    /// Parses `<South a..>/<North a..> <South store>-<North store> <S|N>`: two rows of
    /// `N` comma-separated counts, the stores, the side to move. Counts up to 255 are
    /// read; each game checks its own limits and total when validating.
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let t: TwoRows<N> = s.parse()?;
        Ok(TwoRowSetup {
            pits: t.open_rows()?,
            stores: t.pair,
            to_move: t.to_move,
        })
    }
}

#[cfg(feature = "serde")]
crate::serde_via_notation!(TwoRowSetup<N>, "a two-row setup in notation", N);

/// The text impls every position shares, written once: `Display` (the notation of its
/// setup), `FromStr` (the notation read into its setup, then validated by
/// [`Position::from_setup`](crate::Position::from_setup), with the game's
/// [`ParsePositionError`](crate::ParsePositionError)) and `TryFrom<Setup>`
/// ([`Position::from_setup`](crate::Position::from_setup)).
///
/// `position_text!(Type, Setup $(, N)*)`, the const generic parameters (all `usize`,
/// or `CLOCKWISE: bool` written out) after the setup type; the setup must implement
/// `Display` and `FromStr<Err = NotationError>`. `Debug` stays each game's (it names
/// the type's parameters, and Rio Kadalis an annulment).
///
/// For example `mancala_core::position_text!(Urim<N>, Setup<N>, N);` and
/// `mancala_core::position_text!(RioKadalis<N, CLOCKWISE>, Setup<N>, N; CLOCKWISE: bool);`.
#[macro_export]
macro_rules! position_text {
    ($ty:ty, $setup:ty $(, $n:ident)* $(; $b:ident: bool)?) => {
        impl<$(const $n: usize,)* $(const $b: bool)?> ::core::fmt::Display for $ty {
            /// The position notation (that of its setup).
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Display::fmt(&$crate::Position::to_setup(self), f)
            }
        }

        impl<$(const $n: usize,)* $(const $b: bool)?> ::core::str::FromStr for $ty {
            type Err = $crate::ParsePositionError<<$ty as $crate::Position>::SetupError>;

            /// Parses the notation into a setup and validates it
            /// ([`Position::from_setup`](mancala_core::Position::from_setup)).
            fn from_str(s: &str) -> ::core::result::Result<Self, Self::Err> {
                let setup: $setup = s.parse()?;
                <$ty as $crate::Position>::from_setup(setup)
                    .map_err($crate::ParsePositionError::Setup)
            }
        }

        impl<$(const $n: usize,)* $(const $b: bool)?> ::core::convert::TryFrom<$setup> for $ty {
            type Error = <$ty as $crate::Position>::SetupError;

            /// [`Position::from_setup`](mancala_core::Position::from_setup).
            fn try_from(setup: $setup) -> ::core::result::Result<Self, Self::Error> {
                <$ty as $crate::Position>::from_setup(setup)
            }
        }
    };
}
