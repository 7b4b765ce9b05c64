//! A slow, obviously correct Omweso, written straight from RULINGS.md and independent of
//! the crate: pits by letter, seed by seed, and a `HashSet` of every state for endless
//! moves. Its notation is the crate's, so the two can be compared line by line.

use std::collections::HashSet;
use std::fmt;

/// Counter-clockwise order of a player's circuit (letters).
const CIRCUIT: &str = "ijklmnophgfedcba";

fn letter(l: usize) -> char {
    (b'a' + l as u8) as char
}

fn index_of(ch: char) -> usize {
    (ch as u8 - b'a') as usize
}

/// The next pit after `l` counter-clockwise (or clockwise).
fn next(l: usize, clockwise: bool) -> usize {
    let k = CIRCUIT.find(letter(l)).unwrap();
    let k = if clockwise {
        (k + 15) % 16
    } else {
        (k + 1) % 16
    };
    index_of(CIRCUIT.as_bytes()[k] as char)
}

fn is_inner(l: usize) -> bool {
    l < 8
}

fn column(l: usize) -> usize {
    l % 8
}

fn in_left_block(l: usize) -> bool {
    column(l) < 2
}

/// The opponent's inner and outer pits facing my inner pit `l`: column 7 - column.
fn facing(l: usize) -> (usize, usize) {
    let c = 7 - column(l);
    (c, 8 + c)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RStatus {
    Ongoing,
    Won(usize, u8),
    Annulled,
}

/// A paused turn and what the turn has done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RTurn {
    pub pending: Option<(usize, u32)>,
    pub captured: bool,
    pub columns: [bool; 8],
    pub opp_inner_at_start: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ref {
    /// `board[player][letter]`, letters a..p.
    pub board: [[u32; 16]; 2],
    pub to_move: usize,
    pub first_done: [bool; 2],
    pub capture_made: bool,
    pub counts: [u32; 2],
    pub two_captures_first: bool,
    pub turn: RTurn,
    pub status: RStatus,
}

impl Ref {
    /// From the crate's notation (parsed by hand here, trusting the input).
    pub fn parse(s: &str, two_captures_first: bool) -> Ref {
        let f: Vec<&str> = s.split_whitespace().collect();
        let rows: Vec<Vec<u32>> = f[0]
            .split('/')
            .map(|r| r.split(',').map(|x| x.parse().unwrap()).collect())
            .collect();
        let mut board = [[0; 16]; 2];
        for p in 0..2 {
            for i in 0..8 {
                board[p][i] = rows[2 * p][i];
                board[p][8 + i] = rows[2 * p + 1][i];
            }
        }
        let to_move = if f[1] == "S" { 0 } else { 1 };
        let (a, b) = f[3].split_once('-').unwrap();
        let mut r = Ref {
            board,
            to_move,
            first_done: [f[2].contains('s'), f[2].contains('n')],
            capture_made: f[2].contains('c'),
            counts: [a.parse().unwrap(), b.parse().unwrap()],
            two_captures_first,
            turn: RTurn {
                pending: None,
                captured: false,
                columns: [false; 8],
                opp_inner_at_start: false,
            },
            status: RStatus::Ongoing,
        };
        if let Some(p) = f.get(4) {
            let (lap, marks) = p.split_once(':').unwrap();
            let (pit, hand) = lap.split_once('+').unwrap();
            r.turn.pending = Some((index_of(pit.chars().next().unwrap()), hand.parse().unwrap()));
            r.turn.captured = marks.contains('c');
            r.turn.columns[0] = marks.contains('a');
            r.turn.columns[7] = marks.contains('h');
            r.turn.opp_inner_at_start = marks.contains('r');
        } else if !r.board[to_move].iter().any(|&s| s >= 2) {
            let all_empty = r.board[to_move].iter().all(|&s| s == 0);
            r.status = RStatus::Won(1 - to_move, if all_empty { 12 } else { 1 });
        }
        r
    }

    fn first_turn(&self) -> bool {
        !self.first_done[self.to_move]
    }

    /// Rule 4 (and rule 6): does a lap whose last seed fell into `q`, which held `before`
    /// seeds before that seed, capture?
    fn captures(&self, board: &[[u32; 16]; 2], q: usize, before: u32) -> bool {
        let me = self.to_move;
        let (fi, fo) = facing(q);
        !self.first_turn()
            && is_inner(q)
            && before > 0
            && board[1 - me][fi] > 0
            && board[1 - me][fo] > 0
    }

    /// Drops `hand` seeds one by one after `origin`; returns the last pit and what it held
    /// before the last seed.
    fn sow(board: &mut [u32; 16], origin: usize, hand: u32, clockwise: bool) -> (usize, u32) {
        let mut p = origin;
        let mut before = 0;
        for _ in 0..hand {
            p = next(p, clockwise);
            before = board[p];
            board[p] += 1;
        }
        (p, before)
    }

    /// Would a clockwise lap of `hand` seeds from `origin`, on the board as it is now,
    /// end in a capture?
    fn clockwise_captures(&self, origin: usize, hand: u32) -> bool {
        let mut b = self.board;
        let (q, before) = Ref::sow(&mut b[self.to_move], origin, hand, true);
        self.captures(&b, q, before)
    }

    pub fn legal_moves(&self) -> Vec<String> {
        let mut v = Vec::new();
        if self.status != RStatus::Ongoing {
            return v;
        }
        if let Some((o, _)) = self.turn.pending {
            return vec![format!("{}", letter(o)), format!("{}-", letter(o))];
        }
        let me = self.to_move;
        for l in 0..16 {
            let n = self.board[me][l];
            if n >= 2 {
                v.push(format!("{}", letter(l)));
                if in_left_block(l) {
                    let mut lifted = self.clone();
                    lifted.board[me][l] = 0;
                    if lifted.clockwise_captures(l, n) {
                        v.push(format!("{}-", letter(l)));
                    }
                }
            }
            if n == 3 && !self.capture_made {
                v.push(format!("{}*", letter(l)));
            }
        }
        v
    }

    /// Plays a legal move (written as text). Returns the laps sown.
    pub fn play(&mut self, m: &str) -> u64 {
        let before = self.clone();
        let l = index_of(m.chars().next().unwrap());
        let clockwise = m.ends_with('-');
        let me = self.to_move;
        let (origin, hand) = match self.turn.pending.take() {
            Some(p) => p,
            None => {
                self.turn = RTurn {
                    pending: None,
                    captured: false,
                    columns: [false; 8],
                    opp_inner_at_start: self.board[1 - me][..8].iter().any(|&s| s > 0),
                };
                if m.ends_with('*') {
                    // Rule 2c.
                    self.board[me][l] = 0;
                    let a = next(l, false);
                    self.board[me][a] += 2;
                    self.board[me][next(a, false)] += 1;
                    self.end_turn();
                    return 1;
                }
                let n = self.board[me][l];
                self.board[me][l] = 0;
                (l, n)
            }
        };
        match self.run(origin, hand, clockwise) {
            Ok(laps) => laps,
            Err(laps) => {
                *self = before;
                self.status = RStatus::Annulled;
                laps
            }
        }
    }

    /// Rules 3-5 and 8: laps until the turn ends or pauses; `Err` if a state repeats.
    fn run(&mut self, mut origin: usize, mut hand: u32, mut clockwise: bool) -> Result<u64, u64> {
        let me = self.to_move;
        let mut seen = HashSet::new();
        let mut laps = 0;
        loop {
            laps += 1;
            let (q, before) = Ref::sow(&mut self.board[me], origin, hand, clockwise);
            if before == 0 {
                self.end_turn();
                return Ok(laps);
            }
            let board = self.board;
            if self.captures(&board, q, before) {
                let (fi, fo) = facing(q);
                hand = self.board[1 - me][fi] + self.board[1 - me][fo];
                self.board[1 - me][fi] = 0;
                self.board[1 - me][fo] = 0;
                self.turn.captured = true;
                self.turn.columns[7 - column(q)] = true;
                // Re-sow from the capturing lap's origin, which keeps its seeds.
                if in_left_block(origin) && self.clockwise_captures(origin, hand) {
                    self.turn.pending = Some((origin, hand));
                    return Ok(laps);
                }
                clockwise = false;
                continue;
            }
            // Relay.
            hand = self.board[me][q];
            self.board[me][q] = 0;
            origin = q;
            if in_left_block(q) && self.clockwise_captures(q, hand) {
                self.turn.pending = Some((q, hand));
                return Ok(laps);
            }
            if !seen.insert((self.board, origin, hand)) {
                return Err(laps);
            }
            clockwise = false;
        }
    }

    /// Rule 7 (its endings in the order of the rule text).
    #[allow(clippy::if_same_then_else)]
    fn end_turn(&mut self) {
        let me = self.to_move;
        let opp = 1 - me;
        self.first_done[me] = true;
        if self.turn.captured {
            self.capture_made = true;
            self.counts[me] += 1;
        }
        let o = &self.board[opp];
        let inner_empty = o[..8].iter().all(|&s| s == 0);
        let points = if o.iter().all(|&s| s == 0) {
            12
        } else if (self.turn.opp_inner_at_start && inner_empty)
            || (self.turn.columns[0] && self.turn.columns[7])
        {
            2
        } else if self.two_captures_first && self.counts[me] >= 2 && self.counts[opp] == 0 {
            2
        } else if o.iter().all(|&s| s <= 1) {
            1
        } else {
            0
        };
        self.turn = RTurn {
            pending: None,
            captured: false,
            columns: [false; 8],
            opp_inner_at_start: false,
        };
        self.to_move = opp;
        self.status = if points > 0 {
            RStatus::Won(me, points)
        } else {
            RStatus::Ongoing
        };
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        for m in self.legal_moves() {
            let mut c = self.clone();
            c.play(&m);
            n += c.perft(depth - 1);
        }
        n
    }
}

impl fmt::Display for Ref {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = |p: usize, from: usize| -> String {
            self.board[p][from..from + 8]
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(f, "{}/{}/{}/{}", row(0, 0), row(0, 8), row(1, 0), row(1, 8))?;
        write!(f, " {}", if self.to_move == 0 { "S" } else { "N" })?;
        let mut flags = String::new();
        if self.first_done[0] {
            flags.push('s');
        }
        if self.first_done[1] {
            flags.push('n');
        }
        if self.capture_made {
            flags.push('c');
        }
        if flags.is_empty() {
            flags.push('-');
        }
        write!(f, " {flags} {}-{}", self.counts[0], self.counts[1])?;
        if let Some((o, h)) = self.turn.pending {
            let mut marks = String::new();
            if self.turn.captured {
                marks.push('c');
            }
            if self.turn.columns[0] {
                marks.push('a');
            }
            if self.turn.columns[7] {
                marks.push('h');
            }
            if self.turn.opp_inner_at_start {
                marks.push('r');
            }
            if marks.is_empty() {
                marks.push('-');
            }
            write!(f, " {}+{h}:{marks}", letter(o))?;
        }
        Ok(())
    }
}
