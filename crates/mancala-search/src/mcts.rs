//! Monte Carlo tree search: UCT with random playouts.

use std::time::Instant;

use mancala_core::{Player, Position, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::{Engine, Limits, Report};
use crate::eval::{Evaluate, Evaluator, Static};
use crate::score::{SEED, Score};

/// Settings of [`Mcts`] beyond its [`Limits`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsOptions {
    /// The seed of the playouts.
    pub seed: u64,
    /// The UCT exploration constant `c` in `w/n + c·√(ln N / n)`.
    pub exploration: f64,
    /// The most tree nodes (allocated once; each holds a position); when full, the tree
    /// stops growing and playouts go on from its leaves.
    pub max_nodes: usize,
    /// A playout longer than this many plies is stopped and scored by the evaluator's
    /// sign (a game's position alone may cycle, e.g. Urim without its record).
    pub max_playout: u32,
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions {
            seed: 0,
            exploration: 1.0,
            max_nodes: 1 << 17,
            max_playout: 600,
        }
    }
}

#[derive(Clone, Debug)]
struct Node<P: Position> {
    /// The position here: every move is played once, when its node is made (some Omweso
    /// moves sow thousands of laps before they are found endless).
    pos: P,
    /// The move that led here (`None` at the root).
    mv: Option<P::Move>,
    /// The player who made `mv`: rewards are counted for them.
    mover: Player,
    parent: u32,
    first_child: u32,
    children: u32,
    expanded: bool,
    visits: u32,
    /// The sum of the playouts' rewards for `mover` (1 win, ½ draw or annulled, 0 loss).
    reward: f64,
}

/// Monte Carlo tree search (UCT) with uniformly random playouts, seeded.
///
/// Rewards are kept per node for the player who made the node's move, so a node's
/// children compete for the player to move there, whoever moved before: Omweso's
/// mid-turn decisions (the same player moves twice) need nothing special. An annulled
/// game or a draw is worth ½ to both. The tree lives in an arena allocated once; the
/// iterations allocate nothing. The search restarts its random generator from the seed
/// and the position's hash, so a given seed, position and playout count always give the
/// same result.
///
/// ```
/// use mancala_core::toy::Countdown;
/// use mancala_search::{Engine, Limits, Mcts, MctsOptions};
/// let mut mcts = Mcts::new(Limits::nodes(2000), MctsOptions::default());
/// let r = mcts.search(&Countdown::new(7));
/// assert_eq!(r.best.unwrap().0, 1); // leave 6
/// assert!(r.win_rate.unwrap() > 0.6);
/// ```
#[derive(Clone, Debug)]
pub struct Mcts<P: Position, E = Static> {
    eval: E,
    limits: Limits,
    options: MctsOptions,
    tree: Vec<Node<P>>,
}

impl<P: Evaluate> Mcts<P, Static> {
    /// An MCTS player; the game's own evaluation scores only overlong playouts.
    #[must_use]
    pub fn new(limits: Limits, options: MctsOptions) -> Self {
        Mcts::with_evaluator(Static, limits, options)
    }
}

impl<P: Position, E: Evaluator<P>> Mcts<P, E> {
    /// An MCTS player with the evaluator `eval` for overlong playouts.
    pub fn with_evaluator(eval: E, limits: Limits, options: MctsOptions) -> Self {
        let options = MctsOptions {
            max_nodes: options.max_nodes.max(1),
            ..options
        };
        Mcts {
            eval,
            limits,
            options,
            tree: Vec::with_capacity(options.max_nodes),
        }
    }

    /// A random game from `p` to its end: South's reward (1 win, ½ draw, 0 loss).
    fn playout(&self, mut p: P, rng: &mut ChaCha8Rng) -> f64 {
        for _ in 0..self.options.max_playout {
            if p.is_finished() {
                break;
            }
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        match p.status() {
            Status::Over(o) => match o.winner {
                Some(Player::South) => 1.0,
                Some(Player::North) => 0.0,
                None => 0.5,
            },
            Status::Annulled => 0.5,
            Status::Ongoing => {
                let s = self.eval.evaluate(&p);
                let for_mover = match s.signum() {
                    1 => 1.0,
                    -1 => 0.0,
                    _ => 0.5,
                };
                if p.side_to_move() == Player::South {
                    for_mover
                } else {
                    1.0 - for_mover
                }
            }
        }
    }

    /// The child of `node` to descend to.
    fn select(&self, node: usize) -> usize {
        let n = &self.tree[node];
        let first = n.first_child as usize;
        let log_n = f64::from(n.visits.max(1)).ln();
        let mut best = first;
        let mut best_value = f64::NEG_INFINITY;
        for c in first..first + n.children as usize {
            let child = &self.tree[c];
            if child.visits == 0 {
                return c;
            }
            let v = f64::from(child.visits);
            let value = child.reward / v + self.options.exploration * (log_n / v).sqrt();
            if value > best_value {
                best_value = value;
                best = c;
            }
        }
        best
    }

    /// The most visited child of `node` (ties: the higher reward, then the first).
    fn most_visited(&self, node: usize) -> Option<usize> {
        let n = &self.tree[node];
        let first = n.first_child as usize;
        (first..first + n.children as usize)
            .filter(|&c| self.tree[c].visits > 0)
            .max_by(|&a, &b| {
                let (x, y) = (&self.tree[a], &self.tree[b]);
                x.visits
                    .cmp(&y.visits)
                    .then(x.reward.total_cmp(&y.reward))
                    .then(b.cmp(&a))
            })
    }
}

impl<P: Position, E: Evaluator<P>> Engine<P> for Mcts<P, E> {
    fn name(&self) -> String {
        match (self.limits.time, self.limits.nodes) {
            (Some(t), _) => format!("mcts({}ms)", t.as_millis()),
            (None, Some(u64::MAX)) => "mcts".into(),
            (None, Some(n)) => format!("mcts({n})"),
            (None, None) => "mcts".into(),
        }
    }

    fn search(&mut self, root: &P) -> Report<P::Move> {
        let start = Instant::now();
        let mut rng = ChaCha8Rng::seed_from_u64(self.options.seed ^ root.hash_key());
        self.tree.clear();
        self.tree.push(Node {
            pos: root.clone(),
            mv: None,
            mover: root.side_to_move().opponent(),
            parent: 0,
            first_child: 0,
            children: 0,
            expanded: false,
            visits: 0,
            reward: 0.0,
        });
        if root.legal_moves().is_empty() {
            return Report::bare(None);
        }
        let max_playouts = self.limits.nodes.unwrap_or(if self.limits.time.is_some() {
            u64::MAX
        } else {
            10_000
        });
        let mut playouts = 0u64;
        while playouts < max_playouts {
            if playouts & 63 == 0
                && playouts > 0
                && self.limits.time.is_some_and(|t| start.elapsed() >= t)
            {
                break;
            }
            // Selection.
            let mut node = 0;
            while self.tree[node].expanded && self.tree[node].children > 0 {
                node = self.select(node);
            }
            // Expansion: all children at once, while the arena has room.
            let here = &self.tree[node].pos;
            if !here.is_finished() {
                let moves = here.legal_moves();
                if !moves.is_empty() && self.tree.len() + moves.len() <= self.options.max_nodes {
                    let first = self.tree.len();
                    let mover = here.side_to_move();
                    let parent = here.clone();
                    for &m in moves.iter() {
                        let mut pos = parent.clone();
                        pos.play_unchecked(m);
                        self.tree.push(Node {
                            pos,
                            mv: Some(m),
                            mover,
                            parent: node as u32,
                            first_child: 0,
                            children: 0,
                            expanded: false,
                            visits: 0,
                            reward: 0.0,
                        });
                    }
                    let n = &mut self.tree[node];
                    n.expanded = true;
                    n.first_child = first as u32;
                    n.children = moves.len() as u32;
                    node = first;
                }
            }
            let p = self.tree[node].pos.clone();
            // Simulation and backpropagation.
            let south = self.playout(p, &mut rng);
            loop {
                let n = &mut self.tree[node];
                n.visits += 1;
                n.reward += if n.mover == Player::South {
                    south
                } else {
                    1.0 - south
                };
                if node == 0 {
                    break;
                }
                node = n.parent as usize;
            }
            playouts += 1;
        }
        let mut report = Report::bare(None);
        let mut node = 0;
        while let Some(c) = self.most_visited(node) {
            if let Some(m) = self.tree[c].mv {
                report.pv.push(m);
            }
            node = c;
        }
        if let Some(c) = self.most_visited(0) {
            let n = &self.tree[c];
            let w = n.reward / f64::from(n.visits);
            report.best = n.mv;
            report.win_rate = Some(w);
            report.score = ((w - 0.5) * 20.0 * f64::from(SEED)) as Score;
        }
        report.depth = report.pv.len() as u32;
        report.nodes = playouts;
        report.elapsed = start.elapsed();
        report
    }
}
