//! Whole matches with each game's own match type, for `tournament --matches`.
//!
//! - Urim ([`mancala::urim::Match`], rule 8): games in series, the starts alternating,
//!   game points added up until a player reaches the target (default 10, `--target`).
//! - Omweso ([`mancala::omweso::Match`], rule 9): games until a player has 12 points (a
//!   grand slam, 12 points, wins at once); an annulled game (rule 8) scores nothing and
//!   a new game follows. Each new game is started by the other player than the last
//!   one (`--by-lot`: drawn by a lot seeded from the tournament's seed; `--north-first`:
//!   North starts the first game); `--mode classic|contract|blitz` (blitz: each move's
//!   real thinking time is reported, a move over 3 s loses the game).
//! - Rio Kadalis ([`mancala::rio_kadalis::Match`], rule 5): the serial match, rounds
//!   filled from the stocks (closed pits, reserves) until a stock falls below 4; an
//!   annulled round is replayed from the same stocks with the other player starting.
//!   The match holds the round's record ([`mancala::rio_kadalis::Game`]), so a
//!   position repeated since the round's last capture ends the round as rule 4 does
//!   (rule 6).
//! - Oware and Kalah have no match type: the mode is refused for them.
//!
//! Matches start from the standard start (`--from` is refused). A game that reaches
//! the tournament's ply limit without ending is dropped where the match type allows it:
//! a Rio Kadalis round is treated as annulled (`drop_game`: the same stocks, the other
//! player starting), while the Urim and Omweso match types cannot drop a game that has not
//! ended, so the match is stopped there, unfinished. (Urim's and Rio Kadalis's records
//! end a repetition, and Omweso games are short, so this is a safety net.)

use std::time::Duration;

use mancala::omweso::{Mode, Rules};
use mancala::record::{MoveOf, Record};
use mancala::series::Series as _;
use mancala::{ByPlayer, Player, Status};

use super::{GameName, Variant};

/// How matches are played, from the tournament's options.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// Urim's target (`--target`), `None` for the rule's 10.
    pub target: Option<u16>,
    /// Omweso's mode (`--mode`), `None` for classic.
    pub mode: Option<String>,
    /// A seed for Omweso's lot (`--by-lot`).
    pub seed: u64,
}

/// A match being played game by game (round by round in Rio Kadalis) with the game's
/// own scoring.
pub trait Series {
    /// The game record of the game's games.
    type G: Record<Position: mancala::Position<Move: Send + Sync>> + Send + Sync;
    /// The current game's record, which the engines search.
    fn game(&self) -> &Self::G;
    /// The current game's status, with the endings the game record finds from history
    /// and Omweso's blitz forfeits.
    fn status(&self) -> Status;
    /// Plays a move of the current game; `thinking` is the time the mover took.
    fn play(&mut self, m: MoveOf<Self::G>, thinking: Duration) -> Result<(), String>;
    /// The winner of the match, once decided.
    fn winner(&self) -> Option<Player>;
    /// Each player's score in the match so far: game points (Urim, Omweso), or the
    /// stocks for the next round (Rio Kadalis).
    fn score(&self) -> ByPlayer<u32>;
    /// Starts the next game once the current one has ended (or was annulled) and the
    /// match goes on.
    fn next_game(&mut self) -> Result<(), String>;
    /// The current game reached the ply limit without ending: `true` if it was dropped
    /// as annulled and the next game set up, `false` if the match cannot go on.
    fn abandon_game(&mut self) -> bool;

    /// Takes back the current game's last move, if the match allows it.
    fn undo(&mut self) -> Result<Option<MoveOf<Self::G>>, String> {
        Err("a match takes no moves back".into())
    }

    /// Whether this is a whole match (not one game).
    fn is_match(&self) -> bool {
        true
    }

    /// The game points each player still needs to win the match, where games score
    /// points towards a target (Urim, Omweso): what the engines value a win at.
    fn needed(&self) -> Option<ByPlayer<u32>> {
        None
    }
}

/// One game as a [`Series`] of one: `play` without `--match`.
pub struct Single<G: Record> {
    /// The game.
    pub game: G,
}

impl<G: Record<Position: mancala::Position<Move: Send + Sync> + 'static> + Send + Sync> Series
    for Single<G>
{
    type G = G;

    fn game(&self) -> &G {
        &self.game
    }

    fn status(&self) -> Status {
        self.game.status()
    }

    fn play(&mut self, m: MoveOf<G>, _: Duration) -> Result<(), String> {
        super::play(&mut self.game, m)
    }

    fn winner(&self) -> Option<Player> {
        None
    }

    fn score(&self) -> ByPlayer<u32> {
        ByPlayer::new(0, 0)
    }

    /// Starts the game again from its start.
    fn next_game(&mut self) -> Result<(), String> {
        let start = self.game.start().clone();
        self.game.reset(start);
        Ok(())
    }

    fn abandon_game(&mut self) -> bool {
        false
    }

    fn undo(&mut self) -> Result<Option<MoveOf<G>>, String> {
        Ok(self.game.undo())
    }

    fn is_match(&self) -> bool {
        false
    }
}

/// What the tournament does with a match once it is set up.
pub trait MatchRunner {
    /// What the run returns.
    type Output;
    /// Plays the match `series`.
    fn run<S: Series>(self, series: S) -> Result<Self::Output, String>
    where
        <S::G as Record>::Position: 'static;
}

/// A short description of the match rules of `game`, for the result table.
pub fn describe(game: GameName, options: &MatchOptions) -> String {
    match game {
        GameName::Urim => format!("to {} points", options.target.unwrap_or(10)),
        GameName::Omweso => format!(
            "to {} points, {} play",
            mancala::omweso::Match::TARGET,
            options.mode.as_deref().unwrap_or("classic")
        ),
        GameName::RioKadalis => "serial, until a stock is below 4".into(),
        _ => String::new(),
    }
}

/// Whether a game of `game` scores game points (Urim, Omweso) rather than a round won.
pub fn scores_points(game: GameName) -> bool {
    matches!(game, GameName::Urim | GameName::Omweso)
}

/// Builds a new match of `game` with `variant` and plays it with `runner`.
pub fn dispatch<R: MatchRunner>(
    game: GameName,
    variant: &Variant,
    options: &MatchOptions,
    runner: R,
) -> Result<R::Output, String> {
    if variant.from.is_some() {
        return Err("matches start from the standard start: drop --from".into());
    }
    if options.target.is_some() && game != GameName::Urim {
        return Err(format!(
            "--target is Urim's (rule 8); {game} has its own end of the match"
        ));
    }
    if options.mode.is_some() && game != GameName::Omweso {
        return Err(format!("--mode is Omweso's (rule 9); {game} has no modes"));
    }
    match game {
        GameName::Urim => urim(variant, options, runner),
        GameName::Omweso => omweso(variant, options, runner),
        GameName::RioKadalis => rio_kadalis(variant, runner),
        GameName::Oware => Err(
            "oware has no match type (each game is scored on its own): drop --matches to count games"
                .into(),
        ),
        GameName::Kalah => Err(
            "kalah has no match type (each game is scored on its own): drop --matches to count games"
                .into(),
        ),
    }
}

// ---------------------------------------------------------------------------------------
// Urim

struct UrimSeries<const N: usize>(mancala::urim::Match<N>);

impl<const N: usize> Series for UrimSeries<N> {
    type G = mancala::urim::Game<N>;

    fn game(&self) -> &Self::G {
        self.0.game()
    }

    fn status(&self) -> Status {
        self.0.game().status()
    }

    fn play(&mut self, m: mancala::urim::Move, _: Duration) -> Result<(), String> {
        self.0
            .play(m, None)
            .map(|_| ())
            .map_err(|e| format!("illegal move {m}: {e}"))
    }

    fn winner(&self) -> Option<Player> {
        self.0.winner()
    }

    fn score(&self) -> ByPlayer<u32> {
        ByPlayer::from_fn(|p| u32::from(self.0.score()[p]))
    }

    fn needed(&self) -> Option<ByPlayer<u32>> {
        self.0.needed().map(|n| n.map(u32::from))
    }

    fn next_game(&mut self) -> Result<(), String> {
        self.0.next_game(None).map_err(|e| e.to_string())
    }

    fn abandon_game(&mut self) -> bool {
        false
    }
}

fn urim<R: MatchRunner>(
    variant: &Variant,
    options: &MatchOptions,
    runner: R,
) -> Result<R::Output, String> {
    variant.check_flags("urim", &[])?;
    if variant.clockwise {
        return Err("urim is always sown counter-clockwise: --clockwise does not apply".into());
    }
    let seeds = variant.seeds.unwrap_or(3);
    let target = options.target.unwrap_or(10);
    match variant.pits.unwrap_or(6) {
        6 => runner.run(UrimSeries(urim_match::<6>(seeds, target)?)),
        7 => runner.run(UrimSeries(urim_match::<7>(seeds, target)?)),
        other => Err(format!(
            "--pits: urim is played on rows of 6 or 7 pits, not {other}"
        )),
    }
}

fn urim_match<const N: usize>(seeds: u8, target: u16) -> Result<mancala::urim::Match<N>, String> {
    mancala::urim::Match::<N>::start_with(seeds, Player::South)
        .map_err(|e| format!("--seeds: {e}"))?
        .with_target(target)
        .map_err(|e| format!("--target: {e}"))
}

// ---------------------------------------------------------------------------------------
// Omweso

struct OmwesoSeries {
    m: mancala::omweso::Match,
    /// Who started the current game.
    first: Player,
    /// Draws each game's first player by lot (a small seeded generator), if set.
    lot: Option<u64>,
}

impl OmwesoSeries {
    /// The first player of the next game: by lot, or the other player.
    fn next_first(&mut self) -> Player {
        match &mut self.lot {
            Some(state) => draw_lot(state),
            None => self.first.opponent(),
        }
    }
}

/// A player drawn by lot.
fn draw_lot(state: &mut u64) -> Player {
    if splitmix(state) & 1 == 0 {
        Player::South
    } else {
        Player::North
    }
}

/// SplitMix64: enough for drawing lots.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Series for OmwesoSeries {
    type G = mancala::omweso::Game;

    fn game(&self) -> &Self::G {
        self.m.game()
    }

    fn status(&self) -> Status {
        self.m.status()
    }

    fn play(&mut self, mv: mancala::omweso::Move, thinking: Duration) -> Result<(), String> {
        self.m
            .play(mv, Some(thinking))
            .map(|_| ())
            .map_err(|e| format!("illegal move {mv}: {e}"))
    }

    fn winner(&self) -> Option<Player> {
        self.m.winner()
    }

    fn score(&self) -> ByPlayer<u32> {
        ByPlayer::from_fn(|p| u32::from(self.m.score()[p]))
    }

    fn needed(&self) -> Option<ByPlayer<u32>> {
        self.m.needed().map(|n| n.map(u32::from))
    }

    fn next_game(&mut self) -> Result<(), String> {
        let first = self.next_first();
        self.m.next_game(Some(first)).map_err(|e| e.to_string())?;
        self.first = first;
        Ok(())
    }

    fn abandon_game(&mut self) -> bool {
        false
    }

    /// Classic play takes moves back (rule 9); contract and blitz refuse.
    fn undo(&mut self) -> Result<Option<mancala::omweso::Move>, String> {
        if self.m.game().moves().is_empty() {
            return Ok(None);
        }
        self.m.take_back().map(Some).map_err(|e| e.to_string())
    }
}

fn omweso<R: MatchRunner>(
    variant: &Variant,
    options: &MatchOptions,
    runner: R,
) -> Result<R::Output, String> {
    variant.check_flags("omweso", &["two-captures-first", "north-first", "by-lot"])?;
    if variant.pits.is_some() || variant.seeds.is_some() || variant.clockwise {
        return Err("omweso has no --pits, --seeds or --clockwise: its board is fixed".into());
    }
    let flag = |f: &str| variant.flags.iter().any(|g| g == f);
    if flag("north-first") && flag("by-lot") {
        return Err("choose --north-first or --by-lot, not both".into());
    }
    let mode = match options.mode.as_deref() {
        None | Some("classic") => Mode::Classic,
        Some("contract") => Mode::Contract,
        Some("blitz") => Mode::Blitz,
        Some(other) => {
            return Err(format!(
                "--mode: {other:?} is not an omweso mode (classic, contract, blitz)"
            ));
        }
    };
    let rules = Rules {
        two_captures_first: flag("two-captures-first"),
    };
    let mut lot = flag("by-lot").then_some(options.seed ^ 0x6F6D_7765_736F);
    let first = if flag("north-first") {
        Player::North
    } else if let Some(state) = &mut lot {
        draw_lot(state)
    } else {
        Player::South
    };
    let series = OmwesoSeries {
        m: mancala::omweso::Match::start_with(mode, rules, first),
        first,
        lot,
    };
    runner.run(series)
}

// ---------------------------------------------------------------------------------------
// Rio Kadalis

struct KadalisSeries<const N: usize, const CW: bool> {
    /// The match, with the current round's record: a position repeated since the
    /// round's last capture ends the round as rule 4 does (the crate's ruling).
    m: mancala::rio_kadalis::Match<N, CW>,
}

impl<const N: usize, const CW: bool> KadalisSeries<N, CW> {
    fn new(m: mancala::rio_kadalis::Match<N, CW>) -> Self {
        KadalisSeries { m }
    }
}

impl<const N: usize, const CW: bool> Series for KadalisSeries<N, CW> {
    type G = mancala::rio_kadalis::Game<N, CW>;

    fn game(&self) -> &Self::G {
        self.m.game()
    }

    fn status(&self) -> Status {
        self.m.status()
    }

    fn play(&mut self, mv: mancala::rio_kadalis::Move, _: Duration) -> Result<(), String> {
        self.m
            .play(mv, None)
            .map(|_| ())
            .map_err(|e| format!("illegal move {mv}: {e}"))
    }

    fn winner(&self) -> Option<Player> {
        self.m.winner()
    }

    fn score(&self) -> ByPlayer<u32> {
        ByPlayer::from_fn(|p| u32::from(self.m.score()[p]))
    }

    fn next_game(&mut self) -> Result<(), String> {
        self.m.next_game(None).map_err(|e| e.to_string())
    }

    fn abandon_game(&mut self) -> bool {
        // As an annulled round (rule 3): the same stocks, the other player starting.
        self.m.drop_game().is_ok() && self.m.next_game(None).is_ok()
    }
}

fn rio_kadalis<R: MatchRunner>(variant: &Variant, runner: R) -> Result<R::Output, String> {
    variant.check_flags("rio-kadalis", &[])?;
    if variant.seeds.is_some() {
        return Err("rio-kadalis has no option --seeds: every pit starts with 4 stones".into());
    }
    let first = Player::South;
    match (variant.pits.unwrap_or(6), variant.clockwise) {
        (6, false) => runner.run(KadalisSeries::new(
            mancala::rio_kadalis::Match::<6, false>::start(first),
        )),
        (6, true) => runner.run(KadalisSeries::new(
            mancala::rio_kadalis::Match::<6, true>::start(first),
        )),
        (5, false) => runner.run(KadalisSeries::new(
            mancala::rio_kadalis::Match::<5, false>::start(first),
        )),
        (5, true) => runner.run(KadalisSeries::new(
            mancala::rio_kadalis::Match::<5, true>::start(first),
        )),
        (n, _) => Err(format!("rio-kadalis has 5 or 6 pits per row, not {n}")),
    }
}
