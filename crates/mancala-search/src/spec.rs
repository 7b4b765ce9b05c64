//! Engines named by a short text, for command lines: `random`, `greedy`,
//! `alphabeta[:<depth>|:<ms>ms|:<nodes>n][:nocut][:<threads>t]`,
//! `mcts[:<playouts>|:<ms>ms][:<threads>t]`.
//!
//! `:nocut` turns off the cuts of alpha-beta's table
//! ([`AlphaBetaOptions::table_cuts`]): the engine whose table only orders moves, kept to
//! measure against (`alphabeta:50ms:nocut`).
//!
//! `:<threads>t` searches with that many threads ([`AlphaBeta::with_threads`],
//! [`Mcts::with_threads`]): `alphabeta:1000ms:2t`, `mcts:20000:2t`. Only [`from_spec_threaded`]
//! builds such an engine (its record, moves and evaluator must be able to go to other
//! threads); [`from_spec`] refuses it.

use core::fmt;
use std::time::Duration;

use mancala_core::record::{MoveOf, Record};

use crate::engine::{Engine, Limits, Report};
use crate::eval::Evaluator;
use crate::{AlphaBeta, AlphaBetaOptions, Greedy, Mcts, MctsOptions, RandomPlayer, Utility};

/// The depth of `alphabeta` without a limit.
pub const DEFAULT_DEPTH: u32 = 8;
/// The playouts of `mcts` without a limit.
pub const DEFAULT_PLAYOUTS: u64 = 10_000;

/// An engine spec that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

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

/// Builds the engine named by `spec` with the evaluator `eval` and the seed `seed`.
///
/// # Errors
/// [`SpecError`] naming what is wrong with `spec`.
///
/// ```
/// use mancala_core::{record::{Line, Record}, toy::Countdown};
/// use mancala_search::{Engine, eval::Static, spec::from_spec};
/// type Game = Line<Countdown>;
/// let mut e = from_spec::<Game, _>("alphabeta:6", Static, 0).unwrap();
/// assert_eq!(e.name(), "alphabeta:6");
/// assert_eq!(e.choose(&Game::new(Countdown::new(4))).unwrap().0, 1);
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
    let refuse = || {
        SpecError(format!(
            "engine {spec:?}: threads (:<n>t) are not available here; search with one"
        ))
    };
    build(
        spec,
        eval,
        seed,
        |eval, limits, options, threads| {
            if threads > 1 {
                return Err(refuse());
            }
            Ok(AlphaBeta::with_evaluator(eval, limits, options))
        },
        |eval, limits, options, threads| {
            if threads > 1 {
                return Err(refuse());
            }
            Ok(Mcts::with_evaluator(eval, limits, options))
        },
    )
}

/// Like [`from_spec`], and `:<threads>t` searches with that many threads
/// ([`AlphaBeta::with_threads`], [`Mcts::with_threads`]).
///
/// # Errors
/// [`SpecError`] naming what is wrong with `spec`.
///
/// ```
/// use mancala_core::{record::{Line, Record}, toy::Countdown};
/// use mancala_search::{Engine, eval::Static, spec::{from_spec, from_spec_threaded}};
/// type Game = Line<Countdown>;
/// let mut e = from_spec_threaded::<Game, _>("alphabeta:6:2t", Static, 0).unwrap();
/// assert_eq!(e.name(), "alphabeta:6:2t");
/// assert_eq!(e.choose(&Game::new(Countdown::new(4))).unwrap().0, 1);
/// assert!(from_spec::<Game, _>("alphabeta:6:2t", Static, 0).is_err());
/// assert!(from_spec_threaded::<Game, _>("alphabeta:6:0t", Static, 0).is_err());
/// assert_eq!(from_spec_threaded::<Game, _>("mcts:2t", Static, 0).unwrap().name(), "mcts:10000:2t");
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
    build(
        spec,
        eval,
        seed,
        |eval, limits, options, threads| {
            Ok(AlphaBeta::with_threads(eval, limits, options, threads))
        },
        |eval, limits, options, threads| Ok(Mcts::with_threads(eval, limits, options, threads)),
    )
}

/// The most threads a spec may ask for.
const MAX_THREADS: u64 = 64;

fn build<R: Record, E: Evaluator<R::Position>>(
    spec: &str,
    eval: E,
    seed: u64,
    alpha_beta: impl FnOnce(E, Limits, AlphaBetaOptions, usize) -> Result<AlphaBeta<R, E>, SpecError>,
    mcts: impl FnOnce(E, Limits, MctsOptions, usize) -> Result<Mcts<R, E>, SpecError>,
) -> Result<AnyEngine<R, E>, SpecError> {
    let bad = |what: &str| {
        SpecError(format!(
            "engine {spec:?}: {what}; engines are random, greedy, alphabeta[:<depth>|:<ms>ms|:<nodes>n][:nocut][:<threads>t], mcts[:<playouts>|:<ms>ms][:<threads>t]"
        ))
    };
    // A last field `<n>t` is the threads.
    let (spec_rest, threads) = match spec.rsplit_once(':') {
        Some((rest, t)) if t.ends_with('t') && t.len() > 1 && t != "nocut" => {
            let n = t[..t.len() - 1]
                .parse::<u64>()
                .ok()
                .filter(|n| (1..=MAX_THREADS).contains(n))
                .ok_or_else(|| bad(&format!("{t:?}: threads are 1 to {MAX_THREADS}")))?;
            (rest, Some(n as usize))
        }
        _ => (spec, None),
    };
    // A field `nocut` before it: the table only orders moves (the engine before its cuts).
    let (spec_rest, table_cuts) = match spec_rest.strip_suffix(":nocut") {
        Some(rest) => (rest, false),
        None => (spec_rest, true),
    };
    let (name, limit) = match spec_rest.split_once(':') {
        Some((n, l)) => (n, Some(l)),
        None => (spec_rest, None),
    };
    if threads.is_some() && !matches!(name, "alphabeta" | "ab" | "mcts") {
        return Err(bad("only alphabeta and mcts search with threads"));
    }
    if !table_cuts && !matches!(name, "alphabeta" | "ab") {
        return Err(bad("only alphabeta has a table to cut with"));
    }
    let parse = |text: &str| -> Result<(u64, String), SpecError> {
        let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let unit = text[digits.len()..].to_string();
        let n = digits
            .parse::<u64>()
            .map_err(|_| bad(&format!("{text:?} is not a limit")))?;
        if n == 0 {
            return Err(bad("the limit must be positive"));
        }
        Ok((n, unit))
    };
    match name {
        "random" if limit.is_none() => Ok(AnyEngine::Random(RandomPlayer::new(seed))),
        "greedy" if limit.is_none() => Ok(AnyEngine::Greedy(Greedy::with_evaluator(eval, seed))),
        "random" | "greedy" => Err(bad("this engine takes no limit")),
        "alphabeta" | "ab" => {
            let limits = match limit
                .map(parse)
                .transpose()?
                .as_ref()
                .map(|(n, u)| (*n, u.as_str()))
            {
                None => Limits::depth(DEFAULT_DEPTH),
                Some((n, "")) => Limits::depth(n.min(120) as u32),
                Some((n, "ms")) => Limits::millis(n),
                Some((n, "n")) => Limits::nodes(n),
                Some(_) => return Err(bad("the limit is a depth, <ms>ms or <nodes>n")),
            };
            Ok(AnyEngine::AlphaBeta(alpha_beta(
                eval,
                limits,
                AlphaBetaOptions {
                    table_cuts,
                    ..AlphaBetaOptions::default()
                },
                threads.unwrap_or(1),
            )?))
        }
        "mcts" => {
            let limits = match limit
                .map(parse)
                .transpose()?
                .as_ref()
                .map(|(n, u)| (*n, u.as_str()))
            {
                None => Limits::nodes(DEFAULT_PLAYOUTS),
                Some((n, "")) => Limits::nodes(n),
                Some((n, "ms")) => Limits {
                    time: Some(Duration::from_millis(n)),
                    ..Limits::nodes(u64::MAX)
                },
                Some(_) => return Err(bad("the limit is a number of playouts or <ms>ms")),
            };
            let options = MctsOptions {
                seed,
                ..MctsOptions::default()
            };
            Ok(AnyEngine::Mcts(mcts(
                eval,
                limits,
                options,
                threads.unwrap_or(1),
            )?))
        }
        _ => Err(bad("unknown engine")),
    }
}
