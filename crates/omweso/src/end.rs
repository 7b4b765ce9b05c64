//! Why a game of Omweso ends: its [`EndReason`]s, each with the name every front end
//! shows and the rule it cites (`docs/omweso.md`). (An endless turn annuls the game
//! instead, rule 8: no outcome, no reason.)

use mancala_core::EndReason;

/// Rule 7, the regular win (1 point): the opponent has no legal move (every pit holds
/// 0 or 1).
pub const REGULAR: EndReason = EndReason::new(&("regular", "rule 7"));

/// Rule 7, beheading (2 points): the mover's captures emptied the opponent's inner row,
/// or took all four of their corner pits ([`Beheading`](crate::Beheading) says which).
pub const BEHEADING: EndReason = EndReason::new(&("beheading", "rule 7"));

/// Rule 7, grand slam (12 points, the whole match): all the opponent's pits are empty.
pub const GRAND_SLAM: EndReason = EndReason::new(&("grand-slam", "rule 7"));

/// Rule 7, two captures first (2 points; an option, [`Rules`](crate::Rules)): the mover
/// has captured in two separate turns and the opponent in none.
pub const TWO_CAPTURES_FIRST: EndReason = EndReason::new(&("two-captures-first", "rule 7"));

/// Rule 9, blitz: the loser's move took more than 3 seconds (1 point; the match's
/// status, not the position's).
pub const FORFEIT: EndReason = EndReason::new(&("forfeit", "rule 9"));

/// Every reason a game of Omweso can end by.
pub const ALL: [EndReason; 5] = [REGULAR, BEHEADING, GRAND_SLAM, TWO_CAPTURES_FIRST, FORFEIT];
