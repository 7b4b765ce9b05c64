//! A game of any variant behind one object, like shakmaty's `VariantPosition`: an enum
//! over the concrete const-generic game records, each method matching on the variant
//! and forwarding (no trait objects, no boxing in the loop).
//!
//! ```
//! use mancala_runtime::{AnyGame, Variant};
//! let mut game = AnyGame::new(&"rio-kadalis pits=5".parse()?)?;
//! assert_eq!(game.legal_moves().len(), 5);
//! game.play_text("c")?;
//! assert_eq!(game.moves_text(), ["c"]);
//! let err = game.play_text("z").unwrap_err();
//! assert!(err.to_string().contains("there is no pit z"));
//! assert_eq!(game.undo().map(|m| m.to_string()).as_deref(), Some("c"));
//! # Ok::<(), mancala_runtime::Error>(())
//! ```

use core::fmt;

use mancala_core::events::{PlayObserved, SowEvent};
use mancala_core::notation::pit_letter;
use mancala_core::perft::{perft, perft_divide};
use mancala_core::record::{MoveOf, Record};
use mancala_core::{Board, IllegalMove, NotationError, Outcome, PitMove, Player, Position, Status};

use crate::variant::{GameKind, Options, Variant};
use crate::{Error, draw_lot};

/// The concrete game records behind [`AnyGame`], one per type of position.
///
/// Each holds the game's record with its history rules (Urim's, Oware's and Rio
/// Kadalis's repetition), so that every front end plays the rules whole.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum AnyRecord {
    /// Urim on 2×6.
    Urim6(urim::Game<6>),
    /// Urim on 2×7.
    Urim7(urim::Game<7>),
    /// Omweso.
    Omweso(omweso::Game),
    /// Rio Kadalis on 2×6, sown counter-clockwise.
    Kadalis6(rio_kadalis::Game<6, false>),
    /// Rio Kadalis on 2×6, sown clockwise.
    Kadalis6Cw(rio_kadalis::Game<6, true>),
    /// Rio Kadalis on 2×5, sown counter-clockwise.
    Kadalis5(rio_kadalis::Game<5, false>),
    /// Rio Kadalis on 2×5, sown clockwise.
    Kadalis5Cw(rio_kadalis::Game<5, true>),
    /// Oware.
    Oware(oware::Game),
    /// Kalah.
    Kalah(kalah::Game),
}

/// Each concrete record goes into its [`AnyRecord`].
macro_rules! into_any_record {
    ($($name:ident: $ty:ty),* $(,)?) => {
        $(impl From<$ty> for AnyRecord {
            fn from(r: $ty) -> AnyRecord {
                AnyRecord::$name(r)
            }
        })*
    };
}
into_any_record! {
    Urim6: urim::Game<6>,
    Urim7: urim::Game<7>,
    Omweso: omweso::Game,
    Kadalis6: rio_kadalis::Game<6, false>,
    Kadalis6Cw: rio_kadalis::Game<6, true>,
    Kadalis5: rio_kadalis::Game<5, false>,
    Kadalis5Cw: rio_kadalis::Game<5, true>,
    Oware: oware::Game,
    Kalah: kalah::Game,
}

/// Runs `$body` with `$g` bound to the concrete record of `$record` (an
/// [`AnyRecord`], by value, reference or mutable reference).
macro_rules! each_record {
    ($record:expr, $g:ident => $body:expr) => {
        match $record {
            $crate::game::AnyRecord::Urim6($g) => $body,
            $crate::game::AnyRecord::Urim7($g) => $body,
            $crate::game::AnyRecord::Omweso($g) => $body,
            $crate::game::AnyRecord::Kadalis6($g) => $body,
            $crate::game::AnyRecord::Kadalis6Cw($g) => $body,
            $crate::game::AnyRecord::Kadalis5($g) => $body,
            $crate::game::AnyRecord::Kadalis5Cw($g) => $body,
            $crate::game::AnyRecord::Oware($g) => $body,
            $crate::game::AnyRecord::Kalah($g) => $body,
        }
    };
}
pub(crate) use each_record;

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

/// What the runtime layer needs of a concrete game record: one of the records of
/// [`AnyRecord`], which can go to other threads (engines searching with several).
pub trait GameRecord:
    Record<Position: PlayObserved<Move: GameMove + Send + Sync> + Send + Sync + 'static>
    + Into<AnyRecord>
    + Send
    + Sync
    + 'static
{
}

impl<R> GameRecord for R where
    R: Record<Position: PlayObserved<Move: GameMove + Send + Sync> + Send + Sync + 'static>
        + Into<AnyRecord>
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

impl AnyGame {
    /// A new game of `variant` from its standard start. Omweso's `by-lot` draws the
    /// first player from the clock; [`AnyGame::with_lot`] draws from a number given.
    ///
    /// # Errors
    /// None for the variants [`Variant::new`] builds; [`Error::Variant`] if a variant
    /// built by hand is out of range.
    pub fn new(variant: &Variant) -> Result<AnyGame, Error> {
        AnyGame::with_lot(variant, crate::clock_lot())
    }

    /// A new game of `variant` from its standard start, Omweso's `by-lot` drawing the
    /// first player with `lot`.
    ///
    /// # Errors
    /// As [`AnyGame::new`].
    pub fn with_lot(variant: &Variant, lot: u64) -> Result<AnyGame, Error> {
        let v = *variant;
        let out = |e: &dyn fmt::Display| Error::Variant(format!("{v}: {e}"));
        let first = v.first_player(lot);
        let record = match v {
            Variant::Urim { pits, seeds } => match pits {
                6 => AnyRecord::Urim6(Record::new(
                    urim::Urim::<6>::start_with(seeds, first).map_err(|e| out(&e))?,
                )),
                7 => AnyRecord::Urim7(Record::new(
                    urim::Urim::<7>::start_with(seeds, first).map_err(|e| out(&e))?,
                )),
                _ => return Err(out(&"urim has 6 or 7 pits a row")),
            },
            Variant::Omweso { .. } => AnyRecord::Omweso(Record::new(omweso::Omweso::start_with(
                v.omweso_rules(),
                first,
            ))),
            Variant::RioKadalis { pits, clockwise } => match (pits, clockwise) {
                (6, false) => {
                    AnyRecord::Kadalis6(Record::new(rio_kadalis::RioKadalis::start(first)))
                }
                (6, true) => {
                    AnyRecord::Kadalis6Cw(Record::new(rio_kadalis::RioKadalis::start(first)))
                }
                (5, false) => {
                    AnyRecord::Kadalis5(Record::new(rio_kadalis::RioKadalis::start(first)))
                }
                (5, true) => {
                    AnyRecord::Kadalis5Cw(Record::new(rio_kadalis::RioKadalis::start(first)))
                }
                _ => return Err(out(&"rio-kadalis has 5 or 6 holes a row")),
            },
            Variant::Oware { seeds } => AnyRecord::Oware(Record::new(
                oware::Oware::start_with(seeds, first).map_err(|e| out(&e))?,
            )),
            Variant::Kalah { seeds, .. } => AnyRecord::Kalah(Record::new(
                kalah::Kalah::start_with(v.kalah_rules(), seeds, first).map_err(|e| out(&e))?,
            )),
        };
        Ok(AnyGame { variant: v, record })
    }

    /// A game of `game` from the position `text` in its notation (`docs/<game>.md`; in
    /// Omweso also a paused turn). The position gives the board's size and the seeds;
    /// `options` may repeat them (they must then agree) and give the rule options the
    /// notation does not carry (Omweso's `two-captures-first`, Rio Kadalis's
    /// `clockwise`).
    ///
    /// # Errors
    /// [`Error::Position`] when `text` is not a position of the game, and
    /// [`Error::Variant`] when an option disagrees with it or does not apply.
    pub fn from_notation(game: GameKind, text: &str, options: &Options) -> Result<AnyGame, Error> {
        // The options alone must make a variant of the game.
        let asked = Variant::new(game, options)?;
        let bad = |e: &dyn fmt::Display| {
            Error::Position(format!("{text:?} is not a position of {game}: {e}"))
        };
        let (variant, record) = match asked {
            Variant::Urim { .. } => {
                let pits = match urim::row_length(text) {
                    Some(n @ (6 | 7)) => n as u8,
                    Some(n) if n > 1 => {
                        return Err(bad(&format!(
                            "urim is played on rows of 6 or 7 pits, not {n}"
                        )));
                    }
                    // Not notation at all: the notation's own error says why.
                    _ => {
                        return Err(match text.parse::<urim::Urim<6>>() {
                            Err(e) => bad(&e),
                            Ok(_) => bad(&"unreadable rows"),
                        });
                    }
                };
                if let Some(p) = options.pits.filter(|&p| p != pits) {
                    return Err(Error::Variant(format!(
                        "pits={p} disagrees with the position, whose rows have {pits} pits"
                    )));
                }
                let (seeds, record) = if pits == 6 {
                    let p: urim::Urim<6> = text.parse().map_err(|e| bad(&e))?;
                    (p.seeds_per_pit(), AnyRecord::Urim6(Record::new(p)))
                } else {
                    let p: urim::Urim<7> = text.parse().map_err(|e| bad(&e))?;
                    (p.seeds_per_pit(), AnyRecord::Urim7(Record::new(p)))
                };
                if let Some(s) = options.seeds.filter(|&s| s != seeds) {
                    return Err(Error::Variant(format!(
                        "seeds={s} disagrees with the position, which holds {seeds} seeds per pit"
                    )));
                }
                (Variant::Urim { pits, seeds }, record)
            }
            Variant::Omweso {
                two_captures_first, ..
            } => {
                if options.has("north-first") || options.has("by-lot") {
                    return Err(Error::Variant(
                        "the position gives the player to move: drop north-first and by-lot".into(),
                    ));
                }
                let p = omweso::Omweso::from_notation(text, asked.omweso_rules())
                    .map_err(|e| bad(&e))?;
                (
                    Variant::Omweso {
                        two_captures_first,
                        first: crate::First::South,
                    },
                    AnyRecord::Omweso(Record::new(p)),
                )
            }
            Variant::RioKadalis { clockwise, .. } => {
                fn parse<const N: usize, const CW: bool>(
                    text: &str,
                ) -> Result<rio_kadalis::Game<N, CW>, rio_kadalis::ParsePositionError>
                {
                    text.parse::<rio_kadalis::RioKadalis<N, CW>>()
                        .map(Record::new)
                }
                // The rows give the holes: 6 unless they read only as 5.
                let pits = match options.pits {
                    Some(p) => p,
                    None if parse::<6, false>(text).is_err() && parse::<5, false>(text).is_ok() => {
                        5
                    }
                    None => 6,
                };
                let record = match (pits, clockwise) {
                    (6, false) => AnyRecord::Kadalis6(parse(text).map_err(|e| bad(&e))?),
                    (6, true) => AnyRecord::Kadalis6Cw(parse(text).map_err(|e| bad(&e))?),
                    (5, false) => AnyRecord::Kadalis5(parse(text).map_err(|e| bad(&e))?),
                    (_, _) => AnyRecord::Kadalis5Cw(parse(text).map_err(|e| bad(&e))?),
                };
                (Variant::RioKadalis { pits, clockwise }, record)
            }
            Variant::Oware { .. } => {
                if options.seeds.is_some() {
                    return Err(Error::Variant(
                        "seeds does not apply with a position: the position gives the seeds".into(),
                    ));
                }
                let p: oware::Oware = text.parse().map_err(|e| bad(&e))?;
                (
                    Variant::Oware { seeds: 4 },
                    AnyRecord::Oware(Record::new(p)),
                )
            }
            Variant::Kalah { .. } => {
                if !options.is_empty() {
                    return Err(Error::Variant(
                        "pits, seeds and the options do not apply with a position: the notation gives them"
                            .into(),
                    ));
                }
                let p: kalah::Kalah = text.parse().map_err(|e| bad(&e))?;
                let r = p.rules();
                let seeds = u8::try_from(p.board().total() / (2 * u32::from(r.pits).max(1)))
                    .unwrap_or(u8::MAX);
                (
                    Variant::Kalah {
                        pits: r.pits,
                        seeds,
                        empty_capture: r.empty_capture,
                        mover_empty: matches!(r.ending, kalah::Ending::MoverEmpty),
                    },
                    AnyRecord::Kalah(Record::new(p)),
                )
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
        let mut options = variant.options();
        options.seeds = None;
        options
            .flags
            .retain(|f| f == "two-captures-first" || f == "clockwise");
        if matches!(variant, Variant::Kalah { .. } | Variant::Oware { .. }) {
            options = Options::default();
        }
        let mut game = AnyGame::from_notation(variant.kind(), text, &options)?;
        // The variant's own start keeps the whole variant (Oware's and Kalah's seeds);
        // Omweso keeps its rule of the first player.
        if matches!(variant, Variant::Omweso { .. })
            || AnyGame::with_lot(variant, 0)?.notation() == text
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

    /// The move the rules make for the player in the middle of an Omweso turn, when
    /// there is only one way to go on (docs/omweso.md); `None` elsewhere.
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
    /// use mancala_runtime::{AnyGame, SowEvent};
    /// let game = AnyGame::new(&"oware".parse()?)?;
    /// let events = game.sowing(game.parse_move("c")?)?;
    /// let drops = events.iter().filter(|e| matches!(e, SowEvent::Drop { .. })).count();
    /// assert_eq!(drops, 4);
    /// # Ok::<(), mancala_runtime::Error>(())
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
    /// [`crate::describe_status`]).
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
        crate::describe(self.kind(), status, self.side_to_move(), beheading)
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

/// Draws `Player::South` or `Player::North` from `lot` (SplitMix64's mixing of it).
#[must_use]
pub fn lot_player(lot: u64) -> Player {
    draw_lot(lot)
}

/// The mover's pits on this board, as `a to f`.
fn pit_range<P: Position>(p: &P) -> String {
    let n = p.board().pits[p.side_to_move()].len();
    format!("a to {}", pit_letter(n.saturating_sub(1)))
}

/// The one wording, in every game, of a pit letter that is not on the board, whether
/// the move's notation already refuses it or the board does.
fn no_such_pit<P: Position>(p: &P, text: &str, letter: char) -> String {
    format!(
        "illegal move {text}: there is no pit {letter} on this board (the pits are {})",
        pit_range(p)
    )
}

/// The concrete move of `m` in `game`, or why there is none.
fn concrete<G: GameRecord>(m: AnyMove) -> Result<MoveOf<G>, Error> {
    <MoveOf<G> as GameMove>::from_any(m)
        .ok_or_else(|| Error::IllegalMove(format!("illegal move {m}: not a move of this game")))
}

/// The one wording of the library's reason `e` for refusing `mv` in `before`.
fn illegal<P: Position>(before: &P, mv: P::Move, e: IllegalMove<P::Reason>) -> Error {
    Error::IllegalMove(match e {
        IllegalMove::NoSuchPit { pit } => no_such_pit(before, &mv.to_string(), pit),
        e => format!("illegal move {mv}: {e}"),
    })
}

/// Plays the concrete move of `m` on `game`, or says why it is illegal.
pub(crate) fn play<G: GameRecord>(game: &mut G, m: AnyMove) -> Result<(), Error> {
    let mv = concrete::<G>(m)?;
    let before = game.position().clone();
    game.play(mv).map_err(|e| illegal(&before, mv, e))
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
pub(crate) fn parse_move<G: GameRecord>(game: &G, text: &str) -> Result<MoveOf<G>, Error> {
    let p = game.position();
    let form = || {
        let omweso = p.board().rows_per_player == 2;
        format!(
            "a move is a pit letter ({}){}",
            pit_range(p),
            if omweso {
                ", then '-' to sow clockwise or '*' for a split"
            } else {
                ""
            }
        )
    };
    text.parse().map_err(|e| {
        Error::MoveNotation(match e {
            NotationError::BadPitLetter { letter, .. } if letter.is_ascii_lowercase() => {
                no_such_pit(p, text, letter)
            }
            NotationError::Empty => format!("no move given: {}", form()),
            _ => format!("bad move {text:?}: {}", form()),
        })
    })
}
