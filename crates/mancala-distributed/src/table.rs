//! One worker's block of the table of one seed count, built in the five steps of the
//! crate's page: [`expand`], [`ask_below`], [`link_parents`], [`Block::iterate`] and
//! [`Block::bytes`], run in order by [`build`].

use std::collections::HashMap;

use mancala_solve::db::Databases;
use mancala_solve::progress::{Progress, Stage, Step};
use mancala_solve::rank::{MAX_PITS, Ranker};
use mancala_solve::retro::{AGAIN, Kid, children, through};
use mancala_solve::{ABSENT, Solvable, SolveError};
use timely::worker::Worker;

use crate::blocks::{block, owner};
use crate::error::DistError;
use crate::net::{Msg, Net};

/// One board of a block while its table is built.
#[derive(Clone, Copy)]
struct Board {
    l: i8,
    u: i8,
    exit_l: i32,
    exit_u: i32,
    /// Still iterated (it has children of as many seeds).
    open: bool,
}

/// A move of a board of the block to a child of fewer seeds, whose bounds its owner
/// has: the board's offset in the block, the child's seeds and rank, what the move
/// gained and whether the same side moves again.
type Below = (u32, u8, u64, i32, bool);

/// The bounds of children of fewer seeds, by their seeds and rank.
type Answers = HashMap<(u8, u64), (i8, i8)>;

/// A worker's block of the table of `seeds` seeds: the boards of ranks
/// `first..first + boards.len()`, and their children of as many seeds.
struct Block {
    seeds: u32,
    /// Boards in the whole table.
    count: u64,
    first: u64,
    boards: Vec<Board>,
    /// The children of board `i` are `kids[kid_start[i]..kid_start[i + 1]]`: ranks,
    /// [`AGAIN`] set if the same side moves again.
    kid_start: Vec<u32>,
    kids: Vec<u32>,
}

/// The parents of a block's boards (ranks in the whole table): those of board `i` are
/// `parents[start[i]..start[i + 1]]`.
struct Parents {
    start: Vec<u32>,
    parents: Vec<u32>,
}

impl Parents {
    fn of(&self, i: usize) -> &[u32] {
        &self.parents[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// This worker's block of the table of `seeds` seeds (width bytes a board), the rounds
/// of the iteration and the boards left unresolved. `tables` holds the worker's blocks
/// of the finished tables; `progress` is told of the steps.
pub(crate) fn build<G: Solvable>(
    game: &G,
    net: &mut Net,
    worker: &mut Worker,
    dbs: &Databases,
    tables: &[Vec<u8>],
    seeds: u32,
    progress: &dyn Progress,
) -> Result<(Vec<u8>, u32, u64), DistError> {
    let ranker = dbs.ranker();
    let count = ranker.count(seeds);
    if count >= u64::from(AGAIN) {
        return Err(SolveError::TableSize {
            seeds,
            found: count,
            expected: u64::from(AGAIN),
        }
        .into());
    }
    let (first, end) = block(count, worker.index(), worker.peers());
    let (mut b, below) = expand(game, ranker, seeds, first, end)?;
    let answers = ask_below(net, worker, ranker, tables, dbs.width(), &below)?;
    b.take_exits(&below, &answers)?;
    drop(below);
    drop(answers);
    b.open()?;
    let parents = link_parents(net, worker, &b)?;
    let rounds = b.iterate(net, worker, &parents, |round, moved| {
        progress.start(&Stage {
            game: game.name(),
            seeds,
            step: Step::Round { round, moved },
            boards: None,
        });
    });
    let (values, unresolved) = b.bytes(dbs.width())?;
    Ok((values, rounds, unresolved))
}

/// Step 1: plays every move of every board of ranks `first..end`, keeping the exits
/// that end the game in the boards, the children of as many seeds in the block, and
/// returning the moves to children of fewer seeds.
fn expand<G: Solvable>(
    game: &G,
    ranker: &Ranker,
    seeds: u32,
    first: u64,
    end: u64,
) -> Result<(Block, Vec<Below>), DistError> {
    let p = ranker.pits();
    let n = (end - first) as usize;
    let absent = i32::from(ABSENT);
    let mut boards = Vec::with_capacity(n);
    let mut kid_start: Vec<u32> = Vec::with_capacity(n + 1);
    let mut kids: Vec<u32> = Vec::new();
    let mut below: Vec<Below> = Vec::new();
    let mut board = [0u8; MAX_PITS];
    if n > 0 {
        ranker.unrank(seeds, first, &mut board[..p])?;
    }
    for i in 0..n {
        kid_start.push(kids.len() as u32);
        let mut x = Board {
            l: ABSENT,
            u: ABSENT,
            exit_l: i32::MIN,
            exit_u: i32::MIN,
            open: false,
        };
        if let Some(pos) = game.position(&board[..p]) {
            let st = game.view(&pos, &mut [0; MAX_PITS][..p]);
            if let Some(t) = game.terminal(&pos, st)? {
                (x.exit_l, x.exit_u) = (t, t);
            } else {
                children(game, ranker, seeds, &pos, st, |kid| {
                    match kid {
                        Kid::End(t) => {
                            x.exit_l = x.exit_l.max(t);
                            x.exit_u = x.exit_u.max(t);
                        }
                        Kid::Same(r) => kids.push(r),
                        Kid::Below {
                            seeds,
                            rank,
                            gain,
                            again,
                        } => below.push((i as u32, seeds as u8, rank, gain, again)),
                    }
                    Ok(())
                })?;
                x.open = true;
            }
        } else {
            (x.exit_l, x.exit_u) = (absent, absent);
        }
        boards.push(x);
        if i + 1 < n {
            ranker.next(&mut board[..p]);
        }
    }
    kid_start.push(kids.len() as u32);
    let count = ranker.count(seeds);
    let b = Block {
        seeds,
        count,
        first,
        boards,
        kid_start,
        kids,
    };
    Ok((b, below))
}

/// Step 2: the bounds of the children of fewer seeds in `below`, asked of their owners,
/// while this worker answers the others' questions from its blocks of the finished
/// tables (`width` bytes a board).
fn ask_below(
    net: &mut Net,
    worker: &mut Worker,
    ranker: &Ranker,
    tables: &[Vec<u8>],
    width: usize,
    below: &[Below],
) -> Result<Answers, DistError> {
    let me = worker.index();
    let peers = worker.peers();
    let mut asked: Vec<(u8, u64)> = below.iter().map(|b| (b.1, b.2)).collect();
    asked.sort_unstable();
    asked.dedup();
    let out = asked
        .iter()
        .map(|&(cs, rank)| {
            let to = owner(ranker.count(u32::from(cs)), rank, peers) as u32;
            (
                to,
                Msg::Ask {
                    seeds: cs,
                    rank,
                    from: me as u32,
                },
            )
        })
        .collect();
    let questions = net.round(worker, out);
    let mut out = Vec::with_capacity(questions.len());
    for m in questions {
        if let Msg::Ask {
            seeds: cs,
            rank,
            from,
        } = m
        {
            let table = tables
                .get(usize::from(cs))
                .ok_or(SolveError::Missing { seeds: cs.into() })?;
            let first = block(ranker.count(cs.into()), me, peers).0;
            let at = (rank - first) as usize * width;
            let (l, u) = (table[at] as i8, table[at + width - 1] as i8);
            out.push((
                from,
                Msg::Answer {
                    seeds: cs,
                    rank,
                    l,
                    u,
                },
            ));
        }
    }
    Ok(net
        .round(worker, out)
        .into_iter()
        .filter_map(|m| match m {
            Msg::Answer { seeds, rank, l, u } => Some(((seeds, rank), (l, u))),
            _ => None,
        })
        .collect())
}

/// Step 3: sends each child of as many seeds the rank of its parent (to the child's
/// owner), and gathers the parents of this block's boards.
fn link_parents(net: &mut Net, worker: &mut Worker, b: &Block) -> Result<Parents, DistError> {
    let peers = worker.peers();
    let n = b.boards.len();
    let mut out = Vec::new();
    for i in 0..n {
        let mut ks: Vec<u32> = b.kids_of(i).iter().map(|k| k & !AGAIN).collect();
        ks.sort_unstable();
        ks.dedup();
        for child in ks {
            let to = owner(b.count, u64::from(child), peers) as u32;
            let parent = (b.first + i as u64) as u32;
            out.push((to, Msg::Edge { child, parent }));
        }
    }
    let mut edges: Vec<(u32, u32)> = net
        .round(worker, out)
        .into_iter()
        .filter_map(|m| match m {
            Msg::Edge { child, parent } => Some(((u64::from(child) - b.first) as u32, parent)),
            _ => None,
        })
        .collect();
    edges.sort_unstable();
    let mut start = vec![0u32; n + 1];
    for &(c, _) in &edges {
        start[c as usize + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let parents = edges.into_iter().map(|e| e.1).collect();
    Ok(Parents { start, parents })
}

impl Block {
    /// Where the children of as many seeds of board `i` are in `kids`.
    fn slots(&self, i: usize) -> std::ops::Range<usize> {
        self.kid_start[i] as usize..self.kid_start[i + 1] as usize
    }

    /// The children of as many seeds of board `i`.
    fn kids_of(&self, i: usize) -> &[u32] {
        &self.kids[self.slots(i)]
    }

    /// Step 2's end: the exits through the children of fewer seeds, from their bounds
    /// in `answers`.
    fn take_exits(&mut self, below: &[Below], answers: &Answers) -> Result<(), DistError> {
        for &(i, cs, rank, gain, again) in below {
            let &(cl, cu) = answers
                .get(&(cs, rank))
                .ok_or(SolveError::Missing { seeds: cs.into() })?;
            if cl == ABSENT {
                return Err(SolveError::Absent {
                    seeds: cs.into(),
                    rank,
                }
                .into());
            }
            let (l, u) = through(gain, again, i32::from(cl), i32::from(cu));
            let x = &mut self.boards[i as usize];
            x.exit_l = x.exit_l.max(l);
            x.exit_u = x.exit_u.max(u);
        }
        Ok(())
    }

    /// The bounds the iteration starts from: a board without children of as many seeds
    /// is settled at its exits, the others start at their exits and `+seeds`.
    fn open(&mut self) -> Result<(), DistError> {
        let s = self.seeds as i32;
        for i in 0..self.boards.len() {
            let has_kids = !self.kids_of(i).is_empty();
            let x = &mut self.boards[i];
            if !x.open || !has_kids {
                if x.open && x.exit_l == i32::MIN {
                    return Err(SolveError::NoMoves.into());
                }
                x.open = false;
                (x.l, x.u) = (x.exit_l as i8, x.exit_u as i8);
            } else {
                x.exit_l = x.exit_l.max(-s);
                x.exit_u = x.exit_u.max(-s);
                (x.l, x.u) = (x.exit_l as i8, s as i8);
            }
        }
        Ok(())
    }

    /// Step 4: the boards whose bounds moved send them to their parents' owners, which
    /// recompute those parents, in rounds until one in which no bound moved on any
    /// worker; `each_round(round, moved)` after each round that goes on. Returns the
    /// rounds.
    fn iterate(
        &mut self,
        net: &mut Net,
        worker: &mut Worker,
        parents: &Parents,
        mut each_round: impl FnMut(u32, u64),
    ) -> u32 {
        let peers = worker.peers();
        let n = self.boards.len();
        let mut cache: Vec<(i8, i8)> = vec![(0, 0); self.kids.len()];
        let mut changed: Vec<u32> = (0..n as u32)
            .filter(|&i| !parents.of(i as usize).is_empty())
            .collect();
        let mut touched = vec![false; n];
        let mut rounds = 0;
        loop {
            let mut out = Vec::new();
            for &i in &changed {
                let x = self.boards[i as usize];
                for &parent in parents.of(i as usize) {
                    let to = owner(self.count, u64::from(parent), peers) as u32;
                    let child = (self.first + u64::from(i)) as u32;
                    out.push((
                        to,
                        Msg::Bounds {
                            parent,
                            child,
                            l: x.l,
                            u: x.u,
                        },
                    ));
                }
            }
            let moved = changed.len() as u64;
            out.extend((0..peers as u32).map(|w| (w, Msg::Sum([moved, 0, 0, 0]))));
            let inbox = net.round(worker, out);
            rounds += 1;
            let mut total = 0;
            let mut list = Vec::new();
            for m in inbox {
                match m {
                    Msg::Sum(v) => total += v[0],
                    Msg::Bounds {
                        parent,
                        child,
                        l,
                        u,
                    } => {
                        let li = (u64::from(parent) - self.first) as usize;
                        let slots = self.slots(li);
                        for (kid, bounds) in self.kids[slots.clone()].iter().zip(&mut cache[slots])
                        {
                            if kid & !AGAIN == child {
                                *bounds = (l, u);
                            }
                        }
                        if !touched[li] {
                            touched[li] = true;
                            list.push(li);
                        }
                    }
                    _ => {}
                }
            }
            if total == 0 {
                break;
            }
            each_round(rounds, total);
            changed.clear();
            for li in list {
                touched[li] = false;
                if let Some(moved) = self.settle(li, &cache) {
                    changed.push(moved);
                }
            }
        }
        rounds
    }

    /// Recomputes board `li` from its exits and its children's bounds in `cache` (kept
    /// monotone); `Some(li)` if its bounds moved.
    fn settle(&mut self, li: usize, cache: &[(i8, i8)]) -> Option<u32> {
        let slots = self.slots(li);
        let x = &mut self.boards[li];
        if !x.open || x.l >= x.u {
            return None;
        }
        let (mut nl, mut nu) = (x.exit_l, x.exit_u);
        for (kid, &(cl, cu)) in self.kids[slots.clone()].iter().zip(&cache[slots]) {
            let (cl, cu) = (i32::from(cl), i32::from(cu));
            if kid & AGAIN != 0 {
                nl = nl.max(cl);
                nu = nu.max(cu);
            } else {
                nl = nl.max(-cu);
                nu = nu.max(-cl);
            }
        }
        let (nl, nu) = (nl.max(i32::from(x.l)), nu.min(i32::from(x.u)));
        if (nl, nu) == (i32::from(x.l), i32::from(x.u)) {
            return None;
        }
        (x.l, x.u) = (nl as i8, nu as i8);
        Some(li as u32)
    }

    /// Step 5: the block's bytes, as the single-machine build stores them (`width`
    /// bytes a board), and the boards left unresolved.
    fn bytes(&self, width: usize) -> Result<(Vec<u8>, u64), DistError> {
        let mut values = Vec::with_capacity(self.boards.len() * width);
        let mut unresolved = 0;
        for x in &self.boards {
            unresolved += u64::from(x.l < x.u);
            if width == 2 {
                values.extend_from_slice(&[x.l as u8, x.u as u8]);
            } else if x.l == x.u {
                values.push(x.l as u8);
            } else {
                return Err(SolveError::Cycle { seeds: self.seeds }.into());
            }
        }
        Ok((values, unresolved))
    }
}
