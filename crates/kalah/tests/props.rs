//! Property tests: seed conservation, legality, notation and setup round trips, and
//! bad input refused without a panic. Valid positions are generated directly, by
//! dealing a number of seeds among the pits and stores of a board of random rules.

use kalah::{
    ByPlayer, Ending, Game, IllegalMove, Kalah, MAX_PITS, Move, Player, Position, Record, Rules,
    Setup, SetupError, Status,
};
use mancala_testkit::{check_position, counted};
use proptest::prelude::*;

/// Random rules: 1 to 10 pits a side, either option.
fn arb_rules() -> impl Strategy<Value = Rules> {
    (1u8..=MAX_PITS as u8, any::<bool>(), any::<bool>()).prop_map(|(pits, ec, me)| Rules {
        pits,
        empty_capture: ec,
        ending: if me {
            Ending::MoverEmpty
        } else {
            Ending::AnySideEmpty
        },
    })
}

/// A setup of `rules` with `spots` seeds dealt: each spot a cell, counter-clockwise
/// from South's `a` (`2m` pits, then the two stores).
fn deal(rules: Rules, spots: &[usize], north: bool) -> Setup {
    let m = usize::from(rules.pits);
    let mut s = Setup::start(rules, 0, if north { Player::North } else { Player::South });
    for &c in spots {
        match c % (2 * m + 2) {
            k if k < m => s.pits.south[k] += 1,
            k if k < 2 * m => s.pits.north[k - m] += 1,
            k if k == 2 * m => s.stores.south += 1,
            _ => s.stores.north += 1,
        }
    }
    s
}

/// A valid position: random rules, 1 to 255 seeds dealt, most of them in the pits (the
/// stores get a share like any pit), either player to move.
fn arb_position() -> impl Strategy<Value = Kalah> {
    (
        arb_rules(),
        proptest::collection::vec(any::<usize>(), 1..=255),
        any::<bool>(),
    )
        .prop_map(|(rules, spots, north)| Kalah::from_setup(deal(rules, &spots, north)).unwrap())
}

/// Every letter a move can have.
fn all_moves() -> Vec<Move> {
    (0..MAX_PITS).filter_map(Move::from_index).collect()
}

#[test]
fn seeds_are_conserved_and_moves_agree() {
    // The main branch: an ongoing position, whose every legal move is played.
    counted(
        "seeds_are_conserved_and_moves_agree",
        512,
        arb_position(),
        |p| {
            check_position(&p, all_moves());
            let total = p.total();
            prop_assert_eq!(u32::from(total), p.board().total());
            if p.status() != Status::Ongoing {
                prop_assert!(p.legal_moves().is_empty());
                return Ok(false);
            }
            for m in p.legal_moves() {
                let q = p.after(m).unwrap();
                prop_assert_eq!(q.total(), total, "{} {}", p, m);
                prop_assert_eq!(q.rules(), p.rules());
                // The mover's store never loses seeds, nor does the other's.
                for pl in Player::ALL {
                    prop_assert!(q.store(pl) >= p.store(pl));
                }
                // K3: the mover moves again exactly when the store got the last seed.
                if q.side_to_move() == p.side_to_move() {
                    prop_assert!(q.store(p.side_to_move()) > p.store(p.side_to_move()));
                }
            }
            Ok(true)
        },
    );
}

#[test]
fn notation_and_setup_round_trip() {
    counted("notation_and_setup_round_trip", 512, arb_position(), |p| {
        let text = p.to_string();
        prop_assert_eq!(text.parse::<Kalah>(), Ok(p));
        prop_assert_eq!(text.parse::<Setup>(), Ok(p.to_setup()));
        prop_assert_eq!(Kalah::from_setup(p.to_setup()), Ok(p));
        prop_assert_eq!(p.to_setup().to_string(), text.clone());
        // The board and the pit accessor say the same as the position.
        let board = p.board();
        for pl in Player::ALL {
            prop_assert_eq!(board.pits[pl].len(), p.pits());
            for i in 0..=MAX_PITS + 1 {
                prop_assert_eq!(p.pit(pl, i), board.pits[pl].get(i).copied().flatten());
            }
        }
        prop_assert_eq!(board.stores, Some(p.stores().map(u16::from)));
        // The options field is there exactly when the options are not the default.
        prop_assert_eq!(
            text.split_whitespace().count(),
            if p.rules().has_default_options() {
                3
            } else {
                4
            }
        );
        Ok(true)
    });
}

#[test]
fn parsers_never_panic() {
    // The main branch: text the parser refuses (random text nearly always is).
    counted(
        "parsers_never_panic",
        512,
        (".{0,40}", "[0-9,/ SN-]{0,40}( [a-z,-]{0,30})?"),
        |(s, t)| {
            let _ = s.parse::<Move>();
            let _ = s.parse::<Setup>();
            let _ = t.parse::<Setup>();
            let refused = s.parse::<Kalah>().is_err();
            if let Ok(p) = t.parse::<Kalah>() {
                prop_assert_eq!(p.to_string().parse::<Kalah>(), Ok(p));
            }
            Ok(refused)
        },
    );
}

/// Any bytes make a setup: it is refused with the first thing wrong, or accepted and
/// given back.
#[test]
fn any_setup_is_validated() {
    let strategy = (
        any::<u8>(),
        proptest::array::uniform10(prop_oneof![3 => 0u8..8, 1 => any::<u8>()]),
        proptest::array::uniform10(prop_oneof![3 => 0u8..8, 1 => any::<u8>()]),
        (any::<u8>(), any::<u8>()),
        any::<bool>(),
    );
    // The main branch: refused, naming what is wrong.
    counted(
        "any_setup_is_validated",
        512,
        strategy,
        |(pits, south, north, stores, n)| {
            let rules = Rules::with_pits(pits % 12);
            let setup = Setup {
                rules,
                pits: ByPlayer::new(south, north),
                stores: ByPlayer::new(stores.0, stores.1),
                to_move: if n { Player::North } else { Player::South },
            };
            let total = setup.total();
            let m = usize::from(rules.pits);
            let past = Player::ALL.into_iter().find_map(|pl| {
                (m..MAX_PITS)
                    .find(|&i| setup.pits[pl][i] > 0)
                    .map(|i| (pl, i))
            });
            match Kalah::from_setup(setup) {
                Ok(p) => {
                    prop_assert!((1..=MAX_PITS).contains(&m) && past.is_none() && total <= 255);
                    prop_assert_eq!(p.to_setup(), setup);
                    Ok(false)
                }
                Err(e) => {
                    let expected = if m == 0 || m > MAX_PITS {
                        SetupError::Pits { pits: rules.pits }
                    } else if let Some((player, i)) = past {
                        SetupError::PastTheRow {
                            player,
                            pit: (b'a' + i as u8) as char,
                            seeds: setup.pits[player][i],
                            pits: rules.pits,
                        }
                    } else {
                        SetupError::SeedTotal { found: total }
                    };
                    prop_assert_eq!(e, expected);
                    prop_assert!(!e.to_string().is_empty());
                    Ok(true)
                }
            }
        },
    );
}

/// The notation of a position with too many seeds, or rows too long, is refused with
/// the reason; it never panics.
#[test]
fn invalid_notation_is_refused() {
    // The main branch: a notation that reads, for a position that breaks rule K1.
    counted(
        "invalid_notation_is_refused",
        256,
        (1usize..=11, 0u32..280, 0u32..280),
        |(pits, pit, store)| {
            let row = |first: u32| {
                let mut v = vec!["0".to_string(); pits];
                v[0] = first.to_string();
                v.join(",")
            };
            let text = format!("{}/{} {}-0 S", row(pit), row(1), store);
            let r = text.parse::<Kalah>();
            if pits > MAX_PITS || pit > 255 || store > 255 {
                prop_assert!(
                    matches!(r, Err(kalah::ParsePositionError::Notation(_))),
                    "{:?}",
                    r
                );
                return Ok(false);
            }
            let total = pit + 1 + store;
            if total > 255 {
                prop_assert_eq!(
                    r,
                    Err(kalah::ParsePositionError::Setup(SetupError::SeedTotal {
                        found: total as u16
                    }))
                );
            } else {
                prop_assert_eq!(r.unwrap().total(), total as u16);
            }
            Ok(true)
        },
    );
}

/// Every byte a move can be made from: those past the side make no move or are refused;
/// the others are played or refused, and a refused one leaves the position (and the
/// record) as it was.
#[test]
fn every_move_value_is_played_or_refused() {
    let strategy = (arb_position(), prop_oneof![3 => 0u8..10, 1 => any::<u8>()]);
    counted(
        "every_move_value_is_played_or_refused",
        512,
        strategy,
        |(p, k)| {
            let Some(m) = Move::from_u8(k) else {
                prop_assert!(usize::from(k) >= MAX_PITS);
                return Ok(false);
            };
            let mut q = p;
            match q.play(m) {
                Ok(()) => prop_assert!(p.legal_moves().contains(&m)),
                Err(e) => {
                    prop_assert!(!p.legal_moves().contains(&m), "{} refused: {}", m, e);
                    let expected = if p.is_finished() {
                        IllegalMove::GameOver
                    } else if m.index() >= p.pits() {
                        IllegalMove::NoSuchPit { pit: m.letter() }
                    } else {
                        IllegalMove::EmptyPit { pit: m.letter() }
                    };
                    prop_assert_eq!(e, expected);
                    prop_assert_eq!(q, p);
                    let mut game = Game::new(p);
                    prop_assert_eq!(game.play(m), Err(e));
                    prop_assert_eq!(game.positions().to_vec(), vec![p]);
                }
            }
            Ok(true)
        },
    );
}

/// K7: no position comes back. Every move raises the seeds in the stores, or keeps
/// them and moves seeds only towards their owner's store (the sum over the pits of
/// seeds × the pit's index from its owner's left grows).
#[test]
fn every_move_makes_progress() {
    let progress = |p: &Kalah| {
        let stores = u32::from(p.stores().south) + u32::from(p.stores().north);
        let weight: u32 = Player::ALL
            .into_iter()
            .flat_map(|pl| {
                p.row(pl)
                    .iter()
                    .enumerate()
                    .map(|(i, &n)| i as u32 * u32::from(n))
            })
            .sum();
        (stores, weight)
    };
    counted("every_move_makes_progress", 512, arb_position(), |p| {
        for m in p.legal_moves() {
            let q = p.after(m).unwrap();
            prop_assert!(progress(&q) > progress(&p), "{} {}", p, m);
        }
        Ok(!p.legal_moves().is_empty())
    });
}
