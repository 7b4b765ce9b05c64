//! A slow, obvious implementation of Kalah written straight from docs/kalah.md (seed by
//! seed, walking the board cell by cell, rows as `Vec`s), cross-checked against the
//! crate on thousands of random games under every rule option, and on perft counts.

use kalah::{Ending, Kalah, MAX_PITS, Move, Player, Position, Rules, Status};
use mancala_core::perft::perft;
use mancala_testkit::{Rng, perft_file};

/// Where a seed can be: a player's pit (from its owner's left), or a player's store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Pit(usize, usize),
    Store(usize),
}

/// The reference position: `rows[0]` South's pits, `rows[1]` North's, from their owner's
/// left; `to_move` 0 for South, 1 for North.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Ref {
    rows: [Vec<u8>; 2],
    stores: [u16; 2],
    to_move: usize,
    empty_capture: bool,
    mover_empty: bool,
}

impl Ref {
    fn from_kalah(p: &Kalah) -> Ref {
        let s = p.to_setup();
        let m = usize::from(s.rules.pits);
        Ref {
            rows: [s.pits.south[..m].to_vec(), s.pits.north[..m].to_vec()],
            stores: [s.stores.south.into(), s.stores.north.into()],
            to_move: s.to_move.index(),
            empty_capture: s.rules.empty_capture,
            mover_empty: s.rules.ending == Ending::MoverEmpty,
        }
    }

    fn m(&self) -> usize {
        self.rows[0].len()
    }

    fn notation(&self) -> String {
        let row = |r: &[u8]| {
            r.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let mut options = Vec::new();
        if self.empty_capture {
            options.push("empty-capture");
        }
        if self.mover_empty {
            options.push("mover-empty");
        }
        let mut s = format!(
            "{}/{} {}-{} {}",
            row(&self.rows[0]),
            row(&self.rows[1]),
            self.stores[0],
            self.stores[1],
            if self.to_move == 0 { "S" } else { "N" }
        );
        if !options.is_empty() {
            s.push(' ');
            s.push_str(&options.join(","));
        }
        s
    }

    fn side(&self, player: usize) -> u16 {
        self.rows[player].iter().map(|&n| u16::from(n)).sum()
    }

    /// K5: over when either side is empty, or (mover-empty) the mover's.
    fn is_finished(&self) -> bool {
        let me = self.side(self.to_move) == 0;
        let other = self.side(1 - self.to_move) == 0;
        if self.mover_empty { me } else { me || other }
    }

    /// K6: store plus own side, more wins.
    fn result(&self) -> Option<(Option<usize>, [u16; 2])> {
        if !self.is_finished() {
            return None;
        }
        let t = [self.stores[0] + self.side(0), self.stores[1] + self.side(1)];
        let winner = match t[0].cmp(&t[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        Some((winner, t))
    }

    fn moves(&self) -> Vec<usize> {
        if self.is_finished() {
            return Vec::new();
        }
        (0..self.m())
            .filter(|&i| self.rows[self.to_move][i] > 0)
            .collect()
    }

    /// The cell after `c` for a sowing by `me` (K2): along a row from its owner's left,
    /// then that owner's store, which is skipped when it is the opponent's.
    fn next(&self, c: Cell, me: usize) -> Cell {
        match c {
            Cell::Pit(side, i) if i + 1 < self.m() => Cell::Pit(side, i + 1),
            Cell::Pit(side, _) if side == me => Cell::Store(me),
            Cell::Pit(side, _) => Cell::Pit(1 - side, 0),
            Cell::Store(side) => Cell::Pit(1 - side, 0),
        }
    }

    fn play(&self, pit: usize) -> Ref {
        self.play_noting_capture(pit).0
    }

    /// The position after the mover's pit `pit`, and whether the move captured.
    fn play_noting_capture(&self, pit: usize) -> (Ref, bool) {
        let me = self.to_move;
        let mut captured = false;
        let mut b = self.clone();
        let mut hand = b.rows[me][pit];
        b.rows[me][pit] = 0;
        let mut at = Cell::Pit(me, pit);
        while hand > 0 {
            at = b.next(at, me);
            match at {
                Cell::Pit(side, i) => b.rows[side][i] += 1,
                Cell::Store(side) => b.stores[side] += 1,
            }
            hand -= 1;
        }
        match at {
            // K3: the mover moves again.
            Cell::Store(_) => {}
            Cell::Pit(side, i) => {
                // K4: the last seed alone in an own pit.
                if side == me && b.rows[me][i] == 1 {
                    let opposite = b.m() - 1 - i;
                    let taken = b.rows[1 - me][opposite];
                    if taken > 0 || b.empty_capture {
                        b.stores[me] += u16::from(taken) + 1;
                        b.rows[me][i] = 0;
                        b.rows[1 - me][opposite] = 0;
                        captured = true;
                    }
                }
                b.to_move = 1 - me;
            }
        }
        (b, captured)
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|i| self.play(i).perft(depth - 1))
            .sum()
    }
}

/// Compares the crate and the reference in one position: notation, moves, status.
fn compare(p: &Kalah, r: &Ref) {
    assert_eq!(p.to_string(), r.notation());
    let moves: Vec<usize> = p.legal_moves().iter().map(|m| m.index()).collect();
    assert_eq!(moves, r.moves(), "moves of {p}");
    match (p.status(), r.result()) {
        (Status::Ongoing, None) => {}
        (Status::Over(o), Some((winner, t))) => {
            assert_eq!(o.winner.map(Player::index), winner, "{p}");
            let totals = o.totals.unwrap();
            assert_eq!([totals.south, totals.north], t, "{p}");
            assert_eq!(o.points, u8::from(winner.is_some()));
        }
        (s, r) => panic!("{p}: status {s} against the reference's {r:?}"),
    }
}

/// A random start: 1 to 10 pits, 1 to as many seeds a pit as fit 255, any options,
/// either player first.
fn random_rules(rng: &mut Rng) -> (Rules, u8, Player) {
    let pits = 1 + rng.below(MAX_PITS) as u8;
    let most = (255 / (2 * u16::from(pits))).min(12) as usize;
    let seeds = 1 + rng.below(most) as u8;
    let rules = Rules {
        pits,
        empty_capture: rng.below(2) == 1,
        ending: if rng.below(2) == 1 {
            Ending::MoverEmpty
        } else {
            Ending::AnySideEmpty
        },
    };
    let first = if rng.below(2) == 1 {
        Player::North
    } else {
        Player::South
    };
    (rules, seeds, first)
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut rng = Rng::new(0x6b61_6c61);
    let (mut plies, mut captures, mut extra, mut laps) = (0u64, 0u64, 0u64, 0u64);
    let mut options = [0u64; 4];
    for _ in 0..4000 {
        let (rules, seeds, first) = random_rules(&mut rng);
        let setup = kalah::Setup::start(rules, seeds, first);
        let mut p = Kalah::from_setup(setup).unwrap();
        let mut r = Ref::from_kalah(&p);
        options[usize::from(rules.empty_capture) * 2
            + usize::from(rules.ending == Ending::MoverEmpty)] += 1;
        loop {
            compare(&p, &r);
            let moves = r.moves();
            if moves.is_empty() {
                break;
            }
            let i = moves[rng.below(moves.len())];
            if usize::from(r.rows[r.to_move][i]) > 2 * r.m() {
                laps += 1;
            }
            let (next, captured) = r.play_noting_capture(i);
            extra += u64::from(next.to_move == r.to_move);
            captures += u64::from(captured);
            r = next;
            p.play(Move::from_index(i).unwrap()).unwrap();
            plies += 1;
        }
    }
    println!(
        "{plies} plies, {captures} with captures, {extra} extra turns, {laps} laps, options {options:?}"
    );
    assert!(plies > 100_000 && captures > 5_000 && extra > 10_000 && laps > 100);
    assert!(options.iter().all(|&n| n > 800), "{options:?}");
}

#[test]
fn random_positions_agree_with_the_reference() {
    // Positions dealt at random (not reached from a start), every option, any mover.
    let mut rng = Rng::new(11);
    for _ in 0..20_000 {
        let (rules, _, first) = random_rules(&mut rng);
        let m = usize::from(rules.pits);
        let mut setup = kalah::Setup::start(rules, 0, first);
        let total = rng.below(60);
        for _ in 0..total {
            let k = rng.below(2 * m + 2);
            match k {
                k if k < m => setup.pits.south[k] += 1,
                k if k < 2 * m => setup.pits.north[k - m] += 1,
                k if k == 2 * m => setup.stores.south += 1,
                _ => setup.stores.north += 1,
            }
        }
        let p = Kalah::from_setup(setup).unwrap();
        let r = Ref::from_kalah(&p);
        compare(&p, &r);
        for i in r.moves() {
            let q = p.after(Move::from_index(i).unwrap()).unwrap();
            compare(&q, &r.play(i));
        }
    }
}

#[test]
fn perft_agrees_with_the_reference_under_every_option() {
    for text in [
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S",
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S empty-capture",
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S mover-empty",
        "3,3,3,3/3,3,3,3 0-0 N empty-capture,mover-empty",
        "1,0,0,0,0,9/0,14,0,0,2,0 10-12 S",
        "0,0,0,0,0,0/1,2,3,0,0,0 20-22 N mover-empty",
        "20,0,1/0,0,20 0-0 S",
        "2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2 0-0 N",
    ] {
        let p: Kalah = text.parse().unwrap();
        let r = Ref::from_kalah(&p);
        for d in 0..=5 {
            assert_eq!(perft(&p, d), r.perft(d), "{text} depth {d}");
        }
    }
}

const VECTORS: &str = include_str!("kalah.perft");

/// Every count of the perft file up to `max_nodes` from the reference.
fn check_file(max_nodes: u64) -> usize {
    let mut checked = 0;
    for case in perft_file(VECTORS) {
        let p: Kalah = case.position.parse().unwrap();
        let r = Ref::from_kalah(&p);
        for &(depth, nodes) in &case.counts {
            if nodes <= max_nodes {
                assert_eq!(r.perft(depth), nodes, "case {} depth {depth}", case.id);
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn perft_file_agrees_with_the_reference() {
    assert!(check_file(200_000) >= 20);
}

#[test]
#[ignore = "the reference's perft of the file's counts: run in an optimised build (CI's long tests)"]
fn perft_file_agrees_with_the_reference_in_full() {
    // Every count but OpenSpiel's deepest (318,739,550 leaves; see the file's notes).
    let cases = perft_file(VECTORS);
    let all: usize = cases.iter().map(|c| c.counts.len()).sum();
    assert_eq!(check_file(100_000_000), all - 1);
}
