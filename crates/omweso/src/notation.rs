//! The position notation (RULINGS.md, Omweso notation).
//!
//! Between turns:
//! `<S inner a-h>/<S outer i-p>/<N inner a-h>/<N outer i-p> <S|N> <flags> <S>-<N>`.
//! In the middle of a turn (rule 5) a fifth field follows, an extension of this crate:
//! `<pit>+<hand>:<marks>` — the paused lap's origin and seeds in hand, and what the turn
//! has done so far: `c` the mover has captured, `a` / `h` they captured the opponent's
//! column `a`–`i` / `h`–`p`, `r` the opponent's inner row held seeds when the turn began
//! (`-` for none of these).

use core::fmt;
use core::str::FromStr;

use mancala_core::notation::{parse_open_row, parse_pair, parse_side, split_rows};
use mancala_core::{ByPlayer, NotationError, Player, Status};

use crate::pit::{LEFT_BLOCK, add, capturable, circuit_of_letter, total};
use crate::position::{Pending, Turn};
use crate::{Omweso, Pit, Rules};

/// The most seeds a pit can hold: all 64.
const PIT_LIMIT: u8 = 64;

/// The capture counts are kept below this.
const COUNT_LIMIT: u32 = u16::MAX as u32;

const ROW_NAMES: [&str; 4] = [
    "South's inner row",
    "South's outer row",
    "North's inner row",
    "North's outer row",
];

impl fmt::Display for Omweso {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, player) in Player::ALL.into_iter().enumerate() {
            let pits = self.pits(player);
            for (r, row) in pits.chunks(8).enumerate() {
                if k + r > 0 {
                    f.write_str("/")?;
                }
                for (i, s) in row.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{s}")?;
                }
            }
        }
        write!(f, " {} ", self.to_move)?;
        let mut any = false;
        for (on, ch) in [
            (self.first_turn_over.south, 's'),
            (self.first_turn_over.north, 'n'),
            (self.capture_made, 'c'),
        ] {
            if on {
                write!(f, "{ch}")?;
                any = true;
            }
        }
        if !any {
            f.write_str("-")?;
        }
        write!(
            f,
            " {}-{}",
            self.capture_turns.south, self.capture_turns.north
        )?;
        if let Some(p) = self.turn.pending {
            write!(f, " {}+{}:", p.origin().letter(), p.hand())?;
            let marks = [
                (self.turn.captured, 'c'),
                (self.turn.columns & 1 != 0, 'a'),
                (self.turn.columns & 0x80 != 0, 'h'),
                (self.turn.opponent_inner_at_start, 'r'),
            ];
            if marks.iter().any(|m| m.0) {
                for (on, ch) in marks {
                    if on {
                        write!(f, "{ch}")?;
                    }
                }
            } else {
                f.write_str("-")?;
            }
        }
        Ok(())
    }
}

/// Parses a field of letters that must appear in the order of `letters`, each at most
/// once, or `-` for none. Returns which are present.
fn parse_letters<const K: usize>(
    s: &str,
    letters: [char; K],
    what: &'static str,
) -> Result<[bool; K], NotationError> {
    let mut out = [false; K];
    if s == "-" {
        return Ok(out);
    }
    if s.is_empty() {
        return Err(NotationError::BadFlags { reason: what });
    }
    let mut next = 0;
    for ch in s.chars() {
        match letters[next..].iter().position(|&l| l == ch) {
            Some(k) => {
                out[next + k] = true;
                next += k + 1;
            }
            None => return Err(NotationError::BadFlags { reason: what }),
        }
    }
    Ok(out)
}

impl Omweso {
    /// Parses the notation with the given rule options (the notation does not hold
    /// them). The position is validated: 64 seeds, flags consistent with the capture
    /// counts, and a paused turn that is a real decision.
    ///
    /// A position whose player to move has no legal move is a finished game: the other
    /// player has won 1 point, or 12 if every pit of the player to move is empty
    /// ("Omweso flags").
    ///
    /// # Errors
    /// A [`NotationError`] saying what is wrong and where.
    pub fn from_notation(s: &str, rules: Rules) -> Result<Omweso, NotationError> {
        let mut fields = s.split_whitespace();
        let mut take = || fields.next();
        let (Some(board), Some(side), Some(flags), Some(counts)) = (take(), take(), take(), take())
        else {
            let found = s.split_whitespace().count();
            return Err(if found == 0 {
                NotationError::Empty
            } else {
                NotationError::FieldCount { expected: 4, found }
            });
        };
        let pending = take();
        if take().is_some() {
            return Err(NotationError::FieldCount {
                expected: 5,
                found: s.split_whitespace().count(),
            });
        }
        let rows = split_rows::<4>(board)?;
        let mut pits = [0u128; 2];
        for (r, text) in rows.iter().enumerate() {
            let row = parse_open_row::<8>(text, ROW_NAMES[r], PIT_LIMIT)?;
            let (player, first_letter) = (r / 2, (r % 2) * 8);
            for (i, &seeds) in row.iter().enumerate() {
                pits[player] = add(pits[player], circuit_of_letter(first_letter + i), seeds);
            }
        }
        let to_move = parse_side(side)?;
        let [s_over, n_over, capture_made] = parse_letters(
            flags,
            ['s', 'n', 'c'],
            "expected '-' or some of 's', 'n', 'c' in that order",
        )?;
        let (cs, cn) = parse_pair(counts, "the capture counts", COUNT_LIMIT)?;
        let capture_turns = ByPlayer::new(cs as u16, cn as u16);
        let first_turn_over = ByPlayer::new(s_over, n_over);
        if capture_made != (cs + cn > 0) {
            return Err(NotationError::Impossible {
                reason: "flag 'c' must be set exactly when a capture count is above 0",
            });
        }
        for p in Player::ALL {
            if capture_turns[p] > 0 && !first_turn_over[p] {
                return Err(NotationError::Impossible {
                    reason: "a player who captured has played their first turn (no capture on a first turn)",
                });
            }
        }
        if first_turn_over[to_move] && !first_turn_over[to_move.opponent()] {
            return Err(NotationError::Impossible {
                reason: "turns alternate: the player who has not yet played is to move",
            });
        }
        let mut p = Omweso {
            pits,
            to_move,
            first_turn_over,
            capture_made,
            capture_turns,
            turn: Turn::default(),
            rules,
            status: Status::Ongoing,
        };
        let hand = match pending {
            None => 0,
            Some(text) => {
                p.turn = parse_pending(text, &p)?;
                p.turn.pending.map_or(0, |q| u32::from(q.hand()))
            }
        };
        let found = total(pits[0]) + total(pits[1]) + hand;
        if found != 64 {
            return Err(NotationError::SeedTotal {
                expected: 64,
                found,
            });
        }
        if p.turn.pending.is_none() {
            p.status = p.status_between_turns();
        }
        Ok(p)
    }
}

/// Parses the mid-turn field `<pit>+<hand>:<marks>` and checks that it is a decision.
fn parse_pending(text: &str, p: &Omweso) -> Result<Turn, NotationError> {
    const SYNTAX: NotationError = NotationError::BadMove {
        reason: "a paused turn is written <pit>+<seeds in hand>:<marks>, e.g. a+5:cr",
    };
    let (lap, marks) = text.split_once(':').ok_or(SYNTAX)?;
    let (letter, hand) = lap.split_once('+').ok_or(SYNTAX)?;
    let mut chars = letter.chars();
    let (Some(ch), None) = (chars.next(), chars.next()) else {
        return Err(SYNTAX);
    };
    let origin = Pit::from_letter(ch)?;
    if hand.is_empty() || hand.len() > 2 || !hand.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SYNTAX);
    }
    let hand: u8 = hand.parse().map_err(|_| SYNTAX)?;
    let [captured, col_a, col_h, inner] = parse_letters(
        marks,
        ['c', 'a', 'h', 'r'],
        "turn marks: '-' or some of 'c', 'a', 'h', 'r' in that order",
    )?;
    if (col_a || col_h) && !captured {
        return Err(NotationError::Impossible {
            reason: "a column captured this turn needs the mark 'c'",
        });
    }
    let me = p.to_move;
    let c = origin.circuit_index();
    if LEFT_BLOCK >> c & 1 == 0 {
        return Err(NotationError::Impossible {
            reason: "a paused lap starts in the left block (a, b, i, j)",
        });
    }
    if !p.first_turn_over[me] {
        return Err(NotationError::Impossible {
            reason: "no decision pauses a player's first turn",
        });
    }
    let x = p.pits[me.index()];
    let opp = p.pits[me.opponent().index()];
    let (last, seeds) = crate::pit::lap_end(x, c, hand, true);
    if hand == 0 || !(seeds >= 2 && capturable(opp) >> last & 1 == 1) {
        return Err(NotationError::Impossible {
            reason: "the paused lap does not capture clockwise, so there is no decision",
        });
    }
    Ok(Turn {
        pending: Some(Pending::new(origin, hand)),
        captured,
        columns: u8::from(col_a) | (u8::from(col_h) << 7),
        opponent_inner_at_start: inner,
    })
}

impl FromStr for Omweso {
    type Err = NotationError;

    /// Parses the notation with the default rules (see [`Omweso::from_notation`]).
    fn from_str(s: &str) -> Result<Omweso, NotationError> {
        Omweso::from_notation(s, Rules::default())
    }
}
