//! Setting up urim for the examples.
//!
//! `--pits 6|7` and `--seeds 3|4` choose the variant (default 2×6 with 3 seeds);
//! `--from "<notation>"` starts from a position instead, its row length giving the
//! number of pits. Moves are replayed through the game record, so a position repeated
//! since the last capture ends the game (rule 6).

use mancala::Player;
use mancala::record::Record;
use mancala::urim::{Game, Urim, row_length};

use super::{Runner, Variant};

/// Builds the starting game from the variant flags (or `--from`) and runs `runner`.
pub fn dispatch<R: Runner>(variant: &Variant, runner: R) -> Result<R::Output, String> {
    variant.check_flags("urim", &[])?;
    if variant.clockwise {
        return Err("urim is always sown counter-clockwise: --clockwise does not apply".into());
    }
    if let Some(seeds) = variant.seeds
        && seeds != 3
        && seeds != 4
    {
        return Err(format!(
            "--seeds: urim is played with 3 or 4 seeds per pit, not {seeds}"
        ));
    }
    let pits = match (&variant.from, variant.pits) {
        (Some(text), flag) => {
            let found = match row_length(text) {
                Some(n @ (6 | 7)) => n,
                Some(n) if n > 1 => {
                    return Err(super::bad_from(
                        "urim",
                        text,
                        format!("urim is played on rows of 6 or 7 pits, not {n}"),
                    ));
                }
                // Not notation at all: the notation's own error says why.
                _ => {
                    return Err(match text.parse::<Urim<6>>() {
                        Err(e) => super::bad_from("urim", text, e),
                        Ok(_) => super::bad_from("urim", text, "unreadable rows"),
                    });
                }
            };
            if let Some(p) = flag.filter(|&p| p != found) {
                return Err(format!(
                    "--pits {p} disagrees with --from, whose rows have {found} pits"
                ));
            }
            found
        }
        (None, p) => p.unwrap_or(6),
    };
    match pits {
        6 => run::<6, R>(variant, runner),
        7 => run::<7, R>(variant, runner),
        other => Err(format!(
            "--pits: urim is played on rows of 6 or 7 pits, not {other}"
        )),
    }
}

fn run<const N: usize, R: Runner>(variant: &Variant, runner: R) -> Result<R::Output, String> {
    let start = match &variant.from {
        Some(text) => {
            let p: Urim<N> = text.parse().map_err(|e| super::bad_from("urim", text, e))?;
            if let Some(seeds) = variant.seeds.filter(|&s| s != p.seeds_per_pit()) {
                return Err(format!(
                    "--seeds {seeds} disagrees with --from, which holds {} seeds ({} per pit)",
                    p.total(),
                    p.seeds_per_pit()
                ));
            }
            p
        }
        None => Urim::start_with(variant.seeds.unwrap_or(3), Player::South)
            .map_err(|e| e.to_string())?,
    };
    runner.run(Game::<N>::new(start))
}
