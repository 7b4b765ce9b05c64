//! Setting up rio-kadalis for the examples: `--pits 6` (default) or `--pits 5`,
//! `--clockwise`, `--from "<notation>"`. Moves go through the round record (`Game`), so a round
//! that repeats a position since the last capture ends as rule 4 ends it (the ruling in
//! `docs/rio-kadalis.md`).

use mancala::record::Record;
use mancala::rio_kadalis::{Game, Kadalis};

use super::{Runner, Variant};

/// Builds the starting game from the variant flags (or `--from`) and runs `runner`.
pub fn dispatch<R: Runner>(variant: &Variant, runner: R) -> Result<R::Output, String> {
    variant.check_flags("rio-kadalis", &[])?;
    if variant.seeds.is_some() {
        return Err("rio-kadalis has no option --seeds: every pit starts with 4 stones".into());
    }
    match (variant.pits.unwrap_or(6), variant.clockwise) {
        (6, false) => run::<6, false, R>(variant, runner),
        (6, true) => run::<6, true, R>(variant, runner),
        (5, false) => run::<5, false, R>(variant, runner),
        (5, true) => run::<5, true, R>(variant, runner),
        (n, _) => Err(format!("rio-kadalis has 5 or 6 pits per row, not {n}")),
    }
}

fn run<const N: usize, const CW: bool, R: Runner>(
    variant: &Variant,
    runner: R,
) -> Result<R::Output, String> {
    let start = match &variant.from {
        Some(text) => text
            .parse::<Kadalis<N, CW>>()
            .map_err(|e| super::bad_from("rio-kadalis", text, e))?,
        None => Kadalis::<N, CW>::new(),
    };
    runner.run(Game::<N, CW>::new(start))
}
