//! Engines named by a short text, for command lines and front ends: one typed
//! [`EngineSpec`] that reads ([`FromStr`]) and writes ([`fmt::Display`]) the grammar
//! [`EngineSpec::GRAMMAR`]:
//!
//! - `random`, `greedy`;
//! - `alphabeta[:<depth>|:<ms>ms|:<nodes>n][:nocut][:<threads>t]`;
//! - `mcts[:<playouts>|:<ms>ms][:<threads>t]`;
//! - `solver[:<ms>ms]`: Kalah's moves proven from the endgame databases, which the
//!   runtime (`mancala-runtime`) builds where the databases are; [`EngineSpec::build`]
//!   refuses it.
//!
//! `:nocut` turns off the cuts of alpha-beta's table
//! ([`AlphaBetaOptions::table_cuts`]), kept to measure against
//! (`alphabeta:50ms:nocut`).
//!
//! `:<threads>t` searches with that many threads ([`AlphaBeta::with_threads`],
//! [`Mcts::with_threads`]): `alphabeta:1000ms:2t`, `mcts:20000:2t`. Only
//! [`EngineSpec::build_threaded`] builds such an engine (its record, moves and
//! evaluator must be able to go to other threads); [`EngineSpec::build`] refuses it.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
//! use mancala::search::spec::{EngineSpec, Limit};
//! let spec: EngineSpec = "alphabeta:500ms:2t".parse()?;
//! assert_eq!(spec, EngineSpec::AlphaBeta { limit: Limit::Millis(500), table_cuts: true, threads: 2 });
//! assert_eq!(spec.threads(), 2);
//! // Written as the engine names itself: the default limit made explicit.
//! assert_eq!("alphabeta".parse::<EngineSpec>()?.to_string(), "alphabeta:8");
//! assert_eq!("solver".parse::<EngineSpec>()?.to_string(), "solver:10000ms");
//! let e = "alphabeta:deep".parse::<EngineSpec>().unwrap_err();
//! assert!(e.to_string().starts_with("engine \"alphabeta:deep\": \"deep\" is not a limit; engines are random, greedy, alphabeta"));
//! # Ok::<(), mancala::search::spec::SpecError>(())
//! ```

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

use mancala_core::record::{MoveOf, Record};

use crate::engine::{Engine, Limits, Report};
use crate::eval::Evaluator;
use crate::{AlphaBeta, AlphaBetaOptions, Greedy, Mcts, MctsOptions, RandomPlayer, Utility};

/// The depth of `alphabeta` without a limit.
pub const DEFAULT_DEPTH: u32 = 8;
/// The playouts of `mcts` without a limit.
pub const DEFAULT_PLAYOUTS: u64 = 10_000;
/// The time a proof of `solver` may take without `:<ms>ms`.
pub const SOLVER_DEFAULT_MS: u64 = 10_000;
/// The deepest `alphabeta:<depth>` (a larger depth is read as this one).
pub const MAX_DEPTH: u32 = 120;
/// The most threads a spec may ask for.
pub const MAX_THREADS: u8 = 64;

/// A search's limit, as a spec writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// Alpha-beta's depth in plies (`alphabeta:8`).
    Depth(u32),
    /// Milliseconds (`:500ms`).
    Millis(u64),
    /// Alpha-beta's nodes (`alphabeta:20000n`), or MCTS's playouts (`mcts:1000`).
    Nodes(u64),
}

/// An engine and its options, as a spec names it (see the module).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EngineSpec {
    /// `random`: a uniformly random legal move.
    Random,
    /// `greedy`: the move with the best evaluation one ply ahead.
    Greedy,
    /// `alphabeta[:<depth>|:<ms>ms|:<nodes>n][:nocut][:<threads>t]`.
    AlphaBeta {
        /// The depth, time or nodes.
        limit: Limit,
        /// Whether the table's bounds cut (`:nocut` turns them off).
        table_cuts: bool,
        /// Threads searching (1 to [`MAX_THREADS`]).
        threads: u8,
    },
    /// `mcts[:<playouts>|:<ms>ms][:<threads>t]`.
    Mcts {
        /// The playouts ([`Limit::Nodes`]) or the time.
        limit: Limit,
        /// Threads searching (1 to [`MAX_THREADS`]).
        threads: u8,
    },
    /// `solver[:<ms>ms]`: Kalah's moves proven from the endgame databases, each proof
    /// given `millis` milliseconds (the runtime builds it).
    Solver {
        /// The time a proof may take.
        millis: u64,
    },
}

/// What is wrong with a spec.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SpecErrorKind {
    /// No engine of that name.
    UnknownEngine,
    /// A limit given to `random` or `greedy`.
    NoLimit,
    /// A limit that is not a number with its unit.
    BadLimit(String),
    /// A limit of 0.
    ZeroLimit,
    /// A limit of a unit the engine does not take.
    LimitUnit,
    /// `:<n>t` with other than 1 to [`MAX_THREADS`] threads.
    Threads(String),
    /// Threads asked of an engine that searches with one.
    NoThreads,
    /// `:nocut` for an engine without a table.
    NoCut,
    /// Threads where the engine is built for one ([`EngineSpec::build`]).
    ThreadsUnavailable,
    /// `solver` given to [`EngineSpec::build`]: the runtime builds it.
    Solver,
}

/// A spec that cannot be read, or an engine that cannot be built here: the spec as
/// given and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    /// The spec as given.
    pub spec: String,
    /// What is wrong.
    pub kind: SpecErrorKind,
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "engine {:?}: ", self.spec)?;
        let grammar = match &self.kind {
            SpecErrorKind::UnknownEngine => {
                f.write_str("unknown engine")?;
                true
            }
            SpecErrorKind::NoLimit => {
                f.write_str("this engine takes no limit")?;
                true
            }
            SpecErrorKind::BadLimit(text) => {
                write!(f, "{text:?} is not a limit")?;
                true
            }
            SpecErrorKind::ZeroLimit => {
                f.write_str("the limit must be positive")?;
                true
            }
            SpecErrorKind::LimitUnit => {
                f.write_str(if self.spec.starts_with("mcts") {
                    "the limit is a number of playouts or <ms>ms"
                } else if self.spec.starts_with("solver") {
                    "the solver takes one option, its time a move (solver:<ms>ms)"
                } else {
                    "the limit is a depth, <ms>ms or <nodes>n"
                })?;
                true
            }
            SpecErrorKind::Threads(text) => {
                write!(f, "{text:?}: threads are 1 to {MAX_THREADS}")?;
                true
            }
            SpecErrorKind::NoThreads => {
                f.write_str("only alphabeta and mcts search with threads")?;
                true
            }
            SpecErrorKind::NoCut => {
                f.write_str("only alphabeta has a table to cut with")?;
                true
            }
            SpecErrorKind::ThreadsUnavailable => {
                f.write_str("threads (:<n>t) are not available here; search with one")?;
                false
            }
            SpecErrorKind::Solver => {
                f.write_str("the solver plays from the endgame databases: the runtime builds it")?;
                false
            }
        };
        if grammar {
            write!(f, "; engines are {}", EngineSpec::GRAMMAR)?;
        }
        Ok(())
    }
}

impl std::error::Error for SpecError {}

impl EngineSpec {
    /// The grammar of the specs, for help texts and messages.
    pub const GRAMMAR: &'static str = "random, greedy, \
alphabeta[:<depth>|:<ms>ms|:<nodes>n][:nocut][:<threads>t], \
mcts[:<playouts>|:<ms>ms][:<threads>t], solver[:<ms>ms]";

    /// The threads it searches with (1 for the engines without threads).
    #[must_use]
    pub const fn threads(&self) -> u8 {
        match *self {
            EngineSpec::AlphaBeta { threads, .. } | EngineSpec::Mcts { threads, .. } => threads,
            _ => 1,
        }
    }

    /// Whether it is the solver (`solver[:<ms>ms]`), which the runtime builds.
    #[must_use]
    pub const fn is_solver(&self) -> bool {
        matches!(self, EngineSpec::Solver { .. })
    }

    /// Builds the engine with the evaluator `eval`, its random choices drawn from
    /// `seed`, searching on one thread.
    ///
    /// # Errors
    /// [`SpecErrorKind::ThreadsUnavailable`] for a spec with threads,
    /// [`SpecErrorKind::Solver`] for the solver.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
    /// use mancala::{record::{Line, Record}, toy::Countdown};
    /// use mancala::search::{Engine, eval::Static, spec::EngineSpec};
    /// type Game = Line<Countdown>;
    /// let spec: EngineSpec = "alphabeta:6".parse()?;
    /// let mut e = spec.build::<Game, _>(Static, 0)?;
    /// assert_eq!(e.name(), "alphabeta:6");
    /// assert_eq!(e.choose(&Game::new(Countdown::new(4))).unwrap().0, 1);
    /// assert!("alphabeta:6:2t".parse::<EngineSpec>()?.build::<Game, _>(Static, 0).is_err());
    /// # Ok::<(), mancala::search::spec::SpecError>(())
    /// ```
    pub fn build<R: Record, E: Evaluator<R::Position>>(
        &self,
        eval: E,
        seed: u64,
    ) -> Result<AnyEngine<R, E>, SpecError> {
        if self.threads() > 1 {
            return Err(self.error(SpecErrorKind::ThreadsUnavailable));
        }
        self.build_with(
            eval,
            seed,
            |eval, limits, options, _| AlphaBeta::with_evaluator(eval, limits, options),
            |eval, limits, options, _| Mcts::with_evaluator(eval, limits, options),
        )
    }

    /// Like [`EngineSpec::build`], and `:<threads>t` searches with that many threads
    /// ([`AlphaBeta::with_threads`], [`Mcts::with_threads`]).
    ///
    /// # Errors
    /// [`SpecErrorKind::Solver`] for the solver.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
    /// use mancala::{record::{Line, Record}, toy::Countdown};
    /// use mancala::search::{Engine, eval::Static, spec::EngineSpec};
    /// type Game = Line<Countdown>;
    /// let mut e = "alphabeta:6:2t".parse::<EngineSpec>()?.build_threaded::<Game, _>(Static, 0)?;
    /// assert_eq!(e.name(), "alphabeta:6:2t");
    /// assert_eq!(e.choose(&Game::new(Countdown::new(4))).unwrap().0, 1);
    /// assert_eq!("mcts:2t".parse::<EngineSpec>()?.build_threaded::<Game, _>(Static, 0)?.name(), "mcts:10000:2t");
    /// # Ok::<(), mancala::search::spec::SpecError>(())
    /// ```
    pub fn build_threaded<R, E>(&self, eval: E, seed: u64) -> Result<AnyEngine<R, E>, SpecError>
    where
        R: Record + Send + Sync,
        MoveOf<R>: Send + Sync,
        E: Evaluator<R::Position> + Clone + Send + Sync,
    {
        self.build_with(eval, seed, AlphaBeta::with_threads, Mcts::with_threads)
    }

    fn build_with<R: Record, E: Evaluator<R::Position>>(
        &self,
        eval: E,
        seed: u64,
        alpha_beta: impl FnOnce(E, Limits, AlphaBetaOptions, usize) -> AlphaBeta<R, E>,
        mcts: impl FnOnce(E, Limits, MctsOptions, usize) -> Mcts<R, E>,
    ) -> Result<AnyEngine<R, E>, SpecError> {
        Ok(match *self {
            EngineSpec::Random => AnyEngine::Random(RandomPlayer::new(seed)),
            EngineSpec::Greedy => AnyEngine::Greedy(Greedy::with_evaluator(eval, seed)),
            EngineSpec::AlphaBeta {
                limit,
                table_cuts,
                threads,
            } => {
                let limits = match limit {
                    Limit::Depth(d) => Limits::depth(d),
                    Limit::Millis(ms) => Limits::millis(ms),
                    Limit::Nodes(n) => Limits::nodes(n),
                };
                let options = AlphaBetaOptions {
                    table_cuts,
                    ..AlphaBetaOptions::default()
                };
                AnyEngine::AlphaBeta(alpha_beta(eval, limits, options, usize::from(threads)))
            }
            EngineSpec::Mcts { limit, threads } => {
                let limits = match limit {
                    Limit::Millis(ms) => Limits {
                        time: Some(Duration::from_millis(ms)),
                        ..Limits::nodes(u64::MAX)
                    },
                    // MCTS counts playouts; a depth given by hand counts as such.
                    Limit::Nodes(n) => Limits::nodes(n),
                    Limit::Depth(d) => Limits::nodes(u64::from(d)),
                };
                let options = MctsOptions {
                    seed,
                    ..MctsOptions::default()
                };
                AnyEngine::Mcts(mcts(eval, limits, options, usize::from(threads)))
            }
            EngineSpec::Solver { .. } => return Err(self.error(SpecErrorKind::Solver)),
        })
    }

    /// The error `kind` of this spec.
    fn error(&self, kind: SpecErrorKind) -> SpecError {
        SpecError {
            spec: self.to_string(),
            kind,
        }
    }
}

impl fmt::Display for EngineSpec {
    /// The spec as the engine names itself: the limit always written, `:nocut` and the
    /// threads when they are not the default (`alphabeta:8`, `mcts:500ms:2t`,
    /// `solver:10000ms`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let limit = |f: &mut fmt::Formatter<'_>, limit: Limit, nodes: &str| match limit {
            Limit::Depth(d) => write!(f, ":{d}"),
            Limit::Millis(ms) => write!(f, ":{ms}ms"),
            Limit::Nodes(n) => write!(f, ":{n}{nodes}"),
        };
        let threads = |f: &mut fmt::Formatter<'_>, threads: u8| {
            if threads > 1 {
                write!(f, ":{threads}t")
            } else {
                Ok(())
            }
        };
        match *self {
            EngineSpec::Random => f.write_str("random"),
            EngineSpec::Greedy => f.write_str("greedy"),
            EngineSpec::AlphaBeta {
                limit: l,
                table_cuts,
                threads: t,
            } => {
                f.write_str("alphabeta")?;
                limit(f, l, "n")?;
                if !table_cuts {
                    f.write_str(":nocut")?;
                }
                threads(f, t)
            }
            EngineSpec::Mcts {
                limit: l,
                threads: t,
            } => {
                f.write_str("mcts")?;
                limit(f, l, "")?;
                threads(f, t)
            }
            EngineSpec::Solver { millis } => write!(f, "solver:{millis}ms"),
        }
    }
}

impl FromStr for EngineSpec {
    type Err = SpecError;

    /// Reads a spec of [`EngineSpec::GRAMMAR`] (`ab` is `alphabeta`).
    fn from_str(spec: &str) -> Result<EngineSpec, SpecError> {
        let bad = |kind: SpecErrorKind| SpecError {
            spec: spec.to_string(),
            kind,
        };
        // A last field `<n>t` is the threads.
        let (rest, threads) = match spec.rsplit_once(':') {
            Some((rest, t))
                if t.len() > 1
                    && t.ends_with('t')
                    && t[..t.len() - 1].bytes().all(|b| b.is_ascii_digit()) =>
            {
                let n = t[..t.len() - 1]
                    .parse::<u8>()
                    .ok()
                    .filter(|n| (1..=MAX_THREADS).contains(n))
                    .ok_or_else(|| bad(SpecErrorKind::Threads(t.to_string())))?;
                (rest, Some(n))
            }
            _ => (spec, None),
        };
        // A field `nocut` before it: the table only orders moves.
        let (rest, table_cuts) = match rest.strip_suffix(":nocut") {
            Some(rest) => (rest, false),
            None => (rest, true),
        };
        let (name, limit) = match rest.split_once(':') {
            Some((n, l)) => (n, Some(l)),
            None => (rest, None),
        };
        if threads.is_some() && !matches!(name, "alphabeta" | "ab" | "mcts") {
            return Err(bad(SpecErrorKind::NoThreads));
        }
        if !table_cuts && !matches!(name, "alphabeta" | "ab") {
            return Err(bad(SpecErrorKind::NoCut));
        }
        // A limit: a positive number and its unit.
        let limit = limit
            .map(|text| {
                let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
                let unit = &text[digits.len()..];
                let n = digits
                    .parse::<u64>()
                    .map_err(|_| bad(SpecErrorKind::BadLimit(text.to_string())))?;
                if n == 0 {
                    return Err(bad(SpecErrorKind::ZeroLimit));
                }
                Ok((n, unit))
            })
            .transpose()?;
        let threads = threads.unwrap_or(1);
        match name {
            "random" | "greedy" if limit.is_some() => Err(bad(SpecErrorKind::NoLimit)),
            "random" => Ok(EngineSpec::Random),
            "greedy" => Ok(EngineSpec::Greedy),
            "alphabeta" | "ab" => {
                let limit = match limit {
                    None => Limit::Depth(DEFAULT_DEPTH),
                    Some((n, "")) => Limit::Depth(n.min(u64::from(MAX_DEPTH)) as u32),
                    Some((n, "ms")) => Limit::Millis(n),
                    Some((n, "n")) => Limit::Nodes(n),
                    Some(_) => return Err(bad(SpecErrorKind::LimitUnit)),
                };
                Ok(EngineSpec::AlphaBeta {
                    limit,
                    table_cuts,
                    threads,
                })
            }
            "mcts" => {
                let limit = match limit {
                    None => Limit::Nodes(DEFAULT_PLAYOUTS),
                    Some((n, "")) => Limit::Nodes(n),
                    Some((n, "ms")) => Limit::Millis(n),
                    Some(_) => return Err(bad(SpecErrorKind::LimitUnit)),
                };
                Ok(EngineSpec::Mcts { limit, threads })
            }
            "solver" => match limit {
                None => Ok(EngineSpec::Solver {
                    millis: SOLVER_DEFAULT_MS,
                }),
                Some((n, "ms")) => Ok(EngineSpec::Solver { millis: n }),
                Some(_) => Err(bad(SpecErrorKind::LimitUnit)),
            },
            _ => Err(bad(SpecErrorKind::UnknownEngine)),
        }
    }
}

/// Any of the engines, chosen at run time.
#[derive(Clone, Debug)]
pub enum AnyEngine<R: Record, E> {
    /// [`RandomPlayer`].
    Random(RandomPlayer),
    /// [`Greedy`].
    Greedy(Greedy<R, E>),
    /// [`AlphaBeta`].
    AlphaBeta(AlphaBeta<R, E>),
    /// [`Mcts`].
    Mcts(Mcts<R, E>),
}

impl<R: Record, E: Evaluator<R::Position>> Engine<R> for AnyEngine<R, E> {
    fn name(&self) -> String {
        match self {
            AnyEngine::Random(e) => Engine::<R>::name(e),
            AnyEngine::Greedy(e) => e.name(),
            AnyEngine::AlphaBeta(e) => e.name(),
            AnyEngine::Mcts(e) => e.name(),
        }
    }

    fn search(&mut self, game: &R) -> Report<MoveOf<R>> {
        match self {
            AnyEngine::Random(e) => e.search(game),
            AnyEngine::Greedy(e) => e.search(game),
            AnyEngine::AlphaBeta(e) => e.search(game),
            AnyEngine::Mcts(e) => e.search(game),
        }
    }
}

impl<R: Record, E: Evaluator<R::Position>> AnyEngine<R, E> {
    /// What finished games are worth to the searching engines (alpha-beta, MCTS) in
    /// their next searches: in a match, the points each player still needs. The
    /// random and greedy players ignore it.
    pub fn set_utility(&mut self, utility: Utility) {
        match self {
            AnyEngine::AlphaBeta(e) => e.set_utility(utility),
            AnyEngine::Mcts(e) => e.set_utility(utility),
            AnyEngine::Random(_) | AnyEngine::Greedy(_) => {}
        }
    }
}

/// Builds the engine named by `spec` with the evaluator `eval` and the seed `seed`, on
/// one thread: [`EngineSpec::build`] of the spec read.
///
/// # Errors
/// [`SpecError`] naming what is wrong with `spec`.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::{record::{Line, Record}, toy::Countdown};
/// use mancala::search::{Engine, eval::Static, spec::from_spec};
/// type Game = Line<Countdown>;
/// let mut e = from_spec::<Game, _>("alphabeta:6", Static, 0).unwrap();
/// assert_eq!(e.name(), "alphabeta:6");
/// assert_eq!(from_spec::<Game, _>("mcts:250ms", Static, 0).unwrap().name(), "mcts:250ms");
/// assert!(from_spec::<Game, _>("alphabeta:deep", Static, 0).is_err());
/// assert!(from_spec::<Game, _>("minimax", Static, 0).is_err());
/// // The engine whose table only orders moves.
/// assert_eq!(from_spec::<Game, _>("alphabeta:6:nocut", Static, 0).unwrap().name(), "alphabeta:6:nocut");
/// assert!(from_spec::<Game, _>("mcts:100:nocut", Static, 0).is_err());
/// ```
pub fn from_spec<R: Record, E: Evaluator<R::Position>>(
    spec: &str,
    eval: E,
    seed: u64,
) -> Result<AnyEngine<R, E>, SpecError> {
    spec.parse::<EngineSpec>()?
        .build(eval, seed)
        .map_err(|e| SpecError {
            spec: spec.to_string(),
            ..e
        })
}

/// Like [`from_spec`], and `:<threads>t` searches with that many threads:
/// [`EngineSpec::build_threaded`] of the spec read.
///
/// # Errors
/// [`SpecError`] naming what is wrong with `spec`.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::{record::{Line, Record}, toy::Countdown};
/// use mancala::search::{Engine, eval::Static, spec::{from_spec, from_spec_threaded}};
/// type Game = Line<Countdown>;
/// assert_eq!(from_spec_threaded::<Game, _>("alphabeta:6:2t", Static, 0).unwrap().name(), "alphabeta:6:2t");
/// assert!(from_spec::<Game, _>("alphabeta:6:2t", Static, 0).is_err());
/// assert!(from_spec_threaded::<Game, _>("alphabeta:6:0t", Static, 0).is_err());
/// assert!(from_spec_threaded::<Game, _>("random:2t", Static, 0).is_err());
/// ```
pub fn from_spec_threaded<R, E>(
    spec: &str,
    eval: E,
    seed: u64,
) -> Result<AnyEngine<R, E>, SpecError>
where
    R: Record + Send + Sync,
    MoveOf<R>: Send + Sync,
    E: Evaluator<R::Position> + Clone + Send + Sync,
{
    spec.parse::<EngineSpec>()?
        .build_threaded(eval, seed)
        .map_err(|e| SpecError {
            spec: spec.to_string(),
            ..e
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_print_as_they_read() {
        for text in [
            "random",
            "greedy",
            "alphabeta:8",
            "alphabeta:500ms",
            "alphabeta:20000n",
            "alphabeta:6:nocut",
            "alphabeta:50ms:nocut:2t",
            "mcts:1000",
            "mcts:250ms:4t",
            "solver:5000ms",
        ] {
            let spec: EngineSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        // The defaults and the short name, written out.
        for (text, written) in [
            ("alphabeta", "alphabeta:8"),
            ("ab:3", "alphabeta:3"),
            ("alphabeta:500", "alphabeta:120"),
            ("alphabeta:4:1t", "alphabeta:4"),
            ("mcts", "mcts:10000"),
            ("solver", "solver:10000ms"),
        ] {
            assert_eq!(text.parse::<EngineSpec>().unwrap().to_string(), written);
        }
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        for (text, kind) in [
            ("minimax", SpecErrorKind::UnknownEngine),
            ("greedy:3", SpecErrorKind::NoLimit),
            ("alphabeta:deep", SpecErrorKind::BadLimit("deep".into())),
            ("mcts:0", SpecErrorKind::ZeroLimit),
            ("mcts:5n", SpecErrorKind::LimitUnit),
            ("solver:fast", SpecErrorKind::BadLimit("fast".into())),
            ("solver:5000", SpecErrorKind::LimitUnit),
            ("alphabeta:6:0t", SpecErrorKind::Threads("0t".into())),
            ("alphabeta:6:65t", SpecErrorKind::Threads("65t".into())),
            ("random:2t", SpecErrorKind::NoThreads),
            ("mcts:100:nocut", SpecErrorKind::NoCut),
        ] {
            let e = text.parse::<EngineSpec>().unwrap_err();
            assert_eq!((e.spec.as_str(), &e.kind), (text, &kind));
        }
        let e = "solver:5000".parse::<EngineSpec>().unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "engine \"solver:5000\": the solver takes one option, its time a move (solver:<ms>ms); engines are {}",
                EngineSpec::GRAMMAR
            )
        );
    }
}
