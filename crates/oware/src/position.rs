//! The position, its moves and the abapa rules: sowing, capture, grand slam, feeding and
//! the end of the game.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;
use mancala_core::capture::capture_walk;
use mancala_core::notation::{TwoRows, pit_letter};
use mancala_core::sow::{Direction, sow};
use mancala_core::{
    ByPlayer, IllegalMove, NotationError, Outcome, PitMove, Player, Position, Status,
};

/// Pits per row.
pub const PITS: usize = 6;

/// The seed counts per pit the variants start with: 4 (standard) or 3.
pub const SEEDS_PER_PIT: [u8; 2] = [4, 3];

/// A move: the mover's pit, named by its letter from the mover's left (`a` to `f`).
///
/// ```
/// use oware::Move;
/// let m: Move = "f".parse().unwrap();
/// assert_eq!(m.index(), 5);
/// assert!("g".parse::<Move>().is_err());
/// ```
pub type Move = PitMove<PITS>;

/// The legal moves of a position; at most one per pit of a row.
pub type MoveList = ArrayVec<Move, PITS>;

/// Why a setup is not a position of Oware.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum SetupError {
    /// The seeds do not add up to 48 or 36.
    #[error("the seeds add up to {found}; oware is played with 48 (4 per pit) or 36 (3 per pit)")]
    SeedTotal {
        /// The total found.
        found: u16,
    },
    /// A start with other than 4 or 3 seeds per pit.
    #[error("oware starts with 4 or 3 seeds in every pit, not {seeds}")]
    SeedsPerPit {
        /// The seeds per pit asked for.
        seeds: u8,
    },
}

/// Why a position in notation was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParsePositionError {
    /// The text is not in the notation.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The notation describes no position of Oware.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// A plain description of a position, with public fields, not necessarily legal;
/// [`Setup::into_position`] validates it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Each player's row from that player's left.
    pub pits: ByPlayer<[u8; PITS]>,
    /// Each player's store.
    pub stores: ByPlayer<u8>,
    /// The player to move.
    pub to_move: Player,
}

impl Setup {
    /// The start with `seeds` in every pit (not checked here), `first` to move.
    #[must_use]
    pub const fn start(seeds: u8, first: Player) -> Setup {
        Setup {
            pits: ByPlayer::new([seeds; PITS], [seeds; PITS]),
            stores: ByPlayer::new(0, 0),
            to_move: first,
        }
    }

    /// Validates the setup: the seeds must add up to 48 or 36.
    ///
    /// # Errors
    /// [`SetupError::SeedTotal`].
    pub fn into_position(self) -> Result<Oware, SetupError> {
        let found: u16 = self
            .pits
            .iter()
            .flat_map(|(_, row)| row.iter())
            .map(|&n| u16::from(n))
            .sum::<u16>()
            + u16::from(self.stores.south)
            + u16::from(self.stores.north);
        if found != 48 && found != 36 {
            return Err(SetupError::SeedTotal { found });
        }
        let mut pits = [0; 2 * PITS];
        pits[..PITS].copy_from_slice(&self.pits.south);
        pits[PITS..].copy_from_slice(&self.pits.north);
        Ok(Oware {
            pits,
            stores: self.stores,
            to_move: self.to_move,
            total: found as u8,
        })
    }
}

/// A position of Oware: the 2×6 pits, both stores and the player to move.
///
/// Internally South's row is `0..6` from South's left and North's `6..12` from North's
/// left, so counter-clockwise sowing is `index + 1`.
///
/// ```
/// use mancala_core::Position;
/// use oware::Oware;
/// let p = Oware::new();
/// assert_eq!(p.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
/// assert_eq!(p.legal_moves().len(), 6);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Oware {
    pits: [u8; 2 * PITS],
    stores: ByPlayer<u8>,
    to_move: Player,
    /// 48 or 36, the sum of everything.
    total: u8,
}

impl Default for Oware {
    fn default() -> Self {
        Self::new()
    }
}

/// The first board index of `player`'s row.
const fn row_start(player: Player) -> usize {
    match player {
        Player::South => 0,
        Player::North => PITS,
    }
}

impl Oware {
    /// The standard start: 4 seeds in every pit, South to move.
    #[must_use]
    pub fn new() -> Self {
        Self::start(4, Player::South).expect("4 seeds per pit is a variant")
    }

    /// The start with `seeds` (4 or 3) in every pit, `first` to move.
    ///
    /// # Errors
    /// [`SetupError::SeedsPerPit`] unless `seeds` is 4 or 3.
    pub fn start(seeds: u8, first: Player) -> Result<Self, SetupError> {
        if !SEEDS_PER_PIT.contains(&seeds) {
            return Err(SetupError::SeedsPerPit { seeds });
        }
        Setup::start(seeds, first).into_position()
    }

    /// The plain description of this position.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            pits: ByPlayer::from_fn(|p| self.row(p)),
            stores: self.stores,
            to_move: self.to_move,
        }
    }

    /// `player`'s row from their left.
    #[must_use]
    pub fn row(&self, player: Player) -> [u8; PITS] {
        let mut out = [0; PITS];
        out.copy_from_slice(&self.pits[row_start(player)..][..PITS]);
        out
    }

    /// Both stores.
    #[must_use]
    pub const fn stores(&self) -> ByPlayer<u8> {
        self.stores
    }

    /// The seeds in play: 48 or 36.
    #[must_use]
    pub const fn total(&self) -> u8 {
        self.total
    }

    /// The seeds in `player`'s row.
    #[must_use]
    pub fn seeds_in_row(&self, player: Player) -> u16 {
        self.row(player).iter().map(|&n| u16::from(n)).sum()
    }

    /// Whether sowing the mover's pit `m` drops a seed into the opponent's row: it must
    /// hold more seeds than there are pits to its right.
    #[must_use]
    pub fn feeds(&self, m: Move) -> bool {
        let seeds = self.pits[row_start(self.to_move) + m.index()];
        usize::from(seeds) >= PITS - m.index()
    }

    /// The moves by the pit rules alone (without the end of the game): every own
    /// non-empty pit, only the feeding ones when the opponent's row is empty.
    fn candidate_moves(&self) -> MoveList {
        let start = row_start(self.to_move);
        let feeding = self.seeds_in_row(self.to_move.opponent()) == 0;
        let mut list = MoveList::new();
        for i in 0..PITS {
            let m = Move::from_index(i).expect("i < PITS");
            if self.pits[start + i] > 0 && (!feeding || self.feeds(m)) {
                list.push(m);
            }
        }
        list
    }

    /// The winner by stores alone: more than half of the seeds, or a draw at exactly
    /// half each. `None` while neither.
    fn decided_by_stores(&self) -> Option<Option<Player>> {
        let total = u16::from(self.total);
        let s = self.stores.map(u16::from);
        if 2 * s.south > total {
            Some(Some(Player::South))
        } else if 2 * s.north > total {
            Some(Some(Player::North))
        } else if 2 * s.south == total && 2 * s.north == total {
            Some(None)
        } else {
            None
        }
    }

    /// Plays `m` without checking it and returns the seeds it captured (the game record
    /// restarts its history after a capture).
    pub fn play_capturing(&mut self, m: Move) -> u8 {
        let mover = self.to_move;
        let origin = row_start(mover) + m.index();
        let seeds = u32::from(self.pits[origin]);
        self.pits[origin] = 0;
        // A lap of 12 or more passes over the pit it came from.
        let last = sow(
            &mut self.pits,
            origin,
            seeds,
            Direction::CounterClockwise,
            |p, _| p == origin,
        )
        .expect("11 pits take seeds");
        let opp = row_start(mover.opponent());
        let in_opp = |p: usize| (opp..opp + PITS).contains(&p);
        let mut after = self.pits;
        let two_or_three = |n: u8| n == 2 || n == 3;
        let taken = capture_walk(
            &mut after,
            last,
            Direction::CounterClockwise,
            in_opp,
            two_or_three,
            two_or_three,
        );
        // Grand slam: a capture that would take every seed of the opponent takes none.
        let grand_slam = after[opp..opp + PITS].iter().all(|&n| n == 0);
        let taken = if taken > 0 && !grand_slam {
            self.pits = after;
            self.stores[mover] += taken as u8;
            taken as u8
        } else {
            0
        };
        self.to_move = mover.opponent();
        taken
    }

    /// The final totals: each player's store plus the seeds left in their own row.
    #[must_use]
    pub fn totals(&self) -> ByPlayer<u16> {
        ByPlayer::from_fn(|p| u16::from(self.stores[p]) + self.seeds_in_row(p))
    }

    /// The outcome if the game ended here with each player taking their own row (the
    /// end by repetition, and by a mover who cannot feed).
    #[must_use]
    pub fn outcome_taking_rows(&self) -> Outcome {
        let t = self.totals();
        let winner = if t.south > t.north {
            Some(Player::South)
        } else if t.north > t.south {
            Some(Player::North)
        } else {
            None
        };
        Outcome::with_totals(winner, u8::from(winner.is_some()), t)
    }
}

impl Position for Oware {
    type Move = Move;
    type MoveList = MoveList;

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self) -> MoveList {
        if self.decided_by_stores().is_some() {
            return MoveList::new();
        }
        self.candidate_moves()
    }

    fn play_unchecked(&mut self, m: Move) {
        self.play_capturing(m);
    }

    /// Over when a store holds more than half the seeds (or both exactly half), or when
    /// the player to move has no legal move (the opponent is starved and cannot be fed):
    /// then each player takes the seeds in their own row, so the mover takes all that is
    /// left. A winner scores 1 point.
    fn status(&self) -> Status {
        if self.decided_by_stores().is_some() || self.candidate_moves().is_empty() {
            Status::Over(self.outcome_taking_rows())
        } else {
            Status::Ongoing
        }
    }

    fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        if self.status().is_finished() {
            return Err(IllegalMove::GameOver);
        }
        let pit = pit_letter(m.index());
        if self.pits[row_start(self.to_move) + m.index()] == 0 {
            return Err(IllegalMove::EmptyPit { pit });
        }
        if self.seeds_in_row(self.to_move.opponent()) == 0 && !self.feeds(m) {
            return Err(IllegalMove::MustFeed);
        }
        Ok(())
    }
}

impl fmt::Display for Oware {
    /// `<South a..f>/<North a..f> <South store>-<North store> <S|N>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        TwoRows::<PITS> {
            rows: ByPlayer::from_fn(|p| self.row(p).map(Some)),
            pair: self.stores,
            to_move: self.to_move,
        }
        .fmt(f)
    }
}

impl fmt::Debug for Oware {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Oware(\"{self}\")")
    }
}

impl FromStr for Oware {
    type Err = ParsePositionError;

    /// Parses the notation and validates it (the seeds add up to 48 or 36).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t: TwoRows<PITS> = s.parse()?;
        let setup = Setup {
            pits: t.open_rows()?,
            stores: t.pair,
            to_move: t.to_move,
        };
        Ok(setup.into_position()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(core::mem::size_of::<Move>(), 1);
        assert!(core::mem::size_of::<Oware>() <= 16);
    }
}
