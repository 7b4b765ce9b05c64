//! The property-test runner of this crate's unit tests: it counts how often each
//! property's main branch ran and fails if that is under half of the cases (a test whose
//! assertions never run cannot fail). `mancala_testkit::counted` is the same
//! for the other crates' tests; the core cannot depend on the test kit, which depends on
//! it.

use std::cell::Cell;
use std::fmt::Debug;

use proptest::strategy::Strategy;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

/// Runs `cases` cases of `test`, which returns whether its main branch ran; fails if a
/// case fails or the main branch ran in fewer than half of the cases. Returns how often
/// it ran.
pub fn counted<S: Strategy>(
    name: &str,
    cases: u32,
    strategy: S,
    test: impl Fn(S::Value) -> Result<bool, TestCaseError>,
) -> u32
where
    S::Value: Debug,
{
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let (main, all) = (Cell::new(0u32), Cell::new(0u32));
    let result = TestRunner::new(config).run(&strategy, |value| {
        all.set(all.get() + 1);
        if test(value)? {
            main.set(main.get() + 1);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    let (main, all) = (main.get(), all.get());
    println!("{name}: the main branch ran in {main} of {all} cases");
    assert!(
        2 * main >= all,
        "{name}: the main branch ran in only {main} of {all} cases"
    );
    main
}
