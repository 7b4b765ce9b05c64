#!/usr/bin/env bash
# The page's tests (run by .ci/run): the web crate's host tests, the WebAssembly build
# (web/build.sh), and the browser test (web/browser.py: whole games of the five games
# played with the keyboard in headless Chromium, checked against the library's replay,
# axe-core on every state). Installs what it lacks: Debian's chromium and
# chromium-driver, and axe-core (npm ci, pinned in package-lock.json).
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi

if [ ! -f node_modules/axe-core/axe.min.js ]; then
    if ! command -v npm >/dev/null; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null
    fi
    npm ci --no-audit --no-fund --loglevel=error
fi

cargo fmt --check
cargo clippy -q --all-targets --all-features -- -D warnings
cargo test -q --all-features
./build.sh
(cd .. && cargo build -q --release --example replay)
root_target=${CARGO_TARGET_DIR:-../target}
# The screenshots go to the target folder (not committed): look at them.
timeout 1200 python3 browser.py test --dist dist --replay "$root_target/release/examples/replay" \
    --shots "$root_target/web-screenshots"
