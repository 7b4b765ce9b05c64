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
    assert_eq!(r, EndReason::SideEmpty);
    assert_eq!(o.totals, Some(ByPlayer::new(20, 28)));
    assert_eq!(o.winner, Some(Player::North));
}

#[test]
fn rio_kadalis_rounds_end_regularly() {
    // South to move has no stone: North takes its 1, 20 to 28.
    let (o, r) = reason::<mancala::rio_kadalis::Kadalis>("0,0,0,0,0,0/1,0,0,0,0,0 20-27 S");
    assert_eq!(r, EndReason::Regular);
    assert_eq!(o.totals, Some(ByPlayer::new(20, 28)));
}

#[test]
fn urim_ends_by_starvation() {
    // South to move has no seeds: North takes its 1, 17 to 19 of 36.
    let (o, r) = reason::<mancala::urim::Urim<6>>("0,0,0,0,0,0/1,0,0,0,0,0 17-18 S");
    assert_eq!(r, EndReason::Starvation);
    assert_eq!(o.totals, Some(ByPlayer::new(17, 19)));
}

#[test]
fn oware_ends_by_the_stores_or_starvation() {
    // North's store holds 25 of 48.
    let (_, r) = reason::<mancala::oware::Oware>("1,0,0,0,0,0/0,0,0,0,0,1 21-25 S");
    assert_eq!(r, EndReason::Majority);
    // North is empty and South's three single seeds cannot reach it: 26 to 22.
    let (o, r) = reason::<mancala::oware::Oware>("1,1,1,0,0,0/0,0,0,0,0,0 23-22 S");
    assert_eq!(r, EndReason::Starvation);
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
        Status::Over(Outcome::new(Some(Player::South), 12).with_reason(EndReason::GrandSlam))
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
        Some(EndReason::Repetition)
    );
    assert_eq!(
        game.outcome().and_then(|o| o.totals),
        Some(ByPlayer::new(18, 18))
    );
}

#[test]
fn reasons_read_back_from_their_names() {
    for r in EndReason::ALL {
        assert_eq!(r.name().parse::<EndReason>(), Ok(r));
        assert!(!r.describe().is_empty());
    }
    assert!("sideways".parse::<EndReason>().is_err());
}
