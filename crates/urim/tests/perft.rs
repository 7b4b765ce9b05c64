//! The perft vectors of `urim.perft`, read by the generic driver. The driver builds one
//! position type per run, so the file is run once for the 2×6 cases and once for 2×7.

use std::fmt::Write;

use mancala_testkit::{PerftCase, perft_file, run_perft_file};
use urim::{Urim, row_length};

const FILE: &str = include_str!("urim.perft");

/// The cases whose rows have `n` pits, written back as a perft file.
fn cases_of(n: usize) -> String {
    let mut out = String::new();
    for c in perft_file(FILE) {
        if row_length(&c.position) == Some(n) {
            writeln!(out, "id {}\nposition {}", c.id, c.position).unwrap();
            for (depth, nodes) in c.counts {
                writeln!(out, "perft {depth} {nodes}").unwrap();
            }
        }
    }
    out
}

fn parse<const N: usize>(c: &PerftCase) -> Urim<N> {
    let p: Urim<N> = c
        .position
        .parse()
        .unwrap_or_else(|e| panic!("case {}: {e}", c.id));
    assert_eq!(
        p.to_string(),
        c.position,
        "case {}: notation round trip",
        c.id
    );
    p
}

fn check(max_nodes: u64) {
    let all = perft_file(FILE).len();
    let (six, seven) = (cases_of(6), cases_of(7));
    assert_eq!(perft_file(&six).len() + perft_file(&seven).len(), all);
    run_perft_file(&six, max_nodes, parse::<6>);
    run_perft_file(&seven, max_nodes, parse::<7>);
}

#[test]
fn perft_vectors() {
    check(150_000);
}

/// Every vector (about a minute with `--release`).
#[test]
#[ignore = "slow: run with --ignored --release"]
fn perft_vectors_in_full() {
    check(u64::MAX);
}
