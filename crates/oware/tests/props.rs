//! Property tests: conservation, legality, notation round trips, robustness, and a
//! cross-check against a slow reference implementation written from the rule text.

use mancala_testkit::{Rng, check_position, counted, random_game};
use oware::{ByPlayer, Game, Move, Oware, Player, Position, Record, Setup, Status};
use proptest::prelude::*;

/// The rules again, seed by seed, as plainly as possible: board index 0..6 South,
/// 6..12 North, counter-clockwise = +1.
#[derive(Clone, Debug, PartialEq)]
struct Reference {
    pits: [u32; 12],
    stores: [u32; 2],
    mover: usize,
    total: u32,
}

impl Reference {
    fn from(p: &Oware) -> Self {
        let mut pits = [0; 12];
        for (i, n) in p
            .row(Player::South)
            .iter()
            .chain(p.row(Player::North).iter())
            .enumerate()
        {
            pits[i] = u32::from(*n);
        }
        Reference {
            pits,
            stores: [u32::from(p.stores().south), u32::from(p.stores().north)],
            mover: p.side_to_move().index(),
            total: u32::from(p.total()),
        }
    }

    fn own(&self, who: usize) -> std::ops::Range<usize> {
        who * 6..who * 6 + 6
    }

    fn finished_by_stores(&self) -> bool {
        let half = self.total / 2;
        self.stores[0] > half
            || self.stores[1] > half
            || (2 * self.stores[0] == self.total && 2 * self.stores[1] == self.total)
    }

    fn moves(&self) -> Vec<usize> {
        if self.finished_by_stores() {
            return vec![];
        }
        let opp_empty = self.own(1 - self.mover).all(|i| self.pits[i] == 0);
        (0..6)
            .filter(|&k| {
                let i = self.mover * 6 + k;
                if self.pits[i] == 0 {
                    return false;
                }
                if !opp_empty {
                    return true;
                }
                // Does the sowing drop a seed in the opponent's row?
                let mut copy = self.clone();
                copy.sow(i);
                copy.own(1 - self.mover).any(|j| copy.pits[j] > 0)
            })
            .collect()
    }

    fn sow(&mut self, origin: usize) -> usize {
        let mut hand = self.pits[origin];
        self.pits[origin] = 0;
        let mut i = origin;
        while hand > 0 {
            i = (i + 1) % 12;
            if i == origin {
                continue;
            }
            self.pits[i] += 1;
            hand -= 1;
        }
        i
    }

    fn play(&mut self, k: usize) {
        let last = self.sow(self.mover * 6 + k);
        let opp = 1 - self.mover;
        if self.own(opp).contains(&last) {
            let mut after = self.pits;
            let mut taken = 0;
            let mut i = last;
            while self.own(opp).contains(&i) && (after[i] == 2 || after[i] == 3) {
                taken += after[i];
                after[i] = 0;
                if i == opp * 6 {
                    break;
                }
                i -= 1;
            }
            let slam = self.own(opp).all(|j| after[j] == 0);
            if taken > 0 && !slam {
                self.pits = after;
                self.stores[self.mover] += taken;
            }
        }
        self.mover = opp;
    }

    fn perft(&self, d: u32) -> u64 {
        if d == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|k| {
                let mut c = self.clone();
                c.play(k);
                c.perft(d - 1)
            })
            .sum()
    }
}

fn same(p: &Oware, r: &Reference) {
    assert_eq!(&Reference::from(p), r, "{p}");
    let ours: Vec<usize> = p.legal_moves().iter().map(|m| m.index()).collect();
    assert_eq!(ours, r.moves(), "moves of {p}");
}

#[test]
fn thousands_of_random_games_agree_with_the_reference() {
    let mut rng = Rng::new(42);
    for game in 0..3000 {
        let seeds = if game % 2 == 0 { 4 } else { 3 };
        let mut p = Oware::start_with(seeds, Player::ALL[game % 2]).unwrap();
        let mut r = Reference::from(&p);
        for _ in 0..400 {
            same(&p, &r);
            let moves = p.legal_moves();
            if moves.is_empty() {
                assert!(p.status().is_finished());
                break;
            }
            let m = moves[rng.below(moves.len())];
            p.play(m).unwrap();
            r.play(m.index());
        }
    }
}

/// Every count of `oware.perft` of at most `max_nodes` nodes, by the reference. Returns
/// how many were checked.
fn check_perft_file(max_nodes: u64) -> usize {
    let mut checked = 0;
    for case in mancala_testkit::perft_file(include_str!("oware.perft")) {
        let p: Oware = case.position.parse().unwrap();
        let r = Reference::from(&p);
        for &(depth, nodes) in &case.counts {
            if nodes <= max_nodes {
                assert_eq!(r.perft(depth), nodes, "case {} depth {depth}", case.id);
                checked += 1;
            }
        }
    }
    checked
}

/// The perft file against the reference, the counts up to 200,000 nodes (depth 7).
#[test]
fn perft_file_agrees_with_the_reference() {
    assert_eq!(check_perft_file(200_000), 14);
}

/// Every count of the perft file against the reference (about 150 million nodes, some
/// 20 seconds optimised); CI runs it in its long-tests build.
#[test]
#[ignore = "slow: CI runs it in the long-tests profile"]
fn perft_file_agrees_with_the_reference_in_full() {
    assert_eq!(check_perft_file(u64::MAX), 22);
}

#[test]
fn perft_agrees_with_the_reference_on_midgame_positions() {
    let mut rng = Rng::new(9);
    for _ in 0..40 {
        let start = random_game(&Oware::new(), &mut rng, 30, |_| {});
        let r = Reference::from(&start);
        assert_eq!(mancala_core::perft::perft(&start, 4), r.perft(4), "{start}");
    }
}

fn arb_position() -> impl Strategy<Value = Oware> {
    // Deal 48 seeds among the 12 pits and two stores at random.
    (proptest::collection::vec(0usize..14, 48), any::<bool>()).prop_map(|(spots, north)| {
        let mut cells = [0u8; 14];
        for s in spots {
            cells[s] += 1;
        }
        let mut setup = Setup::start(0, if north { Player::North } else { Player::South });
        setup.pits.south.copy_from_slice(&cells[..6]);
        setup.pits.north.copy_from_slice(&cells[6..12]);
        setup.stores = ByPlayer::new(cells[12], cells[13]);
        Oware::from_setup(setup).unwrap()
    })
}

#[test]
fn seeds_are_conserved_and_moves_agree() {
    // The main branch: the dealt position goes on, so moves are played and checked.
    counted(
        "seeds_are_conserved_and_moves_agree",
        256,
        (arb_position(), any::<u64>()),
        |(p, seed)| {
            let mut rng = Rng::new(seed);
            random_game(&p, &mut rng, 200, |q| {
                let on_board: u16 = q.seeds_in_row(Player::South) + q.seeds_in_row(Player::North);
                assert_eq!(
                    on_board + u16::from(q.stores().south) + u16::from(q.stores().north),
                    48
                );
                check_position(q, (0..6).filter_map(Move::from_index));
                same_board(q);
                if let Status::Over(o) = q.status() {
                    let t = o.totals.unwrap();
                    assert_eq!(t.south + t.north, 48);
                }
            });
            Ok(p.status() == Status::Ongoing)
        },
    );
}

#[test]
fn notation_round_trips() {
    counted("notation_round_trips", 256, arb_position(), |p| {
        prop_assert_eq!(p.to_string().parse::<Oware>().unwrap(), p);
        Ok(true)
    });
}

#[test]
fn parsers_never_panic() {
    counted(
        "parsers_never_panic",
        256,
        (".{0,40}", "[0-9,/ SN-]{0,40}"),
        |(s, t)| {
            let _ = s.parse::<Oware>();
            let _ = t.parse::<Oware>();
            let _ = s.parse::<Move>();
            let _ = s.parse::<Setup>();
            let _ = t.parse::<Setup>();
            Ok(true)
        },
    );
}

/// A position dealt with 48 seeds where the mover's pit `k` is empty.
fn with_empty_pit() -> impl Strategy<Value = (Oware, usize)> {
    (
        proptest::collection::vec(0usize..13, 48),
        any::<bool>(),
        0usize..6,
    )
        .prop_map(|(spots, north, k)| {
            let mover = if north { Player::North } else { Player::South };
            // Cell 13 is the other cells' last: pit k of the mover is skipped.
            let skip = mover.index() * 6 + k;
            let mut cells = [0u8; 14];
            for s in spots {
                cells[if s >= skip { s + 1 } else { s }] += 1;
            }
            let mut setup = Setup::start(0, mover);
            setup.pits.south.copy_from_slice(&cells[..6]);
            setup.pits.north.copy_from_slice(&cells[6..12]);
            setup.stores = ByPlayer::new(cells[12], cells[13]);
            (Oware::from_setup(setup).unwrap(), k)
        })
}

#[test]
fn checked_play_of_an_empty_pit_changes_nothing() {
    counted(
        "checked_play_of_an_empty_pit_changes_nothing",
        256,
        with_empty_pit(),
        |(p, k)| {
            let m = Move::from_index(k).unwrap();
            let mut q = p;
            let e = q.play(m);
            prop_assert!(
                matches!(
                    e,
                    Err(oware::IllegalMove::EmptyPit { .. } | oware::IllegalMove::GameOver)
                ),
                "{:?}",
                e
            );
            prop_assert_eq!(q, p);
            let mut game = Game::new(p);
            prop_assert_eq!(game.play(m), e);
            prop_assert_eq!(game.positions().to_vec(), vec![p]);
            Ok(true)
        },
    );
}

/// Every byte a move can be made from: those past `f` make no move (pinned for every
/// byte in the rules tests), the others are played or refused, and a refused one leaves
/// the position as it was.
#[test]
fn every_move_value_is_played_or_refused() {
    let strategy = (arb_position(), prop_oneof![3 => 0u8..6, 1 => any::<u8>()]);
    // The main branch: the byte makes a move, which is played or refused.
    counted(
        "every_move_value_is_played_or_refused",
        256,
        strategy,
        |(p, k)| {
            let Some(m) = Move::from_u8(k) else {
                prop_assert!(usize::from(k) >= oware::MAX_PITS);
                return Ok(false);
            };
            let mut q = p;
            match q.play(m) {
                Ok(()) => prop_assert!(p.legal_moves().contains(&m)),
                Err(e) => {
                    prop_assert!(!p.legal_moves().contains(&m), "{m} refused: {e}");
                    prop_assert_eq!(q, p);
                }
            }
            Ok(true)
        },
    );
}

/// Any bytes make a setup; with random bytes the seeds almost never add up to 48 or
/// 36, and the error names the total.
#[test]
fn any_setup_is_validated() {
    let strategy = (
        proptest::array::uniform12(any::<u8>()),
        (any::<u8>(), any::<u8>()),
        any::<bool>(),
    );
    // The main branch: refused, naming the total (accepted setups: the next test).
    counted(
        "any_setup_is_validated",
        256,
        strategy,
        |(pits, stores, north)| {
            let mut setup = Setup::start(0, if north { Player::North } else { Player::South });
            setup.pits.south.copy_from_slice(&pits[..6]);
            setup.pits.north.copy_from_slice(&pits[6..]);
            setup.stores = ByPlayer::new(stores.0, stores.1);
            let total: u16 = pits.iter().map(|&n| u16::from(n)).sum::<u16>()
                + u16::from(stores.0)
                + u16::from(stores.1);
            // The notation reads back the same setup, valid or not.
            prop_assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup));
            match Oware::from_setup(setup) {
                Ok(p) => {
                    prop_assert!(total == 48 || total == 36);
                    prop_assert_eq!(p.to_setup(), setup);
                    Ok(false)
                }
                Err(e) => {
                    prop_assert_eq!(e, oware::SetupError::SeedTotal { found: total });
                    Ok(true)
                }
            }
        },
    );
}

/// Setups dealt with 48 or 36 seeds among the pits and stores are positions, and give
/// their setup back.
#[test]
fn dealt_setups_are_accepted() {
    let strategy = (
        proptest::collection::vec(0usize..14, 48),
        any::<bool>(),
        any::<bool>(),
    );
    counted(
        "dealt_setups_are_accepted",
        256,
        strategy,
        |(spots, three, north)| {
            let mut cells = [0u8; 14];
            for s in spots.iter().take(if three { 36 } else { 48 }) {
                cells[*s] += 1;
            }
            let mut setup = Setup::start(0, if north { Player::North } else { Player::South });
            setup.pits.south.copy_from_slice(&cells[..6]);
            setup.pits.north.copy_from_slice(&cells[6..12]);
            setup.stores = ByPlayer::new(cells[12], cells[13]);
            let p = Oware::from_setup(setup);
            prop_assert!(p.is_ok(), "{:?}", p);
            prop_assert_eq!(p.unwrap().to_setup(), setup);
            Ok(true)
        },
    );
}

/// The board view, the pit accessor and the setup agree with the position.
fn same_board(q: &Oware) {
    let board = q.board();
    assert_eq!(board.total(), u32::from(q.total()));
    assert_eq!(board.to_move, q.side_to_move());
    assert_eq!(board.stores, Some(q.stores().map(u16::from)));
    for player in Player::ALL {
        let row = q.row(player);
        assert_eq!(board.seeds_in_pits(player), q.seeds_in_row(player));
        for i in 0..20 {
            assert_eq!(q.pit(player, i), row.get(i).copied(), "{q} {player} {i}");
            assert_eq!(
                board.pits[player].get(i).copied().flatten(),
                row.get(i).copied()
            );
        }
    }
    let setup = q.to_setup();
    assert_eq!(Oware::from_setup(setup), Ok(*q));
    assert_eq!(setup.to_string(), q.to_string());
    assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup));
}

/// Serde: every position of random games, from both starts with either player first and
/// from dealt positions, comes back exactly through JSON (as its notation), and so does
/// every move.
#[test]
fn random_games_round_trip_through_serde() {
    let mut rng = Rng::new(17);
    let mut positions = 0;
    for game in 0..400 {
        let start = if game % 2 == 0 {
            Oware::start_with(SEEDS[game / 2 % 2], Player::ALL[game / 4 % 2]).unwrap()
        } else {
            dealt(&mut rng)
        };
        let mut record = Game::new(start);
        loop {
            let p = *record.position();
            let json = serde_json::to_string(&p).unwrap();
            assert_eq!(json, format!("\"{p}\""));
            assert_eq!(serde_json::from_str::<Oware>(&json).unwrap(), p);
            let setup = serde_json::to_string(&p.to_setup()).unwrap();
            assert_eq!(serde_json::from_str::<Setup>(&setup).unwrap(), p.to_setup());
            positions += 1;
            let moves = record.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let json = serde_json::to_string(&m).unwrap();
            assert_eq!(json, format!("\"{m}\""));
            assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), m);
            record.play(m).unwrap();
        }
        assert!(record.is_finished());
    }
    assert!(positions > 20_000, "{positions}");
}

/// 48 seeds dealt at random among the 12 pits and two stores, either player to move.
fn dealt(rng: &mut Rng) -> Oware {
    let mut cells = [0u8; 14];
    for _ in 0..48 {
        cells[rng.below(14)] += 1;
    }
    let mut setup = Setup::start(0, Player::ALL[rng.below(2)]);
    setup.pits.south.copy_from_slice(&cells[..6]);
    setup.pits.north.copy_from_slice(&cells[6..12]);
    setup.stores = ByPlayer::new(cells[12], cells[13]);
    Oware::from_setup(setup).unwrap()
}

/// The seeds per pit of the two variants.
const SEEDS: [u8; 2] = [4, 3];

/// The record's repetition check (a bit filter confirmed by a full compare) against the
/// obvious one: a linear search of the positions since the last capture. One record is
/// reused with `reset`.
#[test]
fn the_fast_repetition_check_is_exact() {
    let mut repetitions = 0;
    for (seeds, seed) in [(4, 1), (3, 2)] {
        let start = Oware::start_with(seeds, Player::South).unwrap();
        let mut rng = Rng::new(seed);
        let mut game = Game::new(start);
        for _ in 0..300 {
            game.reset(start);
            let mut since = vec![start];
            loop {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                let mut next = *game.position();
                let repeated = if next.play_capturing(m) > 0 {
                    since.clear();
                    false
                } else {
                    since.contains(&next)
                };
                since.push(next);
                game.play_unchecked(m);
                assert_eq!(game.is_repetition(), repeated, "after {m}: {next}");
                assert_eq!(game.position(), &next);
                assert_eq!(game.since_last_capture(), since.as_slice());
                assert_eq!(game.status().is_finished(), moves_after(&game) == 0);
            }
            repetitions += usize::from(game.is_repetition());
        }
    }
    assert!(repetitions > 10, "only {repetitions} repetitions");
}

fn moves_after(game: &Game) -> usize {
    game.legal_moves().len()
}
