//! Progress bars on stderr for the library's long builds: a
//! [`Progress`](mancala_solve::progress::Progress) that indicatif draws.

use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use mancala_solve::progress::{Progress, Stage};

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
            spinner.set_message(stage.to_string());
            return;
        }
        if let Some(old) = bar.take() {
            old.finish_and_clear();
        }
        let new = match stage.boards {
            Some(boards) => {
                let pb = ProgressBar::new(boards);
                pb.set_style(
                    ProgressStyle::with_template(
                        "{prefix} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} boards, \
                         {per_sec}, {eta} left",
                    )
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
                );
                pb.set_prefix(stage.to_string());
                pb
            }
            None => {
                let pb = ProgressBar::new_spinner();
                pb.enable_steady_tick(Duration::from_millis(200));
                pb.set_message(stage.to_string());
                pb
            }
        };
        *bar = Some(new);
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
