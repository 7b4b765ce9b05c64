//! Why a round of Rio Kadalis ends: its [`EndReason`]s, each with the name every front
//! end shows and the rule it cites (`docs/rio-kadalis.md`). (An endless move annuls the
//! round instead, rule 3: no outcome, no reason.)

use mancala_core::EndReason;

/// Rule 4: the player to move has no stone in their open pits; each player takes the
/// stones in their own row.
pub const REGULAR: EndReason = EndReason::new(&("regular", "rule 4"));

/// Rule 6, a rule of the round record: a move produced a position that occurred in the
/// round since the last capture; the round ends as rule 4 ends it.
pub const REPETITION: EndReason = EndReason::new(&("repetition", "rule 6"));

/// Every reason a round of Rio Kadalis can end by.
pub const ALL: [EndReason; 2] = [REGULAR, REPETITION];
