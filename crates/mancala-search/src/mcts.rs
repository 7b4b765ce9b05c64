//! Monte Carlo tree search over a game record: UCT with random playouts.

use crate::Instant;

use mancala_core::record::{MoveOf, Record};
use mancala_core::{Outcome, Player, Position, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use mancala_core::cycle::MemoStats;

use crate::engine::{Engine, Limits, Report, working_copy};
use crate::eval::{Evaluator, Known, Static};
use crate::relay::{ENDLESS_AFTER, Relays};
use crate::score::{SEED, Score, Utility};

/// Settings of [`Mcts`] beyond its [`Limits`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsOptions {
    /// The seed of the playouts.
    pub seed: u64,
    /// The UCT exploration constant `c` in `w/n + c·√(ln N / n)`.
    pub exploration: f64,
    /// The most tree nodes (allocated once; if the allocator refuses that many, the
    /// largest power-of-two fraction of it that it grants); when full, the tree stops
    /// growing and playouts go on from its leaves.
    pub max_nodes: usize,
    /// A playout longer than this many plies is stopped and scored by the evaluator's
    /// sign (a game without a repetition rule may go round in circles).
    pub max_playout: u32,
    /// log2 of the slots of the memo of long relays, as
    /// [`AlphaBetaOptions::memo_bits`](crate::AlphaBetaOptions::memo_bits).
    pub memo_bits: u8,
    /// The laps of one relay after which a move is taken as endless without proof, as
    /// [`AlphaBetaOptions::endless_after`](crate::AlphaBetaOptions::endless_after).
    pub endless_after: u64,
    /// What a finished game is worth ([`Utility`]): the playouts' rewards are game
    /// points, capped at what each player still needs in a match.
    pub utility: Utility,
    /// The weight of the game points against the win rate in the value UCT maximises
    /// (0 to 1; 0.25 by default): `(1 − w) · win rate + w · points`, the points mapped
    /// to 0..1 by the most one playout has been worth in the search. Points alone (1)
    /// flatten Omweso's values (a regular win is 1/12 of a grand slam) until the
    /// exploration term decides: measured, that lost 12-88 against win/loss only.
    pub points_weight: f64,
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions {
            seed: 0,
            exploration: 1.0,
            max_nodes: 1 << 17,
            max_playout: 600,
            memo_bits: 14,
            endless_after: ENDLESS_AFTER,
            utility: Utility::GAME,
            points_weight: 0.25,
        }
    }
}

#[derive(Clone, Debug)]
struct Node<M> {
    /// The move that led here (`None` at the root).
    mv: Option<M>,
    /// The player who made `mv`: rewards are counted for them.
    mover: Player,
    parent: u32,
    first_child: u32,
    children: u32,
    expanded: bool,
    visits: u32,
    /// The sum of the playouts' results for `mover` (1 win, ½ draw or annulled, 0
    /// loss): the win rate.
    reward: f64,
    /// The sum of the playouts' game points for `mover`: the points won minus the
    /// points lost ([`MctsOptions::utility`]); what the search maximises.
    points: f64,
}

/// Monte Carlo tree search (UCT) with uniformly random playouts, seeded.
///
/// Every iteration plays its line — down the tree, then the random playout — on a copy
/// of the game's record and takes it back (with [`Record::play_in_search`], bounded and
/// remembered as in [`AlphaBeta`](crate::AlphaBeta): an Omweso relay still going after
/// [`MctsOptions::endless_after`] laps annuls the game), so the history rules count
/// everywhere: a move that repeats a position since the last capture (Urim, Rio
/// Kadalis, Oware) ends the game there, in the tree and in the playouts, scored as the
/// record scores it.
///
/// Rewards are kept per node for the player who made the node's move, so a node's
/// children compete for the player to move there, whoever moved before: Omweso's
/// mid-turn decisions (the same player moves twice) need nothing special. The rewards
/// are game points (won minus lost, valued by [`MctsOptions::utility`]: a 2-point Urim
/// win counts twice a 1-point one, unless a point is all the winner still needs), and
/// UCT maximises their mean mapped to 0..1 by the most points a playout has been worth
/// in the search; the win rate is kept beside them for the report. An annulled game or
/// a draw is worth 0 points (½ in the win rate). A position whose outcome the evaluator
/// knows ([`Evaluator::known`]: [`Known::Exact`]; bounds are not used) is not expanded
/// and ends a playout with that outcome.
/// The tree lives in an arena allocated once; the
/// iterations allocate nothing. The search restarts its random generator from the seed
/// and the position's hash, so a given seed, game and playout count always give the
/// same result.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
/// use mancala::{record::{Line, Record}, toy::Countdown};
/// use mancala::search::{Engine, Limits, Mcts, MctsOptions};
/// let mut mcts = Mcts::new(Limits::nodes(2000), MctsOptions::default());
/// let r = mcts.search(&Line::new(Countdown::new(7)));
/// assert_eq!(r.best.unwrap().0, 1); // leave 6
/// assert!(r.win_rate.unwrap() > 0.6);
/// ```
#[derive(Clone, Debug)]
pub struct Mcts<R: Record, E = Static> {
    eval: E,
    limits: Limits,
    options: MctsOptions,
    tree: Vec<Node<MoveOf<R>>>,
    /// The working copy of the record (kept for its buffers).
    work: Option<R>,
    /// The memo of long relays and its counters (see [`AlphaBeta`](crate::AlphaBeta)).
    relays: Relays,
    /// The most points one playout has been worth in this search (at least 1): the
    /// scale that maps a node's mean points to 0..1 in the UCT formula.
    scale: f64,
    /// The threads, the search of [`Mcts::with_threads`], and the engines of the other
    /// threads.
    threads: usize,
    parallel: Option<ParallelSearch<R, E>>,
    helpers: Vec<Mcts<R, E>>,
}

/// The search of [`Mcts::with_threads`].
type ParallelSearch<R, E> = fn(&mut Mcts<R, E>, &R) -> Report<MoveOf<R>>;

/// How a playout ended, for South: the result (1 win, ½ draw, 0 loss) and the points
/// (won minus lost).
#[derive(Clone, Copy, Debug)]
struct PlayoutResult {
    south: f64,
    south_points: f64,
}

impl<R: Record> Mcts<R, Static> {
    /// An MCTS player; the standard evaluation scores only overlong playouts.
    #[must_use]
    pub fn new(limits: Limits, options: MctsOptions) -> Self {
        Mcts::with_evaluator(Static, limits, options)
    }
}

impl<R: Record, E: Evaluator<R::Position>> Mcts<R, E> {
    /// An MCTS player with the evaluator `eval` for overlong playouts.
    pub fn with_evaluator(eval: E, limits: Limits, options: MctsOptions) -> Self {
        // `max_nodes` is a wish: the tree gets the largest size the allocator grants,
        // halving from it (never an abort on a caller's number).
        let mut max_nodes = options.max_nodes.max(1);
        let mut tree = Vec::new();
        while tree.try_reserve_exact(max_nodes).is_err() && max_nodes > 1 {
            max_nodes /= 2;
        }
        let options = MctsOptions {
            max_nodes,
            ..options
        };
        Mcts {
            eval,
            limits,
            options,
            tree,
            work: None,
            relays: Relays::new(options.memo_bits, options.endless_after),
            scale: 1.0,
            threads: 1,
            parallel: None,
            helpers: Vec::new(),
        }
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// The threads searching: 1 unless built [`with_threads`](Mcts::with_threads).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// What finished games are worth in the next searches (in a match: the points each
    /// player still needs).
    pub fn set_utility(&mut self, utility: Utility) {
        self.options.utility = utility;
    }

    /// The result for South of a game that ended with `o`.
    fn result_of(&self, o: &Outcome) -> PlayoutResult {
        let points = f64::from(self.options.utility.points(o));
        match o.winner {
            Some(Player::South) => PlayoutResult {
                south: 1.0,
                south_points: points,
            },
            Some(Player::North) => PlayoutResult {
                south: 0.0,
                south_points: -points,
            },
            None => PlayoutResult {
                south: 0.5,
                south_points: 0.0,
            },
        }
    }

    /// What the memo of long relays did in the last search (see
    /// [`AlphaBeta::memo_stats`](crate::AlphaBeta::memo_stats)).
    #[must_use]
    pub fn memo_stats(&self) -> MemoStats {
        self.relays.stats
    }

    /// Plays a random game on `game` to its end (or `max_playout` plies, or a position
    /// whose outcome the evaluator knows exactly, [`Evaluator::known`], unless that is the root:
    /// `from_root` plies have been played since the root): South's result and the
    /// number of plies played.
    fn playout(
        &mut self,
        game: &mut R,
        rng: &mut ChaCha8Rng,
        from_root: u32,
    ) -> (PlayoutResult, u32) {
        let mut plies = 0;
        let mut known = None;
        while plies < self.options.max_playout {
            // No legal move: the game is over (also by the record's history rule).
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            if from_root + plies > 0
                && let Some(Known::Exact(o)) = self.eval.known(game.positions())
            {
                known = Some(o);
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            self.relays.play(game, m);
            plies += 1;
        }
        let result = match known.map(Status::Over).unwrap_or(game.status()) {
            Status::Over(o) => self.result_of(&o),
            Status::Annulled => PlayoutResult {
                south: 0.5,
                south_points: 0.0,
            },
            Status::Ongoing => {
                let p = game.position();
                let for_mover = match self.eval.evaluate(p).signum() {
                    1 => 1.0,
                    -1 => 0.0,
                    _ => 0.5,
                };
                let south = if p.side_to_move() == Player::South {
                    for_mover
                } else {
                    1.0 - for_mover
                };
                PlayoutResult {
                    south,
                    south_points: south * 2.0 - 1.0,
                }
            }
        };
        (result, plies)
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
            // The win rate, and the mean points for the mover mapped to 0..1 (a win
            // worth the most points seen is 1, a draw ½), weighed together; with one
            // point a game both are the win rate.
            let w = self.options.points_weight;
            let mean = 0.5 + 0.5 * child.points / (v * self.scale);
            let value = (1.0 - w) * (child.reward / v)
                + w * mean
                + self.options.exploration * (log_n / v).sqrt();
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
                    .then(x.points.total_cmp(&y.points))
                    .then(x.reward.total_cmp(&y.reward))
                    .then(b.cmp(&a))
            })
    }

    /// One iteration on `game` (the root's record, left as it was found): selection,
    /// expansion, a playout, backpropagation.
    fn iterate(&mut self, game: &mut R, rng: &mut ChaCha8Rng) {
        let mut plies = 0;
        // Selection: down the tree, playing each node's move on the record.
        let mut node = 0;
        while self.tree[node].expanded && self.tree[node].children > 0 {
            node = self.select(node);
            if let Some(m) = self.tree[node].mv {
                self.relays.play(game, m);
                plies += 1;
            }
        }
        // Expansion: all children at once, while the arena has room; then the first. A
        // position whose outcome the evaluator knows is a leaf: the playout ends there
        // at once with that outcome.
        let moves = game.legal_moves();
        let known = plies > 0 && matches!(self.eval.known(game.positions()), Some(Known::Exact(_)));
        if !known && !moves.is_empty() && self.tree.len() + moves.len() <= self.options.max_nodes {
            let first = self.tree.len();
            let mover = game.position().side_to_move();
            for &m in moves.iter() {
                self.tree.push(Node {
                    mv: Some(m),
                    mover,
                    parent: node as u32,
                    first_child: 0,
                    children: 0,
                    expanded: false,
                    visits: 0,
                    reward: 0.0,
                    points: 0.0,
                });
            }
            let n = &mut self.tree[node];
            n.expanded = true;
            n.first_child = first as u32;
            n.children = moves.len() as u32;
            node = first;
            self.relays.play(game, moves[0]);
            plies += 1;
        }
        // Simulation, then back to the root's record.
        let (result, played) = self.playout(game, rng, plies);
        self.scale = self.scale.max(result.south_points.abs());
        for _ in 0..plies + played {
            game.undo();
        }
        // Backpropagation.
        loop {
            let n = &mut self.tree[node];
            n.visits += 1;
            if n.mover == Player::South {
                n.reward += result.south;
                n.points += result.south_points;
            } else {
                n.reward += 1.0 - result.south;
                n.points -= result.south_points;
            }
            if node == 0 {
                break;
            }
            node = n.parent as usize;
        }
    }
}

impl<R: Record, E: Evaluator<R::Position>> Engine<R> for Mcts<R, E> {
    fn name(&self) -> String {
        // The spec that builds this engine (`spec`): the same name in every table.
        let threads = if self.threads > 1 && self.parallel.is_some() {
            format!(":{}t", self.threads)
        } else {
            String::new()
        };
        match (self.limits.time, self.limits.nodes) {
            (Some(t), _) => format!("mcts:{}ms{threads}", t.as_millis()),
            (None, Some(n)) if n != u64::MAX => format!("mcts:{n}{threads}"),
            _ => format!("mcts{threads}"),
        }
    }

    fn search(&mut self, game: &R) -> Report<MoveOf<R>> {
        if self.threads > 1
            && let Some(parallel) = self.parallel
        {
            return parallel(self, game);
        }
        let start = Instant::now();
        if game.legal_moves().is_empty() {
            return Report::bare(None);
        }
        let playouts = self.grow(game, start, self.max_playouts());
        let mut report = self.report_of(game);
        report.nodes = playouts;
        report.elapsed = start.elapsed();
        report
    }
}

impl<R: Record, E: Evaluator<R::Position>> Mcts<R, E> {
    /// The playouts of a search: the limit's, or without one 10,000 (unlimited under a
    /// time limit).
    fn max_playouts(&self) -> u64 {
        self.limits.nodes.unwrap_or(if self.limits.time.is_some() {
            u64::MAX
        } else {
            10_000
        })
    }

    /// Grows a new tree for `game` (which has a legal move) with up to `max_playouts`
    /// playouts, until the time limit counted from `start`; the playouts run.
    fn grow(&mut self, game: &R, start: Instant, max_playouts: u64) -> u64 {
        let root = game.position();
        let mut rng = ChaCha8Rng::seed_from_u64(self.options.seed ^ root.hash_key());
        self.relays.stats = MemoStats::default();
        self.tree.clear();
        self.tree.push(Node {
            mv: None,
            mover: root.side_to_move().opponent(),
            parent: 0,
            first_child: 0,
            children: 0,
            expanded: false,
            visits: 0,
            reward: 0.0,
            points: 0.0,
        });
        self.scale = 1.0;
        let room = self.options.max_playout as usize + 64;
        let mut work = working_copy(&mut self.work, game, room);
        let mut playouts = 0u64;
        while playouts < max_playouts {
            // The clock before every playout but the first (a playout can take
            // milliseconds in Omweso: hundreds of plies, relays among them).
            if playouts > 0 && self.limits.time.is_some_and(|t| start.elapsed() >= t) {
                break;
            }
            self.iterate(&mut work, &mut rng);
            playouts += 1;
        }
        self.work = Some(work);
        playouts
    }

    /// The report of the tree grown for `game`: the most visited line (nodes and
    /// elapsed left to the caller).
    fn report_of(&self, game: &R) -> Report<MoveOf<R>> {
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
        if report.best.is_none() {
            // No playout reached a child (a limit of 0 playouts, a tree of one node):
            // a legal move is still returned, the first.
            report.best = game.legal_moves().first().copied();
        }
        report.depth = report.pv.len() as u32;
        report
    }
}

impl<R, E> Mcts<R, E>
where
    R: Record + Send + Sync,
    MoveOf<R>: Send + Sync,
    E: Evaluator<R::Position> + Clone + Send + Sync,
{
    /// An MCTS player that searches with `threads` threads (at least 1): root-parallel
    /// search, each thread growing its own tree from its own seed (the playouts of a
    /// playout limit shared among them), the root children's counts added up at the
    /// end; deterministic for a playout limit. A panic in any thread reaches the
    /// caller as it was raised (no half-built tree is merged).
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::mancala_search as search; }
    /// use mancala::{record::{Line, Record}, toy::Countdown};
    /// use mancala::search::{Engine, Limits, Mcts, MctsOptions, eval::Static};
    /// let mut mcts = Mcts::with_threads(Static, Limits::nodes(2000), MctsOptions::default(), 2);
    /// assert_eq!(mcts.threads(), 2);
    /// let r = mcts.search(&Line::new(Countdown::new(7)));
    /// assert_eq!(r.best.unwrap().0, 1); // leave 6
    /// assert_eq!(r.nodes, 2000);
    /// ```
    pub fn with_threads(eval: E, limits: Limits, options: MctsOptions, threads: usize) -> Self {
        let mut m = Mcts::with_evaluator(eval, limits, options);
        m.threads = threads.max(1);
        m.parallel = Some(Self::search_parallel);
        m
    }

    fn search_parallel(&mut self, game: &R) -> Report<MoveOf<R>> {
        let start = Instant::now();
        if game.legal_moves().is_empty() {
            return Report::bare(None);
        }
        let threads = self.threads;
        while self.helpers.len() + 1 < threads {
            let i = self.helpers.len() as u64 + 1;
            let options = MctsOptions {
                seed: self.options.seed ^ i.wrapping_mul(mancala_core::rng::GOLDEN_GAMMA),
                ..self.options
            };
            self.helpers.push(Mcts::with_evaluator(
                self.eval.clone(),
                self.limits,
                options,
            ));
        }
        // A playout limit shared out: the first threads take one more.
        let total = self.max_playouts();
        let share = |k: u64| {
            let n = threads as u64;
            if total == u64::MAX {
                total
            } else {
                total / n + u64::from(k < total % n)
            }
        };
        for h in &mut self.helpers {
            h.limits = self.limits;
            h.options.utility = self.options.utility;
        }
        let mut helpers = core::mem::take(&mut self.helpers);
        let mut playouts = 0;
        std::thread::scope(|scope| {
            let handles: Vec<_> = helpers
                .iter_mut()
                .enumerate()
                .map(|(k, h)| scope.spawn(move || h.grow(game, start, share(k as u64 + 1))))
                .collect();
            playouts = self.grow(game, start, share(0));
            for handle in handles {
                match handle.join() {
                    Ok(n) => playouts += n,
                    // A helper's panic, as it was raised: its tree is never merged.
                    Err(payload) => std::panic::resume_unwind(payload),
                }
            }
        });
        // The root's children are the legal moves in the same order in every tree:
        // their counts are added into this thread's tree.
        let first = self.tree[0].first_child as usize;
        let children = self.tree[0].children as usize;
        for h in &helpers {
            let (hf, hc) = (h.tree[0].first_child as usize, h.tree[0].children as usize);
            if hc != children || children == 0 {
                continue;
            }
            for k in 0..children {
                let (src, dst) = (&h.tree[hf + k], first + k);
                let (v, r, p) = (src.visits, src.reward, src.points);
                let n = &mut self.tree[dst];
                n.visits += v;
                n.reward += r;
                n.points += p;
            }
        }
        self.helpers = helpers;
        let mut report = self.report_of(game);
        report.nodes = playouts;
        report.elapsed = start.elapsed();
        report
    }
}
