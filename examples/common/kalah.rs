//! Setting up kalah for the examples.
//!
//! `--pits N` (1 to 10, default 6) and `--seeds S` (default 4) choose the board;
//! `--empty-capture` and `--mover-empty` the options of docs/kalah.md (rules K4b, K5b);
//! `--from "<notation>"` starts from a position instead (its rows give the pits, its
//! options field the options). No position of Kalah repeats, so the game record keeps
//! no history rule.

use mancala::kalah::{Ending, Game, Kalah, Rules};
use mancala::record::Record;

use super::{Runner, Variant};

/// Builds the starting game from the variant flags (or `--from`) and runs `runner`.
pub fn dispatch<R: Runner>(variant: &Variant, runner: R) -> Result<R::Output, String> {
    variant.check_flags("kalah", &["empty-capture", "mover-empty"])?;
    if variant.clockwise {
        return Err("kalah is sown counter-clockwise: --clockwise does not apply".into());
    }
    let flag = |f: &str| variant.flags.iter().any(|g| g == f);
    let start = match &variant.from {
        Some(text) => {
            if variant.pits.is_some() || variant.seeds.is_some() || !variant.flags.is_empty() {
                return Err(
                    "--pits, --seeds and the options do not apply with --from: the notation gives them"
                        .into(),
                );
            }
            text.parse::<Kalah>()
                .map_err(|e| super::bad_from("kalah", text, e))?
        }
        None => {
            let pits = variant.pits.unwrap_or(6);
            let rules = Rules {
                pits: u8::try_from(pits)
                    .map_err(|_| format!("--pits: kalah has 1 to 10 pits a side, not {pits}"))?,
                empty_capture: flag("empty-capture"),
                ending: if flag("mover-empty") {
                    Ending::MoverEmpty
                } else {
                    Ending::AnySideEmpty
                },
            };
            Kalah::start_with(rules, variant.seeds.unwrap_or(4), mancala::Player::South)
                .map_err(|e| format!("--pits, --seeds: {e}"))?
        }
    };
    runner.run(Game::new(start))
}
