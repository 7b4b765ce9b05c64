//! The Elo fit of `tournament` and `tune` (`mancala::runtime::elo`) against
//! hand-computed cases. (The weighted evaluation of `tune` is tested in
//! `mancala-search`'s `tune` module.)

use mancala::runtime::elo::{Results, elo_of_score, fit};

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

#[test]
fn a_75_percent_score_is_191_elo() {
    // 400 log10(0.75 / 0.25) = 400 log10(3) = 190.85.
    let mut r = Results::new(2);
    r.add_many(1, 0, 100.0, 75.0);
    let f = fit(&r, 0, 0.0).unwrap();
    assert!(close(f.ratings[1].elo, 190.85, 0.01), "{:?}", f.ratings);
    assert_eq!(f.ratings[0].elo, 0.0);
    // Fisher information of 100 games at p = 3/4: 100 · 3/16 = 18.75 (natural
    // units²); standard error 1 / sqrt(18.75) = 0.23094 natural units = 40.12 Elo;
    // 95%: 1.96 · 40.12 = 78.63.
    assert!(close(f.ratings[1].error95, 78.63, 0.01), "{:?}", f.ratings);
    assert_eq!(f.ratings[1].show(), "+191 ± 79");
    assert_eq!(f.ratings[0].show(), "+0 (anchor)");
}

#[test]
fn draws_count_half_and_the_anchor_can_be_either_player() {
    // 50 wins, 50 draws, 0 losses = 75 points of 100: +190.85 again.
    let mut r = Results::new(2);
    for _ in 0..50 {
        r.add(0, 1, 1.0);
        r.add(0, 1, 0.5);
    }
    let f = fit(&r, 1, 0.0).unwrap();
    assert!(close(f.ratings[0].elo, 190.85, 0.01));
    let f = fit(&r, 0, 0.0).unwrap();
    assert!(close(f.ratings[1].elo, -190.85, 0.01));
}

#[test]
fn three_players_in_a_consistent_chain() {
    // A scores 75% against B (+190.85); B 2/3 against C (400 log10 2 = +120.41);
    // A against C at the sum, 311.26 Elo: 1 / (1 + 10^(-311.26/400)) = 6/7 exactly
    // (the odds multiply: 3 · 2 = 6). With these exact fractions the maximum
    // likelihood reproduces the chain.
    let mut r = Results::new(3);
    r.add_many(0, 1, 400.0, 300.0);
    r.add_many(1, 2, 300.0, 200.0);
    r.add_many(0, 2, 700.0, 600.0);
    let f = fit(&r, 2, 0.0).unwrap();
    assert!(close(f.ratings[1].elo, 120.41, 0.01), "{:?}", f.ratings);
    assert!(close(f.ratings[0].elo, 311.26, 0.01), "{:?}", f.ratings);
    let (d, e) = f.difference(0, 1);
    assert!(close(d, 190.85, 0.01));
    // Its own 400 games alone give 1.96 / sqrt(400 · 3/16) natural units = 39.31
    // Elo; the games through C narrow it.
    assert!(e > 20.0 && e < 39.31, "{e}");
}

#[test]
fn a_clean_sweep_is_a_bound_held_finite_by_the_prior() {
    let mut r = Results::new(2);
    r.add_many(1, 0, 10.0, 10.0);
    let e = fit(&r, 0, 0.0).unwrap_err();
    assert!(e.to_string().contains("diverge"), "{e}");
    // With one virtual draw: 10.5 of 11, 400 log10(21) = 528.9.
    let f = fit(&r, 0, 1.0).unwrap();
    assert!(close(f.ratings[1].elo, 528.88, 0.01), "{:?}", f.ratings);
    assert_eq!(f.ratings[1].separated, 1);
    assert_eq!(f.ratings[0].separated, -1);
    assert_eq!(f.ratings[1].show(), "> +529");
    // The anchor is shown as the anchor, even when it lost every game.
    assert_eq!(f.ratings[0].show(), "+0 (anchor)");
    let f = fit(&r, 1, 1.0).unwrap();
    assert_eq!(f.ratings[0].show(), "< -529");
}

#[test]
fn a_player_without_games_has_no_rating() {
    let mut r = Results::new(3);
    r.add_many(0, 1, 10.0, 5.0);
    let e = fit(&r, 0, 1.0).unwrap_err();
    assert!(e.to_string().contains("player 2"), "{e}");
}

#[test]
fn elo_of_a_score() {
    assert!(close(elo_of_score(0.75), 190.85, 0.01));
    assert!(close(elo_of_score(0.5), 0.0, 1e-12));
}
