//! The position and the turn engine: rules 2–8.

use mancala_core::cycle::{Endless, SearchMemo};
use mancala_core::events::{LapKind, PlayObserved, SowEvent, SowObserver};
use mancala_core::notation::Row;
use mancala_core::{Board, ByPlayer, Outcome, Player, Position, Status};

use crate::pit::{
    INNER, LEFT_BLOCK, add, capturable, circuit_of_letter, clear, get, has_move, lap_end,
    movable_letters, sow_ccw, sow_cw, total,
};
use crate::relay::{Cut, Exact, FullState, Memoised, Observed, Stop, Walk};
use crate::{
    DEFAULT_CAP, IllegalMove, Move, MoveKind, MoveList, Pit, Rules, SEEDS, SEEDS_PER_PLAYER, Setup,
    SetupError, end,
};

/// A turn paused for a mid-turn decision (rule 5): the next lap's origin and the seeds
/// in hand. The mover sows them counter-clockwise (`x`) or clockwise (`x-`).
///
/// The seeds in hand are off the board: a relay origin was emptied when lifted, a
/// re-sowing origin keeps its own seeds and the hand holds the captured ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pending {
    origin: Pit,
    hand: u8,
}

impl Pending {
    pub(crate) const fn new(origin: Pit, hand: u8) -> Pending {
        Pending { origin, hand }
    }

    /// The pit the next lap starts from (always in the left block).
    #[must_use]
    pub const fn origin(self) -> Pit {
        self.origin
    }

    /// The seeds in hand for the next lap.
    #[must_use]
    pub const fn hand(self) -> u8 {
        self.hand
    }
}

/// What the current turn has done so far; all clear between turns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Turn {
    /// The paused lap, if the turn waits for a decision.
    pub(crate) pending: Option<Pending>,
    /// The mover has captured in this turn.
    pub(crate) captured: bool,
    /// The opponent's end columns captured in this turn: bit 0 for their column `a`/`i`,
    /// bit 7 for `h`/`p` (beheading, rule 7).
    pub(crate) columns: u8,
    /// The opponent's inner row held seeds when the turn began (rule 7, beheading).
    pub(crate) opponent_inner_at_start: bool,
}

/// An Omweso position: the board, the player to move, the game's flags and, in the
/// middle of a turn, the paused lap (rule 5).
///
/// Built by [`Omweso::new`] and [`Omweso::start`] (the standard start),
/// [`Position::from_setup`] (any position between turns, a custom start included) or
/// parsing the notation. It implements [`Position`]: every turn-start move and every
/// mid-turn decision is one ply.
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
/// use mancala::omweso::{Omweso, Position, Status};
/// let mut p = Omweso::new();
/// assert_eq!(p.legal_moves().len(), 8); // i..p, each holding 4
/// p.play("i".parse().unwrap()).unwrap();
/// assert_eq!(p.to_string(), "0,0,0,0,0,0,1,1/0,5,5,5,0,5,5,5/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 N s 0-0");
/// assert_eq!(p.status(), Status::Ongoing);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Omweso {
    /// Each player's circuit, one byte per pit in sowing order (see `pit.rs`).
    pub(crate) pits: [u128; 2],
    pub(crate) to_move: Player,
    pub(crate) first_turn_over: ByPlayer<bool>,
    pub(crate) capture_made: bool,
    pub(crate) capture_turns: ByPlayer<u16>,
    pub(crate) turn: Turn,
    pub(crate) rules: Rules,
    pub(crate) status: Status,
}

impl Default for Omweso {
    fn default() -> Omweso {
        Omweso::new()
    }
}

impl Omweso {
    /// The standard start (rule 1): 4 seeds in each outer pit, South to move, default
    /// rules.
    #[must_use]
    pub const fn new() -> Omweso {
        Omweso::from_valid_setup(&Setup::standard())
    }

    /// The standard start (rule 1) with `first` to move, default rules.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
    /// use mancala::omweso::{Omweso, Player, Position};
    /// assert_eq!(Omweso::start(Player::North).side_to_move(), Player::North);
    /// ```
    #[must_use]
    pub const fn start(first: Player) -> Omweso {
        Omweso::start_with(Rules::DEFAULT, first)
    }

    /// The standard start (rule 1) with the given rule options, `first` to move.
    #[must_use]
    pub const fn start_with(rules: Rules, first: Player) -> Omweso {
        let mut setup = Setup::standard();
        setup.to_move = first;
        setup.rules = rules;
        Omweso::from_valid_setup(&setup)
    }

    /// The position of a setup known to be valid, between turns.
    const fn from_valid_setup(setup: &Setup) -> Omweso {
        let mut pits = [0u128; 2];
        let mut k = 0;
        while k < 2 {
            let row = if k == 0 {
                &setup.pits.south
            } else {
                &setup.pits.north
            };
            let mut l = 0;
            while l < 16 {
                pits[k] = add(pits[k], circuit_of_letter(l), row[l]);
                l += 1;
            }
            k += 1;
        }
        let mut p = Omweso {
            pits,
            to_move: setup.to_move,
            first_turn_over: setup.first_turn_over,
            capture_made: setup.capture_made,
            capture_turns: setup.capture_turns,
            turn: Turn {
                pending: None,
                captured: false,
                columns: 0,
                opponent_inner_at_start: false,
            },
            rules: setup.rules,
            status: Status::Ongoing,
        };
        p.status = p.status_between_turns();
        p
    }

    /// The position of `setup` in the state `turn` (a paused turn, or the default
    /// between turns), if the rules allow it: flags consistent with each other, rule 1
    /// at a game's start, 64 seeds later (those in hand included), and a paused turn
    /// that is a real decision (rule 5).
    pub(crate) fn build(setup: &Setup, turn: Turn) -> Result<Omweso, SetupError> {
        let me = setup.to_move;
        let turns = setup.capture_turns;
        if setup.capture_made != (turns.south > 0 || turns.north > 0) {
            return Err(SetupError::CaptureFlag);
        }
        for player in Player::ALL {
            if turns[player] > 0 && !setup.first_turn_over[player] {
                return Err(SetupError::CaptureOnFirstTurn { player });
            }
        }
        if setup.first_turn_over[me] && !setup.first_turn_over[me.opponent()] {
            return Err(SetupError::TurnOrder);
        }
        let paused = turn.pending.is_some();
        if turn != Turn::default() && !paused {
            return Err(SetupError::PausedTurn {
                reason: "turn marks without a paused lap",
            });
        }
        if paused && !setup.first_turn_over[me] {
            return Err(SetupError::PausedTurn {
                reason: "no decision pauses a player's first turn",
            });
        }
        if setup.is_start() {
            // Rule 1, South first.
            for player in Player::ALL {
                let pits = &setup.pits[player];
                for (i, &seeds) in pits.iter().enumerate() {
                    if seeds > setup.cap {
                        return Err(SetupError::OverCap {
                            player,
                            pit: Pit::ALL[i].letter(),
                            seeds,
                            cap: setup.cap,
                        });
                    }
                }
                let found: u16 = pits.iter().map(|&s| u16::from(s)).sum();
                if u32::from(found) != SEEDS_PER_PLAYER {
                    return Err(SetupError::PlayerTotal { player, found });
                }
            }
        } else {
            let hand = turn.pending.map_or(0, |p| u16::from(p.hand));
            let found = setup.total() + hand;
            if u32::from(found) != SEEDS {
                return Err(SetupError::SeedTotal { found });
            }
        }
        // Every pit now holds at most 64: the circuits cannot overflow a byte.
        let mut p = Omweso::from_valid_setup(setup);
        if paused {
            p.check_paused(turn)?;
            p.turn = turn;
            p.status = Status::Ongoing;
        }
        Ok(p)
    }

    /// Checks that `turn` (with a paused lap) is a decision the rules can reach here.
    fn check_paused(&self, turn: Turn) -> Result<(), SetupError> {
        let bad = |reason| Err(SetupError::PausedTurn { reason });
        let Some(pending) = turn.pending else {
            return Ok(());
        };
        if turn.columns != 0 && !turn.captured {
            return bad("a column captured this turn needs the mark 'c'");
        }
        let me = self.to_move.index();
        let opp = self.pits[1 - me];
        // A captured column stays empty for the rest of the turn: sowing never leaves
        // the mover's pits.
        for (bit, inner, outer) in [(1u8, 15, 0), (0x80, 8, 7)] {
            if turn.columns & bit != 0 && (get(opp, inner) != 0 || get(opp, outer) != 0) {
                return bad("a column captured this turn must be empty");
            }
        }
        let c = pending.origin.circuit_index();
        if LEFT_BLOCK >> c & 1 == 0 {
            return bad("a paused lap starts in the left block (a, b, i, j)");
        }
        let (last, seeds) = lap_end(self.pits[me], c, pending.hand, true);
        if pending.hand == 0 || !(seeds >= 2 && capturable(opp) >> last & 1 == 1) {
            return bad("the paused lap does not capture clockwise, so there is no decision");
        }
        Ok(())
    }

    /// `player`'s pits in letter order `a`–`p`.
    #[must_use]
    pub fn pits(&self, player: Player) -> [u8; 16] {
        // The circuit's bytes reordered (a byte shuffle, not 16 shifts of a `u128`: the
        // search's evaluation reads the board at every leaf).
        let bytes = self.pits[player.index()].to_le_bytes();
        core::array::from_fn(|l| bytes[circuit_of_letter(l)])
    }

    /// `player`'s circuit in sowing order `i j k l m n o p h g f e d c b a`.
    #[must_use]
    pub const fn circuit(&self, player: Player) -> [u8; 16] {
        self.pits[player.index()].to_le_bytes()
    }

    /// The seeds on `player`'s side.
    #[must_use]
    pub const fn seeds_of(&self, player: Player) -> u32 {
        total(self.pits[player.index()])
    }

    /// The seeds in the mover's hand during a paused turn (0 otherwise).
    #[must_use]
    pub const fn seeds_in_hand(&self) -> u32 {
        match self.turn.pending {
            Some(p) => p.hand as u32,
            None => 0,
        }
    }

    /// The rule options.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The paused lap, if the turn waits for a decision (rule 5).
    #[must_use]
    pub const fn pending(&self) -> Option<Pending> {
        self.turn.pending
    }

    /// Whether `player` has played their first turn (flag `s` or `n`).
    #[must_use]
    pub const fn first_turn_over(&self, player: Player) -> bool {
        *self.first_turn_over.get(player)
    }

    /// Whether a capture has happened in the game before this turn (flag `c`).
    #[must_use]
    pub const fn capture_made(&self) -> bool {
        self.capture_made
    }

    /// How many of `player`'s turns (finished) made a capture.
    #[must_use]
    pub const fn capture_turns(&self, player: Player) -> u16 {
        *self.capture_turns.get(player)
    }

    /// Whether the mover has captured in the turn under way (mid-turn only).
    #[must_use]
    pub const fn captured_this_turn(&self) -> bool {
        self.turn.captured
    }

    /// The capture mask of the mover's inner pits now (rule 4), or none on the mover's
    /// first turn (rule 6).
    #[inline]
    fn capture_mask(&self) -> u16 {
        let me = self.to_move.index();
        if self.first_turn_over[self.to_move] {
            capturable(self.pits[1 - me])
        } else {
            0
        }
    }

    /// Rule 5 (and 2b at the turn start): whether a clockwise lap of `hand` seeds from
    /// circuit pit `origin` of `x` would end in a capture.
    #[inline(always)]
    fn clockwise_captures(x: u128, origin: usize, hand: u8, capture: u16) -> bool {
        let (last, seeds) = lap_end(x, origin, hand, true);
        seeds >= 2 && capture >> last & 1 == 1
    }

    /// The status of a position between turns from its board alone: the player to move
    /// without a legal move has lost 1 point, or 12 if all their pits are empty ("Omweso
    /// flags").
    pub(crate) const fn status_between_turns(&self) -> Status {
        let x = self.pits[self.to_move.index()];
        if has_move(x) {
            Status::Ongoing
        } else {
            let (points, reason) = if x == 0 {
                (12, end::GRAND_SLAM)
            } else {
                (1, end::REGULAR)
            };
            Status::Over(Outcome::new(Some(self.to_move.opponent()), points).with_reason(reason))
        }
    }

    /// Plays a turn-start or decision move; `Err` if the turn never ends (rule 8), or if
    /// `walk` gave up on one of its relays.
    fn play_move<W: Walk>(&mut self, m: Move, walk: &mut W) -> Result<(), Cut> {
        let me = self.to_move.index();
        let c = m.pit().circuit_index();
        let player = self.to_move;
        let (origin, hand) = match self.turn.pending.take() {
            Some(p) => {
                let origin = p.origin.circuit_index();
                if W::REPORTS {
                    // Rule 5: the decided lap, sown from the hand.
                    walk.lap(origin, p.hand, m.is_clockwise(), LapKind::Decided, false);
                }
                (origin, p.hand)
            }
            None => {
                self.turn = Turn {
                    opponent_inner_at_start: self.pits[1 - me] & INNER != 0,
                    ..Turn::default()
                };
                let x = self.pits[me];
                let n = get(x, c);
                self.pits[me] = clear(x, c);
                if m.kind() == MoveKind::Split {
                    // Rule 2c: 2 seeds into the next pit, 1 into the one after.
                    self.pits[me] = add(add(self.pits[me], (c + 1) & 15, 2), (c + 2) & 15, 1);
                    if W::REPORTS {
                        walk.lap(c, 0, false, LapKind::Move, false);
                        walk.report(SowEvent::Lift {
                            pit: W::pit(player, c),
                            seeds: n,
                        });
                        for d in [1, 1, 2] {
                            walk.report(SowEvent::Drop {
                                pit: W::pit(player, c + d),
                            });
                        }
                    }
                    self.end_turn();
                    return Ok(());
                }
                if W::REPORTS {
                    walk.lap(c, n, m.is_clockwise(), LapKind::Move, true);
                }
                (c, n)
            }
        };
        self.run_laps(origin, hand, m.is_clockwise(), walk)
    }

    /// Sows laps from `origin` until the turn ends, pauses for a decision, or is found
    /// endless (rules 3–5, 8).
    fn run_laps<W: Walk>(
        &mut self,
        mut origin: usize,
        mut hand: u8,
        mut clockwise: bool,
        walk: &mut W,
    ) -> Result<(), Cut> {
        let me = self.to_move.index();
        let mut x = self.pits[me];
        let mut capture = self.capture_mask();
        // Rule 6: no mid-turn decisions on a first turn (nothing captures).
        let decide = if capture == 0 { 0 } else { LEFT_BLOCK };
        let player = self.to_move;
        let mut first = true;
        loop {
            if W::REPORTS && !first {
                // The lap re-sowing a capture (the move's first lap is reported by
                // `play_move`).
                walk.lap(origin, hand, clockwise, LapKind::Resow, false);
            }
            first = false;
            // One lap (rule 3).
            let (after, last) = if clockwise {
                sow_cw(x, origin, hand)
            } else {
                sow_ccw(x, origin, hand)
            };
            x = after;
            let seeds = get(x, last);
            let (stop, lap_origin, at) = if seeds == 1 {
                (Stop::Empty, origin, last)
            } else if capture >> last & 1 == 1 {
                (Stop::Capture, origin, last)
            } else if decide >> last & 1 == 1
                && Self::clockwise_captures(clear(x, last), last, seeds, capture)
            {
                (Stop::Decision, origin, last)
            } else {
                let (y, o, l, s) = walk.relay(x, last, capture, decide)?;
                x = y;
                (s, o, l)
            };
            match stop {
                Stop::Empty => {
                    self.pits[me] = x;
                    self.end_turn();
                    return Ok(());
                }
                Stop::Decision => {
                    // Rule 5: a relay lap from the left block that could capture
                    // clockwise. Lift the seeds and wait.
                    let seeds = get(x, at);
                    self.pits[me] = clear(x, at);
                    if W::REPORTS {
                        let pit = W::pit(player, at);
                        walk.report(SowEvent::Lift { pit, seeds });
                        walk.report(SowEvent::Pause { origin: pit });
                    }
                    self.turn.pending = Some(Pending {
                        origin: Pit::from_circuit_index(at),
                        hand: seeds,
                    });
                    return Ok(());
                }
                Stop::Capture => {
                    // Rule 4: take both facing pits, re-sow from the capturing lap's
                    // origin, which keeps its seeds.
                    let y = self.pits[1 - me];
                    let column = at - 8; // the opponent's column, and their outer pit
                    let inner = 23 - at; // their inner pit of that column
                    hand = get(y, column) + get(y, inner);
                    self.pits[1 - me] = clear(clear(y, column), inner);
                    if W::REPORTS {
                        for c in [inner, column] {
                            walk.report(SowEvent::Seize {
                                pit: W::pit(player.opponent(), c),
                                seeds: get(y, c),
                            });
                        }
                    }
                    self.turn.captured = true;
                    // Only the end columns matter (beheading, rule 7).
                    self.turn.columns |= (1 << column) & 0x81;
                    capture = capturable(self.pits[1 - me]);
                    origin = lap_origin;
                    if LEFT_BLOCK >> origin & 1 == 1
                        && Self::clockwise_captures(x, origin, hand, capture)
                    {
                        self.pits[me] = x;
                        self.turn.pending = Some(Pending {
                            origin: Pit::from_circuit_index(origin),
                            hand,
                        });
                        if W::REPORTS {
                            walk.report(SowEvent::Pause {
                                origin: W::pit(player, origin),
                            });
                        }
                        return Ok(());
                    }
                    clockwise = false;
                }
            }
        }
    }

    /// Rule 7: the end of a turn, its flags and its endings in order.
    fn end_turn(&mut self) {
        let me = self.to_move;
        let opp = me.opponent();
        self.first_turn_over[me] = true;
        if self.turn.captured {
            self.capture_made = true;
            self.capture_turns[me] = self.capture_turns[me].saturating_add(1);
        }
        let y = self.pits[opp.index()];
        let (points, reason) = if y == 0 {
            (12, end::GRAND_SLAM)
        } else if (self.turn.opponent_inner_at_start && y & INNER == 0)
            || self.turn.columns & 0x81 == 0x81
        {
            // Beheading: the inner row emptied by this turn's captures, or both end
            // columns captured.
            (2, end::BEHEADING)
        } else if self.rules.two_captures_first
            && self.capture_turns[me] >= 2
            && self.capture_turns[opp] == 0
        {
            (2, end::TWO_CAPTURES_FIRST)
        } else if !has_move(y) {
            // Regular win: every opponent pit holds 0 or 1.
            (1, end::REGULAR)
        } else {
            (0, end::REGULAR)
        };
        self.turn = Turn::default();
        self.to_move = opp;
        self.status = if points > 0 {
            Status::Over(Outcome::new(Some(me), points).with_reason(reason))
        } else {
            Status::Ongoing
        };
    }
}

impl PlayObserved for Omweso {
    /// Reports each lap (the move's, each relay, each re-sowing of captured seeds, a
    /// decided lap) with its lift and every seed, each capture as the two facing pits
    /// seized into the hand (rule 4), and a pause for a decision (rule 5): the next
    /// move, the decision, reports the laps that follow. A split reports its lift and
    /// its three seeds. An endless move reports its laps until it is found endless,
    /// then the board is put back (rule 8): a front end checks first.
    ///
    /// # Panics
    /// May panic if `m` is not legal.
    fn play_observed<O: SowObserver>(&mut self, m: Move, observer: &mut O) {
        let before = *self;
        let mut walk = Observed {
            observer,
            player: self.to_move,
        };
        if self.play_move(m, &mut walk).is_err() {
            *self = before;
            self.status = Status::Annulled;
        }
    }
}

impl Position for Omweso {
    type Move = Move;
    type MoveList = MoveList;
    type Setup = Setup;
    type SetupError = SetupError;
    type Reason = Reason;

    /// The position of `setup` between turns, if the rules allow it: the flags agree
    /// with each other (flag `c` exactly when a capture count is above 0, a player with
    /// a capture count has played their first turn, and if only one player has played
    /// the other is to move); at a game's start each player has placed exactly 32 seeds,
    /// at most `setup.cap` in a pit (rule 1); later positions hold 64 seeds in all.
    ///
    /// A position whose player to move has no legal move is a finished game: the other
    /// player has won 1 point, or 12 if every pit of the player to move is empty.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
    /// use mancala::omweso::{Omweso, Position, Setup, SetupError};
    /// let mut s = Setup::standard();
    /// s.pits.south[8] = 5; // 33 seeds
    /// assert_eq!(Omweso::from_setup(s), Err(SetupError::PlayerTotal {
    ///     player: mancala::omweso::Player::South, found: 33 }));
    /// s.first_turn_over.south = true; // later in a game: 64 in all
    /// s.to_move = mancala::omweso::Player::North;
    /// assert_eq!(Omweso::from_setup(s).unwrap_err().to_string(),
    ///            "the seeds add up to 65; omweso is played with 64");
    /// ```
    fn from_setup(setup: Setup) -> Result<Omweso, SetupError> {
        Omweso::build(&setup, Turn::default())
    }

    /// The setup of this position: `from_setup(p.to_setup()) == Ok(p)` for every
    /// position between turns whose status the board shows (not after a beheading or a
    /// two-captures win, nor an annulled move: serde keeps those).
    ///
    /// The cap is the default 10, or at a game's start the largest pit if that is more,
    /// so that the setup is valid.
    ///
    /// A position paused in the middle of a turn (rule 5) is not a setup: its setup
    /// holds the seeds in hand in the paused lap's origin pit, so that all 64 seeds are
    /// there, and `from_setup` makes of it a position between turns with the same
    /// player to move, not the paused turn. The notation and serde keep a paused turn
    /// exactly.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
    /// use mancala::omweso::{Omweso, Position};
    /// let paused: Omweso = "0,0,1,1,0,0,0,0/0,0,0,0,0,0,0,0/1,0,0,0,1,0,0,0/0,0,0,0,1,0,0,57 S sn 0-0 b+2:r"
    ///     .parse().unwrap();
    /// let s = paused.to_setup();
    /// assert_eq!(s.pits.south[1], 2); // b, with the 2 seeds in hand
    /// assert_eq!(s.total(), 64);
    /// assert_eq!(Omweso::from_setup(s).unwrap().pending(), None);
    /// ```
    fn to_setup(&self) -> Setup {
        let mut pits = ByPlayer::new(self.pits(Player::South), self.pits(Player::North));
        if let Some(p) = self.turn.pending {
            pits[self.to_move][p.origin.index()] += p.hand;
        }
        let setup = Setup {
            pits,
            to_move: self.to_move,
            rules: self.rules,
            cap: DEFAULT_CAP,
            first_turn_over: self.first_turn_over,
            capture_made: self.capture_made,
            capture_turns: self.capture_turns,
        };
        let largest = pits.south.iter().chain(&pits.north).copied().max();
        let cap = match largest {
            Some(n) if setup.is_start() && n > DEFAULT_CAP => n,
            _ => DEFAULT_CAP,
        };
        setup.with_cap(cap)
    }

    /// Both players' 16 pits in letter order (inner `a`–`h`, then outer `i`–`p`: two
    /// rows per player), no stores, and the seeds in hand of a paused turn.
    fn board(&self) -> Board {
        let row = |player: Player| -> Row { self.pits(player).into_iter().map(Some).collect() };
        Board {
            pits: ByPlayer::new(row(Player::South), row(Player::North)),
            rows_per_player: 2,
            stores: None,
            to_move: self.to_move,
            in_hand: self.seeds_in_hand() as u16,
        }
    }

    /// The seeds in `player`'s pit with letter index `index` (`a` = 0 … `p` = 15);
    /// `None` past `p`.
    #[inline]
    fn pit(&self, player: Player, index: usize) -> Option<u8> {
        (index < 16).then(|| get(self.pits[player.index()], circuit_of_letter(index)))
    }

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// The legal moves in letter order; for each pit: `x`, `x-`, `x*`.
    fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.status.is_finished() {
            return list;
        }
        if let Some(p) = self.turn.pending {
            list.push(Move::new(p.origin, MoveKind::CounterClockwise));
            list.push(Move::new(p.origin, MoveKind::Clockwise));
            return list;
        }
        let x = self.pits[self.to_move.index()];
        let capture = self.capture_mask();
        // The pits with 2 or more seeds, in letter order.
        let mut movable = movable_letters(x);
        while movable != 0 {
            let pit = Pit::ALL[movable.trailing_zeros() as usize];
            movable &= movable - 1;
            let c = pit.circuit_index();
            let n = get(x, c);
            list.push(Move::new(pit, MoveKind::CounterClockwise));
            if capture != 0
                && LEFT_BLOCK >> c & 1 == 1
                && Self::clockwise_captures(clear(x, c), c, n, capture)
            {
                list.push(Move::new(pit, MoveKind::Clockwise));
            }
            if n == 3 && !self.capture_made {
                list.push(Move::new(pit, MoveKind::Split));
            }
        }
        list
    }

    /// `Ok` if `m` is legal here; otherwise the shared reason (game over, empty pit) or
    /// the game's own ([`IllegalMove::Rule`] with a [`Reason`]).
    fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        if self.status.is_finished() {
            return Err(IllegalMove::GameOver);
        }
        let pit = m.pit();
        if let Some(p) = self.turn.pending {
            return if pit == p.origin && m.kind() != MoveKind::Split {
                Ok(())
            } else {
                Err(IllegalMove::Rule(Reason::DecisionPending {
                    pending: p.origin.letter(),
                }))
            };
        }
        let c = pit.circuit_index();
        let x = self.pits[self.to_move.index()];
        let n = get(x, c);
        let letter = pit.letter();
        match m.kind() {
            MoveKind::CounterClockwise | MoveKind::Clockwise => {
                if m.is_clockwise() && !pit.in_left_block() {
                    return Err(IllegalMove::Rule(Reason::NotLeftBlock { pit: letter }));
                }
                if n == 0 {
                    return Err(IllegalMove::EmptyPit { pit: letter });
                }
                if n < 2 {
                    return Err(IllegalMove::Rule(Reason::TooFewSeeds {
                        pit: letter,
                        seeds: n,
                        needed: 2,
                    }));
                }
                if m.is_clockwise()
                    && !Self::clockwise_captures(clear(x, c), c, n, self.capture_mask())
                {
                    return Err(IllegalMove::Rule(Reason::ReverseWithoutCapture {
                        pit: letter,
                    }));
                }
                Ok(())
            }
            MoveKind::Split => {
                if self.capture_made {
                    return Err(IllegalMove::Rule(Reason::SplitAfterCapture));
                }
                match n {
                    3 => Ok(()),
                    0 => Err(IllegalMove::EmptyPit { pit: letter }),
                    _ => Err(IllegalMove::Rule(Reason::TooFewSeeds {
                        pit: letter,
                        seeds: n,
                        needed: 3,
                    })),
                }
            }
        }
    }

    /// Plays `m`. An endless move (rule 8) is not carried out: the position stays as it
    /// was and the status becomes [`Status::Annulled`].
    ///
    /// # Panics
    /// May panic if `m` is not legal.
    fn play_unchecked(&mut self, m: Move) {
        // The exact walk, not `play_observed` with `()`: the same loop, compiled with
        // nothing to report.
        let before = *self;
        if self.play_move(m, &mut Exact).is_err() {
            *self = before;
            self.status = Status::Annulled;
        }
    }

    fn status(&self) -> Status {
        self.status
    }

    /// Plays `m` for a search (see [`Position::play_in_search`]): a relay still going
    /// after `memo.limit()` laps is taken as endless without proof (the move is not
    /// carried out and the status is [`Status::Annulled`], as for a proven endless
    /// move). Relays of 63 laps or more are remembered in the memo with their result,
    /// and so are marked states along them (one in 4096 or fewer), so that meeting the
    /// relay again, or another that joins the same trajectory (the same cycle), costs a
    /// lookup: an answer from the memo is always what walking would give. Otherwise
    /// exactly as [`play_unchecked`](Position::play_unchecked).
    ///
    /// Rule 8 makes every relay a walk that ends or cycles; the walks that end are short
    /// (the longest seen in 10⁸ moves of random games and search trees took a few
    /// thousand laps), while an endless one may take billions of laps to prove.
    /// `docs/performance.md` measures how often a bounded verdict is wrong.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
    /// use mancala::omweso::{MemoSlot, MemoStats, Omweso, Position, SearchMemo, Status};
    /// // South's e cycles for ever, but the proof takes 1.7 billion laps.
    /// let text = "2,1,8,0,2,3,14,0/7,0,5,0,1,0,2,12/0,1,1,0,0,0,0,0/0,1,0,1,1,0,1,1 S snc 5-3";
    /// let mut p: Omweso = text.parse().unwrap();
    /// let mut slots = vec![MemoSlot::default(); 1 << 10];
    /// let mut stats = MemoStats::default();
    /// let mut memo = SearchMemo::new(&mut slots, &mut stats, 1 << 16);
    /// p.play_in_search("e".parse().unwrap(), &mut memo);
    /// assert_eq!(p.status(), Status::Annulled); // taken as endless, without proof
    /// assert_eq!(p.to_string(), text);
    /// // Met again, it is found in the memo.
    /// let mut q: Omweso = text.parse().unwrap();
    /// q.play_in_search("e".parse().unwrap(), &mut memo);
    /// assert_eq!(q.status(), Status::Annulled);
    /// assert_eq!((stats.unproven, stats.hits), (2, 1));
    /// ```
    fn play_in_search(&mut self, m: Move, memo: &mut SearchMemo<'_>) {
        let before = *self;
        if let Err(cut) = self.play_move(m, &mut Memoised { memo }) {
            *self = before;
            self.status = Status::Annulled;
            if let Cut::Unresolved(_) = cut {
                memo.stats().unproven += 1;
            }
        }
    }

    fn pending_decision(&self) -> Option<Move> {
        self.turn
            .pending
            .map(|p| Move::new(p.origin, MoveKind::CounterClockwise))
    }
}

/// Which condition of rule 7's beheading a turn met: the mover's captures emptied the
/// opponent's inner row (which held seeds when the turn began), or took both of the
/// opponent's end columns (all four corner pits `a`, `h`, `i`, `p`), or both at once.
/// Either is worth the same 2 points; [`Omweso::beheading_since`] and, on a game
/// record, [`beheading`](crate::beheading) say which happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Beheading {
    /// The opponent's inner row was emptied.
    InnerRow,
    /// Both of the opponent's end columns were captured.
    Corners,
    /// Both conditions at once.
    Both,
}

impl Beheading {
    /// A short name: `inner row`, `corners`, `inner row and corners`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Beheading::InnerRow => "inner row",
            Beheading::Corners => "corners",
            Beheading::Both => "inner row and corners",
        }
    }
}

impl core::fmt::Display for Beheading {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl Omweso {
    /// Which beheading condition ended the game here (rule 7), given `turn_start`, the
    /// position at the start of the winner's last turn (before its first ply); `None`
    /// unless this game is over by [`end::BEHEADING`].
    ///
    /// The notation and the status do not carry it (it is the turn's history, as the
    /// beheading itself is); the two positions show it exactly: the opponent's pits
    /// change in the mover's turn only by captures, which take both pits of a column
    /// that both hold seeds, so an end column was captured exactly when both its pits
    /// held seeds at the turn's start and none at its end.
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
    /// use mancala::omweso::{Beheading, Omweso, Position};
    /// let start: Omweso =
    ///     "0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,2/0,3,0,0,0,0,0,0/0,2,0,0,0,0,0,56 S sn 0-0"
    ///         .parse()
    ///         .unwrap();
    /// let end = start.after("p".parse().unwrap()).unwrap(); // takes North's b and j
    /// assert_eq!(end.beheading_since(&start), Some(Beheading::InnerRow));
    /// assert_eq!(start.beheading_since(&start), None);
    /// ```
    #[must_use]
    pub fn beheading_since(&self, turn_start: &Omweso) -> Option<Beheading> {
        let Status::Over(Outcome {
            winner: Some(winner),
            reason: end::BEHEADING,
            ..
        }) = self.status
        else {
            return None;
        };
        let loser = winner.opponent().index();
        let (before, after) = (turn_start.pits[loser], self.pits[loser]);
        let inner_row = before & INNER != 0 && after & INNER == 0;
        // The loser's end columns as circuit places: a (15) with i (0), h (8) with p (7).
        let captured = |inner: usize, outer: usize| {
            get(before, inner) > 0
                && get(before, outer) > 0
                && get(after, inner) == 0
                && get(after, outer) == 0
        };
        let corners = captured(15, 0) && captured(8, 7);
        match (inner_row, corners) {
            (true, true) => Some(Beheading::Both),
            (true, false) => Some(Beheading::InnerRow),
            (false, true) => Some(Beheading::Corners),
            // Not a turn that could behead: `turn_start` is not this turn's start.
            (false, false) => None,
        }
    }

    /// Plays `m` as the checked [`Position::play`] does, and reports an endless move
    /// (rule 8) with the laps examined: `Ok(Some(endless))`. The move is then not carried
    /// out: the position stays as it was and its status is [`Status::Annulled`].
    ///
    /// ```
    /// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
    /// use mancala::omweso::{Omweso, Position, Status};
    /// let mut p: Omweso = "0,1,0,1,0,1,4,3/3,2,3,2,1,0,1,2/0,0,0,0,0,0,0,0/7,4,4,3,5,6,6,5 S n 0-0"
    ///     .parse().unwrap();
    /// let endless = p.play_reporting_endless("j".parse().unwrap()).unwrap().unwrap();
    /// assert_eq!(endless.laps, 109);
    /// assert_eq!(p.status(), Status::Annulled);
    /// ```
    ///
    /// The laps are those the proof examined: the walk stops at the first repeat it
    /// finds of the lap state seen from the hand (rule 8 in `docs/omweso.md`).
    ///
    /// # Errors
    /// The reason `m` is illegal; the position is then unchanged.
    pub fn play_reporting_endless(&mut self, m: Move) -> Result<Option<Endless>, IllegalMove> {
        self.play_reporting_endless_with(m, &mut Exact)
    }

    /// The old name of [`play_reporting_endless`](Omweso::play_reporting_endless).
    ///
    /// # Errors
    /// The reason `m` is illegal; the position is then unchanged.
    #[deprecated(note = "renamed to play_reporting_endless")]
    pub fn play_reporting(&mut self, m: Move) -> Result<Option<Endless>, IllegalMove> {
        self.play_reporting_endless(m)
    }

    /// [`play_reporting_endless`](Omweso::play_reporting_endless) with the slower endless proof it had
    /// before: Brent's cycle finder on the full lap state of every relay, up to 16 times
    /// more laps for an endless move (`docs/omweso.md`, rule 8). The same moves, the
    /// same positions, the same verdicts; only the laps of an endless move differ. Kept
    /// as the oracle of the tests (`tests/slow_moves.rs`) and of the measurements.
    ///
    /// # Errors
    /// The reason `m` is illegal; the position is then unchanged.
    #[doc(hidden)]
    pub fn play_reporting_endless_oracle(
        &mut self,
        m: Move,
    ) -> Result<Option<Endless>, IllegalMove> {
        self.play_reporting_endless_with(m, &mut FullState)
    }

    fn play_reporting_endless_with<W: Walk>(
        &mut self,
        m: Move,
        walk: &mut W,
    ) -> Result<Option<Endless>, IllegalMove> {
        self.check_move(m)?;
        let before = *self;
        match self.play_move(m, walk) {
            Ok(()) => Ok(None),
            Err(e) => {
                *self = before;
                self.status = Status::Annulled;
                match e {
                    Cut::Endless(e) => Ok(Some(e)),
                    Cut::Unresolved(_) => unreachable!("an exact walk is never cut short"),
                }
            }
        }
    }
}

impl Setup {
    /// Checks the setup as [`Position::from_setup`](crate::Position::from_setup)
    /// does.
    ///
    /// # Errors
    /// The first thing wrong: the flags, then the seeds (rule 1 at a game's start, South
    /// first; 64 in all later).
    pub fn validate(&self) -> Result<(), SetupError> {
        Omweso::build(self, Turn::default()).map(|_| ())
    }
}

/// Omweso's own reasons for refusing a move, carried in [`IllegalMove::Rule`] (the
/// reasons every game shares are [`IllegalMove`]'s own variants).
///
/// ```
/// # mod mancala { pub use mancala_core::*; pub use ::omweso; }
/// use mancala::omweso::{IllegalMove, Omweso, Position, Reason};
/// let mut p = Omweso::new();
/// assert_eq!(p.play("i*".parse().unwrap()),
///            Err(IllegalMove::Rule(Reason::TooFewSeeds { pit: 'i', seeds: 4, needed: 3 })));
/// assert_eq!(Reason::SplitAfterCapture.to_string(),
///            "the opening split is over: a capture has been made");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Reason {
    /// The pit holds too few seeds for this kind of move: 2 to sow (rule 2a, 2b), exactly
    /// 3 to split (rule 2c).
    #[error(
        "pit {pit} holds {seeds} seed{}; this move needs {needed}",
        mancala_core::notation::plural(u32::from(*seeds))
    )]
    TooFewSeeds {
        /// The pit's letter.
        pit: char,
        /// How many it holds.
        seeds: u8,
        /// How many the move needs (at least, or exactly for a split).
        needed: u8,
    },
    /// A clockwise move from a pit outside the left block (rules 2b and 5).
    #[error("pit {pit} is not in the left block; only a, b, i, j may be sown clockwise")]
    NotLeftBlock {
        /// The pit's letter.
        pit: char,
    },
    /// A clockwise move whose lap would not end in a capture (rule 2b; none on a first
    /// turn, rule 6).
    #[error("sowing pit {pit} clockwise does not capture")]
    ReverseWithoutCapture {
        /// The pit's letter.
        pit: char,
    },
    /// A split after the game's first capture (rule 2c).
    #[error("the opening split is over: a capture has been made")]
    SplitAfterCapture,
    /// A mid-turn decision is pending on another pit, or a split was asked for there
    /// (rule 5).
    #[error("the turn is paused at pit {pending}: play '{pending}' or '{pending}-'")]
    DecisionPending {
        /// The pending pit's letter.
        pending: char,
    },
}

impl TryFrom<Setup> for Omweso {
    type Error = SetupError;

    /// As [`Position::from_setup`].
    fn try_from(setup: Setup) -> Result<Omweso, SetupError> {
        Omweso::from_setup(setup)
    }
}
