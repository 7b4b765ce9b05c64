//! Small games for testing the engines: a tiny Kalah (a player whose last seed lands in
//! their store moves again, so the same player can move several times in a row) and a
//! take-away game with a move that annuls the game.
#![allow(dead_code)]

use std::fmt;
use std::str::FromStr;

use mancala_core::arrayvec::ArrayVec;
use mancala_core::notation::{NotationError, parse_pit_letter, pit_letter};
use mancala_core::{ByPlayer, Outcome, Player, Position, Status};
use mancala_search::score::{SEED, Score};
use mancala_search::{Evaluate, score};

/// Kalah with `N` pits a side: sow counter-clockwise through the own store (not the
/// opponent's); a last seed in the own store gives another move; a last seed in an own
/// empty pit captures it and the opposite pit if that holds seeds. The game ends when the
/// player to move has no seeds; each player then adds their row to their store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kalah<const N: usize> {
    pub pits: [[u8; N]; 2],
    pub stores: [u8; 2],
    pub to_move: Player,
}

/// A pit letter from the mover's left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pit(pub u8);

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", pit_letter(self.0 as usize))
    }
}

impl FromStr for Pit {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let mut c = s.chars();
        match (c.next(), c.next()) {
            (Some(ch), None) => Ok(Pit(parse_pit_letter(ch, 16)? as u8)),
            _ => Err(NotationError::BadMove {
                reason: "one letter",
            }),
        }
    }
}

impl<const N: usize> Kalah<N> {
    pub fn new(seeds: u8) -> Self {
        Kalah {
            pits: [[seeds; N]; 2],
            stores: [0; 2],
            to_move: Player::South,
        }
    }

    pub fn from_rows(south: [u8; N], north: [u8; N], stores: [u8; 2], to_move: Player) -> Self {
        Kalah {
            pits: [south, north],
            stores,
            to_move,
        }
    }

    fn row_sum(&self, p: Player) -> u16 {
        self.pits[p.index()].iter().map(|&n| u16::from(n)).sum()
    }

    pub fn totals(&self) -> ByPlayer<u16> {
        ByPlayer::from_fn(|p| u16::from(self.stores[p.index()]) + self.row_sum(p))
    }
}

impl<const N: usize> fmt::Display for Kalah<N> {
    /// `<South row>/<North row> <S store>-<N store> <side>`, like Urim.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (r, row) in self.pits.iter().enumerate() {
            if r > 0 {
                f.write_str("/")?;
            }
            for (i, n) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{n}")?;
            }
        }
        write!(f, " {}-{} {}", self.stores[0], self.stores[1], self.to_move)
    }
}

impl<const N: usize> Position for Kalah<N> {
    type Move = Pit;
    type MoveList = ArrayVec<Pit, 16>;

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self) -> Self::MoveList {
        let mut l = ArrayVec::new();
        if self.status().is_finished() {
            return l;
        }
        for (i, &n) in self.pits[self.to_move.index()].iter().enumerate() {
            if n > 0 {
                l.push(Pit(i as u8));
            }
        }
        l
    }

    fn play_unchecked(&mut self, m: Pit) {
        let me = self.to_move.index();
        let them = 1 - me;
        let start = m.0 as usize;
        let mut seeds = self.pits[me][start];
        assert!(seeds > 0, "empty pit");
        self.pits[me][start] = 0;
        // The mover's ring: own pits 0..N, own store N, opponent's pits N+1..=2N.
        let ring = 2 * N + 1;
        let mut at = start;
        while seeds > 0 {
            at = (at + 1) % ring;
            match at {
                a if a < N => self.pits[me][a] += 1,
                a if a == N => self.stores[me] += 1,
                a => self.pits[them][a - N - 1] += 1,
            }
            seeds -= 1;
        }
        if at == N {
            return; // another move for the same player
        }
        if at < N && self.pits[me][at] == 1 && self.pits[them][N - 1 - at] > 0 {
            self.stores[me] += 1 + self.pits[them][N - 1 - at];
            self.pits[me][at] = 0;
            self.pits[them][N - 1 - at] = 0;
        }
        self.to_move = self.to_move.opponent();
    }

    fn status(&self) -> Status {
        if self.row_sum(self.to_move) > 0 {
            return Status::Ongoing;
        }
        let t = self.totals();
        let winner = match t.south.cmp(&t.north) {
            std::cmp::Ordering::Greater => Some(Player::South),
            std::cmp::Ordering::Less => Some(Player::North),
            std::cmp::Ordering::Equal => None,
        };
        Status::Over(Outcome::with_totals(winner, u8::from(winner.is_some()), t))
    }
}

impl<const N: usize> Evaluate for Kalah<N> {
    fn evaluate(&self) -> Score {
        let me = self.to_move.index();
        (Score::from(self.stores[me]) - Score::from(self.stores[1 - me])) * SEED
    }
}

/// A take-away game (take 1 or 2; taking the last token wins) where a player facing a
/// heap of exactly 3 may also annul the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AnnulNim {
    pub heap: u8,
    pub to_move: Player,
    pub annulled: bool,
}

/// Take 1, take 2, or annul.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NimMove {
    Take(u8),
    Annul,
}

impl fmt::Display for NimMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NimMove::Take(n) => write!(f, "{n}"),
            NimMove::Annul => f.write_str("annul"),
        }
    }
}

impl FromStr for NimMove {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, NotationError> {
        match s {
            "1" => Ok(NimMove::Take(1)),
            "2" => Ok(NimMove::Take(2)),
            "annul" => Ok(NimMove::Annul),
            _ => Err(NotationError::BadMove {
                reason: "1, 2 or annul",
            }),
        }
    }
}

impl AnnulNim {
    pub fn new(heap: u8) -> Self {
        AnnulNim {
            heap,
            to_move: Player::South,
            annulled: false,
        }
    }
}

impl Position for AnnulNim {
    type Move = NimMove;
    type MoveList = ArrayVec<NimMove, 3>;

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self) -> Self::MoveList {
        let mut l = ArrayVec::new();
        if self.status().is_finished() {
            return l;
        }
        for k in 1..=2 {
            if self.heap >= k {
                l.push(NimMove::Take(k));
            }
        }
        if self.heap == 3 {
            l.push(NimMove::Annul);
        }
        l
    }

    fn play_unchecked(&mut self, m: NimMove) {
        match m {
            NimMove::Take(k) => {
                self.heap -= k;
                self.to_move = self.to_move.opponent();
            }
            // Like an endless move: the board stays as it was.
            NimMove::Annul => self.annulled = true,
        }
    }

    fn status(&self) -> Status {
        if self.annulled {
            Status::Annulled
        } else if self.heap == 0 {
            Status::Over(Outcome::new(Some(self.to_move.opponent()), 1))
        } else {
            Status::Ongoing
        }
    }
}

impl Evaluate for AnnulNim {
    fn evaluate(&self) -> Score {
        0
    }
}

/// Minimax from South's point of view (South maximises, North minimises), written
/// independently of the engine's side-relative negamax. Returns the value for the player
/// to move in `p`, with the engine's scoring of finished games and leaves.
pub fn absolute_minimax<P: Position + Evaluate>(p: &P, depth: u32) -> Score {
    fn for_south<P: Position + Evaluate>(p: &P, depth: u32, ply: usize) -> Score {
        let to_south = |s: Score, who: Player| if who == Player::South { s } else { -s };
        if let Some(s) = score::terminal_score(p.status(), Player::South, ply) {
            return s;
        }
        if depth == 0 {
            return to_south(p.evaluate(), p.side_to_move());
        }
        let values = p.legal_moves().into_iter().map(|m| {
            let mut c = p.clone();
            c.play_unchecked(m);
            for_south(&c, depth - 1, ply + 1)
        });
        if p.side_to_move() == Player::South {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }
    let v = for_south(p, depth, 0);
    if p.side_to_move() == Player::South {
        v
    } else {
        -v
    }
}

/// A position reached by `plies` random moves from `start` (fewer if the game ends).
pub fn random_position<P: Position>(start: &P, plies: u32, seed: u64) -> P {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut p = start.clone();
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    p
}
