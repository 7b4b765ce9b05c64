#!/usr/bin/env bash
# The Python package's CI step (run by .ci/run; docs/python.md): a virtual environment
# kept between runs (in ~/.cache, made again if broken), the tools from the package index
# when missing, `pip install ./python`, then pytest. MANCALA_PY_GAMES sets the random
# games of the long comparisons (200 here).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --manifest-path python/Cargo.toml --check
venv="${MANCALA_PY_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/mancala-python-venv}"
"$venv/bin/python" -c '' 2>/dev/null || { rm -rf "$venv"; "${PYTHON:-python3}" -m venv "$venv"; }
py="$venv/bin/python"
export PATH="$venv/bin:$PATH"  # maturin's binary, for the build without isolation
"$py" -c 'import maturin, pytest, numpy, pyspiel' 2>/dev/null \
    || "$py" -m pip install -q --disable-pip-version-check maturin pytest numpy open_spiel
# The extension's own target folder (its workspace is python/ alone); no LTO here, to
# build faster (python/bench.py measures a plain `pip install ./python`).
CARGO_TARGET_DIR="$PWD/target/python" CARGO_PROFILE_RELEASE_LTO=off \
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    "$py" -m pip install -q --disable-pip-version-check --no-build-isolation --force-reinstall \
    --no-deps ./python
# The databases' test builds small databases with the solve example: built here, so
# that this step needs nothing an earlier step left behind.
cargo build -q --release --example solve
export MANCALA_SOLVE="${CARGO_TARGET_DIR:-$PWD/target}/release/examples/solve"
cd python/tests
export MANCALA_PY_GAMES="${MANCALA_PY_GAMES:-200}"
"$py" -m pytest -q -p no:cacheprovider .
