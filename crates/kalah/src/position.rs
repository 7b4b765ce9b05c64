//! The position, its moves and the rules of play: sowing (K2), the extra turn (K3), the
//! capture (K4), the end of the game (K5) and the outcome (K6).

use core::fmt;

use arrayvec::ArrayVec;
use mancala_core::events::{
    LapKind, PitId, PlayObserved, SowEvent, SowObserver, report_lap, report_start,
};
use mancala_core::notation::{Row, pit_letter};
use mancala_core::{Board, ByPlayer, Direction, Outcome, PitMove, Player, Position, Status};

use crate::rules::{Ending, MAX_PITS, Rules};
use crate::{IllegalMove, Setup, SetupError, end};

/// A move: the mover's pit, named by its letter from the mover's left (`a`, `b`, …).
///
/// The same type serves every number of pits; a letter past the side in play is refused
/// by the checked [`play`](Position::play) with
/// [`IllegalMove::NoSuchPit`](mancala_core::IllegalMove::NoSuchPit).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::kalah; }
/// use mancala::kalah::Move;
/// let m: Move = "f".parse().unwrap();
/// assert_eq!(m.index(), 5);
/// assert!("j".parse::<Move>().is_ok()); // 10 pits a side at most
/// assert!("k".parse::<Move>().is_err());
/// ```
pub type Move = PitMove<MAX_PITS>;

/// The legal moves of a position; its capacity is the worst case, every pit of a
/// 10-pit side.
pub type MoveList = ArrayVec<Move, MAX_PITS>;

/// The game's own reasons for refusing a move: none. Every refusal in Kalah is one of
/// the shared reasons of [`IllegalMove`](crate::IllegalMove) (`GameOver`, `NoSuchPit`,
/// `EmptyPit`), so it is [`Infallible`](core::convert::Infallible).
pub type Reason = core::convert::Infallible;

/// The cells of the board: at most 10 pits a side and two stores (22), and room to read
/// them as two words, a `u128` and a `u64`.
const CELLS: usize = 24;

const _: () = assert!(2 * MAX_PITS + 2 <= CELLS);

/// The cells as two words: bytes `0..16` in a `u128`, bytes `16..24` in a `u64`, each
/// cell in its own byte lane. No lane ever carries into the next: a cell holds at most
/// the 255 seeds of the game.
#[derive(Clone, Copy)]
struct Lanes(u128, u64);

impl Lanes {
    const fn add(self, o: Lanes) -> Lanes {
        Lanes(self.0 + o.0, self.1 + o.1)
    }

    /// `self - o`, lane by lane, where no lane of `o` is above that of `self`.
    const fn sub(self, o: Lanes) -> Lanes {
        Lanes(self.0 - o.0, self.1 - o.1)
    }

    const fn times(self, k: u8) -> Lanes {
        Lanes(self.0 * k as u128, self.1 * k as u64)
    }
}

/// `ONES[k]`: a 1 in each of the lanes `0..k`.
const ONES: [Lanes; CELLS + 1] = {
    let mut t = [Lanes(0, 0); CELLS + 1];
    let mut k = 1;
    while k <= CELLS {
        t[k] = if k <= 16 {
            Lanes(t[k - 1].0 | (1 << (8 * (k - 1))), 0)
        } else {
            Lanes(t[k - 1].0, t[k - 1].1 | (1 << (8 * (k - 17))))
        };
        k += 1;
    }
    t
};

/// A 1 in the lanes `from..to`.
const fn ones(from: usize, to: usize) -> Lanes {
    ONES[to].sub(ONES[from])
}

/// Bit `i` set for each non-empty lane `i` of a word of 8 lanes.
#[inline]
const fn occupied_lanes(x: u64) -> u32 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // Adding 0x7f to a lane's low 7 bits sets its top bit unless they are 0; or-ing the
    // lane itself covers a lane of exactly 0x80.
    let top = (((x & LOW7) + LOW7) | x) & !LOW7;
    // Lane `i`'s bit (at `8i + 7`) is moved to bit `56 + i` by the multiply; no two
    // products overlap, so nothing carries.
    ((top >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// For each set of pits of a side (bit `i` for pit `i`): its moves in order, and how
/// many.
const MOVE_LISTS: [([Move; MAX_PITS], u8); 1 << MAX_PITS] = {
    const fn pit(i: usize) -> Move {
        match Move::from_index(i) {
            Some(m) => m,
            None => panic!("a pit of the side"),
        }
    }
    let mut t = [([pit(0); MAX_PITS], 0u8); 1 << MAX_PITS];
    let mut set = 0;
    while set < 1 << MAX_PITS {
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

/// A position of Kalah: both sides' pits, both stores, the player to move and the
/// [`Rules`]; the [`Position`] trait plays it. It is `Copy` and 28 bytes.
///
/// Its notation says all of it (the options field carries the rules that are not the
/// default), so it serializes as its notation (feature `serde`). Kalah cannot repeat a
/// position (rule K7), so it needs no history.
///
/// Internally the `m` pits a side and the stores lie in one array in counter-clockwise
/// order, `2m + 2` cells: South's pits `0..m` from South's left, South's store at `m`,
/// North's pits `m+1..=2m` from North's left, North's store at `2m + 1`. A player sows
/// round the `2m + 1` cells that start at their pit `a` and leave out the opponent's
/// store; pit `c`'s opposite pit is `2m - c`.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::kalah; }
/// use mancala::kalah::{Kalah, Player, Position, Rules};
/// let p = Kalah::new();
/// assert_eq!(p.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
/// assert_eq!(p.legal_moves().len(), 6);
/// assert_eq!(p.pit(Player::North, 5), Some(4));
/// assert_eq!(p.pit(Player::North, 6), None); // no pit g
/// assert_eq!(Kalah::from_setup(p.to_setup()), Ok(p));
/// let small = Kalah::start_with(Rules::with_pits(3), 3, Player::South).unwrap();
/// assert_eq!(small.to_string(), "3,3,3/3,3,3 0-0 S");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kalah {
    /// The pits and stores, `2m + 2` cells in counter-clockwise order (see above); the
    /// cells after them are always 0.
    cells: [u8; CELLS],
    rules: Rules,
    to_move: Player,
}

impl Default for Kalah {
    fn default() -> Self {
        Self::new()
    }
}

impl Kalah {
    /// The standard start (OpenSpiel's `mancala`): the default [`Rules`] (6 pits a
    /// side), 4 seeds in every pit, South to move.
    #[must_use]
    pub fn new() -> Self {
        Self::from_checked_setup(&Setup::default())
    }

    /// The standard start (the default [`Rules`], 4 seeds in every pit), `first` to
    /// move.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::kalah; }
    /// use mancala::kalah::{Kalah, Player, Position};
    /// assert_eq!(Kalah::start(Player::North).side_to_move(), Player::North);
    /// ```
    #[must_use]
    pub fn start(first: Player) -> Self {
        Self::from_checked_setup(&Setup::start(Rules::default(), 4, first))
    }

    /// The start under `rules` with `seeds` in every pit, `first` to move.
    ///
    /// # Errors
    /// [`SetupError::SeedsPerPit`] for 0 seeds; otherwise those of
    /// [`Position::from_setup`]: [`SetupError::Pits`] for pits outside 1 to
    /// [`MAX_PITS`], [`SetupError::SeedTotal`] for more than 255 seeds in all.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::kalah; }
    /// use mancala::kalah::{Kalah, Player, Rules, SetupError};
    /// let south = Player::South;
    /// assert_eq!(Kalah::start_with(Rules::default(), 4, south), Ok(Kalah::new()));
    /// assert_eq!(
    ///     Kalah::start_with(Rules::default(), 0, south),
    ///     Err(SetupError::SeedsPerPit { seeds: 0 })
    /// );
    /// assert_eq!(
    ///     Kalah::start_with(Rules::with_pits(0), 4, south),
    ///     Err(SetupError::Pits { pits: 0 })
    /// );
    /// ```
    pub fn start_with(rules: Rules, seeds: u8, first: Player) -> Result<Self, SetupError> {
        if seeds == 0 {
            return Err(SetupError::SeedsPerPit { seeds });
        }
        Kalah::from_setup(Setup::start(rules, seeds, first))
    }

    /// The position of a setup known to be valid.
    fn from_checked_setup(setup: &Setup) -> Self {
        let m = usize::from(setup.rules.pits);
        let mut cells = [0; CELLS];
        cells[..m].copy_from_slice(&setup.pits.south[..m]);
        cells[m] = setup.stores.south;
        cells[m + 1..2 * m + 1].copy_from_slice(&setup.pits.north[..m]);
        cells[2 * m + 1] = setup.stores.north;
        Kalah {
            cells,
            rules: setup.rules,
            to_move: setup.to_move,
        }
    }

    /// The rules of this game.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// Pits a side (`rules().pits`, as a `usize`).
    #[must_use]
    #[inline]
    pub const fn pits(&self) -> usize {
        self.rules.pits as usize
    }

    /// The cells as two words.
    #[inline]
    fn lanes(&self) -> Lanes {
        let mut lo = [0; 16];
        let mut hi = [0; 8];
        lo.copy_from_slice(&self.cells[..16]);
        hi.copy_from_slice(&self.cells[16..]);
        Lanes(u128::from_le_bytes(lo), u64::from_le_bytes(hi))
    }

    /// Writes the cells back from two words.
    #[inline]
    fn set_lanes(&mut self, l: Lanes) {
        self.cells[..16].copy_from_slice(&l.0.to_le_bytes());
        self.cells[16..].copy_from_slice(&l.1.to_le_bytes());
    }

    /// The cell of `player`'s pit `a`.
    #[inline]
    const fn row_start(&self, player: Player) -> usize {
        match player {
            Player::South => 0,
            Player::North => self.pits() + 1,
        }
    }

    /// The cell of `player`'s store.
    #[inline]
    const fn store_cell(&self, player: Player) -> usize {
        self.row_start(player) + self.pits()
    }

    /// `player`'s side from their left.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::kalah; }
    /// use mancala::kalah::{Kalah, Player};
    /// let p: Kalah = "1,2,3/4,5,6 7-8 N".parse().unwrap();
    /// assert_eq!(p.row(Player::North), [4, 5, 6]);
    /// ```
    #[must_use]
    #[inline]
    pub fn row(&self, player: Player) -> &[u8] {
        let start = self.row_start(player);
        &self.cells[start..start + self.pits()]
    }

    /// `player`'s store.
    #[must_use]
    #[inline]
    pub const fn store(&self, player: Player) -> u8 {
        self.cells[self.store_cell(player)]
    }

    /// Both stores.
    #[must_use]
    pub const fn stores(&self) -> ByPlayer<u8> {
        ByPlayer::new(self.store(Player::South), self.store(Player::North))
    }

    /// The seeds on `player`'s side (not counting the store).
    #[must_use]
    #[inline]
    pub fn seeds_in_row(&self, player: Player) -> u16 {
        // At most 255 seeds in all: the sum fits a u16 (and a u8).
        self.row(player).iter().map(|&n| u16::from(n)).sum()
    }

    /// Every seed in the game, pits and stores: it never changes.
    #[must_use]
    pub fn total(&self) -> u16 {
        self.cells.iter().map(|&n| u16::from(n)).sum()
    }

    /// Whether the game is over by rule K5: either side empty ([`Ending::AnySideEmpty`]),
    /// or the mover's side empty ([`Ending::MoverEmpty`]). The same answer as
    /// [`Position::is_finished`] (no game of Kalah is annulled), without making the
    /// outcome.
    #[must_use]
    #[inline]
    pub fn is_finished(&self) -> bool {
        self.playable() == 0
    }

    /// The old name of [`is_finished`](Kalah::is_finished).
    #[deprecated(note = "renamed to is_finished")]
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.is_finished()
    }

    /// Bit `i` set for each non-empty cell `i`.
    #[inline]
    fn occupied(&self) -> u32 {
        let Lanes(lo, hi) = self.lanes();
        occupied_lanes(lo as u64)
            | occupied_lanes((lo >> 64) as u64) << 8
            | occupied_lanes(hi) << 16
    }

    /// The mover's non-empty pits (bit `i` for pit `i`), or none once the game is over
    /// (K5: either side empty, or with [`Ending::MoverEmpty`] the mover's).
    #[inline]
    fn playable(&self) -> usize {
        let occupied = self.occupied() as usize;
        let side = (1 << self.pits()) - 1;
        let mine = (occupied >> self.row_start(self.to_move)) & side;
        let theirs = (occupied >> self.row_start(self.to_move.opponent())) & side;
        if theirs == 0 && self.rules.ending == Ending::AnySideEmpty {
            0
        } else {
            mine
        }
    }

    /// The final totals if the game ended here (rule K5): each player's store plus the
    /// seeds on their own side.
    #[must_use]
    pub fn totals(&self) -> ByPlayer<u16> {
        ByPlayer::from_fn(|p| u16::from(self.store(p)) + self.seeds_in_row(p))
    }

    /// The outcome if the game ended here (rule K6): each player adds the seeds on their
    /// side to their store; more seeds wins (1 point), equal is a draw. The reason is the
    /// caller's to give.
    #[must_use]
    pub fn outcome_taking_rows(&self) -> Outcome {
        Outcome::larger_total_wins(self.totals())
    }

    /// The old name of [`outcome_taking_rows`](Kalah::outcome_taking_rows).
    #[deprecated(note = "renamed to outcome_taking_rows")]
    #[must_use]
    pub fn final_outcome(&self) -> Outcome {
        self.outcome_taking_rows()
    }

    /// Sows the mover's pit `m` (rule K2), captures (K4) and passes the turn unless the
    /// last seed fell in the mover's store (K3). `m` must name a non-empty pit of the
    /// side; the end of the game is not checked.
    ///
    /// `observer` is told each step (`()`: none, at no cost; `PlayObserved`).
    #[inline]
    fn sow<O: SowObserver>(&mut self, pit: usize, observer: &mut O) {
        let m = self.pits();
        let n = 2 * m + 2;
        let mover = self.to_move;
        let start = self.row_start(mover);
        let origin = start + pit;
        let seeds = self.cells[origin];
        report_start(
            observer,
            PitId::new(mover, pit as u8),
            seeds,
            Direction::CounterClockwise,
            LapKind::Move,
        );
        // The opponent's store: the cell before the mover's pit `a` (no `%`: a division
        // by a number known only at run time is slow).
        let skip = match mover {
            Player::South => n - 1,
            Player::North => m,
        };
        // The whole board in two words, read after the last write to it (a wide read of
        // a just-written byte stalls); the sowing is a few adds of lane masks.
        let mut board = self.lanes().sub(ones(origin, origin + 1).times(seeds));
        // Whole laps of the 2m + 1 cells the mover sows into (the origin among them)
        // drop one seed in each, added at once; the rest go to the cells after the
        // origin. Laps are rare: the division only runs for them.
        let lap = 2 * m + 1;
        let (laps, rest) = if usize::from(seeds) < lap {
            (0, usize::from(seeds))
        } else {
            (usize::from(seeds) / lap, usize::from(seeds) % lap)
        };
        if laps > 0 {
            // At most 255 seeds: `laps` fits a u8, and no lane overflows.
            let round = ones(0, n).sub(ones(skip, skip + 1));
            board = board.add(round.times(laps as u8));
        }
        // The opponent's store is `lap - pit` cells after the origin: a rest that reaches
        // it goes one cell further, and the store gives its seed back. The rest's cells
        // run from `origin + 1`, wrapping once past the last cell (`len < n`).
        let passes = rest >= lap - pit;
        let len = rest + usize::from(passes);
        let (from, to) = (origin + 1, origin + 1 + len);
        let mut sown = if to <= n {
            ones(from, to)
        } else {
            ones(from, n).add(ones(0, to - n))
        };
        if passes {
            sown = sown.sub(ones(skip, skip + 1));
        }
        self.set_lanes(board.add(sown));
        // K2's cells in sowing order: South's pits, South's store, North's pits, North's
        // store; the opponent's store is passed over.
        report_lap(
            observer,
            origin,
            usize::from(seeds),
            n,
            Direction::CounterClockwise,
            |c| c == skip,
            |c| {
                let player = if c <= m { Player::South } else { Player::North };
                let index = c - self.row_start(player);
                if index == m {
                    SowEvent::Store { player }
                } else {
                    SowEvent::Drop {
                        pit: PitId::new(player, index as u8),
                    }
                }
            },
        );
        let last = match to - 1 {
            _ if rest == 0 => origin,
            end if end >= n => end - n,
            end => end,
        };
        if last == start + m {
            return; // K3: the mover moves again.
        }
        if last >= start && last < start + m && self.cells[last] == 1 {
            let opposite = 2 * m - last;
            let taken = self.cells[opposite];
            if taken > 0 || self.rules.empty_capture {
                // K4: the last seed and the opposite pit's seeds go to the store.
                if O::ACTIVE {
                    observer.event(SowEvent::Capture {
                        pit: PitId::new(mover, (last - start) as u8),
                        seeds: 1,
                        to: mover,
                    });
                    if taken > 0 {
                        let them = mover.opponent();
                        observer.event(SowEvent::Capture {
                            pit: PitId::new(them, (opposite - self.row_start(them)) as u8),
                            seeds: taken,
                            to: mover,
                        });
                    }
                }
                self.cells[start + m] += taken + 1;
                self.cells[last] = 0;
                self.cells[opposite] = 0;
            }
        }
        self.to_move = mover.opponent();
    }
}

impl PlayObserved for Kalah {
    /// Reports the lift, each seed into a pit or the mover's store, and a capture's
    /// two pits (K4: the last seed, then the opposite pit's seeds). The end of the game
    /// (K5) moves no seed on the board: the outcome counts the sides.
    ///
    /// # Panics
    /// If `m` names a pit past the side.
    #[inline]
    fn play_observed<O: SowObserver>(&mut self, m: Move, observer: &mut O) {
        assert!(m.index() < self.pits(), "no pit {m} on this board");
        self.sow(m.index(), observer);
    }
}

impl Position for Kalah {
    type Move = Move;
    type MoveList = MoveList;
    type Setup = Setup;
    type SetupError = SetupError;
    type Reason = Reason;

    /// The position `setup` describes, if it satisfies rule K1: 1 to 10 pits a side, no
    /// seeds past them, at most 255 seeds in all. Any such setup is a position of Kalah
    /// between turns; one whose sides end the game (rule K5) is a finished game.
    ///
    /// # Errors
    /// [`SetupError::Pits`], [`SetupError::PastTheRow`] or [`SetupError::SeedTotal`].
    fn from_setup(setup: Setup) -> Result<Self, SetupError> {
        setup.validate()?;
        Ok(Kalah::from_checked_setup(&setup))
    }

    fn to_setup(&self) -> Setup {
        let mut pits = ByPlayer::new([0; MAX_PITS], [0; MAX_PITS]);
        for p in Player::ALL {
            pits[p][..self.pits()].copy_from_slice(self.row(p));
        }
        Setup {
            rules: self.rules,
            pits,
            stores: self.stores(),
            to_move: self.to_move,
        }
    }

    /// Both sides, both stores and the player to move.
    fn board(&self) -> Board {
        let row = |p: Player| -> Row { self.row(p).iter().map(|&n| Some(n)).collect() };
        Board {
            pits: ByPlayer::new(row(Player::South), row(Player::North)),
            rows_per_player: 1,
            stores: Some(self.stores().map(u16::from)),
            to_move: self.to_move,
            in_hand: 0,
        }
    }

    /// The seeds in `player`'s pit `index` (0 = `a`); `None` past the side.
    #[inline]
    fn pit(&self, player: Player, index: usize) -> Option<u8> {
        self.row(player).get(index).copied()
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// Every non-empty pit of the mover's side, from `a`; none once the game is over.
    #[inline]
    fn legal_moves(&self) -> MoveList {
        // The set of playable pits indexes a table of move lists.
        let (moves, len) = MOVE_LISTS[self.playable()];
        let mut list = MoveList::from(moves);
        list.truncate(usize::from(len));
        list
    }

    /// Plays `m` without checking it: sowing (K2), the extra turn (K3), the capture (K4).
    ///
    /// # Panics
    /// If `m` names a pit past the side.
    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        self.play_observed(m, &mut ());
    }

    /// Over by rule K5 (either side empty, or with [`Ending::MoverEmpty`] the mover's);
    /// then each player adds the seeds on their side to their store, and more seeds wins
    /// 1 point (rule K6).
    fn status(&self) -> Status {
        if self.is_finished() {
            Status::Over(self.outcome_taking_rows().with_reason(end::SIDE_EMPTY))
        } else {
            Status::Ongoing
        }
    }

    /// Why `m` is refused: the game is over, no such pit on this board, or an empty
    /// pit.
    fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        if self.is_finished() {
            return Err(IllegalMove::GameOver);
        }
        let pit = pit_letter(m.index());
        match self.pit(self.to_move, m.index()) {
            None => Err(IllegalMove::NoSuchPit { pit }),
            Some(0) => Err(IllegalMove::EmptyPit { pit }),
            Some(_) => Ok(()),
        }
    }
}

// Display (the notation, then the options that are not the default), FromStr (rule
// K1 checked) and TryFrom<Setup>.
mancala_core::position_text!(Kalah, Setup);

impl fmt::Debug for Kalah {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Kalah(\"{self}\")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occupied_lanes_finds_every_non_empty_lane() {
        let mut x = 0x0102_0304_0506_0708_u64;
        for _ in 0..2000 {
            // A xorshift walk, with lanes of 0, 0x80 and 0xff mixed in.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let y = x & 0xff00_80ff_0000_ff80;
            for v in [x, y, !y, 0, 0x8080_8080_8080_8080] {
                let slow = (0..8).fold(0, |acc, i| acc | u32::from((v >> (8 * i)) as u8 != 0) << i);
                assert_eq!(occupied_lanes(v), slow, "{v:#x}");
            }
        }
    }

    #[test]
    fn sizes() {
        assert_eq!(core::mem::size_of::<Move>(), 1);
        assert!(core::mem::size_of::<Kalah>() <= 28);
    }
}
