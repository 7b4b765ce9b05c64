//! The core's match trait, `Series`, on the three games that score matches (Urim rule
//! 8, Omweso rule 9, Rio Kadalis rule 5), driven through the trait alone. Every game's
//! points are counted here from the rules and the final board, not read from the
//! library's outcome, and the match's score must follow them.

use core::time::Duration;

use mancala::omweso::{Mode, Omweso, Rules};
use mancala::record::Record;
use mancala::series::{MatchError, Series};
use mancala::{ByPlayer, EndReason, Player, Position, Status};
use mancala_testkit::Rng;

/// Plays the current game of `s` to its end with seeded random legal moves and no
/// thinking time; returns the plies played.
fn finish_game<S: Series>(s: &mut S, rng: &mut Rng) -> usize {
    let mut plies = 0;
    while s.status() == Status::Ongoing {
        let moves = s.game().legal_moves();
        let m = moves[rng.below(moves.len())];
        s.play(m, Some(Duration::ZERO)).unwrap();
        plies += 1;
        assert!(plies < 100_000, "a game that does not end");
    }
    plies
}

/// What every match says alike, whatever the game, while a game is on.
fn refuses_while_on<S: Series + Clone + PartialEq + core::fmt::Debug>(s: &mut S) {
    assert_eq!(s.status(), Status::Ongoing);
    let before = s.clone();
    assert_eq!(s.next_game(None), Err(MatchError::GameInProgress));
    assert_eq!(*s, before);
    assert_eq!(s.winner(), None);
    assert!(!s.is_finished());
}

/// Urim rule 7 from the final board: the seeds each player ends the game with, then
/// 2 points for at least three quarters of all seeds, 1 for more than half.
fn urim_points(game: &mancala::urim::Game<6>, reason: EndReason) -> ByPlayer<u16> {
    let b = game.position().board();
    let stores = b.stores.unwrap();
    let row = |p: Player| b.seeds_in_pits(p);
    let totals = match reason {
        // Rule 5: the player to move has no seeds; the other takes every seed left.
        mancala::urim::end::STARVATION => {
            let taker = b.to_move.opponent();
            ByPlayer::from_fn(|p| {
                if p == taker {
                    stores[p] + row(Player::South) + row(Player::North)
                } else {
                    stores[p]
                }
            })
        }
        // Rule 6: each player takes the seeds in their own row.
        mancala::urim::end::REPETITION => ByPlayer::from_fn(|p| stores[p] + row(p)),
        other => panic!("urim ends by starvation or repetition, not {other}"),
    };
    assert_eq!(totals.south + totals.north, 36);
    ByPlayer::from_fn(|p| match totals[p] {
        27.. => 2,
        19..=26 => 1,
        _ => 0,
    })
}

#[test]
fn urim_match_adds_the_points_of_rule_7_until_the_target() {
    let mut rng = Rng::new(24);
    let mut m = mancala::urim::Match::<6>::start(Player::North)
        .with_target(5)
        .unwrap();
    assert_eq!(m.needed(), Some(ByPlayer::new(5, 5)));
    let mut expected = ByPlayer::new(0u16, 0u16);
    let mut first = Player::North;
    let mut games = 0;
    loop {
        assert_eq!(m.first_player(), first);
        assert_eq!(m.game().start().side_to_move(), first);
        assert!(m.game().moves().is_empty());
        refuses_while_on(&mut m);
        assert_eq!(m.take_back(), Err(MatchError::TakeBackRefused));
        assert_eq!(m.drop_game(), Err(MatchError::CannotDrop));
        finish_game(&mut m, &mut rng);
        games += 1;
        let outcome = m.status().outcome().unwrap();
        let points = urim_points(m.game(), outcome.reason);
        expected = ByPlayer::from_fn(|p| expected[p] + points[p]);
        assert_eq!(m.score(), expected, "game {games}: {}", m.game().position());
        assert_eq!(
            m.needed(),
            Some(expected.map(|have| 5u16.saturating_sub(have)))
        );
        if m.is_finished() {
            break;
        }
        // Rule 8: the players alternate; the rule's player may be named, not the other.
        let rule = first.opponent();
        let before = m.clone();
        assert_eq!(
            m.next_game(Some(first)),
            Err(MatchError::FirstPlayerFixed { rule })
        );
        assert_eq!(m, before);
        if games % 2 == 0 {
            m.next_game(Some(rule)).unwrap();
        } else {
            m.next_game(None).unwrap();
        }
        first = rule;
    }
    let w = m.winner().unwrap();
    assert!(expected[w] >= 5 && expected[w.opponent()] < 5);
    assert!(
        games >= 3,
        "a 5-point match takes at least 3 games of at most 2 points"
    );
    assert_eq!(m.results().len(), games);
    let mv = m.game().start().legal_moves()[0];
    assert_eq!(m.play(mv, None), Err(MatchError::MatchOver { winner: w }));
    assert_eq!(m.next_game(None), Err(MatchError::MatchOver { winner: w }));
}

/// Omweso rule 7's points by the ending, and rule 9's blitz forfeit.
fn omweso_points(reason: EndReason) -> u16 {
    use mancala::omweso::end;
    match reason {
        end::REGULAR | end::FORFEIT => 1,
        end::BEHEADING | end::TWO_CAPTURES_FIRST => 2,
        end::GRAND_SLAM => 12,
        other => panic!("omweso does not end by {other}"),
    }
}

#[test]
fn omweso_match_scores_rule_7_and_blitz_forfeits_to_twelve() {
    // A blitz match from the standard start, by lot who starts: random legal moves,
    // now and then over the 3 seconds of rule 9.
    let mut rng = Rng::new(9);
    let mut m = mancala::omweso::Match::start_with(Mode::Blitz, Rules::default(), Player::South);
    let mut expected = ByPlayer::new(0u16, 0u16);
    let (mut forfeits, mut games) = (0, 0);
    while !m.is_finished() {
        refuses_while_on(&mut m);
        assert_eq!(m.take_back(), Err(MatchError::TakeBackRefused));
        assert_eq!(m.drop_game(), Err(MatchError::CannotDrop));
        let mover_when_late = loop {
            let moves = m.game().legal_moves();
            let mv = moves[rng.below(moves.len())];
            let mover = m.game().position().side_to_move();
            let late = rng.below(40) == 0;
            let thinking = Duration::from_millis(if late { 3_001 } else { 2_999 });
            assert_eq!(m.play(mv, None), Err(MatchError::TimeRequired));
            let plies = m.game().moves().len();
            let status = m.play(mv, Some(thinking)).unwrap();
            if late {
                assert_eq!(m.game().moves().len(), plies, "a late move is not played");
                break Some(mover);
            }
            if status != Status::Ongoing {
                break None;
            }
        };
        games += 1;
        match m.status() {
            Status::Annulled => assert!(mover_when_late.is_none()),
            Status::Over(o) => {
                if let Some(late) = mover_when_late {
                    forfeits += 1;
                    assert_eq!(o.reason, mancala::omweso::end::FORFEIT);
                    assert_eq!(o.winner, Some(late.opponent()));
                }
                let w = o.winner.unwrap();
                expected[w] += omweso_points(o.reason);
            }
            Status::Ongoing => unreachable!(),
        }
        assert_eq!(m.score(), expected);
        assert_eq!(
            m.needed(),
            Some(expected.map(|have| 12u16.saturating_sub(have)))
        );
        if !m.is_finished() {
            let first = if rng.below(2) == 0 {
                Player::South
            } else {
                Player::North
            };
            m.next_game(Some(first)).unwrap();
            assert_eq!(m.first_player(), first);
            assert_eq!(m.game().position().side_to_move(), first);
        }
    }
    let w = m.winner().unwrap();
    assert!(expected[w] >= 12 && expected[w.opponent()] < 12);
    assert!(
        forfeits > 0 && games > 1,
        "{forfeits} forfeits in {games} games"
    );
}

#[test]
fn omweso_match_hand_made_endings_and_take_backs() {
    // Beheading (rule 7): South's p captures North's last inner seeds: 2 points.
    let beheading: Omweso =
        "0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,56 S sn 0-0"
            .parse()
            .unwrap();
    let mut m = mancala::omweso::Match::from_position(Mode::Classic, beheading);
    assert_eq!(m.take_back(), Err(MatchError::NothingToTakeBack));
    let p = "p".parse().unwrap();
    m.play(p, None).unwrap();
    assert_eq!(m.score(), ByPlayer::new(2, 0));
    // Classic play takes the ending move back, and its points.
    assert_eq!(m.take_back(), Ok(p));
    assert_eq!(m.score(), ByPlayer::new(0, 0));
    m.play(p, None).unwrap();
    // North starts the next game (chosen, rule 1); the default is the other player.
    m.next_game(Some(Player::North)).unwrap();
    assert_eq!(m.first_player(), Player::North);
    // A grand slam (12 points) wins the match at once: South's p empties North's pits.
    let slam: Omweso = "0,0,0,0,0,0,1,0/56,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,0 S sn 0-0"
        .parse()
        .unwrap();
    assert_eq!(m.next_game(None), Err(MatchError::GameInProgress));
    let mut c = mancala::omweso::Match::from_position(Mode::Contract, slam);
    assert_eq!(c.play(p, None).unwrap().outcome().unwrap().points, 12);
    assert_eq!(c.score(), ByPlayer::new(12, 0));
    assert_eq!(c.winner(), Some(Player::South));
    assert_eq!(c.take_back(), Err(MatchError::TakeBackRefused));
    assert_eq!(
        c.next_game(None),
        Err(MatchError::MatchOver {
            winner: Player::South
        })
    );
}

/// Rio Kadalis rule 5 from the final board: each player's stock for the next round is
/// their reserve plus what they captured plus the stones in their own row.
fn kadalis_stocks(m: &mancala::rio_kadalis::Match<6>) -> ByPlayer<u16> {
    let b = m.game().position().board();
    let stores = b.stores.unwrap();
    ByPlayer::from_fn(|p| u16::from(m.reserves()[p]) + stores[p] + b.seeds_in_pits(p))
}

#[test]
fn rio_kadalis_match_carries_the_stocks_until_one_is_below_four() {
    let mut rng = Rng::new(5);
    let mut m = mancala::rio_kadalis::Match::<6>::start(Player::South);
    assert_eq!(m.score(), ByPlayer::new(24, 24));
    assert_eq!(m.needed(), None);
    let (mut rounds, mut dropped) = (0, 0);
    let mut first = Player::South;
    while !m.is_finished() {
        assert_eq!(m.first_player(), first);
        refuses_while_on(&mut m);
        assert_eq!(m.take_back(), Err(MatchError::TakeBackRefused));
        let stocks = m.stocks().map(u16::from);
        assert_eq!(m.score(), stocks);
        // Now and then a round hits a ply limit of ours: dropped as annulled (rule 3).
        if rng.below(5) == 0 {
            for _ in 0..3 {
                if m.status() == Status::Ongoing {
                    let moves = m.game().legal_moves();
                    m.play(moves[rng.below(moves.len())], None).unwrap();
                }
            }
            if m.status() == Status::Ongoing {
                m.drop_game().unwrap();
                dropped += 1;
                assert_eq!(m.status(), Status::Annulled);
                assert_eq!(m.score(), stocks);
            }
        }
        finish_game(&mut m, &mut rng);
        rounds += 1;
        let expected = match m.status() {
            Status::Annulled => stocks,
            Status::Over(_) => kadalis_stocks(&m),
            Status::Ongoing => unreachable!(),
        };
        assert_eq!(m.score(), expected);
        assert_eq!(expected.south + expected.north, 48);
        let below = Player::ALL.into_iter().find(|&p| expected[p] < 4);
        assert_eq!(m.winner(), below.map(Player::opponent));
        if m.is_finished() {
            break;
        }
        m.next_game(None).unwrap();
        first = first.opponent();
        assert_eq!(m.stocks().map(u16::from), expected);
        assert!(rounds < 1_000, "the match does not end");
    }
    assert!(
        rounds > 1 && dropped > 0,
        "{rounds} rounds, {dropped} dropped"
    );
    let w = m.winner().unwrap();
    assert!(m.score()[w.opponent()] < 4);
}
