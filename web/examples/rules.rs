//! Writes the site's rules pages (`<out>/<game>.html` and `rules.css`) from the
//! page's How to play (`web/rules/<game>.md`) and the repository's `docs/` (web/build.sh
//! runs it; the pages are made by `mancala_web::rules`).
//!
//! ```text
//! cargo run --features rules --example rules -- ../docs rules dist/rules
//! ```

use std::{fs, path::PathBuf, process::ExitCode};

use mancala_web::rules::{CSS, GAMES, page};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1).map(PathBuf::from);
    let (Some(docs), Some(how), Some(out)) = (args.next(), args.next(), args.next()) else {
        eprintln!("usage: rules <docs dir> <how-to-play dir> <out dir>");
        return ExitCode::FAILURE;
    };
    let read_in = |dir: &PathBuf, name: &str| {
        let path = dir.join(name);
        fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
    };
    let read = |name: &str| read_in(&docs, name);
    let run = || -> Result<(), String> {
        let rulings = read("rulings.md")?;
        fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
        let write = |name: &str, text: &str| {
            let path = out.join(name);
            fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
        };
        for (game, _) in GAMES {
            write(
                &format!("{game}.html"),
                &page(
                    game,
                    &read_in(&how, &format!("{game}.md"))?,
                    &read(&format!("{game}.md"))?,
                    &rulings,
                )?,
            )?;
        }
        write("rules.css", CSS)
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rules: {e}");
            ExitCode::FAILURE
        }
    }
}
