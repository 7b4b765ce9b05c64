//! The terminal drawing of a board, read from the library's `Position::board()`.

use std::fmt::Write as _;

use mancala_core::notation::{Row, pit_letter};
use mancala_core::{Board, Player};

/// Draws the board for a terminal, North at the top, with pit letters seen from each
/// owner's left, the stores or captures (`store_name` says which), the seeds in hand of
/// a paused turn, and whose turn it is.
pub fn draw(b: &Board, store_name: &str) -> String {
    let mut out = String::new();
    let per_row = |p: Player| b.pits[p].len() / usize::from(b.rows_per_player.max(1));
    let width = per_row(Player::South).max(per_row(Player::North));
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
    let row_line = |label: &str, row: &[Option<u8>], reversed: bool| {
        let mut s = format!("{label:<8}");
        if reversed {
            row.iter().rev().for_each(|&v| s.push_str(&cell(v)));
        } else {
            row.iter().for_each(|&v| s.push_str(&cell(v)));
        }
        s
    };
    let rule = format!("        {}", "-".repeat(4 * width));
    let store = |p: Player| match b.stores {
        Some(s) => format!("  {store_name}  {}", s[p]),
        None => String::new(),
    };
    let _ = writeln!(out, "North{}", store(Player::North));
    let (s, n): (&Row, &Row) = (&b.pits.south, &b.pits.north);
    if b.rows_per_player == 2 {
        // North's outer row (i..) on top, then the inner rows facing each other.
        let (ni, no) = n.split_at(n.len() / 2);
        let (si, so) = s.split_at(s.len() / 2);
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
        let _ = writeln!(out, "{}", letters(0, n.len(), true));
        let _ = writeln!(out, "{}", row_line("", n, true));
        let _ = writeln!(out, "{rule}");
        let _ = writeln!(out, "{}", row_line("", s, false));
        let _ = writeln!(out, "{}", letters(0, s.len(), false));
    }
    let _ = writeln!(out, "South{}", store(Player::South));
    if b.in_hand > 0 {
        let _ = writeln!(out, "seeds in hand: {}", b.in_hand);
    }
    let who = match b.to_move {
        Player::South => "South",
        Player::North => "North",
    };
    let _ = write!(out, "{who} to move");
    out
}
