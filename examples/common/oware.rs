//! Setting up oware for the examples.
//!
//! `--seeds 4|3` chooses the variant (default 4); `--from "<notation>"` starts from a
//! position instead. Moves are replayed through the game record, so a position repeated
//! since the last capture ends the game.

use mancala::Player;
use mancala::oware::{Game, Oware};
use mancala::record::Record;

use super::{Runner, Variant};

/// Builds the starting game from the variant flags (or `--from`) and runs `runner`.
pub fn dispatch<R: Runner>(variant: &Variant, runner: R) -> Result<R::Output, String> {
    variant.check_flags("oware", &[])?;
    if variant.clockwise {
        return Err("oware is sown counter-clockwise: --clockwise does not apply".into());
    }
    if variant.pits.is_some_and(|p| p != 6) {
        return Err("--pits: oware is played on rows of 6 pits".into());
    }
    let start = match (&variant.from, variant.seeds) {
        (Some(_), Some(_)) => {
            return Err("--seeds does not apply with --from: the position gives the seeds".into());
        }
        (Some(text), None) => text
            .parse::<Oware>()
            .map_err(|e| super::bad_from("oware", text, e))?,
        (None, seeds) => Oware::start_with(seeds.unwrap_or(4), Player::South)
            .map_err(|e| format!("--seeds: {e}"))?,
    };
    runner.run(Game::new(start))
}
