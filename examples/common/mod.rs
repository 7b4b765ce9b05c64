//! What the examples share: the command-line options (`cli`, with clap), the progress
//! bars (`bars`, with indicatif) and the way they end. Everything else — the game dispatch, engines, matches, tournaments, Elo,
//! game files, databases — is the library's runtime layer (`mancala::runtime`).
#![allow(dead_code)] // Not every example uses every helper.

pub mod bars;
pub mod cli;

/// An example's result: the library's error, or its words after the option it came
/// from ([`after`]).
pub type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

/// The library's error after the option it came from, as the example prints it:
/// `--file: the Result tag says …`.
pub fn after(option: &str) -> impl FnOnce(mancala::runtime::Error) -> Box<dyn std::error::Error> {
    move |e| format!("{option}: {e}").into()
}

/// The exit code of an example: success, or the error printed to stderr and failure.
pub fn exit_code<E: std::fmt::Display>(
    result: std::result::Result<(), E>,
) -> std::process::ExitCode {
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Output piped into a program that stops reading (`perft urim 9 --divide | head -2`)
/// ends the example quietly, as command-line tools do, instead of with a panic about
/// a broken pipe: call first thing in `main`.
pub fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.contains("failed printing to std") && text.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}
