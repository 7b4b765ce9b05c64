//! The result tables of a tournament ([`crate::tournament`]), counted and written as
//! text: single games of one pairing ([`PairTable`], with the first engine's Elo
//! rating), whole matches ([`MatchTable`]) and round robins ([`RoundRobinTable`]).
//! Each table is a value whose fields are the counts; `Display` writes the table the
//! `tournament` example prints.
//!
//! ```
//! # mod mancala { pub use mancala_core::*; pub use ::mancala_runtime as runtime; }
//! use mancala::runtime::tables::PairTable;
//! use mancala::runtime::tournament::{Settings, Tournament};
//! let mut t = Tournament::new(Settings::new("oware".parse()?));
//! let games = t.play_pair(&"greedy".parse()?, &"random".parse()?, 2, &mut |_| {})?;
//! let table = PairTable::new(t.settings().variant.kind(), &games).expect("two games");
//! assert_eq!(table.wins + table.draws + table.losses, 2);
//! assert!(table.to_string().starts_with("oware: 2 games, colours alternated\n"));
//! # Ok::<(), mancala::runtime::Error>(())
//! ```

use core::fmt;
use std::time::Duration;

use crate::elo::{self, PRIOR_DRAWS, Rating, Results};
use crate::error::RatingError;
use crate::tournament::{Ending, GameResult, MatchGame, MatchResult, RoundRobin, Summary};
use crate::variant::GameKind;

/// Moves a second: `moves` in `time` (infinite for no time).
#[must_use]
pub fn moves_per_second(moves: u64, time: Duration) -> f64 {
    if time.as_secs_f64() > 0.0 {
        moves as f64 / time.as_secs_f64()
    } else {
        f64::INFINITY
    }
}

/// The Elo rating of the first engine of `games` relative to the other (held at 0),
/// with [`PRIOR_DRAWS`] virtual draws.
///
/// # Errors
/// As [`elo::fit`] (no games).
pub fn pair_elo(games: &[GameResult]) -> Result<Rating, RatingError> {
    let mut r = Results::new(2);
    for g in games {
        r.add(0, 1, g.score());
    }
    elo::fit(&r, 1, PRIOR_DRAWS).map(|f| f.ratings[0])
}

/// Single games of one pairing, for the engine given first.
#[derive(Clone, Debug)]
pub struct PairTable {
    /// The game.
    pub game: GameKind,
    /// The engines' names: the first engine's, the other's.
    pub names: [String; 2],
    /// Games played.
    pub games: usize,
    /// The first engine's wins, draws (annulled and stopped games among them) and
    /// losses.
    pub wins: usize,
    /// Draws, annulled and stopped games included.
    pub draws: usize,
    /// The first engine's losses.
    pub losses: usize,
    /// Games annulled (an endless move).
    pub annulled: usize,
    /// Games stopped at the ply limit.
    pub stopped: usize,
    /// Game points won: the first engine's, the other's.
    pub points: [u32; 2],
    /// Plies of all games.
    pub plies: u64,
    /// Thinking time: the first engine's, the other's.
    pub time: [Duration; 2],
    /// Moves: the first engine's, the other's.
    pub moves: [u64; 2],
    /// How the games ended.
    pub endings: Summary,
    /// The first engine's Elo rating relative to the other's.
    pub elo: Result<Rating, RatingError>,
}

impl PairTable {
    /// The table of `games` (of one pairing); `None` without games.
    #[must_use]
    pub fn new(game: GameKind, games: &[GameResult]) -> Option<PairTable> {
        let first = games.first()?;
        let count = |f: &dyn Fn(&GameResult) -> bool| games.iter().filter(|r| f(r)).count();
        let wins = count(&|r| r.score() == 1.0);
        let losses = count(&|r| r.score() == 0.0);
        Some(PairTable {
            game,
            names: first.names.clone(),
            games: games.len(),
            wins,
            draws: games.len() - wins - losses,
            losses,
            annulled: count(&|r| r.ending == Ending::Annulled),
            stopped: count(&|r| r.ending == Ending::Stopped),
            points: [
                games.iter().map(|r| r.points().0).sum(),
                games.iter().map(|r| r.points().1).sum(),
            ],
            plies: games.iter().map(|r| r.plies).sum(),
            time: [0, 1].map(|i| games.iter().map(|r| r.time[i]).sum()),
            moves: [0, 1].map(|i| games.iter().map(|r| r.moves[i]).sum()),
            endings: Summary::of(games),
            elo: pair_elo(games),
        })
    }

    /// Engine `i`'s score in percent (draws as half a game).
    #[must_use]
    pub fn score_percent(&self, i: usize) -> f64 {
        let won = if i == 0 { self.wins } else { self.losses };
        100.0 * (won as f64 + 0.5 * self.draws as f64) / self.games as f64
    }
}

impl fmt::Display for PairTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.games as f64;
        writeln!(f, "{}: {} games, colours alternated", self.game, self.games)?;
        writeln!(
            f,
            "{:<22} {:>5} {:>5} {:>5} {:>7} {:>8} {:>12}",
            "engine", "wins", "draws", "losses", "points", "score %", "moves/s"
        )?;
        for i in 0..2 {
            let (w, l) = if i == 0 {
                (self.wins, self.losses)
            } else {
                (self.losses, self.wins)
            };
            writeln!(
                f,
                "{:<22} {:>5} {:>5} {:>5} {:>7} {:>7.1}% {:>12.0}",
                self.names[i],
                w,
                self.draws,
                l,
                format!("{}-{}", self.points[i], self.points[1 - i]),
                self.score_percent(i),
                moves_per_second(self.moves[i], self.time[i]),
            )?;
        }
        writeln!(
            f,
            "average length {:.1} plies; {} annulled, {} stopped at the ply limit (both counted as draws); {:.0} moves/s overall",
            self.plies as f64 / n,
            self.annulled,
            self.stopped,
            moves_per_second(self.moves[0] + self.moves[1], self.time[0] + self.time[1]),
        )?;
        writeln!(f, "how the games ended: {}", self.endings)?;
        match &self.elo {
            Ok(r) => write!(
                f,
                "Elo of {} relative to {}: {} (maximum likelihood, 95% interval, 1 virtual draw added)",
                self.names[0],
                self.names[1],
                r.show()
            ),
            Err(e) => write!(f, "no Elo rating: {e}"),
        }
    }
}

/// Whole matches of one pairing, for the engine given first.
#[derive(Clone, Debug)]
pub struct MatchTable {
    /// The game.
    pub game: GameKind,
    /// The match's rules in a few words ([`crate::AnyMatch::describe`]).
    pub rules: String,
    /// The engines' names: the first engine's, the other's.
    pub names: [String; 2],
    /// Matches played.
    pub matches: usize,
    /// Matches won by the first engine.
    pub won: usize,
    /// Matches lost by the first engine.
    pub lost: usize,
    /// Games (rounds) of all matches.
    pub games: usize,
    /// Games won by the first engine.
    pub games_won: usize,
    /// Games lost by the first engine.
    pub games_lost: usize,
    /// Games annulled.
    pub annulled: usize,
    /// Games stopped at the ply limit.
    pub stopped: usize,
    /// Game points won: the first engine's, the other's.
    pub points: [u32; 2],
    /// The fewest and the most games of a match.
    pub match_length: (usize, usize),
    /// Plies of all games.
    pub plies: u64,
    /// Thinking time: the first engine's, the other's.
    pub time: [Duration; 2],
    /// Moves: the first engine's, the other's.
    pub moves: [u64; 2],
    /// How the games ended.
    pub endings: Summary,
}

/// A game's result for the first engine (1 won, -1 lost, 0 else) and its points.
fn game_result(g: &MatchGame) -> (i8, u32) {
    match g.ending {
        Ending::Over {
            winner: Some(w),
            points,
            ..
        } => (if w == g.first { 1 } else { -1 }, u32::from(points)),
        _ => (0, 0),
    }
}

impl MatchTable {
    /// The table of `matches` played with the rules `rules`; `None` without matches.
    #[must_use]
    pub fn new(game: GameKind, rules: &str, matches: &[MatchResult]) -> Option<MatchTable> {
        let first = matches.first()?;
        let games = || matches.iter().flat_map(|r| &r.games);
        let count = |r: i8| games().filter(|g| game_result(g).0 == r).count();
        let points = |r: i8| -> u32 {
            games()
                .map(game_result)
                .filter(|(x, _)| *x == r)
                .map(|(_, p)| p)
                .sum()
        };
        Some(MatchTable {
            game,
            rules: rules.to_string(),
            names: first.names.clone(),
            matches: matches.len(),
            won: matches.iter().filter(|r| r.won == Some(true)).count(),
            lost: matches.iter().filter(|r| r.won == Some(false)).count(),
            games: games().count(),
            games_won: count(1),
            games_lost: count(-1),
            annulled: games().filter(|g| g.ending == Ending::Annulled).count(),
            stopped: games().filter(|g| g.ending == Ending::Stopped).count(),
            points: [points(1), points(-1)],
            match_length: matches
                .iter()
                .map(|r| r.games.len())
                .fold((usize::MAX, 0), |(a, b), k| (a.min(k), b.max(k))),
            plies: games().map(|g| g.plies).sum(),
            time: [0, 1].map(|i| matches.iter().map(|r| r.time[i]).sum()),
            moves: [0, 1].map(|i| matches.iter().map(|r| r.moves[i]).sum()),
            endings: Summary::of_endings(games().map(|g| &g.ending)),
        })
    }

    /// Matches neither won nor lost.
    #[must_use]
    pub fn unfinished(&self) -> usize {
        self.matches - self.won - self.lost
    }

    /// Engine `i`'s score in percent (unfinished matches as half a match).
    #[must_use]
    pub fn score_percent(&self, i: usize) -> f64 {
        let won = if i == 0 { self.won } else { self.lost };
        100.0 * (won as f64 + 0.5 * self.unfinished() as f64) / self.matches as f64
    }
}

impl fmt::Display for MatchTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.matches as f64;
        let (unit, one) = if self.game == GameKind::RioKadalis {
            ("rounds", "round")
        } else {
            ("games", "game")
        };
        let drawn = self.games - self.games_won - self.games_lost;
        writeln!(
            f,
            "{}: {} matches ({}), colours alternated between matches",
            self.game, self.matches, self.rules
        )?;
        writeln!(
            f,
            "{:<22} {:>5} {:>5} {:>10} {:>8} {:>14} {:>8} {:>12}",
            "engine",
            "won",
            "lost",
            "unfinished",
            "score %",
            format!("{unit} W-D-L"),
            "points",
            "moves/s"
        )?;
        for i in 0..2 {
            let ((w, l), (gw, gl)) = if i == 0 {
                ((self.won, self.lost), (self.games_won, self.games_lost))
            } else {
                ((self.lost, self.won), (self.games_lost, self.games_won))
            };
            writeln!(
                f,
                "{:<22} {:>5} {:>5} {:>10} {:>7.1}% {:>14} {:>8} {:>12.0}",
                self.names[i],
                w,
                l,
                self.unfinished(),
                self.score_percent(i),
                format!("{gw}-{drawn}-{gl}"),
                if self.game == GameKind::RioKadalis {
                    "-".to_string()
                } else {
                    format!("{}-{}", self.points[i], self.points[1 - i])
                },
                moves_per_second(self.moves[i], self.time[i]),
            )?;
        }
        let (min, max) = self.match_length;
        writeln!(
            f,
            "average {:.1} {unit} per match (from {min} to {max}), {:.1} plies per {one}; {} annulled and {} stopped at the ply limit (counted as drawn); {:.0} moves/s overall",
            self.games as f64 / n,
            self.plies as f64 / self.games.max(1) as f64,
            self.annulled,
            self.stopped,
            moves_per_second(self.moves[0] + self.moves[1], self.time[0] + self.time[1]),
        )?;
        write!(f, "how the {unit} ended: {}", self.endings)
    }
}

/// A round robin's table: every engine's games, score and rating, the differences
/// between neighbours, the pairings and the cross table.
#[derive(Clone, Debug)]
pub struct RoundRobinTable<'a> {
    /// The game.
    pub game: GameKind,
    /// The round robin.
    pub round_robin: &'a RoundRobin,
    /// The engines, best rated first (indices of the round robin's specs).
    pub order: Vec<usize>,
}

impl RoundRobinTable<'_> {
    /// The table of `rr`, played in games of `game`.
    #[must_use]
    pub fn new(game: GameKind, rr: &RoundRobin) -> RoundRobinTable<'_> {
        let mut order: Vec<usize> = (0..rr.specs.len()).collect();
        let ratings = &rr.fit.ratings;
        order.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
        RoundRobinTable {
            game,
            round_robin: rr,
            order,
        }
    }
}

impl fmt::Display for RoundRobinTable<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rr = self.round_robin;
        let specs: Vec<String> = rr.specs.iter().map(ToString::to_string).collect();
        let n = specs.len();
        let total = rr.games.len();
        let games = rr.games_per_pairing;
        writeln!(
            f,
            "{}: round robin of {n} engines, {games} games a pairing ({total} games), colours alternated",
            self.game
        )?;
        let fit = &rr.fit;
        let order = &self.order;
        writeln!(
            f,
            "{:<18} {:>6} {:>8} {:>16} {:>18} {:>10}",
            "engine",
            "games",
            "score %",
            format!("Elo ({})", specs[rr.anchor]),
            "above the next",
            "moves/s"
        )?;
        for (k, &i) in order.iter().enumerate() {
            let (g, s) = rr.results.total(i);
            let next = order.get(k + 1).map_or(String::new(), |&j| {
                let (d, e) = fit.difference(i, j);
                format!("{d:+.0} ± {e:.0}")
            });
            writeln!(
                f,
                "{:<18} {:>6} {:>7.1}% {:>16} {:>18} {:>10.0}",
                specs[i],
                g,
                100.0 * s / g.max(1.0),
                fit.ratings[i].show(),
                next,
                moves_per_second(rr.speed[i].1, rr.speed[i].0),
            )?;
        }
        writeln!(
            f,
            "Elo: maximum likelihood over all games (draws, annulled and stopped games as half points), \
             ± the 95% interval relative to {} (1.96 standard errors from the Fisher information), \
             1 virtual draw added to every pairing; '>' marks an engine that won every game",
            specs[rr.anchor]
        )?;
        let plies: u64 = rr.games.iter().map(|g| g.plies).sum();
        let annulled = rr
            .games
            .iter()
            .filter(|g| g.ending == Ending::Annulled)
            .count();
        let stopped = rr
            .games
            .iter()
            .filter(|g| g.ending == Ending::Stopped)
            .count();
        writeln!(
            f,
            "average length {:.1} plies; {annulled} annulled, {stopped} stopped at the ply limit",
            plies as f64 / total.max(1) as f64
        )?;
        writeln!(f, "how the games ended: {}", Summary::of(&rr.games))?;
        writeln!(f, "pairings (first engine's wins, draws, losses):")?;
        for (k, pairing) in rr.games.chunks(games.max(1)).enumerate() {
            let (i, j) = rr.pairings[k];
            let w = pairing.iter().filter(|g| g.score() == 1.0).count();
            let l = pairing.iter().filter(|g| g.score() == 0.0).count();
            writeln!(
                f,
                "{:>16} - {:<16} +{w} ={} -{l}",
                specs[i],
                specs[j],
                pairing.len() - w - l
            )?;
        }
        writeln!(f, "score % of the row against the column:")?;
        let short: Vec<String> = specs.iter().map(|s| s.replace("alphabeta", "ab")).collect();
        write!(f, "{:<18}", "")?;
        for &j in order {
            write!(f, " {:>10}", short[j])?;
        }
        for &i in order {
            write!(f, "\n{:<18}", specs[i])?;
            for &j in order {
                if i == j {
                    write!(f, " {:>10}", "-")?;
                } else {
                    write!(
                        f,
                        " {:>9.1}%",
                        100.0 * rr.results.points[i][j] / rr.results.games[i][j].max(1.0)
                    )?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use mancala_core::Player;

    use super::*;
    use crate::tournament::{Ending, GameResult, MatchGame, MatchResult};

    /// A game of `first` (South or North) ending as `ending`, of 10 plies, each engine
    /// 5 moves in 1 s.
    fn game(first: Player, ending: Ending) -> GameResult {
        GameResult {
            names: ["a".into(), "b".into()],
            first,
            ending,
            plies: 10,
            time: [Duration::from_secs(1); 2],
            moves: [5; 2],
            file: None,
        }
    }

    fn won_by(winner: Player, points: u8) -> Ending {
        Ending::Over {
            winner: Some(winner),
            points,
            reason: urim::end::STARVATION,
        }
    }

    #[test]
    fn a_pairing_counts_for_the_first_engine() {
        use Player::{North, South};
        // The first engine (a) wins as South with 2 points, loses as North (b wins
        // 1 point as South), draws, and a game is stopped: 1.5 of 4, 37.5%.
        let games = [
            game(South, won_by(South, 2)),
            game(North, won_by(South, 1)),
            game(
                South,
                Ending::Over {
                    winner: None,
                    points: 0,
                    reason: urim::end::STARVATION,
                },
            ),
            game(North, Ending::Stopped),
        ];
        let t = PairTable::new(GameKind::Urim, &games).unwrap();
        assert_eq!((t.wins, t.draws, t.losses), (1, 2, 1));
        assert_eq!((t.annulled, t.stopped), (0, 1));
        assert_eq!(t.points, [2, 1]);
        assert_eq!(t.score_percent(0), 50.0);
        assert_eq!(t.plies, 40);
        assert_eq!(moves_per_second(t.moves[0], t.time[0]), 5.0);
        // Two wins, two losses: the fit gives 0 (the prior's draw changes nothing).
        assert!(t.elo.as_ref().unwrap().elo.abs() < 1e-6, "{:?}", t.elo);
        let text = t.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "urim: 4 games, colours alternated");
        assert_eq!(
            lines[2],
            "a                          1     2     1     2-1    50.0%            5"
        );
        assert_eq!(
            lines[4],
            "average length 10.0 plies; 0 annulled, 1 stopped at the ply limit (both counted as draws); 5 moves/s overall"
        );
        assert!(lines[6].starts_with("Elo of a relative to b: "), "{text}");
        assert!(PairTable::new(GameKind::Urim, &[]).is_none());
    }

    #[test]
    fn three_wins_of_four_and_the_prior_draw_are_147_elo() {
        // 3 of 4 and one virtual draw: 3.5 of 5, 400 log10(3.5 / 1.5) = 147.2.
        let games: Vec<GameResult> = (0..4)
            .map(|i| {
                let w = if i < 3 { Player::South } else { Player::North };
                game(Player::South, won_by(w, 1))
            })
            .collect();
        let r = pair_elo(&games).unwrap();
        assert!((r.elo - 147.19).abs() < 0.01, "{r:?}");
    }

    #[test]
    fn matches_count_games_points_and_lengths() {
        let m = |won, games: Vec<MatchGame>| MatchResult {
            names: ["a".into(), "b".into()],
            won,
            games,
            score: [0, 0],
            time: [Duration::from_secs(2); 2],
            moves: [4; 2],
        };
        let g = |first, ending| MatchGame {
            ending,
            first,
            plies: 20,
        };
        use Player::{North, South};
        let matches = [
            m(
                Some(true),
                vec![g(South, won_by(South, 2)), g(South, won_by(North, 1))],
            ),
            m(None, vec![g(North, Ending::Annulled)]),
        ];
        let t = MatchTable::new(GameKind::Urim, "to 2 points", &matches).unwrap();
        assert_eq!((t.won, t.lost, t.unfinished()), (1, 0, 1));
        assert_eq!((t.games, t.games_won, t.games_lost), (3, 1, 1));
        assert_eq!(t.points, [2, 1]);
        assert_eq!(t.match_length, (1, 2));
        assert_eq!(t.score_percent(0), 75.0);
        let text = t.to_string();
        assert!(
            text.starts_with("urim: 2 matches (to 2 points), colours alternated between matches\n"),
            "{text}"
        );
        assert!(
            text.contains(
                "average 1.5 games per match (from 1 to 2), 20.0 plies per game; 1 annulled"
            ),
            "{text}"
        );
    }
}
