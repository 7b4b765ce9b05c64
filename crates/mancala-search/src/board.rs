//! A game-neutral reading of the games' position notation, for drawing boards and for
//! [`NotationEval`](crate::eval::NotationEval).
//!
//! The three games write a position as space-separated fields: first the board (rows
//! separated by `/`, pits by `,`, `x` for a closed pit), then the side to move (`S` or
//! `N`) and other fields. Two-row boards (Urim, Rio Kadalis) are South's row then
//! North's, each from its owner's left, followed by the stores or captures `<S>-<N>`;
//! four-row boards (Omweso) are South inner, South outer, North inner, North outer.

use core::fmt::Write as _;

use mancala_core::arrayvec::ArrayVec;
use mancala_core::notation::{MAX_ROW, Row, pit_letter};
use mancala_core::{ByPlayer, Player};

/// A board read from notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The rows in notation order (2 or 4).
    pub rows: ArrayVec<Row, 4>,
    /// The stores or captured seeds of a two-row game, `<S>-<N>` after the board.
    pub stores: Option<ByPlayer<u16>>,
    /// The player to move.
    pub side: Player,
}

impl Board {
    /// Reads a position's notation; `None` if it does not look like one of the games'.
    /// Allocates nothing.
    ///
    /// ```
    /// use mancala_core::Player;
    /// use mancala_search::board::Board;
    /// let b = Board::parse("4,4,4,4,4,4/x,4,4,4,4,4 3-1 N").unwrap();
    /// assert_eq!(b.rows.len(), 2);
    /// assert_eq!(b.rows[1][0], None);
    /// assert_eq!(b.stores.unwrap().south, 3);
    /// assert_eq!(b.side, Player::North);
    /// ```
    #[must_use]
    pub fn parse(text: &str) -> Option<Board> {
        let mut fields = text.split_whitespace();
        let board = fields.next()?;
        let mut rows = ArrayVec::new();
        for r in board.split('/') {
            let mut row = Row::new();
            for pit in r.split(',') {
                let v = if pit == "x" {
                    None
                } else {
                    Some(pit.parse::<u8>().ok()?)
                };
                row.try_push(v).ok()?;
            }
            rows.try_push(row).ok()?;
        }
        if rows.len() != 2 && rows.len() != 4 {
            return None;
        }
        let mut stores = None;
        let mut side = None;
        for f in fields {
            match f {
                "S" => side = side.or(Some(Player::South)),
                "N" => side = side.or(Some(Player::North)),
                _ => {
                    // The first `a-b` pair before the side is the stores (two-row games).
                    if side.is_none()
                        && stores.is_none()
                        && rows.len() == 2
                        && let Some((a, b)) = f.split_once('-')
                    {
                        stores = Some(ByPlayer::new(a.parse().ok()?, b.parse().ok()?));
                    }
                }
            }
        }
        Some(Board {
            rows,
            stores,
            side: side?,
        })
    }

    /// Draws the board as text for a terminal, North at the top, with pit letters seen
    /// from each owner's left, the stores or captures, and whose turn it is.
    ///
    /// `store_name` names what the `<S>-<N>` pair counts (`"store"`, `"captured"`).
    ///
    /// ```
    /// use mancala_search::board::Board;
    /// let b = Board::parse("1,2,3/4,5,6 7-8 S").unwrap();
    /// let text = b.draw("store");
    /// assert!(text.contains("North  store  8"));
    /// let lines: Vec<&str> = text.lines().collect();
    /// // North's row runs right to left as seen from South's seat.
    /// assert!(lines.iter().any(|l| l.contains("6   5   4")));
    /// assert!(lines.iter().any(|l| l.contains("1   2   3")));
    /// assert!(text.contains("South to move"));
    /// ```
    #[must_use]
    pub fn draw(&self, store_name: &str) -> String {
        let mut out = String::new();
        let width = self
            .rows
            .iter()
            .map(|r| r.len())
            .max()
            .unwrap_or(0)
            .min(MAX_ROW);
        let cell = |v: Option<u8>| match v {
            Some(n) => format!("{n:>3} "),
            None => "  x ".to_string(),
        };
        let letters = |offset: usize, len: usize, reversed: bool| {
            let mut s = String::from("        ");
            let idx: Vec<usize> = if reversed {
                (0..len).rev().collect()
            } else {
                (0..len).collect()
            };
            for i in idx {
                let _ = write!(s, "  {} ", pit_letter(offset + i));
            }
            s
        };
        let row_line = |label: &str, row: &Row, reversed: bool| {
            let mut s = format!("{label:<8}");
            if reversed {
                row.iter().rev().for_each(|&v| s.push_str(&cell(v)));
            } else {
                row.iter().for_each(|&v| s.push_str(&cell(v)));
            }
            s
        };
        let rule = format!("        {}", "-".repeat(4 * width));
        let store = |p: Player| match self.stores {
            Some(s) => format!("  {store_name}  {}", s[p]),
            None => String::new(),
        };
        let _ = writeln!(out, "North{}", store(Player::North));
        if self.rows.len() == 4 {
            // North's outer row (i..) on top, then the inner rows facing each other.
            let (ni, no, si, so) = (&self.rows[2], &self.rows[3], &self.rows[0], &self.rows[1]);
            let _ = writeln!(out, "{}", letters(ni.len(), no.len(), true));
            let _ = writeln!(out, "{}", row_line("outer", no, true));
            let _ = writeln!(out, "{}", row_line("inner", ni, true));
            let _ = writeln!(out, "{}", letters(0, ni.len(), true));
            let _ = writeln!(out, "{rule}");
            let _ = writeln!(out, "{}", letters(0, si.len(), false));
            let _ = writeln!(out, "{}", row_line("inner", si, false));
            let _ = writeln!(out, "{}", row_line("outer", so, false));
            let _ = writeln!(out, "{}", letters(si.len(), so.len(), false));
        } else {
            let (s, n) = (&self.rows[0], &self.rows[1]);
            let _ = writeln!(out, "{}", letters(0, n.len(), true));
            let _ = writeln!(out, "{}", row_line("", n, true));
            let _ = writeln!(out, "{rule}");
            let _ = writeln!(out, "{}", row_line("", s, false));
            let _ = writeln!(out, "{}", letters(0, s.len(), false));
        }
        let _ = writeln!(out, "South{}", store(Player::South));
        let who = match self.side {
            Player::South => "South",
            Player::North => "North",
        };
        let _ = write!(out, "{who} to move");
        out
    }
}
