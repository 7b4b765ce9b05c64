//! Progress on stderr for every run that can take more than a few seconds: a bar
//! (indicatif) on a terminal, and otherwise (a log, a pipe) a line every few seconds
//! with the same figures. [`Bars`] draws the library's long builds
//! ([`Progress`](mancala_solve::progress::Progress)).

use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use mancala_solve::progress::{Progress, Stage};

/// How often a bar that cannot draw (stderr is not a terminal) prints its line.
const EVERY: Duration = Duration::from_secs(5);

/// `bar` with the given template, and a line every few seconds where it cannot draw:
/// `<prefix>: <done>/<total> <unit>, <message>, <elapsed> s` (the parts it has).
fn shown(bar: ProgressBar, template: &str, unit: &'static str) -> ProgressBar {
    bar.set_style(
        ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    if bar.is_hidden() {
        let weak = bar.downgrade();
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(EVERY);
                let Some(bar) = weak.upgrade().filter(|b| !b.is_finished()) else {
                    return;
                };
                let mut parts = Vec::new();
                if let Some(len) = bar.length() {
                    parts.push(format!("{}/{len} {unit}", bar.position()));
                }
                if !bar.message().is_empty() {
                    parts.push(bar.message());
                }
                parts.push(format!("{} s", bar.elapsed().as_secs()));
                match bar.prefix() {
                    p if p.is_empty() => eprintln!("{}", parts.join(", ")),
                    p => eprintln!("{p}: {}", parts.join(", ")),
                }
            }
        });
    }
    bar
}

/// A bar of `len` steps counted in `unit` (games, matches, iterations).
pub fn bar(len: u64, unit: &'static str) -> ProgressBar {
    let template = format!("{{bar:40}} {{pos}}/{{len}} {unit}  {{elapsed_precise}}  {{msg}}");
    shown(ProgressBar::new(len), &template, unit)
}

/// A spinner for work of unknown length (a proof search), `prefix` naming it, the
/// message saying where it is.
pub fn spinner(prefix: &str) -> ProgressBar {
    let bar = ProgressBar::new_spinner().with_prefix(prefix.to_string());
    let bar = shown(bar, "{spinner} {prefix} [{elapsed_precise}] {msg}", "");
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// A bar of the boards done for a stage whose work is known, a spinner with the
/// stage's name otherwise (a distributed build's rounds).
#[derive(Default)]
pub struct Bars {
    bar: Mutex<Option<ProgressBar>>,
}

impl Bars {
    fn bar(&self) -> MutexGuard<'_, Option<ProgressBar>> {
        self.bar.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Progress for Bars {
    fn start(&self, stage: &Stage<'_>) {
        let mut bar = self.bar();
        if let (Some(spinner), None) = (&*bar, stage.boards)
            && spinner.length().is_none()
        {
            spinner.set_prefix(stage.to_string());
            return;
        }
        if let Some(old) = bar.take() {
            old.finish_and_clear();
        }
        *bar = Some(match stage.boards {
            Some(boards) => shown(
                ProgressBar::new(boards).with_prefix(stage.to_string()),
                "{prefix} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} boards, \
                 {per_sec}, {eta} left",
                "boards",
            ),
            None => spinner(&stage.to_string()),
        });
    }

    fn advance(&self, boards: u64) {
        if let Some(bar) = &*self.bar() {
            bar.inc(boards);
        }
    }

    fn finish(&self) {
        if let Some(bar) = self.bar().take() {
            bar.finish_and_clear();
        }
    }
}
