//! The databases a program without files or threads holds in memory
//! ([`MemoryDatabases`], what the web page builds in its worker): built on one thread,
//! their files' bytes are those that `mancala-solve`'s build writes to a folder on all
//! threads, byte for byte; read back from those bytes, checked as files are; and what
//! they know of a game's position is what a plain search written here finds.
#![cfg(feature = "db")]

use std::collections::HashMap;
use std::path::PathBuf;

use mancala_core::Player;
use mancala_runtime::db::MemoryDatabases;
use mancala_runtime::{AnyGame, GameKind, Variant};
use mancala_search::Known;
use mancala_solve::Solvable;
use mancala_solve::build::BuildOptions;
use mancala_solve::db::Databases;
use mancala_solve::kalah::KalahGame;
use mancala_solve::oware::OwareGame;
use mancala_solve::urim::UrimGame;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "mancala-runtime-memory-{name}-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `variant`'s databases of up to `seeds` seeds built in memory on a pool of one
/// thread (as in a browser, where rayon runs on the calling thread).
fn in_memory(variant: &str, seeds: u32) -> MemoryDatabases {
    let v: Variant = variant.parse().unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    pool.install(|| {
        let mut dbs = MemoryDatabases::new(&v, seeds).unwrap();
        while dbs.len() <= seeds {
            let built = dbs.build_next().unwrap();
            assert_eq!(built.seeds + 1, dbs.len());
            assert!(!built.loaded);
        }
        dbs
    })
}

/// Builds `game`'s databases of up to `seeds` seeds into a folder with the solver's
/// own build (the global pool: every core), and `variant`'s in memory on one thread:
/// every file's name and bytes are the memory's.
fn same_as_files<G: Solvable>(variant: &str, game: G, seeds: u32) {
    let dir = temp_dir(&format!("{}-{seeds}", variant.replace(' ', "_")));
    let mut files = Databases::new(&game, seeds).unwrap();
    BuildOptions::new()
        .max_seeds(seeds)
        .dir(&dir)
        .build(&game, &mut files, |_| {})
        .unwrap();
    let memory = in_memory(variant, seeds);
    assert_eq!(memory.len(), seeds + 1);
    for s in 0..=seeds {
        let path = files.path(&dir, s);
        let on_disk = std::fs::read(&path).unwrap();
        assert_eq!(
            memory.file_name(s),
            path.file_name().unwrap().to_str().unwrap(),
            "{variant}"
        );
        let bytes = memory.file_bytes(s).unwrap();
        assert!(bytes == on_disk, "{variant}, {s} seeds: the bytes differ");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn one_thread_in_memory_gives_the_files_bytes() {
    same_as_files("kalah", KalahGame::new(kalah::Rules::with_pits(6)), 8);
    same_as_files(
        "kalah pits=4 seeds=3",
        KalahGame::new(kalah::Rules::with_pits(4)),
        11,
    );
    let ec: Variant = "kalah empty-capture".parse().unwrap();
    let Variant::Kalah(k) = ec else { panic!() };
    same_as_files("kalah empty-capture", KalahGame::new(k.rules()), 7);
    same_as_files("urim", UrimGame::<6>::new(), 6);
    same_as_files("urim pits=7", UrimGame::<7>::new(), 5);
    same_as_files("oware", OwareGame::new(), 6);
}

#[test]
fn bytes_read_back_are_checked_and_bad_ones_change_nothing() {
    let built = in_memory("kalah pits=4 seeds=3", 6);
    let v: Variant = "kalah pits=4 seeds=3".parse().unwrap();
    let mut back = MemoryDatabases::new(&v, 6).unwrap();
    for s in 0..=3 {
        back.push_file(&built.file_bytes(s).unwrap()).unwrap();
    }
    // The next seed count's file in place of this one, a damaged file, another rule
    // set's file, a cut file: each refused, the databases as they were.
    let mut damaged = built.file_bytes(4).unwrap();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    let other = in_memory("kalah pits=4 seeds=3 empty-capture", 4);
    let four = built.file_bytes(4).unwrap();
    for (bad, says) in [
        (
            built.file_bytes(5).unwrap(),
            "seeds is \"5\", expected \"4\"",
        ),
        (damaged, "the values are damaged"),
        (other.file_bytes(4).unwrap(), "variant is"),
        (four[..four.len() - 2].to_vec(), "bytes, the header says"),
        (Vec::new(), "bytes, the header says"),
    ] {
        let e = back.push_file(&bad).unwrap_err().to_string();
        assert!(e.contains(says), "{e}");
        assert!(e.contains("kalah-pits_4"), "the file named: {e}");
        assert_eq!(back.len(), 4);
    }
    back.push_file(&four).unwrap();
    assert_eq!(
        back.databases().table(4).unwrap().bytes(),
        built.databases().table(4).unwrap().bytes()
    );
    // Past the most seeds they can hold, nothing is built.
    let mut small = in_memory("kalah pits=4 seeds=3", 2);
    assert!(small.build_next().is_err());
    assert_eq!(small.len(), 3);
}

/// A final margin (the player's total minus the opponent's) of an outcome.
fn margin(o: &mancala_core::Outcome, p: Player) -> i32 {
    let t = o.totals.expect("the outcome's totals");
    i32::from(t[p]) - i32::from(t[p.opponent()])
}

/// The final margin of the side to move with perfect play, by plain minimax over the
/// runtime's game, memoised by the position (Kalah: the history plays no part).
fn kalah_value(g: &mut AnyGame, memo: &mut HashMap<String, i32>) -> i32 {
    let key = g.notation();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let me = g.side_to_move();
    let mut best = i32::MIN;
    for m in g.legal_moves() {
        g.play(m).unwrap();
        let v = match g.outcome() {
            Some(o) => margin(&o, me),
            None if g.side_to_move() == me => kalah_value(g, memo),
            None => -kalah_value(g, memo),
        };
        g.undo();
        best = best.max(v);
    }
    memo.insert(key, best);
    best
}

/// The final margin of the side to move with perfect play, by plain minimax over the
/// runtime's game, its record carrying the history (Urim's rule 6 ends a line that
/// repeats a position since the last capture).
fn urim_value(g: &mut AnyGame) -> i32 {
    let me = g.side_to_move();
    let mut best = i32::MIN;
    for m in g.legal_moves() {
        g.play(m).unwrap();
        let v = match g.outcome() {
            Some(o) => margin(&o, me),
            None => -urim_value(g),
        };
        g.undo();
        best = best.max(v);
    }
    best
}

/// A random board of `seeds` seeds in `pits` pits, as a row of the notation (`a,b,…`).
fn random_rows(rng: &mut ChaCha8Rng, pits: usize, seeds: u32) -> (String, String) {
    let mut board = vec![0u32; 2 * pits];
    for _ in 0..seeds {
        board[rng.random_range(0..2 * pits)] += 1;
    }
    let row = |r: &[u32]| r.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    (row(&board[..pits]), row(&board[pits..]))
}

#[test]
fn kalah_values_are_those_of_a_plain_search() {
    let dbs = in_memory("kalah", 8);
    let mut rng = ChaCha8Rng::seed_from_u64(58);
    let mut memo = HashMap::new();
    let mut checked = 0;
    while checked < 40 {
        let seeds = rng.random_range(1..=8);
        let (south, north) = random_rows(&mut rng, 6, seeds);
        let stores = 48 - seeds;
        let side = if rng.random_bool(0.5) { "S" } else { "N" };
        let text = format!(
            "{south}/{north} {}-{} {side}",
            stores / 2,
            stores - stores / 2
        );
        let mut g = AnyGame::from_notation(GameKind::Kalah, &text, "").unwrap();
        if g.is_finished() {
            continue;
        }
        let me = g.side_to_move();
        let Some(Known::Exact(o)) = dbs.known(&g).unwrap() else {
            panic!("{text}: no exact value")
        };
        let stored = margin(&o, me);
        assert_eq!(stored, kalah_value(&mut g, &mut memo), "{text}");
        // After any move, Kalah's value holds whatever the history.
        let m = g.legal_moves()[0];
        g.play(m).unwrap();
        if !g.is_finished() {
            assert!(
                matches!(dbs.known(&g).unwrap(), Some(Known::Exact(_))),
                "{text}"
            );
        }
        checked += 1;
    }
    // More seeds than the databases hold, a finished game: nothing known.
    let start = AnyGame::new(&"kalah".parse().unwrap());
    assert_eq!(dbs.known(&start).unwrap(), None);
    let over =
        AnyGame::from_notation(GameKind::Kalah, "0,0,0,0,0,0/0,0,0,0,0,0 24-24 S", "").unwrap();
    assert_eq!(dbs.known(&over).unwrap(), None);
    // Another rule set's game, another game: refused.
    let ec = AnyGame::new(&"kalah empty-capture".parse().unwrap());
    let e = dbs.known(&ec).unwrap_err().to_string();
    assert!(e.contains("capture=") && e.contains("empty"), "{e}");
    assert!(
        dbs.known(&AnyGame::new(&"omweso".parse().unwrap()))
            .is_err()
    );
}

#[test]
fn urim_bounds_hold_the_value_with_history_and_only_at_a_whole_history() {
    let dbs = in_memory("urim", 3);
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let (mut exact, mut bounded) = (0, 0);
    while exact + bounded < 30 {
        let seeds = 2;
        let (south, north) = random_rows(&mut rng, 6, seeds);
        let stores = 36 - seeds;
        let text = format!("{south}/{north} {}-{} S", stores / 2, stores - stores / 2);
        let Ok(mut g) = AnyGame::from_notation(GameKind::Urim, &text, "") else {
            continue;
        };
        if g.is_finished() {
            continue;
        }
        let value = urim_value(&mut g);
        match dbs.known(&g).unwrap() {
            Some(Known::Exact(o)) => {
                assert_eq!(margin(&o, Player::South), value, "{text}");
                exact += 1;
            }
            Some(Known::Bounds { lower, upper }) => {
                let (l, u) = (margin(&lower, Player::South), margin(&upper, Player::South));
                assert!(l < u && l <= value && value <= u, "{text}: {l} {value} {u}");
                bounded += 1;
            }
            None => panic!("{text}: nothing known at a whole history"),
        }
        // After a move that captures nothing, the history counts: nothing known.
        let captures_nothing = g.legal_moves().into_iter().find(|&m| {
            let mut c = g.clone();
            c.play(m).unwrap();
            !c.is_finished() && c.board().stores == g.board().stores
        });
        if let Some(m) = captures_nothing {
            g.play(m).unwrap();
            assert_eq!(dbs.known(&g).unwrap(), None, "{text} then {m}");
        }
    }
    assert!(exact > 0 && bounded > 0, "{exact} exact, {bounded} bounded");
}
