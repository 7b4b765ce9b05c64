//! Setting up omweso for the examples.
//!
//! Flags: `--two-captures-first` (the optional ending of rule 7), `--north-first` (North
//! makes the first move of the standard start) and `--by-lot` (the first player of the
//! standard start is drawn by lot, rule 1). Without them South starts. `--from` takes a
//! position in the notation of RULINGS.md (or a paused turn, see `docs/omweso.md`).
//! Replay goes through the game record.

use mancala::Player;
use mancala::omweso::{Game, Omweso, Rules};
use mancala::record::Record;

use super::{Runner, Variant};

/// The flags omweso understands.
const FLAGS: &[&str] = &["two-captures-first", "north-first", "by-lot"];

/// Builds the starting game from the variant flags (or `--from`) and runs `runner`.
pub fn dispatch<R: Runner>(variant: &Variant, runner: R) -> Result<R::Output, String> {
    variant.check_flags("omweso", FLAGS)?;
    if variant.pits.is_some() || variant.seeds.is_some() || variant.clockwise {
        return Err("omweso has no --pits, --seeds or --clockwise: its board is fixed".into());
    }
    let flag = |f: &str| variant.flags.iter().any(|g| g == f);
    let rules = Rules {
        two_captures_first: flag("two-captures-first"),
    };
    let start = match &variant.from {
        Some(text) => {
            if flag("north-first") || flag("by-lot") {
                return Err(
                    "--from gives the player to move: drop --north-first and --by-lot".into(),
                );
            }
            Omweso::from_notation(text, rules).map_err(|e| super::bad_from("omweso", text, e))?
        }
        None => {
            let first = if flag("north-first") && flag("by-lot") {
                return Err("choose --north-first or --by-lot, not both".into());
            } else if flag("north-first") {
                Player::North
            } else if flag("by-lot") {
                let nanos = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.subsec_nanos());
                if (nanos >> 10) & 1 == 0 {
                    Player::South
                } else {
                    Player::North
                }
            } else {
                Player::South
            };
            Omweso::start_with(rules, first)
        }
    };
    runner.run(Game::new(start))
}
