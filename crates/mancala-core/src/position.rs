//! The one trait every game implements, its status and outcome types, and the error of
//! a checked move.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;
use core::str::FromStr;

use core::convert::Infallible;

use crate::cycle::SearchMemo;
use crate::{Board, ByPlayer, NotationError, Player};

/// Which rule ended a game: carried by its [`Outcome`], so that every caller can say
/// why a game is over. (An annulled game has no outcome: [`Status::Annulled`].)
///
/// ```
/// use mancala_core::EndReason;
/// assert_eq!(EndReason::Beheading.to_string(), "beheading");
/// assert_eq!(EndReason::default(), EndReason::Regular);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum EndReason {
    /// The regular end: the player to move has no legal move (Omweso's regular win,
    /// rule 7; the end of a Rio Kadalis round, rule 4), and the game's count decides.
    #[default]
    Regular,
    /// The player to move has no seeds in their row, or none that can feed the
    /// opponent (Urim rule 5, Oware); the seeds left go as the game says.
    Starvation,
    /// A side is empty (Kalah, rule K5 and its option K5b).
    SideEmpty,
    /// The stores decide (Oware): a player has captured more than half of the seeds, or
    /// each exactly half.
    Majority,
    /// A move brought back a position seen since the last capture (Urim rule 6, Oware's
    /// endless circulation, Rio Kadalis rule 6): a rule of the game record.
    Repetition,
    /// Omweso's beheading (rule 7): the mover's captures emptied the opponent's inner
    /// row, or took all four of their corner pits.
    Beheading,
    /// Omweso's grand slam (rule 7): all the opponent's pits are empty.
    GrandSlam,
    /// Omweso's optional two captures first (rule 7).
    TwoCapturesFirst,
    /// The loser forfeited (Omweso's blitz: a move over 3 seconds, rule 9).
    Forfeit,
}

impl EndReason {
    /// Every reason, in declaration order.
    pub const ALL: [EndReason; 9] = [
        EndReason::Regular,
        EndReason::Starvation,
        EndReason::SideEmpty,
        EndReason::Majority,
        EndReason::Repetition,
        EndReason::Beheading,
        EndReason::GrandSlam,
        EndReason::TwoCapturesFirst,
        EndReason::Forfeit,
    ];

    /// The short name, as [`Display`](fmt::Display) prints it and
    /// [`FromStr`] reads it: `regular`, `starvation`, `side-empty`, `majority`,
    /// `repetition`, `beheading`, `grand-slam`, `two-captures-first`, `forfeit`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Regular => "regular",
            EndReason::Starvation => "starvation",
            EndReason::SideEmpty => "side-empty",
            EndReason::Majority => "majority",
            EndReason::Repetition => "repetition",
            EndReason::Beheading => "beheading",
            EndReason::GrandSlam => "grand-slam",
            EndReason::TwoCapturesFirst => "two-captures-first",
            EndReason::Forfeit => "forfeit",
        }
    }

    /// What happened, in words: "the player to move had no legal move", …
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            EndReason::Regular => "the player to move had no legal move",
            EndReason::Starvation => "starvation: the player to move could not move or feed",
            EndReason::SideEmpty => "a side was empty",
            EndReason::Majority => "the stores decided: more than half of the seeds, or half each",
            EndReason::Repetition => "a position repeated since the last capture",
            EndReason::Beheading => "beheading",
            EndReason::GrandSlam => "grand slam: all the loser's pits were empty",
            EndReason::TwoCapturesFirst => "two captures first",
            EndReason::Forfeit => "forfeit",
        }
    }
}

impl fmt::Display for EndReason {
    /// The [`name`](EndReason::name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EndReason {
    type Err = NotationError;

    /// Reads a [`name`](EndReason::name).
    fn from_str(s: &str) -> Result<EndReason, NotationError> {
        EndReason::ALL
            .into_iter()
            .find(|e| e.name() == s)
            .ok_or(NotationError::BadFlags {
                reason: "an end reason is one of regular, starvation, side-empty, majority, \
                         repetition, beheading, grand-slam, two-captures-first, forfeit",
            })
    }
}

/// How a finished game ended: the winner, the game points, the final seed totals where
/// the game counts them, and which rule ended it ([`EndReason`]).
///
/// The [`Display`](fmt::Display) form leaves the ending out (it is what `replay`
/// prints, and other programs read it); [`Outcome::reason`] says it.
///
/// ```
/// use mancala_core::{ByPlayer, EndReason, Outcome, Player};
/// let o = Outcome::with_totals(Some(Player::South), 2, ByPlayer::new(27, 9));
/// assert_eq!(o.to_string(), "27-9 S 2");
/// assert_eq!(o.reason, EndReason::Regular);
/// let d = Outcome::with_totals(None, 0, ByPlayer::new(18, 18)).with_reason(EndReason::Repetition);
/// assert_eq!(d.to_string(), "18-18 draw 0");
/// assert_eq!(d.reason, EndReason::Repetition);
/// assert_eq!(Outcome::new(Some(Player::North), 12).to_string(), "N 12");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, `None` for a draw.
    pub winner: Option<Player>,
    /// The game points the winner scores (0 for a draw).
    pub points: u8,
    /// The final totals, for games that count seeds (stores or captures plus the seeds
    /// each player takes from their row at the end); `None` where the game has none.
    pub totals: Option<ByPlayer<u16>>,
    /// The rule that ended the game.
    pub reason: EndReason,
}

impl Outcome {
    /// An outcome without seed totals, by the [regular](EndReason::Regular) end.
    #[must_use]
    pub const fn new(winner: Option<Player>, points: u8) -> Self {
        Outcome {
            winner,
            points,
            totals: None,
            reason: EndReason::Regular,
        }
    }

    /// An outcome with final seed totals, by the [regular](EndReason::Regular) end.
    #[must_use]
    pub const fn with_totals(winner: Option<Player>, points: u8, totals: ByPlayer<u16>) -> Self {
        Outcome {
            winner,
            points,
            totals: Some(totals),
            reason: EndReason::Regular,
        }
    }

    /// The same outcome, reached by `reason`.
    #[must_use]
    pub const fn with_reason(self, reason: EndReason) -> Self {
        Outcome { reason, ..self }
    }
}

impl fmt::Display for Outcome {
    /// `<S>-<N> <S|N|draw> <points>`, or `<S|N|draw> <points>` without totals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(t) = self.totals {
            write!(f, "{}-{} ", t.south, t.north)?;
        }
        match self.winner {
            Some(p) => write!(f, "{p} {}", self.points),
            None => write!(f, "draw {}", self.points),
        }
    }
}

/// Whether a game goes on, has ended, or was annulled by an endless move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The player to move has at least one legal move.
    Ongoing,
    /// The game is over.
    Over(Outcome),
    /// An endless move annulled the game (or round): no points.
    Annulled,
}

impl Status {
    /// Whether the game has ended, by an outcome or annulled.
    #[must_use]
    pub const fn is_finished(&self) -> bool {
        !matches!(self, Status::Ongoing)
    }

    /// The outcome, if the game is over.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        match self {
            Status::Over(o) => Some(*o),
            _ => None,
        }
    }
}

impl fmt::Display for Status {
    /// `ongoing`, `over <outcome>` or `annulled`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("ongoing"),
            Status::Over(o) => write!(f, "over {o}"),
            Status::Annulled => f.write_str("annulled"),
        }
    }
}

/// Why a move was refused by a checked [`Position::play`] (or a game record's `play`).
///
/// The reasons every game shares are variants here; a game's own reasons (Omweso's
/// left block, Rio Kadalis's closed pits, …) are its [`Position::Reason`] type, carried
/// in [`IllegalMove::Rule`]. Each game crate names its instance `IllegalMove`
/// (`pub type IllegalMove = mancala_core::IllegalMove<Reason>`), so the shape is the
/// same in every game and a new game never touches this enum.
///
/// ```
/// use mancala_core::IllegalMove;
/// let e: IllegalMove = IllegalMove::EmptyPit { pit: 'c' };
/// assert_eq!(e.to_string(), "pit c is empty");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove<R = Infallible> {
    /// The game is over (or annulled): no move is legal.
    #[error("the game is over")]
    GameOver,
    /// The move names a pit that is not on the mover's side of this board.
    #[error("there is no pit {pit} on this board")]
    NoSuchPit {
        /// The pit's letter.
        pit: char,
    },
    /// The pit is empty.
    #[error("pit {pit} is empty")]
    EmptyPit {
        /// The pit's letter.
        pit: char,
    },
    /// The opponent's row is empty and this move does not feed it, though another does
    /// (Urim, Oware).
    #[error("the opponent has no seeds: the move must sow into their row")]
    MustFeed,
    /// The move is not among the legal moves (no more precise reason is known).
    #[error("the move is not legal here")]
    NotLegal,
    /// A rule of this game refuses the move: the game's own reason (the `Reason` type of
    /// its position).
    #[error(transparent)]
    Rule(R),
}

/// Why a position given in notation (`FromStr`, serde) was refused: the text is not in
/// the game's notation, or it is but describes a setup the rules refuse (the game's
/// [`Position::SetupError`]).
///
/// Each game crate names its instance `ParsePositionError`
/// (`pub type ParsePositionError = mancala_core::ParsePositionError<SetupError>`).
///
/// ```
/// use mancala_core::{NotationError, ParsePositionError};
/// let e: ParsePositionError<NotationError> = NotationError::BadSide.into();
/// assert_eq!(e.to_string(), "the side to move must be 'S' or 'N'");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParsePositionError<E> {
    /// The text is not in the game's notation.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The notation is read, but the position it describes breaks the rules.
    #[error(transparent)]
    Setup(E),
}

/// The one trait every game implements: a position of the game, with the side to move,
/// its legal moves, a way to play them, its board as data, and the plain-data
/// [`Setup`](Position::Setup) it converts to and from.
///
/// Only [`side_to_move`](Position::side_to_move), [`legal_moves`](Position::legal_moves),
/// [`play_unchecked`](Position::play_unchecked), [`status`](Position::status),
/// [`board`](Position::board), [`from_setup`](Position::from_setup) and
/// [`to_setup`](Position::to_setup) are required. Games override
/// [`check_move`](Position::check_move) to explain why a move is illegal; the checked
/// [`play`](Position::play) and [`is_legal`](Position::is_legal) are built on it.
///
/// Every position also reads and writes its notation (`FromStr` and `Display`), and
/// refuses bad text with [`ParsePositionError`].
///
/// Turns with several decisions (Omweso's mid-turn choice of direction) are modelled in
/// the position: the same player is to move again, and each decision is one ply.
/// An endless move is a legal move; playing it leaves the board as it was and the
/// [`status`](Position::status) becomes [`Status::Annulled`].
///
/// ```
/// use mancala_core::{toy::Countdown, Player, Position};
/// let p: Countdown = "5 S".parse().unwrap();
/// assert_eq!(p.side_to_move(), Player::South);
/// assert_eq!(p.to_setup().heap, 5);
/// assert_eq!(Countdown::from_setup(p.to_setup()), Ok(p));
/// assert!("5 X".parse::<Countdown>().is_err());
/// ```
pub trait Position:
    Clone
    + Eq
    + Hash
    + fmt::Debug
    + fmt::Display
    + FromStr<Err = ParsePositionError<<Self as Position>::SetupError>>
{
    /// A move in the game's notation: small and `Copy`.
    type Move: Copy + Eq + Hash + fmt::Debug + fmt::Display + FromStr<Err = NotationError>;
    /// A fixed-capacity list of moves (an `ArrayVec`), so move generation never allocates.
    type MoveList: Default
        + Clone
        + fmt::Debug
        + Deref<Target = [Self::Move]>
        + IntoIterator<Item = Self::Move>;
    /// The plain data a position is made from and read back as: public fields, not
    /// necessarily legal (see [`from_setup`](Position::from_setup)).
    type Setup: Clone + fmt::Debug + PartialEq + Eq;
    /// Why a [`Setup`](Position::Setup) is refused.
    type SetupError: core::error::Error + Clone + fmt::Debug + PartialEq + Eq;
    /// The game's own reasons for refusing a move, beyond those of [`IllegalMove`]
    /// (`Infallible` for a game that has none).
    type Reason: core::error::Error + Copy + fmt::Debug + PartialEq + Eq + Hash;

    /// The position a setup describes, if the rules allow it.
    ///
    /// # Errors
    /// What is wrong with the setup.
    fn from_setup(setup: Self::Setup) -> Result<Self, Self::SetupError>;

    /// The setup this position is made from: `from_setup(p.to_setup()) == Ok(p)` for
    /// every position between turns that notation describes fully.
    fn to_setup(&self) -> Self::Setup;

    /// The board as data: each player's pits, stores or captures, the player to move.
    fn board(&self) -> Board;

    /// The seeds in `player`'s pit `index` (0 is the pit `a` at the owner's left);
    /// `None` if the row has no such pit or the pit is closed. Never panics.
    fn pit(&self, player: Player, index: usize) -> Option<u8> {
        self.board().pits[player].get(index).copied().flatten()
    }

    /// The player to move (the one who decides next, also in the middle of a turn).
    fn side_to_move(&self) -> Player;

    /// Every legal move. Empty once the game has ended or was annulled.
    fn legal_moves(&self) -> Self::MoveList;

    /// Plays a move without checking it.
    ///
    /// # Panics
    /// May panic, or leave a meaningless position, if `m` is not legal; it is never
    /// unsound.
    fn play_unchecked(&mut self, m: Self::Move);

    /// Whether the game goes on, is over, or was annulled.
    fn status(&self) -> Status;

    /// The outcome, once the game is over; `None` while it goes on or if it was
    /// annulled.
    fn outcome(&self) -> Option<Outcome> {
        self.status().outcome()
    }

    /// `Ok` if `m` is legal here, otherwise why not.
    ///
    /// The provided version looks `m` up in [`legal_moves`](Position::legal_moves);
    /// games override it with a direct check and a precise reason.
    ///
    /// # Errors
    /// The reason the move is illegal.
    fn check_move(&self, m: Self::Move) -> Result<(), IllegalMove<Self::Reason>> {
        if self.status().is_finished() {
            Err(IllegalMove::GameOver)
        } else if self.legal_moves().contains(&m) {
            Ok(())
        } else {
            Err(IllegalMove::NotLegal)
        }
    }

    /// Whether `m` is legal here.
    fn is_legal(&self, m: Self::Move) -> bool {
        self.check_move(m).is_ok()
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// The reason `m` is illegal; the position is then unchanged.
    fn play(&mut self, m: Self::Move) -> Result<(), IllegalMove<Self::Reason>> {
        self.check_move(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// The position after `m`, if it is legal.
    ///
    /// # Errors
    /// The reason `m` is illegal.
    fn after(&self, m: Self::Move) -> Result<Self, IllegalMove<Self::Reason>> {
        let mut next = self.clone();
        next.play(m)?;
        Ok(next)
    }

    /// Whether the game has ended or was annulled.
    fn is_finished(&self) -> bool {
        self.status().is_finished()
    }

    /// A 64-bit hash of the position, for transposition tables and repetition checks.
    ///
    /// The provided version feeds the position's [`Hash`] into [`FxHasher`]; games may
    /// override it with something faster. Equal positions have equal hashes.
    fn hash_key(&self) -> u64 {
        let mut h = FxHasher::default();
        self.hash(&mut h);
        h.finish()
    }

    /// Plays `m` (legal) for a search: as [`play_unchecked`](Position::play_unchecked),
    /// except that a move whose relay is still going after [`memo.limit()`] laps may be
    /// taken as endless without proof (the position is then left as it was with the
    /// status [`Status::Annulled`], and [`MemoStats::unproven`] counts it), and that the
    /// game may remember long relays in the memo. An endless move is never taken as
    /// ending; a move that ends after more laps than the limit is taken as endless (how
    /// rarely, the game's documentation measures).
    ///
    /// The provided version is `play_unchecked`: games whose moves always end soon need
    /// nothing else. Omweso overrides it (its endless moves take up to billions of laps
    /// to prove).
    ///
    /// [`memo.limit()`]: SearchMemo::limit
    /// [`MemoStats::unproven`]: crate::cycle::MemoStats::unproven
    ///
    /// ```
    /// use mancala_core::{cycle::{MemoStats, SearchMemo}, toy::{Countdown, Take}, Position};
    /// let mut p = Countdown::new(5);
    /// let mut stats = MemoStats::default();
    /// p.play_in_search(Take(2), &mut SearchMemo::new(&mut [], &mut stats, 10));
    /// assert_eq!(p.heap, 3);
    /// ```
    #[inline]
    fn play_in_search(&mut self, m: Self::Move, memo: &mut SearchMemo<'_>) {
        let _ = memo;
        self.play_unchecked(m);
    }

    /// In the middle of a turn that waits for a decision (Omweso rule 5), the pending
    /// move in its default direction; `None` between turns (always, in most games).
    fn pending_decision(&self) -> Option<Self::Move> {
        None
    }
}

/// A small, fast, non-cryptographic hasher (the multiply-rotate hash used by rustc),
/// deterministic across runs and platforms of the same endianness.
#[derive(Clone, Copy, Debug, Default)]
pub struct FxHasher {
    hash: u64,
}

impl FxHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w) ^ ((rest.len() as u64) << 56));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::Countdown;

    #[test]
    fn hash_key_separates_positions() {
        let a = Countdown::new(5);
        let mut b = a;
        assert_eq!(a.hash_key(), b.hash_key());
        b.heap = 4;
        assert_ne!(a.hash_key(), b.hash_key());
    }

    #[test]
    fn checked_play_reports_and_keeps_position() {
        let mut p = Countdown::new(1);
        let two = crate::toy::Take(2);
        assert_eq!(p.play(two), Err(IllegalMove::NotLegal));
        assert_eq!(p, Countdown::new(1));
        p.play(crate::toy::Take(1)).unwrap();
        assert_eq!(p.play(crate::toy::Take(1)), Err(IllegalMove::GameOver));
        assert_eq!(
            p.status(),
            Status::Over(Outcome::new(Some(Player::South), 1))
        );
    }
}
