//! A toy game with no board, to show the [`Position`] trait and test generic code.
//!
//! A heap of `n` tokens; a move takes 1 or 2 (written as that number); whoever cannot
//! move loses. It is not a mancala game.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;

use core::convert::Infallible;

use crate::notation::split_fields;
use crate::{Board, NotationError, Outcome, ParsePositionError, Player, Position, Status};

/// The toy position: the heap size and the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Countdown {
    /// Tokens left.
    pub heap: u8,
    /// The player to move.
    pub to_move: Player,
}

impl Countdown {
    /// A heap of `heap` tokens, South to move.
    #[must_use]
    pub const fn new(heap: u8) -> Self {
        Countdown {
            heap,
            to_move: Player::South,
        }
    }
}

impl fmt::Display for Countdown {
    /// `<heap> <S|N>`, e.g. `5 S`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.heap, self.to_move)
    }
}

impl FromStr for Countdown {
    type Err = ParsePositionError<Infallible>;

    /// Parses `<heap> <S|N>`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let [heap, side] = split_fields::<2>(s)?;
        let heap = heap.parse().map_err(|_| NotationError::NotANumber {
            row: "the heap",
            pit: 'a',
        })?;
        Ok(Countdown {
            heap,
            to_move: side.parse()?,
        })
    }
}

/// A toy move: how many tokens to take (1 or 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Take(pub u8);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Take {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "1" => Ok(Take(1)),
            "2" => Ok(Take(2)),
            _ => Err(NotationError::BadMove {
                reason: "take 1 or 2",
            }),
        }
    }
}

impl Position for Countdown {
    type Move = Take;
    type MoveList = ArrayVec<Take, 2>;
    /// Any heap is a position: the setup is the position itself.
    type Setup = Countdown;
    type SetupError = Infallible;
    type Reason = Infallible;

    fn from_setup(setup: Countdown) -> Result<Self, Infallible> {
        Ok(setup)
    }

    fn to_setup(&self) -> Countdown {
        *self
    }

    /// The heap as South's only pit.
    fn board(&self) -> Board {
        Board::two_rows([Some(self.heap)], [], None, self.to_move)
    }

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self) -> ArrayVec<Take, 2> {
        let mut l = ArrayVec::new();
        for k in 1..=2 {
            if self.heap >= k {
                l.push(Take(k));
            }
        }
        l
    }

    fn play_unchecked(&mut self, m: Take) {
        self.heap -= m.0;
        self.to_move = self.to_move.opponent();
    }

    fn status(&self) -> Status {
        if self.heap == 0 {
            Status::Over(Outcome::new(Some(self.side_to_move().opponent()), 1))
        } else {
            Status::Ongoing
        }
    }
}

/// A heap only shrinks, so no position comes back; nothing is captured.
#[cfg(feature = "alloc")]
impl crate::record::Repetition for Countdown {
    type Captures = ();

    fn captures(&self) {}

    /// Never called: no position of the game repeats.
    fn repetition_outcome(&self) -> Outcome {
        Outcome::new(None, 0)
    }
}
