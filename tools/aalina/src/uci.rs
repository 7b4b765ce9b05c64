//! Aalina as a child process speaking its UCI-like protocol (`java -jar aalina.jar
//! service`): lines in through a reader thread, every line both ways logged.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How to start Aalina.
#[derive(Clone, Debug)]
pub struct Launch {
    /// The jar, with `oware.properties` and the two `.bin` files beside it.
    pub jar: PathBuf,
    /// The Java launcher.
    pub java: String,
    /// Options for the JVM, before `-jar`.
    pub jvm_args: Vec<String>,
    /// The CPU to pin the JVM to with `taskset`, if any.
    pub cpu: Option<usize>,
    /// Aalina's hash table in MiB (its `Hash` option).
    pub hash_mb: u32,
}

/// What Aalina answered to a `go`.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    /// The text after `bestmove`.
    pub best: String,
    /// The depth of the last `info depth N` line, if any (none: a book move or an
    /// immediate answer).
    pub depth: Option<u32>,
    /// Whether it said it took the move from its book (`debug on`).
    pub book: bool,
    /// The `info string` lines other than the echo of our commands: its errors.
    pub notes: Vec<String>,
}

/// A running Aalina.
pub struct Aalina {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    log: std::fs::File,
    started: Instant,
}

impl Aalina {
    /// Starts Aalina and waits for `uciok`; logs the exchange to `log`.
    pub fn start(launch: &Launch, log: &Path) -> Result<Aalina, String> {
        let jar = launch
            .jar
            .canonicalize()
            .map_err(|e| format!("{}: {e}", launch.jar.display()))?;
        let mut cmd = match launch.cpu {
            Some(cpu) => {
                let mut c = Command::new("taskset");
                c.arg("-c").arg(cpu.to_string()).arg(&launch.java);
                c
            }
            None => Command::new(&launch.java),
        };
        cmd.args(&launch.jvm_args)
            .arg("-jar")
            .arg(&jar)
            .arg("service")
            // Aalina reads oware.properties and its books beside the jar.
            .current_dir(jar.parent().unwrap_or(Path::new(".")))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", launch.java))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let stderr = child.stderr.take().ok_or("no stderr")?;
        let (tx, rx) = channel();
        let tx_err = tx.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        // Java's warnings and stack traces, marked, in the same stream.
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if tx_err.send(format!("stderr: {line}")).is_err() {
                    break;
                }
            }
        });
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .map_err(|e| format!("{}: {e}", log.display()))?;
        let mut a = Aalina {
            child,
            stdin,
            lines: rx,
            log,
            started: Instant::now(),
        };
        a.send("uci")?;
        a.wait_for(|l| l == "uciok", Duration::from_secs(60))?;
        a.send("debug on")?;
        a.send(&format!("setoption name Hash value {}", launch.hash_mb))?;
        a.ready()?;
        Ok(a)
    }

    /// The process id (for its CPU time).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    fn note(&mut self, dir: &str, line: &str) {
        let t = self.started.elapsed().as_secs_f64();
        let _ = writeln!(self.log, "{t:10.3} {dir} {line}");
    }

    /// Sends one command line.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        self.note(">", line);
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("Aalina's input closed: {e}"))
    }

    /// Reads lines until one satisfies `done` (returned), within `timeout`.
    fn wait_for(
        &mut self,
        mut done: impl FnMut(&str) -> bool,
        timeout: Duration,
    ) -> Result<String, String> {
        let end = Instant::now() + timeout;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.note("<", &line);
                    if done(&line) {
                        return Ok(line);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no answer from Aalina within {timeout:?}"));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err("Aalina's output closed (the process ended)".into());
                }
            }
        }
    }

    /// `isready`, waiting for `readyok`.
    pub fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        self.wait_for(|l| l == "readyok", Duration::from_secs(60))
            .map(|_| ())
    }

    /// Sends `go …` and reads the lines up to `bestmove`, within `timeout`.
    pub fn go(&mut self, go: &str, timeout: Duration) -> Result<Answer, String> {
        self.send(go)?;
        let mut answer = Answer::default();
        let line = self.wait_for(
            |l| {
                let mut words = l.split_whitespace();
                match (words.next(), words.next(), words.next()) {
                    (Some("info"), Some("depth"), Some(d)) => answer.depth = d.parse().ok(),
                    (Some("info"), Some("string"), _) => {
                        let text = l.trim_start_matches("info string ").to_string();
                        if text == "A book move was chosen" {
                            answer.book = true;
                        } else if !text.starts_with("Command received")
                            && !text.starts_with("Search depth is")
                            && !text.starts_with("Search time is")
                            && !text.starts_with("moves ")
                            && !text.starts_with("score ")
                        {
                            answer.notes.push(text);
                        }
                    }
                    (Some(w), _, _) if w.starts_with("stderr:") => answer.notes.push(l.into()),
                    _ => {}
                }
                l.starts_with("bestmove")
            },
            timeout,
        )?;
        answer.best = line
            .split_whitespace()
            .nth(1)
            .unwrap_or_default()
            .to_string();
        Ok(answer)
    }

    /// The legal moves Aalina lists (`debug on`) in the position last set, with a
    /// search of one ply from its tables only (the book off): its `bestmove` too.
    pub fn legal_moves(&mut self) -> Result<(Vec<String>, String), String> {
        self.send("go depth 1")?;
        let mut moves = None;
        let line = self.wait_for(
            |l| {
                if let Some(m) = l.strip_prefix("info string moves ") {
                    moves = Some(m.split_whitespace().map(String::from).collect());
                } else if l == "info string moves" {
                    moves = Some(Vec::new());
                }
                l.starts_with("bestmove")
            },
            Duration::from_secs(30),
        )?;
        let best = line
            .split_whitespace()
            .nth(1)
            .unwrap_or_default()
            .to_string();
        Ok((moves.unwrap_or_default(), best))
    }

    /// Asks Aalina to quit and waits a little for it.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Aalina {
    fn drop(&mut self) {
        // A process left over after an error: never keep a JVM running.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The CPU time of the calling thread so far (`/proc/thread-self/schedstat`, in
/// nanoseconds), if the system tells.
pub fn thread_cpu() -> Option<Duration> {
    schedstat(Path::new("/proc/thread-self/schedstat"))
}

/// The CPU time of every thread of process `pid` so far (its JIT compiler and garbage
/// collector included), if the system tells.
pub fn process_cpu(pid: u32) -> Option<Duration> {
    let dir = std::fs::read_dir(format!("/proc/{pid}/task")).ok()?;
    let mut total = Duration::ZERO;
    for task in dir.flatten() {
        total += schedstat(&task.path().join("schedstat")).unwrap_or_default();
    }
    Some(total)
}

fn schedstat(path: &Path) -> Option<Duration> {
    let text = std::fs::read_to_string(path).ok()?;
    let ns = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}
