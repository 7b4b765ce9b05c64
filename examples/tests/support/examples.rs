//! What the process tests of the examples share: where `cargo test` built them.

use std::path::PathBuf;

/// The path of the example `name`, built by `cargo test` beside this test.
pub fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps/<test>");
    let path = profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is not built: run `cargo test -p mancala` (or --workspace), which builds the examples",
        path.display()
    );
    path
}
