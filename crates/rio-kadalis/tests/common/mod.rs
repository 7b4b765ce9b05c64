//! A slow, obviously correct reference implementation of Rio Kadalis, written straight
//! from the rule text of RULINGS.md (stone by stone, a `HashSet` of lap states for
//! endless moves, `Vec`s everywhere), sharing no code with the crate. The tests
//! cross-check the fast implementation against it.
#![allow(dead_code)]

use std::collections::HashSet;

/// A round position. `pits[0..n]` is South's row from South's left, `pits[n..2n]`
/// North's row from North's left; `None` is a closed pit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefRound {
    pub n: usize,
    pub clockwise: bool,
    pub pits: Vec<Option<u32>>,
    pub captured: [u32; 2],
    /// 0 South, 1 North.
    pub turn: usize,
    pub annulled: bool,
}

impl RefRound {
    /// Parses the notation (test input: panics on anything malformed).
    pub fn parse(s: &str, n: usize, clockwise: bool) -> RefRound {
        let fields: Vec<&str> = s.split(' ').collect();
        assert_eq!(fields.len(), 3, "{s}");
        let rows: Vec<&str> = fields[0].split('/').collect();
        assert_eq!(rows.len(), 2);
        let mut pits = Vec::new();
        for row in rows {
            let cells: Vec<&str> = row.split(',').collect();
            assert_eq!(cells.len(), n);
            for c in cells {
                pits.push(if c == "x" {
                    None
                } else {
                    Some(c.parse().unwrap())
                });
            }
        }
        let caps: Vec<u32> = fields[1].split('-').map(|c| c.parse().unwrap()).collect();
        let turn = match fields[2] {
            "S" => 0,
            "N" => 1,
            other => panic!("side {other}"),
        };
        RefRound {
            n,
            clockwise,
            pits,
            captured: [caps[0], caps[1]],
            turn,
            annulled: false,
        }
    }

    /// The notation.
    pub fn notation(&self) -> String {
        let row = |r: &[Option<u32>]| {
            r.iter()
                .map(|p| match p {
                    Some(k) => k.to_string(),
                    None => "x".to_string(),
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{}/{} {}-{} {}",
            row(&self.pits[..self.n]),
            row(&self.pits[self.n..]),
            self.captured[0],
            self.captured[1],
            if self.turn == 0 { "S" } else { "N" }
        )
    }

    fn row_sum(&self, player: usize) -> u32 {
        self.pits[player * self.n..(player + 1) * self.n]
            .iter()
            .map(|p| p.unwrap_or(0))
            .sum()
    }

    /// Rule 1: own open pits with at least one stone (indices from the owner's left).
    pub fn moves(&self) -> Vec<usize> {
        if self.annulled {
            return vec![];
        }
        (0..self.n)
            .filter(|&i| self.pits[self.turn * self.n + i].unwrap_or(0) > 0)
            .collect()
    }

    /// The next pit in the direction of play (closed pits are not skipped here).
    fn step(&self, k: usize) -> usize {
        let len = 2 * self.n;
        if self.clockwise {
            (k + len - 1) % len
        } else {
            (k + 1) % len
        }
    }

    /// Rule 2, stone by stone; rule 3 with a set of every lap state seen.
    pub fn play(&mut self, pit: usize) {
        assert!(self.moves().contains(&pit));
        let before = self.clone();
        let mover = self.turn;
        let mut at = self.turn * self.n + pit;
        let mut hand = self.pits[at].take().unwrap();
        self.pits[at] = Some(0);
        let mut seen: HashSet<(Vec<Option<u32>>, usize)> = HashSet::new();
        loop {
            // One lap: drop the stones in hand one by one.
            let mut binikh = false;
            while hand > 0 {
                at = self.step(at);
                let Some(count) = self.pits[at] else {
                    continue; // a closed pit is passed over
                };
                let count = count + 1;
                hand -= 1;
                self.pits[at] = Some(count);
                if count == 4 {
                    self.pits[at] = Some(0);
                    if hand > 0 {
                        // captured at once by the owner of that row
                        self.captured[at / self.n] += 4;
                    } else {
                        // binikh: the mover captures, the move ends
                        self.captured[mover] += 4;
                        binikh = true;
                    }
                }
            }
            if binikh || self.pits[at] == Some(1) {
                break;
            }
            // Relay: lift all stones of this pit and sow the next lap from it.
            if !seen.insert((self.pits.clone(), at)) {
                *self = before;
                self.annulled = true;
                return;
            }
            hand = self.pits[at].unwrap();
            self.pits[at] = Some(0);
        }
        self.turn = 1 - self.turn;
    }

    /// Stones won in the round so far: captured plus own row.
    pub fn totals(&self) -> [u32; 2] {
        [
            self.captured[0] + self.row_sum(0),
            self.captured[1] + self.row_sum(1),
        ]
    }

    /// `ongoing`, `annulled` or `over <S>-<N> <S|N|draw> <points>`.
    pub fn status(&self) -> String {
        if self.annulled {
            return "annulled".into();
        }
        if self.row_sum(self.turn) > 0 {
            return "ongoing".into();
        }
        self.over()
    }

    /// Rule 4's score: each player takes their row; more stones from the round wins.
    pub fn over(&self) -> String {
        let t = self.totals();
        let who = if t[0] > t[1] {
            "S 1"
        } else if t[1] > t[0] {
            "N 1"
        } else {
            "draw 0"
        };
        format!("over {}-{} {who}", t[0], t[1])
    }

    /// Stones on the board and captured.
    pub fn stones(&self) -> u32 {
        self.row_sum(0) + self.row_sum(1) + self.captured[0] + self.captured[1]
    }
}

/// A round with the repetition ruling, read literally: a move producing a position
/// (pits, closed pits, captures, player to move) that occurred in the round since the
/// last capture ends the round, scored as rule 4 scores it. The history is kept as the
/// notations of every position, from which the window since the last capture is found by
/// comparing captures each time.
#[derive(Clone, Debug)]
pub struct RefRecord {
    pub round: RefRound,
    pub history: Vec<RefRound>,
    pub repeated: bool,
}

impl RefRecord {
    pub fn new(round: RefRound) -> RefRecord {
        RefRecord {
            history: vec![round.clone()],
            round,
            repeated: false,
        }
    }

    pub fn moves(&self) -> Vec<usize> {
        if self.repeated {
            vec![]
        } else {
            self.round.moves()
        }
    }

    pub fn play(&mut self, pit: usize) {
        assert!(!self.repeated);
        self.round.play(pit);
        let captured = self.round.captured;
        // Since the last capture: the positions with the same captures (a capture
        // changes them, and they never come back).
        let notation = self.round.notation();
        self.repeated = !self.round.annulled
            && self
                .history
                .iter()
                .filter(|p| p.captured == captured && !p.annulled)
                .any(|p| p.notation() == notation);
        self.history.push(self.round.clone());
    }

    pub fn status(&self) -> String {
        if self.repeated {
            self.round.over()
        } else {
            self.round.status()
        }
    }
}

/// Perft over the reference.
pub fn ref_perft(p: &RefRound, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for m in p.moves() {
        let mut q = p.clone();
        q.play(m);
        total += ref_perft(&q, depth - 1);
    }
    total
}

/// A serial match, rule 5 read literally.
#[derive(Clone, Debug)]
pub struct RefMatch {
    pub round: RefRound,
    pub stocks: [u32; 2],
    pub reserve: [u32; 2],
    pub starter: usize,
    /// The round's record, for matches played with the repetition ruling.
    pub record: RefRecord,
}

impl RefMatch {
    pub fn new(n: usize, clockwise: bool, first: usize) -> RefMatch {
        let half = 4 * n as u32;
        RefMatch::from_stocks(n, clockwise, [half, half], first)
    }

    /// Each player fills pits with 4 from the rightmost leftwards while the stock holds
    /// 4; the rest are closed; what is left stays in reserve.
    pub fn from_stocks(n: usize, clockwise: bool, stocks: [u32; 2], first: usize) -> RefMatch {
        let mut pits = vec![None; 2 * n];
        let mut reserve = [0; 2];
        for player in 0..2 {
            let mut stock = stocks[player];
            for i in (0..n).rev() {
                if stock >= 4 {
                    pits[player * n + i] = Some(4);
                    stock -= 4;
                }
            }
            reserve[player] = stock;
        }
        let round = RefRound {
            n,
            clockwise,
            pits,
            captured: [0, 0],
            turn: first,
            annulled: false,
        };
        RefMatch {
            record: RefRecord::new(round.clone()),
            round,
            stocks,
            reserve,
            starter: first,
        }
    }

    /// Stocks for the next round, or `None` while the round goes on.
    pub fn next_stocks(&self) -> Option<[u32; 2]> {
        let s = if self.record.repeated {
            self.record.status()
        } else {
            self.round.status()
        };
        if s == "ongoing" {
            None
        } else if s == "annulled" {
            Some(self.stocks)
        } else {
            let t = self.round.totals();
            Some([self.reserve[0] + t[0], self.reserve[1] + t[1]])
        }
    }

    /// The match winner, if a stock is below 4.
    pub fn winner(&self) -> Option<usize> {
        let s = self.next_stocks()?;
        (0..2).find(|&p| s[p] < 4).map(|p| 1 - p)
    }

    /// Sets up the next round; false if the match is over or the round goes on.
    pub fn next_round(&mut self) -> bool {
        let Some(s) = self.next_stocks() else {
            return false;
        };
        if self.winner().is_some() {
            return false;
        }
        *self = RefMatch::from_stocks(self.round.n, self.round.clockwise, s, 1 - self.starter);
        true
    }

    pub fn stones(&self) -> u32 {
        self.round.stones() + self.reserve[0] + self.reserve[1]
    }

    /// Plays a move with the repetition ruling (`round` and `record` kept together).
    pub fn play_recorded(&mut self, pit: usize) {
        assert_eq!(self.record.round, self.round, "record out of step");
        self.record.play(pit);
        self.round = self.record.round.clone();
    }
}
