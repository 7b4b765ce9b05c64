#!/usr/bin/env bash
# The Python package's CI step (run by .ci/run; docs/python.md): a virtual environment
# under target/, the tools from the package index when missing, `pip install ./python`,
# then pytest. MANCALA_PY_GAMES sets the random games of the long comparisons (200 here).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --manifest-path python/Cargo.toml --check
venv="${MANCALA_PY_VENV:-$PWD/target/python-venv}"
[ -x "$venv/bin/python" ] || "${PYTHON:-python3}" -m venv "$venv"
py="$venv/bin/python"
export PATH="$venv/bin:$PATH"  # maturin's binary, for the build without isolation
"$py" -c 'import maturin, pytest, numpy, pyspiel' 2>/dev/null \
    || "$py" -m pip install -q --disable-pip-version-check maturin pytest numpy open_spiel
# The extension's own target folder (its workspace is python/ alone).
CARGO_TARGET_DIR="$PWD/target/python" "$py" -m pip install -q --disable-pip-version-check \
    --no-build-isolation --force-reinstall --no-deps ./python
cd python/tests
export MANCALA_PY_GAMES="${MANCALA_PY_GAMES:-200}"
"$py" -m pytest -q -p no:cacheprovider .
