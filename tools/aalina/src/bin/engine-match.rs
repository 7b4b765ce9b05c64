//! Two builds of our engine against each other, each in a process of its own: the way
//! to measure a change by Elo against the engine before it, when the engine before it
//! is another build (a speed-up has no switch to turn it off). See
//! `tools/aalina/README.md`.
//!
//! ```text
//! engine-match --variant oware --a alphabeta:100ms --b alphabeta:100ms \
//!     --b-bin /path/to/old/engine-match --openings 100 --out DIR
//! ```
//!
//! Each engine is `<bin> --serve --variant V --engine SPEC [--db DIR]`, which reads
//! lines on its standard input and answers on its standard output:
//!
//! - `game <seed> <lot>`: a new game of the variant (the first player drawn by `lot`
//!   where the variant draws it), the engine built afresh with the seed `seed`;
//! - `moves <m> <m> …`: the game's moves from its start, in our notation;
//! - `go`: the engine searches the game and answers
//!   `bestmove <m> depth <d> nodes <n> score <s>`;
//! - `quit`.
//!
//! An error is answered `error <text>`.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use aalina_match::uci::process_cpu;
use clap::Parser;
use mancala_core::{Player, Status};
use mancala_runtime::elo::{self, PRIOR_DRAWS};
use mancala_runtime::{AnyGame, Engine, EngineSpec, Variant, files};

/// Two builds of our engine, each a process, against each other.
#[derive(Parser, Debug)]
#[command(name = "engine-match")]
struct Cli {
    /// The game and its options, as the examples take them (`oware`, `urim`, …)
    #[arg(long, default_value = "oware")]
    variant: String,
    /// Serve one engine on the standard input and output (what the driver starts)
    #[arg(long)]
    serve: bool,
    /// With --serve: the engine's spec
    #[arg(long, value_name = "SPEC")]
    engine: Option<String>,
    /// With --serve: its endgame databases
    #[arg(long, value_name = "DIR")]
    db: Option<PathBuf>,
    /// Engine A's spec (the one rated)
    #[arg(long, value_name = "SPEC")]
    a: Option<String>,
    /// Engine B's spec (the reference)
    #[arg(long, value_name = "SPEC")]
    b: Option<String>,
    /// The build that serves A (default: this program)
    #[arg(long, value_name = "FILE")]
    a_bin: Option<PathBuf>,
    /// The build that serves B (default: this program)
    #[arg(long, value_name = "FILE")]
    b_bin: Option<PathBuf>,
    /// A's endgame databases
    #[arg(long, value_name = "DIR")]
    a_db: Option<PathBuf>,
    /// B's endgame databases
    #[arg(long, value_name = "DIR")]
    b_db: Option<PathBuf>,
    /// Pin A's process to this CPU (taskset)
    #[arg(long, value_name = "CPU")]
    a_cpu: Option<usize>,
    /// Pin B's process to this CPU (taskset)
    #[arg(long, value_name = "CPU")]
    b_cpu: Option<usize>,
    /// Openings to play, each from both sides (two games each)
    #[arg(long, default_value_t = 50, value_name = "N")]
    openings: u64,
    /// Random plies of each opening
    #[arg(long, default_value_t = 4, value_name = "K")]
    opening_plies: u32,
    /// The seed of the openings and of the engines' random choices
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play only the openings from this one on (1 is the first)
    #[arg(long, default_value_t = 1, value_name = "I")]
    first_opening: u64,
    /// A game longer than this is stopped and counted as a draw
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    /// The folder of the game files and the results table
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = if cli.serve { serve(&cli) } else { drive(&cli) };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("engine-match: {e}");
            ExitCode::FAILURE
        }
    }
}

fn variant(text: &str) -> Result<Variant, String> {
    text.parse()
        .map_err(|e: mancala_runtime::VariantError| e.to_string())
}

/// The serving side: one engine, answering the driver's lines.
fn serve(cli: &Cli) -> Result<(), String> {
    let err = |e: mancala_runtime::Error| e.to_string();
    let variant = variant(&cli.variant)?;
    let spec: EngineSpec = cli
        .engine
        .as_deref()
        .ok_or("--serve needs --engine")?
        .parse()
        .map_err(|e| format!("{e}"))?;
    let spec = &spec;
    let mut engine = Engine::new(spec, &variant, 0, cli.db.as_deref()).map_err(err)?;
    let mut game = AnyGame::with_lot(&variant, 0);
    let mut lot = 0;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let mut words = line.split_whitespace();
        let answer: Result<Option<String>, String> = match words.next() {
            Some("game") => {
                let mut number = || words.next().and_then(|w| w.parse::<u64>().ok());
                match (number(), number()) {
                    (Some(seed), Some(l)) => {
                        lot = l;
                        Engine::new(spec, &variant, seed, cli.db.as_deref())
                            .map(|e| {
                                engine = e;
                                None
                            })
                            .map_err(err)
                    }
                    _ => Err(format!("{line:?}: game <seed> <lot>")),
                }
            }
            Some("moves") => (|| {
                game = AnyGame::with_lot(&variant, lot);
                for m in words {
                    game.play_text(m).map_err(err)?;
                }
                Ok(None)
            })(),
            Some("go") => engine.search(&game).map_err(err).and_then(|r| {
                let best = r.best.ok_or("no move: the game is over")?;
                Ok(Some(format!(
                    "bestmove {best} depth {} nodes {} score {}",
                    r.depth, r.nodes, r.score
                )))
            }),
            Some("quit") => return Ok(()),
            _ => Err(format!("{line:?}: game, moves, go or quit")),
        };
        let text = match answer {
            Ok(None) => continue,
            Ok(Some(text)) => text,
            Err(e) => format!("error {e}"),
        };
        writeln!(out, "{text}")
            .and_then(|()| out.flush())
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// One engine process, seen from the driver.
struct Served {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Served {
    fn start(
        bin: &Path,
        variant: &str,
        spec: &str,
        db: Option<&Path>,
        cpu: Option<usize>,
    ) -> Result<Served, String> {
        let mut cmd = match cpu {
            Some(cpu) => {
                let mut c = Command::new("taskset");
                c.arg("-c").arg(cpu.to_string()).arg(bin);
                c
            }
            None => Command::new(bin),
        };
        cmd.args(["--serve", "--variant", variant, "--engine", spec]);
        if let Some(db) = db {
            cmd.arg("--db").arg(db);
        }
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", bin.display()))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(Served {
            child,
            stdin,
            stdout,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("engine's input closed: {e}"))
    }

    /// `moves …` then `go`: the answer's move, depth and nodes.
    fn best(&mut self, moves: &[String]) -> Result<(String, u32, u64), String> {
        self.send(&format!("moves {}", moves.join(" ")))?;
        self.send("go")?;
        let mut line = String::new();
        self.stdout
            .read_line(&mut line)
            .map_err(|e| e.to_string())?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["bestmove", m, "depth", d, "nodes", n, ..] => Ok((
                (*m).to_string(),
                d.parse().unwrap_or(0),
                n.parse().unwrap_or(0),
            )),
            [] => Err("the engine ended".into()),
            _ => Err(format!("the engine answered {:?}", line.trim())),
        }
    }

    fn quit(mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Each engine's moves and times over games.
#[derive(Clone, Debug, Default)]
struct Clock {
    moves: u64,
    wall: Duration,
    longest: Duration,
    cpu: Duration,
    depth: u64,
    nodes: u64,
}

impl Clock {
    fn add(&mut self, wall: Duration, cpu: Duration, depth: u32, nodes: u64) {
        self.moves += 1;
        self.wall += wall;
        self.longest = self.longest.max(wall);
        self.cpu += cpu;
        self.depth += u64::from(depth);
        self.nodes += nodes;
    }

    fn show(&self) -> String {
        let n = self.moves.max(1) as f64;
        format!(
            "{} moves, {:.1} ms a move (longest {:.1}, CPU {:.1}), mean depth {:.2}, {:.0} nodes a move, {:.2} M nodes per CPU-second",
            self.moves,
            self.wall.as_secs_f64() * 1000.0 / n,
            self.longest.as_secs_f64() * 1000.0,
            self.cpu.as_secs_f64() * 1000.0 / n,
            self.depth as f64 / n,
            self.nodes as f64 / n,
            self.nodes as f64 / self.cpu.as_secs_f64().max(1e-9) / 1e6
        )
    }
}

/// `n` distinct openings of `plies` random plies (as `aalina-match` draws them).
fn openings(variant: &Variant, n: u64, plies: u32, seed: u64) -> Result<Vec<Vec<String>>, String> {
    let err = |e: mancala_runtime::Error| e.to_string();
    let mut list: Vec<Vec<String>> = Vec::new();
    let mut draw = 0u64;
    while (list.len() as u64) < n {
        draw += 1;
        if draw > 100 * n + 100 {
            return Err(format!(
                "only {} distinct openings of {plies} plies found",
                list.len()
            ));
        }
        let s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(draw);
        let mut random = Engine::new(&EngineSpec::Random, variant, s, None).map_err(err)?;
        let mut game = AnyGame::with_lot(variant, s);
        for _ in 0..plies {
            let Some(m) = random.search(&game).map_err(err)?.best else {
                break;
            };
            game.play(m).map_err(err)?;
        }
        let moves = game.moves_text();
        if !game.is_finished() && !list.contains(&moves) {
            list.push(moves);
        }
    }
    Ok(list)
}

/// The driver: the games, then the table.
fn drive(cli: &Cli) -> Result<(), String> {
    let err = |e: mancala_runtime::Error| e.to_string();
    let v = variant(&cli.variant)?;
    let (Some(spec_a), Some(spec_b)) = (cli.a.as_deref(), cli.b.as_deref()) else {
        return Err("give both engines: --a SPEC --b SPEC".into());
    };
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let bin_a = cli.a_bin.clone().unwrap_or_else(|| me.clone());
    let bin_b = cli.b_bin.clone().unwrap_or(me);
    let names = [
        format!("A {spec_a} ({})", bin_a.display()),
        format!("B {spec_b} ({})", bin_b.display()),
    ];
    let start = |who: usize| {
        let (bin, spec, db, cpu) = match who {
            0 => (&bin_a, spec_a, cli.a_db.as_deref(), cli.a_cpu),
            _ => (&bin_b, spec_b, cli.b_db.as_deref(), cli.b_cpu),
        };
        Served::start(bin, &cli.variant, spec, db, cpu)
    };
    let mut engines = [start(0)?, start(1)?];
    let list = openings(&v, cli.openings, cli.opening_plies, cli.seed)?;
    println!(
        "{} against {}: {} ({}), {} openings of {} random plies (seed {}), each from both sides",
        names[0],
        names[1],
        cli.variant,
        v,
        list.len(),
        cli.opening_plies,
        cli.seed
    );
    if let Some(out) = &cli.out {
        std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    let mut tsv = String::from("game\topening\ta_side\tresult\treason\tplies\n");
    let mut scores = Vec::new();
    let mut clocks: [Clock; 2] = Default::default();
    let mut reasons = std::collections::BTreeMap::<String, usize>::new();
    let first = cli.first_opening.max(1) - 1;
    for index in 2 * first..2 * list.len() as u64 {
        let opening = &list[(index / 2) as usize];
        let a_side = if index % 2 == 0 {
            Player::South
        } else {
            Player::North
        };
        let seed = cli.seed.wrapping_add(index);
        let lot = cli
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(index / 2);
        for e in &mut engines {
            e.send(&format!("game {seed} {lot}"))?;
        }
        let mut game = AnyGame::with_lot(&v, lot);
        for m in opening {
            game.play_text(m).map_err(err)?;
        }
        while !game.is_finished() && game.ply() < cli.max_plies {
            let who = usize::from(game.side_to_move() != a_side);
            let cpu0 = process_cpu(engines[who].child.id());
            let t = Instant::now();
            let (m, depth, nodes) = engines[who]
                .best(&game.moves_text())
                .map_err(|e| format!("game {}: engine {}: {e}", index + 1, names[who]))?;
            let wall = t.elapsed();
            let cpu = cpu0
                .zip(process_cpu(engines[who].child.id()))
                .map(|(a, b)| b.saturating_sub(a))
                .unwrap_or_default();
            clocks[who].add(wall, cpu, depth, nodes);
            game.play_text(&m).map_err(|e| {
                format!(
                    "game {}: engine {} played {m:?} in {}: {e}",
                    index + 1,
                    names[who],
                    game.notation()
                )
            })?;
        }
        let (score, reason) = match game.status() {
            Status::Over(o) => (
                match o.winner {
                    None => 0.5,
                    Some(w) if w == a_side => 1.0,
                    Some(_) => 0.0,
                },
                o.reason.name().to_string(),
            ),
            Status::Annulled => (0.5, "annulled".to_string()),
            Status::Ongoing => (0.5, "stopped".to_string()),
        };
        *reasons.entry(reason.clone()).or_default() += 1;
        scores.push(score);
        let _ = writeln!(
            tsv,
            "{}\t{}\t{}\t{score}\t{reason}\t{}",
            index + 1,
            opening.join(" "),
            a_side.name(),
            game.ply()
        );
        let (w, l) = (
            scores.iter().filter(|&&s| s == 1.0).count(),
            scores.iter().filter(|&&s| s == 0.0).count(),
        );
        println!(
            "game {:>4} (opening {:>3}, A {}): {} ({reason}, {} plies); A +{w} ={} -{l}",
            index + 1,
            index / 2 + 1,
            a_side.name(),
            match score {
                1.0 => "A wins",
                0.0 => "B wins",
                _ => "draw",
            },
            game.ply(),
            scores.len() - w - l
        );
        if let Some(out) = &cli.out {
            let [s, n] = match a_side {
                Player::South => [&names[0], &names[1]],
                Player::North => [&names[1], &names[0]],
            };
            let path = out.join(format!("{}-{:05}.mgn", game.kind(), index + 1));
            files::save(&path, &files::game_file(&game, s, n, None)).map_err(err)?;
            std::fs::write(out.join("results.tsv"), &tsv)
                .map_err(|e| format!("results.tsv: {e}"))?;
        }
    }
    for e in engines {
        e.quit();
    }
    println!();
    print!("{}", summary(&scores, &names, &clocks, &reasons));
    Ok(())
}

fn summary(
    scores: &[f64],
    names: &[String; 2],
    clocks: &[Clock; 2],
    reasons: &std::collections::BTreeMap<String, usize>,
) -> String {
    let n = scores.len();
    let w = scores.iter().filter(|&&s| s == 1.0).count();
    let l = scores.iter().filter(|&&s| s == 0.0).count();
    let d = n - w - l;
    let mean = scores.iter().sum::<f64>() / n.max(1) as f64;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {:.1}% of the points over {n} games (+{w} ={d} -{l}) against {}",
        names[0],
        100.0 * mean,
        names[1]
    );
    if n > 0 {
        let mut r = elo::Results::new(2);
        for &s in scores {
            r.add(0, 1, s);
        }
        match elo::fit(&r, 1, PRIOR_DRAWS) {
            Ok(f) => {
                let _ = writeln!(
                    out,
                    "  Elo of A relative to B: {} (maximum likelihood, 95% interval, 1 virtual draw added)",
                    f.ratings[0].show()
                );
            }
            Err(e) => {
                let _ = writeln!(out, "  no Elo: {e}");
            }
        }
    }
    let _ = writeln!(out, "  A: {}", clocks[0].show());
    let _ = writeln!(out, "  B: {}", clocks[1].show());
    let list: Vec<String> = reasons.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let _ = writeln!(out, "  how the games ended: {}", list.join(", "));
    out
}
