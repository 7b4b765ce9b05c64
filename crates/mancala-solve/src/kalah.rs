//! Kalah through the `kalah` crate's public API: the solver plays the crate's own
//! positions, so the databases hold under exactly the rules the crate implements.
//! [`Kalah`], [`Rules`] and [`Ending`] are the crate's, re-exported.

use kalah::pairs::PairRules;
use kalah::{ByPlayer, Player, Position, Setup};

pub use kalah::{Ending, Kalah, Rules};

use crate::error::SolveError;
use crate::game::{Acyclic, Solvable, WordChild, WordMoves};

/// Kalah under one rule set ([`Rules`]: pits a side, empty capture, ending).
///
/// ```
/// use kalah::{Ending, Rules};
/// use mancala_solve::{Solvable, kalah::KalahGame};
/// let g = KalahGame::new(Rules { empty_capture: true, ..Rules::default() });
/// assert_eq!(g.variant(), "pits=6 capture=empty ending=any-side-empty");
/// assert_eq!(KalahGame::new(Rules::with_pits(4)).variant(),
///            "pits=4 capture=opposite-seeds ending=any-side-empty");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KalahGame {
    rules: Rules,
    /// The rules on boards in one word, up to 8 pits a side.
    words: Option<Words>,
}

/// Kalah's [`WordMoves`]: the `kalah` crate's [`PairRules`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words(PairRules);

impl WordMoves for Words {
    #[inline]
    fn over(&self, board: u128) -> Option<i32> {
        self.0.over(board)
    }

    #[inline]
    fn legal(&self, board: u128) -> u32 {
        u32::from(self.0.legal(board))
    }

    // Always: into the build's loop (the compiler kept it a call there, 10% of the
    // instructions going to the call and the child passed through memory).
    #[inline(always)]
    fn play(&self, board: u128, pit: usize) -> WordChild {
        let m = self.0.play(board, pit);
        WordChild {
            board: m.board,
            gain: i32::from(m.gain),
            again: m.again,
        }
    }
}

impl KalahGame {
    /// Kalah under `rules`.
    #[must_use]
    pub fn new(rules: Rules) -> KalahGame {
        KalahGame {
            rules,
            words: PairRules::new(rules).map(Words),
        }
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }
}

/// Every Kalah move puts a seed in a store or captures or moves seeds toward them:
/// no position repeats.
impl Acyclic for KalahGame {}

impl Solvable for KalahGame {
    type Pos = Kalah;
    type Words = Words;

    fn name(&self) -> &'static str {
        "kalah"
    }

    fn variant(&self) -> String {
        format!(
            "pits={} capture={} ending={}",
            self.rules.pits,
            if self.rules.empty_capture {
                "empty"
            } else {
                "opposite-seeds"
            },
            match self.rules.ending {
                Ending::AnySideEmpty => "any-side-empty",
                Ending::MoverEmpty => "mover-empty",
            }
        )
    }

    fn pits_per_side(&self) -> usize {
        usize::from(self.rules.pits)
    }

    fn position(&self, board: &[u8]) -> Option<Kalah> {
        let m = self.pits_per_side();
        if board.len() != 2 * m {
            return None;
        }
        let mut setup = Setup::start(self.rules, 0, Player::South);
        for (i, pair) in board.chunks_exact(2).enumerate() {
            setup.pits.south[i] = pair[0];
            setup.pits.north[i] = pair[1];
        }
        setup.stores = ByPlayer::new(0, 0);
        Kalah::from_setup(setup).ok()
    }

    #[inline]
    fn view(&self, pos: &Kalah, board: &mut [u8]) -> i32 {
        let m = self.pits_per_side();
        let mover = pos.side_to_move();
        for (pair, (&mine, &theirs)) in board[..2 * m]
            .chunks_exact_mut(2)
            .zip(pos.row(mover).iter().zip(pos.row(mover.opponent())))
        {
            pair[0] = mine;
            pair[1] = theirs;
        }
        i32::from(pos.store(mover)) - i32::from(pos.store(mover.opponent()))
    }

    #[inline]
    fn terminal(&self, pos: &Kalah, stores: i32) -> Result<Option<i32>, SolveError> {
        if !pos.is_finished() {
            return Ok(None);
        }
        // Rule K5: each player adds the seeds on their own side.
        let mover = pos.side_to_move();
        let t = pos.totals();
        Ok(Some(
            i32::from(t[mover]) - i32::from(t[mover.opponent()]) - stores,
        ))
    }

    /// The smaller of the two rows' seeds. A move that keeps every seed on the board
    /// cannot reach the mover's store (K2), so it sows within the mover's own row and
    /// captures nothing (K4 puts seeds in the store): each row keeps its seeds, and the
    /// turn passing (no extra turn, K3) only swaps which row is the mover's.
    fn component(&self, board: &[u8]) -> Option<u8> {
        let mine: u32 = board.iter().step_by(2).map(|&x| u32::from(x)).sum();
        let theirs: u32 = board.iter().skip(1).step_by(2).map(|&x| u32::from(x)).sum();
        u8::try_from(mine.min(theirs)).ok()
    }

    fn seeds_decide_parity(&self) -> bool {
        true
    }

    fn word_moves(&self) -> Option<&Words> {
        self.words.as_ref()
    }
}
