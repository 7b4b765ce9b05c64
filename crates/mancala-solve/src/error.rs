//! Why the databases or a proof could not be made.

use crate::file;
use crate::rank;

/// Why the databases or a proof could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// A board cannot be ranked.
    #[error(transparent)]
    Rank(#[from] rank::RankError),
    /// A database file cannot be written, or is refused.
    #[error(transparent)]
    File(#[from] file::FileError),
    /// A game was annulled: it has no value.
    #[error("a game was annulled: the solver needs games that end with seed totals")]
    Annulled,
    /// A game ended without seed totals.
    #[error("a game ended without seed totals: the solver needs them")]
    NoTotals,
    /// An ongoing position has no legal move.
    #[error("an ongoing position has no legal move")]
    NoMoves,
    /// A position has more moves than the search keeps (16).
    #[error("a position has more than 16 moves")]
    TooManyMoves,
    /// A chain of moves that keep the seeds on the board is longer than any such chain
    /// of a game without cycles.
    #[error("the positions of {seeds} seeds have a cycle: this game needs a retrograde analysis")]
    Cycle {
        /// The seed count.
        seeds: u32,
    },
    /// A move put seeds back on the board.
    #[error("a move from a board of {seeds} seeds led to one of {child}")]
    SeedsRose {
        /// The parent's seeds.
        seeds: u32,
        /// The child's seeds.
        child: u32,
    },
    /// No database of this seed count.
    #[error("there is no database of {seeds} seeds")]
    Missing {
        /// The seed count.
        seeds: u32,
    },
    /// A move led to a board the rules do not have.
    #[error("a move led to board {rank} of {seeds} seeds, which the rules do not have")]
    Absent {
        /// The seed count.
        seeds: u32,
        /// The rank.
        rank: u64,
    },
    /// A database holds two bounds for a board (a game with cycles), where one value
    /// is needed.
    #[error("board {rank} of {seeds} seeds has bounds {lower}..{upper}, not one value")]
    Unresolved {
        /// The seed count.
        seeds: u32,
        /// The rank.
        rank: u64,
        /// The lower bound.
        lower: i8,
        /// The upper bound.
        upper: i8,
    },
    /// The databases are of another game or rule set than the prover's.
    #[error("the databases are of {found}, the prover's game is {expected}")]
    Foreign {
        /// The prover's game and rule set: `name (variant)`.
        expected: String,
        /// The databases': `name (variant)`.
        found: String,
    },
    /// A move left the same side to move, in a game the search takes as alternating.
    #[error("a move left the same side to move: this search needs alternating turns")]
    ExtraTurn,
    /// A database holds a value not computed.
    #[error("board {rank} of {seeds} seeds has no value")]
    Unknown {
        /// The seed count.
        seeds: u32,
        /// The rank.
        rank: u64,
    },
    /// A value is outside what a board can have.
    #[error("value {value} is impossible with {seeds} seeds on the board")]
    ValueRange {
        /// The seed count.
        seeds: u32,
        /// The value.
        value: i32,
    },
    /// A database does not have one value per board.
    #[error("the database of {seeds} seeds has {found} values, not {expected}")]
    TableSize {
        /// The seed count.
        seeds: u32,
        /// Values found.
        found: u64,
        /// Boards.
        expected: u64,
    },
    /// Databases are built in order of seeds.
    #[error("the database of {want} seeds needs those of fewer seeds first (there are {have})")]
    Order {
        /// The databases present.
        have: u32,
        /// The seed count asked for.
        want: u32,
    },
    /// A plan asks for databases of more seeds than the solver builds for the game
    /// ([`Plan::MAX_CYCLIC_SEEDS`](crate::plan::Plan::MAX_CYCLIC_SEEDS)).
    #[error(
        "this solver builds {} databases of up to {max} seeds",
        capitalized(game)
    )]
    TooManySeeds {
        /// The game's name.
        game: &'static str,
        /// The seed count asked for.
        seeds: u32,
        /// The most it builds.
        max: u32,
    },
    /// A database's re-check found values that are not what their children give
    /// ([`check_table`](crate::build::check_table)).
    #[error(
        "database of {seeds} seeds: {wrong} of {boards} values are not what their children give, e.g. {examples:?}"
    )]
    Inconsistent {
        /// The seed count.
        seeds: u32,
        /// The wrong values.
        wrong: u64,
        /// The boards checked.
        boards: u64,
        /// The first few: rank, stored value, best over the children.
        examples: Vec<(u64, i8, i32)>,
    },
    /// A way to find the children that is not one
    /// ([`Children`](crate::retro::Children)'s names).
    #[error("{found:?}: the children are stored or replayed")]
    Children {
        /// The text given.
        found: String,
    },
    /// A move of a proven line is not legal where the line plays it.
    #[error("move {ply} of the proven line is not legal there")]
    IllegalLine {
        /// The move's place in the line (the first is 1).
        ply: usize,
    },
    /// Bounds valuing endless play by the rows' split, asked of a game whose
    /// repetition does not give each player their own row (or that has no cycles).
    #[error("{game} has no endless play valued by the rows' split (only urim and oware)")]
    NoRowSplit {
        /// The game's name.
        game: &'static str,
    },
    /// Bounds built by levels with the children replayed, for a game whose moves the
    /// solver cannot un-sow ([`Solvable::sowing`](crate::Solvable::sowing)).
    #[error("{game}'s moves cannot be un-sown: its children cannot be replayed by levels")]
    NoUnsowing {
        /// The game's name.
        game: &'static str,
    },
    /// A way of valuing endless play that is not one
    /// ([`Endless`](crate::file::Endless)'s names).
    #[error("{found:?}: endless play is valued by the rows or the extremes")]
    Endless {
        /// The text given.
        found: String,
    },
    /// The position is not of the game the databases are for.
    #[error("the position has {found} pits a side, the game {expected}")]
    Pits {
        /// The position's.
        found: usize,
        /// The game's.
        expected: usize,
    },
}

/// `name` with its first letter in upper case (`urim` → `Urim`).
fn capitalized(name: &str) -> String {
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
