//! Property tests over random valid positions and random legal play, and robustness of
//! every parser and of the checked `play` against arbitrary input.

use mancala_testkit::{Rng, check_position, counted, pairs_word, random_game};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use urim::pairs::{self, PairRules};
use urim::{
    ByPlayer, CAP, Game, Match, MatchError, Move, Player, Position, Record, Series, Setup, Status,
    Urim, Urim6, Urim7,
};

/// Every move any variant has, valid here or not.
fn all_moves() -> impl Iterator<Item = Move> {
    (0..urim::MAX_PITS).map(|i| Move::from_index(i).unwrap())
}

/// What must hold in every position and after every legal move.
fn check<const N: usize>(p: &Urim<N>) {
    check_position(p, all_moves());
    assert_eq!(p.to_string().parse::<Urim<N>>().as_ref(), Ok(p));
    assert_eq!(Urim::from_setup(p.to_setup()).as_ref(), Ok(p));
    assert_eq!(Urim::try_from(p.to_setup()).as_ref(), Ok(p));
    // The rows' word: the mover's row in bytes 0..N, the opponent's in 8..8 + N, the
    // rest 0; and the position back from it.
    let mover = p.side_to_move();
    let w = p.rows_word().to_le_bytes();
    assert_eq!(w[..N], p.row(mover));
    assert_eq!(w[8..8 + N], p.row(mover.opponent()));
    assert!(w[N..8].iter().chain(&w[8 + N..]).all(|&b| b == 0));
    assert_eq!(
        Urim::from_rows_word(p.rows_word(), p.stores(), mover).as_ref(),
        Ok(p)
    );
    // The board as data says what the fast accessors say; `pit` never panics.
    let board = p.board();
    assert_eq!(board.to_move, p.side_to_move());
    assert_eq!(board.stores, Some(p.stores().map(u16::from)));
    assert_eq!(board.total(), u32::from(p.total()));
    assert_eq!((board.rows_per_player, board.in_hand), (1, 0));
    for player in Player::ALL {
        let row = p.row(player);
        assert_eq!(board.pits[player].len(), N);
        for i in 0..N + 10 {
            assert_eq!(p.pit(player, i), row.get(i).copied());
            assert_eq!(
                board.pits[player].get(i).copied().flatten(),
                row.get(i).copied()
            );
        }
        assert_eq!(p.pit(player, usize::MAX), None);
    }
    let total = p.total();
    for m in p.legal_moves() {
        let q = p.after(m).unwrap();
        assert_eq!(q.total(), total, "seeds not conserved by {m} in {p}");
        for player in Player::ALL {
            assert!(
                q.row(player).iter().all(|&n| n <= CAP),
                "{m} in {p} gives {q}"
            );
        }
        assert_eq!(q.side_to_move(), p.side_to_move().opponent());
        let taken = q.stores()[p.side_to_move()] - p.stores()[p.side_to_move()];
        assert!(taken == 0 || taken >= 2, "a capture takes at least 2");
        assert_eq!(q.stores()[q.side_to_move()], p.stores()[q.side_to_move()]);
        // The fast sowing agrees with the record's capture count.
        let mut r = *p;
        assert_eq!(r.play_capturing(m), taken);
    }
    if let Status::Over(o) = p.status() {
        let t = o.totals.unwrap();
        assert_eq!(t.south + t.north, total);
    }
    check_pairs(p);
}

/// The board in pairs of `pos` from its mover, written pit by pit from its rows.
fn pairs_of<const N: usize>(pos: &Urim<N>) -> u128 {
    let mover = pos.side_to_move();
    pairs_word(&pos.row(mover), &pos.row(mover.opponent()))
}

/// `urim::pairs` agrees with the position: the board fits, the end (rule 5) and its
/// margin, the legal moves, and every move's board, gain and turn.
fn check_pairs<const N: usize>(p: &Urim<N>) {
    let r = PairRules::<N>::new();
    let board = pairs_of(p);
    assert!(r.fits(board), "{p}");
    assert_eq!(pairs::to_rows(board), p.rows_word(), "{p}");
    assert_eq!(pairs::from_rows(p.rows_word()), board, "{p}");
    let over = p.starvation_totals().map(|t| {
        let (me, you) = (p.side_to_move(), p.side_to_move().opponent());
        let st = p.stores();
        (i32::from(t[me]) - i32::from(st[me])) - (i32::from(t[you]) - i32::from(st[you]))
    });
    assert_eq!(r.over(board), over, "{p}");
    let legal = p.legal_moves().iter().fold(0u8, |l, m| l | 1 << m.index());
    assert_eq!(r.legal(board), legal, "{p}");
    for m in p.legal_moves() {
        let mut q = *p;
        let taken = q.play_capturing(m);
        assert_eq!(
            PairRules::<N>::seeds(board, m.index()),
            p.row(p.side_to_move())[m.index()]
        );
        let got = r.play(board, m.index());
        assert_eq!(
            (got.board, got.gain, got.again),
            (pairs_of(&q), taken, false),
            "{m} in {p}"
        );
    }
}

/// A random valid position of `Urim<N>` from `pits` (any counts; scaled down to fit),
/// the store split and the side to move.
fn position<const N: usize>(raw: &[u8], seeds: u8, split: u16, north: bool) -> Urim<N> {
    let total = 2 * N as u16 * u16::from(seeds);
    let mut setup = Setup::<N>::start(0, if north { Player::North } else { Player::South });
    let mut left = total;
    for (i, &r) in raw.iter().take(2 * N).enumerate() {
        let n = u16::from(r.min(CAP)).min(left);
        left -= n;
        if i < N {
            setup.pits.south[i] = n as u8;
        } else {
            setup.pits.north[i - N] = n as u8;
        }
    }
    let south = split % (left + 1);
    setup.stores = ByPlayer::new(south as u8, (left - south) as u8);
    Urim::from_setup(setup).unwrap()
}

/// Counts from 0 to 17, mostly small, sometimes full.
fn count() -> impl Strategy<Value = u8> {
    prop_oneof![6 => 0u8..5, 2 => 0u8..=CAP, 1 => Just(CAP)]
}

/// A valid position's draws: pit counts, 4 seeds a pit (else 3), the store split, North
/// to move.
fn position_strategy(pits: usize) -> impl Strategy<Value = (Vec<u8>, bool, u16, bool)> {
    (
        proptest::collection::vec(count(), pits),
        any::<bool>(),
        any::<u16>(),
        any::<bool>(),
    )
}

#[test]
fn random_positions_2x6() {
    // The main branch: an ongoing position, whose every legal move is checked.
    counted(
        "random_positions_2x6",
        600,
        position_strategy(12),
        |(raw, four, split, north)| {
            let p = position::<6>(&raw, if four { 4 } else { 3 }, split, north);
            check(&p);
            Ok(p.status() == Status::Ongoing)
        },
    );
}

#[test]
fn random_positions_2x7() {
    counted(
        "random_positions_2x7",
        600,
        position_strategy(14),
        |(raw, four, split, north)| {
            let p = position::<7>(&raw, if four { 4 } else { 3 }, split, north);
            check(&p);
            Ok(p.status() == Status::Ongoing)
        },
    );
}

/// `from_rows_word` on any word is `from_setup` on the rows it holds, or refuses a
/// word with seeds outside the rows.
fn rows_word_is_a_setup<const N: usize>(
    bytes: &[u8],
    stores: (u8, u8),
    north: bool,
) -> Result<bool, TestCaseError> {
    let word = u128::from_le_bytes(bytes.try_into().unwrap());
    let to_move = if north { Player::North } else { Player::South };
    let stores = ByPlayer::new(stores.0, stores.1);
    let got = Urim::<N>::from_rows_word(word, stores, to_move);
    if bytes[N..8].iter().chain(&bytes[8 + N..]).any(|&b| b > 0) {
        prop_assert_eq!(got, Err(urim::SetupError::OutsideRows { pits: N }));
        return Ok(false);
    }
    let mut setup = Setup::<N>::start(0, to_move);
    setup.pits[to_move].copy_from_slice(&bytes[..N]);
    setup.pits[to_move.opponent()].copy_from_slice(&bytes[8..8 + N]);
    setup.stores = stores;
    prop_assert_eq!(got, Urim::from_setup(setup));
    Ok(got.is_ok())
}

/// A rows' word of `pits` pits a row, its stores and North to move: mostly a
/// position's (the stores make up a variant's total when the rows leave room), else
/// spoilt one way: a pit over the cap, seeds outside the rows, or any stores.
fn rows_word(pits: usize) -> impl Strategy<Value = (Vec<u8>, (u8, u8), bool)> {
    (
        proptest::collection::vec(prop_oneof![8 => 0u8..=3, 1 => 0u8..=CAP], 16),
        0u8..10,
        any::<bool>(),
        any::<u16>(),
        0usize..16,
        any::<u8>(),
        any::<bool>(),
    )
        .prop_map(move |(mut b, spoil, four, split, at, bad, north)| {
            let outside = |i: usize| (pits..8).contains(&i) || i >= 8 + pits;
            for (i, x) in b.iter_mut().enumerate() {
                if outside(i) {
                    *x = 0;
                }
            }
            match spoil {
                7 if !outside(at) => b[at] = bad.max(CAP + 1),
                8 if outside(at) => b[at] = bad.max(1),
                _ => {}
            }
            let total = 2 * pits as u16 * if four { 4 } else { 3 };
            let left = total.saturating_sub(b.iter().map(|&x| u16::from(x)).sum());
            let south = split % (left + 1);
            let stores = if spoil == 9 {
                (split as u8, (split >> 8) as u8)
            } else {
                (south as u8, (left - south) as u8)
            };
            (b, stores, north)
        })
}

/// `PairRules::fits` is `from_rows_word` with room for the stores: every pit at most 17,
/// nothing outside the rows, at most 56 seeds; and any word, any pit: no panic.
fn pairs_fit_and_never_panic<const N: usize>(
    bytes: &[u8],
    pit: usize,
) -> Result<bool, TestCaseError> {
    let rows = u128::from_le_bytes(bytes.try_into().unwrap());
    let board = pairs::from_rows(rows);
    let r = PairRules::<N>::new();
    let outside = bytes[N..8].iter().chain(&bytes[8 + N..]).any(|&b| b > 0);
    let seeds: u32 = bytes.iter().map(|&b| u32::from(b)).sum();
    let fits = !outside && bytes.iter().all(|&b| b <= CAP) && seeds <= 56;
    prop_assert_eq!(r.fits(board), fits);
    if fits {
        // The stores that make up 2 x 7 x 4 = 56: always a position of Urim7, and of
        // Urim6 up to 48 seeds.
        let total = if N == 6 && seeds > 48 {
            None
        } else {
            Some(if N == 6 { 48 } else { 56 })
        };
        if let Some(total) = total {
            let stores = ByPlayer::new((total - seeds) as u8, 0);
            prop_assert!(Urim::<N>::from_rows_word(rows, stores, Player::South).is_ok());
        }
    }
    // Any word, any pit: no panic, whatever it means.
    let word = u128::from_le_bytes(bytes.try_into().unwrap()).rotate_left(pit as u32);
    let _ = (r.play(word, pit), r.over(word), r.legal(word), r.fits(word));
    let _ = PairRules::<N>::seeds(word, pit);
    Ok(fits)
}

#[test]
fn pairs_fit_as_positions_do() {
    let words = (rows_word(6), 0usize..64).prop_map(|((b, _, _), pit)| (b, pit));
    counted("pairs_fit_2x6", 2000, words, |(b, pit)| {
        pairs_fit_and_never_panic::<6>(&b, pit)
    });
    let words = (rows_word(7), 0usize..64).prop_map(|((b, _, _), pit)| (b, pit));
    counted("pairs_fit_2x7", 2000, words, |(b, pit)| {
        pairs_fit_and_never_panic::<7>(&b, pit)
    });
}

#[test]
fn from_rows_word_is_from_setup() {
    counted(
        "from_rows_word_is_from_setup_2x6",
        2000,
        rows_word(6),
        |(b, st, north)| rows_word_is_a_setup::<6>(&b, st, north),
    );
    counted(
        "from_rows_word_is_from_setup_2x7",
        2000,
        rows_word(7),
        |(b, st, north)| rows_word_is_a_setup::<7>(&b, st, north),
    );
}

#[test]
fn random_play_from_every_start() {
    // The main branch: the game reached its end within the 400 plies checked.
    counted(
        "random_play_from_every_start",
        600,
        (any::<u64>(), 0usize..4),
        |(seed, variant)| {
            let mut rng = Rng::new(seed);
            let finished = match variant {
                0 => random_game(&Urim6::new(), &mut rng, 400, check).is_finished(),
                1 => random_game(
                    &Urim6::start_with(4, Player::North).unwrap(),
                    &mut rng,
                    400,
                    check,
                )
                .is_finished(),
                2 => random_game(&Urim7::new(), &mut rng, 400, check).is_finished(),
                _ => random_game(
                    &Urim7::start_with(4, Player::South).unwrap(),
                    &mut rng,
                    400,
                    check,
                )
                .is_finished(),
            };
            Ok(finished)
        },
    );
}

#[test]
fn parsers_never_panic() {
    // No branch: every case is the property (nothing panics).
    let strategy = prop_oneof!["\\PC{0,40}", "[0-9,/ SN-]{0,40}"];
    counted("parsers_never_panic", 600, strategy, |s| {
        let _ = s.parse::<Urim6>();
        let _ = s.parse::<Urim7>();
        let _ = s.parse::<Setup<6>>();
        let _ = s.parse::<Setup<7>>();
        let _ = s.parse::<Move>();
        let _ = urim::row_length(&s);
        Ok(true)
    });
}

#[test]
fn valid_notation_reads_back() {
    // Any valid position's notation, with any spacing between its fields, reads as
    // that position and prints as it did.
    let strategy = (position_strategy(14), any::<bool>(), 1usize..4, 1usize..4);
    counted(
        "valid_notation_reads_back",
        600,
        strategy,
        |((raw, four, split, north), seven, a, b)| {
            let seeds = if four { 4 } else { 3 };
            let text = if seven {
                position::<7>(&raw, seeds, split, north).to_string()
            } else {
                position::<6>(&raw, seeds, split, north).to_string()
            };
            let fields: Vec<&str> = text.split(' ').collect();
            let spaced = format!(
                "{}{}{}{}{}",
                fields[0],
                " ".repeat(a),
                fields[1],
                " ".repeat(b),
                fields[2]
            );
            let shown = if seven {
                spaced.parse::<Urim7>().map(|p| p.to_string())
            } else {
                spaced.parse::<Urim6>().map(|p| p.to_string())
            };
            prop_assert_eq!(shown, Ok(text));
            Ok(true)
        },
    );
}

#[test]
fn notation_one_seed_off_is_refused() {
    // A valid position's notation with one pit or store one seed up or down: the total
    // is no variant's, or a pit holds 18, or a count is negative: refused, never a panic.
    let strategy = (position_strategy(12), 0usize..14, any::<bool>());
    counted(
        "notation_one_seed_off_is_refused",
        600,
        strategy,
        |((raw, four, split, north), at, up)| {
            let p = position::<6>(&raw, if four { 4 } else { 3 }, split, north);
            let mut setup = p.to_setup();
            let cell = match at {
                0..=5 => &mut setup.pits.south[at],
                6..=11 => &mut setup.pits.north[at - 6],
                12 => &mut setup.stores.south,
                _ => &mut setup.stores.north,
            };
            let text = if up || *cell == 0 {
                *cell += 1;
                setup.to_string()
            } else {
                *cell -= 1;
                setup.to_string()
            };
            let e = text.parse::<Urim6>();
            prop_assert!(
                matches!(e, Err(urim::ParsePositionError::Setup(_))),
                "{} read as {:?}",
                text,
                e
            );
            Ok(true)
        },
    );
}

#[test]
fn checked_play_of_an_illegal_move_changes_nothing() {
    // The main branch: the position has a move that is not legal (always on 2×6, where
    // `g` is none of its pits); playing it is refused with a reason and changes nothing.
    let strategy = (
        position_strategy(14),
        any::<bool>(),
        any::<prop::sample::Index>(),
    );
    counted(
        "checked_play_of_an_illegal_move_changes_nothing",
        600,
        strategy,
        |((raw, four, split, north), seven, pick)| {
            let seeds = if four { 4 } else { 3 };
            if seven {
                refuse(position::<7>(&raw, seeds, split, north), pick)
            } else {
                refuse(position::<6>(&raw, seeds, split, north), pick)
            }
        },
    );
}

/// Plays an illegal move of `p` chosen by `pick`; returns whether there was one.
fn refuse<const N: usize>(p: Urim<N>, pick: prop::sample::Index) -> Result<bool, TestCaseError> {
    let legal = p.legal_moves();
    let illegal: Vec<Move> = all_moves().filter(|m| !legal.contains(m)).collect();
    if illegal.is_empty() {
        return Ok(false);
    }
    let m = *pick.get(&illegal);
    let mut q = p;
    prop_assert!(q.play(m).is_err());
    prop_assert_eq!(q, p);
    let mut game = Game::new(p);
    prop_assert!(game.play(m).is_err());
    prop_assert_eq!(game.positions().to_vec(), vec![p]);
    Ok(true)
}

#[test]
fn moves_past_the_row_return_errors() {
    // `Urim::<6>::start_with(3, Player::South)` then `play(PitMove::from_u8(200))` once
    // panicked. A move past every row can no longer be made, and the largest move
    // there is, `g`, is no pit of a 2×6 board: refused, the position unchanged.
    assert_eq!(Move::from_u8(200), None);
    assert_eq!(mancala_core::PitMove::<7>::from_u8(200), None);
    assert_eq!(Move::from_u8(7), None);
    let mut p = Urim::<6>::start_with(3, Player::South).unwrap();
    let before = p;
    let g = Move::from_u8(6).unwrap();
    assert_eq!(p.play(g), Err(urim::IllegalMove::NoSuchPit { pit: 'g' }));
    assert_eq!(p, before);
    let mut game = Game::new(p);
    assert_eq!(game.play(g), Err(urim::IllegalMove::NoSuchPit { pit: 'g' }));
    assert_eq!(game, Game::new(before));
}

/// Drives a match with `ops`: (kind, number) pairs that play a legal move, play any
/// move, ask for the next game, or choose the first player. Nothing panics; a refused
/// request leaves the match unchanged; the points are the sum of the results. Returns
/// the games finished.
fn drive_match<const N: usize>(
    seeds: u8,
    target: u16,
    ops: &[(u8, usize)],
) -> Result<usize, TestCaseError> {
    let m = match Match::<N>::start_with(seeds, Player::South) {
        Ok(m) => m,
        Err(_) => {
            prop_assert!(seeds != 3 && seeds != 4);
            return Ok(0);
        }
    };
    let mut m = match m.with_target(target) {
        Ok(m) => m,
        Err(e) => {
            prop_assert_eq!((target, e), (0, MatchError::ZeroTarget));
            return Ok(0);
        }
    };
    for &(kind, n) in ops {
        let before = m.clone();
        match kind {
            // Mostly legal moves, so that games end.
            0..=5 => {
                let moves = m.game().legal_moves();
                if moves.is_empty() {
                    prop_assert!(m.play(Move::from_index(n).unwrap(), None).is_err());
                } else {
                    m.play(moves[n % moves.len()], None).unwrap();
                }
            }
            6 => {
                if m.play(Move::from_index(n).unwrap(), None).is_err() {
                    prop_assert_eq!(&m, &before);
                }
            }
            7 => {
                if m.next_game(None).is_err() {
                    prop_assert_eq!(&m, &before);
                } else {
                    prop_assert_eq!(m.first_player(), before.first_player().opponent());
                }
            }
            _ => {
                let first = if n % 2 == 0 {
                    Player::South
                } else {
                    Player::North
                };
                // Rule 8 chooses who starts: only the other player is accepted.
                if m.next_game(Some(first)).is_err() {
                    prop_assert_eq!(&m, &before);
                } else {
                    prop_assert_eq!(first, before.first_player().opponent());
                    prop_assert_eq!(m.game().position().side_to_move(), first);
                }
            }
        }
        let mut sum = ByPlayer::new(0u16, 0u16);
        for o in m.results() {
            if let Some(w) = o.winner {
                sum[w] += u16::from(o.points);
            }
        }
        prop_assert_eq!(m.score(), sum);
        prop_assert_eq!(m.is_finished(), m.winner().is_some());
    }
    Ok(m.results().len())
}

#[test]
fn a_match_never_panics() {
    let strategy = (
        proptest::collection::vec((0u8..9, 0usize..7), 0..1500),
        prop_oneof![4 => 3u8..=4, 1 => any::<u8>()],
        prop_oneof![4 => 1u16..4, 1 => any::<u16>()],
        any::<bool>(),
    );
    // The main branch: a match was made and at least one of its games finished.
    counted(
        "a_match_never_panics",
        200,
        strategy,
        |(ops, seeds, target, seven)| {
            let games = if seven {
                drive_match::<7>(seeds, target, &ops)?
            } else {
                drive_match::<6>(seeds, target, &ops)?
            };
            Ok(games > 0)
        },
    );
}

#[test]
fn matches_driven_at_random_finish_games() {
    let mut rng = Rng::new(12);
    let mut games = 0;
    for _ in 0..20 {
        let ops: Vec<(u8, usize)> = (0..3000)
            .map(|_| (rng.below(9) as u8, rng.below(7)))
            .collect();
        games += drive_match::<6>(3, 3, &ops).unwrap();
    }
    assert!(games >= 20, "only {games} games finished");
}

/// With the record's repetition rule, every game ends.
fn games_end<const N: usize>(start: Urim<N>, games: usize, seed: u64) -> [usize; 2] {
    let mut rng = Rng::new(seed);
    let mut endings = [0, 0];
    for _ in 0..games {
        let mut game = Game::new(start);
        let mut plies = 0;
        while game.status() == Status::Ongoing {
            let moves = game.legal_moves();
            game.play(moves[rng.below(moves.len())]).unwrap();
            plies += 1;
            assert!(plies < 100_000, "a game did not end: {}", game.position());
        }
        endings[usize::from(game.is_repetition())] += 1;
    }
    endings
}

#[test]
fn every_game_ends() {
    let mut endings = [0, 0];
    for (i, e) in [
        games_end(Urim6::new(), 300, 1),
        games_end(Urim6::start_with(4, Player::South).unwrap(), 300, 2),
        games_end(Urim7::new(), 300, 3),
        games_end(Urim7::start_with(4, Player::South).unwrap(), 300, 4),
    ]
    .into_iter()
    .enumerate()
    {
        assert!(e[0] > 0, "variant {i}: no game ended by starvation");
        endings[0] += e[0];
        endings[1] += e[1];
    }
    // Both endings happen in random play.
    assert!(endings[1] > 0, "no game ended by repetition");
}

/// The record's repetition check (a bit filter confirmed by a full compare) against
/// the obvious one: a linear search of the positions since the last capture. One
/// record is reused with `reset`, and a move is taken back now and then.
fn record_matches_naive<const N: usize>(start: Urim<N>, games: usize, seed: u64) -> usize {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(start);
    let mut repetitions = 0;
    for _ in 0..games {
        game.reset(start);
        let mut since: Vec<Urim<N>> = vec![start];
        while !game.legal_moves().is_empty() {
            let moves = game.legal_moves();
            let m = moves[rng.below(moves.len())];
            let mut next = *game.position();
            let captured = next.play_capturing(m) > 0;
            let repeated = if captured {
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
            if rng.below(16) == 0 {
                // Take it back and play it again: the same answer.
                assert_eq!(game.undo(), Some(m));
                since.pop();
                if since.is_empty() {
                    since = game.since_last_capture().to_vec();
                }
                assert_eq!(game.since_last_capture(), since.as_slice());
                game.play(m).unwrap();
                if captured {
                    since.clear();
                }
                since.push(next);
                assert_eq!(game.is_repetition(), repeated);
            }
        }
        repetitions += usize::from(game.is_repetition());
    }
    repetitions
}

#[test]
fn the_fast_repetition_check_is_exact() {
    let found = record_matches_naive(Urim6::new(), 400, 5)
        + record_matches_naive(Urim7::start_with(4, Player::North).unwrap(), 200, 6)
        + record_matches_naive::<6>("1,0,1,0,0,0/1,0,0,0,0,0 17-16 S".parse().unwrap(), 20, 7);
    assert!(found > 100, "only {found} repetitions");
}
