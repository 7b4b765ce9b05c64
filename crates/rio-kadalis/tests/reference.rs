//! Cross-checks the fast implementation against the slow reference in `common`: perft
//! counts, thousands of random games, random positions (with closed pits and endless
//! moves) and whole random matches.

mod common;

/// The longest random game played.
const MAX_PLIES: usize = 2000;

use common::{RefMatch, RefRound, ref_perft};
use mancala_core::perft::perft;
use mancala_testkit::Rng;
use rio_kadalis::{
    ByPlayer, Match, Move, Player, Position, Record, RioKadalis, Series, Setup, Status,
};

/// Compares one position with the reference: notation, status, legal moves.
fn same<const N: usize, const CW: bool>(p: &RioKadalis<N, CW>, r: &RefRound) {
    assert_eq!(p.to_string(), r.notation());
    assert_eq!(p.status().to_string(), r.status(), "{p:?}");
    let moves: Vec<usize> = p.legal_moves().iter().map(|m| m.index()).collect();
    assert_eq!(moves, r.moves(), "{p:?}");
    assert_eq!(p.is_annulled(), r.annulled);
}

/// Plays random games from `start` on both implementations.
fn random_games<const N: usize, const CW: bool>(start: &str, games: usize, rng: &mut Rng) {
    for _ in 0..games {
        let mut p: RioKadalis<N, CW> = start.parse().unwrap();
        let mut r = RefRound::parse(start, N, CW);
        same(&p, &r);
        // A round can go on forever between moves (positions cycling); the position does
        // not end it (only the record does: `record.rs`), so a random game stops after a
        // while.
        for _ in 0..MAX_PLIES {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            p.play(m).unwrap();
            r.play(m.index());
            same(&p, &r);
        }
    }
}

/// A random position: pits 0..=max, some closed, captures making up at most the total.
fn random_position<const N: usize>(rng: &mut Rng, max: usize, closed_odds: usize) -> String {
    let mut pits = ByPlayer::new([None; N], [None; N]);
    for player in Player::ALL {
        for pit in pits[player].iter_mut() {
            if rng.below(closed_odds) != 0 {
                *pit = Some(rng.below(max + 1) as u8);
            }
        }
    }
    let board: u32 = pits
        .south
        .iter()
        .chain(&pits.north)
        .map(|p| u32::from(p.unwrap_or(0)))
        .sum();
    let total = 8 * N as u32;
    let (cs, cn) = if board <= total {
        let spare = (total - board) / 4;
        let s = rng.below(spare as usize + 1) as u8 * 4;
        (s, (spare as u8 * 4 - s) / 2 / 4 * 4)
    } else {
        pits.south = [Some(1); N];
        pits.north = [Some(1); N];
        (0, 0)
    };
    let turn = if rng.below(2) == 0 {
        Player::South
    } else {
        Player::North
    };
    let setup = Setup {
        pits,
        stores: ByPlayer::new(cs, cn),
        to_move: turn,
    };
    RioKadalis::<N>::from_setup(setup).unwrap().to_string()
}

fn all_variants_random_games(games: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    random_games::<6, false>("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", games, &mut rng);
    random_games::<6, true>("4,4,4,4,4,4/4,4,4,4,4,4 0-0 N", games, &mut rng);
    random_games::<5, false>("4,4,4,4,4/4,4,4,4,4 0-0 S", games, &mut rng);
    random_games::<5, true>("4,4,4,4,4/4,4,4,4,4 0-0 S", games, &mut rng);
}

#[test]
fn random_games_agree_with_reference() {
    all_variants_random_games(500, 1);
}

/// The long version: `cargo test --release -p rio-kadalis -- --ignored`.
#[test]
#[ignore]
fn many_random_games_agree_with_reference() {
    all_variants_random_games(50_000, 2);
}

fn random_positions<const N: usize, const CW: bool>(count: usize, rng: &mut Rng) -> usize {
    let mut annulled = 0;
    for _ in 0..count {
        let max = 1 + rng.below(6);
        let odds = 2 + rng.below(6);
        let start = random_position::<N>(rng, max, odds);
        let p: RioKadalis<N, CW> = start.parse().unwrap();
        let r = RefRound::parse(&start, N, CW);
        same(&p, &r);
        // Every move from here, then a random game on.
        for m in p.legal_moves() {
            let (mut q, mut s) = (p, r.clone());
            q.play(m).unwrap();
            s.play(m.index());
            same(&q, &s);
            annulled += usize::from(q.is_annulled());
        }
        random_games::<N, CW>(&start, 1, rng);
    }
    annulled
}

#[test]
fn random_positions_agree_with_reference() {
    let mut rng = Rng::new(3);
    let mut annulled = 0;
    annulled += random_positions::<6, false>(1500, &mut rng);
    annulled += random_positions::<6, true>(1500, &mut rng);
    annulled += random_positions::<5, false>(1500, &mut rng);
    annulled += random_positions::<5, true>(1500, &mut rng);
    // Small random boards with closed pits do hold endless moves.
    assert!(annulled > 0, "no endless move met");
}

/// Plays random matches on both implementations, comparing every position, the
/// reserves, and the set-up of every round; checks that every stone is conserved and
/// that closed pits never receive a stone.
fn random_matches<const N: usize, const CW: bool>(
    matches: usize,
    rng: &mut Rng,
) -> (u32, u32, u32) {
    let (mut rounds, mut annulled, mut unfinished) = (0, 0, 0);
    for k in 0..matches {
        let first = if k % 2 == 0 {
            Player::South
        } else {
            Player::North
        };
        let mut m = Match::<N, CW>::start(first);
        let mut r = RefMatch::new(N, CW, first.index());
        for _ in 0..200 {
            rounds += 1;
            same(m.game().position(), &r.round);
            assert_eq!(
                [m.reserves().south, m.reserves().north].map(u32::from),
                r.reserve
            );
            let closed: Vec<(Player, usize)> = Player::ALL
                .into_iter()
                .flat_map(|p| (0..N).map(move |i| (p, i)))
                .filter(|&(p, i)| m.game().position().pit(p, i).is_none())
                .collect();
            for _ in 0..MAX_PLIES {
                let round = m.game().position();
                // Board (open pits only) + captures + reserves = every stone.
                let visible: u32 = Player::ALL
                    .iter()
                    .flat_map(|&p| round.row(p))
                    .map(|x| u32::from(x.unwrap_or(0)))
                    .sum::<u32>()
                    + u32::from(round.stores().south + round.stores().north)
                    + u32::from(m.reserves().south + m.reserves().north);
                assert_eq!(visible, 8 * N as u32);
                assert_eq!(u32::from(m.stones()), 8 * N as u32);
                assert_eq!(r.stones(), 8 * N as u32);
                for &(p, i) in &closed {
                    assert_eq!(round.pit(p, i), None, "a closed pit opened mid-round");
                }
                // The match's round record ends a repeated round (rule 6), as the
                // reference record does.
                let moves = m.game().legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                m.play(mv, None).unwrap();
                r.play_recorded(mv.index());
                same(m.game().position(), &r.round);
            }
            if !m.status().is_finished() {
                unfinished += 1; // a round cycling between moves
                break;
            }
            annulled += u32::from(m.status() == Status::Annulled);
            assert_eq!(
                m.next_stocks().map(|s| [s.south, s.north].map(u32::from)),
                r.next_stocks()
            );
            assert_eq!(m.winner().map(Player::index), r.winner());
            let ok = m.next_game(None).is_ok();
            assert_eq!(ok, r.next_round());
            if !ok {
                assert!(m.winner().is_some());
                break;
            }
            assert_eq!(m.first_player().index(), r.starter);
        }
    }
    (rounds, annulled, unfinished)
}

#[test]
fn random_matches_agree_with_reference() {
    let mut rng = Rng::new(4);
    random_matches::<6, false>(60, &mut rng);
    random_matches::<6, true>(60, &mut rng);
    random_matches::<5, false>(60, &mut rng);
    random_matches::<5, true>(60, &mut rng);
}

/// The long version; also reports how often a real match meets an endless move.
#[test]
#[ignore]
fn many_random_matches_agree_with_reference() {
    let mut rng = Rng::new(5);
    let a = random_matches::<6, false>(3000, &mut rng);
    let b = random_matches::<6, true>(3000, &mut rng);
    let c = random_matches::<5, false>(3000, &mut rng);
    let d = random_matches::<5, true>(3000, &mut rng);
    println!(
        "rounds, annulled, unfinished after {MAX_PLIES} plies: 2x6 ccw {a:?}, 2x6 cw {b:?}, 2x5 ccw {c:?}, 2x5 cw {d:?}"
    );
}

/// Perft of the fast implementation against the reference.
fn perft_agrees<const N: usize, const CW: bool>(start: &str, depth: u32) {
    let p: RioKadalis<N, CW> = start.parse().unwrap();
    let r = RefRound::parse(start, N, CW);
    for d in 0..=depth {
        assert_eq!(perft(&p, d), ref_perft(&r, d), "{start} depth {d}");
    }
}

#[test]
fn perft_agrees_with_reference() {
    perft_agrees::<6, false>("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", 4);
    perft_agrees::<6, true>("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", 4);
    perft_agrees::<5, false>("4,4,4,4,4/4,4,4,4,4 0-0 S", 4);
    perft_agrees::<5, true>("4,4,4,4,4/4,4,4,4,4 0-0 S", 4);
    perft_agrees::<6, false>("x,x,4,4,4,4/4,4,4,4,4,4 0-0 N", 4);
    perft_agrees::<5, true>("2,0,7,1,3/x,x,0,5,1 12-8 S", 4);
}

/// The one move an index names, for the reference.
#[allow(dead_code)]
fn mv(i: usize) -> Move {
    Move::from_index(i).unwrap()
}
