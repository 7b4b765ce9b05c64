//! What re-checking a database found ([`CheckReport`]); the checks themselves are
//! [`build::check_table`](crate::build::check_table) and
//! [`retro::check_table`](crate::retro::check_table).

/// What re-checking one database found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// The seed count.
    pub seeds: u32,
    /// Boards checked.
    pub boards: u64,
    /// Boards whose stored value is not the best over their children.
    pub wrong: u64,
    /// The first few wrong boards: rank, stored value, best over the children.
    pub examples: Vec<(u64, i8, i32)>,
    /// For a game with cycles: boards whose bounds are right but differ (`L < U`).
    pub unresolved: u64,
    /// For a game with cycles: the sum of `U − L` over the boards (the mean gap is
    /// this over [`boards`](CheckReport::boards)).
    pub gap: u64,
}

impl CheckReport {
    /// The mean of `U − L` over the boards (0 for a game without cycles).
    #[must_use]
    pub fn mean_gap(&self) -> f64 {
        self.gap as f64 / self.boards.max(1) as f64
    }

    /// The report of `seeds` seeds made of the reports of its parts.
    pub(crate) fn merge(seeds: u32, parts: Vec<CheckReport>) -> CheckReport {
        let mut out = CheckReport {
            seeds,
            ..CheckReport::default()
        };
        for r in parts {
            out.boards += r.boards;
            out.wrong += r.wrong;
            out.unresolved += r.unresolved;
            out.gap += r.gap;
            for e in r.examples {
                if out.examples.len() < 8 {
                    out.examples.push(e);
                }
            }
        }
        out
    }
}
