//! The command-line options the examples share, read by `clap`: the game, its variant
//! options and `--from`, and engine specs checked before anything is printed. The
//! words come from the library (`mancala::runtime`): the variant options are each
//! game's own (`GameKind::options`), the engines' grammar is `EngineSpec`'s, so the
//! help texts list what the library accepts.

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use mancala::runtime::variant::GameKind;
use mancala::runtime::{AnyGame, EngineSpec, Error, Variant, files};

/// `clap`'s value parser for a game's name.
pub fn game_name(text: &str) -> Result<GameKind, String> {
    text.parse::<GameKind>().map_err(|e| e.to_string())
}

/// The help text of an `--engine` option: the library's grammar.
pub fn engines() -> String {
    mancala::runtime::engine::spec_help()
}

/// The variant options and `--from`: every game's options (from the library), each
/// game refusing those that are not its own.
#[derive(Clone, Debug, Default)]
pub struct VariantArgs {
    /// The options given, as the words of a variant's text (`pits=7 clockwise`).
    pub words: Vec<String>,
    /// `--from`: start from this position.
    pub from: Option<String>,
}

/// Every option of every game, by name, in the order of the games, with the games
/// that have it: `pits` (urim, rio-kadalis, kalah), `clockwise` (rio-kadalis), …
fn all_options() -> Vec<(&'static str, Vec<(GameKind, mancala::variant::OptionInfo)>)> {
    let mut all: Vec<(&str, Vec<_>)> = Vec::new();
    for game in GameKind::ALL {
        for o in game.options() {
            match all.iter_mut().find(|(name, _)| *name == o.name) {
                Some((_, games)) => games.push((game, *o)),
                None => all.push((o.name, vec![(game, *o)])),
            }
        }
    }
    // The counts first, as the variants' texts write them.
    all.sort_by_key(|(_, games)| games[0].1.is_flag());
    all
}

/// The help of an option: each game's words for it (`urim: pits per row, 6 or 7
/// (default 6); kalah: …`).
fn help(games: &[(GameKind, mancala::variant::OptionInfo)]) -> String {
    let parts: Vec<String> = games
        .iter()
        .map(|(game, o)| {
            if o.is_flag() {
                format!("{game}: {}", o.help)
            } else {
                format!("{game}: {}, {} (default {})", o.help, o.values, o.default)
            }
        })
        .collect();
    parts.join("; ")
}

impl Args for VariantArgs {
    fn augment_args(cmd: Command) -> Command {
        let mut cmd =
            cmd.next_help_heading("Game options (each game refuses those that are not its own)");
        for (name, games) in all_options() {
            let arg = Arg::new(name).long(name).help(help(&games));
            cmd = cmd.arg(if games[0].1.is_flag() {
                arg.action(ArgAction::SetTrue)
            } else {
                arg.value_name(games[0].1.value_name())
                    .value_parser(clap::value_parser!(u8))
            });
        }
        cmd.arg(
            Arg::new("from")
                .long("from")
                .value_name("NOTATION")
                .allow_hyphen_values(true)
                .help(
                    "Start from this position, in the game's notation (docs/<game>.md); in \
                     Omweso also a paused turn, as `play` and `replay` print it",
                ),
        )
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        VariantArgs::augment_args(cmd)
    }
}

impl FromArgMatches for VariantArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut v = VariantArgs::default();
        v.update_from_arg_matches(m)?;
        Ok(v)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        self.words.clear();
        for (name, games) in all_options() {
            if games[0].1.is_flag() {
                if m.get_flag(name) {
                    self.words.push(name.to_string());
                }
            } else if let Some(n) = m.get_one::<u8>(name) {
                self.words.push(format!("{name}={n}"));
            }
        }
        self.from = m.get_one::<String>("from").cloned();
        Ok(())
    }
}

impl VariantArgs {
    /// The options as the words of a variant's text.
    pub fn options(&self) -> String {
        self.words.join(" ")
    }

    /// Whether any option or `--from` is given.
    pub fn is_set(&self) -> bool {
        !self.words.is_empty() || self.from.is_some()
    }

    /// The variant of `game` these options give.
    pub fn variant(&self, game: GameKind) -> Result<Variant, Error> {
        Ok(Variant::with_options(game, &self.options())?)
    }

    /// The game they set up: the variant's start, or the position of `--from`.
    pub fn game(&self, game: GameKind) -> super::Result<AnyGame> {
        match &self.from {
            Some(text) => {
                AnyGame::from_notation(game, text, &self.options()).map_err(super::after("--from"))
            }
            None => Ok(AnyGame::new(&self.variant(game)?)),
        }
    }

    /// Refuses a game or these options beside the game file at `path` (`--file`,
    /// `--load`), whose tags give the game and its options.
    pub fn check_file(
        &self,
        named: Option<GameKind>,
        path: &std::path::Path,
        game: &AnyGame,
    ) -> Result<(), Error> {
        files::check_named(path, game, named, self.is_set())
    }
}

/// `clap`'s value parser for `--engine` and `--opponent`: a spec of the library's
/// grammar, so that a bad one is refused before anything is printed.
pub fn engine_spec(spec: &str) -> Result<EngineSpec, String> {
    spec.parse()
        .map_err(|e: mancala::search::spec::SpecError| e.to_string())
}

/// A count of at least 1 (`clap`'s value parser for `--depth`, `--time-ms`, …): every
/// such option refuses 0 with the same words.
pub fn at_least_one(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{text:?} is not a whole number")),
    }
}
