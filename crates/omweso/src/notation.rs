//! The position notation (RULINGS.md, Omweso notation).
//!
//! Between turns:
//! `<S inner a-h>/<S outer i-p>/<N inner a-h>/<N outer i-p> <S|N> <flags> <S>-<N>`.
//! In the middle of a turn (rule 5) a fifth field follows, an extension of this crate:
//! `<pit>+<hand>:<marks>` — the paused lap's origin and seeds in hand, and what the turn
//! has done so far: `c` the mover has captured, `a` / `h` they captured the opponent's
//! column `a`–`i` / `h`–`p`, `r` the opponent's inner row held seeds when the turn began
//! (`-` for none of these).
//!
//! Parsing is in two steps: [`parse_fields`] reads the text into plain data (syntax
//! only), and `Omweso::build` checks it against the rules.

use core::fmt;
use core::str::FromStr;

use mancala_core::notation::{parse_open_row, parse_pair, parse_side, split_rows};
use mancala_core::{ByPlayer, NotationError, Player};

use crate::position::{Pending, Turn};
use crate::{DEFAULT_CAP, Omweso, ParsePositionError, Pit, Rules, Setup};

/// The most seeds a pit may hold in the text; the total is checked when validated.
const PIT_LIMIT: u8 = u8::MAX;

/// The capture counts are kept below this.
const COUNT_LIMIT: u32 = u16::MAX as u32;

const ROW_NAMES: [&str; 4] = [
    "South's inner row",
    "South's outer row",
    "North's inner row",
    "North's outer row",
];

/// Writes the notation of a position between turns.
pub(crate) fn write_setup(f: &mut fmt::Formatter<'_>, s: &Setup) -> fmt::Result {
    for (k, player) in Player::ALL.into_iter().enumerate() {
        for (r, row) in s.pits[player].chunks(8).enumerate() {
            if k + r > 0 {
                f.write_str("/")?;
            }
            for (i, n) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{n}")?;
            }
        }
    }
    write!(f, " {} ", s.to_move)?;
    let mut any = false;
    for (on, ch) in [
        (s.first_turn_over.south, 's'),
        (s.first_turn_over.north, 'n'),
        (s.capture_made, 'c'),
    ] {
        if on {
            write!(f, "{ch}")?;
            any = true;
        }
    }
    if !any {
        f.write_str("-")?;
    }
    write!(f, " {}-{}", s.capture_turns.south, s.capture_turns.north)
}

impl FromStr for Setup {
    type Err = NotationError;

    /// Parses the position notation between turns (syntax only: the seeds and flags are
    /// checked by `from_setup`), with the default rules and cap.
    fn from_str(s: &str) -> Result<Setup, NotationError> {
        match parse_fields(s)? {
            (setup, None) => Ok(setup),
            (_, Some(_)) => Err(NotationError::Impossible {
                reason: "a setup is a position between turns: it has no paused turn",
            }),
        }
    }
}

impl fmt::Display for Setup {
    /// The position notation between turns,
    /// `<S inner a-h>/<S outer i-p>/<N inner a-h>/<N outer i-p> <S|N> <flags> <S>-<N>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_setup(f, self)
    }
}

impl fmt::Display for Omweso {
    /// The notation; a paused turn adds its fifth field.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = Setup {
            pits: ByPlayer::new(self.pits(Player::South), self.pits(Player::North)),
            to_move: self.to_move,
            rules: self.rules,
            cap: DEFAULT_CAP,
            first_turn_over: self.first_turn_over,
            capture_made: self.capture_made,
            capture_turns: self.capture_turns,
        };
        write_setup(f, &board)?;
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

/// Reads the notation into plain data, syntax only: the setup (default rules and cap)
/// and, for a paused turn, its state. `Omweso::build` checks both against the rules.
///
/// # Errors
/// A [`NotationError`] saying what is wrong and where.
pub(crate) fn parse_fields(s: &str) -> Result<(Setup, Option<Turn>), NotationError> {
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
    let mut pits = ByPlayer::new([0u8; 16], [0u8; 16]);
    for (r, text) in rows.iter().enumerate() {
        let row = parse_open_row::<8>(text, ROW_NAMES[r], PIT_LIMIT)?;
        let player = Player::ALL[r / 2];
        let first = (r % 2) * 8;
        pits[player][first..first + 8].copy_from_slice(&row);
    }
    let to_move = parse_side(side)?;
    let [s_over, n_over, capture_made] = parse_letters(
        flags,
        ['s', 'n', 'c'],
        "expected '-' or some of 's', 'n', 'c' in that order",
    )?;
    let (cs, cn) = parse_pair(counts, "the capture counts", COUNT_LIMIT)?;
    let setup = Setup {
        pits,
        to_move,
        rules: Rules::default(),
        cap: DEFAULT_CAP,
        first_turn_over: ByPlayer::new(s_over, n_over),
        capture_made,
        capture_turns: ByPlayer::new(cs as u16, cn as u16),
    };
    let turn = match pending {
        None => None,
        Some(text) => Some(parse_pending(text)?),
    };
    Ok((setup, turn))
}

/// Parses the mid-turn field `<pit>+<hand>:<marks>` (syntax only).
fn parse_pending(text: &str) -> Result<Turn, NotationError> {
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
    Ok(Turn {
        pending: Some(Pending::new(origin, hand)),
        captured,
        columns: u8::from(col_a) | (u8::from(col_h) << 7),
        opponent_inner_at_start: inner,
    })
}

impl Omweso {
    /// Parses the notation with the given rule options (the notation does not hold
    /// them), and validates the position as [`Position::from_setup`] does, plus a paused
    /// turn: it must be a real decision (rule 5).
    ///
    /// A position whose player to move has no legal move is a finished game: the other
    /// player has won 1 point, or 12 if every pit of the player to move is empty
    /// ("Omweso flags").
    ///
    /// [`Position::from_setup`]: crate::Position::from_setup
    ///
    /// # Errors
    /// [`ParsePositionError::Notation`] for text not in the notation,
    /// [`ParsePositionError::Setup`] for a position the rules refuse.
    pub fn from_notation(s: &str, rules: Rules) -> Result<Omweso, ParsePositionError> {
        let (mut setup, turn) = parse_fields(s)?;
        setup.rules = rules;
        Omweso::build(&setup, turn.unwrap_or_default()).map_err(ParsePositionError::Setup)
    }
}

impl FromStr for Omweso {
    type Err = ParsePositionError;

    /// Parses the notation with the default rules (see [`Omweso::from_notation`]).
    fn from_str(s: &str) -> Result<Omweso, ParsePositionError> {
        Omweso::from_notation(s, Rules::default())
    }
}
