//! The search plays Omweso's relays bounded (`Position::play_in_search`), yet
//! an endless move is never taken as ending, by the search or by the game record.

use mancala_core::record::Record;
use mancala_core::{Player, Position, Status};
use mancala_search::score::{EVAL_LIMIT, Score};
use mancala_search::{AlphaBeta, AlphaBetaOptions, Engine, Limits};
use omweso::{Game, Move, Omweso};

/// An evaluation under which every position where the game goes on is bad for South:
/// a move of South's that ends scores below 0, an annulled game exactly 0. A search for
/// South then chooses a move that annuls the game, if it finds one.
fn bad_for_south(p: &Omweso) -> Score {
    let s = EVAL_LIMIT / 2;
    if p.side_to_move() == Player::South {
        -s
    } else {
        s
    }
}

/// The endless layouts of `omweso/tests/endless_layouts.txt` (South to move, on its first
/// turn: no capture, so no move wins at once): position and endless move.
fn endless_layouts() -> Vec<(Omweso, Move)> {
    include_str!("../../omweso/tests/endless_layouts.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            (f[..4].join(" ").parse().unwrap(), f[4].parse().unwrap())
        })
        .collect()
}

/// The moves of `p` that are endless, played exactly.
fn endless_moves(p: &Omweso) -> Vec<Move> {
    p.legal_moves()
        .into_iter()
        .filter(|&m| p.after(m).unwrap().status() == Status::Annulled)
        .collect()
}

/// The search chooses an endless move, scored exactly 0 (an annulled game, not an
/// ending), and the game record, which plays it exactly, annuls the game; with the
/// engines' bound and with a bound below the cycles (taken as endless without proof).
fn search_then_play(p: &Omweso, endless: &[Move], endless_after: u64) {
    let options = AlphaBetaOptions {
        endless_after,
        ..AlphaBetaOptions::default()
    };
    let mut engine = AlphaBeta::with_evaluator(bad_for_south, Limits::depth(1), options);
    let mut game = Game::new(*p);
    let report = engine.search(&game);
    let best = report.best.unwrap();
    assert!(endless.contains(&best), "{p}: chose {best}");
    assert_eq!(report.score, 0, "{p}: {best}");
    assert_eq!(engine.choose(&game), Some(best));
    game.play(best).unwrap();
    assert_eq!(game.status(), Status::Annulled);
    assert_eq!(game.position().to_string(), p.to_string());
    assert!(game.legal_moves().is_empty());
}

#[test]
fn known_endless_moves_are_never_taken_as_ending() {
    let layouts = endless_layouts();
    assert!(layouts.len() >= 40);
    for (p, m) in &layouts {
        let endless = endless_moves(p);
        assert!(endless.contains(m));
        // Its 199 to 388 laps are found endless within the engines' bound...
        search_then_play(p, &endless, AlphaBetaOptions::default().endless_after);
        // ...and taken as endless without proof under a bound of 100 laps.
        search_then_play(p, &endless, 100);
    }
}

/// The test above can fail: where no move is endless, the same search scores below 0 and
/// its move does not annul the game.
#[test]
fn without_an_endless_move_the_search_scores_an_ending() {
    let (p, m) = endless_layouts()[0];
    assert_eq!(p.after(m).unwrap().status(), Status::Annulled);
    // The layout with the endless move's pit emptied into its neighbour: no endless move.
    let mut setup = p.to_setup();
    let i = m.pit().index();
    let j = (i + 1) % 16;
    setup.pits.south[j] += setup.pits.south[i];
    setup.pits.south[i] = 0;
    let q = Omweso::from_setup(setup).unwrap();
    assert!(endless_moves(&q).is_empty());
    let mut engine =
        AlphaBeta::with_evaluator(bad_for_south, Limits::depth(1), AlphaBetaOptions::default());
    let report = engine.search(&Game::new(q));
    assert!(report.score < 0);
    let mut game = Game::new(q);
    game.play(report.best.unwrap()).unwrap();
    assert_ne!(game.status(), Status::Annulled);
}

thread_local! {
    /// The moves [`Only`] allows at its start (empty: all).
    static ALLOWED: std::cell::RefCell<Vec<Move>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A record of an Omweso game whose first position allows only the moves in `ALLOWED`
/// (the search then compares just those; later positions are the game's own). The set
/// is the thread's, so that the search's own copies of the record see it.
#[derive(Clone, Debug)]
struct Only {
    game: Game,
}

impl Record for Only {
    type Position = Omweso;
    fn new(start: Omweso) -> Self {
        Only {
            game: Game::new(start),
        }
    }
    fn with_capacity(start: Omweso, plies: usize) -> Self {
        Only {
            game: Game::with_capacity(start, plies),
        }
    }
    fn reset(&mut self, start: Omweso) {
        self.game.reset(start);
    }
    fn start(&self) -> &Omweso {
        self.game.start()
    }
    fn position(&self) -> &Omweso {
        self.game.position()
    }
    fn positions(&self) -> &[Omweso] {
        self.game.positions()
    }
    fn moves(&self) -> &[Move] {
        self.game.moves()
    }
    fn is_repetition(&self) -> bool {
        false
    }
    fn status(&self) -> Status {
        self.game.status()
    }
    fn legal_moves(&self) -> omweso::MoveList {
        let mut moves = self.game.legal_moves();
        if self.game.moves().is_empty() {
            ALLOWED.with(|a| {
                let a = a.borrow();
                if !a.is_empty() {
                    moves.retain(|m| a.contains(m));
                }
            });
        }
        moves
    }
    fn check_move(&self, m: Move) -> Result<(), omweso::IllegalMove> {
        self.game.check_move(m)
    }
    fn play_unchecked(&mut self, m: Move) {
        self.game.play_unchecked(m);
    }
    fn undo(&mut self) -> Option<Move> {
        self.game.undo()
    }
    fn play_in_search(&mut self, m: Move, memo: &mut mancala_core::cycle::SearchMemo<'_>) {
        self.game.play_in_search(m, memo);
    }
}

/// The two slowest endless moves known (1.7 and 7.5 billion laps: 4.6 s and 21 s
/// of CPU to prove). The search takes them as endless at once, as the record does after
/// proving it (the first here; `omweso/tests/search_play.rs` proves both).
#[test]
#[cfg_attr(debug_assertions, ignore = "billions of laps: run in release")]
fn the_slowest_known_endless_moves_are_never_taken_as_ending() {
    for (text, m, prove) in [
        (
            "2,1,8,0,2,3,14,0/7,0,5,0,1,0,2,12/0,1,1,0,0,0,0,0/0,1,0,1,1,0,1,1 S snc 5-3",
            "e",
            true,
        ),
        (
            "28,3,0,1,2,0,2,0/5,0,0,0,1,2,0,4/0,0,1,0,0,1,1,1/0,0,1,1,0,0,0,10 S sn 0-0",
            "a",
            false,
        ),
    ] {
        let p: Omweso = text.parse().unwrap();
        let m: Move = m.parse().unwrap();
        // Its other moves end (played exactly, each in a few laps), some winning at
        // once: the search is given the endless move alone, whose value is 0 only if it
        // annuls the game (under this evaluation, an ending scores below 0 for South, a
        // win above).
        for other in p.legal_moves().into_iter().filter(|&o| o != m) {
            assert_ne!(p.after(other).unwrap().status(), Status::Annulled);
        }
        let mut engine =
            AlphaBeta::with_evaluator(bad_for_south, Limits::depth(1), AlphaBetaOptions::default());
        ALLOWED.with(|a| *a.borrow_mut() = vec![m]);
        let mut game = Only::new(p);
        let report = engine.search(&game);
        assert_eq!((report.best, report.score), (Some(m), 0), "{p}");
        assert!(engine.memo_stats().unproven > 0);
        if !prove {
            continue;
        }
        // The record, exactly.
        game.play(m).unwrap();
        assert_eq!(game.status(), Status::Annulled);
        assert_eq!(game.position().to_string(), text);
    }
}
