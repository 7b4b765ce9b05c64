//! A slow, obvious implementation of Urim written straight from RULINGS.md (seed by
//! seed, a `Vec` board, a `HashSet` history), cross-checked against the crate on perft
//! counts, on the perft file, and on thousands of random games.

use std::collections::HashSet;

use mancala_testkit::{Rng, perft_file};
use urim::{ByPlayer, Game, Move, Player, Position, Record, Status, Urim};

/// The reference position: `pits[0..n]` South's row, `pits[n..2n]` North's, both from
/// their owner's left; `to_move` 0 for South, 1 for North.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Ref {
    n: usize,
    pits: Vec<u8>,
    stores: [u16; 2],
    to_move: usize,
}

impl Ref {
    fn from_urim<const N: usize>(p: &Urim<N>) -> Ref {
        let s = p.to_setup();
        let mut pits = s.pits.south.to_vec();
        pits.extend_from_slice(&s.pits.north);
        Ref {
            n: N,
            pits,
            stores: [s.stores.south.into(), s.stores.north.into()],
            to_move: s.to_move.index(),
        }
    }

    fn notation(&self) -> String {
        let row = |r: &[u8]| {
            r.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{}/{} {}-{} {}",
            row(&self.pits[..self.n]),
            row(&self.pits[self.n..]),
            self.stores[0],
            self.stores[1],
            if self.to_move == 0 { "S" } else { "N" }
        )
    }

    fn in_row(&self, player: usize, pit: usize) -> bool {
        pit / self.n == player
    }

    fn row_sum(&self, player: usize) -> u16 {
        self.pits[player * self.n..(player + 1) * self.n]
            .iter()
            .map(|&x| u16::from(x))
            .sum()
    }

    /// Rules 3 and 4: the position after sowing the mover's pit `i`, and whether a seed
    /// fell into the opponent's row.
    fn sow(&self, i: usize) -> (Ref, bool) {
        let me = self.to_move;
        let opp = 1 - me;
        let len = 2 * self.n;
        let mut b = self.clone();
        let origin = me * self.n + i;
        let mut hand = b.pits[origin];
        b.pits[origin] = 0;
        let mut pit = origin;
        let mut fed = false;
        while hand > 0 {
            pit = (pit + 1) % len;
            if pit == origin || b.pits[pit] == 17 {
                continue;
            }
            b.pits[pit] += 1;
            hand -= 1;
            if b.in_row(opp, pit) {
                fed = true;
            }
        }
        if b.in_row(opp, pit) && (b.pits[pit] == 2 || b.pits[pit] == 3) {
            let mut q = pit;
            loop {
                b.stores[me] += u16::from(b.pits[q]);
                b.pits[q] = 0;
                if q == opp * self.n {
                    break;
                }
                q -= 1;
                if !(2..=4).contains(&b.pits[q]) {
                    break;
                }
            }
        }
        b.to_move = opp;
        (b, fed)
    }

    /// Rule 2 (and 5: no moves once the mover has no seeds).
    fn legal(&self) -> Vec<usize> {
        let me = self.to_move;
        let candidates: Vec<usize> = (0..self.n)
            .filter(|&i| self.pits[me * self.n + i] > 0)
            .collect();
        if self.row_sum(1 - me) == 0 {
            let feeding: Vec<usize> = candidates
                .iter()
                .copied()
                .filter(|&i| self.sow(i).1)
                .collect();
            if !feeding.is_empty() {
                return feeding;
            }
        }
        candidates
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal()
            .into_iter()
            .map(|i| self.sow(i).0.perft(depth - 1))
            .sum()
    }

    fn total(&self) -> u16 {
        self.row_sum(0) + self.row_sum(1) + self.stores[0] + self.stores[1]
    }

    /// Rule 7 by a table of the thresholds written out in RULINGS.md.
    fn points(&self, totals: [u16; 2]) -> (Option<usize>, u8) {
        let (one, two) = match self.total() {
            36 => (19, 27),
            42 => (22, 32),
            48 => (25, 36),
            56 => (29, 42),
            t => panic!("total {t}"),
        };
        for (p, &t) in totals.iter().enumerate() {
            if t >= two {
                return (Some(p), 2);
            }
            if t >= one {
                return (Some(p), 1);
            }
        }
        (None, 0)
    }

    /// Rule 5: the totals and points if the mover is starved.
    fn starved(&self) -> Option<([u16; 2], Option<usize>, u8)> {
        let me = self.to_move;
        if self.row_sum(me) > 0 {
            return None;
        }
        let mut totals = self.stores;
        totals[1 - me] += self.row_sum(1 - me);
        let (w, pts) = self.points(totals);
        Some((totals, w, pts))
    }
}

fn expect_status(
    totals: [u16; 2],
    winner: Option<usize>,
    points: u8,
    reason: urim::EndReason,
) -> Status {
    Status::Over(
        urim::Outcome::with_totals(
            winner.map(|w| Player::from_index(w).unwrap()),
            points,
            ByPlayer::new(totals[0], totals[1]),
        )
        .with_reason(reason),
    )
}

fn starts<const N: usize>() -> [Urim<N>; 2] {
    [
        Urim::start_with(3, Player::South).unwrap(),
        Urim::start_with(4, Player::South).unwrap(),
    ]
}

#[test]
fn perft_of_the_starts_agrees() {
    for (p, depth) in [(starts::<6>()[0], 6), (starts::<6>()[1], 6)] {
        assert_eq!(
            mancala_core::perft::perft(&p, depth),
            Ref::from_urim(&p).perft(depth)
        );
    }
    for p in starts::<7>() {
        assert_eq!(
            mancala_core::perft::perft(&p, 5),
            Ref::from_urim(&p).perft(5)
        );
    }
}

/// Every count of the perft file up to `max_nodes`, by the reference.
fn check_perft_file(max_nodes: u64) -> usize {
    let mut checked = 0;
    for case in perft_file(include_str!("urim.perft")) {
        let r = match urim::row_length(&case.position) {
            Some(6) => Ref::from_urim(&case.position.parse::<Urim<6>>().unwrap()),
            Some(7) => Ref::from_urim(&case.position.parse::<Urim<7>>().unwrap()),
            _ => panic!("case {}: bad row length", case.id),
        };
        assert_eq!(r.notation(), case.position, "case {}", case.id);
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
    assert!(check_perft_file(200_000) > 10);
}

/// Every count of the perft file, by the reference (slow: minutes).
#[test]
#[ignore = "slow: run with --ignored --release"]
fn perft_file_agrees_with_the_reference_in_full() {
    check_perft_file(u64::MAX);
}

/// Plays random games with the crate's record and the reference side by side, comparing
/// positions, legal moves and endings (rules 2–7, and 6 through the record).
fn random_games<const N: usize>(start: Urim<N>, games: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    for g in 0..games {
        let mut game = Game::new(start);
        let mut r = Ref::from_urim(&start);
        let mut seen = HashSet::from([(r.pits.clone(), r.to_move)]);
        for ply in 0.. {
            assert_eq!(
                game.position().to_string(),
                r.notation(),
                "game {g} ply {ply}"
            );
            let legal: Vec<usize> = game.legal_moves().iter().map(|m| m.index()).collect();
            if let Some((totals, w, pts)) = r.starved() {
                assert!(legal.is_empty());
                let starved = urim::end::STARVATION;
                assert_eq!(game.status(), expect_status(totals, w, pts, starved));
                break;
            }
            assert_eq!(legal, r.legal(), "game {g} ply {ply}: {}", r.notation());
            assert_eq!(game.status(), Status::Ongoing);
            let i = legal[rng.below(legal.len())];
            game.play(Move::from_index(i).unwrap()).unwrap();
            let before = r.stores;
            r = r.sow(i).0;
            if r.stores != before {
                seen.clear();
            }
            if !seen.insert((r.pits.clone(), r.to_move)) {
                // Rule 6: each player takes their own row.
                assert_eq!(game.position().to_string(), r.notation());
                let totals = [r.stores[0] + r.row_sum(0), r.stores[1] + r.row_sum(1)];
                let (w, pts) = r.points(totals);
                assert!(game.is_repetition());
                let repeated = urim::end::REPETITION;
                assert_eq!(game.status(), expect_status(totals, w, pts, repeated));
                assert!(game.legal_moves().is_empty());
                break;
            }
        }
    }
}

#[test]
fn random_games_agree_with_the_reference() {
    let [a, b] = starts::<6>();
    random_games(a, 1000, 1);
    random_games(b, 1000, 2);
    let [c, d] = starts::<7>();
    random_games(c, 1000, 3);
    random_games(d, 1000, 4);
    // North starting, and from a midgame position with full pits.
    random_games(Urim::<6>::start_with(3, Player::North).unwrap(), 300, 5);
    random_games(
        "17,2,0,1,0,3/0,1,2,0,4,1 9-8 S".parse::<Urim<6>>().unwrap(),
        300,
        6,
    );
}
