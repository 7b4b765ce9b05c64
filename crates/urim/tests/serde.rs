//! Serde (feature `serde`): positions, setups and moves as their notation; positions are
//! validated on the way in.
#![cfg(feature = "serde")]

use mancala_core::Player;
use urim::{Move, Setup, Urim6, Urim7};

#[test]
fn positions_serialize_as_notation() {
    let p: Urim6 = "17,0,0,0,0,1/0,2,0,0,0,0 9-7 N".parse().unwrap();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, "\"17,0,0,0,0,1/0,2,0,0,0,0 9-7 N\"");
    assert_eq!(serde_json::from_str::<Urim6>(&json).unwrap(), p);
    let p7 = Urim7::start(4, Player::South).unwrap();
    let back: Urim7 = serde_json::from_str(&serde_json::to_string(&p7).unwrap()).unwrap();
    assert_eq!(back, p7);
    let m: Move = "c".parse().unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"c\"");
    assert_eq!(serde_json::from_str::<Move>("\"c\"").unwrap(), m);
    let s = Setup::<6>::start(9, Player::South);
    assert_eq!(
        serde_json::from_str::<Setup<6>>(&serde_json::to_string(&s).unwrap()).unwrap(),
        s
    );
}

#[test]
fn invalid_positions_are_refused_on_the_way_in() {
    // 37 seeds; a pit of 18; a 2×6 position read as 2×7; not a string.
    for bad in [
        "\"3,3,3,3,3,3/3,3,3,3,3,3 1-0 S\"",
        "\"18,0,3,3,3,3/3,3,3,0,0,0 0-0 S\"",
        "\"3,3,3,3,3,3/3,3,3,3,3,3 0-0 X\"",
        "12",
    ] {
        let e = serde_json::from_str::<Urim6>(bad).unwrap_err();
        assert!(!e.to_string().is_empty());
    }
    assert!(serde_json::from_str::<Urim7>("\"3,3,3,3,3,3/3,3,3,3,3,3 0-0 S\"").is_err());
    assert!(serde_json::from_str::<Move>("\"h\"").is_err());
    // A setup need not be a position: a pit of 18 reads, and is refused when validated.
    let s: Setup<6> = serde_json::from_str("\"18,0,3,3,3,3/3,3,3,0,0,0 0-0 S\"").unwrap();
    assert!(s.into_position().is_err());
}
