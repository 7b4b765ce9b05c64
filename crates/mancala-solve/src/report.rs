//! What a solving run found, in words: each type holds the figures of one step of a
//! [`Plan`](crate::plan::Plan) (the build, the check, the proof), and `Display`
//! writes them as the `solve` example prints them, so that every front end says the
//! same.
//!
//! ```
//! use mancala_solve::{Player, report::ProofReport, search::Proof};
//! let proof = Proof::<u8> {
//!     lower: 2, upper: 2, best: Some(0), nodes: 400, searches: 9, stopped: false, estimate: None,
//! };
//! let report = ProofReport {
//!     proof, mover: Player::South, seconds: 0.5, history: None, line: None, note: None,
//!     machine: None,
//! };
//! assert_eq!(
//!     report.to_string(),
//!     "value: +2 for South (the side to move): South wins by 2\n\
//!      best move: 0\n\
//!      search: 400 nodes, 9 null-window searches, 0.50 s, 800 nodes/s"
//! );
//! ```

use core::fmt;
use std::path::{Path, PathBuf};

use mancala_core::Player;

use crate::build::{Built, CheckReport};
use crate::db::Databases;
use crate::error::SolveError;
use crate::file::{FileError, HEADER_LEN};
use crate::game::Solvable;
use crate::plan::Verdict;
use crate::search::Proof;

/// The build announced: how far it goes and where (`databases up to 12 seeds in DIR`,
/// or `(in memory)`), then the head of the table of [`Built`] lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Building<'a> {
    /// The databases: 0 to this many seeds.
    pub max_seeds: u32,
    /// Their folder; `None` in memory.
    pub dir: Option<&'a Path>,
    /// Whether the game has cycles (the table has the retrograde analysis's columns).
    pub cycles: bool,
}

impl fmt::Display for Building<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "databases up to {} seeds", self.max_seeds)?;
        match self.dir {
            Some(dir) => write!(f, " in {}", dir.display())?,
            None => f.write_str(" (in memory)")?,
        }
        write!(f, "\n{}", Built::header(self.cycles))
    }
}

/// What a build made, and (for files) how to use them.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The game and its rule set: `urim (pits=6 cap=17)`.
    pub game: String,
    /// The databases: 0 to this many seeds (`None`: none).
    pub last: Option<u32>,
    /// Bytes of their values.
    pub bytes: u64,
    /// Seconds the build took.
    pub seconds: f64,
    /// Their files, `None` in memory.
    pub files: Option<Files>,
}

/// The files of a build, and the command line that plays with them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Files {
    /// The folder.
    pub dir: PathBuf,
    /// Files, one a seed count.
    pub count: u64,
    /// Their bytes, headers included.
    pub bytes: u64,
    /// Databases computed in this build.
    pub computed: usize,
    /// Databases read back from their files.
    pub read: usize,
    /// The game and its options as the examples take them (`urim --pits 7`).
    pub game: String,
}

impl Summary {
    /// The summary of the databases `dbs` of `game`, `built` in `seconds`, in the folder
    /// `dir` if any; `command` is the game and its options as the examples take them
    /// (`urim --pits 7`), for the command lines that use the files.
    #[must_use]
    pub fn new<G: Solvable>(
        game: &G,
        dbs: &Databases,
        built: &[Built],
        dir: Option<&Path>,
        command: &str,
        seconds: f64,
    ) -> Summary {
        let count = u64::from(dbs.len());
        let bytes = dbs.bytes();
        let read = built.iter().filter(|b| b.loaded).count();
        Summary {
            game: format!("{} ({})", game.name(), game.variant()),
            last: dbs.len().checked_sub(1),
            bytes,
            seconds,
            files: dir.map(|dir| Files {
                dir: dir.to_path_buf(),
                count,
                bytes: bytes + count * HEADER_LEN as u64,
                computed: built.len() - read,
                read,
                game: command.to_string(),
            }),
        }
    }
}

/// `bytes` in KiB, MiB or GiB, one decimal.
fn human(bytes: u64) -> String {
    let (unit, size) = match bytes.max(1).ilog2() {
        0..20 => ("KiB", 10),
        20..30 => ("MiB", 20),
        _ => ("GiB", 30),
    };
    format!("{:.1} {unit}", bytes as f64 / f64::from(1 << size))
}

/// ```
/// use mancala_solve::report::{Files, Summary};
/// let files = Files {
///     dir: "db".into(), count: 3, bytes: 400, computed: 1, read: 2, game: "urim --pits 7".into(),
/// };
/// let s = Summary { game: "urim (pits=7 cap=17)".into(), last: Some(2), bytes: 16, seconds: 0.04, files: Some(files) };
/// assert_eq!(
///     s.to_string(),
///     "databases: 16 bytes, 0.0 MiB, 0.0 s\n\
///      built: the databases of urim (pits=7 cap=17), every board of 0 to 2 seeds: 3 files, 400 \
///      bytes (0.4 KiB), in db (1 computed, 2 read back)\n\
///      use them: --db db on play and analyze, e.g.\n  \
///      cargo run --release --example play -- urim --pits 7 --db db\n  \
///      cargo run --release --example analyze -- urim --pits 7 --db db --from \"<position>\""
/// );
/// ```
impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mib = self.bytes as f64 / f64::from(1 << 20);
        writeln!(
            f,
            "databases: {} bytes, {mib:.1} MiB, {:.1} s",
            self.bytes, self.seconds
        )?;
        let what = format!(
            "{}, every board of 0 to {} seeds",
            self.game,
            self.last.unwrap_or(0)
        );
        let Some(files) = &self.files else {
            return write!(
                f,
                "built: the databases of {what}, in memory only (--memory): nothing written; \
                 without --memory they go to --db DIR for play and analyze"
            );
        };
        let (d, g) = (files.dir.display(), &files.game);
        writeln!(
            f,
            "built: the databases of {what}: {} files, {} bytes ({}), in {d} ({} computed, {} \
             read back)",
            files.count,
            files.bytes,
            human(files.bytes),
            files.computed,
            files.read
        )?;
        writeln!(f, "use them: --db {d} on play and analyze, e.g.")?;
        writeln!(f, "  cargo run --release --example play -- {g} --db {d}")?;
        write!(
            f,
            "  cargo run --release --example analyze -- {g} --db {d} --from \"<position>\""
        )
    }
}

/// The re-check of every database ([`Plan::verify`](crate::plan::Plan::verify)) and
/// how long it took; for a game with cycles, each seed count's boards whose two
/// bounds differ.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// Seconds the check took.
    pub seconds: f64,
    /// The reports, by seed count.
    pub reports: Vec<CheckReport>,
    /// Whether the game has cycles (two bounds a board).
    pub cycles: bool,
}

impl fmt::Display for Checked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.seconds;
        write!(
            f,
            "check: every value is what its children give ({secs:.1} s)"
        )?;
        if self.cycles {
            f.write_str("\nseeds: boards with L < U, mean U - L over all boards")?;
            for r in &self.reports {
                write!(
                    f,
                    "\n{:>5}: {:>12} {:>8.2}",
                    r.seeds,
                    r.unresolved,
                    r.mean_gap()
                )?;
            }
        }
        Ok(())
    }
}

/// Why a game with cycles is not searched ([`Plan::wants_proof`](crate::plan::Plan::wants_proof)
/// said no): the seeds on the board and the largest database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoProof {
    /// Seeds on the board of the position.
    pub on_board: u32,
    /// The largest database's seeds.
    pub held: u32,
}

impl NoProof {
    /// Why `plan`'s position is not searched with the databases `dbs`.
    #[must_use]
    pub fn new(plan: &crate::plan::Plan, dbs: &Databases) -> NoProof {
        NoProof {
            on_board: plan.on_board(),
            held: dbs.len().saturating_sub(1),
        }
    }
}

impl fmt::Display for NoProof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no proof search: the start has {} seeds on the board, the databases hold up to {}, \
             and a proof from there does not finish in minutes (docs/solving.md); give --from \
             \"<position>\" to prove a position, --time or --nodes to search the start anyway",
            self.on_board, self.held
        )
    }
}

/// What a search with several threads used: the CPU time, the threads and the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Machine {
    /// The process's CPU seconds in the search, where known.
    pub cpu: Option<f64>,
    /// The threads.
    pub threads: usize,
    /// The table's size in MiB.
    pub table_mib: f64,
}

/// A proof's result: the [`Verdict`], the best move, and what the search cost.
#[derive(Clone, Debug, PartialEq)]
pub struct ProofReport<M> {
    /// The proof.
    pub proof: Proof<M>,
    /// The side to move at the position proven.
    pub mover: Player,
    /// Seconds the search took.
    pub seconds: f64,
    /// A search with history (a game with cycles): what a repetition means for the
    /// position, taken as the whole history (`rule 6 counts repetitions from here`).
    pub history: Option<&'static str>,
    /// The line of the lower bound's strategy ([`crate::plan::Line`]'s words).
    pub line: Option<String>,
    /// A note before the search's figures ([`OPENSPIEL_RULES`]).
    pub note: Option<&'static str>,
    /// What the search used (Kalah's proof search).
    pub machine: Option<Machine>,
}

/// The note on a Kalah proof under OpenSpiel's rules: the published values need others.
pub const OPENSPIEL_RULES: &str = "(these are OpenSpiel's rules; the published values of Irving et \
                                   al. hold with --empty-capture)";

impl<M: fmt::Display> fmt::Display for ProofReport<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.proof;
        if let Some(repetition) = self.history {
            writeln!(
                f,
                "(the position is taken as the whole history, as at the start of a game: \
                 {repetition})"
            )?;
        }
        write!(f, "{}", Verdict::of(p, self.mover))?;
        if let (None, Some(e), Some(_)) = (p.value(), p.estimate, self.machine) {
            write!(f, "\nestimate (depth-limited search, not a bound): {e:+}")?;
        }
        match (&p.best, p.value(), self.history) {
            (Some(m), None, Some(_)) => write!(f, "\na move that reaches the lower bound: {m}")?,
            (Some(m), _, _) => write!(f, "\nbest move: {m}")?,
            _ => {}
        }
        if let Some(line) = &self.line {
            write!(f, "\n{line}")?;
        }
        if let Some(note) = self.note {
            write!(f, "\n{note}")?;
        }
        let (n, s, secs) = (p.nodes, p.searches, self.seconds);
        let rate = p.nodes as f64 / secs.max(1e-9);
        write!(
            f,
            "\nsearch: {n} nodes, {s} null-window searches, {secs:.2} s"
        )?;
        let Some(m) = self.machine else {
            return write!(f, ", {rate:.0} nodes/s");
        };
        let cpu = m.cpu.map_or(String::new(), |c| format!(" ({c:.2} s CPU)"));
        let plural = if m.threads == 1 { "" } else { "s" };
        write!(
            f,
            "{cpu}, {rate:.0} nodes/s; {} thread{plural}, table {:.2} MiB",
            m.threads, m.table_mib
        )
    }
}

/// The head of the table of [`Turn`] lines.
pub const TURNS_HEADER: &str = "turn  value for the mover         nodes   seconds";

/// A line of the first-move table: a turn (its moves joined by `-`), its value for the
/// mover (or the bounds reached), its nodes and the seconds since the table began.
///
/// ```
/// use mancala_solve::{report::{TURNS_HEADER, Turn}, search::Proof};
/// let proof = Proof::<char> {
///     lower: -2, upper: 4, best: None, nodes: 1234, searches: 3, stopped: true, estimate: None,
/// };
/// let line = Turn { moves: &['b', 'c'], proof: &proof, seconds: 2.5 }.to_string();
/// assert_eq!(line, "b-c   between -2 and +4            1234       2.5");
/// assert_eq!(line.len(), TURNS_HEADER.len());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Turn<'a, M> {
    /// The turn's moves.
    pub moves: &'a [M],
    /// Its proof.
    pub proof: &'a Proof<M>,
    /// Seconds since the table began.
    pub seconds: f64,
}

impl<M: fmt::Display> fmt::Display for Turn<'_, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let turn: Vec<String> = self.moves.iter().map(ToString::to_string).collect();
        let (l, u) = (self.proof.lower, self.proof.upper);
        let value = self
            .proof
            .value()
            .map_or(format!("between {l:+} and {u:+}"), |v| format!("{v:+}"));
        write!(
            f,
            "{:<5} {value:<20} {:>12} {:>9.1}",
            turn.join("-"),
            self.proof.nodes,
            self.seconds
        )
    }
}

/// A build's error, with what to do about a database file that is damaged or not this
/// game's: a file is written once and renamed into place, so such a file was changed
/// after it was written, and the build refuses to go on from it.
///
/// ```
/// use mancala_solve::{SolveError, file::FileError, report::Refused};
/// let e = SolveError::File(FileError::Length { path: "db/urim-02.db".into(), found: 0, expected: 128 });
/// assert_eq!(
///     Refused(&e).to_string(),
///     "db/urim-02.db: 0 bytes, the header says 128: the file is damaged; delete it and \
///      solve again to build it anew"
/// );
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Refused<'a>(pub &'a SolveError);

impl fmt::Display for Refused<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)?;
        let SolveError::File(e) = self.0 else {
            return Ok(());
        };
        match e {
            FileError::Magic { .. }
            | FileError::Version { .. }
            | FileError::HeaderChecksum { .. }
            | FileError::Length { .. }
            | FileError::Checksum { .. } => {
                f.write_str(": the file is damaged; delete it and solve again to build it anew")
            }
            FileError::Mismatch { .. } => f.write_str(
                ": the file is of other databases; move it away, or give another folder",
            ),
            _ => Ok(()),
        }
    }
}
