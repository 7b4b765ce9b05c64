//! Aalina's move letters and ours.
//!
//! Aalina (OpenSpiel's layout) numbers the board `0..12` counter-clockwise from South's
//! left and names the houses `A`–`F` (South, from South's left) and `a`–`f` (North,
//! from North's left, since North's row continues the count after South's `F`). Our
//! notation names a pit by its owner's letter from the owner's left (docs/oware.md),
//! the same order: Aalina's `C` is South's `c`, Aalina's `c` is North's `c`. The case
//! says whose pit it is, so a letter of the wrong case is a move of the wrong player.

use mancala_core::Player;

/// Aalina's letter for the pit `index` (0 is `a`) of `mover`'s row.
///
/// # Panics
/// If `index` is not 0 to 5 (no Oware move names another pit).
#[must_use]
pub fn to_aalina(mover: Player, index: u8) -> char {
    assert!(index < 6, "an Oware pit is a to f, not index {index}");
    let base = match mover {
        Player::South => b'A',
        Player::North => b'a',
    };
    char::from(base + index)
}

/// The player and pit index (0 is `a`) of Aalina's move `text`.
///
/// # Errors
/// Anything but one letter `A`–`F` or `a`–`f`, in words.
pub fn from_aalina(text: &str) -> Result<(Player, u8), String> {
    let mut chars = text.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(format!("{text:?} is not one house letter (A-F or a-f)"));
    };
    match c {
        'A'..='F' => Ok((Player::South, c as u8 - b'A')),
        'a'..='f' => Ok((Player::North, c as u8 - b'a')),
        _ => Err(format!(
            "{text:?} is not a house (A-F for South, a-f for North)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_runtime::{AnyGame, AnyMove};

    /// Plays Aalina's moves (as Aalina writes them) on our game from the start.
    fn play(moves: &[&str]) -> AnyGame {
        let mut g = AnyGame::new(&"oware".parse().unwrap());
        for m in moves {
            let (who, pit) = from_aalina(m).unwrap();
            assert_eq!(who, g.side_to_move(), "{m} is the mover's letter");
            g.play(AnyMove::Pit(pit)).unwrap();
        }
        g
    }

    #[test]
    fn letters_round_trip() {
        for p in [Player::South, Player::North] {
            for i in 0..6 {
                assert_eq!(from_aalina(&to_aalina(p, i).to_string()), Ok((p, i)));
            }
        }
        assert_eq!(to_aalina(Player::South, 0), 'A');
        assert_eq!(to_aalina(Player::North, 5), 'f');
        for bad in ["", "G", "g", "Aa", "1", "0000", " a"] {
            assert!(from_aalina(bad).is_err(), "{bad:?}");
        }
    }

    // The expected boards are worked out by hand from Aalina's layout (houses 0..11 =
    // A..F a..f, sowing to the next index), not from our move code.

    #[test]
    fn south_f_sows_into_north_a_to_d() {
        // F (index 5, 4 seeds) sows into indexes 6..9, Aalina's a..d.
        let g = play(&["F"]);
        assert_eq!(g.notation(), "4,4,4,4,4,0/5,5,5,5,4,4 0-0 N");
    }

    #[test]
    fn north_f_sows_into_south_a_to_d() {
        // F (index 5) sows a..d (indexes 6..9); then f (index 11, 4 seeds) sows
        // indexes 0..3, Aalina's A..D.
        let g = play(&["F", "f"]);
        assert_eq!(g.notation(), "5,5,5,5,4,0/5,5,5,5,4,0 0-0 S");
        let g = play(&["A", "a"]);
        // A: indexes 1..4 get one each; a (index 6, 4 seeds): indexes 7..10.
        assert_eq!(g.notation(), "0,5,5,5,5,4/0,5,5,5,5,4 0-0 S");
    }

    #[test]
    fn three_moves_by_hand() {
        // E (index 4, 4 seeds) sows indexes 5..8: F, a, b, c. Then b (index 7, 5 seeds)
        // sows 8..11 and 0: c, d, e, f and South's A (now 5: no capture). Then D
        // (index 3, 4 seeds) sows 4..7: E, F, a, b (b now 1: no capture).
        let g = play(&["E", "b", "D"]);
        assert_eq!(g.notation(), "5,4,4,0,1,6/6,1,6,5,5,5 0-0 N");
    }

    #[test]
    fn a_capture_is_where_aalina_sees_it() {
        // docs/oware.md's worked example: South's F (index 5, 3 seeds) sows a, b, c
        // (indexes 6..8) and captures c, b, a.
        let v = "oware".parse().unwrap();
        let mut g = AnyGame::from_variant_notation(&v, "0,0,0,0,0,3/1,2,1,9,9,9 9-5 S").unwrap();
        let (who, pit) = from_aalina("F").unwrap();
        assert_eq!(who, Player::South);
        g.play(AnyMove::Pit(pit)).unwrap();
        assert_eq!(g.notation(), "0,0,0,0,0,0/0,0,0,9,9,9 16-5 N");
    }
}
