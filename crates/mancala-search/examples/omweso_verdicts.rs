//! How often the search's bounded verdict on an Omweso move is wrong (release build):
//!
//! ```text
//! cargo run --release -p mancala-search --example omweso_verdicts -- [--games N] [--depth D] [--search NODES] [--resolve] [--sample K] [--long FILE]
//! ```
//!
//! The search plays moves with `Position::play_in_search`: a relay still going after
//! `ENDLESS_AFTER` laps is taken as endless without proof. That verdict is wrong exactly
//! when such a move ends later. This program plays every legal move of many positions
//! that way, from two sources:
//!
//! - random games: every position of `N` random games from the standard start (default
//!   20,000; each game goes on with a random move that ends);
//! - search trees: every node of a full-width tree `D` plies deep (default 4) from each
//!   position of `benches/omweso_middlegames.txt`;
//! - alpha-beta searches (with `--search NODES`): the moves that the engine, searching
//!   each of those positions to `NODES` nodes, takes as endless without proof (its
//!   lines go deeper than the full-width trees).
//!
//! It prints how many moves ended, and the longest relay among them (in powers of two:
//! a bound below a move's relay would have been wrong), how many were proven endless,
//! and how many were taken as endless without proof. With `--resolve`, each of those
//! (each distinct position and move once; every `K`-th only with `--sample K`) is then
//! played exactly, which may take seconds to a minute each: a move that ends is a wrong
//! verdict.
//! `--long FILE` writes the moves that ended after a relay of 64 laps or more (test
//! data for the memo of long relays).

use std::collections::HashSet;
use std::time::Instant;

use mancala_core::cycle::{MemoSlot, MemoStats, SearchMemo};
use mancala_core::record::Record;
use mancala_core::{Position, Status};
use mancala_search::alphabeta::ENDLESS_AFTER;
use mancala_search::{AlphaBeta, Engine, Limits};
use omweso::{Game, Move, Omweso};
use rand::{Rng, SeedableRng};

const POSITIONS: &str = include_str!("../benches/omweso_middlegames.txt");

#[derive(Default)]
struct Tally {
    moves: u64,
    ended: u64,
    /// `ended_by_log[k]`: moves that ended whose longest relay took `2^(k-1)` to
    /// `2^k - 1` laps.
    ended_by_log: [u64; 32],
    longest_ended: u64,
    longest_ended_at: String,
    proven: u64,
    unproven: u64,
    /// The distinct positions and moves taken as endless without proof.
    to_resolve: HashSet<(Omweso, Move)>,
    /// Moves that ended after a relay of 64 laps or more: position, move, laps.
    long_ended: Vec<(Omweso, Move, u64)>,
}

impl Tally {
    /// Plays `m` from `p` as the search does (no memo: every relay walked) and counts
    /// the verdict; returns the position after it.
    fn play(&mut self, p: &Omweso, m: Move) -> Omweso {
        let mut q = *p;
        let mut stats = MemoStats::default();
        q.play_in_search(m, &mut SearchMemo::new(&mut [], &mut stats, ENDLESS_AFTER));
        self.moves += 1;
        if stats.unproven > 0 {
            self.unproven += 1;
            self.to_resolve.insert((*p, m));
        } else if q.status() == Status::Annulled {
            self.proven += 1;
        } else {
            self.ended += 1;
            let laps = stats.longest_ended;
            self.ended_by_log[(64 - laps.leading_zeros()) as usize] += 1;
            if laps >= 64 {
                self.long_ended.push((*p, m, laps));
            }
            if laps > self.longest_ended {
                self.longest_ended = laps;
                self.longest_ended_at = format!("{p} {m}");
            }
        }
        q
    }

    fn report(&self, source: &str) {
        println!(
            "{source}: {} moves: {} ended, {} proven endless, {} taken as endless without proof ({} distinct)",
            self.moves,
            self.ended,
            self.proven,
            self.unproven,
            self.to_resolve.len()
        );
        println!(
            "  longest relay of a move that ended: {} laps ({})",
            self.longest_ended, self.longest_ended_at
        );
        println!(
            "  ended without a relay (the first lap ended it): {}",
            self.ended_by_log[0]
        );
        for (k, &n) in self.ended_by_log.iter().enumerate().skip(1) {
            if n > 0 {
                println!(
                    "  ended, longest relay {:>6} to {:>6} laps: {n}",
                    1u64 << (k - 1),
                    (1u64 << k) - 1
                );
            }
        }
    }
}

fn random_games(games: u64) -> Tally {
    let mut t = Tally::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2024);
    for _ in 0..games {
        let mut p = Omweso::new();
        for _ in 0..1000 {
            if p.is_finished() {
                break;
            }
            let next: Vec<Omweso> = p
                .legal_moves()
                .into_iter()
                .map(|m| t.play(&p, m))
                .filter(|q| q.status() != Status::Annulled)
                .collect();
            if next.is_empty() {
                break;
            }
            p = next[rng.random_range(0..next.len())];
        }
    }
    t
}

fn tree(t: &mut Tally, p: &Omweso, depth: u32) {
    if depth == 0 || p.is_finished() {
        return;
    }
    for m in p.legal_moves() {
        let q = t.play(p, m);
        if q.status() != Status::Annulled {
            tree(t, &q, depth - 1);
        }
    }
}

fn search_trees(depth: u32) -> Tally {
    let mut t = Tally::default();
    for line in POSITIONS.lines().filter(|l| !l.starts_with('#')) {
        let p: Omweso = line
            .split('#')
            .next()
            .unwrap_or("")
            .trim()
            .parse()
            .expect("a position");
        tree(&mut t, &p, depth);
    }
    t
}

/// The distinct moves taken as endless without proof, the moves played, and how many
/// of them were taken as endless without proof.
type Watched = (HashSet<(Omweso, Move)>, u64, u64);

thread_local! {
    /// What [`Watch`] saw.
    static WATCHED: std::cell::RefCell<Watched> =
        std::cell::RefCell::new((HashSet::new(), 0, 0));
}

/// Omweso's game record, noting every move that the search playing it takes as endless
/// without proof (in `WATCHED`, so that the search's own copies of the record note them
/// too).
#[derive(Clone, Debug)]
struct Watch(Game);

impl Record for Watch {
    type Position = Omweso;
    fn new(start: Omweso) -> Self {
        Watch(Game::new(start))
    }
    fn with_capacity(start: Omweso, plies: usize) -> Self {
        Watch(Game::with_capacity(start, plies))
    }
    fn reset(&mut self, start: Omweso) {
        self.0.reset(start);
    }
    fn start(&self) -> &Omweso {
        self.0.start()
    }
    fn position(&self) -> &Omweso {
        self.0.position()
    }
    fn positions(&self) -> &[Omweso] {
        self.0.positions()
    }
    fn moves(&self) -> &[Move] {
        self.0.moves()
    }
    fn is_repetition(&self) -> bool {
        false
    }
    fn status(&self) -> Status {
        self.0.status()
    }
    fn legal_moves(&self) -> omweso::MoveList {
        self.0.legal_moves()
    }
    fn check_move(&self, m: Move) -> Result<(), omweso::IllegalMove> {
        self.0.check_move(m)
    }
    fn play_unchecked(&mut self, m: Move) {
        self.0.play_unchecked(m);
    }
    fn undo(&mut self) -> Option<Move> {
        self.0.undo()
    }
    fn play_in_search(&mut self, m: Move, memo: &mut SearchMemo<'_>) {
        let before = (*self.0.position(), memo.stats().unproven);
        self.0.play_in_search(m, memo);
        WATCHED.with(|w| {
            let mut w = w.borrow_mut();
            w.1 += 1;
            if memo.stats().unproven > before.1 {
                w.2 += 1;
                w.0.insert((before.0, m));
            }
        });
    }
}

/// The moves the alpha-beta searches of the middlegames (`nodes` each, a fresh engine
/// each) take as endless without proof; prints what they played.
fn alpha_beta_searches(nodes: u64) -> HashSet<(Omweso, Move)> {
    let mut longest = 0;
    for line in POSITIONS.lines().filter(|l| !l.starts_with('#')) {
        let p: Omweso = line
            .split('#')
            .next()
            .unwrap_or("")
            .trim()
            .parse()
            .expect("a position");
        let mut engine = AlphaBeta::new(Limits::nodes(nodes));
        engine.search(&Watch::new(p));
        longest = longest.max(engine.memo_stats().longest_ended);
    }
    WATCHED.with(|w| {
        let (set, played, unproven) = &*w.borrow();
        println!(
            "alpha-beta searches of the 64 middlegames, {nodes} nodes each: {played} moves played, {unproven} taken as endless without proof ({} distinct); longest relay that ended (walked, not from the memo): {longest} laps",
            set.len()
        );
        set.clone()
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
    };
    let games = value("--games").unwrap_or(20_000);
    let depth = value("--depth").unwrap_or(4) as u32;
    println!(
        "bound: {ENDLESS_AFTER} laps (a relay is given up at the next save of Brent's finder, below {} laps)",
        2 * ENDLESS_AFTER
    );
    let t0 = Instant::now();
    let a = random_games(games);
    a.report(&format!("{games} random games"));
    let b = search_trees(depth);
    b.report(&format!(
        "full-width trees {depth} plies deep from the 64 middlegames"
    ));
    let searched = alpha_beta_searches(value("--search").unwrap_or(0));
    println!("({:.1} s)", t0.elapsed().as_secs_f64());
    if let Some(path) = args
        .iter()
        .position(|a| a == "--long")
        .and_then(|i| args.get(i + 1))
    {
        // Test data for the memo (`crates/omweso/tests/long_relays.txt`).
        let mut out = String::from(
            "# Omweso moves that end after a relay of 64 laps or more: <position> <move> <laps>\n",
        );
        out.push_str(&format!(
            "# cargo run --release -p mancala-search --example omweso_verdicts -- --games {games} --depth {depth} --long <file>\n"
        ));
        for (p, m, laps) in a.long_ended.iter().chain(&b.long_ended) {
            out.push_str(&format!("{p} {m} {laps}\n"));
        }
        std::fs::write(path, out).expect("the --long file");
    }
    if !args.iter().any(|a| a == "--resolve") {
        return;
    }
    // Every distinct move taken as endless without proof, played exactly. A memo with no
    // bound remembers each relay walked, so moves that share one are resolved once.
    let all: HashSet<(Omweso, Move)> = a
        .to_resolve
        .iter()
        .chain(&b.to_resolve)
        .chain(&searched)
        .copied()
        .collect();
    let mut all: Vec<_> = all.into_iter().collect();
    all.sort_by_key(|(p, m)| (p.to_string(), m.to_string()));
    // `--sample K`: every K-th of them only (in that order).
    let k = value("--sample").unwrap_or(1).max(1) as usize;
    let all: Vec<_> = all.into_iter().step_by(k).collect();
    println!("resolving {} moves exactly", all.len());
    let mut slots = vec![MemoSlot::default(); 1 << 20];
    let mut stats = MemoStats::default();
    let (mut endless, mut wrong) = (0, 0);
    for (i, (p, m)) in all.iter().enumerate() {
        let t = Instant::now();
        let mut q = *p;
        q.play_in_search(*m, &mut SearchMemo::new(&mut slots, &mut stats, u64::MAX));
        let verdict = if q.status() == Status::Annulled {
            endless += 1;
            "endless"
        } else {
            wrong += 1;
            "ENDS (the bounded verdict was wrong)"
        };
        println!(
            "{:>5} {verdict} {:>8.3} s  {p} {m}",
            i + 1,
            t.elapsed().as_secs_f64()
        );
    }
    println!(
        "resolved {}: {endless} endless, {wrong} end; longest relay that ended {} laps; {:.0} s",
        all.len(),
        stats.longest_ended,
        t0.elapsed().as_secs_f64()
    );
}
