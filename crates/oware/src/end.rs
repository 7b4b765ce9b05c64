//! Why a game of Oware ends: its [`EndReason`]s, each with the name every front end
//! shows and the rule it cites (`docs/oware.md`).

use mancala_core::EndReason;

/// Rule 6: a store holds more than half of the seeds, or each holds exactly half; each
/// player takes the seeds in their own row.
pub const MAJORITY: EndReason = EndReason::new(&("majority", "rule 6"));

/// Rule 5: the player to move cannot move, or cannot feed the opponent; each player
/// takes the seeds in their own row (all of them the mover's).
pub const STARVATION: EndReason = EndReason::new(&("starvation", "rule 5"));

/// Rule 6, a rule of the game record: a move produced a position that occurred since the
/// last capture; each player takes the seeds in their own row.
pub const REPETITION: EndReason = EndReason::new(&("repetition", "rule 6"));

/// Every reason a game of Oware can end by.
pub const ALL: [EndReason; 3] = [MAJORITY, STARVATION, REPETITION];
