//! Setting up urim for the examples.

use super::{Runner, Variant};

/// Builds the starting game from the variant flags (or `--from`) and runs `runner`.
pub fn dispatch<R: Runner>(_variant: &Variant, _runner: R) -> Result<R::Output, String> {
    Err("urim is not implemented yet".into())
}
