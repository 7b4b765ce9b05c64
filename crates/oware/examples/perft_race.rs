//! Oware's full perft (every leaf move played) through the generic
//! `mancala_core::perft::perft`, against an independent table-driven perft written here
//! apart from the crate, in the same process, alternating, CPU time of the thread
//! (`docs/performance.md`, "Oware perft against an independent one").
//!
//! `cargo run --release -p oware --example perft_race -- [DEPTH] [ROUNDS]` (default 11, 5).
use mancala_core::perft::perft;
use mancala_testkit::thread_cpu_time;
use oware::Oware;

/// The independent perft: the board as 12 bytes (South's pits 0..6, North's 6..12,
/// counter-clockwise = +1), a table of each sowing's additions as one 128-bit word and its
/// last pit, built seed by seed at start, and the capture walked pit by pit.
mod independent {
    pub struct Tables {
        /// `sow[origin * 49 + seeds]`: the additions of sowing `seeds` from `origin`
        /// (the origin skipped, and its own seeds not removed).
        sow: Vec<u128>,
        last: Vec<u8>,
    }

    impl Tables {
        pub fn new() -> Tables {
            let mut sow = vec![0u128; 12 * 49];
            let mut last = vec![0u8; 12 * 49];
            for origin in 0..12 {
                for seeds in 0..49 {
                    let mut add = [0u8; 16];
                    let mut at = origin;
                    for _ in 0..seeds {
                        at = (at + 1) % 12;
                        if at == origin {
                            at = (at + 1) % 12;
                        }
                        add[at] += 1;
                    }
                    sow[origin * 49 + seeds] = u128::from_le_bytes(add);
                    last[origin * 49 + seeds] = at as u8;
                }
            }
            Tables { sow, last }
        }
    }

    #[derive(Clone, Copy)]
    pub struct Board {
        pub pits: [u8; 16],
        pub stores: [u8; 2],
        pub mover: usize,
        pub total: u8,
    }

    impl Board {
        pub fn start() -> Board {
            let mut pits = [0u8; 16];
            pits[..12].fill(4);
            Board {
                pits,
                stores: [0, 0],
                mover: 0,
                total: 48,
            }
        }

        /// The legal moves as a bit set of the mover's pits (0..6).
        #[inline]
        fn moves(&self) -> u32 {
            let half = u32::from(self.total) / 2;
            let (s, n) = (u32::from(self.stores[0]), u32::from(self.stores[1]));
            if s > half || n > half || (s == half && n == half) {
                return 0;
            }
            let own = self.mover * 6;
            let opp = 6 - own;
            let starved = self.pits[opp..opp + 6].iter().all(|&x| x == 0);
            let mut set = 0;
            for i in 0..6 {
                let seeds = self.pits[own + i];
                if seeds != 0 && (!starved || usize::from(seeds) >= 6 - i) {
                    set |= 1 << i;
                }
            }
            set
        }

        #[inline]
        fn play(&mut self, t: &Tables, i: usize) {
            let origin = self.mover * 6 + i;
            let seeds = usize::from(self.pits[origin]);
            let mut word = u128::from_le_bytes(self.pits);
            word -= (seeds as u128) << (8 * origin);
            word += t.sow[origin * 49 + seeds];
            self.pits = word.to_le_bytes();
            let last = usize::from(t.last[origin * 49 + seeds]);
            let opp = 6 - self.mover * 6;
            if (opp..opp + 6).contains(&last) {
                let mut taken = 0u8;
                let mut at = last;
                while at >= opp && matches!(self.pits[at], 2 | 3) {
                    taken += self.pits[at];
                    if at == opp {
                        break;
                    }
                    at -= 1;
                }
                let left: u8 = self.pits[opp..opp + 6].iter().sum();
                if taken > 0 && taken != left {
                    let mut at = last;
                    while at >= opp && matches!(self.pits[at], 2 | 3) {
                        self.pits[at] = 0;
                        if at == opp {
                            break;
                        }
                        at -= 1;
                    }
                    self.stores[self.mover] += taken;
                }
            }
            self.mover = 1 - self.mover;
        }

        pub fn perft(&self, t: &Tables, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let mut set = self.moves();
            let mut nodes = 0;
            while set != 0 {
                let i = set.trailing_zeros() as usize;
                set &= set - 1;
                let mut next = *self;
                next.play(t, i);
                nodes += next.perft(t, depth - 1);
            }
            nodes
        }
    }
}

fn main() {
    let arg = |i: usize, default: u32| {
        std::env::args()
            .nth(i)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let (depth, rounds) = (arg(1, 11), arg(2, 5));
    let tables = independent::Tables::new();
    let start = independent::Board::start();
    let p = Oware::new();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let c = thread_cpu_time();
        let a = std::hint::black_box(perft(std::hint::black_box(&p), depth));
        ours.push(thread_cpu_time() - c);
        let c = thread_cpu_time();
        let b = std::hint::black_box(start.perft(&tables, depth));
        theirs.push(thread_cpu_time() - c);
        assert_eq!(a, b, "the two perfts disagree at depth {depth}");
        println!(
            "perft {depth} = {a}: generic {:.3} s, independent {:.3} s",
            ours.last().unwrap().as_secs_f64(),
            theirs.last().unwrap().as_secs_f64()
        );
    }
    ours.sort();
    theirs.sort();
    let (a, b) = (ours[ours.len() / 2], theirs[theirs.len() / 2]);
    println!(
        "medians: generic {:.3} s, independent {:.3} s: generic / independent = {:.2}",
        a.as_secs_f64(),
        b.as_secs_f64(),
        a.as_secs_f64() / b.as_secs_f64()
    );
}
