//! The `solve` example as a process: after a build it says
//! what it built and how to use it, and searches for a proof only when asked or when
//! the databases hold the position; its table is sized by the problem.
//!
//! The examples are the binaries `cargo test` builds beside this test (in
//! `target/<profile>/examples/`): run it with `cargo test -p mancala` or
//! `cargo test --workspace`.

use std::process::Command;
use std::time::{Duration, Instant};

#[path = "support/examples.rs"]
mod support;
use support::{Run, example, run_with};

/// Runs `solve` with `args`.
fn solve(args: &[&str]) -> Run {
    run_with("solve", args, "")
}

/// `solve urim --max-seeds 6` builds the databases and stops: it used to search the
/// start (36 seeds) for its default 60 s and report the trivial bounds −36..36.
#[test]
fn solve_builds_says_what_it_built_and_proves_only_when_asked() {
    let dir = std::env::temp_dir().join(format!("mancala-solve-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.to_str().expect("a UTF-8 temporary path");
    let r = solve(&["urim", "--max-seeds", "6", "--db", db]);
    assert!(r.ok, "{r:?}");
    assert!(
        r.stdout.contains(
            "built: the databases of urim (pits=6 cap=17), every board of 0 to 6 seeds: 7 files, "
        ) && r
            .stdout
            .contains(&format!("in {db} (7 computed, 0 read back)")),
        "{r:?}"
    );
    assert!(
        r.stdout
            .contains(&format!("use them: --db {db} on play and analyze"))
            && r.stdout.contains(&format!(
                "cargo run --release --example play -- urim --db {db}"
            )),
        "{r:?}"
    );
    assert!(r.stdout.contains("no proof search"), "{r:?}");
    assert!(
        !r.stdout.contains("not proven")
            && !r.stdout.contains("null-window searches")
            && !r.stderr.contains("bounds"),
        "{r:?}"
    );
    // The files are there, as many as said; the size said is theirs.
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap())
        .collect();
    assert_eq!(files.len(), 7);
    let bytes: u64 = files.iter().map(|f| f.metadata().unwrap().len()).sum();
    assert!(
        r.stdout.contains(&format!("7 files, {bytes} bytes (")),
        "{bytes} bytes: {r:?}"
    );
    // Run again: read back.
    let r = solve(&["urim", "--max-seeds", "6", "--db", db]);
    assert!(
        r.ok && r.stdout.contains("(0 computed, 7 read back)"),
        "{r:?}"
    );
    // Asked with --nodes: the proof search of the start runs (and stops at the limit).
    let r = solve(&["urim", "--max-seeds", "6", "--db", db, "--nodes", "20000"]);
    assert!(r.ok, "{r:?}");
    assert!(
        r.stdout.contains("not proven (stopped at the limit)")
            && !r.stdout.contains("no proof search"),
        "{r:?}"
    );
    // --by-depth: the whole line cut at 1, 2, …, 11 moves; the start's bounds come in
    // from both sides (the test of their soundness is the library's, tests/urim.rs).
    let r = solve(&[
        "urim",
        "--max-seeds",
        "6",
        "--db",
        db,
        "--by-depth",
        "11",
        "--nodes",
        "5000000",
    ]);
    assert!(
        r.ok && r.stderr.contains("with lines cut at 11 moves"),
        "{r:?}"
    );
    let bounds = r
        .stdout
        .lines()
        .find_map(|l| l.split_once("the value for South is between "))
        .and_then(|(_, b)| b.split_once(" and "))
        .map(|(l, u)| (l.parse::<i32>(), u.trim().parse::<i32>()));
    assert!(
        matches!(bounds, Some((Ok(l), Ok(u))) if -36 < l && l <= u && u < 36),
        "{bounds:?}: {r:?}"
    );
    assert!(
        r.stdout.contains("a move that reaches the lower bound: "),
        "{r:?}"
    );
    // A position the databases hold is looked up without being asked.
    let r = solve(&["urim", "--max-seeds", "6", "--db", db, "--seeds", "3"]);
    assert!(r.ok && r.stdout.contains("no proof search"), "{r:?}");
    // In memory only: said so, nothing written.
    let r = solve(&["urim", "--max-seeds", "3", "--memory"]);
    assert!(
        r.ok && r
            .stdout
            .contains("in memory only (--memory): nothing written"),
        "{r:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The proof search's table is sized by the boards it can meet above the databases
/// (and the memory there is), not a fixed 1 GiB: `solve kalah --pits 4 --seeds 3`
/// peaked at 1 GB for 10 MiB of databases.
#[test]
fn solve_sizes_its_table_by_the_problem() {
    // Every board in the databases: the smallest table.
    let r = solve(&["kalah", "--pits", "3", "--seeds", "3", "--memory"]);
    assert!(r.ok, "{r:?}");
    assert!(
        r.stdout.contains("value: +2 for South") && r.stdout.contains("table 0.03 MiB"),
        "{r:?}"
    );
    // Databases of up to 10 seeds, 18 on the board: 126,588 boards of 11 to 18 seeds
    // above them, a bucket each, rounded up to 2^17 buckets of 32 bytes: 4 MiB.
    let r = solve(&[
        "kalah",
        "--pits",
        "3",
        "--seeds",
        "3",
        "--memory",
        "--max-seeds",
        "10",
    ]);
    assert!(r.ok, "{r:?}");
    assert!(
        r.stdout.contains("value: +2 for South") && r.stdout.contains("table 4.00 MiB"),
        "{r:?}"
    );
    // --tt-mb still decides.
    let r = solve(&[
        "kalah", "--pits", "3", "--seeds", "3", "--memory", "--tt-mb", "2",
    ]);
    assert!(r.ok && r.stdout.contains("table 2.00 MiB"), "{r:?}");
}

/// Feature `distributed`: `solve --parts` as two processes on 127.0.0.1 (a host file of
/// free ports) builds the databases as a timely dataflow; process 0 merges them into
/// `--db`, files byte-identical to those of `solve` on one machine, and reads them back
/// (checked). Bounded in time: the processes are killed at the deadline.
#[cfg(feature = "distributed")]
#[test]
fn solve_builds_through_the_timely_dataflow_across_processes() {
    use std::process::Stdio;
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("solve-distributed");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ports: Vec<std::net::TcpListener> = (0..2)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    let hosts: Vec<String> = ports
        .iter()
        .map(|l| format!("127.0.0.1:{}\n", l.local_addr().unwrap().port()))
        .collect();
    drop(ports);
    std::fs::write(dir.join("hosts"), hosts.concat()).unwrap();
    let path = |p: &str| dir.join(p).to_str().unwrap().to_string();
    let (db, parts, hostfile) = (path("db"), path("parts"), path("hosts"));
    let mut children: Vec<std::process::Child> = ["0", "1"]
        .iter()
        .map(|p| {
            Command::new(example("solve"))
                .args(["urim", "--max-seeds", "7", "--db", &db, "--parts", &parts])
                .args(["--processes", "2", "--process", p, "--hostfile", &hostfile])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(120);
    while children.iter_mut().any(|c| c.try_wait().unwrap().is_none()) {
        if Instant::now() > deadline {
            children.iter_mut().for_each(|c| drop(c.kill()));
            panic!("solve --parts did not finish in 120 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let outs: Vec<_> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    for o in &outs {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let out0 = String::from_utf8_lossy(&outs[0].stdout);
    assert!(
        out0.contains("merged the partitions of 8 seed counts"),
        "{out0}"
    );
    assert!(out0.contains("(0 computed, 8 read back)"), "{out0}");
    let single = path("single");
    let run = solve(&["urim", "--max-seeds", "7", "--db", &single]);
    assert!(run.ok, "{}", run.stderr);
    let mut names: Vec<_> = std::fs::read_dir(&single)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    assert_eq!(names.len(), 8);
    for f in names {
        let a = std::fs::read(dir.join("single").join(&f)).unwrap();
        let b = std::fs::read(dir.join("db").join(&f)).unwrap();
        assert!(a == b, "{f:?} differs from the single-machine build");
    }
}
