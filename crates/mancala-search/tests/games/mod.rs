//! Small games for testing the engines: a tiny Kalah (a player whose last seed lands in
//! their store moves again, so the same player can move several times in a row), a
//! take-away game with a move that annuls the game, and a token going round a ring
//! (positions repeat all the time: the history rule decides many games).
#![allow(dead_code)]

use std::convert::Infallible;
use std::fmt;
use std::str::FromStr;

use mancala_core::arrayvec::ArrayVec;
use mancala_core::notation::{
    NotationError, parse_pit_letter, parse_row, pit_letter, split_fields,
};
use mancala_core::record::{Line, Record, Repetition};
use mancala_core::toy::Take;
use mancala_core::{Board, ByPlayer, Outcome, ParsePositionError, Player, Position, Status};
use mancala_search::Evaluator;
use mancala_search::score;
use mancala_search::score::Score;

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

impl<const N: usize> FromStr for Kalah<N> {
    type Err = ParsePositionError<Infallible>;
    /// `<South row>/<North row> <S store>-<N store> <side>`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let [board, stores, side] = split_fields::<3>(s)?;
        let (south, north) = board.split_once('/').ok_or(NotationError::RowCount {
            expected: 2,
            found: 1,
        })?;
        let row = |text: &str, name: &'static str| -> Result<[u8; N], NotationError> {
            let r = parse_row(text, name, u8::MAX)?;
            let mut out = [0; N];
            if r.len() != N {
                return Err(NotationError::PitCount {
                    row: name,
                    expected: N,
                    found: r.len(),
                });
            }
            for (o, v) in out.iter_mut().zip(r) {
                *o = v.unwrap_or(0);
            }
            Ok(out)
        };
        let bad = NotationError::NotANumber {
            row: "the stores",
            pit: 'a',
        };
        let (a, b) = stores.split_once('-').ok_or(bad)?;
        Ok(Kalah {
            pits: [row(south, "South")?, row(north, "North")?],
            stores: [a.parse().map_err(|_| bad)?, b.parse().map_err(|_| bad)?],
            to_move: side.parse()?,
        })
    }
}

impl<const N: usize> Position for Kalah<N> {
    type Move = Pit;
    type MoveList = ArrayVec<Pit, 16>;
    type Setup = Self;
    type SetupError = Infallible;
    type Reason = Infallible;

    fn from_setup(setup: Self) -> Result<Self, Infallible> {
        Ok(setup)
    }

    fn to_setup(&self) -> Self {
        *self
    }

    fn board(&self) -> Board {
        Board::two_rows(
            self.pits[0].map(Some),
            self.pits[1].map(Some),
            Some(ByPlayer::new(self.stores[0], self.stores[1]).map(u16::from)),
            self.to_move,
        )
    }

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

/// Seeds only leave the rows for the stores, and every move sends seeds forward, so no
/// position comes back: the stores stand for the captures.
impl<const N: usize> Repetition for Kalah<N> {
    type Captures = [u8; 2];
    fn captures(&self) -> [u8; 2] {
        self.stores
    }
    /// Never called: no position repeats.
    fn repetition_outcome(&self) -> Outcome {
        Outcome::new(None, 0)
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

impl fmt::Display for AnnulNim {
    /// `<heap> <side>`, `annulled` after it once annulled.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.heap, self.to_move)?;
        if self.annulled {
            f.write_str(" annulled")?;
        }
        Ok(())
    }
}

impl FromStr for AnnulNim {
    type Err = ParsePositionError<Infallible>;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let [heap, side] = split_fields::<2>(s)?;
        Ok(AnnulNim {
            heap: heap.parse().map_err(|_| NotationError::NotANumber {
                row: "the heap",
                pit: 'a',
            })?,
            to_move: side.parse()?,
            annulled: false,
        })
    }
}

impl Position for AnnulNim {
    type Move = NimMove;
    type MoveList = ArrayVec<NimMove, 3>;
    type Setup = Self;
    type SetupError = Infallible;
    type Reason = Infallible;

    fn from_setup(setup: Self) -> Result<Self, Infallible> {
        Ok(setup)
    }

    fn to_setup(&self) -> Self {
        *self
    }

    /// The heap as South's only pit.
    fn board(&self) -> Board {
        Board::two_rows([Some(self.heap)], [], None, self.to_move)
    }

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

/// The heap only shrinks and an annulled game is over: no position comes back.
impl Repetition for AnnulNim {
    type Captures = ();
    fn captures(&self) {}
    /// Never called: no position repeats.
    fn repetition_outcome(&self) -> Outcome {
        Outcome::new(None, 0)
    }
}

/// A token on a ring of 6 cells; a move steps it 1 or 2 cells on. Landing on cell 0
/// scores a point for the mover (a capture); 3 points win. Without a capture the token
/// comes round again and again, so in a [`History`](mancala_core::record::History) a
/// repeated position (cell, points, player to move) ends many games: the player with
/// more points then wins 1 point (equal points: a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ring {
    pub cell: u8,
    pub points: [u8; 2],
    pub to_move: Player,
}

impl Ring {
    pub const CELLS: u8 = 6;

    pub fn new(cell: u8, points: [u8; 2], to_move: Player) -> Self {
        Ring {
            cell,
            points,
            to_move,
        }
    }
}

impl fmt::Display for Ring {
    /// `<cell> <S points>-<N points> <side>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}-{} {}",
            self.cell, self.points[0], self.points[1], self.to_move
        )
    }
}

impl FromStr for Ring {
    type Err = ParsePositionError<Infallible>;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let [cell, points, side] = split_fields::<3>(s)?;
        let bad = NotationError::NotANumber {
            row: "the ring",
            pit: 'a',
        };
        let (a, b) = points.split_once('-').ok_or(bad)?;
        Ok(Ring {
            cell: cell.parse().map_err(|_| bad)?,
            points: [a.parse().map_err(|_| bad)?, b.parse().map_err(|_| bad)?],
            to_move: side.parse()?,
        })
    }
}

impl Position for Ring {
    type Move = Take;
    type MoveList = ArrayVec<Take, 2>;
    type Setup = Self;
    type SetupError = Infallible;
    type Reason = Infallible;

    fn from_setup(setup: Self) -> Result<Self, Infallible> {
        Ok(setup)
    }

    fn to_setup(&self) -> Self {
        *self
    }

    /// No pits; the points as the stores.
    fn board(&self) -> Board {
        Board::two_rows(
            [],
            [],
            Some(ByPlayer::new(self.points[0], self.points[1]).map(u16::from)),
            self.to_move,
        )
    }

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self) -> Self::MoveList {
        if self.status().is_finished() {
            ArrayVec::new()
        } else {
            [Take(1), Take(2)].into_iter().collect()
        }
    }

    fn play_unchecked(&mut self, m: Take) {
        self.cell = (self.cell + m.0) % Self::CELLS;
        if self.cell == 0 {
            self.points[self.to_move.index()] += 1;
        }
        self.to_move = self.to_move.opponent();
    }

    fn status(&self) -> Status {
        match self.points {
            [3, _] => Status::Over(Outcome::new(Some(Player::South), 1)),
            [_, 3] => Status::Over(Outcome::new(Some(Player::North), 1)),
            _ => Status::Ongoing,
        }
    }
}

impl Repetition for Ring {
    type Captures = [u8; 2];
    fn captures(&self) -> [u8; 2] {
        self.points
    }
    fn repetition_outcome(&self) -> Outcome {
        let [s, n] = self.points;
        match s.cmp(&n) {
            std::cmp::Ordering::Greater => Outcome::new(Some(Player::South), 1),
            std::cmp::Ordering::Less => Outcome::new(Some(Player::North), 1),
            std::cmp::Ordering::Equal => Outcome::new(None, 0),
        }
    }
}

/// A record of `p` without history rules.
pub fn line<P: Position>(p: P) -> Line<P> {
    Line::new(p)
}

/// Minimax from South's point of view (South maximises, North minimises), written
/// independently of the engine's side-relative negamax, over a copy of the record (so
/// with its history rules). Returns the value for the player to move, with the engine's
/// scoring of finished games and leaves.
pub fn absolute_minimax<R: Record, E: Evaluator<R::Position>>(
    game: &R,
    depth: u32,
    eval: &E,
) -> Score {
    fn for_south<R: Record, E: Evaluator<R::Position>>(
        g: &mut R,
        depth: u32,
        ply: usize,
        eval: &E,
    ) -> Score {
        let to_south = |s: Score, who: Player| if who == Player::South { s } else { -s };
        if let Some(s) = score::terminal_score(g.status(), Player::South, ply) {
            return s;
        }
        let p = g.position();
        if depth == 0 {
            return to_south(eval.evaluate(p), p.side_to_move());
        }
        let south = p.side_to_move() == Player::South;
        let mut values = Vec::new();
        for m in g.legal_moves() {
            g.play_unchecked(m);
            values.push(for_south(g, depth - 1, ply + 1, eval));
            g.undo();
        }
        if south {
            values.into_iter().max().unwrap()
        } else {
            values.into_iter().min().unwrap()
        }
    }
    let mut g = game.clone();
    let v = for_south(&mut g, depth, 0, eval);
    if game.position().side_to_move() == Player::South {
        v
    } else {
        -v
    }
}

/// A position reached by `plies` random moves from `start` (fewer if the game ends).
pub fn random_position<P: Position>(start: &P, plies: u32, seed: u64) -> P {
    random_game::<Line<P>>(start, plies, seed)
        .position()
        .clone()
}

/// A game record of `plies` random moves from `start` (fewer if the game ends).
pub fn random_game<R: Record>(start: &R::Position, plies: u32, seed: u64) -> R {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut g = R::new(start.clone());
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        g.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    g
}
