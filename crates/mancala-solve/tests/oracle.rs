//! The databases in the engines: a Urim value is exact only for a
//! position that is its whole history (a start, a position set up, right after a
//! capture), so an engine searching a game record must not score a position inside a
//! stretch without capture by it.

use std::sync::Arc;

use mancala_search::score::{SEED, ShowScore, win_score};
use mancala_search::{AlphaBeta, AlphaBetaOptions, Engine, Limits, Static};
use mancala_solve::build::BuildOptions;
use mancala_solve::db::Databases;
use mancala_solve::oracle::DbEvaluator;
use mancala_solve::urim::{Urim6, UrimGame};
use urim::{Game, Player, Position, Record};

/// The position of the report: 4 seeds on the board, North to move.
const REPORTED: &str = "0,0,0,1,0,2/0,1,0,0,0,0 17-15 N";

fn urim_dbs(max: u32) -> Arc<Databases> {
    let game = UrimGame::<6>::new();
    let mut dbs = Databases::new(&game, max).unwrap();
    BuildOptions::new()
        .max_seeds(max)
        .build(&game, &mut dbs, |_| {})
        .unwrap();
    Arc::new(dbs)
}

/// `analyze urim --db DIR --from "0,0,0,1,0,2/0,1,0,0,0,0 17-15 N"` said `win in 1
/// ply … pv b`: the child after `b` (no capture) was scored by its database value as
/// if it were its whole history. The same search without databases says win in 9
/// plies; with them, it must say the same.
#[test]
fn a_search_with_databases_agrees_with_one_without_where_history_matters() {
    let p: Urim6 = REPORTED.parse().unwrap();
    let game = Game::new(p);
    let dbs = urim_dbs(6);
    let plain = AlphaBeta::new(Limits::depth(14)).search(&game);
    assert_eq!(plain.score, win_score(1, 9), "{}", ShowScore(plain.score));
    let eval = DbEvaluator::new(UrimGame::<6>::new(), dbs, Static);
    let with = AlphaBeta::with_evaluator(eval, Limits::depth(14), AlphaBetaOptions::default())
        .search(&game);
    assert_eq!(
        with.score,
        plain.score,
        "with databases {} (pv {:?}), without {}",
        ShowScore(with.score),
        with.pv,
        ShowScore(plain.score)
    );
    assert_eq!(with.best, plain.best);
    assert_eq!(game.position().side_to_move(), Player::North);
}

/// Along a played game, the databases answer at the start and right after each
/// capture, and nowhere else; where they answer exactly, the outcome's margin is the
/// proof search's value of that position as its whole history.
#[test]
fn the_oracle_answers_only_where_the_position_is_its_whole_history() {
    use mancala_search::{Evaluator, Known};
    use mancala_solve::history::HistoryProver;
    use mancala_solve::search::Limits as ProofLimits;
    let dbs = urim_dbs(8);
    let eval = DbEvaluator::new(UrimGame::<6>::new(), Arc::clone(&dbs), Static);
    let p: Urim6 = "1,0,2,0,1,0/0,2,0,1,0,1 14-14 S".parse().unwrap();
    let mut game = Game::new(p);
    let (mut fresh, mut inside, mut exact) = (0, 0, 0);
    while !game.is_finished() {
        assert!(game.moves().len() < 400, "the game goes on");
        let line = game.positions();
        let now = *game.position();
        let after_capture = line.len() == 1 || line[line.len() - 2].stores() != now.stores();
        match eval.known(line) {
            None => assert!(!after_capture, "{now}: no answer right after a capture"),
            Some(k) => {
                assert!(
                    after_capture,
                    "{now}: an answer inside a stretch without capture"
                );
                if let Known::Exact(o) = k {
                    let t = o.totals.unwrap();
                    let me = now.side_to_move();
                    let margin = i32::from(t[me]) - i32::from(t[me.opponent()]);
                    let proof = HistoryProver::new(UrimGame::<6>::new(), &dbs, 1 << 12)
                        .unwrap()
                        .prove_with(&now, &ProofLimits::nodes(1 << 20), |_, _, _| {})
                        .unwrap();
                    assert_eq!(Some(margin), proof.value(), "{now}");
                    // Where the value is exact, the estimate is that final margin.
                    assert_eq!(eval.estimate(&now), proof.value().map(|v| v * SEED));
                    exact += 1;
                }
            }
        }
        if after_capture {
            fresh += 1;
        } else {
            inside += 1;
        }
        // The estimate is an evaluation wherever the board is in the databases,
        // whatever the history, and only with estimates on.
        let on_board: u32 = [Player::South, Player::North]
            .iter()
            .flat_map(|&p| now.row(p))
            .map(u32::from)
            .sum();
        assert_eq!(eval.estimate(&now).is_some(), on_board <= 8, "{now}");
        let estimated = eval.clone().with_estimates(true);
        assert_eq!(
            estimated.evaluate(&now),
            eval.estimate(&now).unwrap_or_else(|| Static.evaluate(&now)),
            "{now}"
        );
        assert_eq!(eval.evaluate(&now), Static.evaluate(&now), "{now}");
        let m = *game.legal_moves().iter().last().unwrap();
        game.play(m).unwrap();
    }
    assert!(
        fresh >= 2 && inside >= 2 && exact >= 1,
        "{fresh} {inside} {exact}"
    );
}
