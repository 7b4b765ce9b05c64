//! A solving plan: which databases a position needs and how far to build them, the
//! re-check, whether and how long to search for the position's value, and how large
//! the search's table is. What the `solve` example does, as a library.
//!
//! ```
//! use mancala_solve::build::BuildOptions;
//! use mancala_solve::kalah::{Kalah, KalahGame, Rules};
//! use mancala_solve::plan::{Plan, Verdict};
//! use mancala_solve::search::{Limits, Prover};
//! use mancala_solve::Position;
//! let game = KalahGame::new(Rules::with_pits(2));
//! let start = Kalah::start_with(Rules::with_pits(2), 2, kalah::Player::South)?;
//! let plan = Plan::new(&game, &start, None)?.check(true); // 8 seeds on 4 pits: every board
//! let (dbs, built) = plan.build(&game, BuildOptions::new(), |_| {})?;
//! assert_eq!(built.len(), 9);
//! assert!(plan.verify(&game, &dbs)?.iter().all(|r| r.wrong == 0));
//! assert!(plan.in_databases(&dbs) && plan.wants_proof(&dbs, false));
//! let limits = plan.limits(Limits::none()).0;
//! let mut prover = Prover::new(&game, &dbs, plan.table_bits(&dbs, None, None, &limits))?;
//! let proof = prover.prove(&start, &limits)?;
//! // The proof of a position the databases hold is their value.
//! let v = i32::from(dbs.value(&[2, 2, 2, 2]).unwrap());
//! assert_eq!(proof.value(), Some(v));
//! let verdict = Verdict::of(&proof, start.side_to_move()).to_string();
//! assert!(verdict.starts_with(&format!("value: {v:+} for South (the side to move)")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use std::time::Duration;

use mancala_core::{Player, Position};

use crate::build::{BuildOptions, Built, CheckReport, check_table};
use crate::db::Databases;
use crate::error::SolveError;
use crate::file::Endless;
use crate::game::{Cyclic, Solvable};
use crate::history::HistoryProver;
use crate::rank::MAX_PITS;
use crate::search::{Limits, Proof, boards_above, table_bits};

/// The databases a position of a game needs, and how its value is searched for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    name: &'static str,
    /// Pits on the board (both rows).
    pits: usize,
    cycles: bool,
    on_board: u32,
    max_seeds: u32,
    check: bool,
    endless: Endless,
}

impl Plan {
    /// The most seeds of the databases of a game with cycles this solver builds (Urim
    /// 2×6's of 28 seeds, replayed children, fit 24 GiB).
    pub const MAX_CYCLIC_SEEDS: u32 = 28;

    /// How long the proof search of a position of a game with cycles runs when no limit
    /// is given (the start of Urim or Oware is far beyond what it proves).
    pub const CYCLIC_TIME: Duration = Duration::from_secs(60);

    /// The plan for `pos` of `game`: the databases of 0 to `max_seeds` seeds
    /// ([`default_max_seeds`](Plan::default_max_seeds) if `None`), never more than
    /// the seeds on the board of `pos`; re-checked after the build if the game has
    /// cycles ([`check`](Plan::check) says otherwise).
    ///
    /// # Errors
    /// [`SolveError::TooManySeeds`] above [`MAX_CYCLIC_SEEDS`](Plan::MAX_CYCLIC_SEEDS)
    /// for a game with cycles.
    pub fn new<G: Solvable>(
        game: &G,
        pos: &G::Pos,
        max_seeds: Option<u32>,
    ) -> Result<Plan, SolveError> {
        let pits = 2 * game.pits_per_side();
        let mut board = [0u8; MAX_PITS];
        game.view(pos, &mut board[..pits.min(MAX_PITS)]);
        let on_board = board.iter().map(|&x| u32::from(x)).sum();
        let max_seeds = max_seeds
            .unwrap_or_else(|| Plan::default_max_seeds(game, on_board))
            .min(on_board);
        if game.cycles() && max_seeds > Plan::MAX_CYCLIC_SEEDS {
            return Err(SolveError::TooManySeeds {
                game: game.name(),
                seeds: max_seeds,
                max: Plan::MAX_CYCLIC_SEEDS,
            });
        }
        Ok(Plan {
            name: game.name(),
            pits,
            cycles: game.cycles(),
            on_board,
            max_seeds,
            check: game.cycles(),
            endless: Endless::Extremes,
        })
    }

    /// How far the databases of `game` go by default, for a position of `on_board`
    /// seeds on the board: 16 seeds for a game with cycles (Urim, Oware: seconds to
    /// minutes); for a game without (Kalah) by the pits a side, as far as a few minutes
    /// of two cores and a few GiB go: 20 seeds for 6 pits, 22 for 5, 24 for 4, and every
    /// board (`on_board`) for fewer.
    ///
    /// ```
    /// use mancala_solve::{kalah::{KalahGame, Rules}, plan::Plan, urim::UrimGame};
    /// assert_eq!(Plan::default_max_seeds(&UrimGame::<6>::new(), 36), 16);
    /// assert_eq!(Plan::default_max_seeds(&KalahGame::new(Rules::with_pits(6)), 48), 20);
    /// assert_eq!(Plan::default_max_seeds(&KalahGame::new(Rules::with_pits(3)), 18), 18);
    /// ```
    #[must_use]
    pub fn default_max_seeds<G: Solvable>(game: &G, on_board: u32) -> u32 {
        if game.cycles() {
            return 16;
        }
        match game.pits_per_side() {
            0..=3 => on_board,
            4 => 24,
            5 => 22,
            _ => 20,
        }
    }

    /// The plan with the re-check of every database after the build on or off.
    #[must_use]
    pub fn check(self, check: bool) -> Plan {
        Plan { check, ..self }
    }

    /// The plan with its databases' bounds valuing endless play as `endless` says
    /// ([`Endless::Rows`]: tighter, for Urim and Oware; the files named and marked so,
    /// [`Databases::path`](crate::db::Databases::path)).
    #[must_use]
    pub fn endless(self, endless: Endless) -> Plan {
        Plan { endless, ..self }
    }

    /// Whether the databases are re-checked after the build.
    #[must_use]
    pub fn checks(&self) -> bool {
        self.check
    }

    /// The databases: 0 to this many seeds.
    #[must_use]
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// The seeds on the board of the position.
    #[must_use]
    pub fn on_board(&self) -> u32 {
        self.on_board
    }

    /// Builds the databases of `game` the plan needs, each read back from its file if
    /// `options` name a folder and it is there ([`BuildOptions::build`]; the plan sets
    /// how far). Calls `each` after each seed count.
    ///
    /// # Errors
    /// Those of [`BuildOptions::build`].
    pub fn build<G: Solvable>(
        &self,
        game: &G,
        options: BuildOptions<'_>,
        each: impl FnMut(&Built),
    ) -> Result<(Databases, Vec<Built>), SolveError> {
        let mut dbs = Databases::with_endless(game, self.max_seeds, self.endless)?;
        let built = options
            .max_seeds(self.max_seeds)
            .build(game, &mut dbs, each)?;
        Ok((dbs, built))
    }

    /// [`build`](Plan::build) with the files mapped ([`BuildOptions::build_mapped`]).
    ///
    /// # Safety
    /// As [`BuildOptions::build_mapped`]: no file in the folder may change while the
    /// databases returned live.
    ///
    /// # Errors
    /// Those of [`BuildOptions::build`].
    #[allow(unsafe_code)]
    pub unsafe fn build_mapped<G: Solvable>(
        &self,
        game: &G,
        options: BuildOptions<'_>,
        each: impl FnMut(&Built),
    ) -> Result<(Databases, Vec<Built>), SolveError> {
        let mut dbs = Databases::with_endless(game, self.max_seeds, self.endless)?;
        let options = options.max_seeds(self.max_seeds);
        // SAFETY: the caller's promise, passed on.
        let built = unsafe { options.build_mapped(game, &mut dbs, each) }?;
        Ok((dbs, built))
    }

    /// Re-checks every database in `dbs` ([`check_table`]) if the plan checks: the
    /// reports by seed count (none if it does not).
    ///
    /// # Errors
    /// [`SolveError::Inconsistent`] for the first database with a value that is not
    /// what its children give; those of [`check_table`].
    pub fn verify<G: Solvable>(
        &self,
        game: &G,
        dbs: &Databases,
    ) -> Result<Vec<CheckReport>, SolveError> {
        if !self.check {
            return Ok(Vec::new());
        }
        (0..dbs.len())
            .map(|seeds| {
                let r = check_table(game, dbs, seeds)?;
                if r.wrong > 0 {
                    return Err(SolveError::Inconsistent {
                        seeds,
                        wrong: r.wrong,
                        boards: r.boards,
                        examples: r.examples,
                    });
                }
                Ok(r)
            })
            .collect()
    }

    /// Whether `dbs` hold the position's board (its seed count has a database): its
    /// proof is then a look-up.
    #[must_use]
    pub fn in_databases(&self, dbs: &Databases) -> bool {
        self.on_board < dbs.len()
    }

    /// Whether to search for the position's value: always for a game without cycles;
    /// for a game with cycles only when `asked` or when `dbs` hold the position
    /// ([`in_databases`](Plan::in_databases)), since a search from a position far
    /// above the databases does not finish in minutes.
    #[must_use]
    pub fn wants_proof(&self, dbs: &Databases, asked: bool) -> bool {
        !self.cycles || asked || self.in_databases(dbs)
    }

    /// The limits of the proof search: `given`, unless the game has cycles and
    /// `given` has no limit, then [`CYCLIC_TIME`](Plan::CYCLIC_TIME); and whether the
    /// plan set them.
    #[must_use]
    pub fn limits(&self, given: Limits) -> (Limits, bool) {
        if self.cycles && given.time.is_none() && given.nodes.is_none() {
            (Limits::time(Plan::CYCLIC_TIME), true)
        } else {
            (given, false)
        }
    }

    /// The table of [`HistoryProver::new`], in entries (about 48 bytes each, the map
    /// growing as it is used): `table_mib` MiB if given, else one entry per board the
    /// search can meet above `dbs` and run (two runs) or per node of the `limits`,
    /// within a quarter of `available` bytes (256 MiB if unknown), at least 1024.
    ///
    /// ```
    /// use mancala_solve::{db::Databases, plan::Plan, search::Limits, urim::{Urim6, UrimGame}};
    /// let game = UrimGame::<6>::new();
    /// let plan = Plan::new(&game, &Urim6::new(), Some(4))?;
    /// let dbs = Databases::new(&game, 4)?; // none built: the plan's seeds are what count
    /// let none = Limits::none();
    /// assert_eq!(plan.history_entries(&dbs, Some(3), None, &none), 3 * (1 << 20) / 48);
    /// assert_eq!(plan.history_entries(&dbs, None, Some(1 << 30), &none), (1 << 28) / 48);
    /// // A search of 5000 nodes meets at most 5000 boards.
    /// assert_eq!(plan.history_entries(&dbs, None, Some(1 << 30), &Limits::nodes(5000)), 5000);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn history_entries(
        &self,
        dbs: &Databases,
        table_mib: Option<u64>,
        available: Option<u64>,
        limits: &Limits,
    ) -> usize {
        const ENTRY: u64 = 48;
        let entries = match table_mib {
            Some(mb) => mb.max(1).saturating_mul(1 << 20) / ENTRY,
            None => {
                let boards = boards_above(self.pits, dbs.len(), self.on_board)
                    .saturating_mul(2)
                    .min(limits.nodes.unwrap_or(u64::MAX));
                let budget = available.map_or(256 << 20, |a| a / 4);
                boards.min(budget / ENTRY).max(1024)
            }
        };
        usize::try_from(entries).unwrap_or(usize::MAX)
    }

    /// The table of [`Prover::new`](crate::search::Prover::new), as its `table_bits`
    /// (buckets of 32 bytes): `table_mib` MiB if given (rounded down to a power of
    /// two), else by the boards the search can meet above `dbs` (or the nodes of the
    /// `limits`, if fewer) and the memory `available` ([`table_bits`]).
    ///
    /// ```
    /// use mancala_solve::{db::Databases, kalah::{Kalah, KalahGame, Rules}, plan::Plan, search::Limits};
    /// let rules = Rules::with_pits(3);
    /// let game = KalahGame::new(rules);
    /// let plan = Plan::new(&game, &Kalah::start_with(rules, 3, kalah::Player::South)?, Some(10))?;
    /// let mut dbs = Databases::new(&game, 10)?;
    /// mancala_solve::build::BuildOptions::new().build(&game, &mut dbs, |_| {})?;
    /// // 126,588 boards of 11 to 18 seeds: 2^17 buckets.
    /// let none = Limits::none();
    /// assert_eq!(plan.table_bits(&dbs, None, Some(16 << 30), &none), 17);
    /// assert_eq!(plan.table_bits(&dbs, Some(2), None, &none), 16); // 2 MiB
    /// // A search of one node: the smallest table.
    /// assert_eq!(plan.table_bits(&dbs, None, Some(16 << 30), &Limits::nodes(1)), 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn table_bits(
        &self,
        dbs: &Databases,
        table_mib: Option<u64>,
        available: Option<u64>,
        limits: &Limits,
    ) -> u32 {
        match table_mib {
            Some(mb) => (mb.max(1).saturating_mul(1 << 20) / 32).max(1).ilog2(),
            None => {
                let boards = boards_above(self.pits, dbs.len(), self.on_board);
                table_bits(boards.min(limits.nodes.unwrap_or(u64::MAX)), available)
            }
        }
    }
}

/// The line of the strategy behind a lower bound proven with the lines cut
/// ([`prove_history`] with `by_depth`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<P: Position> {
    /// The moves of the line, the side to move's and the replies that hold the bound
    /// lowest.
    pub moves: Vec<P::Move>,
    /// The cut at which the bound was proven, in moves.
    pub depth: usize,
    /// The position after the line.
    pub end: P,
}

/// `its line (proven with lines cut at 5 moves; …): a b c` and, on the next line,
/// `  after it: <position>`.
impl<P: Position> fmt::Display for Line<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "its line (proven with lines cut at {} moves; each reply the one that holds the \
             bound lowest): ",
            self.depth
        )?;
        for (i, m) in self.moves.iter().enumerate() {
            let space = if i == 0 { "" } else { " " };
            write!(f, "{space}{m}")?;
        }
        write!(f, "\n  after it: {}", self.end)
    }
}

/// What [`prove_history`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryProof<P: Position> {
    /// The bounds or the value, and a move that reaches the lower bound.
    pub proof: Proof<P::Move>,
    /// With the lines cut (`by_depth`) and the value not proven: the line of the lower
    /// bound's strategy, if the stage that proved it is known.
    pub line: Option<Line<P>>,
}

/// The proof search with history of `start` (a position taken as its whole history)
/// with `prover`, in one of its two modes: the stretches without capture deepened to
/// the prover's longest ([`HistoryProver::prove_deepening`]), or with `by_depth`, the
/// whole line cut at 1, 2, … `by_depth` moves ([`HistoryProver::prove_by_depth`]), the
/// lower bound's line then found. `each(lower, upper, nodes, depth)` is called as
/// bounds are proven (`depth` the cut, with `by_depth`).
///
/// # Errors
/// Those of the prover; [`SolveError::IllegalLine`] if a move of the line is not
/// legal where it is played.
pub fn prove_history<G: Cyclic>(
    prover: &mut HistoryProver<'_, G>,
    start: &G::Pos,
    limits: &Limits,
    by_depth: Option<usize>,
    mut each: impl FnMut(i32, i32, u64, Option<usize>),
) -> Result<HistoryProof<G::Pos>, SolveError> {
    // The cut at which the lower bound was last raised (its strategy's line).
    let mut lower_at: Option<(i32, usize)> = None;
    let proof = match by_depth {
        Some(last) => prover.prove_by_depth(start, limits, (1, 1, last), |l, u, nodes, d| {
            if lower_at.is_none_or(|(lower, _)| l > lower) {
                lower_at = Some((l, d));
            }
            each(l, u, nodes, Some(d));
        })?,
        None => prover.prove_deepening(start, limits, |l, u, nodes| each(l, u, nodes, None))?,
    };
    let mut line = None;
    if proof.value().is_none()
        && proof.best.is_some()
        && let Some((lower, depth)) = lower_at.filter(|&(l, _)| l == proof.lower)
    {
        let moves = prover.line(start, lower, depth)?;
        let mut end = start.clone();
        for (ply, &m) in moves.iter().enumerate() {
            end.play(m)
                .map_err(|_| SolveError::IllegalLine { ply: ply + 1 })?;
        }
        line = Some(Line { moves, depth, end });
    }
    Ok(HistoryProof { proof, line })
}

/// A proof's outcome for the side to move, in words: its value, or the bounds reached.
///
/// ```
/// use mancala_solve::{Player, plan::Verdict, search::Proof};
/// let proof = |lower, upper, stopped| Proof::<u8> {
///     lower, upper, best: None, nodes: 0, searches: 0, stopped, estimate: None,
/// };
/// let north = |p: &Proof<u8>| Verdict::of(p, Player::North).to_string();
/// assert_eq!(north(&proof(3, 3, false)), "value: +3 for North (the side to move): North wins by 3");
/// assert_eq!(north(&proof(-2, -2, false)), "value: -2 for North (the side to move): North loses by 2");
/// assert_eq!(
///     north(&proof(-1, 5, true)),
///     "not proven (stopped at the limit): the value for North is between -1 and 5"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The side to move.
    pub mover: Player,
    /// The lower bound on its final margin.
    pub lower: i32,
    /// The upper bound.
    pub upper: i32,
    /// Whether the search stopped at a limit.
    pub stopped: bool,
}

impl Verdict {
    /// The verdict of `proof` for `mover`, the side to move of its position.
    #[must_use]
    pub fn of<M>(proof: &Proof<M>, mover: Player) -> Verdict {
        Verdict {
            mover,
            lower: proof.lower,
            upper: proof.upper,
            stopped: proof.stopped,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mover = self.mover;
        if self.lower != self.upper {
            let stopped = if self.stopped {
                " (stopped at the limit)"
            } else {
                ""
            };
            return write!(
                f,
                "not proven{stopped}: the value for {mover:?} is between {} and {}",
                self.lower, self.upper
            );
        }
        let v = self.lower;
        write!(f, "value: {v:+} for {mover:?} (the side to move)")?;
        match v.signum() {
            1 => write!(f, ": {mover:?} wins by {v}"),
            -1 => write!(f, ": {mover:?} loses by {}", -v),
            _ => f.write_str(": a draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kalah::{Kalah, KalahGame, Rules};
    use crate::oware::{Oware, OwareGame};
    use crate::urim::{Urim, UrimGame};

    #[test]
    fn the_databases_stop_at_the_seeds_on_the_board() {
        let rules = Rules::with_pits(6);
        let game = KalahGame::new(rules);
        let start = Kalah::start_with(rules, 4, Player::South).unwrap();
        let plan = Plan::new(&game, &start, None).unwrap();
        assert_eq!((plan.on_board(), plan.max_seeds()), (48, 20));
        assert!(!plan.checks());
        // A position with 5 seeds on the board (the rest in the stores).
        let five: Oware = "0,0,0,0,2,1/1,0,0,0,1,0 22-21 S".parse().unwrap();
        let plan = Plan::new(&OwareGame::new(), &five, Some(12)).unwrap();
        assert_eq!((plan.on_board(), plan.max_seeds()), (5, 5));
        assert!(plan.checks() && !plan.check(false).checks());
    }

    #[test]
    fn a_game_with_cycles_is_refused_past_its_limit_by_name() {
        let game = UrimGame::<6>::new();
        let start = Urim::<6>::new();
        assert_eq!(Plan::new(&game, &start, Some(28)).unwrap().max_seeds(), 28);
        let e = Plan::new(&game, &start, Some(29)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "this solver builds Urim databases of up to 28 seeds"
        );
        // Kalah has no such limit.
        let rules = Rules::with_pits(6);
        let kalah = Kalah::start_with(rules, 4, Player::South).unwrap();
        assert!(Plan::new(&KalahGame::new(rules), &kalah, Some(30)).is_ok());
    }

    #[test]
    fn a_proof_is_searched_when_asked_or_held() {
        let game = UrimGame::<6>::new();
        let start = Urim::<6>::new(); // 36 seeds on the board
        let plan = Plan::new(&game, &start, Some(3)).unwrap();
        let (dbs, _) = plan.build(&game, BuildOptions::new(), |_| {}).unwrap();
        assert!(!plan.in_databases(&dbs));
        assert!(!plan.wants_proof(&dbs, false) && plan.wants_proof(&dbs, true));
        let held: Urim<6> = "0,0,1,0,0,0/0,1,0,0,0,0 20-14 S".parse().unwrap();
        let plan = Plan::new(&game, &held, Some(3)).unwrap();
        assert!(plan.in_databases(&dbs) && plan.wants_proof(&dbs, false));
        // Kalah's is always searched; the limits are the caller's.
        let rules = Rules::with_pits(2);
        let kalah = KalahGame::new(rules);
        let start = Kalah::start_with(rules, 3, Player::South).unwrap();
        let plan = Plan::new(&kalah, &start, Some(2)).unwrap();
        let (dbs, _) = plan.build(&kalah, BuildOptions::new(), |_| {}).unwrap();
        assert!(plan.wants_proof(&dbs, false));
        assert_eq!(plan.limits(Limits::none()), (Limits::none(), false));
    }

    #[test]
    fn a_line_is_written_as_solve_wrote_it() {
        let m = |i| urim::Move::from_u8(i).unwrap();
        let end = Urim::<6>::new();
        let line = Line {
            moves: vec![m(0), m(5)],
            depth: 7,
            end,
        };
        assert_eq!(
            line.to_string(),
            format!(
                "its line (proven with lines cut at 7 moves; each reply the one that holds \
                 the bound lowest): a f\n  after it: {end}"
            )
        );
    }

    #[test]
    fn a_game_with_cycles_is_searched_for_a_minute_unless_told() {
        let plan = Plan::new(&UrimGame::<6>::new(), &Urim::<6>::new(), Some(2)).unwrap();
        assert_eq!(
            plan.limits(Limits::none()),
            (Limits::time(Duration::from_secs(60)), true)
        );
        let nodes = Limits::nodes(1000);
        assert_eq!(plan.limits(nodes), (nodes, false));
    }

    #[test]
    fn the_check_names_the_first_wrong_database() {
        let game = KalahGame::new(Rules::with_pits(2));
        let start = Kalah::start_with(Rules::with_pits(2), 2, Player::South).unwrap();
        let plan = Plan::new(&game, &start, Some(5)).unwrap();
        let (mut dbs, _) = plan.build(&game, BuildOptions::new(), |_| {}).unwrap();
        // Not checked unless asked.
        assert!(plan.verify(&game, &dbs).unwrap().is_empty());
        let plan = plan.check(true);
        let reports = plan.verify(&game, &dbs).unwrap();
        assert_eq!(reports.len(), 6);
        assert_eq!(reports[4].boards, 35); // C(4 + 3, 3)
        // A value of the 4-seed database planted 3 off.
        let v = dbs.memory_mut(4).unwrap();
        let rank = v.len() - 1;
        v[rank] = v[rank].wrapping_add(3);
        match plan.verify(&game, &dbs) {
            Err(SolveError::Inconsistent {
                seeds: 4, wrong, ..
            }) => assert!(wrong >= 1),
            other => panic!("{other:?}"),
        }
    }
}
