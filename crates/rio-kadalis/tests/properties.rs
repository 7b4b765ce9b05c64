//! Property tests: notation and setup round-trips over valid positions generated
//! directly, refused setups, legal moves against `is_legal` and the checked `play`,
//! robustness of every parser and of `play` against arbitrary input, stones conserved,
//! closed pits never receiving a stone; serde round-trips of every position of random
//! games, annulled ones included.
//!
//! Each property with a branch counts how often its main branch ran and fails if that is
//! under half of its cases (a test whose assertions never run cannot fail).

use std::cell::Cell;

use mancala_testkit::{Rng, check_position, counted, random_game};
use proptest::prelude::*;
use rio_kadalis::{
    ByPlayer, Match, Move, NotationError, ParsePositionError, Player, Position, Record, RioKadalis,
    Series, Setup, SetupError,
};

/// The draws a valid position is dealt from: which pits are closed, how many stones
/// (out of 48; scaled to 40 on 2×5), where each stone goes, and the player to move.
type Deal = (Vec<bool>, usize, Vec<u16>, bool);

fn deal_strategy() -> impl Strategy<Value = Deal> {
    (
        proptest::collection::vec(proptest::bool::weighted(0.2), 12),
        0usize..=48,
        proptest::collection::vec(any::<u16>(), 48),
        any::<bool>(),
    )
}

/// A valid setup, dealt directly: pits closed where `closed` says (the first `2·N`
/// entries, South's row then North's), and `stones·N/6` stones (so at most `8·N`) dealt
/// one by one into the open pits and the two players' captures.
fn dealt<const N: usize>((closed, stones, deal, north): &Deal) -> Setup<N> {
    let mut setup = Setup::<N> {
        pits: ByPlayer::new([None; N], [None; N]),
        stores: ByPlayer::new(0, 0),
        to_move: if *north { Player::North } else { Player::South },
    };
    let mut open = Vec::new();
    for (k, &shut) in closed.iter().take(2 * N).enumerate() {
        if !shut {
            let (player, i) = if k < N {
                (Player::South, k)
            } else {
                (Player::North, k - N)
            };
            setup.pits[player][i] = Some(0);
            open.push((player, i));
        }
    }
    for &d in deal.iter().take(stones * N / 6) {
        let slot = usize::from(d) % (open.len() + 2);
        match open.get(slot) {
            Some(&(player, i)) => setup.pits[player][i] = setup.pits[player][i].map(|n| n + 1),
            None if slot == open.len() => setup.stores.south += 1,
            None => setup.stores.north += 1,
        }
    }
    setup
}

fn all_moves() -> impl Iterator<Item = Move> {
    (0..6).filter_map(Move::from_index)
}

/// Checks a game from `p` on: every position passes `check_position`; stones on the
/// open pits plus captures stay the same; closed pits stay closed.
fn check_game<const N: usize, const CW: bool>(p: &RioKadalis<N, CW>, seed: u64) {
    let visible = |q: &RioKadalis<N, CW>| -> u32 {
        Player::ALL
            .iter()
            .flat_map(|&pl| q.row(pl))
            .map(|c| u32::from(c.unwrap_or(0)))
            .sum::<u32>()
            + u32::from(q.stores().south + q.stores().north)
    };
    let closed = |q: &RioKadalis<N, CW>| Player::ALL.map(|pl| q.row(pl).map(|c| c.is_none()));
    let total = visible(p);
    let shape = closed(p);
    let mut rng = Rng::new(seed);
    random_game(p, &mut rng, 300, |q| {
        check_position(q, all_moves());
        assert_eq!(visible(q), total, "stones not conserved in {q:?}");
        assert_eq!(u32::from(q.total()), total);
        assert_eq!(closed(q), shape, "a closed pit opened in {q:?}");
        assert_eq!(
            q.to_string()
                .parse::<RioKadalis<N, CW>>()
                .unwrap()
                .to_string(),
            q.to_string()
        );
    });
}

#[test]
fn parsers_never_panic() {
    let strategy = (".{0,64}", "[0-9x,/SN -]{0,40}", any::<bool>());
    // No branch: every case is the property (nothing panics).
    counted("parsers_never_panic", 400, strategy, |(s, t, annulled)| {
        for x in [&s, &t] {
            let _ = x.parse::<RioKadalis<6>>();
            let _ = x.parse::<RioKadalis<5, true>>();
            let _ = x.parse::<Setup<6>>();
            let _ = x.parse::<Move>();
            let _ = serde_json::from_str::<RioKadalis<6>>(x);
            let _ = serde_json::from_str::<Move>(x);
            let value = serde_json::json!({ "position": x, "annulled": annulled });
            let _ = serde_json::from_value::<RioKadalis<5>>(value);
            let _ =
                serde_json::from_value::<RioKadalis<6>>(serde_json::Value::String(x.to_string()));
        }
        Ok(true)
    });
}

#[test]
fn matches_conserve_stones() {
    // The main branch: a round ended and the next one was set up (or the match won).
    counted(
        "matches_conserve_stones",
        400,
        (any::<u64>(), any::<bool>()),
        |(seed, north)| {
            let mut rng = Rng::new(seed);
            let first = if north { Player::North } else { Player::South };
            let mut m = Match::<6, true>::start(first);
            let mut rounds_ended = 0;
            for _ in 0..30 {
                check_game(m.game().position(), rng.next_u64());
                // A round can cycle between moves for ever: bound the plies.
                for _ in 0..2000 {
                    let moves = m.game().legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    m.play(moves[rng.below(moves.len())], None).unwrap();
                    prop_assert_eq!(m.stones(), 48);
                }
                if !m.status().is_finished() {
                    break;
                }
                rounds_ended += 1;
                if m.next_game(None).is_err() {
                    prop_assert!(m.winner().is_some());
                    break;
                }
                // Each round's closed pits are a row's leftmost pits (rule 5).
                for pl in Player::ALL {
                    let row = m.game().position().row(pl);
                    let open = row.iter().position(Option::is_some).unwrap();
                    prop_assert!(row[open..].iter().all(Option::is_some));
                }
            }
            Ok(rounds_ended > 0)
        },
    );
}

#[test]
fn notation_round_trips() {
    counted("notation_round_trips", 400, deal_strategy(), |deal| {
        let s6 = dealt::<6>(&deal);
        let s5 = dealt::<5>(&deal);
        prop_assert!(s6.total() <= 48 && s5.total() <= 40);
        let (Ok(p), Ok(q)) = (
            RioKadalis::<6>::from_setup(s6),
            RioKadalis::<5, true>::from_setup(s5),
        ) else {
            return Ok(false);
        };
        let text = p.to_string();
        prop_assert_eq!(&text, &s6.to_string());
        prop_assert_eq!(text.parse::<RioKadalis<6>>(), Ok(p));
        prop_assert_eq!(text.parse::<Setup<6>>(), Ok(s6));
        prop_assert_eq!(p.to_setup(), s6);
        prop_assert_eq!(p.total(), s6.total());
        let json = serde_json::to_string(&p).unwrap();
        prop_assert_eq!(
            &json,
            &format!("{{\"position\":\"{text}\",\"annulled\":false}}")
        );
        prop_assert_eq!(serde_json::from_str::<RioKadalis<6>>(&json).unwrap(), p);
        prop_assert_eq!(q.to_string().parse::<RioKadalis<5, true>>(), Ok(q));
        prop_assert_eq!(q.to_setup(), s5);
        let json = serde_json::to_string(&q).unwrap();
        prop_assert_eq!(
            serde_json::from_str::<RioKadalis<5, true>>(&json).unwrap(),
            q
        );
        Ok(true)
    });
}

#[test]
fn too_many_stones_are_refused() {
    let strategy = (deal_strategy(), 1u8..=20, 0usize..14);
    counted(
        "too_many_stones_are_refused",
        400,
        strategy,
        |(deal, extra, slot)| {
            // A full deal, then `extra` stones more into one open pit or a capture.
            let mut s6 = dealt::<6>(&(deal.0, 48, deal.2, deal.3));
            let open: Vec<(Player, usize)> = Player::ALL
                .into_iter()
                .flat_map(|p| (0..6).map(move |i| (p, i)))
                .filter(|&(p, i)| s6.pits[p][i].is_some())
                .collect();
            let target = match open.get(slot) {
                Some(&(p, i)) => s6.pits[p][i].as_mut().unwrap(),
                None if slot % 2 == 0 => &mut s6.stores.south,
                None => &mut s6.stores.north,
            };
            *target += extra;
            let biggest = *target;
            let found = 48 + u16::from(extra);
            prop_assert_eq!(s6.total(), found);
            let refused = SetupError::SeedTotal { found, limit: 48 };
            prop_assert_eq!(RioKadalis::<6>::from_setup(s6), Err(refused));
            let parsed = s6.to_string().parse::<RioKadalis<6>>();
            if biggest > 48 {
                // One number beyond the variant's stones is refused by the notation already.
                let by_notation = matches!(
                    parsed,
                    Err(ParsePositionError::Notation(
                        NotationError::TooManySeeds { .. } | NotationError::OutOfRange { .. }
                    ))
                );
                prop_assert!(by_notation, "{:?}", parsed);
                return Ok(false);
            }
            prop_assert_eq!(parsed, Err(ParsePositionError::Setup(refused)));
            let json = serde_json::json!({ "position": s6.to_string(), "annulled": false });
            let err = serde_json::from_value::<RioKadalis<6>>(json).unwrap_err();
            prop_assert!(err.to_string().contains(&found.to_string()), "{}", err);
            Ok(true)
        },
    );
}

#[test]
fn games_from_random_positions() {
    let strategy = (deal_strategy(), any::<u64>());
    counted(
        "games_from_random_positions",
        400,
        strategy,
        |(deal, seed)| {
            let (Ok(p), Ok(q)) = (
                RioKadalis::<6>::from_setup(dealt::<6>(&deal)),
                RioKadalis::<5>::from_setup(dealt::<5>(&deal)),
            ) else {
                return Ok(false);
            };
            check_game(&p, seed);
            check_game(&p.to_string().parse::<RioKadalis<6, true>>().unwrap(), seed);
            check_game(&q, seed);
            Ok(true)
        },
    );
}

#[test]
fn arbitrary_moves_never_panic() {
    // Every move value, `f` on a 2×5 board included.
    let strategy = (deal_strategy(), proptest::collection::vec(0usize..6, 0..40));
    counted(
        "arbitrary_moves_never_panic",
        400,
        strategy,
        |(deal, moves)| {
            let Ok(mut p) = RioKadalis::<5>::from_setup(dealt::<5>(&deal)) else {
                return Ok(false);
            };
            for i in moves {
                let m = Move::from_index(i).unwrap();
                let before = p;
                let listed = p.legal_moves().contains(&m);
                match p.play(m) {
                    Ok(()) => prop_assert!(listed),
                    Err(_) => {
                        prop_assert!(!listed);
                        prop_assert_eq!(p, before);
                    }
                }
            }
            Ok(true)
        },
    );
}

/// Serializes `p` and reads it back: the same position, annulment included.
fn serde_round_trip<const N: usize, const CW: bool>(p: &RioKadalis<N, CW>) {
    let json = serde_json::to_value(p).unwrap();
    assert_eq!(json["position"], p.to_string());
    assert_eq!(json["annulled"], p.is_annulled());
    assert_eq!(
        serde_json::from_value::<RioKadalis<N, CW>>(json).unwrap(),
        *p
    );
}

/// Random games from `start`, every position and every position one move on (an
/// annulled one when the move is endless) round-tripped through serde_json. Returns how
/// many annulled positions were round-tripped.
fn serde_game<const N: usize, const CW: bool>(start: &RioKadalis<N, CW>, seed: u64) -> u32 {
    let mut annulled = 0;
    random_game(start, &mut Rng::new(seed), 300, |q| {
        serde_round_trip(q);
        for m in q.legal_moves() {
            let next = q.after(m).unwrap();
            serde_round_trip(&next);
            annulled += u32::from(next.is_annulled());
        }
    });
    annulled
}

#[test]
fn serde_round_trips_every_position_of_random_games() {
    // Random positions with closed pits, and layouts known to hold endless moves.
    let strategy = (deal_strategy(), any::<u64>(), 0usize..4);
    let annulled = Cell::new(0);
    counted("serde_round_trips", 300, strategy, |(deal, seed, from)| {
        let endless = [
            "3,1,0,1,0,1/0,1,0,1,0,1 20-16 S",
            "2,0,1,x,x,x/x,x,x,x,x,x 0-0 S",
        ];
        let p: RioKadalis<6> = match from {
            0 | 1 => endless[from].parse().unwrap(),
            _ => match RioKadalis::from_setup(dealt::<6>(&deal)) {
                Ok(p) => p,
                Err(_) => return Ok(false),
            },
        };
        let mut n = serde_game(&p, seed);
        n += serde_game(&p.to_string().parse::<RioKadalis<6, true>>().unwrap(), seed);
        if let Ok(q) = RioKadalis::<5>::from_setup(dealt::<5>(&deal)) {
            n += serde_game(&q, seed);
        }
        annulled.set(annulled.get() + n);
        Ok(true)
    });
    println!("annulled positions round-tripped: {}", annulled.get());
    assert!(
        annulled.get() > 50,
        "only {} annulled positions",
        annulled.get()
    );
}

#[test]
fn serde_round_trip_and_validation() {
    let p: RioKadalis<5> = "x,1,2,3,0/7,x,0,0,9 4-8 N".parse().unwrap();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(
        json,
        r#"{"position":"x,1,2,3,0/7,x,0,0,9 4-8 N","annulled":false}"#
    );
    assert_eq!(serde_json::from_str::<RioKadalis<5>>(&json).unwrap(), p);
    let read = |s: &str| serde_json::from_str::<RioKadalis<5>>(s).map_err(|e| e.to_string());
    let err = read(r#"{"position":"9,9,9,9,9/9,9,9,9,9 0-0 S","annulled":false}"#).unwrap_err();
    assert!(err.contains("the most possible is 40"), "{err}");
    // Only the map, with both fields and no other.
    assert!(read("3").is_err());
    assert!(read(r#""x,1,2,3,0/7,x,0,0,9 4-8 N""#).is_err());
    assert!(read(r#"{"position":"x,1,2,3,0/7,x,0,0,9 4-8 N"}"#).is_err());
    assert!(read(r#"{"annulled":false}"#).is_err());
    let extra = r#"{"position":"x,1,2,3,0/7,x,0,0,9 4-8 N","annulled":false,"x":1}"#;
    assert!(read(extra).is_err());
    // Annulled only where a move of the player to move is endless.
    let err = read(r#"{"position":"x,1,2,3,0/7,x,0,0,9 4-8 N","annulled":true}"#).unwrap_err();
    assert!(err.contains("cannot be annulled"), "{err}");
    let mut endless: RioKadalis = "3,1,0,1,0,1/0,1,0,1,0,1 20-16 S".parse().unwrap();
    endless.play("a".parse().unwrap()).unwrap();
    assert!(endless.is_annulled());
    let json = serde_json::to_string(&endless).unwrap();
    assert_eq!(
        json,
        r#"{"position":"3,1,0,1,0,1/0,1,0,1,0,1 20-16 S","annulled":true}"#
    );
    let back: RioKadalis = serde_json::from_str(&json).unwrap();
    assert_eq!(back, endless);
    assert_eq!(back.status(), rio_kadalis::Status::Annulled);
    // Moves serialize as their letter.
    let m: Move = serde_json::from_str("\"e\"").unwrap();
    assert_eq!(m.index(), 4);
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"e\"");
}
