//! Why a game of Urim ends: its [`EndReason`]s, each with the name every front end
//! shows and the rule it cites (`docs/urim.md`).

use mancala_core::EndReason;

/// Rule 5: the player to move has no seeds in their row; the other player takes every
/// seed left on the board.
pub const STARVATION: EndReason = EndReason::new(&("starvation", "rule 5"));

/// Rule 6, a rule of the game record: a move produced a position that occurred since the
/// last capture; each player takes the seeds in their own row.
pub const REPETITION: EndReason = EndReason::new(&("repetition", "rule 6"));

/// Every reason a game of Urim can end by.
pub const ALL: [EndReason; 2] = [STARVATION, REPETITION];
