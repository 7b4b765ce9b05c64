//! The native part of the Python package `mancala_runtime`: a thin PyO3 layer over the
//! workspace's runtime layer (`mancala-runtime`). No rule of any game is written here:
//! every move, status and outcome comes from the library. The Python side
//! (`mancala_runtime/__init__.py`) wraps the raw bytes of the batch calls as NumPy arrays.

use std::sync::Mutex;

use mancala_core::rng::SplitMix64;
use mancala_core::{Board, Player, Status};
use mancala_runtime::engine::show_eval;
use mancala_runtime::files;
use mancala_runtime::tournament::{opening_seed, random_opening};
use mancala_runtime::{AnyGame, AnyMove, EngineSpec, Error, GameKind, Report, Variant};
use pyo3::create_exception;
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyFloat, PyTuple};

create_exception!(
    mancala_runtime,
    MancalaError,
    PyValueError,
    "Any error of the mancala library (a subclass of ValueError)."
);
create_exception!(
    mancala_runtime,
    VariantError,
    MancalaError,
    "A variant or option the game does not have."
);
create_exception!(
    mancala_runtime,
    PositionError,
    MancalaError,
    "A position that is not in the game's notation, or not a position of the game."
);
create_exception!(
    mancala_runtime,
    MoveNotationError,
    MancalaError,
    "A move that cannot be read."
);
create_exception!(
    mancala_runtime,
    IllegalMoveError,
    MancalaError,
    "A move that the rules refuse here."
);
create_exception!(
    mancala_runtime,
    EngineError,
    MancalaError,
    "An engine spec that cannot be read, or an engine of another variant."
);
create_exception!(
    mancala_runtime,
    DatabaseError,
    MancalaError,
    "Endgame databases that cannot be opened or do not fit the game."
);
create_exception!(
    mancala_runtime,
    GameFileError,
    MancalaError,
    "A game file that cannot be read or replayed."
);

/// The library's error as the Python exception of its kind.
fn py_err(e: Error) -> PyErr {
    let m = e.to_string();
    match e {
        Error::Variant(_) => VariantError::new_err(m),
        Error::Position(_) => PositionError::new_err(m),
        Error::MoveNotation(_) => MoveNotationError::new_err(m),
        Error::IllegalMove(_) => IllegalMoveError::new_err(m),
        Error::Engine(_) => EngineError::new_err(m),
        Error::Database(_) => DatabaseError::new_err(m),
        Error::GameFile(_) => GameFileError::new_err(m),
        _ => MancalaError::new_err(m),
    }
}

/// A string as Python's `repr` writes it (the texts here have no control characters).
fn py_str(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}

fn parse_variant(text: &str) -> PyResult<Variant> {
    text.parse::<Variant>().map_err(|e| py_err(e.into()))
}

/// A count, index or seed: a Python int of 0 or more that fits `T`. A negative number
/// is a `ValueError`, anything but an int (`None`, a float) a `TypeError`, each naming
/// the argument (PyO3's own conversion would raise `OverflowError` for -1).
fn natural<T: TryFrom<u64>>(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<T> {
    let too_large = || PyValueError::new_err(format!("{name} is too large: {obj}"));
    match obj.extract::<u64>() {
        Ok(v) => T::try_from(v).map_err(|_| too_large()),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
            if obj.lt(0)? {
                Err(PyValueError::new_err(format!(
                    "{name} must be 0 or more, not {obj}"
                )))
            } else {
                Err(too_large())
            }
        }
        Err(_) => Err(PyTypeError::new_err(format!(
            "{name} must be an int, not {}",
            obj.get_type().name()?
        ))),
    }
}

/// [`natural`] for each argument, by its name (for `#[pyo3(from_py_with)]`).
macro_rules! natural_args {
    ($($f:ident: $t:ty = $name:literal),* $(,)?) => {$(
        fn $f(obj: &Bound<'_, PyAny>) -> PyResult<$t> {
            natural(obj, $name)
        }
    )*};
}
natural_args!(
    depth_arg: u32 = "depth",
    lot_arg: u64 = "lot",
    seed_arg: u64 = "seed",
    n_arg: usize = "n",
    index_arg: usize = "i",
    max_plies_arg: usize = "max_plies",
    threads_arg: usize = "threads",
    random_plies_arg: u32 = "random_plies",
);

/// A move's action number ([`AnyMove::action`]: the library's numbering).
fn action_of(m: AnyMove) -> i64 {
    m.action() as i64
}

/// The board's cells: South's pits (inner then outer row in Omweso), North's pits,
/// then the two stores (0 where the game has none); a closed pit is -1.
fn cells(b: &Board, out: &mut Vec<i16>) {
    for p in [Player::South, Player::North] {
        out.extend(b.pits[p].iter().map(|c| c.map_or(-1, i16::from)));
    }
    let (s, n) = b.stores.map_or((0, 0), |s| (s.south, s.north));
    out.push(i16::try_from(s).unwrap_or(i16::MAX));
    out.push(i16::try_from(n).unwrap_or(i16::MAX));
}

fn player_index(p: Player) -> u8 {
    match p {
        Player::South => 0,
        Player::North => 1,
    }
}

/// South's game points: `+points` if South won, `-points` if North won, 0 for a draw,
/// an annulled game or a game still going on.
fn south_points(s: Status) -> i32 {
    match s.outcome() {
        Some(o) => match o.winner {
            Some(Player::South) => i32::from(o.points),
            Some(Player::North) => -i32::from(o.points),
            None => 0,
        },
        None => 0,
    }
}

/// Plain numbers that go to NumPy as raw bytes in native order (`frombuffer`).
trait Raw: Copy {
    fn put(self, out: &mut Vec<u8>);
}
macro_rules! raw {
    ($($t:ty),*) => {$(impl Raw for $t {
        fn put(self, out: &mut Vec<u8>) {
            out.extend_from_slice(&self.to_ne_bytes());
        }
    })*};
}
raw!(i8, u8, i16, u32, i64);

fn bytes_of<T: Raw>(py: Python<'_>, v: &[T]) -> Py<PyBytes> {
    let mut out = Vec::with_capacity(std::mem::size_of_val(v));
    for &x in v {
        x.put(&mut out);
    }
    PyBytes::new(py, &out).unbind()
}

/// A game and its variant, as text: `urim pits=7 seeds=4`, `omweso two-captures-first`,
/// `rio-kadalis pits=5 clockwise`, `oware seeds=3`, `kalah pits=6 seeds=4 empty-capture`.
#[pyclass(module = "mancala_runtime", name = "Variant", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
struct VariantSpec {
    inner: Variant,
}

#[pymethods]
impl VariantSpec {
    #[new]
    fn new(text: &str) -> PyResult<Self> {
        Ok(VariantSpec {
            inner: parse_variant(text)?,
        })
    }
    /// The game's name: `urim`, `omweso`, `rio-kadalis`, `oware` or `kalah`.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.kind().name()
    }
    /// The number of distinct actions (`Game.legal_actions` is below it).
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.num_actions()
    }
    /// The number of board cells of `Game.cells()`: every pit, then two stores.
    #[getter]
    fn num_cells(&self) -> usize {
        let mut v = Vec::new();
        cells(&AnyGame::with_lot(&self.inner, 0).board(), &mut v);
        v.len()
    }
    fn __str__(&self) -> String {
        self.inner.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Variant({})", py_str(&self.inner.to_string()))
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().inner.to_string(),)))
    }
}

/// How a finished game ended.
#[pyclass(module = "mancala_runtime", frozen, get_all)]
#[derive(Clone)]
struct Outcome {
    /// 0 South, 1 North, `None` for a draw.
    winner: Option<u8>,
    /// The game points the winner scores (0 for a draw).
    points: u8,
    /// South's and North's final totals (stores or captures plus what each took at the
    /// end), where the game counts seeds.
    totals: Option<(u16, u16)>,
    /// The rule that ended the game, by the name the library gives it (`EndReason::name`,
    /// as in game files): `regular`, `starvation`, `side-empty`, `majority`,
    /// `repetition`, `beheading`, `grand-slam`, `two-captures-first`, `forfeit`.
    /// `None` for `Engine.exact`'s value of perfect play: no game has ended, and the
    /// databases keep who wins and by how much, not by which rule.
    reason: Option<&'static str>,
    /// The same in words, with the rule's number.
    description: String,
}

#[pymethods]
impl Outcome {
    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner={}, points={}, totals={}, reason={})",
            self.winner.map_or("None".into(), |w| w.to_string()),
            self.points,
            self.totals
                .map_or("None".into(), |(s, n)| format!("({s}, {n})")),
            self.reason.map_or("None".into(), py_str)
        )
    }
}

/// A search's report.
#[pyclass(module = "mancala_runtime", frozen, get_all)]
#[derive(Clone)]
struct SearchReport {
    /// The best move in notation (`None` if the game is over).
    best: Option<String>,
    /// The best move as an action number.
    best_action: Option<i64>,
    /// The evaluation for the player to move, in hundredths of a seed (a forced result
    /// is beyond ±50,000,000).
    score: i32,
    /// The evaluation in words (`+1.50 seeds`, `win in 7 plies`; `known win` where the
    /// endgame databases know the outcome, not its distance).
    score_text: String,
    /// The principal variation in notation.
    pv: Vec<String>,
    /// Positions visited (alpha-beta, greedy) or playouts (MCTS).
    nodes: u64,
    /// The depth of the last completed iteration.
    depth: u32,
    /// MCTS: the chosen move's win rate.
    win_rate: Option<f64>,
    /// Seconds the search took.
    seconds: f64,
}

#[pymethods]
impl SearchReport {
    /// Every field by its attribute's name, floats as Python writes them.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let float = |x: f64| PyFloat::new(py, x).repr().map(|r| r.to_string());
        Ok(format!(
            "SearchReport(best={}, best_action={}, score={}, score_text={}, pv=[{}], nodes={}, \
             depth={}, win_rate={}, seconds={})",
            self.best.as_deref().map_or("None".into(), py_str),
            self.best_action.map_or("None".into(), |a| a.to_string()),
            self.score,
            py_str(&self.score_text),
            self.pv
                .iter()
                .map(|m| py_str(m))
                .collect::<Vec<_>>()
                .join(", "),
            self.nodes,
            self.depth,
            match self.win_rate {
                Some(w) => float(w)?,
                None => "None".into(),
            },
            float(self.seconds)?,
        ))
    }
}

fn report(r: &Report) -> SearchReport {
    SearchReport {
        best: r.best.map(|m| m.to_string()),
        best_action: r.best.map(action_of),
        score: r.score,
        score_text: show_eval(r.score),
        pv: r.pv.iter().map(ToString::to_string).collect(),
        nodes: r.nodes,
        depth: r.depth,
        win_rate: r.win_rate,
        seconds: r.elapsed.as_secs_f64(),
    }
}

/// A game of any variant: its start, its moves, its status.
#[pyclass(module = "mancala_runtime")]
#[derive(Clone)]
struct Game {
    inner: AnyGame,
}

/// A variant given as text or as a `Variant`.
fn read_variant(variant: &Bound<'_, PyAny>) -> PyResult<Variant> {
    if let Ok(v) = variant.extract::<VariantSpec>() {
        Ok(v.inner)
    } else if let Ok(text) = variant.extract::<String>() {
        parse_variant(&text)
    } else {
        Err(PyTypeError::new_err(
            "variant is a str such as 'urim pits=7' or a Variant",
        ))
    }
}

/// A move given as its notation (`str`) or its action number (`int`).
fn read_move(game: &AnyGame, m: &Bound<'_, PyAny>) -> PyResult<AnyMove> {
    if let Ok(text) = m.extract::<String>() {
        return game.parse_move(&text).map_err(py_err);
    }
    if m.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(
            "a move is a str (notation) or an int (action), not a bool",
        ));
    }
    if m.is_instance_of::<pyo3::types::PyInt>() {
        return match m
            .extract::<i64>()
            .ok()
            .and_then(|a| usize::try_from(a).ok())
        {
            Some(a) => AnyMove::from_action(game.variant(), a).map_err(|e| py_err(e.into())),
            None => Err(IllegalMoveError::new_err(format!(
                "illegal action {m}: out of range"
            ))),
        };
    }
    Err(PyTypeError::new_err(format!(
        "a move is a str (notation) or an int (action), not {}",
        m.get_type().name()?
    )))
}

fn status_name(s: Status) -> &'static str {
    match s {
        Status::Ongoing => "ongoing",
        Status::Over(_) => "over",
        Status::Annulled => "annulled",
    }
}

#[pymethods]
impl Game {
    /// A new game of `variant` (text or `Variant`) from its start, or from `position` in
    /// the game's notation. `lot` draws Omweso's first player under `by-lot`.
    #[new]
    #[pyo3(signature = (variant = None, position = None, lot = 0))]
    fn new(
        variant: Option<&Bound<'_, PyAny>>,
        position: Option<&str>,
        #[pyo3(from_py_with = lot_arg)] lot: u64,
    ) -> PyResult<Self> {
        let inner = match (variant, position) {
            // A position with the variant's text: the words given, the rest from the
            // position (`urim` reads a row of 7 pits as Urim on 2×7).
            (Some(text), Some(p)) if text.is_instance_of::<pyo3::types::PyString>() => {
                let text: String = text.extract()?;
                let (name, rest) = text.trim().split_once(' ').unwrap_or((text.trim(), ""));
                let kind: GameKind = name.parse().map_err(|e| py_err(Error::from(e)))?;
                AnyGame::from_notation(kind, p, rest)
            }
            (v, p) => {
                let v = match v {
                    Some(v) => read_variant(v)?,
                    None => Variant::default(),
                };
                match p {
                    None => Ok(AnyGame::with_lot(&v, lot)),
                    Some(p) => AnyGame::from_variant_notation(&v, p),
                }
            }
        }
        .map_err(py_err)?;
        Ok(Game { inner })
    }

    /// The variant, as text.
    #[getter]
    fn variant(&self) -> String {
        self.inner.variant().to_string()
    }
    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.kind().name()
    }
    /// The legal moves in notation, in the library's order.
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves_text()
    }
    /// The legal moves as action numbers, ascending.
    fn legal_actions(&self) -> Vec<i64> {
        let mut a: Vec<i64> = self
            .inner
            .legal_moves()
            .into_iter()
            .map(action_of)
            .collect();
        a.sort_unstable();
        a
    }
    /// The action number of a move (notation or action).
    fn action(&self, m: &Bound<'_, PyAny>) -> PyResult<i64> {
        read_move(&self.inner, m).map(action_of)
    }
    /// The notation of a move (notation or action).
    fn move_text(&self, m: &Bound<'_, PyAny>) -> PyResult<String> {
        read_move(&self.inner, m).map(|m| m.to_string())
    }
    /// Plays a move (notation `str` or action `int`); on an error the game is unchanged.
    fn play(&mut self, m: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = read_move(&self.inner, m)?;
        self.inner.play(mv).map_err(py_err)
    }
    /// Takes back the last move and returns it (`None` at the start).
    fn undo(&mut self) -> Option<String> {
        self.inner.undo().map(|m| m.to_string())
    }
    /// Starts again from the start.
    fn restart(&mut self) {
        self.inner.restart();
    }
    /// `ongoing`, `over` or `annulled`.
    #[getter]
    fn status(&self) -> &'static str {
        status_name(self.inner.status())
    }
    /// Whether the game is over or annulled.
    #[getter]
    fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }
    /// The outcome once the game is over (`None` while it goes on or when annulled).
    #[getter]
    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome().map(|o| Outcome {
            winner: o.winner.map(player_index),
            points: o.points,
            totals: o.totals.map(|t| (t.south, t.north)),
            reason: Some(o.reason.name()),
            description: self.inner.describe_status(),
        })
    }
    /// South's game points: +points if South won, -points if North won, else 0.
    #[getter]
    fn south_points(&self) -> i32 {
        south_points(self.inner.status())
    }
    /// The status in words, with the rule that ended the game.
    fn describe_status(&self) -> String {
        self.inner.describe_status()
    }
    /// The player to move: 0 South, 1 North.
    #[getter]
    fn to_move(&self) -> u8 {
        player_index(self.inner.side_to_move())
    }
    /// The number of plies played.
    #[getter]
    fn ply(&self) -> usize {
        self.inner.ply()
    }
    /// The moves played, in notation.
    fn moves(&self) -> Vec<String> {
        self.inner.moves_text()
    }
    /// The position in the game's notation.
    fn notation(&self) -> String {
        self.inner.notation()
    }
    /// The start position in the game's notation.
    fn start_notation(&self) -> String {
        self.inner.start_notation()
    }
    /// While an Omweso turn is paused for a decision (rule 5), the decision's two moves,
    /// which are then the legal moves: `['x', 'x-']`, sowing on from the paused pit `x`
    /// counter-clockwise or clockwise (the lap that captures). `None` between turns,
    /// and always in the other games.
    fn pending_decision(&self) -> Option<Vec<String>> {
        self.inner
            .pending_decision()
            .map(|_| self.inner.legal_moves_text())
    }
    /// The board: a dict with `south` and `north` (each player's pits from the owner's
    /// left, inner row then outer in Omweso; `None` for a closed pit), `stores`
    /// (`(south, north)` or `None`), `rows_per_player`, `to_move`, `in_hand`.
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let b = self.inner.board();
        let d = pyo3::types::PyDict::new(py);
        d.set_item("south", b.pits.south.to_vec())?;
        d.set_item("north", b.pits.north.to_vec())?;
        d.set_item("stores", b.stores.map(|s| (s.south, s.north)))?;
        d.set_item("rows_per_player", b.rows_per_player)?;
        d.set_item("to_move", player_index(b.to_move))?;
        d.set_item("in_hand", b.in_hand)?;
        Ok(d)
    }
    /// The board's cells as a list: South's pits, North's pits, the two stores (0 where
    /// the game keeps none); -1 for a closed pit.
    fn cells(&self) -> Vec<i16> {
        let mut v = Vec::new();
        cells(&self.inner.board(), &mut v);
        v
    }
    /// The number of move sequences of `depth` plies (the history rules not applied);
    /// the GIL is released while it counts.
    fn perft(&self, py: Python<'_>, #[pyo3(from_py_with = depth_arg)] depth: u32) -> u64 {
        let g = self.inner.clone();
        py.allow_threads(move || g.perft(depth))
    }
    /// A drawing of the board.
    fn diagram(&self) -> String {
        self.inner.diagram()
    }
    /// The game file (docs/game-files.md) with its tags; `date` is `YYYY-MM-DD`.
    #[pyo3(signature = (south = "South", north = "North", date = None))]
    fn game_file(&self, south: &str, north: &str, date: Option<&str>) -> String {
        files::game_file(&self.inner, south, north, date).to_string()
    }
    /// The game of a game file's text, every move replayed and its result checked.
    #[staticmethod]
    fn from_game_file(text: &str) -> PyResult<Game> {
        let file = text
            .parse()
            .map_err(|e: mancala_core::game_file::GameFileError| {
                GameFileError::new_err(e.to_string())
            })?;
        Ok(Game {
            inner: files::replay(&file).map_err(py_err)?,
        })
    }
    /// A game of `variant` from the start position `start` with `moves` played (what
    /// pickling stores).
    #[staticmethod]
    fn from_moves(variant: &str, start: &str, moves: Vec<String>) -> PyResult<Game> {
        let v = parse_variant(variant)?;
        let mut inner = AnyGame::from_variant_notation(&v, start).map_err(py_err)?;
        for m in &moves {
            inner.play_text(m).map_err(py_err)?;
        }
        Ok(Game { inner })
    }
    /// A copy of the game (its start, moves and history).
    fn copy(&self) -> Game {
        self.clone()
    }
    fn __copy__(&self) -> Game {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let g = slf.borrow();
        let f = slf.get_type().getattr("from_moves")?;
        let args = (g.variant(), g.start_notation(), g.moves()).into_pyobject(py)?;
        Ok((f, args))
    }
    fn __str__(&self) -> String {
        self.inner.diagram()
    }
    fn __repr__(&self) -> String {
        format!(
            "Game({}, position={}, ply={}, status={})",
            py_str(&self.inner.variant().to_string()),
            py_str(&self.inner.notation()),
            self.inner.ply(),
            py_str(status_name(self.inner.status()))
        )
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.extract::<PyRef<'_, Game>>() {
            Ok(o) => {
                o.inner.variant() == self.inner.variant()
                    && o.inner.start_notation() == self.inner.start_notation()
                    && o.inner.moves() == self.inner.moves()
            }
            Err(_) => false,
        }
    }
}

/// An engine of the workspace from its spec (`random`, `greedy`,
/// `alphabeta[:<depth>|:<ms>ms|:<nodes>n][:nocut][:<n>t]`, `mcts[:<playouts>|:<ms>ms][:<n>t]`,
/// `solver[:<ms>ms]`: Kalah, with `db`).
#[pyclass(module = "mancala_runtime", frozen)]
struct Engine {
    inner: Mutex<mancala_runtime::Engine>,
    spec: String,
    variant: String,
    db: Option<String>,
    seed: u64,
}

#[pymethods]
impl Engine {
    /// The engine of `spec` for games of `variant`, its random choices from `seed`,
    /// with the endgame databases in the folder `db` (Urim, Oware, Kalah).
    #[new]
    #[pyo3(signature = (spec, variant, seed = 0, db = None))]
    fn new(
        spec: &str,
        variant: &str,
        #[pyo3(from_py_with = seed_arg)] seed: u64,
        db: Option<&str>,
    ) -> PyResult<Self> {
        let v = parse_variant(variant)?;
        let parsed: EngineSpec = spec.parse().map_err(|e| py_err(Error::from(e)))?;
        let e = mancala_runtime::Engine::new(&parsed, &v, seed, db.map(std::path::Path::new))
            .map_err(py_err)?;
        Ok(Engine {
            inner: Mutex::new(e),
            spec: spec.to_string(),
            variant: v.to_string(),
            db: db.map(str::to_string),
            seed,
        })
    }
    /// The engine's name with its limits.
    #[getter]
    fn name(&self) -> String {
        self.inner.lock().map(|e| e.name()).unwrap_or_default()
    }
    /// The spec it was built from.
    #[getter]
    fn spec(&self) -> &str {
        &self.spec
    }
    /// The variant it plays, as text.
    #[getter]
    fn variant(&self) -> &str {
        &self.variant
    }
    /// Whether it reads endgame databases.
    #[getter]
    fn has_databases(&self) -> bool {
        self.inner
            .lock()
            .map(|e| e.has_databases())
            .unwrap_or(false)
    }
    /// Searches `game` for the best move; the GIL is released while it thinks.
    fn search(&self, py: Python<'_>, game: PyRef<'_, Game>) -> PyResult<SearchReport> {
        let g = game.inner.clone();
        drop(game);
        let r = py.allow_threads(|| {
            let mut e = self
                .inner
                .lock()
                .map_err(|_| EngineError::new_err("the engine failed in another thread"))?;
            e.search(&g).map_err(py_err)
        });
        r.map(|r| report(&r))
    }
    /// The exact outcome of perfect play from `game`'s position where the endgame
    /// databases know it (`None` without databases, or beyond them): the winner, the
    /// points and the totals perfect play reaches; its `reason` is `None` (no game has
    /// ended: the databases do not say by which rule it would).
    fn exact(&self, game: PyRef<'_, Game>) -> Option<Outcome> {
        let e = self.inner.lock().ok()?;
        e.exact(&game.inner).map(|o| Outcome {
            winner: o.winner.map(player_index),
            points: o.points,
            totals: o.totals.map(|t| (t.south, t.north)),
            reason: None,
            description: String::from("the value of perfect play, from the databases"),
        })
    }
    /// Searches `game` and plays the best move on it; returns the report.
    fn play(&self, py: Python<'_>, game: &Bound<'_, Game>) -> PyResult<SearchReport> {
        let r = self.search(py, game.borrow())?;
        if let Some(best) = &r.best {
            let mut g = game.borrow_mut();
            g.inner.play_text(best).map_err(py_err)?;
        }
        Ok(r)
    }
    fn __repr__(&self) -> String {
        format!(
            "Engine({}, {}, seed={}{})",
            py_str(&self.spec),
            py_str(&self.variant),
            self.seed,
            self.db
                .as_ref()
                .map_or(String::new(), |d| format!(", db={}", py_str(d)))
        )
    }
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let e = slf.get();
        let args = (e.spec.clone(), e.variant.clone(), e.seed, e.db.clone()).into_pyobject(py)?;
        Ok((slf.get_type().into_any(), args))
    }
}

/// What `play_games` gathers: every position before a move, the move, each game's end.
#[derive(Default)]
struct Batch {
    cells: Vec<i16>,
    to_move: Vec<u8>,
    actions: Vec<i16>,
    south_points: Vec<i8>,
    status: Vec<u8>,
    plies: Vec<u32>,
    totals: Vec<i16>,
}

/// Plays games `games` of `variant` in Rust: random moves (game `i` draws from its own
/// generator, seeded by `seed` and `i`, so that the games do not depend on how they are
/// split between threads), or `spec`'s engine for both sides after `random_plies`
/// random plies (the library's random openings: game `i` plays opening `i` of `seed`);
/// each game stops at its end or after `max_plies` (status 3). Game `i` starts with
/// the lot `seed + i`.
fn play_batch(
    v: &Variant,
    games: std::ops::Range<usize>,
    seed: u64,
    spec: Option<&EngineSpec>,
    max_plies: usize,
    random_plies: u32,
) -> Result<Batch, Error> {
    let mut engine = match spec {
        Some(s) => Some(mancala_runtime::Engine::new(s, v, seed, None)?),
        None => None,
    };
    let mut b = Batch::default();
    for i in games {
        let mut rng = SplitMix64::new(seed ^ (i as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
        let mut g = AnyGame::with_lot(v, seed.wrapping_add(i as u64));
        // The opening is played on a copy, then ply by ply below, so that its
        // positions are recorded as the engine's are.
        let mut opening = Vec::new();
        if engine.is_some() && random_plies > 0 {
            let mut copy = g.clone();
            random_opening(&mut copy, opening_seed(seed, i as u64), random_plies)?;
            opening = copy.moves();
        }
        let mut opening = opening.into_iter();
        let mut plies = 0;
        while !g.is_finished() && plies < max_plies {
            cells(&g.board(), &mut b.cells);
            b.to_move.push(player_index(g.side_to_move()));
            let m = match (opening.next(), engine.as_mut()) {
                (Some(m), _) => Some(m),
                (None, Some(e)) => e.search(&g)?.best,
                (None, None) => {
                    let moves = g.legal_moves();
                    moves.get(rng.below(moves.len())).copied()
                }
            };
            let Some(m) = m else { break };
            b.actions.push(action_of(m) as i16);
            g.play(m)?;
            plies += 1;
        }
        b.plies.push(plies as u32);
        let s = g.status();
        b.south_points.push(south_points(s) as i8);
        b.status.push(match s {
            Status::Ongoing => 3,
            Status::Over(_) => 1,
            Status::Annulled => 2,
        });
        let t = s.outcome().and_then(|o| o.totals);
        b.totals.push(t.map_or(-1, |t| t.south as i16));
        b.totals.push(t.map_or(-1, |t| t.north as i16));
    }
    Ok(b)
}

/// `play_batch` over `n` games split between `threads` threads, joined in order.
fn play_batch_threaded(
    v: &Variant,
    n: usize,
    seed: u64,
    spec: Option<&EngineSpec>,
    max_plies: usize,
    threads: usize,
    random_plies: u32,
) -> PyResult<Batch> {
    let threads = threads.clamp(1, n.max(1));
    let chunk = n.div_ceil(threads);
    let parts: Vec<PyResult<Batch>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let range = (t * chunk).min(n)..((t + 1) * chunk).min(n);
                s.spawn(move || {
                    play_batch(v, range, seed, spec, max_plies, random_plies).map_err(py_err)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(EngineError::new_err("a batch thread failed")))
            })
            .collect()
    });
    let mut all = Batch::default();
    for part in parts {
        let p = part?;
        all.cells.extend(p.cells);
        all.to_move.extend(p.to_move);
        all.actions.extend(p.actions);
        all.plies.extend(p.plies);
        all.south_points.extend(p.south_points);
        all.status.extend(p.status);
        all.totals.extend(p.totals);
    }
    Ok(all)
}

/// Plays `n` games in Rust (random moves, or the engine `engine` for both sides after
/// `random_plies` random plies) and returns raw arrays as bytes;
/// `mancala_runtime.play_games` wraps them for NumPy. `threads` threads play them (with
/// an engine, one engine a thread).
#[pyfunction]
#[pyo3(signature = (variant, n, seed = 0, engine = None, max_plies = 10_000, threads = 1, random_plies = 0))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments, one parameter each
fn _play_games<'py>(
    py: Python<'py>,
    variant: &str,
    #[pyo3(from_py_with = n_arg)] n: usize,
    #[pyo3(from_py_with = seed_arg)] seed: u64,
    engine: Option<String>,
    #[pyo3(from_py_with = max_plies_arg)] max_plies: usize,
    #[pyo3(from_py_with = threads_arg)] threads: usize,
    #[pyo3(from_py_with = random_plies_arg)] random_plies: u32,
) -> PyResult<Bound<'py, PyTuple>> {
    let v = parse_variant(variant)?;
    let spec: Option<EngineSpec> = engine
        .as_deref()
        .map(str::parse)
        .transpose()
        .map_err(|e| py_err(Error::from(e)))?;
    let b = py.allow_threads(|| {
        play_batch_threaded(&v, n, seed, spec.as_ref(), max_plies, threads, random_plies)
    })?;
    (
        bytes_of(py, &b.cells),
        bytes_of(py, &b.to_move),
        bytes_of(py, &b.actions),
        bytes_of(py, &b.plies),
        bytes_of(py, &b.south_points),
        bytes_of(py, &b.status),
        bytes_of(py, &b.totals),
    )
        .into_pyobject(py)
}

/// Many games of one variant stepped together (a vectorised environment): one action
/// each per `step`; a finished game starts again when `auto_reset` is on.
#[pyclass(module = "mancala_runtime", subclass)]
struct Games {
    variant: Variant,
    games: Vec<AnyGame>,
    auto_reset: bool,
    actions: usize,
    rng: SplitMix64,
}

impl Games {
    fn fresh(&self, i: usize) -> AnyGame {
        AnyGame::with_lot(&self.variant, i as u64)
    }
}

#[pymethods]
impl Games {
    #[new]
    #[pyo3(signature = (variant, n, auto_reset = true, seed = 0))]
    fn new(
        variant: &str,
        #[pyo3(from_py_with = n_arg)] n: usize,
        auto_reset: bool,
        #[pyo3(from_py_with = seed_arg)] seed: u64,
    ) -> PyResult<Self> {
        let v = parse_variant(variant)?;
        let games = (0..n).map(|i| AnyGame::with_lot(&v, i as u64)).collect();
        Ok(Games {
            actions: v.num_actions(),
            variant: v,
            games,
            auto_reset,
            rng: SplitMix64::new(seed),
        })
    }
    fn __len__(&self) -> usize {
        self.games.len()
    }
    /// The game `i`, as a `Game` (a copy).
    fn game(&self, #[pyo3(from_py_with = index_arg)] i: usize) -> PyResult<Game> {
        self.games
            .get(i)
            .map(|g| Game { inner: g.clone() })
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("no such game"))
    }
    /// The number of distinct actions of the variant.
    #[getter]
    fn num_actions(&self) -> usize {
        self.actions
    }
    /// Raw bytes: the cells (int16, n × cells), the players to move (uint8, n), the legal
    /// action masks (uint8, n × actions).
    fn _observe<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let mut c = Vec::new();
        let mut to_move = Vec::with_capacity(self.games.len());
        let mut mask = vec![0u8; self.games.len() * self.actions];
        for (i, g) in self.games.iter().enumerate() {
            cells(&g.board(), &mut c);
            to_move.push(player_index(g.side_to_move()));
            for m in g.legal_moves() {
                mask[i * self.actions + action_of(m) as usize] = 1;
            }
        }
        (
            bytes_of(py, &c),
            bytes_of(py, &to_move),
            bytes_of(py, &mask),
        )
            .into_pyobject(py)
    }
    /// Plays action `actions[i]` in game `i` (ignored, `-1`, for a finished game without
    /// auto-reset); returns raw bytes: South's points of the games that ended (int8),
    /// and which ended (uint8: 1 over, 2 annulled). An illegal action raises before any
    /// game changes.
    fn _step<'py>(&mut self, py: Python<'py>, actions: Vec<i64>) -> PyResult<Bound<'py, PyTuple>> {
        if actions.len() != self.games.len() {
            return Err(PyValueError::new_err(format!(
                "{} actions for {} games",
                actions.len(),
                self.games.len()
            )));
        }
        let mut moves = Vec::with_capacity(actions.len());
        for (i, (g, &a)) in self.games.iter().zip(&actions).enumerate() {
            if g.is_finished() {
                moves.push(None);
                continue;
            }
            let m = usize::try_from(a)
                .map_err(|_| IllegalMoveError::new_err(format!("game {i}: illegal action {a}")))?;
            let m = AnyMove::from_action(g.variant(), m)
                .map_err(Error::from)
                .and_then(|m| g.check_move(m).map(|()| m))
                .map_err(|e| IllegalMoveError::new_err(format!("game {i}: {e}")))?;
            moves.push(Some(m));
        }
        let mut points = vec![0i8; self.games.len()];
        let mut done = vec![0u8; self.games.len()];
        for i in 0..self.games.len() {
            if let Some(m) = moves[i] {
                self.games[i].play(m).map_err(py_err)?;
                let s = self.games[i].status();
                if s.is_finished() {
                    points[i] = south_points(s) as i8;
                    done[i] = if matches!(s, Status::Annulled) { 2 } else { 1 };
                    if self.auto_reset {
                        self.games[i] = self.fresh(i);
                    }
                }
            }
        }
        (bytes_of(py, &points), bytes_of(py, &done)).into_pyobject(py)
    }
    /// One random legal action for each game (-1 for a finished one).
    fn random_actions(&mut self) -> Vec<i64> {
        let mut out = Vec::with_capacity(self.games.len());
        for g in &self.games {
            let moves = g.legal_moves();
            if moves.is_empty() {
                out.push(-1);
            } else {
                let k = self.rng.below(moves.len());
                out.push(action_of(moves[k]));
            }
        }
        out
    }
    /// Starts every game again.
    fn reset(&mut self) {
        for i in 0..self.games.len() {
            self.games[i] = self.fresh(i);
        }
    }
}

/// The spec grammar of the engines.
#[pyfunction]
fn engine_specs() -> String {
    mancala_runtime::engine::spec_help()
}

/// Every game's standard variants, as their texts (`urim pits=6 seeds=3`, …): the
/// library's list.
#[pyfunction]
fn variants() -> Vec<String> {
    Variant::standard_variants()
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// What the library says of a game (`urim`, `rio-kadalis`, …): a dict with `title`
/// (`Rio Kadalis`), `most_points` (the most game points one game scores), `variants`
/// (its standard variants' texts) and `options` (each option of its variant text as
/// `(name, values, default, help)`: `values` empty and `default` 0 for a flag).
#[pyfunction]
fn game_info<'py>(py: Python<'py>, game: &str) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    let kind: GameKind = game.parse().map_err(|e| py_err(Error::from(e)))?;
    let d = pyo3::types::PyDict::new(py);
    d.set_item("title", kind.title())?;
    d.set_item("most_points", kind.most_points())?;
    let variants: Vec<String> = kind
        .standard_variants()
        .iter()
        .map(ToString::to_string)
        .collect();
    d.set_item("variants", variants)?;
    let options: Vec<_> = kind
        .options()
        .iter()
        .map(|o| (o.name, o.values, o.default, o.help))
        .collect();
    d.set_item("options", options)?;
    Ok(d)
}

/// Every game's name.
#[pyfunction]
fn games() -> Vec<&'static str> {
    GameKind::ALL.iter().map(|g| g.name()).collect()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<VariantSpec>()?;
    m.add_class::<Game>()?;
    m.add_class::<Outcome>()?;
    m.add_class::<SearchReport>()?;
    m.add_class::<Engine>()?;
    m.add_class::<Games>()?;
    m.add_function(wrap_pyfunction!(_play_games, m)?)?;
    m.add_function(wrap_pyfunction!(engine_specs, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(game_info, m)?)?;
    m.add("MancalaError", py.get_type::<MancalaError>())?;
    m.add("VariantError", py.get_type::<VariantError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("MoveNotationError", py.get_type::<MoveNotationError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("EngineError", py.get_type::<EngineError>())?;
    m.add("DatabaseError", py.get_type::<DatabaseError>())?;
    m.add("GameFileError", py.get_type::<GameFileError>())?;
    Ok(())
}
