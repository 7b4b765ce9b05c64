//! The position of a round: the board, the stones captured in the round, the player to
//! move, and the sowing that plays a move (rules 1–4).

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;
use mancala_core::cycle::{Lap, relay};
use mancala_core::events::{LapKind, PitId, PlayObserved, SowEvent, SowObserver, report_start};
use mancala_core::notation::{
    self, NotationError, parse_pair, parse_row, parse_side, split_fields, split_rows,
};
use mancala_core::{Board, ByPlayer, Direction, Outcome, Player, Position, Status};

use crate::end;

/// The most pits a row has in any variant (2×6).
pub const MAX_PITS: usize = 6;

/// The internal board: `2·N` pits used, South's row from South's left, then North's row
/// from North's left. Sized for the largest variant so that one flat array serves both.
const BOARD: usize = 2 * MAX_PITS;

/// A move: the mover's pit, counted from the mover's left (`a` is 0). Letters up to `f`
/// parse on both boards; whether the pit exists on a 2×5 board is checked when the move
/// is played ([`IllegalMove::NoSuchPit`](mancala_core::IllegalMove::NoSuchPit)).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::rio_kadalis; }
/// use mancala::rio_kadalis::Move;
/// let m: Move = "c".parse().unwrap();
/// assert_eq!(m.index(), 2);
/// assert_eq!(m.to_string(), "c");
/// assert!("g".parse::<Move>().is_err());
/// ```
pub type Move = mancala_core::PitMove<MAX_PITS>;

/// The legal moves of a position; at most one per pit of the mover's row (6).
pub type MoveList = ArrayVec<Move, MAX_PITS>;

/// Why a move was refused: the reasons every game shares, and Rio Kadalis's own
/// ([`Reason`]) in [`Rule`](mancala_core::IllegalMove::Rule).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::rio_kadalis; }
/// use mancala::rio_kadalis::{IllegalMove, RioKadalis, Position, Reason};
/// let mut p: RioKadalis = "x,0,3,0,1,2/5,5,5,5,5,5 0-0 S".parse().unwrap();
/// let e = p.play("a".parse().unwrap()).unwrap_err();
/// assert_eq!(e, IllegalMove::Rule(Reason::ClosedPit { pit: 'a' }));
/// assert_eq!(e.to_string(), "pit a is closed");
/// ```
pub type IllegalMove = mancala_core::IllegalMove<Reason>;

/// Why a position in notation was refused: the text is not in the notation
/// ([`NotationError`]), or it describes a setup the rules refuse ([`SetupError`]).
pub type ParsePositionError = mancala_core::ParsePositionError<SetupError>;

/// Rio Kadalis's own reasons for refusing a move (the shared ones are
/// [`IllegalMove`]'s).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Reason {
    /// The pit is closed for this round (rule 5).
    #[error("pit {pit} is closed")]
    ClosedPit {
        /// The pit's letter.
        pit: char,
    },
}

/// Why a [`Setup`] is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// More stones on the board and captured than the game has (`8·N`).
    #[error(
        "the number of stones on the board and captured is {found}, the most possible is {limit}"
    )]
    SeedTotal {
        /// The stones counted.
        found: u16,
        /// The stones of the variant (48 on 2×6, 40 on 2×5).
        limit: u16,
    },
}

/// A plain, not necessarily legal description of a round position, with public fields;
/// [`Position::from_setup`] validates it and [`Position::to_setup`] reads a position
/// back. It reads and writes the position notation, which carries all of it.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::rio_kadalis; }
/// use mancala::rio_kadalis::{RioKadalis, Position, Setup};
/// let mut setup = Setup::<6>::default(); // the start of a first round
/// setup.pits.north[0] = None; // close North's pit a
/// let p = RioKadalis::<6>::from_setup(setup).unwrap();
/// assert_eq!(p.to_string(), "4,4,4,4,4,4/x,4,4,4,4,4 0-0 S");
/// assert_eq!(p.to_setup(), setup);
/// assert_eq!(setup.to_string().parse::<Setup<6>>(), Ok(setup));
/// setup.stores.south = 8; // 44 stones on the board and 8 captured: too many
/// assert!(RioKadalis::<6>::from_setup(setup).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup<const N: usize = 6> {
    /// Each player's row from the owner's left: `Some(stones)` for an open pit, `None`
    /// for a closed one.
    pub pits: ByPlayer<[Option<u8>; N]>,
    /// The stones each player has captured in this round (taken off the board).
    pub stores: ByPlayer<u8>,
    /// The player to move.
    pub to_move: Player,
}

impl<const N: usize> Setup<N> {
    /// The stones on the board and captured (at most `8·N` in a position).
    #[must_use]
    pub fn total(&self) -> u16 {
        let pits: u16 = self
            .pits
            .south
            .iter()
            .chain(&self.pits.north)
            .map(|p| u16::from(p.unwrap_or(0)))
            .sum();
        pits + u16::from(self.stores.south) + u16::from(self.stores.north)
    }
}

impl<const N: usize> Default for Setup<N> {
    /// The start of a first round: 4 stones in every pit, South to move.
    fn default() -> Self {
        Setup {
            pits: ByPlayer::new([Some(4); N], [Some(4); N]),
            stores: ByPlayer::new(0, 0),
            to_move: Player::South,
        }
    }
}

impl<const N: usize> fmt::Display for Setup<N> {
    /// The notation `<South a..>/<North a..> <South captured>-<North captured> <S|N>`,
    /// `x` for a closed pit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        notation::write_row(f, self.pits.south)?;
        f.write_str("/")?;
        notation::write_row(f, self.pits.north)?;
        write!(
            f,
            " {}-{} {}",
            self.stores.south, self.stores.north, self.to_move
        )
    }
}

impl<const N: usize> FromStr for Setup<N> {
    type Err = NotationError;

    /// Parses `<South a..>/<North a..> <South captured>-<North captured> <S|N>`, rows of
    /// `N` pits. Each number may be at most `8·N`; the total is checked by
    /// [`Position::from_setup`].
    ///
    /// # Errors
    /// A [`NotationError`] saying what is wrong and where.
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let [board, captured, side] = split_fields::<3>(s)?;
        let [south, north] = split_rows::<2>(board)?;
        // 8·N stones at most (48), which fits in a u8.
        let limit = (8 * N).min(usize::from(u8::MAX)) as u8;
        let mut pits = ByPlayer::new([None; N], [None; N]);
        for (player, text, name) in [
            (Player::South, south, "South's row"),
            (Player::North, north, "North's row"),
        ] {
            let row = parse_row(text, name, limit)?;
            if row.len() != N {
                return Err(NotationError::PitCount {
                    row: name,
                    expected: N,
                    found: row.len(),
                });
            }
            pits[player].copy_from_slice(&row);
        }
        let (cs, cn) = parse_pair(captured, "captured stones", u32::from(limit))?;
        Ok(Setup {
            pits,
            // Both are at most `limit`, which fits in a u8.
            stores: ByPlayer::new(cs as u8, cn as u8),
            to_move: parse_side(side)?,
        })
    }
}

/// A position of a round of Rio Kadalis with `N` pits per row (6 or 5), sown
/// counter-clockwise, or clockwise if `CLOCKWISE`.
///
/// The sowing direction is a rule of the variant, not part of the position's notation,
/// so it is part of the type: `RioKadalis` (2×6, counter-clockwise), `RioKadalis<5>`,
/// `RioKadalis<6, true>`, `RioKadalis<5, true>`.
///
/// Every stone is accounted for by the board, the captures of the round and (in a
/// [`Match`](crate::Match)) the reserves; a closed pit never holds a stone.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::rio_kadalis; }
/// use mancala::rio_kadalis::{RioKadalis, Position};
/// let mut p = RioKadalis::<6>::new();
/// // a's 4 stones end in e (now 5), lifted and sown on: five laps in all, the last
/// // ending in South's empty c.
/// p.play("a".parse().unwrap()).unwrap();
/// assert_eq!(p.to_string(), "2,7,1,6,1,6/6,6,0,1,6,6 0-0 N");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RioKadalis<const N: usize = 6, const CLOCKWISE: bool = false> {
    /// Stones per pit; index `0..N` South's row, `N..2N` North's row; unused tail 0.
    pits: [u8; BOARD],
    /// Bit `i` set: pit `i` is closed (rule 5). A closed pit holds 0.
    closed: u16,
    /// Stones captured in this round.
    stores: ByPlayer<u8>,
    /// The player to move.
    turn: Player,
    /// The last move was endless: the round is annulled (rule 3).
    annulled: bool,
}

/// The laps of a move sown before the exact search for an endless move starts (see
/// `RioKadalis::sow`). Random games from the start average 1.65 laps a move, and about one
/// move in 800 takes more than 8.
const QUICK_LAPS: u32 = 8;

/// The state between two laps of a move: it decides every later lap (the captures so
/// far do not: a repeat of the board means no stone was captured in between).
#[derive(Clone, Copy, PartialEq, Eq)]
struct LapState {
    pits: [u8; BOARD],
    /// The pit whose stones the next lap lifts.
    origin: u8,
}

impl<const N: usize, const CLOCKWISE: bool> RioKadalis<N, CLOCKWISE> {
    /// Only 2×5 and 2×6 boards exist; naming another size fails to compile.
    const VALID_VARIANT: () = assert!(N == 5 || N == 6, "Rio Kadalis has 5 or 6 pits per row");

    /// Pits per row.
    pub const PITS: usize = N;

    /// All the stones of the variant: 4 per pit (48 on 2×6, 40 on 2×5).
    pub const STONES: u8 = 8 * N as u8;

    /// The sowing direction.
    pub const DIRECTION: Direction = if CLOCKWISE {
        Direction::Clockwise
    } else {
        Direction::CounterClockwise
    };

    const LEN: usize = 2 * N;

    /// The start of a first round: 4 stones in every pit, South to move.
    #[must_use]
    pub fn new() -> Self {
        Self::start(Player::South)
    }

    /// The start of a first round with `first` to move. (The variant's options are
    /// its type parameters, so there is no `start_with`.)
    #[must_use]
    pub fn start(first: Player) -> Self {
        let () = Self::VALID_VARIANT;
        let mut pits = [0; BOARD];
        pits[..Self::LEN].fill(4);
        RioKadalis {
            pits,
            closed: 0,
            stores: ByPlayer::new(0, 0),
            turn: first,
            annulled: false,
        }
    }

    /// The start of a round of a match from the players' stocks (rule 5): each row is
    /// filled with 4 stones a pit from its owner's rightmost pit leftwards while the
    /// stock holds 4; the other pits are closed. Returns the position and the stones
    /// left over in each player's reserve.
    ///
    /// # Errors
    /// [`SetupError::SeedTotal`] if the stocks add up to more than the variant's
    /// stones.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::rio_kadalis; }
    /// use mancala::rio_kadalis::{ByPlayer, RioKadalis, Player};
    /// let (p, reserves) = RioKadalis::<6>::from_stocks(ByPlayer::new(30, 18), Player::North).unwrap();
    /// assert_eq!(p.to_string(), "4,4,4,4,4,4/x,x,4,4,4,4 0-0 N");
    /// assert_eq!(reserves, ByPlayer::new(6, 2));
    /// ```
    pub fn from_stocks(
        stocks: ByPlayer<u8>,
        first: Player,
    ) -> Result<(Self, ByPlayer<u8>), SetupError> {
        let found = u16::from(stocks.south) + u16::from(stocks.north);
        if found > u16::from(Self::STONES) {
            return Err(SetupError::SeedTotal {
                found,
                limit: u16::from(Self::STONES),
            });
        }
        Ok(Self::filled(stocks, first))
    }

    /// Rule 5's round from stocks whose total the caller has checked: it cannot fail
    /// (a round holds at most the stocks).
    pub(crate) fn filled(stocks: ByPlayer<u8>, first: Player) -> (Self, ByPlayer<u8>) {
        let () = Self::VALID_VARIANT;
        let south = fill_row::<N>(stocks.south);
        let north = fill_row::<N>(stocks.north);
        let position = Self::from_valid_setup(&Setup {
            pits: ByPlayer::new(south.0, north.0),
            stores: ByPlayer::new(0, 0),
            to_move: first,
        });
        (position, ByPlayer::new(south.1, north.1))
    }

    /// The position of a setup, without checking the total of stones.
    fn from_valid_setup(setup: &Setup<N>) -> Self {
        let mut pits = [0; BOARD];
        let mut closed = 0u16;
        for player in Player::ALL {
            for (i, pit) in setup.pits[player].iter().enumerate() {
                let k = player.index() * N + i;
                match *pit {
                    Some(n) => pits[k] = n,
                    None => closed |= 1 << k,
                }
            }
        }
        RioKadalis {
            pits,
            closed,
            stores: setup.stores,
            turn: setup.to_move,
            annulled: false,
        }
    }

    /// `player`'s row from their left: `Some(stones)` for an open pit, `None` if closed.
    #[must_use]
    pub fn row(&self, player: Player) -> [Option<u8>; N] {
        core::array::from_fn(|i| self.cell(player.index() * N + i))
    }

    /// Board pit `k` (`k < 2·N`): `Some(stones)`, `None` if closed.
    #[inline]
    fn cell(&self, k: usize) -> Option<u8> {
        if self.closed & (1 << k) != 0 {
            None
        } else {
            Some(self.pits[k])
        }
    }

    /// The stones in `player`'s row.
    #[must_use]
    pub fn seeds_in_row(&self, player: Player) -> u16 {
        u16::from(self.row_stones(player))
    }

    /// The stones in `player`'s row (at most `8·N`, so a byte).
    pub(crate) fn row_stones(&self, player: Player) -> u8 {
        let base = player.index() * N;
        self.pits[base..base + N].iter().sum()
    }

    /// Whether `player`'s row holds a stone. Read pit by pit: right after a move has
    /// written single pits, a wider read of the row would wait for those writes to reach
    /// the cache (a store-forwarding stall), which cost random games 7%.
    #[inline]
    fn row_has_stones(&self, player: Player) -> bool {
        let base = player.index() * N;
        for i in 0..N {
            if self.pits[base + i] != 0 {
                return true;
            }
        }
        false
    }

    /// The stones each player has captured in this round (the setup's `stores`: stones
    /// taken off the board).
    #[must_use]
    pub const fn stores(&self) -> ByPlayer<u8> {
        self.stores
    }

    /// The stones on the board and captured in this round (the variant's total less the
    /// players' reserves).
    #[must_use]
    pub fn total(&self) -> u16 {
        u16::from(self.pits.iter().sum::<u8>() + self.stores.south + self.stores.north)
    }

    /// Whether the last move was endless, annulling the round (rule 3).
    #[must_use]
    pub const fn is_annulled(&self) -> bool {
        self.annulled
    }

    /// The stones each player has won in the round so far: captured plus the stones in
    /// their own row (at the end of the round, each player takes their row: rule 4).
    #[must_use]
    pub fn totals(&self) -> ByPlayer<u16> {
        ByPlayer::from_fn(|p| u16::from(self.stores[p]) + u16::from(self.row_stones(p)))
    }

    /// The outcome if the round ended here with each player taking the stones in their
    /// own row (rule 4): more stones from the round wins 1 point; equal is a drawn round.
    /// The reason is the caller's to give.
    #[must_use]
    pub fn outcome_taking_rows(&self) -> Outcome {
        Outcome::larger_total_wins(self.totals())
    }

    /// The pit of board index `i` (`0..2N`), as [`Board`] lists it.
    const fn pit_id(i: usize) -> PitId {
        if i < N {
            PitId::new(Player::South, i as u8)
        } else {
            PitId::new(Player::North, (i - N) as u8)
        }
    }

    /// The next pit in the sowing direction, passing over closed pits (rule 2).
    #[inline(always)]
    fn next_open(mut p: usize, closed: u16) -> usize {
        loop {
            p = if CLOCKWISE {
                if p == 0 { Self::LEN - 1 } else { p - 1 }
            } else if p + 1 == Self::LEN {
                0
            } else {
                p + 1
            };
            if closed & (1 << p) == 0 {
                return p;
            }
        }
    }

    /// One lap of a move (rule 2): lifts `origin` and sows its stones, capturing every
    /// four made. Returns whether the move ends with this lap; if not, `origin` is the
    /// pit to lift next (a relay).
    ///
    /// The game's own loop, not a core primitive: the same moves sown lap by lap
    /// through the core's per-drop sowing (`sow_with`, removed from the core since no
    /// game used it) ran 19% slower when it was measured (61 M moves/s here, 50 M
    /// through `sow_with`; `docs/performance.md`, "The core's primitives"): its guard against a ring of closed pits and its second read of
    /// each pit cost more than the loop's work.
    ///
    /// `observer` is told each step of the lap, which starts for reason `why`.
    #[inline(always)]
    fn lap<O: SowObserver>(
        pits: &mut [u8; BOARD],
        origin: &mut u8,
        closed: u16,
        mover: Player,
        captured: &mut ByPlayer<u8>,
        observer: &mut O,
        why: LapKind,
    ) -> bool {
        let mut p = *origin as usize;
        let mut hand = pits[p];
        pits[p] = 0;
        let dir = if CLOCKWISE {
            Direction::Clockwise
        } else {
            Direction::CounterClockwise
        };
        report_start(observer, Self::pit_id(p), hand, dir, why);
        loop {
            let from = p;
            p = Self::next_open(p, closed);
            if O::ACTIVE {
                // The closed pits passed over on the way.
                let mut q = Self::next_open(from, 0);
                while q != p {
                    observer.event(SowEvent::Pass {
                        pit: Self::pit_id(q),
                    });
                    q = Self::next_open(q, 0);
                }
                observer.event(SowEvent::Drop {
                    pit: Self::pit_id(p),
                });
            }
            hand -= 1;
            let now = pits[p] + 1;
            if now == 4 {
                pits[p] = 0;
                if hand == 0 {
                    // Binikh: the lap's last stone makes a four; the mover takes it
                    // whichever row it is in, and the move ends (rule 2).
                    captured[mover] += 4;
                    if O::ACTIVE {
                        observer.event(SowEvent::Capture {
                            pit: Self::pit_id(p),
                            seeds: 4,
                            to: mover,
                        });
                    }
                    return true;
                }
                // A four made with stones still in hand goes to the row's owner, also
                // in the origin pit; sowing goes on (rule 2, "Details").
                let owner = if p < N { Player::South } else { Player::North };
                captured[owner] += 4;
                if O::ACTIVE {
                    observer.event(SowEvent::Capture {
                        pit: Self::pit_id(p),
                        seeds: 4,
                        to: owner,
                    });
                }
                continue;
            }
            pits[p] = now;
            if hand == 0 {
                // The last stone fell into an empty pit: the move ends. Otherwise
                // relay: lift this pit and sow the next lap from it.
                *origin = p as u8;
                return now == 1;
            }
        }
    }

    /// Sows the move from board pit `origin` (rules 2 and 3). On success the board and
    /// the captures are updated; an endless move (rule 3) leaves `self` untouched.
    ///
    /// Almost every move ends within a few laps, so the first [`QUICK_LAPS`] laps are
    /// sown in place without looking for a repeat. A move still going after them goes
    /// on under [`relay`], which finds a repeated lap state exactly (Brent); a lap
    /// sequence that repeats does so from any lap on, so starting the search late finds
    /// every endless move.
    ///
    /// `observer` is told each step (`()`: none, at no cost).
    #[inline]
    fn sow<O: SowObserver>(
        &mut self,
        origin: usize,
        observer: &mut O,
    ) -> Result<(), mancala_core::Endless> {
        let mover = self.turn;
        let closed = self.closed;
        // Read before any write, so that undoing an endless move is cheap.
        let before = (self.pits, self.stores);
        let mut origin = origin as u8;
        for k in 0..QUICK_LAPS {
            let why = if k == 0 {
                LapKind::Move
            } else {
                LapKind::Relay
            };
            // The same lap, compiled apart for a board without closed pits.
            let end = if closed == 0 {
                Self::lap(
                    &mut self.pits,
                    &mut origin,
                    0,
                    mover,
                    &mut self.stores,
                    observer,
                    why,
                )
            } else {
                Self::lap(
                    &mut self.pits,
                    &mut origin,
                    closed,
                    mover,
                    &mut self.stores,
                    observer,
                    why,
                )
            };
            if end {
                return Ok(());
            }
        }
        let mut state = LapState {
            pits: self.pits,
            origin,
        };
        let mut captured = self.stores;
        let done = relay(&mut state, |st| {
            if Self::lap(
                &mut st.pits,
                &mut st.origin,
                closed,
                mover,
                &mut captured,
                observer,
                LapKind::Relay,
            ) {
                Lap::End(())
            } else {
                Lap::Relay
            }
        });
        match done {
            Ok(()) => {
                self.pits = state.pits;
                self.stores = captured;
                Ok(())
            }
            Err(endless) => {
                (self.pits, self.stores) = before;
                Err(mancala_core::Endless {
                    laps: endless.laps + u64::from(QUICK_LAPS),
                })
            }
        }
    }

    /// The board index of the mover's pit `m`, if `m` is legal (a precise reason if not).
    fn check(&self, m: Move) -> Result<usize, IllegalMove> {
        if self.annulled || !self.row_has_stones(self.turn) {
            return Err(IllegalMove::GameOver);
        }
        let pit = m.letter();
        if m.index() >= N {
            return Err(IllegalMove::NoSuchPit { pit });
        }
        let k = self.turn.index() * N + m.index();
        if self.closed & (1 << k) != 0 {
            Err(IllegalMove::Rule(Reason::ClosedPit { pit }))
        } else if self.pits[k] == 0 {
            Err(IllegalMove::EmptyPit { pit })
        } else {
            Ok(k)
        }
    }
}

impl<const N: usize, const CLOCKWISE: bool> Default for RioKadalis<N, CLOCKWISE> {
    fn default() -> Self {
        Self::new()
    }
}

/// Rule 5: fills a row of `N` pits from a stock, 4 stones a pit from the rightmost pit
/// leftwards while the stock holds 4; the other pits are closed (`None`). Returns the
/// row and the stones left in reserve.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::rio_kadalis; }
/// use mancala::rio_kadalis::fill_row;
/// assert_eq!(fill_row::<6>(14), ([None, None, None, Some(4), Some(4), Some(4)], 2));
/// assert_eq!(fill_row::<5>(27), ([Some(4); 5], 7));
/// assert_eq!(fill_row::<6>(3), ([None; 6], 3));
/// ```
#[must_use]
pub fn fill_row<const N: usize>(stock: u8) -> ([Option<u8>; N], u8) {
    let mut row = [None; N];
    let mut left = stock;
    for pit in row.iter_mut().rev() {
        if left < 4 {
            break;
        }
        *pit = Some(4);
        left -= 4;
    }
    (row, left)
}

impl<const N: usize, const CLOCKWISE: bool> PlayObserved for RioKadalis<N, CLOCKWISE> {
    /// Reports each lap (the move's, then each relay) with its lift, each stone, each
    /// closed pit passed over, and each four taken: by the row's owner mid-lap, by the
    /// mover at the lap's last stone (binikh). An endless move reports its laps until
    /// it is found endless, then the board is put back (rule 3).
    ///
    /// # Panics
    /// If `m` names no pit of this board or an empty pit.
    fn play_observed<O: SowObserver>(&mut self, m: Move, observer: &mut O) {
        assert!(m.index() < N, "no pit {m} on this board");
        let origin = self.turn.index() * N + m.index();
        assert!(self.pits[origin] != 0, "pit {m} is empty or closed");
        match self.sow(origin, observer) {
            Ok(()) => self.turn = self.turn.opponent(),
            Err(_) => self.annulled = true,
        }
    }
}

impl<const N: usize, const CLOCKWISE: bool> Position for RioKadalis<N, CLOCKWISE> {
    type Move = Move;
    type MoveList = MoveList;
    type Setup = Setup<N>;
    type SetupError = SetupError;
    type Reason = Reason;

    /// Validates a [`Setup`].
    ///
    /// The stones on the board and captured may not exceed the variant's total (the rest
    /// is in the players' reserves). Closed pits may be anywhere, though rule 5 only
    /// ever closes a row's leftmost pits.
    ///
    /// # Errors
    /// [`SetupError::SeedTotal`].
    fn from_setup(setup: Setup<N>) -> Result<Self, SetupError> {
        let () = Self::VALID_VARIANT;
        let found = setup.total();
        if found > u16::from(Self::STONES) {
            return Err(SetupError::SeedTotal {
                found,
                limit: u16::from(Self::STONES),
            });
        }
        Ok(Self::from_valid_setup(&setup))
    }

    /// The position as a [`Setup`] (an annulled round loses its annulment, which the
    /// setup and the notation do not carry).
    fn to_setup(&self) -> Setup<N> {
        Setup {
            pits: ByPlayer::from_fn(|p| self.row(p)),
            stores: self.stores,
            to_move: self.turn,
        }
    }

    fn board(&self) -> Board {
        Board::two_rows(
            self.row(Player::South),
            self.row(Player::North),
            Some(self.stores.map(u16::from)),
            self.turn,
        )
    }

    /// Pit `index` (0 for `a`) of `player`'s row: `Some(stones)`, `None` if closed or if
    /// the row has no such pit.
    #[inline]
    fn pit(&self, player: Player, index: usize) -> Option<u8> {
        if index < N {
            self.cell(player.index() * N + index)
        } else {
            None
        }
    }

    fn side_to_move(&self) -> Player {
        self.turn
    }

    /// Rule 1: every open pit of the mover's row holding a stone, `a` first.
    fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        if self.annulled {
            return moves;
        }
        let base = self.turn.index() * N;
        for i in 0..N {
            // A closed pit holds no stone, so it is never listed.
            if self.pits[base + i] != 0
                && let Some(m) = Move::from_index(i)
            {
                moves.push(m);
            }
        }
        moves
    }

    /// Plays `m`. An endless move (rule 3) leaves the board as it was and annuls the
    /// round.
    ///
    /// # Panics
    /// If `m` names no pit of this board or an empty pit.
    fn play_unchecked(&mut self, m: Move) {
        self.play_observed(m, &mut ());
    }

    /// Rule 4: the round is over when the player to move has no stone in their open
    /// pits; each player takes their row, and the round goes to whoever has more stones
    /// from it (captured plus taken). Rule 3: annulled after an endless move.
    fn status(&self) -> Status {
        if self.annulled {
            return Status::Annulled;
        }
        if self.row_has_stones(self.turn) {
            return Status::Ongoing;
        }
        Status::Over(self.outcome_taking_rows().with_reason(end::REGULAR))
    }

    fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        self.check(m).map(|_| ())
    }
}

// Display (`x` for a closed pit; the direction and an annulment are not part of the
// notation), FromStr (at most the variant's stones) and TryFrom<Setup>.
mancala_core::position_text!(RioKadalis<N, CLOCKWISE>, Setup<N>, N; CLOCKWISE: bool);

impl<const N: usize, const CLOCKWISE: bool> fmt::Debug for RioKadalis<N, CLOCKWISE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RioKadalis<{N}, {CLOCKWISE}>(\"{self}\"")?;
        if self.annulled {
            f.write_str(", annulled")?;
        }
        f.write_str(")")
    }
}
