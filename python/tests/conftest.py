"""Shared settings of the package's tests.

``MANCALA_PY_GAMES`` sets how many random games the long comparisons play (200 by
default, as CI runs them; docs/python.md gives the larger runs).
"""

import os
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
GAMES = int(os.environ.get("MANCALA_PY_GAMES", "200"))


@pytest.fixture
def repo():
    return REPO
