//! The crate against OpenSpiel's `mancala` (Kalah, 6 pits, 4 seeds): random games of
//! OpenSpiel written move by move with the position after each move and the result
//! (tests/openspiel-games.txt, by tools/openspiel_kalah.py), replayed here.

use kalah::{Kalah, Move, Position};

const GAMES: &str = include_str!("openspiel-games.txt");

#[test]
fn openspiel_games_replay() {
    let (mut games, mut moves, mut extra, mut captures) = (0, 0, 0, 0);
    let mut p = Kalah::new();
    let mut ended = true;
    for (n, line) in GAMES.lines().enumerate() {
        let at = |what: &str| format!("line {}: {what}: {line}", n + 1);
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            _ if line.starts_with('#') => {}
            "game" => {
                assert!(ended, "{}", at("the game before did not end"));
                ended = false;
                games += 1;
            }
            "start" => {
                p = rest.parse().unwrap();
                assert_eq!(p, Kalah::new(), "{}", at("not the start"));
            }
            "move" => {
                let (m, position) = rest.split_once(' ').unwrap();
                let m: Move = m.parse().unwrap();
                let before = p;
                p.play(m)
                    .unwrap_or_else(|e| panic!("{}", at(&format!("refused: {e}"))));
                assert_eq!(p.to_string(), position, "{}", at("after the move"));
                extra += usize::from(p.side_to_move() == before.side_to_move());
                let stored = |q: &Kalah| q.stores().south + q.stores().north;
                // More seeds into the stores than one sowing drops there: a capture.
                captures += usize::from(
                    stored(&p)
                        > stored(&before)
                            + 1
                            + before.pit(before.side_to_move(), m.index()).unwrap() / 13,
                );
                moves += 1;
            }
            "result" => {
                assert_eq!(p.status().to_string(), rest, "{}", at("the result"));
                assert!(p.legal_moves().is_empty());
                ended = true;
            }
            _ => panic!("{}", at("unknown line")),
        }
    }
    println!("{games} games, {moves} moves, {extra} extra turns, {captures} captures");
    assert!(ended);
    assert_eq!(games, 300);
    assert!(moves > 10_000 && extra > 1_000 && captures > 1_000);
}
