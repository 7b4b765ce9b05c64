//! Every game's outcome says which rule ended it (`Outcome::reason`), checked on
//! hand-made positions whose result can be counted by hand.

use mancala::record::Record;
use mancala::{ByPlayer, EndReason, Outcome, Player, Position, Status};

fn reason<P: Position>(text: &str) -> (Outcome, EndReason) {
    let p: P = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    let o = p.outcome().unwrap_or_else(|| panic!("{text} is not over"));
    (o, o.reason)
}

#[test]
fn kalah_ends_by_an_empty_side() {
    // South to move has no seeds; North adds its 2 to its 26: 20 to 28.
    let (o, r) = reason::<mancala::kalah::Kalah>("0,0,0,0,0,0/1,0,0,0,0,1 20-26 S");
    assert_eq!(r, mancala::kalah::end::SIDE_EMPTY);
    assert_eq!(o.totals, Some(ByPlayer::new(20, 28)));
    assert_eq!(o.winner, Some(Player::North));
}

#[test]
fn rio_kadalis_rounds_end_regularly() {
    // South to move has no stone: North takes its 1, 20 to 28.
    let (o, r) = reason::<mancala::rio_kadalis::RioKadalis>("0,0,0,0,0,0/1,0,0,0,0,0 20-27 S");
    assert_eq!(r, mancala::rio_kadalis::end::REGULAR);
    assert_eq!(o.totals, Some(ByPlayer::new(20, 28)));
}

#[test]
fn urim_ends_by_starvation() {
    // South to move has no seeds: North takes its 1, 17 to 19 of 36.
    let (o, r) = reason::<mancala::urim::Urim<6>>("0,0,0,0,0,0/1,0,0,0,0,0 17-18 S");
    assert_eq!(r, mancala::urim::end::STARVATION);
    assert_eq!(o.totals, Some(ByPlayer::new(17, 19)));
}

#[test]
fn oware_ends_by_the_stores_or_starvation() {
    // North's store holds 25 of 48.
    let (_, r) = reason::<mancala::oware::Oware>("1,0,0,0,0,0/0,0,0,0,0,1 21-25 S");
    assert_eq!(r, mancala::oware::end::MAJORITY);
    // North is empty and South's three single seeds cannot reach it: 26 to 22.
    let (o, r) = reason::<mancala::oware::Oware>("1,1,1,0,0,0/0,0,0,0,0,0 23-22 S");
    assert_eq!(r, mancala::oware::end::STARVATION);
    assert_eq!(o.totals, Some(ByPlayer::new(26, 22)));
}

#[test]
fn omweso_ends_by_grand_slam_through_the_record() {
    use mancala::omweso::{Game, Omweso};
    let start: Omweso = "0,0,0,0,0,0,1,0/56,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,0 S sn 0-0"
        .parse()
        .unwrap();
    let mut game = Game::new(start);
    game.play("p".parse().unwrap()).unwrap();
    assert_eq!(
        game.status(),
        Status::Over(
            Outcome::new(Some(Player::South), 12).with_reason(mancala::omweso::end::GRAND_SLAM)
        )
    );
}

#[test]
fn repetition_is_the_records_reason() {
    // Urim rule 6: one seed each circulating comes back after 12 plies.
    use mancala::urim::{Game, Urim};
    let start: Urim<6> = "1,0,0,0,0,0/1,0,0,0,0,0 17-17 S".parse().unwrap();
    let mut game = Game::new(start);
    while !game.status().is_finished() {
        let m = game.legal_moves()[0];
        game.play(m).unwrap();
        assert!(game.moves().len() <= 12);
    }
    assert!(game.is_repetition());
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(mancala::urim::end::REPETITION)
    );
    assert_eq!(
        game.outcome().and_then(|o| o.totals),
        Some(ByPlayer::new(18, 18))
    );
}

/// A game, its reasons, and the names and rules its rules page gives them.
type Listed = (
    &'static str,
    &'static [EndReason],
    &'static [(&'static str, &'static str)],
);

/// Each game lists the reasons its rules page gives, named as game files store them and
/// citing the rule; within a game, a name is one reason.
#[test]
fn each_game_names_its_reasons_once() {
    let games: [Listed; 5] = [
        (
            "urim",
            &mancala::urim::end::ALL,
            &[("starvation", "rule 5"), ("repetition", "rule 6")],
        ),
        (
            "oware",
            &mancala::oware::end::ALL,
            &[
                ("majority", "rule 6"),
                ("starvation", "rule 5"),
                ("repetition", "rule 6"),
            ],
        ),
        (
            "kalah",
            &mancala::kalah::end::ALL,
            &[("side-empty", "rule K5")],
        ),
        (
            "rio-kadalis",
            &mancala::rio_kadalis::end::ALL,
            &[("regular", "rule 4"), ("repetition", "rule 6")],
        ),
        (
            "omweso",
            &mancala::omweso::end::ALL,
            &[
                ("regular", "rule 7"),
                ("beheading", "rule 7"),
                ("grand-slam", "rule 7"),
                ("two-captures-first", "rule 7"),
                ("forfeit", "rule 9"),
            ],
        ),
    ];
    for (game, reasons, expected) in games {
        let got: Vec<(&str, &str)> = reasons
            .iter()
            .map(|r| (r.name(), r.rule().expect("a game's reason cites its rule")))
            .collect();
        assert_eq!(got, expected, "{game}");
        for r in reasons {
            assert_eq!(r.to_string(), r.name(), "{game}");
        }
    }
    assert_eq!(EndReason::REGULAR.rule(), None);
}
