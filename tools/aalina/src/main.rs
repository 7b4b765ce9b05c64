//! Our engine against Aalina (Joan Sala Soler's Oware engine), game by game: colours
//! alternating, each of a fixed list of short random openings played from both sides,
//! every Aalina move checked against our rules before it is played, the games ended by
//! our rules, each game written as a game file. See `tools/aalina/README.md`.
//!
//! ```text
//! aalina-match --jar DIR/aalina.jar --engine alphabeta:500ms --movetime 500 \
//!     --openings 20 --out DIR
//! aalina-match --jar DIR/aalina.jar --check-rules 20 --out DIR
//! ```

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use mancala_core::{Player, Status};
use mancala_runtime::elo::{self, PRIOR_DRAWS};
use mancala_runtime::{AnyGame, AnyMove, Engine, EngineSpec, Variant, files};

use aalina_match::notation::{from_aalina, to_aalina};
use aalina_match::uci::{Aalina, Launch, process_cpu, thread_cpu};

/// Our engine against Aalina at Oware (abapa), one process each.
#[derive(Parser, Debug)]
#[command(name = "aalina-match", after_help = AFTER_HELP)]
struct Cli {
    /// Aalina's jar (`tools/aalina/build.sh` makes it), with oware.properties and the
    /// two .bin files beside it
    #[arg(long, value_name = "FILE", required_unless_present = "tally")]
    jar: Option<PathBuf>,
    /// Our engine, as a spec of the library (one thread: no `:Nt`)
    #[arg(long, default_value = "alphabeta:500ms", value_parser = engine_spec, help = format!("Our engine: {}", EngineSpec::GRAMMAR))]
    engine: String,
    /// Aalina's time a move in milliseconds (`go movetime N`); by default the `:<ms>ms`
    /// of --engine
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Openings to play, each from both sides (two games each)
    #[arg(long, default_value_t = 20, value_name = "N")]
    openings: u64,
    /// Random plies of each opening
    #[arg(long, default_value_t = 4, value_name = "K")]
    opening_plies: u32,
    /// The seed of the openings and of our engine's random choices
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play only the openings from this one on (1 is the first), to resume a run
    #[arg(long, default_value_t = 1, value_name = "I")]
    first_opening: u64,
    /// A game longer than this is stopped and counted as a draw
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    /// The folder of the game files, the results table and the protocol log
    #[arg(long, value_name = "DIR", required_unless_present = "tally")]
    out: Option<PathBuf>,
    /// Our engine's endgame databases (`solve oware` builds them)
    #[arg(long, value_name = "DIR")]
    db: Option<PathBuf>,
    /// The Java launcher
    #[arg(long, default_value = "java")]
    java: String,
    /// A JVM option (repeat for several); the default is one processor, the serial
    /// collector and a 1 GiB heap
    #[arg(long = "jvm-arg", value_name = "ARG", allow_hyphen_values = true)]
    jvm_args: Vec<String>,
    /// Pin Aalina to this CPU (taskset); pin ourselves by running under `taskset -c`
    #[arg(long, value_name = "CPU")]
    aalina_cpu: Option<usize>,
    /// Aalina's hash table in MiB (its own default is 256)
    #[arg(long, default_value_t = 256, value_name = "MB")]
    hash: u32,
    /// Instead of a match: N random games on which Aalina's legal moves (from its
    /// `debug on` listing) are compared with ours at every position, and its end of
    /// the game with ours (checks the move letters and the rules)
    #[arg(long, value_name = "N")]
    check_rules: Option<u64>,
    /// Instead of a match: the summary of the games in these `results.tsv` files, the
    /// parts of one run played apart (`--first-opening`); give the run's --engine (and
    /// --movetime if it was given). A game number found twice is refused
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["jar", "check_rules"])]
    tally: Vec<PathBuf>,
}

const AFTER_HELP: &str = "Game i (from 0) plays opening i/2 with our engine South in even \
games. Aalina is told every move from the start (`position startpos moves ...`, South \
A-F, North a-f) and its side (EngineTurn, for its contempt). A move Aalina returns that \
is not legal by our rules is reported and ends the game without being played; the game \
is then left out of the score. The results: wins, draws, losses, the score with its 95% \
interval, the Elo difference (maximum likelihood, 1 virtual draw), seeds won, and each \
engine's time a move (wall clock and CPU).";

fn engine_spec(spec: &str) -> Result<String, String> {
    spec.parse::<EngineSpec>()
        .map(|_| spec.to_string())
        .map_err(|e| e.to_string())
}

/// The `:<ms>ms` of a spec, if any.
fn spec_ms(spec: &str) -> Option<u64> {
    spec.split(':')
        .find_map(|part| part.strip_suffix("ms")?.parse().ok())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("aalina-match: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: &Cli) -> Result<(), String> {
    if !cli.tally.is_empty() {
        let games = tally(&cli.tally)?;
        print!("{}", summary(&games, &cli.engine, movetime(cli)?));
        return Ok(());
    }
    let (Some(jar), Some(out)) = (&cli.jar, &cli.out) else {
        return Err("give --jar and --out".into());
    };
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let variant: Variant = "oware"
        .parse()
        .map_err(|e: mancala_runtime::VariantError| e.to_string())?;
    let jvm_args = if cli.jvm_args.is_empty() {
        ["-XX:ActiveProcessorCount=1", "-XX:+UseSerialGC", "-Xmx1g"]
            .map(String::from)
            .to_vec()
    } else {
        cli.jvm_args.clone()
    };
    let launch = Launch {
        jar: jar.clone(),
        java: cli.java.clone(),
        jvm_args,
        cpu: cli.aalina_cpu,
        hash_mb: cli.hash,
    };
    let log = out.join("aalina-protocol.log");
    if let Some(n) = cli.check_rules {
        return check_rules(&variant, &launch, &log, n, cli.seed);
    }
    if cli.engine.split(':').any(|p| p.ends_with('t') && p != "1t") {
        return Err(format!(
            "{}: our engine plays on one thread here (Aalina has one core)",
            cli.engine
        ));
    }
    let movetime = movetime(cli)?;
    let openings = openings(&variant, cli.openings, cli.opening_plies, cli.seed)?;
    println!(
        "{} against Aalina ({} ms a move), {} openings of {} random plies (seed {}), each from both sides",
        cli.engine,
        movetime,
        openings.len(),
        cli.opening_plies,
        cli.seed
    );
    for (i, o) in openings.iter().enumerate() {
        println!("opening {:>3}: {}", i + 1, o.join(" "));
    }
    let mut aalina = Aalina::start(&launch, &log)?;
    warm_up(&mut aalina, movetime)?;
    let mut tsv = String::from(
        "game\topening\tours\tresult\tours_total\taalina_total\treason\tplies\t\
         ours_moves\tours_ms\tours_cpu_ms\tours_depth\taalina_moves\taalina_ms\t\
         aalina_cpu_ms\taalina_depth\taalina_book\terror\n",
    );
    let mut games = Vec::new();
    let first = cli.first_opening.max(1) - 1;
    for index in 2 * first..2 * openings.len() as u64 {
        let opening = &openings[(index / 2) as usize];
        let ours = if index % 2 == 0 {
            Player::South
        } else {
            Player::North
        };
        let g = match play_game(
            cli,
            out,
            &variant,
            &mut aalina,
            movetime,
            index,
            opening,
            ours,
        ) {
            Ok(g) => g,
            Err(e) => {
                // Aalina stopped answering: note it and go on with a new process.
                eprintln!("game {}: {e}; restarting Aalina", index + 1);
                aalina.quit();
                aalina = Aalina::start(&launch, &log)?;
                warm_up(&mut aalina, movetime)?;
                Played::failed(index, ours, e)
            }
        };
        println!("{}", g.line());
        tsv.push_str(&g.tsv());
        games.push(g);
        std::fs::write(out.join("results.tsv"), &tsv).map_err(|e| format!("results.tsv: {e}"))?;
    }
    aalina.quit();
    println!();
    print!("{}", summary(&games, &cli.engine, movetime));
    Ok(())
}

/// Aalina's time a move: `--movetime`, or the `:<ms>ms` of the engine's spec.
fn movetime(cli: &Cli) -> Result<u64, String> {
    cli.movetime
        .or_else(|| spec_ms(&cli.engine))
        .ok_or_else(|| {
            "give Aalina's time a move with --movetime (the engine's spec has no :<ms>ms)".into()
        })
}

/// The games of several `results.tsv` files, by game number; a number found twice is
/// refused (the parts of a run must not overlap).
fn tally(files: &[PathBuf]) -> Result<Vec<Played>, String> {
    let mut games: Vec<Played> = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        for (n, line) in text.lines().enumerate().skip(1) {
            let g = Played::from_tsv(line)
                .map_err(|e| format!("{} line {}: {e}", f.display(), n + 1))?;
            if games.iter().any(|h| h.index == g.index) {
                return Err(format!(
                    "{} line {}: game {} is already in an earlier line or file",
                    f.display(),
                    n + 1,
                    g.index + 1
                ));
            }
            games.push(g);
        }
    }
    games.sort_by_key(|g| g.index);
    Ok(games)
}

/// One search of Aalina's out of its book, so that its first game does not pay the
/// JVM's compilation.
fn warm_up(aalina: &mut Aalina, movetime: u64) -> Result<(), String> {
    aalina.send("setoption name OwnBook value false")?;
    aalina.send("ucinewgame")?;
    aalina.send("position startpos moves A")?;
    aalina.go(
        &format!("go movetime {}", movetime.max(1000)),
        Duration::from_millis(movetime.max(1000) + 30_000),
    )?;
    aalina.send("setoption name OwnBook value true")?;
    aalina.ready()
}

/// `n` distinct openings of `plies` random plies, drawn by our `random` engine from
/// `seed` (the same list for every run with that seed).
fn openings(variant: &Variant, n: u64, plies: u32, seed: u64) -> Result<Vec<Vec<String>>, String> {
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
        let mut random =
            Engine::new(&EngineSpec::Random, variant, s, None).map_err(|e| e.to_string())?;
        let mut game = AnyGame::new(variant);
        for _ in 0..plies {
            let Some(m) = random.search(&game).map_err(|e| e.to_string())?.best else {
                break;
            };
            game.play(m).map_err(|e| e.to_string())?;
        }
        let moves = game.moves_text();
        if !game.is_finished() && !list.contains(&moves) {
            list.push(moves);
        }
    }
    Ok(list)
}

/// Each engine's moves and times in a game.
#[derive(Clone, Debug, Default)]
struct Clock {
    moves: u32,
    wall: Duration,
    cpu: Duration,
    depth: u64,
    /// Moves with a depth reported (Aalina's book moves have none).
    searched: u32,
    book: u32,
}

impl Clock {
    fn add(&mut self, wall: Duration, cpu: Option<Duration>, depth: Option<u32>) {
        self.moves += 1;
        self.wall += wall;
        self.cpu += cpu.unwrap_or_default();
        if let Some(d) = depth {
            self.depth += u64::from(d);
            self.searched += 1;
        }
    }

    fn ms(&self) -> f64 {
        ms_per(self.wall, self.moves)
    }

    fn cpu_ms(&self) -> f64 {
        ms_per(self.cpu, self.moves)
    }

    fn mean_depth(&self) -> f64 {
        self.depth as f64 / f64::from(self.searched.max(1))
    }

    fn merge(&mut self, o: &Clock) {
        self.moves += o.moves;
        self.wall += o.wall;
        self.cpu += o.cpu;
        self.depth += o.depth;
        self.searched += o.searched;
        self.book += o.book;
    }
}

fn ms_per(d: Duration, n: u32) -> f64 {
    d.as_secs_f64() * 1000.0 / f64::from(n.max(1))
}

/// One game's result, for the engine of ours.
#[derive(Clone, Debug)]
struct Played {
    index: u64,
    opening: String,
    ours: Player,
    /// Our score (1, ½, 0), `None` when the game is left out (an error).
    score: Option<f64>,
    /// Final totals (ours, Aalina's), if the game ended.
    totals: Option<(u16, u16)>,
    reason: String,
    plies: usize,
    clocks: [Clock; 2],
    error: Option<String>,
}

impl Played {
    fn failed(index: u64, ours: Player, error: String) -> Self {
        Played {
            index,
            opening: String::new(),
            ours,
            score: None,
            totals: None,
            reason: "error".into(),
            plies: 0,
            clocks: Default::default(),
            error: Some(error),
        }
    }

    fn result_word(&self) -> &'static str {
        match self.score {
            Some(1.0) => "win",
            Some(0.0) => "loss",
            Some(_) => "draw",
            None => "error",
        }
    }

    fn line(&self) -> String {
        let mut s = format!(
            "game {:>3} (opening {:>2}, ours {}): {}",
            self.index + 1,
            self.index / 2 + 1,
            self.ours.name(),
            self.result_word()
        );
        if let Some((a, b)) = self.totals {
            let _ = write!(s, " {a}-{b}");
        }
        let [o, a] = &self.clocks;
        let _ = write!(
            s,
            " ({}, {} plies); ours {:.0} ms/move depth {:.1}, Aalina {:.0} ms/move depth {:.1}, {} book",
            self.reason,
            self.plies,
            o.ms(),
            o.mean_depth(),
            a.ms(),
            a.mean_depth(),
            a.book
        );
        if let Some(e) = &self.error {
            let _ = write!(s, "; ERROR: {e}");
        }
        s
    }

    fn tsv(&self) -> String {
        let [o, a] = &self.clocks;
        let (t0, t1) = self
            .totals
            .map_or((String::new(), String::new()), |(x, y)| {
                (x.to_string(), y.to_string())
            });
        format!(
            "{}\t{}\t{}\t{}\t{t0}\t{t1}\t{}\t{}\t{}\t{:.1}\t{:.1}\t{:.2}\t{}\t{:.1}\t{:.1}\t{:.2}\t{}\t{}\n",
            self.index + 1,
            self.opening,
            self.ours.name(),
            self.result_word(),
            self.reason,
            self.plies,
            o.moves,
            o.ms(),
            o.cpu_ms(),
            o.mean_depth(),
            a.moves,
            a.ms(),
            a.cpu_ms(),
            a.mean_depth(),
            a.book,
            self.error.as_deref().unwrap_or("")
        )
    }

    /// A line of `results.tsv` read back. The times and depths come back from their
    /// rounded means (a tenth of a millisecond, a hundredth of a ply); Aalina's moves
    /// out of its book are taken as its searched moves.
    fn from_tsv(line: &str) -> Result<Played, String> {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 18 {
            return Err(format!("{} fields, not 18", f.len()));
        }
        fn num<T: std::str::FromStr>(f: &[&str], i: usize, what: &str) -> Result<T, String> {
            f[i].parse()
                .map_err(|_| format!("{what} `{}` is not a number", f[i]))
        }
        let index: u64 = num(&f, 0, "game")?;
        let ours = match f[2] {
            "South" => Player::South,
            "North" => Player::North,
            o => return Err(format!("side `{o}` is neither South nor North")),
        };
        let score = match f[3] {
            "win" => Some(1.0),
            "draw" => Some(0.5),
            "loss" => Some(0.0),
            "error" => None,
            r => return Err(format!("result `{r}` is not win, draw, loss or error")),
        };
        let totals = if f[4].is_empty() && f[5].is_empty() {
            None
        } else {
            Some((num(&f, 4, "our total")?, num(&f, 5, "Aalina's total")?))
        };
        let clock = |at: usize, book: u32| -> Result<Clock, String> {
            let moves: u32 = num(&f, at, "moves")?;
            let ms: f64 = num(&f, at + 1, "ms a move")?;
            let cpu_ms: f64 = num(&f, at + 2, "CPU ms a move")?;
            let depth: f64 = num(&f, at + 3, "mean depth")?;
            let searched = moves.saturating_sub(book);
            let total = |per: f64| {
                Duration::try_from_secs_f64(per * f64::from(moves) / 1000.0)
                    .map_err(|_| format!("{per} ms a move is not a time"))
            };
            Ok(Clock {
                moves,
                wall: total(ms)?,
                cpu: total(cpu_ms)?,
                depth: (depth * f64::from(searched)).round() as u64,
                searched,
                book,
            })
        };
        Ok(Played {
            index: index.checked_sub(1).ok_or("game 0: games count from 1")?,
            opening: f[1].to_string(),
            ours,
            score,
            totals,
            reason: f[6].to_string(),
            plies: num(&f, 7, "plies")?,
            clocks: [clock(8, 0)?, clock(12, num(&f, 16, "book moves")?)?],
            error: (!f[17].is_empty()).then(|| f[17].to_string()),
        })
    }
}

/// Plays game `index` from `opening`, our engine on side `ours`. An `Err` means Aalina
/// stopped answering (the caller restarts it); a bad move of Aalina's is a game left out
/// of the score, with its error.
#[allow(clippy::too_many_arguments)]
fn play_game(
    cli: &Cli,
    out: &Path,
    variant: &Variant,
    aalina: &mut Aalina,
    movetime: u64,
    index: u64,
    opening: &[String],
    ours: Player,
) -> Result<Played, String> {
    let err = |e: mancala_runtime::Error| e.to_string();
    let spec: EngineSpec = cli.engine.parse().map_err(|e| format!("{e}"))?;
    let mut engine = Engine::new(
        &spec,
        variant,
        cli.seed.wrapping_add(index),
        cli.db.as_deref(),
    )
    .map_err(err)?;
    let mut game = AnyGame::new(variant);
    // Every move so far in Aalina's letters.
    let mut history: Vec<char> = Vec::new();
    let play = |game: &mut AnyGame, history: &mut Vec<char>, m: AnyMove| -> Result<(), String> {
        let AnyMove::Pit(pit) = m else {
            return Err(format!("{m} is not an Oware move"));
        };
        history.push(to_aalina(game.side_to_move(), pit));
        game.play(m).map_err(err)
    };
    for text in opening {
        let m = game.parse_move(text).map_err(err)?;
        play(&mut game, &mut history, m)?;
    }
    aalina.send("ucinewgame")?;
    let side = if ours == Player::South {
        "north"
    } else {
        "south"
    };
    aalina.send(&format!("setoption name EngineTurn value {side}"))?;
    aalina.ready()?;
    let mut clocks: [Clock; 2] = Default::default();
    let mut error = None;
    let timeout = Duration::from_millis(movetime * 3 + 10_000);
    while !game.is_finished() && game.ply() < cli.max_plies {
        let mover = game.side_to_move();
        if mover == ours {
            let cpu0 = thread_cpu();
            let t = Instant::now();
            let report = engine.search(&game).map_err(err)?;
            let wall = t.elapsed();
            let cpu = cpu0.zip(thread_cpu()).map(|(a, b)| b.saturating_sub(a));
            clocks[0].add(wall, cpu, Some(report.depth));
            let m = report
                .best
                .ok_or("our engine gave no move in an ongoing game")?;
            play(&mut game, &mut history, m)?;
        } else {
            let moves: String = history.iter().collect();
            let position = if moves.is_empty() {
                "position startpos".to_string()
            } else {
                format!("position startpos moves {moves}")
            };
            aalina.send(&position)?;
            let cpu0 = process_cpu(aalina.pid());
            let t = Instant::now();
            let answer = aalina.go(&format!("go movetime {movetime}"), timeout)?;
            let wall = t.elapsed();
            let cpu = cpu0
                .zip(process_cpu(aalina.pid()))
                .map(|(a, b)| b.saturating_sub(a));
            clocks[1].add(wall, cpu, answer.depth);
            if answer.book {
                clocks[1].book += 1;
            }
            for note in &answer.notes {
                eprintln!("game {}: Aalina says: {note}", index + 1);
            }
            let checked = from_aalina(&answer.best).and_then(|(who, pit)| {
                if who != mover {
                    return Err(format!(
                        "{:?} is a move of {}, but {} is to move",
                        answer.best,
                        who.name(),
                        mover.name()
                    ));
                }
                let m = AnyMove::Pit(pit);
                if !game.legal_moves().contains(&m) {
                    return Err(format!(
                        "{:?} ({} {m}) is not legal in {} (legal: {})",
                        answer.best,
                        mover.name(),
                        game.notation(),
                        game.legal_moves_text().join(" ")
                    ));
                }
                Ok(m)
            });
            match checked {
                Ok(m) => play(&mut game, &mut history, m)?,
                Err(e) => {
                    eprintln!("game {}: Aalina's move refused: {e}", index + 1);
                    error = Some(e);
                    break;
                }
            }
        }
    }
    let status = game.status();
    let (score, totals, reason) = match (&error, status) {
        (Some(_), _) => (None, None, "Aalina's bad move".to_string()),
        (None, Status::Over(o)) => {
            let score = match o.winner {
                None => 0.5,
                Some(w) if w == ours => 1.0,
                Some(_) => 0.0,
            };
            let totals = o.totals.map(|t| (t[ours], t[ours.opponent()]));
            (Some(score), totals, o.reason.name().to_string())
        }
        (None, _) => (Some(0.5), None, "stopped at the ply limit".to_string()),
    };
    let names = match ours {
        Player::South => [engine.name(), "Aalina".to_string()],
        Player::North => ["Aalina".to_string(), engine.name()],
    };
    let mut file = files::game_file(&game, &names[0], &names[1], None);
    file.set_tag("TimeControl", &format!("{movetime} ms a move"));
    file.set_tag(
        "Opening",
        &format!("{}: {}", index / 2 + 1, opening.join(" ")),
    );
    if let Some(e) = &error {
        file.set_tag("Error", &format!("Aalina's move refused: {e}"));
    }
    let path = out.join(format!("oware-{:05}.mgn", index + 1));
    files::save(&path, &file).map_err(err)?;
    Ok(Played {
        index,
        opening: opening.join(" "),
        ours,
        score,
        totals,
        reason,
        plies: game.ply(),
        clocks,
        error,
    })
}

/// The results table.
fn summary(games: &[Played], spec: &str, movetime: u64) -> String {
    let scored: Vec<f64> = games.iter().filter_map(|g| g.score).collect();
    let n = scored.len();
    let w = scored.iter().filter(|&&s| s == 1.0).count();
    let l = scored.iter().filter(|&&s| s == 0.0).count();
    let d = n - w - l;
    let errors = games.len() - n;
    let mut out = String::new();
    let mean = scored.iter().sum::<f64>() / n.max(1) as f64;
    // The 95% interval of the mean score per game (normal approximation over the
    // games' own scores, draws included).
    let var = scored.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n.max(2) - 1) as f64;
    let half = 1.96 * (var / n.max(1) as f64).sqrt();
    let _ = writeln!(
        out,
        "Against Aalina at {movetime} ms a move: {:.1}% of the points over {n} games (+{w} ={d} -{l})",
        100.0 * mean
    );
    let _ = writeln!(
        out,
        "  score {:.1}% (95% interval {:.1}% to {:.1}%)",
        100.0 * mean,
        100.0 * (mean - half).max(0.0),
        100.0 * (mean + half).min(1.0)
    );
    if n > 0 {
        let mut r = elo::Results::new(2);
        for &s in &scored {
            r.add(0, 1, s);
        }
        match elo::fit(&r, 1, PRIOR_DRAWS) {
            Ok(f) => {
                let _ = writeln!(
                    out,
                    "  Elo of {spec} relative to Aalina: {} (maximum likelihood, 95% interval, 1 virtual draw added)",
                    f.ratings[0].show()
                );
            }
            Err(e) => {
                let _ = writeln!(out, "  no Elo: {e}");
            }
        }
    }
    let (ours, theirs) = games
        .iter()
        .filter_map(|g| g.totals)
        .fold((0u32, 0u32), |(a, b), (x, y)| {
            (a + u32::from(x), b + u32::from(y))
        });
    let _ = writeln!(out, "  seeds won: ours {ours}, Aalina {theirs}");
    for (side, name) in [(Player::South, "South"), (Player::North, "North")] {
        let s: Vec<f64> = games
            .iter()
            .filter(|g| g.ours == side)
            .filter_map(|g| g.score)
            .collect();
        let _ = writeln!(
            out,
            "  ours as {name}: {:.1} of {} points",
            s.iter().sum::<f64>(),
            s.len()
        );
    }
    let mut clocks: [Clock; 2] = Default::default();
    for g in games {
        clocks[0].merge(&g.clocks[0]);
        clocks[1].merge(&g.clocks[1]);
    }
    let [o, a] = &clocks;
    let _ = writeln!(
        out,
        "  ours: {} moves, {:.0} ms a move (CPU {:.0} ms), mean depth {:.1}",
        o.moves,
        o.ms(),
        o.cpu_ms(),
        o.mean_depth()
    );
    let _ = writeln!(
        out,
        "  Aalina: {} moves, {:.0} ms a move (CPU {:.0} ms, its JIT and collector included), {} from its book; mean depth {:.1} over its searched moves",
        a.moves,
        a.ms(),
        a.cpu_ms(),
        a.book,
        a.mean_depth()
    );
    let mut reasons: std::collections::BTreeMap<&str, usize> = Default::default();
    for g in games {
        *reasons.entry(&g.reason).or_default() += 1;
    }
    let list: Vec<String> = reasons.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let _ = writeln!(out, "  how the games ended: {}", list.join(", "));
    if errors > 0 {
        let _ = writeln!(
            out,
            "  {errors} games left out: Aalina's move refused or no answer (see above)"
        );
    }
    out
}

/// `n` random games (seeded) on which Aalina's legal moves are compared with ours at
/// every position (its `debug on` listing, book off), and its end of the game with ours.
fn check_rules(
    variant: &Variant,
    launch: &Launch,
    log: &Path,
    n: u64,
    seed: u64,
) -> Result<(), String> {
    let err = |e: mancala_runtime::Error| e.to_string();
    let mut aalina = Aalina::start(launch, log)?;
    aalina.send("setoption name OwnBook value false")?;
    let mut positions = 0u64;
    let mut mismatches = 0u64;
    let mut ends = std::collections::BTreeMap::<String, u64>::new();
    let mut out = std::io::stdout().lock();
    for g in 0..n {
        let mut random =
            Engine::new(&EngineSpec::Random, variant, seed.wrapping_add(g), None).map_err(err)?;
        let mut game = AnyGame::new(variant);
        let mut history = String::new();
        aalina.send("ucinewgame")?;
        loop {
            let mover = game.side_to_move();
            let position = if history.is_empty() {
                "position startpos".to_string()
            } else {
                format!("position startpos moves {history}")
            };
            aalina.send(&position)?;
            let (listed, best) = aalina.legal_moves()?;
            positions += 1;
            let mut theirs: Vec<String> = Vec::new();
            let mut bad = Vec::new();
            for m in &listed {
                match from_aalina(m) {
                    Ok((who, pit)) if who == mover => {
                        theirs.push(AnyMove::Pit(pit).to_string());
                    }
                    _ => bad.push(m.clone()),
                }
            }
            theirs.sort();
            let mut ours = game.legal_moves_text();
            ours.sort();
            if game.is_finished() {
                // Aalina ends a game at 24-24 only when a rule of its own ends it.
                let reason = match game.status() {
                    Status::Over(o) => o.reason.name().to_string(),
                    _ => "other".into(),
                };
                let agree = best == "0000";
                *ends
                    .entry(format!(
                        "{reason}: Aalina {}",
                        if agree { "agrees" } else { "plays on" }
                    ))
                    .or_default() += 1;
                if !agree {
                    let _ = writeln!(
                        out,
                        "game {}: our game ended ({reason}) in {} after {history}, Aalina answers bestmove {best} (moves {})",
                        g + 1,
                        game.notation(),
                        listed.join(" ")
                    );
                }
                break;
            }
            if theirs != ours || !bad.is_empty() || best == "0000" {
                mismatches += 1;
                let _ = writeln!(
                    out,
                    "game {} ply {}: {} after {history}: ours {:?}, Aalina's {:?} (bestmove {best})",
                    g + 1,
                    game.ply(),
                    game.notation(),
                    ours,
                    listed
                );
                break;
            }
            let m = random.search(&game).map_err(err)?.best.ok_or("no move")?;
            let AnyMove::Pit(pit) = m else {
                return Err("not an Oware move".into());
            };
            history.push(to_aalina(mover, pit));
            game.play(m).map_err(err)?;
        }
    }
    aalina.quit();
    let _ = writeln!(
        out,
        "{n} random games, {positions} positions: {mismatches} with other legal moves; game ends: {}",
        ends.iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    if mismatches > 0 {
        return Err(format!("{mismatches} positions disagree"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(moves: u32, ms: u64, cpu_ms: u64, depth: u64, book: u32) -> Clock {
        Clock {
            moves,
            wall: Duration::from_millis(ms),
            cpu: Duration::from_millis(cpu_ms),
            depth,
            searched: moves - book,
            book,
        }
    }

    fn games() -> Vec<Played> {
        let game = |index: u64, score: Option<f64>, totals, reason: &str| Played {
            index,
            opening: "a b c d".into(),
            ours: if index.is_multiple_of(2) {
                Player::South
            } else {
                Player::North
            },
            score,
            totals,
            reason: reason.into(),
            plies: 84,
            clocks: [
                clock(40, 3172, 3160, 890, 0),
                clock(44, 2948 + index, 3000, 960, 4),
            ],
            error: None,
        };
        vec![
            game(0, Some(1.0), Some((30, 18)), "majority"),
            game(1, Some(0.5), Some((24, 24)), "repetition"),
            game(2, Some(0.0), Some((20, 28)), "majority"),
            Played::failed(3, Player::North, "Aalina played g".into()),
            game(4, Some(1.0), Some((26, 22)), "starvation"),
        ]
    }

    #[test]
    fn a_results_line_reads_back_as_it_was_written() {
        for g in games() {
            let line = g.tsv();
            let back = Played::from_tsv(line.trim_end_matches('\n')).unwrap();
            assert_eq!(back.tsv(), line);
            assert_eq!(
                (back.index, back.score, back.totals),
                (g.index, g.score, g.totals)
            );
        }
    }

    #[test]
    fn the_tally_of_a_run_in_two_parts_is_the_summary_of_the_whole_run() {
        let dir = std::env::temp_dir().join(format!("aalina-tally-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let all = games();
        let head = "game\tetc\n".to_string();
        let write = |name: &str, part: &[Played]| {
            let path = dir.join(name);
            let text = part.iter().fold(head.clone(), |t, g| t + &g.tsv());
            std::fs::write(&path, text).unwrap();
            path
        };
        // The parts in either order.
        let parts = [write("b.tsv", &all[2..]), write("a.tsv", &all[..2])];
        let tallied = tally(&parts).unwrap();
        let whole = summary(&all, "alphabeta:100ms", 100);
        assert_eq!(summary(&tallied, "alphabeta:100ms", 100), whole);
        assert!(whole.starts_with(
            "Against Aalina at 100 ms a move: 62.5% of the points over 4 games (+2 =1 -1)\n"
        ));
        assert!(whole.contains("seeds won: ours 100, Aalina 92\n"));

        // Overlapping parts and bad lines are refused by name.
        let again = tally(&[parts[1].clone(), parts[1].clone()]).unwrap_err();
        assert!(
            again.ends_with("line 2: game 1 is already in an earlier line or file"),
            "{again}"
        );
        let bad = write("bad.tsv", &[]);
        std::fs::write(&bad, "head\n1\tx\n").unwrap();
        assert!(
            tally(std::slice::from_ref(&bad))
                .unwrap_err()
                .ends_with("line 2: 2 fields, not 18")
        );
        std::fs::write(&bad, head.clone() + &all[0].tsv().replace("South", "East")).unwrap();
        assert!(
            tally(std::slice::from_ref(&bad))
                .unwrap_err()
                .ends_with("side `East` is neither South nor North")
        );
        std::fs::write(&bad, head + &all[0].tsv().replace("\t79.3\t", "\tinf\t")).unwrap();
        assert!(
            tally(&[bad])
                .unwrap_err()
                .ends_with("inf ms a move is not a time")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
