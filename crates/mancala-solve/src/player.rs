//! A player that plays perfectly: in every position it plays a move the proof search
//! ([`Prover`]) has proven to keep the position's value, with the databases below it
//! and its transposition table kept from one move to the next (and from one game to
//! the next). When a proof does not finish within the player's time, it plays the
//! move of a fallback engine instead and says so ([`Choice::Unproven`]): a game with
//! such a move is not proven perfect.
//!
//! Only games without cycles ([`Acyclic`]: Kalah) have a proof search whose value
//! holds after any history; the runtime's spec `solver[:<ms>ms]` builds this player
//! for Kalah with `--db` (docs/engine.md).
//!
//! ```
//! use kalah::{Kalah, Player, Rules};
//! use mancala_core::record::{Line, Record};
//! use mancala_search::{Engine, RandomPlayer};
//! use mancala_solve::{build::build, db::Databases, kalah::KalahGame, player::{Choice, Perfect}};
//! let rules = Rules::with_pits(3);
//! let game = KalahGame::new(rules);
//! let mut dbs = Databases::new(&game, 18)?;
//! build(&game, &mut dbs, 18, None, false, |_| {})?; // every board of Kalah(3,3)
//! let mut player = Perfect::new(&game, &dbs, None, Box::new(RandomPlayer::new(0)))?;
//! let start = Kalah::start_with(rules, 3, Player::South)?;
//! let report = player.search(&Line::new(start));
//! // docs/solving.md: Kalah(3,3) is won by 2 by the first player.
//! assert_eq!(player.last(), Some(&Choice::Proven { value: 2 }));
//! assert!(report.best.is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use mancala_core::Position;
use mancala_core::record::{MoveOf, Record};
use mancala_search::score::SEED;
use mancala_search::{Engine, Report};

use crate::db::Databases;
use crate::error::SolveError;
use crate::game::Acyclic;
use crate::search::{Limits, Prover, Shared, available_memory, boards_above, table_bits};

/// The largest table [`Perfect`] takes by default: 2^25 buckets, 1 GiB.
pub const DEFAULT_TABLE_BITS: u32 = 25;

/// How [`Perfect`] chose its last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// A move proven to keep the position's value: `value` is the final margin (the
    /// mover's total minus the opponent's, the stores included) the mover forces.
    Proven {
        /// The proven final margin of the side to move.
        value: i32,
    },
    /// No proof in time (or none possible): the fallback engine's move; `why` says
    /// what the proof reached.
    Unproven {
        /// Why, for a person: the limit and the bounds reached.
        why: String,
    },
}

impl fmt::Display for Choice {
    /// `proven: final margin +8 for the mover`, or `not proven: <why>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::Proven { value } => write!(f, "proven: final margin {value:+} for the mover"),
            Choice::Unproven { why } => write!(f, "not proven: {why}"),
        }
    }
}

/// A player of `R` (a record of the positions of `G`) that plays proven moves (see
/// the module's page).
pub struct Perfect<'a, G: Acyclic, R: Record> {
    game: Shared<'a, G>,
    dbs: Shared<'a, Databases>,
    /// Made at the first search, so that a player never asked to move takes no table.
    prover: Option<Prover<'a, G>>,
    table_bits: u32,
    time: Option<Duration>,
    fallback: Box<dyn Engine<R> + Send + 'a>,
    last: Option<Choice>,
    proven: u64,
    unproven: u64,
}

impl<G: Acyclic, R: Record> fmt::Debug for Perfect<'_, G, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Perfect")
            .field("time", &self.time)
            .field("table_bits", &self.table_bits)
            .field("last", &self.last)
            .field("proven", &self.proven)
            .field("unproven", &self.unproven)
            .finish_non_exhaustive()
    }
}

impl<'a, G: Acyclic, R: Record<Position = G::Pos>> Perfect<'a, G, R> {
    /// The player of `game` over `dbs`, proving each move within `time` (`None`: no
    /// limit), playing `fallback`'s move when a proof does not finish in time. Its
    /// table is sized by the boards above the databases and the memory available
    /// ([`table_bits`]), at most [`DEFAULT_TABLE_BITS`].
    ///
    /// # Errors
    /// [`SolveError::Foreign`] if `dbs` are of another game or rule set.
    pub fn new(
        game: &'a G,
        dbs: &'a Databases,
        time: Option<Duration>,
        fallback: Box<dyn Engine<R> + Send + 'a>,
    ) -> Result<Self, SolveError> {
        Perfect::with(
            Shared::Borrowed(game),
            Shared::Borrowed(dbs),
            time,
            fallback,
        )
    }

    /// The player of [`Perfect::new`] over `game` and `dbs` shared with others, so that
    /// it borrows nothing (the runtime keeps one in an engine).
    ///
    /// # Errors
    /// As [`Perfect::new`].
    pub fn shared(
        game: Arc<G>,
        dbs: Arc<Databases>,
        time: Option<Duration>,
        fallback: Box<dyn Engine<R> + Send>,
    ) -> Result<Perfect<'static, G, R>, SolveError>
    where
        G: 'static,
    {
        Perfect::with(Shared::Arc(game), Shared::Arc(dbs), time, fallback)
    }

    fn with(
        game: Shared<'a, G>,
        dbs: Shared<'a, Databases>,
        time: Option<Duration>,
        fallback: Box<dyn Engine<R> + Send + 'a>,
    ) -> Result<Self, SolveError> {
        dbs.expect_game(&*game)?;
        Ok(Perfect {
            game,
            dbs,
            prover: None,
            table_bits: DEFAULT_TABLE_BITS,
            time,
            fallback,
            last: None,
            proven: 0,
            unproven: 0,
        })
    }

    /// Sets the largest table: `2^bits` buckets of 32 bytes (before the first search).
    pub fn set_table_bits(&mut self, bits: u32) {
        self.table_bits = bits;
    }

    /// How the last move was chosen; `None` before the first, or when the game was
    /// over.
    #[must_use]
    pub fn last(&self) -> Option<&Choice> {
        self.last.as_ref()
    }

    /// Moves chosen with a proof, and without one (the fallback's), so far.
    #[must_use]
    pub fn counts(&self) -> (u64, u64) {
        (self.proven, self.unproven)
    }

    /// The proven value of `pos` and a move that keeps it, or why not.
    fn prove(&mut self, pos: &G::Pos) -> Result<(i32, <G::Pos as Position>::Move, u64), String> {
        let prover = match &mut self.prover {
            Some(p) => p,
            slot => {
                let mut board = [0u8; crate::rank::MAX_PITS];
                let p = (2 * self.game.pits_per_side()).min(crate::rank::MAX_PITS);
                self.game.view(pos, &mut board[..p]);
                let seeds: u32 = board.iter().map(|&x| u32::from(x)).sum();
                let bits = table_bits(boards_above(p, self.dbs.len(), seeds), available_memory())
                    .min(self.table_bits);
                slot.insert(
                    Prover::with(self.game.clone(), self.dbs.clone(), bits)
                        .map_err(|e| e.to_string())?,
                )
            }
        };
        let limits = self.time.map_or(Limits::none(), Limits::time);
        let proof = prover.prove(pos, &limits).map_err(|e| e.to_string())?;
        match (proof.value(), proof.best) {
            (Some(v), Some(m)) => Ok((v, m, proof.nodes)),
            _ => Err(format!(
                "{} after {} nodes, the final margin between {:+} and {:+}",
                match self.time {
                    Some(t) if proof.stopped => format!("stopped at {} ms", t.as_millis()),
                    _ => "no proven move".to_string(),
                },
                proof.nodes,
                proof.lower,
                proof.upper
            )),
        }
    }
}

impl<G: Acyclic, R: Record<Position = G::Pos>> Engine<R> for Perfect<'_, G, R> {
    /// `solver:<ms>ms`, or `solver` without a time limit.
    fn name(&self) -> String {
        match self.time {
            Some(t) => format!("solver:{}ms", t.as_millis()),
            None => "solver".to_string(),
        }
    }

    fn search(&mut self, game: &R) -> Report<MoveOf<R>> {
        let start = Instant::now();
        if game.is_finished() || game.legal_moves().is_empty() {
            self.last = None;
            return Report::bare(None);
        }
        match self.prove(game.position()) {
            Ok((value, best, nodes)) => {
                self.proven += 1;
                self.last = Some(Choice::Proven { value });
                Report {
                    best: Some(best),
                    score: value * SEED,
                    pv: vec![best],
                    nodes,
                    depth: 0,
                    win_rate: None,
                    elapsed: start.elapsed(),
                }
            }
            Err(why) => {
                self.unproven += 1;
                self.last = Some(Choice::Unproven {
                    why: format!("{why}; {}'s move", self.fallback.name()),
                });
                let mut r = self.fallback.search(game);
                r.elapsed = start.elapsed();
                r
            }
        }
    }
}

/// A player that proves its moves ([`Perfect`]), as an object: the runtime keeps one
/// behind `dyn` and asks it how it chose its last move.
pub trait Proving<R: Record>: Engine<R> {
    /// How the last move was chosen ([`Perfect::last`]).
    fn last(&self) -> Option<&Choice>;
}

impl<G: Acyclic, R: Record<Position = G::Pos>> Proving<R> for Perfect<'_, G, R> {
    fn last(&self) -> Option<&Choice> {
        Perfect::last(self)
    }
}
