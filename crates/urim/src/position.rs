//! The position, its moves, and rules 1–5 and 7: sowing, capture, feeding, starvation
//! and the game points.

use core::fmt;

use arrayvec::ArrayVec;
use mancala_core::capture::capture_run;
use mancala_core::events::{LapKind, PitId, PlayObserved, SowEvent, SowObserver, report_start};
use mancala_core::sow::{Direction, sow};
use mancala_core::{Board, ByPlayer, Outcome, Player, Position, Status};

use crate::setup::{CAP, SEEDS_PER_PIT, Setup, SetupError};

/// The most pits a row has in any variant (2×7).
pub const MAX_PITS: usize = 7;

/// A move: the mover's pit, named by its letter from the mover's left (`a`, `b`, …).
///
/// The same type serves every variant; on a 6-pit row, `g` is refused by the checked
/// [`play`](Position::play) with [`IllegalMove::NoSuchPit`].
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::urim; }
/// use mancala::urim::Move;
/// let m: Move = "c".parse().unwrap();
/// assert_eq!(m.index(), 2);
/// assert_eq!(m.to_string(), "c");
/// assert!("h".parse::<Move>().is_err());
/// ```
pub type Move = mancala_core::PitMove<MAX_PITS>;

/// Urim's own reasons for refusing a move: none. Every refusal is one that the games
/// share ([`IllegalMove::GameOver`], [`IllegalMove::NoSuchPit`],
/// [`IllegalMove::EmptyPit`], [`IllegalMove::MustFeed`]), so it is
/// [`Infallible`](core::convert::Infallible), the [`Position::Reason`] of [`Urim`].
pub type Reason = core::convert::Infallible;

/// Why a checked move was refused: the shared reasons of
/// [`mancala_core::IllegalMove`], with Urim's own [`Reason`] (none).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::urim; }
/// use mancala::urim::{IllegalMove, Player, Position, Urim};
/// // Pit g, on a 2×6 board.
/// let mut p = Urim::<6>::start(Player::South);
/// let g = mancala::urim::Move::from_u8(6).unwrap();
/// assert_eq!(p.play(g), Err(IllegalMove::NoSuchPit { pit: 'g' }));
/// ```
pub type IllegalMove = mancala_core::IllegalMove<Reason>;

/// The legal moves of a position. Its capacity is the worst case: every pit of a 7-pit
/// row is legal.
pub type MoveList = ArrayVec<Move, MAX_PITS>;

/// A position of Urim on two rows of `N` pits (`N` = 6 or 7): the pits, both stores and
/// the player to move.
///
/// The seeds-per-pit variant (3 or 4) is not a parameter: the total `T` (36, 42, 48 or
/// 56) is the sum of everything, and never changes. A position can only be built from a
/// valid [`Setup`], so every pit holds at most 17 seeds and `T` is one of the variants'.
/// The position keeps no history: the repetition rule (rule 6) belongs to the game
/// record (`Game`, feature `alloc`).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::urim; }
/// use mancala::urim::{Urim6, Urim7};
/// assert_eq!(Urim6::new().to_string(), "3,3,3,3,3,3/3,3,3,3,3,3 0-0 S");
/// assert_eq!(Urim7::start_with(4, mancala::Player::North).unwrap().total(), 56);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, align(16))]
pub struct Urim<const N: usize> {
    /// One byte per pit, seen from the player to move: their row at `0..N` from their
    /// left, the opponent's at `8..8 + N` from the opponent's left, so that a move's
    /// origin is its pit index and each row is one `u64`. The other bytes are always 0.
    /// Read as one `u128` (it is 16-byte aligned), a whole lap is sown with one add, and
    /// the board is turned round for the next player (the rows swapped) by swapping the
    /// two halves.
    pits: [u8; 16],
    stores: ByPlayer<u8>,
    to_move: Player,
}

/// Urim on two rows of 6 (the default board).
pub type Urim6 = Urim<6>;
/// Urim on two rows of 7.
pub type Urim7 = Urim<7>;

/// The byte `b` in every lane of a `u128`.
const fn lanes(b: u8) -> u128 {
    u128::from_le_bytes([b; 16])
}

/// The byte lane of pit `i` of the `2n` pits counted counter-clockwise from the mover's
/// `a` (the mover's row `0..n`, then the opponent's): the opponent's row starts at lane 8.
const fn lane_of(n: usize, i: usize) -> usize {
    if i < n { i } else { i - n + 8 }
}

/// The byte lane of pit `i` as [`lane_of`] counts them, on a board in pairs
/// ([`pairs`](crate::pairs): the mover's pit `k` in lane `2k`, the opponent's in
/// `2k + 1`) if `pairs`, else on the rows word.
const fn lane_in(n: usize, i: usize, pairs: bool) -> usize {
    match (pairs, i < n) {
        (false, _) => lane_of(n, i),
        (true, true) => 2 * i,
        (true, false) => 2 * (i - n) + 1,
    }
}

/// `masks[origin][seeds]`: a 1 in the lane of each of the `seeds` pits after `origin`
/// (counter-clockwise, wrapping round the `2n` pits), for `seeds < 2n`; the lanes in
/// pairs if `pairs`.
const fn sow_masks(n: usize, pairs: bool) -> [[u128; 14]; 14] {
    let len = 2 * n;
    let mut t = [[0u128; 14]; 14];
    let mut origin = 0;
    while origin < len {
        let mut seeds = 1;
        while seeds < len {
            let lane = lane_in(n, (origin + seeds) % len, pairs);
            t[origin][seeds] = t[origin][seeds - 1] | (1u128 << (8 * lane));
            seeds += 1;
        }
        origin += 1;
    }
    t
}

/// One fast lap (rule 3) of `seeds < 2n` seeds from `origin`, as numbers to apply to the
/// board (one byte lane per pit).
#[derive(Clone, Copy)]
struct Lap {
    /// The top bit of each lane the lap drops into (to find a full pit on the way).
    probe: u128,
    /// Lifts the origin's seeds and drops one seed into each lane of the lap.
    add: u128,
    /// `0xfe` in the lane of the last seed if that lane is in the opponent's row, else
    /// 0: the last pit holds 2 or 3 (rule 4) when `board & trigger` is `0x02` there.
    trigger: u128,
    /// The lane of the last seed.
    last: u8,
}

/// [`Lap`] for every origin in the mover's row (pits `0..n`) and every `seeds < 2n`
/// (the rows of origins `n..8` are unused; 8 rows let a masked index go unchecked);
/// the lanes in pairs if `pairs`, else those of the rows word.
const fn laps(n: usize, pairs: bool) -> [[Lap; 14]; 8] {
    let masks = sow_masks(n, pairs);
    let empty = Lap {
        probe: 0,
        add: 0,
        trigger: 0,
        last: 0,
    };
    let mut t = [[empty; 14]; 8];
    let mut origin = 0;
    while origin < n {
        let mut seeds = 0;
        while seeds < 2 * n {
            let mask = masks[origin][seeds];
            let ring = (origin + seeds) % (2 * n);
            let last = lane_in(n, ring, pairs);
            // The opponent's row is pits `n..2n`.
            let captures = ring >= n;
            let from = lane_in(n, origin, pairs);
            t[origin][seeds] = Lap {
                probe: mask << 7,
                add: mask.wrapping_sub((seeds as u128) << (8 * from)),
                trigger: if captures { 0xfe << (8 * last) } else { 0 },
                last: last as u8,
            };
            seeds += 1;
        }
        origin += 1;
    }
    t
}

/// The moves from one set of pits: the first `len` of `moves`, in order.
#[derive(Clone, Copy)]
struct Moves {
    moves: [Move; MAX_PITS],
    len: u8,
}

/// The move from pit `i`, made at compile time (`i < MAX_PITS`).
const fn move_at(i: usize) -> Move {
    match Move::from_index(i) {
        Some(m) => m,
        None => panic!("a pit of a row"),
    }
}

/// For each set of pits (bit `i` for pit `i`, 7 pits): its moves, built at compile time
/// so that move generation is one table read.
const MOVE_LISTS: [Moves; 128] = {
    let empty = Moves {
        moves: [move_at(0); MAX_PITS],
        len: 0,
    };
    let mut t = [empty; 128];
    let mut set = 0;
    while set < 128 {
        let mut i = 0;
        while i < MAX_PITS {
            if set & (1 << i) != 0 {
                t[set].moves[t[set].len as usize] = move_at(i);
                t[set].len += 1;
            }
            i += 1;
        }
        set += 1;
    }
    t
};

/// A mask of `0xff` in lanes `from..to`.
const fn row_mask(from: usize, to: usize) -> u128 {
    let mut m = 0u128;
    let mut i = from;
    while i < to {
        m |= 0xff << (8 * i);
        i += 1;
    }
    m
}

impl<const N: usize> Urim<N> {
    /// Refuses, at compile time, boards other than 2×6 and 2×7.
    pub(crate) const VALID_VARIANT: () =
        assert!(N == 6 || N == 7, "urim is played on rows of 6 or 7 pits");
    /// The number of pits on the board.
    const LEN: usize = 2 * N;
    /// See [`laps`].
    const LAPS: [[Lap; 14]; 8] = laps(N, false);
    /// [`LAPS`](Self::LAPS) on boards in pairs.
    const PAIR_LAPS: [[Lap; 14]; 8] = laps(N, true);
    /// The lanes of the mover's row.
    const OWN_ROW: u128 = row_mask(0, N);
    /// The lanes of the opponent's row.
    const OTHER_ROW: u128 = row_mask(8, 8 + N);

    /// The standard start: 3 seeds in every pit, South to move.
    #[must_use]
    pub fn new() -> Self {
        Self::from_checked_setup(&Setup::start(SEEDS_PER_PIT[0], Player::South))
    }

    /// The standard start (3 seeds in every pit, rule 1), `first` to move.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::urim; }
    /// use mancala::urim::{Player, Position, Urim6};
    /// let p = Urim6::start(Player::North);
    /// assert_eq!(p.to_string(), "3,3,3,3,3,3/3,3,3,3,3,3 0-0 N");
    /// ```
    #[must_use]
    pub fn start(first: Player) -> Self {
        Self::from_checked_setup(&Setup::start(SEEDS_PER_PIT[0], first))
    }

    /// The start of the variant with `seeds` (3 or 4) in every pit, `first` to move
    /// (rule 1).
    ///
    /// # Errors
    /// [`SetupError::SeedsPerPit`] unless `seeds` is 3 or 4.
    pub fn start_with(seeds: u8, first: Player) -> Result<Self, SetupError> {
        if !SEEDS_PER_PIT.contains(&seeds) {
            return Err(SetupError::SeedsPerPit { seeds });
        }
        Ok(Self::from_checked_setup(&Setup::start(seeds, first)))
    }

    /// Builds the position from a valid setup (one that [`Setup::validate`] accepts,
    /// or the start of a variant).
    pub(crate) fn from_checked_setup(setup: &Setup<N>) -> Self {
        let () = Self::VALID_VARIANT;
        let mut pits = [0; 16];
        pits[..N].copy_from_slice(&setup.pits[setup.to_move]);
        pits[8..8 + N].copy_from_slice(&setup.pits[setup.to_move.opponent()]);
        Urim {
            pits,
            stores: setup.stores,
            to_move: setup.to_move,
        }
    }

    /// The seeds in `player`'s row, from that player's left (`a` first).
    #[must_use]
    pub fn row(&self, player: Player) -> [u8; N] {
        let mut out = [0; N];
        let start = self.row_start(player);
        out.copy_from_slice(&self.pits[start..start + N]);
        out
    }

    /// Both stores.
    #[must_use]
    pub const fn stores(&self) -> ByPlayer<u8> {
        self.stores
    }

    /// The seeds left in `player`'s row.
    #[must_use]
    pub fn seeds_in_row(&self, player: Player) -> u16 {
        self.row(player).iter().map(|&n| u16::from(n)).sum()
    }

    /// The total `T` of seeds in the game (36, 42, 48 or 56): the sum of everything.
    #[must_use]
    pub fn total(&self) -> u16 {
        self.pits.iter().map(|&n| u16::from(n)).sum::<u16>()
            + u16::from(self.stores.south)
            + u16::from(self.stores.north)
    }

    /// The seeds per pit of this variant at the start (3 or 4), from the total.
    #[must_use]
    pub fn seeds_per_pit(&self) -> u8 {
        (self.total() / (2 * N as u16)) as u8
    }

    /// The lane of `player`'s pit `a` on the board (kept as seen by the mover).
    #[inline]
    fn row_start(&self, player: Player) -> usize {
        if player == self.to_move { 0 } else { 8 }
    }

    /// The board turned round for the other player: the two rows (halves) swapped.
    #[inline]
    const fn turned(board: u128) -> u128 {
        board.rotate_left(64)
    }

    /// The seeds in board pit `i`.
    #[inline]
    const fn lane(&self, i: usize) -> u8 {
        self.pits[i]
    }

    /// The board as one number, pit `i` in byte lane `i`.
    #[inline]
    const fn word(&self) -> u128 {
        u128::from_le_bytes(self.pits)
    }

    /// Both rows in one number, as the side to move sees them: byte `i` (`i < N`) is
    /// the mover's pit `i` (from the mover's left), byte `8 + i` the opponent's pit
    /// `i`, every other byte 0. One read of the whole board, for code that takes many
    /// (the solver ranks boards from it).
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::urim; }
    /// use mancala::urim::Urim6;
    /// let p: Urim6 = "17,0,0,0,0,1/0,2,0,0,0,0 9-7 N".parse().unwrap();
    /// let w = p.rows_word().to_le_bytes();
    /// assert_eq!((w[0], w[1], w[8], w[13]), (0, 2, 17, 1)); // North's row first
    /// ```
    #[inline]
    #[must_use]
    pub const fn rows_word(&self) -> u128 {
        self.word()
    }

    /// The position whose rows are `rows`, laid out as [`rows_word`](Self::rows_word)
    /// gives them (the row of `to_move` in bytes `0..N`, the other row in bytes
    /// `8..8 + N`), with `stores`: [`from_setup`](Position::from_setup) for a board held
    /// in one word, checked as that checks a setup.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::urim; }
    /// use mancala::urim::{ByPlayer, Player, Position, SetupError, Urim6};
    /// let p: Urim6 = "17,0,0,0,0,1/0,2,0,0,0,0 9-7 N".parse().unwrap();
    /// assert_eq!(Urim6::from_rows_word(p.rows_word(), p.stores(), Player::North), Ok(p));
    /// let err = Urim6::from_rows_word(1 << 56, ByPlayer::new(35, 0), Player::South);
    /// assert_eq!(err, Err(SetupError::OutsideRows { pits: 6 }));
    /// ```
    ///
    /// # Errors
    /// [`SetupError::OutsideRows`] if a byte outside the rows is not 0; else those of
    /// `from_setup`: [`SetupError::OverCap`] or [`SetupError::SeedTotal`].
    pub fn from_rows_word(
        rows: u128,
        stores: ByPlayer<u8>,
        to_move: Player,
    ) -> Result<Self, SetupError> {
        let () = Self::VALID_VARIANT;
        if rows & !(Self::OWN_ROW | Self::OTHER_ROW) != 0 {
            return Err(SetupError::OutsideRows { pits: N });
        }
        let pos = Urim {
            pits: rows.to_le_bytes(),
            stores,
            to_move,
        };
        // A lane over the cap has its top bit set, or carries into it when 0x6e is
        // added to its low seven bits (no lane carries into the next).
        let over = (rows | ((rows & lanes(0x7f)) + lanes(0x6e))) & lanes(0x80);
        // With every lane at most 17, the product's top byte is the sum of all 14
        // (at most 238: no byte carries).
        let on_board = (rows.wrapping_mul(lanes(1)) >> 120) as u16;
        let total = on_board + u16::from(stores.south) + u16::from(stores.north);
        if over == 0
            && SEEDS_PER_PIT
                .iter()
                .any(|&s| total == 2 * N as u16 * u16::from(s))
        {
            return Ok(pos);
        }
        // The error, as `from_setup` names it.
        crate::setup::validate(&pos.to_setup()).map(|()| pos)
    }

    #[inline]
    fn own_row_is_empty(&self) -> bool {
        self.word() & Self::OWN_ROW == 0
    }

    #[inline]
    fn other_row_is_empty(&self) -> bool {
        self.word() & Self::OTHER_ROW == 0
    }

    /// Whether sowing the mover's pit `pit` would drop at least one seed into the
    /// opponent's row (rule 2; a seed that the same move captures still feeds).
    ///
    /// The lap first fills the mover's pits to the right of `pit` that hold fewer than
    /// 17; the next seed, if any, falls in the opponent's row (which always has a pit
    /// below 17, as `17 · 6 > 56`).
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::urim; }
    /// use mancala::urim::{Move, Urim6};
    /// let p: Urim6 = "0,0,0,2,0,1/0,0,0,0,0,0 16-17 S".parse().unwrap();
    /// assert!(!p.feeds("d".parse::<Move>().unwrap())); // d: e and f only
    /// assert!(p.feeds("f".parse::<Move>().unwrap())); // f: North's a
    /// ```
    #[must_use]
    pub fn feeds(&self, m: Move) -> bool {
        self.feeds_from(m.index())
    }

    /// [`feeds`](Self::feeds) for the mover's pit `i`; `false` if there is no such pit.
    #[inline]
    fn feeds_from(&self, i: usize) -> bool {
        if i >= N {
            return false;
        }
        let own = &self.pits[..N];
        let room = own[i + 1..].iter().filter(|&&n| n < CAP).count();
        usize::from(own[i]) > room
    }

    /// Whether the mover must feed: the opponent's row is empty and some move feeds it
    /// (rule 2).
    #[must_use]
    pub fn must_feed(&self) -> bool {
        self.other_row_is_empty() && (0..N).any(|i| self.feeds_from(i))
    }

    /// Rule 3 in full: sows the `seeds` of the mover's pit `origin` in a single lap,
    /// passing over the origin and every pit holding 17, and returns the lane of the pit
    /// that got the last seed. The slow way, seed by seed, for the laps the one-add path
    /// of [`play_capturing`](Self::play_capturing) does not take.
    ///
    /// `observer` is told each seed and each pit passed over.
    #[cold]
    fn sow_lap<O: SowObserver>(&mut self, origin: usize, seeds: usize, observer: &mut O) -> usize {
        let mover = self.to_move.opponent(); // already handed over by the caller
        // The pits in sowing order, the mover's row first.
        let mut ring = [0u8; 14];
        ring[..N].copy_from_slice(&self.pits[..N]);
        ring[N..Self::LEN].copy_from_slice(&self.pits[8..8 + N]);
        ring[origin] = 0;
        let last = sow(
            &mut ring[..Self::LEN],
            origin,
            seeds as u32,
            Direction::CounterClockwise,
            |pit, n| {
                let passed = pit == origin || n >= CAP;
                if O::ACTIVE {
                    let pit = Self::ring_pit(mover, pit);
                    observer.event(if passed {
                        SowEvent::Pass { pit }
                    } else {
                        SowEvent::Drop { pit }
                    });
                }
                passed
            },
        )
        .expect("some pit has room: 17 · 11 > 56");
        self.pits[..N].copy_from_slice(&ring[..N]);
        self.pits[8..8 + N].copy_from_slice(&ring[N..Self::LEN]);
        lane_of(N, last)
    }

    /// Rule 4 on the board word `board` (not yet turned round): if lane `last` is in the
    /// opponent's row and now holds 2 or 3, capture it and the run of opponent pits
    /// before it (clockwise, the lanes below it down to the row's `a` at lane 8) that
    /// hold 2, 3 or 4. The run is the core's [`capture_run`]; its lanes are cleared in
    /// the word. Stores the board turned round for the next player and returns the
    /// seeds captured.
    #[inline]
    fn capture_and_turn<O: SowObserver>(
        &mut self,
        board: u128,
        last: usize,
        mover: Player,
        observer: &mut O,
    ) -> u8 {
        let run = capture_run(
            &board.to_le_bytes(),
            last,
            Direction::CounterClockwise,
            8..8 + N,
            |n| matches!(n, 2 | 3),
            |n| matches!(n, 2..=4),
        );
        let Some(run) = run else {
            self.pits = Self::turned(board).to_le_bytes();
            return 0;
        };
        if O::ACTIVE {
            // From the urin back, as the run is walked (rule 4).
            let bytes = board.to_le_bytes();
            for lane in (run.from..=run.to).rev() {
                observer.event(SowEvent::Capture {
                    pit: PitId::new(mover.opponent(), (lane - 8) as u8),
                    seeds: bytes[lane],
                    to: mover,
                });
            }
        }
        // At most 7 lanes (one row), so the shifts stay inside the word.
        let lanes = (1u128 << (8 * (run.to - run.from + 1))) - 1;
        self.pits = Self::turned(board & !(lanes << (8 * run.from))).to_le_bytes();
        // At most 56 seeds in play: the run's seeds fit a u8.
        let taken = run.seeds as u8;
        self.stores[mover] += taken;
        taken
    }

    /// The legal moves as a mask, bit `i` for the mover's pit `i` (rule 2, as
    /// [`legal_moves`](Position::legal_moves) lists them).
    #[inline]
    pub(crate) fn legal_pits(&self) -> u8 {
        // The mover's row in the low lanes of a `u64`; the lanes past `N` are 0.
        let row = self.word() as u64 & (u64::MAX >> (64 - 8 * N));
        // A lane holding 1 to 17 gets its top bit set by adding 0x7f; then the top bits
        // of lanes 0..7 are gathered into bits 56..63 (no two products overlap).
        let occupied = (row + 0x7f7f_7f7f_7f7f_7f7f) & 0x8080_8080_8080_8080;
        let mut pits = ((occupied >> 7).wrapping_mul(0x0102_0408_1020_4000) >> 56) as u8;
        if self.other_row_is_empty() && self.must_feed() {
            for i in 0..N {
                if !self.feeds_from(i) {
                    pits &= !(1 << i);
                }
            }
        }
        pits
    }

    /// The position of the rows word `rows` ([`rows_word`](Self::rows_word)'s layout),
    /// South to move, no seed in the stores, not checked: for [`pairs`](crate::pairs),
    /// whose boards are checked there.
    #[inline]
    pub(crate) const fn of_rows(rows: u128) -> Self {
        Urim {
            pits: rows.to_le_bytes(),
            stores: ByPlayer::new(0, 0),
            to_move: Player::South,
        }
    }

    /// The one-add path of [`play_capturing`](Self::play_capturing) on a board in
    /// pairs (every pit at most 17): the board after the move of the mover's pit
    /// `origin` (below `N`), turned round, if its lap does not come round to the origin,
    /// meets no full pit and captures nothing; `None` for the other moves. For
    /// [`pairs`](crate::pairs).
    #[inline(always)]
    pub(crate) fn play_pairs_quiet(board: u128, origin: usize) -> Option<u128> {
        const EVEN: u128 = lanes(0xff)
            & u128::from_le_bytes([
                0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0,
            ]);
        let origin = origin & 7;
        let seeds = usize::from(board.to_le_bytes()[2 * origin]);
        if seeds >= Self::LEN {
            return None;
        }
        let lap = &Self::PAIR_LAPS[origin][seeds];
        // As in `play_from`: a lane holding 17 becomes 0x80 when 0x6f is added.
        if (board + lanes(0x6f)) & lap.probe != 0 {
            return None;
        }
        let board = board.wrapping_add(lap.add);
        if board & lap.trigger == (lap.trigger >> 6) & lanes(0x02) && lap.trigger != 0 {
            return None;
        }
        // Turned round: each pair's two pits swapped.
        Some(((board & EVEN) << 8) | ((board >> 8) & EVEN))
    }

    /// Plays the mover's pit `pit` (below `N`) on the rows `rows` (every pit at most
    /// 17, at most 56 seeds): the rows after the move, turned round for the next
    /// player, and the seeds it captured. For [`pairs`](crate::pairs).
    #[inline(always)]
    pub(crate) fn play_rows(rows: u128, pit: usize) -> (u128, u8) {
        let mut pos = Self::of_rows(rows);
        let taken = pos.play_from(pit & 7, &mut ());
        (pos.word(), taken)
    }

    /// Plays `m` without checking it, like [`Position::play_unchecked`], and returns the
    /// seeds it captured (the game record uses this to restart its history, rule 6).
    ///
    /// # Panics
    /// May panic, or leave a meaningless position, if `m` is not legal.
    pub fn play_capturing(&mut self, m: Move) -> u8 {
        self.play_observing(m, &mut ())
    }

    /// The pit of index `i` of the ring sown from the mover's row (`0..N` the mover's
    /// pits, `N..2N` the opponent's), as [`Board`] lists it.
    const fn ring_pit(mover: Player, i: usize) -> PitId {
        if i < N {
            PitId::new(mover, i as u8)
        } else {
            PitId::new(mover.opponent(), (i - N) as u8)
        }
    }

    /// [`play_capturing`](Self::play_capturing), telling `observer` each step: an
    /// active observer takes the seed-by-seed lap (rule 3 through the core's `sow`),
    /// the inactive `()` the one-add path.
    #[inline]
    fn play_observing<O: SowObserver>(&mut self, m: Move, observer: &mut O) -> u8 {
        debug_assert!(m.index() < N, "no pit {m} on a row of {N}");
        // Below 8 whatever `m` is, so that no index below is checked.
        self.play_from(m.index() & 7, observer)
    }

    /// [`play_observing`](Self::play_observing) from the mover's pit `origin` (below
    /// 8): rules 3 and 4 and the turn.
    #[inline(always)]
    fn play_from<O: SowObserver>(&mut self, origin: usize, observer: &mut O) -> u8 {
        let mover = self.to_move;
        self.to_move = mover.opponent();
        let board = self.word();
        // The mover's row is the low half: a shift, not a load through memory.
        let seeds = usize::from((board as u64 >> (8 * origin)) as u8);
        report_start(
            observer,
            PitId::new(mover, origin as u8),
            seeds as u8,
            Direction::CounterClockwise,
            LapKind::Move,
        );
        // The game's own lap on the board word, not the core's `sow` (used only below,
        // for the rare laps): a move sown with `sow` and captured ran at half the speed
        // (`benches/primitives.rs`, `urim-move`: 154 M moves/s here with the turn
        // included, 76 M through `sow`; docs/performance.md, "The core's primitives").
        // Fast path: a lap that does not come round to the origin and meets no full pit
        // drops one seed into each of the next `seeds` pits: one add over all lanes.
        if !O::ACTIVE && seeds < Self::LEN {
            let lap = &Self::LAPS[origin][seeds];
            // A lane holding 17 (the most any holds) becomes 0x80 when 0x6f is added;
            // no lane carries into the next.
            if (board + lanes(0x6f)) & lap.probe == 0 {
                let board = board.wrapping_add(lap.add);
                // Most laps capture nothing: test rule 4's trigger on the board at hand.
                if board & lap.trigger != (lap.trigger >> 6) & lanes(0x02) || lap.trigger == 0 {
                    self.pits = Self::turned(board).to_le_bytes();
                    return 0;
                }
                return self.capture_and_turn(board, usize::from(lap.last) & 15, mover, observer);
            }
        }
        let last = self.sow_lap(origin, seeds, observer);
        self.capture_and_turn(self.word(), last, mover, observer)
    }

    /// A 64-bit mix of the pits and the player to move, for the game record's
    /// repetition filter (rule 6): equal positions have equal keys. Positions since a
    /// capture hold the same stores, so the stores are left out.
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn repetition_key(&self) -> u64 {
        let board = self.word();
        let (lo, hi) = (board as u64, (board >> 64) as u64);
        (lo ^ hi.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ self.to_move.index() as u64)
            .wrapping_mul(0xbf58_476d_1ce4_e5b9)
    }

    /// The final totals if each player took the seeds in their own row here (the end
    /// by endless circulation, rule 6): each player's store plus their row.
    #[must_use]
    pub fn totals(&self) -> ByPlayer<u16> {
        ByPlayer::from_fn(|p| u16::from(self.stores[p]) + self.seeds_in_row(p))
    }

    /// The old name of [`totals`](Urim::totals).
    #[deprecated(note = "renamed to totals")]
    #[must_use]
    pub fn circulation_totals(&self) -> ByPlayer<u16> {
        self.totals()
    }

    /// The outcome if the game ended here with each player taking the seeds in their own
    /// row (rule 6), scored by rule 7; the reason is the caller's to give.
    #[must_use]
    pub fn outcome_taking_rows(&self) -> Outcome {
        outcome_from_totals(self.totals())
    }

    /// The final totals if the game is over by starvation (rule 5): the player to move
    /// has no seeds and the other takes every seed left. `None` while the game goes on.
    #[must_use]
    pub fn starvation_totals(&self) -> Option<ByPlayer<u16>> {
        let starved = self.to_move;
        if !self.own_row_is_empty() {
            return None;
        }
        let mut totals = self.stores.map(u16::from);
        totals[starved.opponent()] += self.seeds_in_row(starved.opponent());
        Some(totals)
    }
}

impl<const N: usize> Default for Urim<N> {
    fn default() -> Self {
        Self::new()
    }
}

/// The outcome of a game with these final totals (rule 7): more than half of all seeds
/// wins 1 point, at least three quarters (`⌈3T/4⌉`) 2 points; exactly half each is a
/// draw.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::urim; }
/// use mancala::{ByPlayer, Player};
/// use mancala::urim::outcome_from_totals;
/// let o = outcome_from_totals(ByPlayer::new(27, 9));
/// assert_eq!((o.winner, o.points), (Some(Player::South), 2));
/// assert_eq!(outcome_from_totals(ByPlayer::new(10, 26)).points, 1);
/// assert_eq!(outcome_from_totals(ByPlayer::new(18, 18)).winner, None);
/// ```
#[must_use]
pub fn outcome_from_totals(totals: ByPlayer<u16>) -> Outcome {
    let total = u32::from(totals.south) + u32::from(totals.north);
    let winner = Player::ALL
        .into_iter()
        .find(|&p| 2 * u32::from(totals[p]) > total);
    let points = match winner {
        None => 0,
        Some(p) if 4 * u32::from(totals[p]) >= 3 * total => 2,
        Some(_) => 1,
    };
    Outcome::with_totals(winner, points, totals)
}

/// The old name of [`outcome_from_totals`].
#[deprecated(note = "renamed to outcome_from_totals")]
#[must_use]
pub fn score(totals: ByPlayer<u16>) -> Outcome {
    outcome_from_totals(totals)
}

/// The least total that scores 2 points when `total` seeds are in play: `⌈3T/4⌉`
/// (27 of 36, 32 of 42, 36 of 48, 42 of 56). Any `total` is answered: the product is
/// taken in 32 bits, so it never overflows.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::urim; }
/// assert_eq!(mancala::urim::two_points_from(36), 27);
/// assert_eq!(mancala::urim::two_points_from(u16::MAX), 49_152);
/// ```
#[must_use]
pub const fn two_points_from(total: u16) -> u16 {
    // At most ⌈3 · 65535 / 4⌉ = 49152: it fits a u16.
    (3 * total as u32).div_ceil(4) as u16
}

impl<const N: usize> PlayObserved for Urim<N> {
    /// Reports the lift, each seed and each pit passed over (the origin, a pit of 17;
    /// rule 3), then each pit of a capture, from the urin back (rule 4).
    #[inline]
    fn play_observed<O: SowObserver>(&mut self, m: Move, observer: &mut O) {
        self.play_observing(m, observer);
    }
}

impl<const N: usize> Position for Urim<N> {
    type Move = Move;
    type MoveList = MoveList;
    type Setup = Setup<N>;
    type SetupError = SetupError;
    type Reason = Reason;

    /// Validates the setup: every pit holds at most 17 seeds, and the total is `2·N·S`
    /// for `S` = 3 or 4 (36 or 48 on 2×6, 42 or 56 on 2×7). A position whose player to
    /// move has no seeds is valid: it is a finished game (rule 5).
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::urim; }
    /// use mancala::urim::{Player, Position, Setup, SetupError, Urim7};
    /// let mut s = Setup::<7>::start(4, Player::North);
    /// assert_eq!(Urim7::from_setup(s), Urim7::start_with(4, Player::North));
    /// s.stores.south = 1;
    /// assert_eq!(Urim7::from_setup(s), Err(SetupError::SeedTotal { pits: 7, found: 57 }));
    /// ```
    ///
    /// # Errors
    /// [`SetupError::OverCap`] or [`SetupError::SeedTotal`].
    fn from_setup(setup: Setup<N>) -> Result<Self, SetupError> {
        crate::setup::validate(&setup)?;
        Ok(Self::from_checked_setup(&setup))
    }

    /// The pits, stores and player to move.
    fn to_setup(&self) -> Setup<N> {
        Setup {
            pits: ByPlayer::from_fn(|p| self.row(p)),
            stores: self.stores,
            to_move: self.to_move,
        }
    }

    /// Each player's row, both stores and the player to move.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::urim; }
    /// use mancala::urim::{ByPlayer, Player, Position, Urim6};
    /// let p: Urim6 = "17,0,0,0,0,1/0,2,0,0,0,0 9-7 N".parse().unwrap();
    /// let b = p.board();
    /// assert_eq!(b.pits[Player::South][0], Some(17));
    /// assert_eq!(b.stores, Some(ByPlayer::new(9, 7)));
    /// assert_eq!((b.to_move, b.total()), (Player::North, 36));
    /// ```
    fn board(&self) -> Board {
        Board::two_rows(
            self.row(Player::South).map(Some),
            self.row(Player::North).map(Some),
            Some(self.stores.map(u16::from)),
            self.to_move,
        )
    }

    /// The seeds in `player`'s pit `index` (0 = `a`); `None` if the row has no such pit.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::urim; }
    /// use mancala::urim::{Player, Position, Urim6};
    /// let p: Urim6 = "17,0,0,0,0,1/0,2,0,0,0,0 9-7 N".parse().unwrap();
    /// assert_eq!(p.pit(Player::North, 1), Some(2));
    /// assert_eq!(p.pit(Player::South, 6), None);
    /// ```
    #[inline]
    fn pit(&self, player: Player, index: usize) -> Option<u8> {
        (index < N).then(|| self.lane(self.row_start(player) + index))
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// Every own non-empty pit; when the opponent's row is empty, only those that feed
    /// it, unless none does (rule 2). Empty once the mover is starved (rule 5).
    #[inline]
    fn legal_moves(&self) -> MoveList {
        let moves = MOVE_LISTS[usize::from(self.legal_pits()) & 0x7f];
        let mut list = MoveList::from(moves.moves);
        list.truncate(usize::from(moves.len));
        list
    }

    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        self.play_capturing(m);
    }

    /// Over when the player to move has no seeds (rule 5), scored by rule 7.
    fn status(&self) -> Status {
        match self.starvation_totals() {
            None => Status::Ongoing,
            Some(totals) => {
                Status::Over(outcome_from_totals(totals).with_reason(crate::end::STARVATION))
            }
        }
    }

    fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        if self.own_row_is_empty() {
            return Err(IllegalMove::GameOver);
        }
        let pit = m.letter();
        if m.index() >= N {
            return Err(IllegalMove::NoSuchPit { pit });
        }
        if self.lane(m.index()) == 0 {
            return Err(IllegalMove::EmptyPit { pit });
        }
        if !self.feeds(m) && self.must_feed() {
            return Err(IllegalMove::MustFeed);
        }
        Ok(())
    }
}

mancala_core::position_text!(Urim<N>, Setup<N>, N);

impl<const N: usize> fmt::Debug for Urim<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Urim<{N}>(\"{self}\")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_is_one_byte() {
        assert_eq!(core::mem::size_of::<Move>(), 1);
        assert_eq!(core::mem::size_of::<Urim6>(), 32);
    }

    #[test]
    fn masks_wrap_round_the_board() {
        let m = sow_masks(6, false);
        // From North's f (index 11), 3 seeds: South's a, b, c.
        assert_eq!(m[11][3], 0x01_01_01);
        // From South's a, 11 seeds: every other pit.
        assert_eq!(m[0][11], lanes(1) & (row_mask(1, 6) | row_mask(8, 14)));
        // From South's f, 2 seeds: North's a and b (lanes 8 and 9).
        assert_eq!(m[5][2], 0x01_01 << 64);
        assert_eq!(Urim7::OTHER_ROW, row_mask(8, 15));
        let board = u128::from_le_bytes([1, 2, 3, 4, 5, 6, 0, 0, 7, 8, 9, 10, 11, 12, 0, 0]);
        let turned = u128::from_le_bytes([7, 8, 9, 10, 11, 12, 0, 0, 1, 2, 3, 4, 5, 6, 0, 0]);
        assert_eq!(Urim6::turned(board), turned);
        // In pairs: from South's f (pit 5, lane 10), 3 seeds: North's a, b, c (lanes
        // 1, 3, 5); from North's f (pit 11, lane 11), 2 seeds: South's a, b (0, 2).
        let p = sow_masks(6, true);
        assert_eq!(p[5][3], 1 << 8 | 1 << 24 | 1 << 40);
        assert_eq!(p[11][2], 1 | 1 << 16);
        // From South's a, 11 seeds: every lane of the 12 pits but the origin's.
        assert_eq!(p[0][11], lanes(1) & row_mask(1, 12));
    }

    #[test]
    fn two_point_thresholds() {
        assert_eq!(two_points_from(36), 27);
        assert_eq!(two_points_from(42), 32);
        assert_eq!(two_points_from(48), 36);
        assert_eq!(two_points_from(56), 42);
        // Past the game's totals too, with no overflow.
        assert_eq!(two_points_from(21_846), 16_385);
        assert_eq!(two_points_from(u16::MAX), 49_152);
        assert_eq!(two_points_from(0), 0);
    }
}
