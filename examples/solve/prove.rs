//! The proofs of `solve`: Urim's and Oware's search with history, Kalah's over its
//! table (the turns first with `--moves`), with a spinner while they run and the
//! bounds they reach on stderr; the result in the library's words
//! (`mancala_solve::report`).

use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use mancala::runtime::{GameKind, Variant};
use mancala_solve::history::HistoryProver;
use mancala_solve::kalah::{Kalah, KalahGame};
use mancala_solve::plan::prove_history;
use mancala_solve::report::{self, Machine, NoProof, ProofReport};
use mancala_solve::search::{LeafEstimate, Limits, Prover, available_memory, cpu_seconds};
use mancala_solve::{Cyclic, Position};

use crate::common::bars;
use crate::{Cli, LeafArg, databases};

/// The limits of the options.
fn limits(cli: &Cli) -> Limits {
    Limits {
        nodes: cli.nodes,
        time: cli.time.map(Duration::from_secs_f64),
    }
}

/// A spinner of the proof search, and the callback that prints the bounds it reaches
/// (`  bounds [l, u] after n nodes, 1.2 s`, on stderr) and shows them.
fn bounds(bar: &ProgressBar) -> impl FnMut(i32, i32, u64, Option<usize>) + '_ {
    let t = Instant::now();
    move |l, u, n, depth| {
        let cut = depth.map_or(String::new(), |d| format!(" with lines cut at {d} moves,"));
        let secs = t.elapsed().as_secs_f64();
        bar.suspend(|| eprintln!("  bounds [{l}, {u}]{cut} after {n} nodes, {secs:.1} s"));
        bar.set_message(format!("bounds [{l}, {u}] after {n} nodes"));
    }
}

/// Urim or Oware: the databases, then the proof search with history of the start if
/// the plan wants it; `repetition` says what the start's history means.
pub(crate) fn cyclic<G: Cyclic + Clone + Send + 'static>(
    cli: &Cli,
    variant: &Variant,
    game: G,
    text: &str,
    repetition: &'static str,
) -> Result<(), String> {
    let start: G::Pos = text.parse().map_err(|e| format!("{e}"))?;
    let Some((plan, dbs)) = databases(cli, variant, &game, &start)? else {
        return Ok(());
    };
    let oware = cli.game == GameKind::Oware;
    if let (true, mancala::Status::Over(o)) = (oware, start.status()) {
        println!("the game is over: {o:?}");
        return Ok(());
    }
    let asked = cli.variant.from.is_some() || cli.time.is_some() || cli.nodes.is_some();
    if !plan.wants_proof(&dbs, asked) {
        println!("{}", NoProof::new(&plan, &dbs));
        return Ok(());
    }
    let (limits, set) = plan.limits(limits(cli));
    if set {
        println!("proof search limited to 60 s (give --time or --nodes to change it)");
    }
    if oware {
        println!(
            "(the margin is that of the game played on past a majority in a store, which keeps \
             the winner; docs/solving.md, \"Oware\")"
        );
    }
    let entries = plan.history_entries(&dbs, cli.tt_mb, available_memory(), &limits);
    let mut prover = HistoryProver::new(game, &dbs, entries).map_err(|e| e.to_string())?;
    prover.set_max_path(cli.max_path);
    let (t, bar) = (Instant::now(), bars::spinner("proof search"));
    let found = prove_history(&mut prover, &start, &limits, cli.by_depth, bounds(&bar));
    bar.finish_and_clear();
    let found = found.map_err(|e| e.to_string())?;
    let report = ProofReport {
        mover: start.side_to_move(),
        seconds: t.elapsed().as_secs_f64(),
        history: Some(repetition),
        line: found.line.map(|l| l.to_string()),
        note: None,
        machine: None,
        proof: found.proof,
    };
    println!("{report}");
    Ok(())
}

/// Kalah: the databases, then the proof search of the start (the turns first with
/// `--moves`).
pub(crate) fn kalah(cli: &Cli, variant: &Variant, start: &Kalah) -> Result<(), String> {
    let game = KalahGame::new(start.rules());
    let Some((plan, dbs)) = databases(cli, variant, &game, start)? else {
        return Ok(());
    };
    let limits = limits(cli);
    let bits = plan.table_bits(&dbs, cli.tt_mb, available_memory(), &limits);
    let mut prover = Prover::new(&game, &dbs, bits).map_err(|e| e.to_string())?;
    prover.set_etc(!cli.no_etc);
    prover.set_iterative_deepening(cli.id);
    let seeds = dbs.len().saturating_sub(1);
    let leaf = match cli.leaf {
        LeafArg::Even => LeafEstimate::Even,
        LeafArg::Rows => LeafEstimate::Rows,
        LeafArg::Fitted => LeafEstimate::fit(&dbs, seeds)
            .ok_or("--leaf fitted: no database with a seed to fit the line to")?,
    };
    if let LeafEstimate::Fitted { slope, lean } = leaf {
        let (s, l) = (f64::from(slope) / 1024.0, f64::from(lean) / 1024.0);
        println!(
            "estimate at the depth limit: {s:.3}·(rows' difference) + {l:.3}·(seeds), fitted \
             to the {seeds}-seed database"
        );
    }
    prover.set_leaf_estimate(leaf);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let threads = cli
        .threads
        .map_or(cores, |n| n.try_into().unwrap_or(usize::MAX));
    prover.set_threads(threads);
    if cli.moves {
        // The turns first: the start's proof then finds its value in the table.
        let (t, bar) = (Instant::now(), bars::spinner("turns"));
        println!("{}", report::TURNS_HEADER);
        let turns = prover.prove_turns(start, &limits, |moves, proof| {
            let seconds = t.elapsed().as_secs_f64();
            bar.suspend(|| {
                println!(
                    "{}",
                    report::Turn {
                        moves,
                        proof,
                        seconds
                    }
                )
            });
        });
        bar.finish_and_clear();
        let nodes: u64 = turns
            .map_err(|e| e.to_string())?
            .iter()
            .map(|(_, p)| p.nodes)
            .sum();
        println!("turns: {nodes} nodes, {:.1} s", t.elapsed().as_secs_f64());
    }
    let (t, cpu, bar) = (Instant::now(), cpu_seconds(), bars::spinner("proof search"));
    let mut each = bounds(&bar);
    let proof = prover.prove_with(start, &limits, |l, u, n| each(l, u, n, None));
    bar.finish_and_clear();
    let report = ProofReport {
        proof: proof.map_err(|e| e.to_string())?,
        mover: start.side_to_move(),
        seconds: t.elapsed().as_secs_f64(),
        history: None,
        line: None,
        note: (!start.rules().empty_capture).then_some(report::OPENSPIEL_RULES),
        machine: Some(Machine {
            cpu: cpu_seconds().zip(cpu).map(|(b, a)| b - a),
            threads,
            table_mib: prover.table_bytes() as f64 / f64::from(1 << 20),
        }),
    };
    println!("{report}");
    Ok(())
}
