//! The position, its moves and the abapa rules: sowing, capture, grand slam, feeding and
//! the end of the game.

use core::fmt;

use arrayvec::ArrayVec;
use mancala_core::capture::capture_run;
use mancala_core::events::{
    LapKind, PitId, PlayObserved, SowEvent, SowObserver, report_lap, report_start,
};
use mancala_core::notation::pit_letter;
use mancala_core::{Board, ByPlayer, Direction, Outcome, PitMove, Player, Position, Status};

use crate::setup::{MAX_PITS, SEEDS_PER_PIT};
use crate::{IllegalMove, Setup, SetupError, end};

/// A move: the mover's pit, named by its letter from the mover's left (`a` to `f`).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::oware; }
/// use mancala::oware::Move;
/// let m: Move = "f".parse().unwrap();
/// assert_eq!(m.index(), 5);
/// assert!("g".parse::<Move>().is_err());
/// ```
pub type Move = PitMove<MAX_PITS>;

/// The legal moves of a position; at most one per pit of a row.
pub type MoveList = ArrayVec<Move, MAX_PITS>;

/// The game's own reasons for refusing a move: none. Every refusal in Oware is one of
/// the shared reasons of [`IllegalMove`](crate::IllegalMove) (`NoSuchPit`, `EmptyPit`,
/// `MustFeed`, `GameOver`), so it is [`Infallible`](core::convert::Infallible).
pub type Reason = core::convert::Infallible;

/// A position of Oware: the 2×6 pits, both stores and the player to move; the
/// [`Position`] trait plays it. Its notation says all of it (the total, 48 or 36, is
/// the sum), so it serializes as its notation (feature `serde`).
///
/// Internally South's row is `0..6` from South's left and North's `6..12` from North's
/// left, so counter-clockwise sowing is `index + 1`.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::oware; }
/// use mancala::oware::{Oware, Player, Position};
/// let p = Oware::new();
/// assert_eq!(p.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
/// assert_eq!(p.legal_moves().len(), 6);
/// assert_eq!(p.pit(Player::North, 5), Some(4));
/// assert_eq!(p.pit(Player::North, 6), None); // no pit g
/// assert_eq!(Oware::from_setup(p.to_setup()), Ok(p));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
// The pits first, in bytes 0..12: a copy of the position is written as two 8-byte words,
// and the board word is read as bytes 0..8 and 8..12, each within one of them, so the
// read is forwarded from the write. Laid out by the compiler, the pits started at byte
// 1 and the read of bytes 1..9 spanned both writes and stalled (perft 10: 0.70 s against
// 0.55 s of CPU, docs/performance.md, "Oware perft against an independent one").
#[repr(C)]
pub struct Oware {
    pits: [u8; 2 * MAX_PITS],
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

/// A 1 in each of the 12 pit lanes of a `u128`.
const LANES: u128 = 0x0101_0101_0101_0101_0101_0101;

/// The most seeds a pit can hold: every seed in play.
const MOST_SEEDS: usize = 48;

/// `SOWING[origin][seeds]`: what sowing `seeds` from `origin` adds to the board word, one
/// seed in each pit after `origin` counter-clockwise, passing over `origin` itself (a lap
/// of 12 or more: every whole round of 11 drops one seed into each other pit, and the
/// rest, at most 10, go to the pits after the origin); and the last pit sown.
static SOWING: [[(u128, u8); MOST_SEEDS + 1]; 2 * MAX_PITS] = {
    let mut t = [[(0u128, 0u8); MOST_SEEDS + 1]; 2 * MAX_PITS];
    let mut origin = 0;
    while origin < 2 * MAX_PITS {
        let others = LANES & !(0xff << (8 * origin));
        let mut seeds = 0;
        while seeds <= MOST_SEEDS {
            let (rounds, rest) = (seeds / 11, seeds % 11);
            let mut add = rounds as u128 * others;
            let mut i = 1;
            while i <= rest {
                add += 1u128 << (8 * ((origin + i) % (2 * MAX_PITS)));
                i += 1;
            }
            let last = (origin + if rest == 0 { 11 } else { rest }) % (2 * MAX_PITS);
            t[origin][seeds] = (add, last as u8);
            seeds += 1;
        }
        origin += 1;
    }
    t
};

/// For each set of pits (bit `i` for pit `i`): its moves in order, and how many.
const MOVE_LISTS: [([Move; MAX_PITS], u8); 64] = {
    const fn pit(i: usize) -> Move {
        match Move::from_index(i) {
            Some(m) => m,
            None => panic!("a pit of the row"),
        }
    }
    let mut t = [([pit(0); MAX_PITS], 0u8); 64];
    let mut set = 0;
    while set < 64 {
        let mut len = 0;
        let mut i = 0;
        while i < MAX_PITS {
            if set & (1 << i) != 0 {
                t[set].0[len] = pit(i);
                len += 1;
            }
            i += 1;
        }
        t[set].1 = len as u8;
        set += 1;
    }
    t
};

/// The pit of board index `i` (`0..12`), as [`Board`] lists it.
const fn pit_id(i: usize) -> PitId {
    if i < MAX_PITS {
        PitId::new(Player::South, i as u8)
    } else {
        PitId::new(Player::North, (i - MAX_PITS) as u8)
    }
}

/// The first board index of `player`'s row.
const fn row_start(player: Player) -> usize {
    match player {
        Player::South => 0,
        Player::North => MAX_PITS,
    }
}

impl Oware {
    /// The standard start: 4 seeds in every pit, South to move.
    #[must_use]
    pub fn new() -> Self {
        Self::start(Player::South)
    }

    /// The standard start (4 seeds in every pit), `first` to move.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::oware; }
    /// use mancala::oware::{Oware, Player, Position};
    /// assert_eq!(Oware::start(Player::North).side_to_move(), Player::North);
    /// ```
    #[must_use]
    pub fn start(first: Player) -> Self {
        Self::start_with(SEEDS_PER_PIT[0], first).expect("4 seeds per pit is a variant")
    }

    /// The start with `seeds` (4 or 3) in every pit, `first` to move.
    ///
    /// # Errors
    /// [`SetupError::SeedsPerPit`] unless `seeds` is 4 or 3.
    pub fn start_with(seeds: u8, first: Player) -> Result<Self, SetupError> {
        if !SEEDS_PER_PIT.contains(&seeds) {
            return Err(SetupError::SeedsPerPit { seeds });
        }
        Oware::from_setup(Setup::start(seeds, first))
    }

    /// `player`'s row from their left.
    #[must_use]
    pub fn row(&self, player: Player) -> [u8; MAX_PITS] {
        let mut out = [0; MAX_PITS];
        out.copy_from_slice(&self.pits[row_start(player)..][..MAX_PITS]);
        out
    }

    /// Both stores.
    #[must_use]
    pub const fn stores(&self) -> ByPlayer<u8> {
        self.stores
    }

    /// The seeds in play: 48 or 36.
    #[must_use]
    pub const fn total(&self) -> u16 {
        self.total as u16
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
        usize::from(seeds) >= MAX_PITS - m.index()
    }

    /// The mover's row as one word, pit `a` in the low byte (bytes 6 and 7 are 0).
    #[inline]
    fn row_word(&self, player: Player) -> u64 {
        // Through the whole board, read as it is written (8 and 4 bytes), since a read
        // across two writes stalls.
        (self.word() >> (8 * row_start(player))) as u64 & 0xffff_ffff_ffff
    }

    /// The moves by the pit rules alone (without the end of the game), as a set of pits
    /// (bit `i` for pit `i`): every own non-empty pit, only the feeding ones when the
    /// opponent's row is empty.
    #[inline]
    fn candidate_set(&self) -> usize {
        let own = self.row_word(self.to_move);
        // A lane holding 1 to 48 gets its top bit set by adding 0x7f; a lane holding at
        // least `6 - i` (enough to reach the opponent's row from pit `i`) by adding
        // `0x80 - (6 - i)`. Then the top bits of lanes 0..6 are gathered into bits
        // 56..62 (no two products overlap).
        let mut top = (own + 0x7f7f_7f7f_7f7f_7f7f) & 0x0000_8080_8080_8080;
        if self.row_word(self.to_move.opponent()) == 0 {
            top &= own + 0x0000_7f7e_7d7c_7b7a;
        }
        ((top >> 7).wrapping_mul(0x0102_0408_1020_4000) >> 56) as usize
    }

    /// The moves by the pit rules alone (without the end of the game).
    #[inline]
    fn candidate_moves(&self) -> MoveList {
        let (moves, len) = MOVE_LISTS[self.candidate_set() & 0x3f];
        let mut list = MoveList::from(moves);
        list.truncate(usize::from(len));
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
    ///
    /// Inlined into its callers (`play_unchecked`, so into the generic perft): with the
    /// table of sowings and the board laid out first (`#[repr(C)]`), perft 11 went from
    /// 1.87 to 1.07–1.11 times the CPU time of an independent table-driven perft in the
    /// same process (`docs/performance.md`, "Oware perft against an independent one").
    #[inline(always)]
    pub fn play_capturing(&mut self, m: Move) -> u8 {
        self.play_observing(m, &mut ())
    }

    /// [`play_capturing`](Self::play_capturing), telling `observer` each step.
    #[inline(always)]
    fn play_observing<O: SowObserver>(&mut self, m: Move, observer: &mut O) -> u8 {
        let mover = self.to_move;
        self.to_move = mover.opponent();
        let origin = row_start(mover) + m.index();
        // The whole board in one word, read before any byte of it is written (a wide
        // read of a just-written byte stalls).
        let mut board = self.word();
        let seeds = usize::from((board >> (8 * origin)) as u8);
        board -= (seeds as u128) << (8 * origin);
        if O::ACTIVE {
            report_start(
                observer,
                pit_id(origin),
                seeds as u8,
                Direction::CounterClockwise,
                LapKind::Move,
            );
            // The lap the board word sows below, named pit by pit: the origin is passed
            // over.
            report_lap(
                observer,
                origin,
                seeds,
                2 * MAX_PITS,
                Direction::CounterClockwise,
                |p| p == origin,
                |p| SowEvent::Drop { pit: pit_id(p) },
            );
        }
        // The board word and a table of sowings, not the core's `sow`: perft through
        // `sow` took 18% more CPU time (docs/performance.md, "The core's primitives").
        let (add, last) = SOWING[origin][seeds.min(MOST_SEEDS)];
        board += add;
        let last = usize::from(last);
        self.pits
            .copy_from_slice(&board.to_le_bytes()[..2 * MAX_PITS]);
        // Capture: the last pit in the opponent's row holding 2 or 3, and the run of
        // opponent pits before it that hold 2 or 3 (the core's `capture_run`).
        let opp = row_start(mover.opponent());
        let Some(run) = capture_run(
            &self.pits,
            last,
            Direction::CounterClockwise,
            opp..opp + MAX_PITS,
            |n| matches!(n, 2 | 3),
            |n| matches!(n, 2 | 3),
        ) else {
            return 0;
        };
        // At most 48 seeds in play: the run's seeds fit a u8.
        let taken = run.seeds as u8;
        // Grand slam: a capture that would take every seed of the opponent takes none.
        let left: u8 = self.pits[opp..opp + MAX_PITS].iter().sum();
        if left == taken {
            return 0;
        }
        if O::ACTIVE {
            // Reported from the last pit back, as the run is walked.
            for p in (run.from..=run.to).rev() {
                observer.event(SowEvent::Capture {
                    pit: pit_id(p),
                    seeds: self.pits[p],
                    to: mover,
                });
            }
        }
        self.pits[run.from..=run.to].fill(0);
        self.stores[mover] += taken;
        taken
    }

    /// The pits as one number, pit `i` in byte lane `i` (lanes 12 to 15 are 0).
    #[inline]
    fn word(&self) -> u128 {
        let mut bytes = [0u8; 16];
        bytes[..2 * MAX_PITS].copy_from_slice(&self.pits);
        u128::from_le_bytes(bytes)
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
        Outcome::larger_total_wins(self.totals())
    }
}

impl PlayObserved for Oware {
    /// Reports the lift, each seed (the origin passed over on a lap of 12 or more) and
    /// each pit of a capture run, from the last pit back. A grand slam captures
    /// nothing, so reports no capture.
    #[inline]
    fn play_observed<O: SowObserver>(&mut self, m: Move, observer: &mut O) {
        self.play_observing(m, observer);
    }
}

impl Position for Oware {
    type Move = Move;
    type MoveList = MoveList;
    type Setup = Setup;
    type SetupError = SetupError;
    type Reason = Reason;

    /// The position `setup` describes, if its seeds (pits and stores) add up to 48 or
    /// 36: any such position is one of Oware (between turns; it may be a finished game).
    ///
    /// # Errors
    /// [`SetupError::SeedTotal`], naming the total found.
    fn from_setup(setup: Setup) -> Result<Self, SetupError> {
        let found = setup.total();
        if found != 48 && found != 36 {
            return Err(SetupError::SeedTotal { found });
        }
        let mut pits = [0; 2 * MAX_PITS];
        pits[..MAX_PITS].copy_from_slice(&setup.pits.south);
        pits[MAX_PITS..].copy_from_slice(&setup.pits.north);
        Ok(Oware {
            pits,
            stores: setup.stores,
            to_move: setup.to_move,
            // 48 or 36.
            total: found as u8,
        })
    }

    fn to_setup(&self) -> Setup {
        Setup {
            pits: ByPlayer::from_fn(|p| self.row(p)),
            stores: self.stores,
            to_move: self.to_move,
        }
    }

    /// Both rows, both stores and the player to move.
    fn board(&self) -> Board {
        Board::two_rows(
            self.row(Player::South).map(Some),
            self.row(Player::North).map(Some),
            Some(self.stores.map(u16::from)),
            self.to_move,
        )
    }

    /// The seeds in `player`'s pit `index` (0 = `a`); `None` from `index` 6 on.
    #[inline]
    fn pit(&self, player: Player, index: usize) -> Option<u8> {
        if index < MAX_PITS {
            Some(self.pits[row_start(player) + index])
        } else {
            None
        }
    }

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self) -> MoveList {
        if self.decided_by_stores().is_some() {
            return MoveList::new();
        }
        self.candidate_moves()
    }

    #[inline(always)]
    fn play_unchecked(&mut self, m: Move) {
        self.play_capturing(m);
    }

    /// Over when a store holds more than half the seeds (or both exactly half), or when
    /// the player to move has no legal move (the opponent is starved and cannot be fed):
    /// then each player takes the seeds in their own row, so the mover takes all that is
    /// left. A winner scores 1 point.
    fn status(&self) -> Status {
        if self.decided_by_stores().is_some() {
            Status::Over(self.outcome_taking_rows().with_reason(end::MAJORITY))
        } else if self.candidate_set() == 0 {
            Status::Over(self.outcome_taking_rows().with_reason(end::STARVATION))
        } else {
            Status::Ongoing
        }
    }

    /// Why `m` is refused: the game is over, no such pit (never for a [`Move`], which
    /// names `a` to `f`, but checked all the same), an empty pit, or a move that does
    /// not feed an empty opponent.
    fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        if self.status().is_finished() {
            return Err(IllegalMove::GameOver);
        }
        let pit = pit_letter(m.index());
        let seeds = match self.pit(self.to_move, m.index()) {
            Some(n) => n,
            None => return Err(IllegalMove::NoSuchPit { pit }),
        };
        if seeds == 0 {
            return Err(IllegalMove::EmptyPit { pit });
        }
        if self.seeds_in_row(self.to_move.opponent()) == 0 && !self.feeds(m) {
            return Err(IllegalMove::MustFeed);
        }
        Ok(())
    }
}

mancala_core::position_text!(Oware, Setup);

impl fmt::Debug for Oware {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Oware(\"{self}\")")
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
