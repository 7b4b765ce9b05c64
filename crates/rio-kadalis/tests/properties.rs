//! Property tests: notation round-trips, legal moves against `is_legal` and the checked
//! `play`, robustness of every parser and of `play` against arbitrary input, stones
//! conserved, closed pits never receiving a stone; serde (with the `serde` feature).

use mancala_core::{ByPlayer, Player, Position};
use mancala_testkit::{Rng, check_position, random_game};
use proptest::prelude::*;
use rio_kadalis::{Kadalis, Match, Move, Setup};

/// A setup with pits `0..=12`, closed where `closed` says; if the stones exceed the
/// variant's, the setup is refused, which is fine too.
fn setup<const N: usize>(cells: &[(bool, u8)], captured: (u8, u8), north: bool) -> Setup<N> {
    let mut rows = ByPlayer::new([None; N], [None; N]);
    for (k, &(closed, n)) in cells.iter().take(2 * N).enumerate() {
        let cell = if closed { None } else { Some(n) };
        if k < N {
            rows.south[k] = cell;
        } else {
            rows.north[k - N] = cell;
        }
    }
    let turn = if north { Player::North } else { Player::South };
    Setup {
        rows,
        captured: ByPlayer::new(captured.0, captured.1),
        turn,
    }
}

fn all_moves() -> impl Iterator<Item = Move> {
    (0..6).filter_map(Move::from_index)
}

/// Checks a game from `p` on: every position passes `check_position`; stones on the
/// open pits plus captures stay the same; closed pits stay closed.
fn check_game<const N: usize, const CW: bool>(p: &Kadalis<N, CW>, seed: u64) {
    let visible = |q: &Kadalis<N, CW>| -> u32 {
        Player::ALL
            .iter()
            .flat_map(|&pl| q.row(pl))
            .map(|c| u32::from(c.unwrap_or(0)))
            .sum::<u32>()
            + u32::from(q.captured().south + q.captured().north)
    };
    let closed = |q: &Kadalis<N, CW>| Player::ALL.map(|pl| q.row(pl).map(|c| c.is_none()));
    let total = visible(p);
    let shape = closed(p);
    let mut rng = Rng::new(seed);
    random_game(p, &mut rng, 300, |q| {
        check_position(q, all_moves());
        assert_eq!(visible(q), total, "stones not conserved in {q:?}");
        assert_eq!(u32::from(q.stones()), total);
        assert_eq!(closed(q), shape, "a closed pit opened in {q:?}");
        assert_eq!(
            q.to_string().parse::<Kadalis<N, CW>>().unwrap().to_string(),
            q.to_string()
        );
    });
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn parsers_never_panic(s in ".{0,64}", t in "[0-9x,/SN -]{0,40}") {
        for x in [&s, &t] {
            let _ = x.parse::<Kadalis<6>>();
            let _ = x.parse::<Kadalis<5, true>>();
            let _ = x.parse::<Move>();
            #[cfg(feature = "serde")]
            {
                let _ = serde_json::from_str::<Kadalis<6>>(x);
                let _ = serde_json::from_value::<Kadalis<5>>(serde_json::Value::String(x.to_string()));
            }
        }
    }

    #[test]
    fn notation_round_trips(
        cells in proptest::collection::vec((proptest::bool::weighted(0.2), 0u8..13), 12),
        captured in (0u8..49, 0u8..49),
        north in any::<bool>(),
    ) {
        let s6 = setup::<6>(&cells, captured, north);
        if let Ok(p) = Kadalis::<6>::from_setup(&s6) {
            let text = p.to_string();
            prop_assert_eq!(text.parse::<Kadalis<6>>(), Ok(p));
            prop_assert_eq!(p.to_setup(), s6);
            #[cfg(feature = "serde")]
            {
                let json = serde_json::to_string(&p).unwrap();
                prop_assert_eq!(&json, &format!("\"{text}\""));
                prop_assert_eq!(serde_json::from_str::<Kadalis<6>>(&json).unwrap(), p);
            }
        } else {
            let stones: u32 = cells.iter().map(|&(c, n)| if c { 0 } else { u32::from(n) }).sum::<u32>()
                + u32::from(captured.0) + u32::from(captured.1);
            prop_assert!(stones > 48);
        }
        let s5 = setup::<5>(&cells, captured, north);
        if let Ok(p) = Kadalis::<5, true>::from_setup(&s5) {
            prop_assert_eq!(p.to_string().parse::<Kadalis<5, true>>(), Ok(p));
        }
    }

    #[test]
    fn games_from_random_positions(
        cells in proptest::collection::vec((proptest::bool::weighted(0.25), 0u8..7), 12),
        north in any::<bool>(),
        seed in any::<u64>(),
    ) {
        if let Ok(p) = Kadalis::<6>::from_setup(&setup::<6>(&cells, (0, 0), north)) {
            check_game(&p, seed);
            check_game(&p.to_string().parse::<Kadalis<6, true>>().unwrap(), seed);
        }
        if let Ok(p) = Kadalis::<5>::from_setup(&setup::<5>(&cells, (0, 0), north)) {
            check_game(&p, seed);
        }
    }

    #[test]
    fn arbitrary_moves_never_panic(
        cells in proptest::collection::vec((proptest::bool::weighted(0.25), 0u8..9), 12),
        moves in proptest::collection::vec(0usize..6, 0..40),
    ) {
        if let Ok(mut p) = Kadalis::<5>::from_setup(&setup::<5>(&cells, (0, 0), false)) {
            for i in moves {
                let m = Move::from_index(i).unwrap();
                let before = p;
                if p.play(m).is_err() {
                    prop_assert_eq!(p, before);
                }
            }
        }
    }

    #[test]
    fn matches_conserve_stones(seed in any::<u64>(), north in any::<bool>()) {
        let mut rng = Rng::new(seed);
        let first = if north { Player::North } else { Player::South };
        let mut m = Match::<6, true>::new(first);
        for _ in 0..30 {
            check_game(m.round(), rng.next_u64());
            // A round can cycle between moves for ever: bound the plies.
            for _ in 0..2000 {
                let moves = m.round().legal_moves();
                if moves.is_empty() {
                    break;
                }
                m.play(moves[rng.below(moves.len())]).unwrap();
                prop_assert_eq!(m.stones(), 48);
            }
            if !m.round().is_finished() {
                break;
            }
            if m.next_round().is_err() {
                prop_assert!(m.winner().is_some());
                break;
            }
            // Each round's closed pits are a row's leftmost pits (rule 5).
            for pl in Player::ALL {
                let row = m.round().row(pl);
                let open = row.iter().position(Option::is_some).unwrap();
                prop_assert!(row[open..].iter().all(Option::is_some));
            }
        }
    }
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trip_and_validation() {
    let p: Kadalis<5> = "x,1,2,3,0/7,x,0,0,9 4-8 N".parse().unwrap();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, "\"x,1,2,3,0/7,x,0,0,9 4-8 N\"");
    assert_eq!(serde_json::from_str::<Kadalis<5>>(&json).unwrap(), p);
    let err = serde_json::from_str::<Kadalis<5>>("\"9,9,9,9,9/9,9,9,9,9 0-0 S\"").unwrap_err();
    assert!(err.to_string().contains("the most possible is 40"), "{err}");
    assert!(serde_json::from_str::<Kadalis<5>>("3").is_err());
    let m: Move = serde_json::from_str("\"e\"").unwrap();
    assert_eq!(m.index(), 4);
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"e\"");
}
