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
/// A reason is its [`name`](EndReason::name), a stable lower-case word that every front
/// end shows and game files store (`starvation`, `grand-slam`), and the
/// [`rule`](EndReason::rule) of the game's rules page that it cites. Each game crate
/// defines its own reasons as constants in its module `end` (`urim::end::STARVATION`,
/// `omweso::end::BEHEADING`, with the list `end::ALL`), so a new game adds its reasons
/// in its own crate and never touches this type. The core has one reason of its own,
/// [`EndReason::REGULAR`], the default of an [`Outcome`] whose game names none.
///
/// Two reasons are equal when their names and rules are, so the constants can be
/// compared and matched on. A reason is one pointer (to its name and rule), so that an
/// [`Outcome`], and a position that keeps its status (Omweso), stay small.
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::EndReason;
/// const BEHEADING: EndReason = EndReason::new(&("beheading", "rule 7"));
/// assert_eq!(BEHEADING.name(), "beheading");
/// assert_eq!(BEHEADING.rule(), Some("rule 7"));
/// assert_eq!(BEHEADING.to_string(), "beheading");
/// assert_eq!(EndReason::default(), EndReason::REGULAR);
/// assert_ne!(BEHEADING, EndReason::REGULAR);
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct EndReason(&'static (&'static str, &'static str));

impl EndReason {
    /// The regular end of a game that names no other: the player to move has no legal
    /// move, and the game's count decides. [`Outcome::new`] and
    /// [`Outcome::with_totals`] start with it.
    pub const REGULAR: EndReason = EndReason(&("regular", ""));

    /// A game's reason from its name and the rule of the game's rules page it cites,
    /// `&("beheading", "rule 7")`.
    ///
    /// # Panics
    /// If the name is empty or holds anything but lower-case ASCII letters and inner
    /// hyphens, or the rule is empty; in a `const`, as the game crates define their
    /// reasons, that fails to compile.
    #[must_use]
    pub const fn new(name_and_rule: &'static (&'static str, &'static str)) -> EndReason {
        let bytes = name_and_rule.0.as_bytes();
        assert!(!bytes.is_empty(), "an end reason has a name");
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            assert!(
                b.is_ascii_lowercase() || (b == b'-' && i > 0 && i + 1 < bytes.len()),
                "an end reason's name is lower-case words joined by hyphens"
            );
            i += 1;
        }
        assert!(!name_and_rule.1.is_empty(), "an end reason cites its rule");
        EndReason(name_and_rule)
    }

    /// The stable name: lower-case words joined by hyphens (`starvation`,
    /// `two-captures-first`). Front ends show it, game files store it, and the
    /// [`Display`](fmt::Display) form is it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.0.0
    }

    /// The rule it cites, as the game's rules page numbers it (`"rule 5"`, `"rule K5"`);
    /// `None` for [`EndReason::REGULAR`].
    #[must_use]
    pub const fn rule(self) -> Option<&'static str> {
        if self.0.1.is_empty() {
            None
        } else {
            Some(self.0.1)
        }
    }
}

/// The reasons of the single games, under the names of the enum this type replaces:
/// each is now a constant of its game's crate, which the notes name. They compare
/// equal to those constants, except `Regular`, the core's [`EndReason::REGULAR`]:
/// Omweso's regular win and the end of a Rio Kadalis round cite their own rules.
#[allow(non_upper_case_globals)]
impl EndReason {
    /// The old name of [`EndReason::REGULAR`].
    #[deprecated(
        note = "use EndReason::REGULAR, or omweso::end::REGULAR and rio_kadalis::end::REGULAR"
    )]
    pub const Regular: EndReason = EndReason::REGULAR;
    /// Urim rule 5, Oware rule 5.
    #[deprecated(note = "use urim::end::STARVATION or oware::end::STARVATION")]
    pub const Starvation: EndReason = EndReason::new(&("starvation", "rule 5"));
    /// Kalah rule K5.
    #[deprecated(note = "use kalah::end::SIDE_EMPTY")]
    pub const SideEmpty: EndReason = EndReason::new(&("side-empty", "rule K5"));
    /// Oware rule 6.
    #[deprecated(note = "use oware::end::MAJORITY")]
    pub const Majority: EndReason = EndReason::new(&("majority", "rule 6"));
    /// Urim, Oware and Rio Kadalis rule 6.
    #[deprecated(
        note = "use urim::end::REPETITION, oware::end::REPETITION or rio_kadalis::end::REPETITION"
    )]
    pub const Repetition: EndReason = EndReason::new(&("repetition", "rule 6"));
    /// Omweso rule 7.
    #[deprecated(note = "use omweso::end::BEHEADING")]
    pub const Beheading: EndReason = EndReason::new(&("beheading", "rule 7"));
    /// Omweso rule 7.
    #[deprecated(note = "use omweso::end::GRAND_SLAM")]
    pub const GrandSlam: EndReason = EndReason::new(&("grand-slam", "rule 7"));
    /// Omweso rule 7.
    #[deprecated(note = "use omweso::end::TWO_CAPTURES_FIRST")]
    pub const TwoCapturesFirst: EndReason = EndReason::new(&("two-captures-first", "rule 7"));
    /// Omweso rule 9.
    #[deprecated(note = "use omweso::end::FORFEIT")]
    pub const Forfeit: EndReason = EndReason::new(&("forfeit", "rule 9"));

    /// The reasons of the enum this type replaces, in its order.
    #[deprecated(note = "each game crate lists its reasons: urim::end::ALL, omweso::end::ALL, …")]
    #[allow(deprecated)]
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

    /// What happened, in the words of the enum this type replaces (the
    /// [`name`](EndReason::name) for a reason it did not have): a front end writes its
    /// own words from the name and the rule.
    #[deprecated(note = "use name() and rule()")]
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self.name() {
            "regular" => "the player to move had no legal move",
            "starvation" => "starvation: the player to move could not move or feed",
            "side-empty" => "a side was empty",
            "majority" => "the stores decided: more than half of the seeds, or half each",
            "repetition" => "a position repeated since the last capture",
            "grand-slam" => "grand slam: all the loser's pits were empty",
            "two-captures-first" => "two captures first",
            name => name,
        }
    }
}

impl Hash for EndReason {
    /// Hashes the name's length: consistent with equality, and one word however the
    /// reason is stored (a position that keeps its status hashes it).
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_usize(self.name().len());
    }
}

impl fmt::Debug for EndReason {
    /// `EndReason("beheading", "rule 7")`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("EndReason")
            .field(&self.name())
            .field(&self.0.1)
            .finish()
    }
}

impl Default for EndReason {
    /// [`EndReason::REGULAR`].
    fn default() -> Self {
        EndReason::REGULAR
    }
}

impl fmt::Display for EndReason {
    /// The [`name`](EndReason::name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a finished game ended: the winner, the game points, the final seed totals where
/// the game counts them, and which rule ended it ([`EndReason`]).
///
/// The [`Display`](fmt::Display) form leaves the ending out (it is what `replay`
/// prints, and other programs read it); [`Outcome::reason`] says it.
///
/// ```
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::{ByPlayer, EndReason, Outcome, Player};
/// let o = Outcome::with_totals(Some(Player::South), 2, ByPlayer::new(27, 9));
/// assert_eq!(o.to_string(), "27-9 S 2");
/// assert_eq!(o.reason, EndReason::REGULAR);
/// const REPETITION: EndReason = EndReason::new(&("repetition", "rule 6"));
/// let d = Outcome::with_totals(None, 0, ByPlayer::new(18, 18)).with_reason(REPETITION);
/// assert_eq!(d.to_string(), "18-18 draw 0");
/// assert_eq!(d.reason, REPETITION);
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
    /// An outcome without seed totals, by the [regular](EndReason::REGULAR) end.
    #[must_use]
    pub const fn new(winner: Option<Player>, points: u8) -> Self {
        Outcome {
            winner,
            points,
            totals: None,
            reason: EndReason::REGULAR,
        }
    }

    /// An outcome with final seed totals, by the [regular](EndReason::REGULAR) end.
    #[must_use]
    pub const fn with_totals(winner: Option<Player>, points: u8, totals: ByPlayer<u16>) -> Self {
        Outcome {
            winner,
            points,
            totals: Some(totals),
            reason: EndReason::REGULAR,
        }
    }

    /// The outcome of final totals where the larger total wins 1 point and equal totals
    /// are a draw (0 points), as Oware, Kalah and a Rio Kadalis round score (Urim scores
    /// its own way: `urim::outcome_from_totals`). By the [regular](EndReason::REGULAR)
    /// end.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; }
    /// use mancala::{ByPlayer, Outcome, Player};
    /// let o = Outcome::larger_total_wins(ByPlayer::new(20, 28));
    /// assert_eq!((o.winner, o.points, o.totals), (Some(Player::North), 1, Some(ByPlayer::new(20, 28))));
    /// assert_eq!(Outcome::larger_total_wins(ByPlayer::new(24, 24)).winner, None);
    /// ```
    #[must_use]
    pub fn larger_total_wins(totals: ByPlayer<u16>) -> Self {
        let winner = if totals.south > totals.north {
            Some(Player::South)
        } else if totals.north > totals.south {
            Some(Player::North)
        } else {
            None
        };
        Outcome::with_totals(winner, u8::from(winner.is_some()), totals)
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
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::IllegalMove;
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
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::{NotationError, ParsePositionError};
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
/// # mod mancala { pub use mancala_core::*; }
/// use mancala::{toy::Countdown, Player, Position};
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
    /// # mod mancala { pub use mancala_core::*; }
    /// use mancala::{cycle::{MemoStats, SearchMemo}, toy::{Countdown, Take}, Position};
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

    /// A dependent's `match` on the names of the enum `EndReason` was still compiles.
    #[test]
    #[allow(deprecated)]
    fn the_old_names_still_match() {
        let points = |r: EndReason| match r {
            EndReason::GrandSlam => 12,
            EndReason::Beheading | EndReason::TwoCapturesFirst => 2,
            EndReason::Regular => 1,
            _ => 0,
        };
        assert_eq!(points(EndReason::new(&("beheading", "rule 7"))), 2);
        assert_eq!(points(EndReason::new(&("grand-slam", "rule 7"))), 12);
        assert_eq!(points(EndReason::REGULAR), 1);
        // Another rule, another reason.
        assert_eq!(points(EndReason::new(&("beheading", "rule 8"))), 0);
        assert_eq!(EndReason::ALL.len(), 9);
    }

    /// A reason is one pointer, so that an outcome stays two words and a position that
    /// keeps its status (Omweso's) stays small.
    #[test]
    fn reasons_and_outcomes_are_small() {
        assert_eq!(core::mem::size_of::<EndReason>(), 8);
        assert_eq!(core::mem::size_of::<Outcome>(), 16);
        assert_eq!(core::mem::size_of::<Status>(), 16);
    }

    #[test]
    fn names_are_lower_case_words() {
        let bad: [&'static (&'static str, &'static str); 7] = [
            &("", "rule 1"),
            &("Beheading", "rule 1"),
            &("grand slam", "rule 1"),
            &("-x", "rule 1"),
            &("x-", "rule 1"),
            &("two_captures", "rule 1"),
            &("regular", ""),
        ];
        for reason in bad {
            let made = std::panic::catch_unwind(|| EndReason::new(reason));
            assert!(made.is_err(), "{reason:?} was taken as a reason");
        }
        assert_eq!(
            EndReason::new(&("two-captures-first", "rule 7")).name(),
            "two-captures-first"
        );
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
