//! Moves: `a` (counter-clockwise), `a-` (clockwise), `m*` (opening split).

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;
use mancala_core::NotationError;

use crate::Pit;

/// How a pit is sown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MoveKind {
    /// Counter-clockwise, the ordinary direction (rule 2a; the default at a mid-turn
    /// decision, rule 5). Written as the bare letter.
    CounterClockwise,
    /// Clockwise, from the left block only and only when the lap captures (rules 2b and
    /// 5). Written with a `-` after the letter.
    Clockwise,
    /// The opening split of a 3-seed pit (rule 2c). Written with a `*` after the letter.
    Split,
}

/// A move, or a mid-turn decision: a pit and how to sow it.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
/// use mancala::omweso::{Move, MoveKind};
/// let m: Move = "a-".parse().unwrap();
/// assert_eq!(m.pit().letter(), 'a');
/// assert_eq!(m.kind(), MoveKind::Clockwise);
/// assert_eq!(m.to_string(), "a-");
/// assert_eq!("m*".parse::<Move>().unwrap().kind(), MoveKind::Split);
/// assert!("q".parse::<Move>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    pit: Pit,
    kind: MoveKind,
}

impl Move {
    /// A move from `pit` sown as `kind`.
    #[must_use]
    pub const fn new(pit: Pit, kind: MoveKind) -> Move {
        Move { pit, kind }
    }

    /// The pit sown.
    #[must_use]
    pub const fn pit(self) -> Pit {
        self.pit
    }

    /// How it is sown.
    #[must_use]
    pub const fn kind(self) -> MoveKind {
        self.kind
    }

    /// Whether the move sows clockwise.
    #[must_use]
    pub const fn is_clockwise(self) -> bool {
        matches!(self.kind, MoveKind::Clockwise)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match self.kind {
            MoveKind::CounterClockwise => "",
            MoveKind::Clockwise => "-",
            MoveKind::Split => "*",
        };
        write!(f, "{}{suffix}", self.pit.letter())
    }
}

impl FromStr for Move {
    type Err = NotationError;

    /// Parses `a`–`p`, optionally followed by `-` (clockwise) or `*` (split).
    fn from_str(s: &str) -> Result<Move, NotationError> {
        let mut chars = s.chars();
        let letter = chars.next().ok_or(NotationError::Empty)?;
        // Upper case is read as lower case (no Omweso move gives it a meaning); the
        // error names the letter as given.
        let pit = Pit::from_letter(letter.to_ascii_lowercase())
            .map_err(|_| NotationError::BadPitLetter { letter, pits: 16 })?;
        let kind = match chars.next() {
            None => MoveKind::CounterClockwise,
            Some('-') => MoveKind::Clockwise,
            Some('*') => MoveKind::Split,
            Some(_) => {
                return Err(NotationError::BadMove {
                    reason: "a pit letter a-p, then '-' for clockwise or '*' for the split",
                });
            }
        };
        if chars.next().is_some() {
            return Err(NotationError::BadMove {
                reason: "a move is a pit letter with at most one of '-' or '*' after it",
            });
        }
        Ok(Move { pit, kind })
    }
}

/// The most legal moves a position can have: 16 counter-clockwise moves, 16 splits
/// (every pit holding exactly 3 takes 48 of the 64 seeds) and the 4 clockwise moves of
/// the left block.
pub const MAX_MOVES: usize = 36;

/// A list of moves that never allocates.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_two_bytes() {
        assert_eq!(core::mem::size_of::<Move>(), 2);
    }

    /// A position is copied at every node of a search or perft: its status (kept, since
    /// a beheading shows only in the turn) must not make it grow.
    #[test]
    fn a_position_is_64_bytes() {
        assert_eq!(core::mem::size_of::<crate::Omweso>(), 64);
    }

    #[test]
    fn round_trip_every_move() {
        for p in Pit::ALL {
            for kind in [
                MoveKind::CounterClockwise,
                MoveKind::Clockwise,
                MoveKind::Split,
            ] {
                let m = Move::new(p, kind);
                let s = alloc_free_string(m);
                assert_eq!(s.as_str().parse::<Move>(), Ok(m));
            }
        }
    }

    fn alloc_free_string(m: Move) -> arrayvec::ArrayString<4> {
        use core::fmt::Write;
        let mut s = arrayvec::ArrayString::new();
        write!(s, "{m}").unwrap();
        s
    }

    #[test]
    fn bad_moves() {
        assert_eq!("".parse::<Move>(), Err(NotationError::Empty));
        // Upper case reads as lower case: `A-` is `a-`, `M*` is `m*`; past p
        // the letter is refused as given.
        assert_eq!("A-".parse::<Move>(), "a-".parse::<Move>());
        assert_eq!(alloc_free_string("M*".parse().unwrap()).as_str(), "m*");
        assert!(matches!(
            "Q".parse::<Move>(),
            Err(NotationError::BadPitLetter { letter: 'Q', .. })
        ));
        assert!(matches!(
            "a+".parse::<Move>(),
            Err(NotationError::BadMove { .. })
        ));
        assert!(matches!(
            "a--".parse::<Move>(),
            Err(NotationError::BadMove { .. })
        ));
        assert!(matches!(
            "é".parse::<Move>(),
            Err(NotationError::BadPitLetter { .. })
        ));
    }
}
