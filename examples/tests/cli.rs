//! The examples run as processes, as a player or a script runs them: `--help`
//! everywhere, and the errors worded the same way in every game.
//!
//! The examples are the binaries `cargo test` builds beside this test (in
//! `target/<profile>/examples/`): run it with `cargo test -p mancala` or
//! `cargo test --workspace` (`cargo test --test cli` alone does not build them).

use std::path::PathBuf;

/// The examples.
const EXAMPLES: [&str; 6] = ["analyze", "perft", "play", "replay", "solve", "tournament"];
/// The games.
const GAMES: [&str; 5] = ["urim", "omweso", "rio-kadalis", "oware", "kalah"];

#[path = "support/examples.rs"]
mod support;
use support::{Run, run_with};

fn run(name: &str, args: &[&str]) -> Run {
    run_with(name, args, "")
}

/// A run that must fail with an error saying `message`, and print nothing else.
fn refused(name: &str, args: &[&str], message: &str) -> Run {
    let r = run(name, args);
    assert!(!r.ok, "{name} {args:?} was accepted: {r:?}");
    assert!(
        r.stderr.starts_with("error: ") && r.stderr.contains(message),
        "{name} {args:?}: expected an error with {message:?}: {r:?}"
    );
    assert_eq!(r.stdout, "", "{name} {args:?} printed before its error");
    r
}

#[test]
fn every_example_has_help_with_its_options_and_an_example_line() {
    for name in EXAMPLES {
        for flag in ["--help", "-h"] {
            let r = run(name, &[flag]);
            assert!(r.ok, "{name} {flag}: {r:?}");
            assert!(
                r.stdout.contains(&format!("Usage: {name}")),
                "{name}: {r:?}"
            );
            assert!(r.stdout.contains("--from <NOTATION>"), "{name}: {r:?}");
            assert!(
                r.stdout
                    .contains(&format!("cargo run --release --example {name}")),
                "{name} {flag}: no example line: {r:?}"
            );
        }
    }
    // Each example's own options are listed.
    for (name, option) in [
        ("play", "--human <S|N>"),
        ("solve", "--max-seeds <S>"),
        ("solve", "--empty-capture"),
        ("play", "--engine <SPEC>"),
        ("play", "--seed <N>"),
        ("analyze", "--time-ms <T>"),
        ("tournament", "--opening-plies <K>"),
        ("tournament", "--matches <N>"),
        ("perft", "--divide"),
    ] {
        assert!(
            run(name, &["--help"]).stdout.contains(option),
            "{name} {option}"
        );
    }
}

#[test]
fn unknown_games_and_options_are_refused_with_the_choices() {
    let r = refused("perft", &["nosuchgame", "1"], "invalid value 'nosuchgame'");
    assert!(r.stderr.contains("rio-kadalis"), "{r:?}");
    refused("perft", &[], "required arguments were not provided");
    refused(
        "play",
        &["urim", "--colour", "S"],
        "unexpected argument '--colour'",
    );
    // A game refuses the options of the others.
    refused("perft", &["urim", "1", "--clockwise"], "urim");
    refused(
        "perft",
        &["oware", "1", "--two-captures-first"],
        "oware has no option two-captures-first",
    );
}

#[test]
fn pit_letters_off_the_board_are_worded_the_same_in_every_game() {
    // 2x6 Urim: `g` is a letter of 2x7 boards, `h` and `z` of none.
    for letter in ["g", "h", "z"] {
        refused(
            "replay",
            &["urim", letter],
            &format!(
                "illegal move {letter}: there is no pit {letter} on this board (the pits are a to f)"
            ),
        );
    }
    refused(
        "replay",
        &["rio-kadalis", "--pits", "5", "f"],
        "illegal move f: there is no pit f on this board (the pits are a to e)",
    );
    refused(
        "replay",
        &["omweso", "r"],
        "illegal move r: there is no pit r on this board (the pits are a to p)",
    );
    refused(
        "replay",
        &["kalah", "--pits", "4", "e"],
        "illegal move e: there is no pit e on this board (the pits are a to d)",
    );
    // Not a move at all: said once, with the form a move takes.
    let r = refused(
        "replay",
        &["oware", "99"],
        "bad move \"99\": a move is a pit letter (a to f)",
    );
    assert!(!r.stderr.contains("bad move: "), "{r:?}");
    refused(
        "replay",
        &["omweso", "a+"],
        "bad move \"a+\": a move is a pit letter (a to p), then '-'",
    );
}

#[test]
fn a_bad_from_is_worded_the_same_in_every_game() {
    for game in GAMES {
        refused(
            "perft",
            &[game, "1", "--from", "garbage"],
            &format!("--from: \"garbage\" is not a position of {game}: "),
        );
    }
}

#[test]
fn analyze_refuses_bad_limits_and_engines_before_printing() {
    refused(
        "analyze",
        &["urim", "--depth", "0"],
        "'--depth <D>': must be at least 1",
    );
    refused(
        "analyze",
        &["urim", "--time-ms", "0"],
        "'--time-ms <T>': must be at least 1",
    );
    refused(
        "analyze",
        &["urim", "--engine", "foo"],
        "engine \"foo\": unknown engine",
    );
    refused(
        "analyze",
        &["urim", "--depth", "3", "--engine", "greedy"],
        "cannot be used with",
    );
    refused(
        "play",
        &["--engine", "alphabeta:0"],
        "the limit must be positive",
    );
    refused(
        "tournament",
        &["oware", "--opponent", "minimax"],
        "unknown engine",
    );
}

#[test]
fn replay_without_moves_says_so() {
    refused("replay", &["urim"], "required arguments were not provided");
}

/// Each example's help opens with what it does, not with the shared options' words.
#[test]
fn every_help_opens_with_what_the_example_does() {
    for (name, opening) in [
        ("perft", "Counts the leaves of the game tree"),
        ("replay", "Replays moves"),
        (
            "analyze",
            "The best move, evaluation and principal variation",
        ),
        ("play", "Play a game against the engine"),
        ("tournament", "Engine against engine"),
        ("tune", "Fits the static evaluation's weights"),
        ("solve", "Builds the endgame databases"),
    ] {
        let r = run(name, &["--help"]);
        assert!(r.stdout.starts_with(opening), "{name}: {r:?}");
    }
}

/// Options that cannot work are refused before anything runs: a file that cannot be
/// saved (not at the end of a session), an odd number of check games, the solver of a
/// game without one (and not asked for databases first).
#[test]
fn options_that_cannot_work_are_refused_first() {
    let nowhere = std::env::temp_dir().join(format!("mancala-no-such-{}", std::process::id()));
    let save = nowhere.join("x.mgn");
    let save = save.to_str().unwrap();
    refused(
        "play",
        &["--auto", "--save", save],
        &format!("--save: {save}: its folder does not exist"),
    );
    refused(
        "tune",
        &["oware", "--check-games", "3"],
        "\"3\" is not an even number",
    );
    for args in [
        &["urim", "--engine", "solver"][..],
        &["urim", "--engine", "solver", "--db", save],
    ] {
        refused(
            "analyze",
            args,
            "solver: urim has no proof search whose values hold after any history",
        );
    }
    refused(
        "analyze",
        &["kalah", "--pits", "0"],
        "pits: kalah is played with 1 to 10 pits",
    );
}

#[test]
fn endings_are_explained_with_the_rule_and_the_totals() {
    // Omweso: South's p captures all of North's seeds (docs/omweso.md).
    let slam = "0,0,0,0,0,0,1,0/56,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,0 S sn 0-0";
    let r = run(
        "play",
        &[
            "omweso",
            "--auto",
            "--engine",
            "alphabeta:2",
            "--from",
            slam,
        ],
    );
    assert!(r.ok, "{r:?}");
    assert!(
        r.stdout.contains(
            "game over: South wins 12 points by grand slam (rule 7): all of North's pits are empty"
        ),
        "{r:?}"
    );
    // Urim: South to move has no seeds; North takes its one seed: 17 to 19 of 36.
    let r = run(
        "analyze",
        &["urim", "--from", "0,0,0,0,0,0/1,0,0,0,0,0 17-18 S"],
    );
    assert!(
        r.stdout.contains(
            "North wins 1 point by starvation (rule 5): South has no seeds in their row; \
             North takes the seeds left; totals South 17 North 19"
        ),
        "{r:?}"
    );
    // Kalah: South's side is empty; North adds its 2 seeds: 20 to 28 of 48.
    let r = run(
        "analyze",
        &["kalah", "--from", "0,0,0,0,0,0/1,0,0,0,0,1 20-26 S"],
    );
    assert!(
        r.stdout
            .contains("North wins 1 point by an empty side (rule K5)")
            && r.stdout.contains("totals South 20 North 28"),
        "{r:?}"
    );
}

/// A fresh path for a file of this test run.
fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("mancala-cli-{}-{name}", std::process::id()))
}

#[test]
fn play_asks_before_quitting_and_q_is_not_quit() {
    let r = run_with("play", &["--engine", "greedy"], "quit\nno\nq\nquit\nyes\n");
    assert!(r.ok, "{r:?}");
    assert!(
        r.stdout
            .contains("the game is not over: quit anyway? (yes/no)"),
        "{r:?}"
    );
    assert!(r.stdout.contains("the game goes on"), "{r:?}");
    assert!(
        r.stdout
            .contains("'q' is not a move here; type quit to leave"),
        "{r:?}"
    );
    assert!(r.stdout.trim_end().ends_with("bye"), "{r:?}");
}

#[test]
fn play_echoes_moves_says_units_and_undoes_only_the_players_moves() {
    // North: the engine opens; nothing of the person's to take back yet.
    let r = run_with(
        "play",
        &["urim", "--human", "N", "--engine", "greedy"],
        "undo\nc\nundo\nnew\nno\nnew\nyes\nquit\nyes\n",
    );
    assert!(r.ok, "{r:?}");
    // `new` asks before it drops a game that goes on; "no" keeps it.
    assert_eq!(
        r.stdout
            .matches("the game is not over: start a new one anyway? (yes/no) ")
            .count(),
        2,
        "{r:?}"
    );
    assert!(r.stdout.contains("the game goes on"), "{r:?}");
    assert!(
        r.stdout
            .contains("nothing to take back: you have not moved in this game yet"),
        "{r:?}"
    );
    assert!(r.stdout.contains("you (N) play c"), "{r:?}");
    assert!(r.stdout.contains("a new game"), "{r:?}");
    // Evaluations carry their unit.
    assert!(r.stdout.contains(" seeds for S,"), "{r:?}");
    // After the undo it is North's turn again, the engine's opening move kept.
    let after_undo = r.stdout.split("you (N) play c").nth(1).unwrap_or("");
    assert!(after_undo.contains("North to move"), "{r:?}");
}

/// `--max-plies` counts the plies of each game: a new game starts from zero (it once
/// counted the whole session, so a long session of `new` games stopped mid-game).
#[test]
fn play_max_plies_counts_each_game() {
    let r = run_with(
        "play",
        &["urim", "--engine", "greedy", "--max-plies", "4"],
        "c\nnew\nyes\nc\nd\nquit\nyes\n",
    );
    assert!(r.ok, "{r:?}");
    let (first, second) = r.stdout.split_once("a new game").expect("a new game");
    assert_eq!(first.matches(") play").count(), 2, "{r:?}");
    // The second game: four plies (two each), then the stop.
    assert_eq!(second.matches(") play").count(), 4, "{r:?}");
    assert!(
        second.contains("stopped after 4 plies (--max-plies)"),
        "{r:?}"
    );
    assert!(!first.contains("stopped after"), "{r:?}");
}

#[test]
fn a_saved_game_loads_replays_and_goes_on() {
    let path = temp_file("saved.mgn");
    let file = path.to_str().unwrap();
    let r = run_with(
        "play",
        &["urim", "--engine", "greedy", "--save", file],
        "c\nquit\nyes\n",
    );
    assert!(r.ok, "{r:?}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[Game \"urim\"]"), "{text}");
    assert!(
        text.contains("[South \"human\"]") && text.contains("[North \"greedy\"]"),
        "{text}"
    );
    assert!(text.contains("[Result \"ongoing\"]"), "{text}");
    // Replayed: two plies, yours and the engine's.
    let r = run("replay", &["--file", file]);
    assert!(r.ok, "{r:?}");
    assert_eq!(r.stdout.lines().count(), 2, "{r:?}");
    assert!(r.stdout.starts_with("c\t"), "{r:?}");
    // Loaded: the game goes on from there to its end.
    let r = run("play", &["--load", file, "--auto", "--engine", "greedy"]);
    assert!(
        r.ok && r.stdout.contains("loaded 2 plies") && r.stdout.contains("game over: "),
        "{r:?}"
    );
    // The position after the first ply, with its history, for analyze.
    let r = run("analyze", &["--file", file, "--ply", "1", "--depth", "2"]);
    assert!(r.ok && r.stdout.contains("N to move; legal moves"), "{r:?}");
    refused(
        "analyze",
        &["--file", file, "--ply", "3"],
        "--ply 3: the game has 2 plies",
    );
    // Loaded again to take the person's move back (and its reply), and saved: the
    // file's players stay, though another engine plays now.
    let r = run_with(
        "play",
        &["--load", file, "--engine", "random", "--save", file],
        "undo\nquit\nyes\n",
    );
    assert!(r.ok && !r.stdout.contains("nothing to take back"), "{r:?}");
    let again = std::fs::read_to_string(&path).unwrap();
    assert!(
        again.contains("[South \"human\"]") && again.contains("[North \"greedy\"]"),
        "{again}"
    );
    std::fs::write(&path, &text).unwrap();
    // A file whose result is not what its moves reach is refused by every example that
    // reads it, with the file's name.
    std::fs::write(&path, text.replace("ongoing", "annulled")).unwrap();
    let wrong = format!("{file}: the Result tag says \"annulled\"");
    refused("replay", &["--file", file], &wrong);
    refused("play", &["--load", file], &wrong);
    refused("analyze", &["--file", file], &wrong);
    refused("analyze", &["--file", file, "--ply", "1"], &wrong);
    std::fs::write(&path, text.replace("[Start", "[Start \"x\"]\n[Start")).unwrap();
    refused("replay", &["--file", file], &format!("{file}: line "));
    // A game without moves: nothing to replay (play goes on from its start).
    let start = text
        .split("\n\n")
        .next()
        .unwrap()
        .replace("[Result \"ongoing\"]\n", "");
    std::fs::write(&path, format!("{start}\n")).unwrap();
    refused(
        "replay",
        &["--file", file],
        &format!("{file}: no moves to replay"),
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn play_plays_whole_matches() {
    let r = run(
        "play",
        &[
            "urim", "--match", "--target", "2", "--auto", "--engine", "greedy",
        ],
    );
    assert!(r.ok && r.stdout.contains("match over: "), "{r:?}");
    let r = run(
        "play",
        &["rio-kadalis", "--match", "--auto", "--engine", "greedy"],
    );
    assert!(r.ok && r.stdout.contains("match over: "), "{r:?}");
    refused("play", &["oware", "--match"], "oware has no match type");
}

#[test]
fn a_paused_omweso_turn_reads_back_and_shows_the_seeds_in_hand() {
    // After 11 plies of the golden game, South's turn is paused at j with 9 seeds.
    let paused = "6,6,0,1,7,0,2,5/1,0,8,0,2,1,2,0/1,1,0,2,0,1,0,0/4,4,0,0,0,1,0,0 S snc 1-0 j+9:r";
    let r = run_with("play", &["omweso", "--from", paused], "quit\nyes\n");
    assert!(r.ok, "{r:?}");
    assert!(r.stdout.contains("seeds in hand: 9"), "{r:?}");
    assert!(r.stdout.contains(&format!("position: {paused}")), "{r:?}");
    assert!(
        r.stdout
            .contains("the turn is paused at pit j with 9 seeds in hand"),
        "{r:?}"
    );
    let r = run("replay", &["omweso", "--from", paused, "j-"]);
    assert!(r.ok, "{r:?}");
}

/// `solve` proves a small Kalah exactly (Kalah(3,3): the first player wins by 2, Irving
/// et al.'s table; docs/solving.md), with the databases checked, and refuses the games
/// it does not know.
#[test]
fn solve_proves_a_small_kalah_and_refuses_other_games() {
    let r = run(
        "solve",
        &[
            "kalah", "--pits", "3", "--seeds", "3", "--memory", "--check",
        ],
    );
    assert!(r.ok, "{r:?}");
    assert!(
        r.stdout
            .contains("value: +2 for South (the side to move): South wins by 2"),
        "{r:?}"
    );
    // Its help and its errors name only the games it knows.
    let r = run("solve", &["omweso"]);
    assert!(
        !r.ok && r.stderr.contains("[possible values: urim, oware, kalah]"),
        "{r:?}"
    );
    // The options of the games it does not solve are not its own; those of the other
    // games it solves are refused by the game.
    let r = run("solve", &["kalah", "--clockwise"]);
    assert!(
        !r.ok && r.stderr.contains("unexpected argument '--clockwise'"),
        "{r:?}"
    );
    let r = run("solve", &["urim", "--empty-capture"]);
    assert!(
        !r.ok && r.stderr.contains("urim has no option empty-capture"),
        "{r:?}"
    );
}

/// `solve urim` proves forced Urim endgames counted by hand (docs/urim.md): from
/// `0,0,0,0,0,4/0,3,3,2,0,0 12-12 S` (rule 4) South's only move `f` captures 11
/// (23-12), North's single seed cannot feed, and South is starved: North takes it,
/// 23-13, South wins by 10 — proven by the search alone (no database) and with the
/// databases after the capture; from `0,0,0,1,0,0/0,0,0,0,0,0 18-17 S` (rule 5) `d`
/// starves North and South takes its seed: 19-17, +2, read from the databases. The
/// databases are checked; bad options are refused.
#[test]
fn solve_proves_a_counted_urim_endgame() {
    let capture = "0,0,0,0,0,4/0,3,3,2,0,0 12-12 S";
    let starve = "0,0,0,1,0,0/0,0,0,0,0,0 18-17 S";
    for (from, max, value) in [
        (
            capture,
            "0",
            "value: +10 for South (the side to move): South wins by 10",
        ),
        (
            capture,
            "4",
            "value: +10 for South (the side to move): South wins by 10",
        ),
        (
            starve,
            "1",
            "value: +2 for South (the side to move): South wins by 2",
        ),
    ] {
        let r = run(
            "solve",
            &["urim", "--from", from, "--max-seeds", max, "--memory"],
        );
        assert!(r.ok, "{r:?}");
        assert!(r.stdout.contains(value), "{r:?}");
        assert!(
            r.stdout
                .contains("check: every value is what its children give"),
            "{r:?}"
        );
    }
    let r = run("solve", &["urim", "--pits", "8"]);
    assert!(
        !r.ok
            && r.stderr
                .contains("urim is played on rows of 6 or 7 pits, not 8"),
        "{r:?}"
    );
    let r = run(
        "solve",
        &["urim", "--time=-1", "--max-seeds", "2", "--memory"],
    );
    assert!(!r.ok && r.stderr.contains("--time -1"), "{r:?}");
}

/// `--db`: the databases `solve` writes, read by `analyze` and
/// `play`. The position is counted by hand (docs/urim.md, rule 5): no move can feed,
/// South plays `d`, North is starved and South takes the last seed, 19 against 17, a
/// 1-point win (more than 18, fewer than 27).
#[test]
fn db_gives_analyze_and_play_the_exact_values() {
    let dir = std::env::temp_dir().join(format!("mancala-cli-db-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.to_str().expect("a UTF-8 temporary path");
    let starve = "0,0,0,1,0,0/0,0,0,0,0,0 18-17 S";
    let r = run(
        "solve",
        &["urim", "--from", starve, "--max-seeds", "6", "--db", db],
    );
    assert!(r.ok, "{r:?}");
    let r = run(
        "analyze",
        &["urim", "--from", starve, "--depth", "3", "--db", db],
    );
    assert!(r.ok, "{r:?}");
    assert!(
        r.stdout.contains(
            "exact, from the databases: with perfect play South wins 1 point, totals South 19 North 17"
        ),
        "{r:?}"
    );
    // Why the search's evaluation below can differ: the repetitions in its lines.
    assert!(
        r.stdout
            .contains("(that is the value of this position as the start of a game;"),
        "{r:?}"
    );
    // Without --db the same search says nothing of the databases.
    let r = run("analyze", &["urim", "--from", starve, "--depth", "3"]);
    assert!(r.ok && !r.stdout.contains("databases"), "{r:?}");
    let r = run(
        "play",
        &[
            "urim",
            "--auto",
            "--engine",
            "alphabeta:2",
            "--from",
            starve,
            "--db",
            db,
        ],
    );
    assert!(r.ok, "{r:?}");
    assert!(r.stdout.contains("totals South 19 North 17"), "{r:?}");
    // Games without databases, and a folder without them, are refused with a reason.
    let r = run("analyze", &["omweso", "--db", db]);
    assert!(
        !r.ok
            && r.stderr
                .contains("only urim, oware, kalah have endgame databases"),
        "{r:?}"
    );
    let r = run("tournament", &["omweso", "--games", "2", "--db", db]);
    assert!(
        !r.ok && r.stderr.contains("have endgame databases"),
        "{r:?}"
    );
    let r = run("analyze", &["kalah", "--db", db]);
    assert!(!r.ok && r.stderr.contains("no databases of kalah"), "{r:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tournament_rates_engines_in_elo() {
    // One pairing: the Elo line under the table.
    let r = run(
        "tournament",
        &["kalah", "--pits", "3", "--seeds", "2", "--games", "4"],
    );
    assert!(r.ok, "{r:?}");
    assert!(
        r.stdout.contains("Elo of alphabeta:4 relative to random: "),
        "{r:?}"
    );
    // A round robin: every engine rated, the anchor at 0, the cross table.
    let r = run(
        "tournament",
        &[
            "kalah",
            "--pits",
            "3",
            "--seeds",
            "2",
            "--games",
            "4",
            "--round-robin",
            "random,greedy,alphabeta:2",
            "--anchor",
            "greedy",
        ],
    );
    assert!(r.ok, "{r:?}");
    assert!(
        r.stdout
            .contains("kalah: round robin of 3 engines, 4 games a pairing (12 games)"),
        "{r:?}"
    );
    assert!(r.stdout.contains("+0 (anchor)"), "{r:?}");
    assert!(
        r.stdout.contains("score % of the row against the column"),
        "{r:?}"
    );
    for engine in ["random ", "greedy ", "alphabeta:2 "] {
        assert!(
            r.stdout.lines().any(|l| l.starts_with(engine)),
            "{engine}: {r:?}"
        );
    }
    refused(
        "tournament",
        &["urim", "--round-robin", "random"],
        "two or more engines",
    );
    refused(
        "tournament",
        &["urim", "--round-robin", "random,random"],
        "random is listed twice",
    );
    refused(
        "tournament",
        &["urim", "--round-robin", "random,minimax"],
        "unknown engine",
    );
    // The anchor is a spec like the others, named as the engine names itself.
    refused(
        "tournament",
        &["urim", "--round-robin", "random,greedy", "--anchor", "mcts"],
        "the anchor mcts:10000 is not in the round robin",
    );
}

#[test]
fn tune_fits_weights_and_measures_them() {
    let r = run("tune", &["--help"]);
    assert!(
        r.ok && r.stdout.contains("cargo run --release --example tune"),
        "{r:?}"
    );
    let r = run(
        "tune",
        &[
            "kalah",
            "--pits",
            "3",
            "--seeds",
            "2",
            "--depth",
            "2",
            "--iterations",
            "4",
            "--check-games",
            "4",
            "--against",
            "50,10",
        ],
    );
    assert!(r.ok, "{r:?}");
    assert!(
        r.stdout.contains("start: row seeds 15, movable pits 25"),
        "{r:?}"
    );
    assert!(
        r.stdout.contains("tuned against 50,10 at depth 2: 4 games"),
        "{r:?}"
    );
    refused(
        "tune",
        &["oware", "--from-weights", "40,500"],
        "two weights from 0 to 400",
    );
    refused(
        "tune",
        &["oware", "--depth", "0"],
        "not a depth from 1 to 20",
    );
}

/// `solve oware` reads hand-counted endgames from its databases (docs/oware.md). From
/// `0,0,0,0,0,1/1,0,0,0,0,1 21-24 S` South's only move `f` makes North's `a` 2,
/// captured (North keeps its `f`: no grand slam), 23-24; North's `f` must feed South's
/// `a`, which cannot feed back: South takes it, 24-24, a draw. From
/// `0,0,0,0,0,1/1,0,0,0,0,0 22-24 S` the same move would take every North seed: a
/// grand slam, nothing taken; North's `a` (2) cannot feed: North takes them, 22-26.
/// `--db` gives `analyze` the draw; with databases of fewer seeds, the proof search
/// finds it.
#[test]
fn solve_reads_counted_oware_endgames() {
    let dir = std::env::temp_dir().join(format!("mancala-cli-oware-db-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.to_str().expect("a UTF-8 temporary path");
    let draw = "0,0,0,0,0,1/1,0,0,0,0,1 21-24 S";
    let slam = "0,0,0,0,0,1/1,0,0,0,0,0 22-24 S";
    for (from, value) in [
        (draw, "value: +0 for South (the side to move): a draw"),
        (
            slam,
            "value: -4 for South (the side to move): South loses by 4",
        ),
    ] {
        let r = run(
            "solve",
            &["oware", "--from", from, "--max-seeds", "3", "--db", db],
        );
        assert!(r.ok, "{r:?}");
        assert!(r.stdout.contains(value), "{r:?}");
        assert!(
            r.stdout
                .contains("check: every value is what its children give"),
            "{r:?}"
        );
    }
    let r = run(
        "analyze",
        &["oware", "--from", draw, "--depth", "2", "--db", db],
    );
    assert!(r.ok, "{r:?}");
    assert!(
        r.stdout.contains("exact, from the databases:")
            && r.stdout.contains("totals South 24 North 24"),
        "{r:?}"
    );
    // Above the databases (3 seeds on the board, databases of up to 2): the proof
    // search with the history finds the same draw, and South's only move.
    let r = run(
        "solve",
        &[
            "oware",
            "--from",
            draw,
            "--max-seeds",
            "2",
            "--memory",
            "--time",
            "60",
        ],
    );
    assert!(r.ok, "{r:?}");
    assert!(
        r.stdout
            .contains("value: +0 for South (the side to move): a draw")
            && r.stdout.contains("best move: f"),
        "{r:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `solve` refuses what it cannot do before it builds or prints anything, in the words
/// typed; a file where a folder goes is named as such by every example; `solve --help`
/// lists the options of the games it solves, and no others.
#[test]
fn solve_refuses_bad_options_before_it_builds() {
    refused(
        "solve",
        &["urim", "--max-seeds", "100000"],
        "--max-seeds 100000: this solver builds Urim databases of up to 28 seeds",
    );
    refused(
        "solve",
        &["kalah", "--pits", "2", "--memory", "--threads", "0"],
        "'--threads <N>': must be at least 1",
    );
    refused(
        "solve",
        &["kalah", "--pits", "2", "--memory", "--tt-mb", "0"],
        "'--tt-mb <MB>': must be at least 1",
    );
    let path = temp_file("a-plain-file");
    std::fs::write(&path, "not a folder").unwrap();
    let file = path.to_str().unwrap();
    refused(
        "solve",
        &["urim", "--max-seeds", "2", "--db", file],
        &format!("--db {file}: a file, not a folder"),
    );
    refused(
        "analyze",
        &["urim", "--db", file],
        &format!("{file}: a file, not a folder of databases"),
    );
    refused(
        "tournament",
        &["urim", "--games", "1", "--pgn", file],
        &format!("{file}: a file, not a folder"),
    );
    let _ = std::fs::remove_file(&path);
    let help = run("solve", &["--help"]).stdout;
    for other in [
        "omweso",
        "rio-kadalis",
        "--clockwise",
        "--two-captures-first",
    ] {
        assert!(!help.contains(other), "{other}: {help}");
    }
    assert!(
        help.contains("--empty-capture") && help.contains("--seeds <S>"),
        "{help}"
    );
}

/// A database file changed after it was written (here emptied) is refused by name,
/// with what to do: delete it, and `solve` builds it anew. The hint for missing
/// databases gives the variant, so that following it builds the right ones.
#[test]
fn a_damaged_or_missing_database_says_what_to_do() {
    let dir = std::env::temp_dir().join(format!("mancala-cli-damaged-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.to_str().expect("a UTF-8 temporary path");
    assert!(run("solve", &["urim", "--max-seeds", "2", "--db", db]).ok);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 3, "{files:?}");
    std::fs::write(&files[1], "").unwrap();
    let damaged = files[1].to_str().unwrap();
    let hint = "the file is damaged; delete it and solve again to build it anew";
    let r = run("solve", &["urim", "--max-seeds", "2", "--db", db]);
    assert!(
        !r.ok && r.stderr.contains(&format!("{damaged}: 0 bytes")) && r.stderr.contains(hint),
        "{r:?}"
    );
    refused("analyze", &["urim", "--db", db], hint);
    std::fs::remove_file(&files[1]).unwrap();
    let r = run("solve", &["urim", "--max-seeds", "2", "--db", db]);
    assert!(
        r.ok && r.stdout.contains("(1 computed, 2 read back)"),
        "{r:?}"
    );
    // Other variants: the hint builds theirs, and `solve` says how to play with them.
    refused(
        "analyze",
        &["urim", "--pits", "7", "--db", db],
        &format!(
            "build them with `cargo run --release --example solve -- urim --pits 7 --db {db}`"
        ),
    );
    refused(
        "analyze",
        &["kalah", "--pits", "3", "--empty-capture", "--db", db],
        &format!("solve -- kalah --pits 3 --empty-capture --db {db}`"),
    );
    let r = run(
        "solve",
        &["kalah", "--pits", "2", "--seeds", "2", "--db", db],
    );
    assert!(
        r.ok && r
            .stdout
            .contains(&format!("play -- kalah --pits 2 --seeds 2 --db {db}\n")),
        "{r:?}"
    );
    // The solver plays from the databases wherever it sits in a tournament.
    let r = run(
        "tournament",
        &[
            "kalah",
            "--pits",
            "2",
            "--seeds",
            "2",
            "--games",
            "2",
            "--opponent",
            "solver",
            "--db",
            db,
        ],
    );
    assert!(r.ok && r.stdout.contains("relative to solver:"), "{r:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
