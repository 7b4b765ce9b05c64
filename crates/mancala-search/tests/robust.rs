//! No value a caller can pass makes an engine panic, abort or wrap. Each test
//! hands the engines the extreme values of a public setting and checks a real result.

use mancala_core::record::{Line, Record};
use mancala_core::toy::Countdown;
use mancala_search::eval::{Static, Zero};
use mancala_search::score::{Score, is_decisive, plies_to_end, win_score};
use mancala_search::{
    AlphaBeta, AlphaBetaOptions, Engine, Greedy, Limits, Mcts, MctsOptions, RandomPlayer, minimax,
    spec::from_spec,
};

/// Heap 4: taking 1 leaves 3, a lost heap for the player to move (1 or 2 a turn).
fn game() -> Line<Countdown> {
    Line::new(Countdown::new(4))
}

#[test]
fn extreme_limits_are_answered() {
    for limits in [
        Limits::depth(u32::MAX),
        Limits::depth(0),
        Limits::nodes(0),
        Limits::nodes(u64::MAX),
        Limits::millis(0),
        Limits::millis(u64::MAX),
        Limits {
            depth: u32::MAX,
            time: Some(std::time::Duration::MAX),
            nodes: Some(1),
        },
    ] {
        let mut ab = AlphaBeta::with_evaluator(Zero, limits, AlphaBetaOptions::default());
        let best = ab.choose(&game()).expect("a legal move is always returned");
        assert!(game().check_move(best).is_ok(), "{limits:?}");
        if limits.depth >= 4 && limits.nodes.is_none() && limits.time.is_none() {
            assert_eq!(best.0, 1, "{limits:?}: the winning move");
        }
        // MCTS runs until a limit: given no node limit, it gets one (its time may be
        // "for ever").
        let limits = Limits {
            nodes: Some(limits.nodes.unwrap_or(2_000).min(2_000)),
            ..limits
        };
        let mut mcts = Mcts::with_evaluator(Zero, limits, MctsOptions::default());
        let best = mcts
            .choose(&game())
            .expect("a legal move is always returned");
        assert!(game().check_move(best).is_ok(), "{limits:?}");
    }
}

#[test]
fn a_finished_game_has_no_move_from_any_engine() {
    let mut g = game();
    for _ in 0..4 {
        let m = g.legal_moves()[0];
        g.play(m).unwrap();
    }
    assert!(g.is_finished());
    assert_eq!(AlphaBeta::new(Limits::depth(5)).choose(&g), None);
    assert_eq!(
        Mcts::new(Limits::nodes(50), MctsOptions::default()).choose(&g),
        None
    );
    assert_eq!(Greedy::<_, Static>::new(1).choose(&g), None);
    assert_eq!(RandomPlayer::new(1).choose(&g), None);
    assert!(is_decisive(minimax(&g, u32::MAX, &Zero)));
}

#[test]
fn mcts_with_the_largest_tree_asked_for_still_plays() {
    // `usize::MAX` nodes cannot be allocated: the tree is made as large as granted.
    for max_nodes in [0, 1, usize::MAX] {
        let options = MctsOptions {
            max_nodes,
            exploration: f64::NAN,
            max_playout: 0,
            ..MctsOptions::default()
        };
        let mut mcts = Mcts::with_evaluator(Zero, Limits::nodes(200), options);
        let best = mcts.choose(&game()).expect("a move");
        assert!(game().check_move(best).is_ok(), "max_nodes {max_nodes}");
    }
}

#[test]
fn any_spec_string_is_read_or_refused() {
    let specs = [
        "",
        ":",
        "alphabeta:",
        "alphabeta:0",
        "alphabeta:99999999999999999999",
        "alphabeta:18446744073709551615ms",
        "alphabeta:-1",
        "mcts:0",
        "mcts:0ms",
        "mcts:18446744073709551615",
        "alphabeta:1n",
        "alphabeta:0n",
        "greedy:3",
        "random:",
        "ALPHABETA",
        "alphabeta:5:5",
        "mcts:1.5",
        "\u{0}",
        "alphabeta:٣",
    ];
    for spec in specs {
        match from_spec::<Line<Countdown>, _>(spec, Static, 0) {
            Ok(mut e) => {
                assert!(!e.name().is_empty());
                // Only the quick ones are run (a limit of u64::MAX playouts is not).
                if !spec.contains("1844") && !spec.contains("9999") {
                    let m = e.choose(&game()).expect("a move");
                    assert!(game().check_move(m).is_ok(), "{spec:?}");
                }
            }
            Err(e) => assert!(!e.to_string().is_empty(), "{spec:?}"),
        }
    }
}

#[test]
fn scores_of_any_size_are_read() {
    for s in [Score::MIN, -1, 0, 1, Score::MAX] {
        let _ = plies_to_end(s);
        let _ = is_decisive(s);
    }
    assert_eq!(plies_to_end(win_score(2, usize::MAX)), Some(128));
}
