//! The engines see the history rules. In a hand-made Urim game and a
//! hand-made Rio Kadalis round the best move differs because a move repeats a position
//! since the last capture (Urim rule 6, Rio Kadalis rule 6); the engines' choices are
//! checked against a plain minimax that carries the history, on the game's record and
//! on a record of the same position started afresh (no history).

use mancala_core::record::Record;
use mancala_core::{Player, Position, Status};
use mancala_search::eval::{Evaluator, Static, score_of};
use mancala_search::score::{INFINITY, MAX_PLY, Score, from_child};
use mancala_search::{AlphaBeta, AlphaBetaOptions, Engine, Greedy, Limits, Mcts, MctsOptions};

/// The reference: plain minimax over a copy of the record, recursive, no table, no
/// pruning, every move played and taken back on the record (so its history rules
/// apply on every line). The value of every legal move for the player to move, in the
/// game's move order, scored as the engines score: finished games by the record's
/// status, leaves by `eval`.
fn reference<R: Record, E: Evaluator<R::Position>>(
    game: &R,
    depth: u32,
    eval: &E,
) -> Vec<(<R::Position as Position>::Move, Score)> {
    fn value<R: Record, E: Evaluator<R::Position>>(
        g: &mut R,
        depth: u32,
        ply: usize,
        eval: &E,
    ) -> Score {
        let moves = g.legal_moves();
        if depth == 0 || ply + 1 >= MAX_PLY || moves.is_empty() {
            return score_of(eval, g, ply);
        }
        let me = g.position().side_to_move();
        let mut best = -INFINITY;
        for m in moves {
            g.play_unchecked(m);
            let v = from_child(
                value(g, depth - 1, ply + 1, eval),
                me,
                g.position().side_to_move(),
            );
            assert_eq!(g.undo(), Some(m));
            best = best.max(v);
        }
        best
    }
    let mut g = game.clone();
    let me = g.position().side_to_move();
    let mut values = Vec::new();
    for m in g.legal_moves() {
        g.play_unchecked(m);
        let v = from_child(
            value(&mut g, depth - 1, 1, eval),
            me,
            g.position().side_to_move(),
        );
        g.undo();
        values.push((m, v));
    }
    values
}

/// The reference's best move at `depth`, which must be the only best one.
fn best<R: Record>(game: &R, depth: u32) -> <R::Position as Position>::Move {
    let values = reference(game, depth, &Static);
    let top = values.iter().map(|v| v.1).max().unwrap();
    let best: Vec<_> = values.iter().filter(|v| v.1 == top).collect();
    assert_eq!(best.len(), 1, "depth {depth}: {values:?}");
    best[0].0
}

/// Alpha-beta with and without its table chooses the reference's move at every depth,
/// with the same value.
fn check_alpha_beta<R: Record>(game: &R, expected: &str, depths: core::ops::RangeInclusive<u32>) {
    for depth in depths {
        let m = best(game, depth);
        assert_eq!(m.to_string(), expected, "reference, depth {depth}");
        let value = reference(game, depth, &Static)
            .into_iter()
            .find(|v| v.0 == m)
            .unwrap()
            .1;
        for bits in [18, 0] {
            let options = AlphaBetaOptions {
                table_bits: bits,
                ..AlphaBetaOptions::default()
            };
            let mut ab = AlphaBeta::with_evaluator(Static, Limits::depth(depth), options);
            let r = ab.search(game);
            assert_eq!(
                r.best,
                Some(m),
                "alpha-beta, depth {depth}, table bits {bits}"
            );
            assert_eq!(
                ab.value(game, depth),
                value,
                "depth {depth}, table bits {bits}"
            );
        }
    }
}

#[test]
fn urim_a_repetition_that_wins_the_game() {
    // Five seeds are left, 14 stored for South and 17 for North: South b, c, f; North
    // a, d. South to move.
    let start: urim::Urim6 = "0,1,1,0,0,1/1,0,0,1,0,0 14-17 S".parse().unwrap();
    let mut game = urim::Game::<6>::new(start);
    // Every move sows one seed into the next pit, so nothing is captured and the seeds
    // go round: South c→d, North a→b, South b→c, North b→c, South d→e, North d→e,
    // South f→North a, North e→f, South e→f, North f→South a, South a→b.
    for m in "c a b b d d f e e f a".split(' ') {
        game.play(m.parse().unwrap()).unwrap();
    }
    assert_eq!(
        game.position().to_string(),
        "0,1,1,0,0,1/1,0,1,0,0,0 14-17 N"
    );
    // North to move has a and c. North's c→d brings back the start: every pit as it was
    // and South to move, with no capture since. Rule 6 ends the game there, each player
    // taking their own row: South 14 + 3 = 17, North 17 + 2 = 19 of 36, a 1-point win
    // for North, at once.
    let mut repeated = game.clone();
    repeated.play("c".parse().unwrap()).unwrap();
    assert!(repeated.is_repetition());
    assert_eq!(repeated.status().to_string(), "over 17-19 N 1");
    check_alpha_beta(&game, "c", 1..=8);
    assert_eq!(
        Greedy::new(0).choose(&game).map(|m| m.to_string()),
        Some("c".into())
    );
    let r = Mcts::new(Limits::nodes(3000), MctsOptions::default()).search(&game);
    assert_eq!(r.best.map(|m| m.to_string()), Some("c".into()));
    assert!(r.win_rate.unwrap() > 0.99);

    // The same position without its history: c still brings back the start, but the
    // game goes on, and the start is won for South: f sows its seed into North's a
    // (1 → 2), captured, 16 stored; North's last seed walks d→e→f→South's a, no South
    // move can then feed North, and North, starved, leaves South 16 + 3 = 19 of 36.
    // So North plays a instead (from depth 2: one ply ahead a and c evaluate alike).
    let fresh = urim::Game::<6>::new(*game.position());
    check_alpha_beta(&fresh, "a", 2..=8);
    let mut after_c = fresh.clone();
    after_c.play("c".parse().unwrap()).unwrap();
    assert_eq!(after_c.status(), Status::Ongoing);
    let won = AlphaBeta::new(Limits::depth(12)).search(&after_c);
    assert_eq!(won.best.map(|m| m.to_string()), Some("f".into()));
    let mut line = after_c.clone();
    for m in &won.pv {
        line.play(*m).unwrap();
    }
    assert_eq!(line.status().to_string(), "over 19-17 S 1");
}

#[test]
fn rio_kadalis_a_repetition_decides_the_round() {
    // 2×6, only South's d and North's c and d open; 8 stones captured each. Open pits
    // in sowing order: South d, North c, North d, South d, …
    let start: rio_kadalis::RioKadalis = "x,x,x,3,x,x/x,x,1,0,x,x 8-8 S".parse().unwrap();
    let mut round = rio_kadalis::Game::new(start);
    let positions = [
        // South d (3): North c 1→2, North d 0→1, South d 0→1 (was empty): ends.
        ("d", "x,x,x,1,x,x/x,x,2,1,x,x 8-8 N"),
        // North c (2): North d 1→2, South d 1→2, relay 2: North c 0→1, North d 2→3,
        // relay 3: South d 0→1, North c 1→2, North d 0→1 (was empty): ends.
        ("c", "x,x,x,1,x,x/x,x,2,1,x,x 8-8 S"),
        // South d (1): North c 2→3, relay 3: North d 1→2, South d 0→1, North c 0→1.
        ("d", "x,x,x,1,x,x/x,x,1,2,x,x 8-8 N"),
        // North c (1): North d 2→3, relay 3: South d 1→2, North c 0→1, North d 0→1.
        ("c", "x,x,x,2,x,x/x,x,1,1,x,x 8-8 S"),
        // South d (2): North c 1→2, North d 1→2, relay 2: South d 0→1, North c 2→3,
        // relay 3: North d 0→1, South d 1→2, North c 0→1.
        ("d", "x,x,x,2,x,x/x,x,1,1,x,x 8-8 N"),
    ];
    for (m, after) in positions {
        round.play(m.parse().unwrap()).unwrap();
        assert_eq!(round.position().to_string(), after);
    }
    // North to move, no capture since the start. Both its moves bring back a position
    // of the round, which rule 6 ends as rule 4 does: each player takes their row.
    // - c (1): North d 1→2, relay 2: South d 2→3, North c 0→1: the start, South 8 + 3
    //   = 11 against North 8 + 1 = 9, South wins the round.
    // - d (1): South d 2→3, relay 3: North c 1→2, North d 0→1, South d 0→1: the
    //   position after North's first move, South 8 + 1 = 9 against North 8 + 3 = 11,
    //   North wins the round.
    for (m, outcome) in [("c", "over 11-9 S 1"), ("d", "over 9-11 N 1")] {
        let mut r = round.clone();
        r.play(m.parse().unwrap()).unwrap();
        assert!(r.is_repetition(), "{m}");
        assert_eq!(r.status().to_string(), outcome, "{m}");
    }
    check_alpha_beta(&round, "d", 1..=8);
    assert_eq!(
        Greedy::new(0).choose(&round).map(|m| m.to_string()),
        Some("d".into())
    );
    let r = Mcts::new(Limits::nodes(1000), MctsOptions::default()).search(&round);
    assert_eq!(r.best.map(|m| m.to_string()), Some("d".into()));

    // Without the history nothing repeats. Then c wins: South's only move from
    // 3 in d sows North c 1→2, North d 0→1, South d 0→1; North d (1) sows South d 1→2,
    // relay 2: North c 2→3, North d 0→1, and South, with no stone, has lost the round:
    // South 8 against North 8 + 4 = 12. North's d shows no win (not even 40 plies
    // deep). So North plays c (from depth 3, which sees the end of that line).
    let fresh = rio_kadalis::Game::new(*round.position());
    check_alpha_beta(&fresh, "c", 3..=8);
    let mut line = fresh.clone();
    for m in ["c", "d", "d"] {
        line.play(m.parse().unwrap()).unwrap();
    }
    assert_eq!(line.status().to_string(), "over 8-12 N 1");
    assert_eq!(line.position().side_to_move(), Player::South);
}
