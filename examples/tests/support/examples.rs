//! What the process tests of the examples share: where `cargo test` built them, and a
//! run of one with its input and output.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The path of the example `name`, built by `cargo test` beside this test.
pub fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps/<test>");
    let path = profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is not built: run `cargo test -p mancala` (or --workspace), which builds the examples",
        path.display()
    );
    path
}

/// What a run of an example printed, and how it exited.
#[derive(Debug)]
pub struct Run {
    pub ok: bool,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the example `name` with `args`, feeding it `input` on standard input.
pub fn run_with(name: &str, args: &[&str], input: &str) -> Run {
    let mut child = Command::new(example(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    let out = child.wait_with_output().expect("the example ends");
    Run {
        ok: out.status.success(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}
