//! A game of any variant behind one object, like shakmaty's `VariantPosition`: an enum
//! over the concrete const-generic game records, each method matching on the variant
//! and forwarding (no trait objects, no boxing in the loop).
//!
//! ```
//! # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
//! use mancala::runtime::{AnyGame, Variant};
//! let mut game = AnyGame::new(&"rio-kadalis pits=5".parse()?);
//! assert_eq!(game.legal_moves().len(), 5);
//! game.play_text("c")?;
//! assert_eq!(game.moves_text(), ["c"]);
//! let err = game.play_text("z").unwrap_err();
//! assert!(err.to_string().contains("there is no pit z"));
//! assert_eq!(game.undo().map(|m| m.to_string()).as_deref(), Some("c"));
//! # Ok::<(), mancala::runtime::Error>(())
//! ```

use mancala_core::events::{PlayObserved, SowEvent};
use mancala_core::perft::{perft, perft_divide};
use mancala_core::record::{MoveOf, Record};
use mancala_core::{Board, IllegalMove, Outcome, Player, Position, Status};

use crate::error::{Error, PositionError, PositionReason};
use crate::eval::EndgameDatabases;
use crate::moves::{AnyMove, AnyReason, GameMove, IllegalMoveError, MoveNotationError, any_reason};
use crate::variant::{First, GameKind, Variant, VariantError, clock_lot};

/// Calls the macro `$cb` with every concrete game record behind [`AnyRecord`], each
/// with its name and documentation, after the tokens `$args`: the one list that
/// [`AnyRecord`], its conversions, `each_record!` and the engines' enum
/// ([`crate::Engine`]) are made from.
macro_rules! with_records {
    ($($cb:ident)::+ ! $args:tt) => {
        $($cb)::+ ! { $args
            /// Urim on 2×6.
            Urim6: urim::Game<6>,
            /// Urim on 2×7.
            Urim7: urim::Game<7>,
            /// Omweso.
            Omweso: omweso::Game,
            /// Rio Kadalis on 2×6, sown counter-clockwise.
            Kadalis6: rio_kadalis::Game<6, false>,
            /// Rio Kadalis on 2×6, sown clockwise.
            Kadalis6Cw: rio_kadalis::Game<6, true>,
            /// Rio Kadalis on 2×5, sown counter-clockwise.
            Kadalis5: rio_kadalis::Game<5, false>,
            /// Rio Kadalis on 2×5, sown clockwise.
            Kadalis5Cw: rio_kadalis::Game<5, true>,
            /// Oware.
            Oware: oware::Game,
            /// Kalah.
            Kalah: kalah::Game,
        }
    };
}
pub(crate) use with_records;

/// [`AnyRecord`] and the conversion of each concrete record into it.
macro_rules! define_any_record {
    (() $($(#[$doc:meta])* $name:ident: $ty:ty,)*) => {
        /// The concrete game records behind [`AnyGame`], one per type of position.
        ///
        /// Each holds the game's record with its history rules (Urim's, Oware's and Rio
        /// Kadalis's repetition), so that every front end plays the rules whole.
        #[derive(Clone, Debug)]
        #[non_exhaustive]
        pub enum AnyRecord {
            $($(#[$doc])* $name($ty),)*
        }

        $(impl From<$ty> for AnyRecord {
            fn from(r: $ty) -> AnyRecord {
                AnyRecord::$name(r)
            }
        })*
    };
}
with_records!(define_any_record!());

/// The arms of `each_record!`.
macro_rules! each_record_arms {
    ((($record:expr) $g:ident ($body:expr)) $($(#[$doc:meta])* $name:ident: $ty:ty,)*) => {
        match $record {
            $($crate::game::AnyRecord::$name($g) => $body,)*
        }
    };
}
pub(crate) use each_record_arms;

/// Runs `$body` with `$g` bound to the concrete record of `$record` (an
/// [`AnyRecord`], by value, reference or mutable reference).
macro_rules! each_record {
    ($record:expr, $g:ident => $body:expr) => {
        $crate::game::with_records!(crate::game::each_record_arms!(($record) $g ($body)))
    };
}
pub(crate) use each_record;

/// What the runtime layer needs of a concrete game record: one of the records of
/// [`AnyRecord`], which can go to other threads (engines searching with several), and
/// whose positions know their endgame databases.
pub trait GameRecord:
    Record<
        Position: PlayObserved<Move: GameMove + Send + Sync, Reason: Into<AnyReason>>
                      + EndgameDatabases
                      + Send
                      + Sync
                      + 'static,
    > + Into<AnyRecord>
    + Send
    + Sync
    + 'static
{
}

impl<R> GameRecord for R where
    R: Record<
            Position: PlayObserved<Move: GameMove + Send + Sync, Reason: Into<AnyReason>>
                          + EndgameDatabases
                          + Send
                          + Sync
                          + 'static,
        > + Into<AnyRecord>
        + Send
        + Sync
        + 'static
{
}

/// Code written once for every concrete record, run by [`AnyGame::visit`] on the
/// game's own type (the hot path stays monomorphic).
pub trait Visitor {
    /// What the visit returns.
    type Output;
    /// Runs on the record `game` of the variant `variant`.
    fn visit<R: GameRecord>(self, variant: &Variant, game: &R) -> Self::Output;
}

/// A game of any variant of the workspace: its [`Variant`] and its record (the start,
/// the moves, the history rules).
#[derive(Clone, Debug)]
pub struct AnyGame {
    variant: Variant,
    record: AnyRecord,
}

/// The start of a variant: the checked variant builds it.
fn start<T, E: core::fmt::Debug>(start: Result<T, E>) -> T {
    start.expect("a variant holds only values its game's start takes")
}

/// The text of a position's error in `game`.
fn not_a_position(game: GameKind, text: &str, reason: PositionReason) -> Error {
    PositionError {
        game,
        text: text.to_string(),
        reason,
    }
    .into()
}

impl AnyGame {
    /// A new game of `variant` from its standard start. Omweso's `by-lot` draws the
    /// first player from the clock; [`AnyGame::with_lot`] draws from a number given.
    #[must_use]
    pub fn new(variant: &Variant) -> AnyGame {
        AnyGame::with_lot(variant, clock_lot())
    }

    /// A new game of `variant` from its standard start, Omweso's `by-lot` drawing the
    /// first player with `lot`.
    #[must_use]
    pub fn with_lot(variant: &Variant, lot: u64) -> AnyGame {
        let first = variant.first_player(lot);
        let record =
            match *variant {
                Variant::Urim(v) if v.pits() == 6 => AnyRecord::Urim6(Record::new(start(
                    urim::Urim::<6>::start_with(v.seeds(), first),
                ))),
                Variant::Urim(v) => AnyRecord::Urim7(Record::new(start(
                    urim::Urim::<7>::start_with(v.seeds(), first),
                ))),
                Variant::Omweso(v) => {
                    AnyRecord::Omweso(Record::new(omweso::Omweso::start_with(v.rules(), first)))
                }
                Variant::RioKadalis(v) => match (v.pits(), v.clockwise()) {
                    (6, false) => {
                        AnyRecord::Kadalis6(Record::new(rio_kadalis::RioKadalis::start(first)))
                    }
                    (6, true) => {
                        AnyRecord::Kadalis6Cw(Record::new(rio_kadalis::RioKadalis::start(first)))
                    }
                    (_, false) => {
                        AnyRecord::Kadalis5(Record::new(rio_kadalis::RioKadalis::start(first)))
                    }
                    (_, true) => {
                        AnyRecord::Kadalis5Cw(Record::new(rio_kadalis::RioKadalis::start(first)))
                    }
                },
                Variant::Oware(v) => AnyRecord::Oware(Record::new(start(
                    oware::Oware::start_with(v.seeds(), first),
                ))),
                Variant::Kalah(v) => AnyRecord::Kalah(Record::new(start(
                    kalah::Kalah::start_with(v.rules(), v.seeds(), first),
                ))),
            };
        AnyGame {
            variant: *variant,
            record,
        }
    }

    /// A game of `game` from the position `text` in its notation (`docs/<game>.md`; in
    /// Omweso also a paused turn). The position gives the board's size and the seeds;
    /// `options` (the words of a variant's text) may repeat them (they must then agree)
    /// and give the rule options the notation does not carry (Omweso's
    /// `two-captures-first`, Rio Kadalis's `clockwise`).
    ///
    /// # Errors
    /// [`Error::Position`] when `text` is not a position of the game, and
    /// [`Error::Variant`] when an option disagrees with it or does not apply.
    pub fn from_notation(game: GameKind, text: &str, options: &str) -> Result<AnyGame, Error> {
        // The options alone must make a variant of the game.
        let asked = Variant::with_options(game, options)?;
        let given = Variant::read_options(game, options)?;
        let (variant, record) = match asked {
            Variant::Urim(_) => {
                let bad = |e| not_a_position(game, text, PositionReason::Urim(e));
                let pits = match urim::row_length(text) {
                    Some(n @ (6 | 7)) => n as u8,
                    Some(n) if n > 1 => {
                        return Err(not_a_position(game, text, PositionReason::RowLength(n)));
                    }
                    // Not notation at all: the notation's own error says why.
                    _ => {
                        text.parse::<urim::Urim<6>>().map_err(bad)?;
                        6
                    }
                };
                if let Some(p) = given.pits.filter(|&p| p != pits) {
                    return Err(VariantError::PitsDisagree {
                        given: p,
                        found: pits,
                    }
                    .into());
                }
                let (seeds, record) = if pits == 6 {
                    let p: urim::Urim<6> = text.parse().map_err(bad)?;
                    (p.seeds_per_pit(), AnyRecord::Urim6(Record::new(p)))
                } else {
                    let p: urim::Urim<7> = text.parse().map_err(bad)?;
                    (p.seeds_per_pit(), AnyRecord::Urim7(Record::new(p)))
                };
                if let Some(s) = given.seeds.filter(|&s| s != seeds) {
                    return Err(VariantError::SeedsDisagree {
                        given: s,
                        found: seeds,
                    }
                    .into());
                }
                let v = urim::Variant::new(pits, seeds).map_err(VariantError::from)?;
                (Variant::Urim(v), record)
            }
            Variant::Omweso(v) => {
                if given.has("north-first") || given.has("by-lot") {
                    return Err(VariantError::FirstWithPosition.into());
                }
                let p = omweso::Omweso::from_notation(text, v.rules())
                    .map_err(|e| not_a_position(game, text, PositionReason::Omweso(e)))?;
                (
                    Variant::Omweso(omweso::Variant::new(v.rules(), First::South)),
                    AnyRecord::Omweso(Record::new(p)),
                )
            }
            Variant::RioKadalis(v) => {
                fn parse<const N: usize, const CW: bool>(
                    text: &str,
                ) -> Result<rio_kadalis::Game<N, CW>, rio_kadalis::ParsePositionError>
                {
                    text.parse::<rio_kadalis::RioKadalis<N, CW>>()
                        .map(Record::new)
                }
                let bad = |e| not_a_position(game, text, PositionReason::RioKadalis(e));
                // The rows give the holes: 6 unless they read only as 5.
                let pits = match given.pits {
                    Some(p) => p,
                    None if parse::<6, false>(text).is_err() && parse::<5, false>(text).is_ok() => {
                        5
                    }
                    None => 6,
                };
                let record = match (pits, v.clockwise()) {
                    (6, false) => AnyRecord::Kadalis6(parse(text).map_err(bad)?),
                    (6, true) => AnyRecord::Kadalis6Cw(parse(text).map_err(bad)?),
                    (_, false) => AnyRecord::Kadalis5(parse(text).map_err(bad)?),
                    (_, true) => AnyRecord::Kadalis5Cw(parse(text).map_err(bad)?),
                };
                let v =
                    rio_kadalis::Variant::new(pits, v.clockwise()).map_err(VariantError::from)?;
                (Variant::RioKadalis(v), record)
            }
            Variant::Oware(_) => {
                if given.seeds.is_some() {
                    return Err(VariantError::SeedsWithPosition.into());
                }
                let p: oware::Oware = text
                    .parse()
                    .map_err(|e| not_a_position(game, text, PositionReason::Oware(e)))?;
                (
                    Variant::Oware(oware::Variant::default()),
                    AnyRecord::Oware(Record::new(p)),
                )
            }
            Variant::Kalah(_) => {
                if !given.is_empty() {
                    return Err(VariantError::OptionsWithPosition.into());
                }
                let p: kalah::Kalah = text
                    .parse()
                    .map_err(|e| not_a_position(game, text, PositionReason::Kalah(e)))?;
                let r = p.rules();
                // The average seeds a pit (at least 1: what the variant can hold).
                let seeds = u8::try_from(p.board().total() / (2 * u32::from(r.pits).max(1)))
                    .unwrap_or(u8::MAX)
                    .max(1);
                let v = kalah::Variant::new(r, seeds).map_err(VariantError::from)?;
                (Variant::Kalah(v), AnyRecord::Kalah(Record::new(p)))
            }
        };
        Ok(AnyGame { variant, record })
    }

    /// The game of the concrete record `record`, of the variant `variant` (which the
    /// caller vouches for: it must be the variant the record was set up with).
    pub fn from_record(variant: Variant, record: impl Into<AnyRecord>) -> AnyGame {
        AnyGame {
            variant,
            record: record.into(),
        }
    }

    /// A game of `variant` from the position `text`: the variant's standard start, or
    /// any position in its notation, with the rule options of `variant` that the
    /// notation does not carry (a game file's `Variant` and `Start` tags).
    ///
    /// # Errors
    /// As [`AnyGame::from_notation`].
    pub fn from_variant_notation(variant: &Variant, text: &str) -> Result<AnyGame, Error> {
        // The options a position does not carry, and its rows' length.
        let options = match variant {
            Variant::Urim(v) => format!("pits={}", v.pits()),
            Variant::Omweso(v) if v.rules().two_captures_first => "two-captures-first".into(),
            Variant::RioKadalis(v) if v.clockwise() => format!("pits={} clockwise", v.pits()),
            Variant::RioKadalis(v) => format!("pits={}", v.pits()),
            _ => String::new(),
        };
        let mut game = AnyGame::from_notation(variant.kind(), text, &options)?;
        // The variant's own start keeps the whole variant (Oware's and Kalah's seeds);
        // Omweso keeps its rule of the first player.
        if matches!(variant, Variant::Omweso(_)) || AnyGame::with_lot(variant, 0).notation() == text
        {
            game.variant = *variant;
        }
        Ok(game)
    }

    /// The concrete record, to change.
    pub(crate) fn record_mut(&mut self) -> &mut AnyRecord {
        &mut self.record
    }

    /// The variant. For a game set up from a position, the sizes are the position's,
    /// and Oware's and Kalah's seeds are the standard ones or the average.
    #[must_use]
    pub const fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The game.
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        self.variant.kind()
    }

    /// The concrete record.
    #[must_use]
    pub const fn record(&self) -> &AnyRecord {
        &self.record
    }

    /// Runs `visitor` on the concrete record.
    pub fn visit<V: Visitor>(&self, visitor: V) -> V::Output {
        let v = &self.variant;
        each_record!(&self.record, g => visitor.visit(v, g))
    }

    /// The current position in the game's notation (a paused Omweso turn with its fifth
    /// field), which [`AnyGame::from_notation`] reads back.
    #[must_use]
    pub fn notation(&self) -> String {
        each_record!(&self.record, g => g.position().to_string())
    }

    /// The start position in the game's notation.
    #[must_use]
    pub fn start_notation(&self) -> String {
        each_record!(&self.record, g => g.start().to_string())
    }

    /// The board as the library draws it: pits, stores or captures, the player to move,
    /// seeds in hand.
    #[must_use]
    pub fn board(&self) -> Board {
        each_record!(&self.record, g => g.position().board())
    }

    /// The player to move.
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        each_record!(&self.record, g => g.position().side_to_move())
    }

    /// The status, with the endings the record finds from the history.
    #[must_use]
    pub fn status(&self) -> Status {
        each_record!(&self.record, g => g.status())
    }

    /// The outcome, once the game is over (`None` while it goes on, and for an annulled
    /// game).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.status().outcome()
    }

    /// Whether the game is over or annulled.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.status().is_finished()
    }

    /// The legal moves, in the library's order.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        each_record!(&self.record, g => g.legal_moves().into_iter().map(GameMove::to_any).collect())
    }

    /// The legal moves in the game's notation.
    #[must_use]
    pub fn legal_moves_text(&self) -> Vec<String> {
        self.legal_moves().iter().map(ToString::to_string).collect()
    }

    /// The moves played from the start.
    #[must_use]
    pub fn moves(&self) -> Vec<AnyMove> {
        each_record!(&self.record, g => g.moves().iter().map(|m| m.to_any()).collect())
    }

    /// The moves played from the start, in the game's notation.
    #[must_use]
    pub fn moves_text(&self) -> Vec<String> {
        self.moves().iter().map(ToString::to_string).collect()
    }

    /// The number of plies played.
    #[must_use]
    pub fn ply(&self) -> usize {
        each_record!(&self.record, g => g.moves().len())
    }

    /// In the middle of an Omweso turn paused for a decision (rule 5, docs/omweso.md),
    /// the paused pit's counter-clockwise move `x`; the legal moves are then `x` and
    /// its clockwise `x-`. `None` between turns, and always in the other games.
    #[must_use]
    pub fn pending_decision(&self) -> Option<AnyMove> {
        each_record!(&self.record, g => g.position().pending_decision().map(GameMove::to_any))
    }

    /// Reads a move in the game's notation, with the same words in every game: a pit
    /// letter beyond the board is a pit that is not there, anything else is not a move.
    ///
    /// # Errors
    /// [`Error::MoveNotation`] saying what a move of this game looks like.
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, Error> {
        each_record!(&self.record, g => parse_move(g, text).map(GameMove::to_any))
    }

    /// Whether the rules let the player to move play `m` here, or why not (the
    /// reason [`AnyGame::play`] would give), without playing it.
    ///
    /// # Errors
    /// As [`AnyGame::play`].
    pub fn check_move(&self, m: AnyMove) -> Result<(), Error> {
        each_record!(&self.record, g => check_move(g, m))
    }

    /// Plays `m`, or says why it is illegal; on an error the game is unchanged.
    ///
    /// # Errors
    /// [`Error::IllegalMove`] with the library's reason, or when `m` is not a move of
    /// this game.
    pub fn play(&mut self, m: AnyMove) -> Result<(), Error> {
        each_record!(&mut self.record, g => play(g, m))
    }

    /// The steps of `m` from here, seed by seed, as the game's own sowing loop reports
    /// them ([`SowEvent`], pits named as [`AnyGame::board`] lists them), without
    /// playing it. Empty for an endless move (Omweso, Rio Kadalis), which leaves the
    /// board as it was. Replayed on the board before the move, the events give the
    /// board after it.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
    /// use mancala::runtime::{AnyGame, SowEvent};
    /// let game = AnyGame::new(&"oware".parse()?);
    /// let events = game.sowing(game.parse_move("c")?)?;
    /// let drops = events.iter().filter(|e| matches!(e, SowEvent::Drop { .. })).count();
    /// assert_eq!(drops, 4);
    /// # Ok::<(), mancala::runtime::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`AnyGame::play`], when `m` is illegal.
    pub fn sowing(&self, m: AnyMove) -> Result<Vec<SowEvent>, Error> {
        each_record!(&self.record, g => sowing(g, m))
    }

    /// Plays `m` and returns its steps ([`AnyGame::sowing`]); on an error the game is
    /// unchanged.
    ///
    /// # Errors
    /// As [`AnyGame::play`].
    pub fn play_sowing(&mut self, m: AnyMove) -> Result<Vec<SowEvent>, Error> {
        let events = self.sowing(m)?;
        self.play(m)?;
        Ok(events)
    }

    /// Reads `text` as a move and plays it.
    ///
    /// # Errors
    /// As [`AnyGame::parse_move`] and [`AnyGame::play`].
    pub fn play_text(&mut self, text: &str) -> Result<AnyMove, Error> {
        let m = self.parse_move(text)?;
        self.play(m)?;
        Ok(m)
    }

    /// Whether playing `m` takes long: an Omweso move whose relay is still going after
    /// the engines' bound of laps (`mancala_search::alphabeta::ENDLESS_AFTER`), which
    /// the record plays exactly, to its end or to the proof that it never ends: that can
    /// take billions of laps and seconds (docs/omweso.md). A front end says so before
    /// it plays such a move. `false` for a move that is not legal.
    #[must_use]
    pub fn is_slow_move(&self, m: AnyMove) -> bool {
        use mancala_core::cycle::{MemoStats, SearchMemo};
        each_record!(&self.record, g => {
            let Some(mv) = GameMove::from_any(m) else {
                return false;
            };
            if !g.legal_moves().contains(&mv) {
                return false;
            }
            let mut probe = g.clone();
            let mut stats = MemoStats::default();
            probe.play_in_search(
                mv,
                &mut SearchMemo::new(&mut [], &mut stats, mancala_search::alphabeta::ENDLESS_AFTER),
            );
            stats.unproven > 0
        })
    }

    /// In words, why playing `m` takes long, when it does ([`AnyGame::is_slow_move`]):
    /// what a front end says before it plays such a move.
    #[must_use]
    pub fn describe_slow_move(&self, m: AnyMove) -> Option<String> {
        self.is_slow_move(m).then(|| {
            format!(
                "checking whether move {m} ever ends: an Omweso move can relay for billions of \
                 laps before it repeats, and the game must know whether it ends (it is annulled \
                 if not); this can take a second or so…"
            )
        })
    }

    /// In words, the decision an Omweso turn is paused at (rule 5), if it is: the pit,
    /// the seeds in hand and the two ways on.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
    /// use mancala::runtime::{AnyGame, GameKind};
    /// // South's turn paused at pit j with 9 seeds in hand (the golden replay's 11th ply).
    /// let paused = "6,6,0,1,7,0,2,5/1,0,8,0,2,1,2,0/1,1,0,2,0,1,0,0/4,4,0,0,0,1,0,0 S snc 1-0 j+9:r";
    /// let game = AnyGame::from_notation(GameKind::Omweso, paused, "")?;
    /// assert_eq!(
    ///     game.describe_pause().as_deref(),
    ///     Some("the turn is paused at pit j with 9 seeds in hand: sow them on with 'j' (counter-clockwise) or 'j-' (clockwise)")
    /// );
    /// assert_eq!(AnyGame::new(&"omweso".parse()?).describe_pause(), None);
    /// # Ok::<(), mancala::runtime::Error>(())
    /// ```
    #[must_use]
    pub fn describe_pause(&self) -> Option<String> {
        let m = self.pending_decision()?.to_string();
        let pit = m.trim_end_matches(['-', '*']);
        Some(format!(
            "the turn is paused at pit {pit} with {} seeds in hand: sow them on with '{pit}' \
             (counter-clockwise) or '{pit}-' (clockwise)",
            self.board().in_hand
        ))
    }

    /// Takes back the last move, returning it (`None` at the start).
    pub fn undo(&mut self) -> Option<AnyMove> {
        each_record!(&mut self.record, g => g.undo().map(GameMove::to_any))
    }

    /// Starts the game again from its start.
    pub fn restart(&mut self) {
        each_record!(&mut self.record, g => {
            let start = *g.start();
            g.reset(start);
        });
    }

    /// The number of move sequences of `depth` plies from the current position (every
    /// decision of an Omweso turn is a ply; the history rules are not applied, as in
    /// every perft of the workspace).
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        each_record!(&self.record, g => perft(g.position(), depth))
    }

    /// [`AnyGame::perft`] split by the first move: `each` is called with each legal
    /// move and its count, in the library's order; returns the total.
    pub fn perft_divide(&self, depth: u32, mut each: impl FnMut(AnyMove, u64)) -> u64 {
        each_record!(&self.record, g => {
            perft_divide(g.position(), depth, |m, n| each(m.to_any(), n))
        })
    }

    /// How the game ended, in words, with the rule that ended it and the totals (see
    /// [`crate::describe::describe_status`]).
    #[must_use]
    pub fn describe_status(&self) -> String {
        self.describe(self.status())
    }

    /// How the game ended with `status` (a match's, which knows of blitz forfeits), in
    /// words, Omweso's beheading condition named from the record.
    #[must_use]
    pub fn describe(&self, status: Status) -> String {
        let beheading = match &self.record {
            AnyRecord::Omweso(g) => omweso::beheading(g),
            _ => None,
        };
        crate::describe::describe(self.kind(), status, self.side_to_move(), beheading)
    }

    /// A drawing of the board for a terminal (see [`crate::draw`]).
    #[must_use]
    pub fn diagram(&self) -> String {
        let store = match self.kind() {
            GameKind::RioKadalis => "captured",
            _ => "store",
        };
        crate::draw::draw(&self.board(), store)
    }
}

/// The mover's pits on this board.
fn mover_pits<P: Position>(p: &P) -> usize {
    p.board().pits[p.side_to_move()].len()
}

/// The concrete move of `m` in `game`, or why there is none.
fn concrete<G: GameRecord>(m: AnyMove) -> Result<MoveOf<G>, Error> {
    <MoveOf<G> as GameMove>::from_any(m).ok_or_else(|| IllegalMoveError::OtherGame(m).into())
}

/// The runtime's error for the library's reason `e` for refusing `mv` in `before`:
/// what code that plays concrete records reports ([`IllegalMoveError::Refused`]).
pub fn illegal<P>(before: &P, mv: P::Move, e: IllegalMove<P::Reason>) -> Error
where
    P: Position<Move: GameMove, Reason: Into<AnyReason>>,
{
    IllegalMoveError::Refused {
        mv: mv.to_any(),
        reason: any_reason(e),
        pits: mover_pits(before),
    }
    .into()
}

/// Plays the concrete move of `m` on `game`, or says why it is illegal.
pub(crate) fn play<G: GameRecord>(game: &mut G, m: AnyMove) -> Result<(), Error> {
    let mv = concrete::<G>(m)?;
    let before = game.position().clone();
    game.play(mv).map_err(|e| illegal(&before, mv, e))
}

/// Whether the rules let `game`'s player to move play the concrete move of `m`, or why
/// not.
fn check_move<G: GameRecord>(game: &G, m: AnyMove) -> Result<(), Error> {
    let mv = concrete::<G>(m)?;
    let p = game.position();
    if game.is_finished() {
        return Err(illegal(p, mv, IllegalMove::GameOver));
    }
    p.check_move(mv).map_err(|e| illegal(p, mv, e))
}

/// The steps of the concrete move of `m` from `game`'s position (see
/// [`AnyGame::sowing`]).
fn sowing<G: GameRecord>(game: &G, m: AnyMove) -> Result<Vec<SowEvent>, Error> {
    let mv = concrete::<G>(m)?;
    let before = game.position();
    let mut after = before.clone();
    after.play(mv).map_err(|e| illegal(before, mv, e))?;
    if after.status() == Status::Annulled {
        // Endless: nothing moves (and its laps may number billions).
        return Ok(Vec::new());
    }
    let mut events = Vec::new();
    before.clone().play_observed(mv, &mut events);
    Ok(events)
}

/// Reads a move of `game`'s position.
fn parse_move<G: GameRecord>(game: &G, text: &str) -> Result<MoveOf<G>, Error> {
    let p = game.position();
    text.parse().map_err(|error| {
        MoveNotationError {
            text: text.to_string(),
            error,
            pits: mover_pits(p),
            omweso: p.board().rows_per_player == 2,
        }
        .into()
    })
}
