//! Why a game of Kalah ends: its [`EndReason`], with the name every front end shows and
//! the rule it cites (`docs/kalah.md`).

use mancala_core::EndReason;

/// Rule K5: a side is empty (either side, or with [`Ending::MoverEmpty`] the mover's);
/// each player adds the seeds on their side to their store.
///
/// [`Ending::MoverEmpty`]: crate::Ending::MoverEmpty
pub const SIDE_EMPTY: EndReason = EndReason::new(&("side-empty", "rule K5"));

/// Every reason a game of Kalah can end by (no position repeats: rule K7).
pub const ALL: [EndReason; 1] = [SIDE_EMPTY];
