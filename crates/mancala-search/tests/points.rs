//! Game points, match targets and known outcomes in the searches: the engines maximise
//! game points, capped at what each player still needs in a match ([`Utility`]), and a
//! position whose outcome the evaluator knows ([`Evaluator::known`]) is scored as that
//! outcome at no known distance ([`known_score`]: below every win of as many points
//! seen to its end) and not searched further.

use std::cell::Cell;

use mancala_core::record::{Line, Record};
use mancala_core::toy::{Countdown, Take};
use mancala_core::{Outcome, Player};
use mancala_search::score::{Score, known_score};
use mancala_search::{
    AlphaBeta, AlphaBetaOptions, Engine, Evaluator, Known, Limits, Mcts, MctsOptions, Utility,
    minimax, minimax_with,
};

/// The toy game (take 1 or 2 tokens; who cannot move loses) with made-up endings worth
/// game points, known to this evaluator as an endgame database would know them:
///
/// - 2 tokens, North to move: South has won 1 point;
/// - 2 tokens or 1 token, South to move: South has won 2 points.
///
/// From 4 tokens South either takes 2 (2 left, North to move: 1 point at ply 1) or
/// takes 1 (3 left, North to move; North takes 1 or 2 and leaves 2 or 1 with South to
/// move: 2 points at ply 2, whatever North does).
struct TwoOrOne;

impl Evaluator<Countdown> for TwoOrOne {
    fn evaluate(&self, _: &Countdown) -> Score {
        0
    }
    fn known(&self, line: &[Countdown]) -> Option<Known> {
        let p = line.last()?;
        match (p.heap, p.to_move) {
            (2, Player::North) => Some(Known::Exact(Outcome::new(Some(Player::South), 1))),
            (1 | 2, Player::South) => Some(Known::Exact(Outcome::new(Some(Player::South), 2))),
            _ => None,
        }
    }
}

fn need_one() -> Utility {
    // South needs 1 point to win the match: a 2-point win is worth 1.
    Utility::match_needs(1, 7)
}

#[test]
fn alpha_beta_prefers_two_points_later_to_one_point_now_unless_one_wins_the_match() {
    let game = Line::new(Countdown::new(4));
    for depth in [2, 5, 12] {
        let mut ab =
            AlphaBeta::with_evaluator(TwoOrOne, Limits::depth(depth), AlphaBetaOptions::default());
        let r = ab.search(&game);
        assert_eq!(r.best, Some(Take(1)), "depth {depth}");
        assert_eq!(r.score, known_score(2, 2));
        let options = AlphaBetaOptions {
            utility: need_one(),
            ..AlphaBetaOptions::default()
        };
        let mut ab = AlphaBeta::with_evaluator(TwoOrOne, Limits::depth(depth), options);
        let r = ab.search(&game);
        // Both wins are worth 1 point: the sooner is better.
        assert_eq!(r.best, Some(Take(2)), "depth {depth}");
        assert_eq!(r.score, known_score(1, 1));
        // The reference agrees.
        assert_eq!(
            minimax_with(&game, depth, &TwoOrOne, &need_one()),
            known_score(1, 1)
        );
        assert_eq!(
            minimax_with(&game, depth, &TwoOrOne, &Utility::GAME),
            known_score(2, 2)
        );
    }
    // The player who still needs 1 point is the one capped: North's needs change
    // nothing for South's wins.
    let options = AlphaBetaOptions {
        utility: Utility::match_needs(7, 1),
        ..AlphaBetaOptions::default()
    };
    let r = AlphaBeta::with_evaluator(TwoOrOne, Limits::depth(6), options).search(&game);
    assert_eq!((r.best, r.score), (Some(Take(1)), known_score(2, 2)));
}

#[test]
fn mcts_prefers_the_bigger_win() {
    let game = Line::new(Countdown::new(4));
    let mut mcts = Mcts::with_evaluator(TwoOrOne, Limits::nodes(400), MctsOptions::default());
    let r = mcts.search(&game);
    // Both moves win every playout (win rate 1); taking 1 wins 2 points.
    assert_eq!(r.best, Some(Take(1)));
    assert_eq!(r.win_rate, Some(1.0));
    // Counting wins only (every win worth 1 point), the two moves tie; the tree then
    // visits them equally and keeps the first of the most visited.
    let options = MctsOptions {
        utility: need_one(),
        ..MctsOptions::default()
    };
    let mut mcts = Mcts::with_evaluator(TwoOrOne, Limits::nodes(400), options);
    let r = mcts.search(&game);
    assert_eq!(r.win_rate, Some(1.0));
}

/// The toy game's exact values (a heap that is a multiple of 3 is lost for the player
/// to move), counting how often it is asked.
#[derive(Default)]
struct ModThree {
    asked: Cell<u64>,
    known: bool,
}

impl Evaluator<Countdown> for ModThree {
    fn evaluate(&self, _: &Countdown) -> Score {
        0
    }
    fn known(&self, line: &[Countdown]) -> Option<Known> {
        let p = line.last()?;
        self.asked.set(self.asked.get() + 1);
        (self.known && p.heap.is_multiple_of(3))
            .then(|| Known::Exact(Outcome::new(Some(p.to_move.opponent()), 1)))
    }
}

#[test]
fn a_known_outcome_ends_the_alpha_beta_search_there() {
    let game = Line::new(Countdown::new(40));
    let known = ModThree {
        known: true,
        ..ModThree::default()
    };
    let mut ab = AlphaBeta::with_evaluator(known, Limits::depth(12), AlphaBetaOptions::default());
    let r = ab.search(&game);
    // Take 1 leaves 39, lost for North: a known win at ply 1. Every line stops at its first
    // multiple of 3, within 3 plies: 11 nodes an iteration at most (the root, 2
    // children, 4 grandchildren, 4 of their children), where a win worth more points
    // is still looked for.
    assert_eq!(r.best, Some(Take(1)));
    assert_eq!(r.score, known_score(1, 1));
    assert!(r.nodes <= 12 * 11, "{} nodes", r.nodes);
    // Where one point wins the match, no win is worth more: the deepening stops at
    // depth 1, after the root and its two children.
    let known = ModThree {
        known: true,
        ..ModThree::default()
    };
    let options = AlphaBetaOptions {
        utility: Utility::match_needs(1, 1),
        ..AlphaBetaOptions::default()
    };
    let r = AlphaBeta::with_evaluator(known, Limits::depth(12), options).search(&game);
    assert_eq!((r.best, r.score), (Some(Take(1)), known_score(1, 1)));
    assert_eq!((r.depth, r.nodes), (1, 3));
    // Without the known outcomes the same search visits thousands of nodes (with a
    // table that only orders moves; its cuts at transpositions save most of them) and
    // sees no end within 12 plies.
    let no_cuts = AlphaBetaOptions {
        table_cuts: false,
        ..AlphaBetaOptions::default()
    };
    let mut ab = AlphaBeta::with_evaluator(ModThree::default(), Limits::depth(12), no_cuts);
    let r = ab.search(&game);
    assert!(r.nodes > 1000, "{} nodes", r.nodes);
    assert_eq!(r.score, 0);
    let mut ab = AlphaBeta::with_evaluator(
        ModThree::default(),
        Limits::depth(12),
        AlphaBetaOptions::default(),
    );
    let cut = ab.search(&game);
    assert!(
        cut.nodes < r.nodes,
        "{} nodes against {}",
        cut.nodes,
        r.nodes
    );
    assert_eq!(cut.score, 0);
    // A known outcome deeper in the tree ends the line there: from 41 South takes 2
    // (39 left, known lost for North) at ply 1, or takes 1 and North can leave 39 or
    // 38, ... Every line that meets a multiple of 3 stops there: the root and its two
    // children, the second (39 left) asked twice by principal-variation search (with a
    // null window, which it beats, then with the whole window), once without it.
    let known = ModThree {
        known: true,
        ..ModThree::default()
    };
    let r = AlphaBeta::with_evaluator(known, Limits::depth(12), options)
        .search(&Line::new(Countdown::new(41)));
    assert_eq!(
        (r.best, r.score, r.nodes),
        (Some(Take(2)), known_score(1, 1), 4)
    );
    let no_pvs = AlphaBetaOptions {
        pvs: false,
        aspiration: 0,
        ..options
    };
    let known = ModThree {
        known: true,
        ..ModThree::default()
    };
    let r = AlphaBeta::with_evaluator(known, Limits::depth(12), no_pvs)
        .search(&Line::new(Countdown::new(41)));
    assert_eq!(
        (r.best, r.score, r.nodes),
        (Some(Take(2)), known_score(1, 1), 3)
    );
}

#[test]
fn a_known_outcome_ends_the_mcts_playouts_there() {
    let game = Line::new(Countdown::new(40));
    let known = ModThree {
        known: true,
        ..ModThree::default()
    };
    let mut mcts = Mcts::with_evaluator(known, Limits::nodes(300), MctsOptions::default());
    let r = mcts.search(&game);
    assert_eq!(r.best, Some(Take(1)));
    assert_eq!(r.win_rate, Some(1.0));
    // The tree stops at the known positions: the root's two children are leaves, and
    // every playout (but none from the root) stops at once where it starts. A playout
    // from 40 or 39 tokens without known outcomes plays tens of plies, each asking.
    let asked = mcts_evaluator_asked(&mut mcts);
    assert!(asked <= 5 * 300, "asked {asked} times in 300 playouts");
    let mut plain = Mcts::with_evaluator(
        ModThree::default(),
        Limits::nodes(300),
        MctsOptions::default(),
    );
    plain.search(&game);
    let plain_asked = mcts_evaluator_asked(&mut plain);
    assert!(
        plain_asked > 10 * 300,
        "asked {plain_asked} times in 300 playouts"
    );
}

fn mcts_evaluator_asked(mcts: &mut Mcts<Line<Countdown>, ModThree>) -> u64 {
    mcts.evaluator().asked.get()
}

/// Bounds on the outcome (not the outcome) of some positions: a heap of 4 or 8 tokens is
/// known to be no better than a draw and no worse than a 1-point loss for its player to
/// move; the evaluation is made up (the heap's size, signed by the player to move).
struct Bounded;

impl Evaluator<Countdown> for Bounded {
    fn evaluate(&self, p: &Countdown) -> Score {
        let v = Score::from(p.heap) * 7 % 23 - 11;
        if p.to_move == Player::South { v } else { -v }
    }
    fn known(&self, line: &[Countdown]) -> Option<Known> {
        let p = line.last()?;
        matches!(p.heap, 4 | 8).then(|| Known::Bounds {
            lower: Outcome::new(Some(p.to_move.opponent()), 1),
            upper: Outcome::new(None, 0),
        })
    }
}

#[test]
fn known_bounds_cut_alpha_beta_as_they_clamp_minimax() {
    let plain = |p: &Countdown| Bounded.evaluate(p);
    let mut changed = 0;
    for heap in 1..=16 {
        let game = Line::new(Countdown::new(heap));
        for depth in 1..=9 {
            let mut ab = AlphaBeta::with_evaluator(
                Bounded,
                Limits::depth(depth),
                AlphaBetaOptions::default(),
            );
            let reference = minimax(&game, depth, &Bounded);
            assert_eq!(
                ab.value(&game, depth),
                reference,
                "heap {heap} depth {depth}"
            );
            changed += usize::from(reference != minimax(&game, depth, &plain));
        }
    }
    // The bounds change values (a loss-or-draw position is never scored as a win).
    assert!(changed > 10, "{changed}");
}
