//! The examples at their edges, run as processes: files that keep every
//! game, and output piped into a program that stops reading.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "support/examples.rs"]
mod support;
use support::{example, run_with};

/// Runs `name` with `args` and `input`; its success, stdout and stderr.
fn run(name: &str, args: &[&str], input: &str) -> (bool, String, String) {
    let r = run_with(name, args, input);
    (r.ok, r.stdout, r.stderr)
}

/// A fresh folder of the system's temporary files.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mancala-edges-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

#[test]
fn a_round_robin_writes_every_game_to_a_file_of_its_own() {
    let dir = temp_dir("rr");
    let d = dir.to_str().unwrap();
    let (ok, out, err) = run(
        "tournament",
        &[
            "urim",
            "--games",
            "2",
            "--round-robin",
            "random,greedy,alphabeta:1",
            "--pgn",
            d,
            "--max-plies",
            "60",
        ],
        "",
    );
    assert!(ok, "{out}{err}");
    assert!(out.contains("(6 games)"), "{out}");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    // Three pairings of two games: six files, none overwritten.
    assert_eq!(files.len(), 6, "{files:?}");
    // Every file replays, and the players of each pairing are named in it.
    let mut pairings = std::collections::BTreeSet::new();
    for f in &files {
        let (ok, _, err) = run("replay", &["--file", f.to_str().unwrap()], "");
        assert!(ok, "{}: {err}", f.display());
        let text = std::fs::read_to_string(f).unwrap();
        let tag = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("[{name} \"")))
                .map(|v| v.trim_end_matches("\"]").to_string())
                .unwrap()
        };
        let mut pair = [tag("South"), tag("North")];
        pair.sort();
        pairings.insert(pair);
    }
    assert_eq!(pairings.len(), 3, "{pairings:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_save_keeps_every_game_of_the_session() {
    let dir = temp_dir("save");
    let path = dir.join("session.mgn");
    let p = path.to_str().unwrap();
    // One move, a new game (confirmed), one move of the new game, quit.
    let (ok, out, err) = run(
        "play",
        &["oware", "--engine", "greedy", "--save", p],
        "c\nnew\nyes\nd\nquit\nyes\n",
    );
    assert!(ok, "{out}{err}");
    assert!(out.contains("saved 2 games to"), "{out}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches("[Game \"oware\"]").count(), 2, "{text}");
    // The first game is the one left for the new one: it opened with c, the second
    // with d.
    let games: Vec<&str> = text.split("[Game ").skip(1).collect();
    let first_moves = |g: &str| {
        g.lines()
            .skip_while(|l| !l.is_empty())
            .find(|l| !l.is_empty())
            .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
    };
    assert_eq!(first_moves(games[0]).as_deref(), Some("c"), "{text}");
    assert_eq!(first_moves(games[1]).as_deref(), Some("d"), "{text}");
    // Both replay from the one file.
    let (ok, out, err) = run("replay", &["--file", p], "");
    assert!(ok, "{err}");
    assert!(out.starts_with("c\t"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("d\t")), "{out}");
    // A whole match: every game of it.
    let (ok, out, err) = run(
        "play",
        &[
            "urim",
            "--match",
            "--target",
            "3",
            "--auto",
            "--engine",
            "alphabeta:2",
            "--save",
            p,
        ],
        "",
    );
    assert!(ok, "{out}{err}");
    let games = out.matches("game over: ").count();
    assert!(games >= 2, "{out}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches("[Game \"urim\"]").count(), games, "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    let start = Instant::now();
    let mut child = Command::new(example("perft"))
        .args(["urim", "9", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("perft starts");
    // Read two lines, as `head -2` does, and close the pipe.
    {
        let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
        for _ in 0..2 {
            assert!(lines.next().is_some_and(|l| l.is_ok()));
        }
    }
    // Bounded: a perft of depth 9 with its output closed ends at its next line.
    let status = loop {
        if let Some(s) = child.try_wait().expect("perft runs") {
            break s;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("perft did not stop when its output closed");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert!(status.success(), "{status:?}: {err}");
}

/// Every example whose output goes to a pipe that nobody reads any more (`… | head
/// -1` once `head` has its line) ends quietly at its first line: exit 0, no panic. The
/// pipe is closed before the example starts, so that its first line already fails.
#[test]
fn every_example_ends_quietly_into_a_closed_pipe() {
    let runs: [(&str, &[&str]); 9] = [
        ("perft", &["urim", "3", "--divide"]),
        ("replay", &["urim", "a", "b"]),
        ("analyze", &["urim", "--depth", "2"]),
        ("play", &["urim", "--auto", "--engine", "greedy"]),
        (
            "tournament",
            &["kalah", "--pits", "2", "--seeds", "1", "--games", "2"],
        ),
        (
            "tune",
            &[
                "kalah",
                "--pits",
                "2",
                "--seeds",
                "1",
                "--depth",
                "1",
                "--iterations",
                "1",
                "--check-games",
                "0",
            ],
        ),
        (
            "solve",
            &["kalah", "--pits", "2", "--seeds", "1", "--memory"],
        ),
        ("solve", &["urim", "--max-seeds", "2", "--memory"]),
        ("solve", &["oware", "--max-seeds", "2", "--memory"]),
    ];
    for (name, args) in runs {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let out = Command::new(example(name))
            .args(args)
            .stdin(Stdio::null())
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .expect("the example runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && !err.contains("panicked"),
            "{name} {args:?}: {:?}: {err}",
            out.status
        );
    }
}
