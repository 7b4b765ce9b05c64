//! A move of any game ([`AnyMove`]), its number for learning code (an OpenSpiel
//! action: [`AnyMove::action`], [`AnyMove::from_action`], [`Variant::num_actions`]),
//! a rule's reason for refusing a move in any game ([`AnyReason`]), and the errors of
//! a move that cannot be read or is refused ([`MoveNotationError`],
//! [`IllegalMoveError`]).
//!
//! The numbering: a move is the mover's pit from their own left (`a` = 0); in Omweso
//! `3 · pit + k`, `k` 0 counter-clockwise, 1 clockwise (`a-`), 2 the opening split
//! (`m*`), pits `a`–`p`. A mid-turn decision of Omweso names its pit the same way. The
//! numbers are a notation of moves, no rule: the game says which are legal.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
//! use mancala::runtime::{AnyGame, AnyMove, Variant};
//! let omweso: Variant = "omweso".parse()?;
//! assert_eq!(omweso.num_actions(), 48);
//! let game = AnyGame::new(&omweso);
//! let m = game.parse_move("j-")?;
//! assert_eq!(m.action(), 3 * 9 + 1);
//! assert_eq!(AnyMove::from_action(&omweso, 28)?, m);
//! assert!(AnyMove::from_action(&omweso, 48).is_err());
//! # Ok::<(), mancala::runtime::Error>(())
//! ```

use core::convert::Infallible;
use core::fmt;

use mancala_core::notation::pit_letter;
use mancala_core::{IllegalMove, NotationError, PitMove};

use crate::variant::Variant;

/// A move of any game: a pit (every game but Omweso) or an Omweso move (a pit, a
/// direction, a split or a mid-turn decision). It prints in the game's notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AnyMove {
    /// The pit of this index in the mover's row (`a` is 0).
    Pit(u8),
    /// An Omweso move.
    Omweso(omweso::Move),
}

impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyMove::Pit(i) => write!(f, "{}", pit_letter(usize::from(*i))),
            AnyMove::Omweso(m) => write!(f, "{m}"),
        }
    }
}

/// Omweso's kinds of move in the order of their action numbers.
const OMWESO_KINDS: [omweso::MoveKind; 3] = [
    omweso::MoveKind::CounterClockwise,
    omweso::MoveKind::Clockwise,
    omweso::MoveKind::Split,
];

/// Omweso's pits a player owns: inner `a`–`h`, outer `i`–`p`.
const OMWESO_PITS: usize = 16;

impl AnyMove {
    /// The move's action number (see the module).
    #[must_use]
    pub fn action(self) -> usize {
        match self {
            AnyMove::Pit(i) => usize::from(i),
            AnyMove::Omweso(m) => {
                let k = OMWESO_KINDS
                    .iter()
                    .position(|&k| k == m.kind())
                    .unwrap_or(0);
                OMWESO_KINDS.len() * m.pit().index() + k
            }
        }
    }

    /// The move of action `action` in games of `variant`, whether or not it is legal
    /// there.
    ///
    /// # Errors
    /// [`IllegalMoveError::Action`] for a number of no move of the variant (from
    /// [`Variant::num_actions`] on).
    pub fn from_action(variant: &Variant, action: usize) -> Result<AnyMove, IllegalMoveError> {
        let actions = variant.num_actions();
        let out = || IllegalMoveError::Action { action, actions };
        if action >= actions {
            return Err(out());
        }
        match variant {
            Variant::Omweso(_) => {
                let n = OMWESO_KINDS.len();
                let pit = omweso::Pit::new(action / n).ok_or_else(out)?;
                Ok(AnyMove::Omweso(omweso::Move::new(
                    pit,
                    OMWESO_KINDS[action % n],
                )))
            }
            _ => Ok(AnyMove::Pit(u8::try_from(action).map_err(|_| out())?)),
        }
    }
}

impl Variant {
    /// The number of distinct actions of the variant: [`AnyMove::action`] of its moves
    /// is below it.
    #[must_use]
    pub const fn num_actions(&self) -> usize {
        match self {
            Variant::Omweso(_) => OMWESO_KINDS.len() * OMWESO_PITS,
            _ => self.pits() as usize,
        }
    }
}

/// A concrete move type that [`AnyMove`] stands for.
pub trait GameMove: Copy + Sized {
    /// The move as an [`AnyMove`].
    fn to_any(self) -> AnyMove;
    /// The concrete move of `m`, if it is one of this type.
    fn from_any(m: AnyMove) -> Option<Self>;
}

impl<const MAX: usize> GameMove for PitMove<MAX> {
    fn to_any(self) -> AnyMove {
        // A pit index is below MAX, which is at most 10.
        AnyMove::Pit(self.index() as u8)
    }
    fn from_any(m: AnyMove) -> Option<Self> {
        match m {
            AnyMove::Pit(i) => PitMove::from_u8(i),
            AnyMove::Omweso(_) => None,
        }
    }
}

impl GameMove for omweso::Move {
    fn to_any(self) -> AnyMove {
        AnyMove::Omweso(self)
    }
    fn from_any(m: AnyMove) -> Option<Self> {
        match m {
            AnyMove::Omweso(m) => Some(m),
            AnyMove::Pit(_) => None,
        }
    }
}

/// A game's own reason for refusing a move, of any game (the games whose rules have
/// reasons beyond [`IllegalMove`]'s shared ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum AnyReason {
    /// Omweso's.
    #[error(transparent)]
    Omweso(#[from] omweso::Reason),
    /// Rio Kadalis's.
    #[error(transparent)]
    RioKadalis(#[from] rio_kadalis::Reason),
}

impl From<Infallible> for AnyReason {
    fn from(never: Infallible) -> AnyReason {
        match never {}
    }
}

/// The library's reason `e` with the game's own reason as an [`AnyReason`].
pub(crate) fn any_reason<R: Into<AnyReason>>(e: IllegalMove<R>) -> IllegalMove<AnyReason> {
    match e {
        IllegalMove::GameOver => IllegalMove::GameOver,
        IllegalMove::NoSuchPit { pit } => IllegalMove::NoSuchPit { pit },
        IllegalMove::EmptyPit { pit } => IllegalMove::EmptyPit { pit },
        IllegalMove::MustFeed => IllegalMove::MustFeed,
        IllegalMove::Rule(r) => IllegalMove::Rule(r.into()),
        _ => IllegalMove::NotLegal,
    }
}

/// `a to f`: the pits of a row of `pits` pits.
fn pit_range(pits: usize) -> String {
    format!("a to {}", pit_letter(pits.saturating_sub(1)))
}

/// A move that cannot be read: the text, the notation's reason, and the board it was
/// read for (which the message names: `the pits are a to f`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNotationError {
    /// The text given.
    pub text: String,
    /// The notation's reason.
    pub error: NotationError,
    /// The mover's pits on the board.
    pub pits: usize,
    /// Whether the game's moves have Omweso's forms (`a-`, `m*`).
    pub omweso: bool,
}

impl fmt::Display for MoveNotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (text, pits) = (&self.text, self.pits);
        let form = format!(
            "a move is a pit letter ({}){}",
            pit_range(pits),
            if self.omweso {
                ", then '-' to sow clockwise or '*' for a split"
            } else {
                ""
            }
        );
        match self.error {
            // The one wording, in every game, of a pit letter that is not on the board.
            NotationError::BadPitLetter { letter, .. } if letter.is_ascii_lowercase() => {
                write!(
                    f,
                    "illegal move {text}: there is no pit {letter} on this board (the pits are {})",
                    pit_range(pits)
                )
            }
            NotationError::Empty => write!(f, "no move given: {form}"),
            _ => write!(f, "bad move {text:?}: {form}"),
        }
    }
}

impl std::error::Error for MoveNotationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// A move that the rules refuse here, or a move that is not one of the game's.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum IllegalMoveError {
    /// The rules refuse the move: the game's reason.
    Refused {
        /// The move.
        mv: AnyMove,
        /// The rules' reason.
        reason: IllegalMove<AnyReason>,
        /// The mover's pits on the board (which the message names).
        pits: usize,
    },
    /// A move of another game (an Omweso move in Oware).
    OtherGame(AnyMove),
    /// An action number of no move of the game ([`AnyMove::from_action`]).
    Action {
        /// The number given.
        action: usize,
        /// The game's number of actions.
        actions: usize,
    },
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMoveError::Refused {
                mv,
                reason: IllegalMove::NoSuchPit { pit },
                pits,
            } => write!(
                f,
                "illegal move {mv}: there is no pit {pit} on this board (the pits are {})",
                pit_range(*pits)
            ),
            IllegalMoveError::Refused { mv, reason, .. } => {
                write!(f, "illegal move {mv}: {reason}")
            }
            IllegalMoveError::OtherGame(m) => {
                write!(f, "illegal move {m}: not a move of this game")
            }
            IllegalMoveError::Action { action, actions } => write!(
                f,
                "illegal action {action}: the actions of this game are 0 to {}",
                actions.saturating_sub(1)
            ),
        }
    }
}

impl std::error::Error for IllegalMoveError {}
