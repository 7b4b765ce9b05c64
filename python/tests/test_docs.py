"""The commands of docs/python.md ("Done when"), run as a person would run them."""

import re
import subprocess
import sys

from conftest import REPO


def commands():
    text = (REPO / "docs/python.md").read_text()
    return re.findall(r'^python -c "(.*?)"$', text, flags=re.S | re.M)


def test_the_page_has_both_commands():
    c = commands()
    assert len(c) == 2 and "mr.play('omweso'" in c[0] and "python_urim" in c[1]


def test_omweso_against_the_engine():
    """Typed moves: every pit letter in turn, so most are refused (an error, asked
    again) until a legal one comes, until the game ends."""
    letters = [chr(ord("a") + i) for i in range(16)]
    typed = "\n".join(letters * 3000) + "\n"
    code = commands()[0].replace("alphabeta:300ms", "alphabeta:2")
    out = subprocess.run(
        [sys.executable, "-c", code], input=typed, capture_output=True, text=True, timeout=600
    )
    assert out.returncode == 0, out.stderr
    assert "IllegalMoveError" in out.stdout
    last = out.stdout.strip().splitlines()[-1]
    assert " wins " in last or "annulled" in last, last


def test_openspiel_mcts_plays_urim():
    code = commands()[1].replace("2.0, 100,", "2.0, 10,")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert "wins" in out.stdout or "draw" in out.stdout, out.stdout


def test_the_python_examples_run():
    """The page's ```python blocks, in order, in one namespace."""
    text = (REPO / "docs/python.md").read_text()
    blocks = re.findall(r"^```python\n(.*?)^```$", text, flags=re.S | re.M)
    assert len(blocks) >= 3
    namespace = {}
    for block in blocks:
        exec(compile(block, "docs/python.md", "exec"), namespace)
    assert namespace["g"].ply == 1  # the engine's move


def test_docstrings_and_stubs():
    """help() explains every public class and its methods; the stubs name them all."""
    import inspect

    import mancala_runtime as mr

    stubs = (REPO / "python/mancala_runtime/_native.pyi").read_text()
    for name in mr.__all__:
        obj = getattr(mr, name)
        assert inspect.getdoc(obj), name
        if inspect.isclass(obj) and not issubclass(obj, Exception):
            if obj.__module__ == "mancala_runtime" and name not in ("GameBatch", "Games"):
                assert f"class {name}" in stubs, name
            for attr, member in vars(obj).items():
                if not attr.startswith("_") and callable(member):
                    assert inspect.getdoc(member), f"{name}.{attr}"
