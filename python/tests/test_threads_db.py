"""Engines thinking while Python threads play (the GIL is released), engines shared
between threads, and the endgame databases."""

import os
import random
import re
import subprocess
import threading

import pytest

import mancala_runtime as mr


def random_game(variant, seed):
    rng = random.Random(seed)
    g = mr.Game(variant)
    while not g.is_finished:
        g.play(rng.choice(g.legal_actions()))
    return g.notation(), g.south_points


def test_python_plays_while_an_engine_thinks():
    """While one search runs in a thread, the main thread plays whole games: the
    search has released the GIL."""
    e = mr.Engine("alphabeta:1500ms", "oware")
    g = mr.Game("oware")
    out = {}
    t = threading.Thread(target=lambda: out.setdefault("r", e.search(g)))
    t.start()
    played = 0
    while t.is_alive():
        random_game("urim", played)
        played += 1
    t.join()
    assert played >= 3, played
    assert out["r"].best in g.legal_moves()


def test_threads_with_engines_play_as_alone():
    """Eight threads, each a game and an engine: every game ends as it does played
    alone, in one thread; then the eight share one engine (its searches take turns
    behind its lock) and every move it gives is legal."""

    def engine_game(seed, e=None):
        e = e or mr.Engine("alphabeta:3", "kalah", seed=seed)
        rng = random.Random(seed)
        g = mr.Game("kalah")
        while not g.is_finished:
            if g.to_move == 0:
                g.play(e.search(g).best)  # raises if the move were illegal
            else:
                g.play(rng.choice(g.legal_moves()))
        return g.moves()

    alone = [engine_game(s) for s in range(8)]
    results = [None] * 8
    shared = mr.Engine("alphabeta:3", "kalah")

    def run(i):
        results[i] = engine_game(i)
        engine_game(i, shared)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == alone


def test_one_game_in_two_threads_is_an_error_not_a_crash():
    g = mr.Game("omweso")
    errors = []

    def play_many():
        rng = random.Random(threading.get_ident())
        for _ in range(2000):
            try:
                if g.is_finished:
                    g.restart()
                g.play(rng.choice(g.legal_moves() or ["a"]))
            except (mr.MancalaError, RuntimeError) as err:  # another thread moved first
                errors.append(err)

    threads = [threading.Thread(target=play_many) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # the game is whole: its moves replay to its position
    back = mr.Game.from_moves(g.variant, g.start_notation(), g.moves())
    assert back.notation() == g.notation()


def solve_binary():
    # python/ci.sh builds the solve example and names it in MANCALA_SOLVE; the test
    # never picks up whatever build happens to lie in target/.
    path = os.environ.get("MANCALA_SOLVE")
    assert path and os.path.exists(path), (
        "set MANCALA_SOLVE to the solve example "
        "(cargo build --release --example solve: target/release/examples/solve)"
    )
    return path


def test_databases(tmp_path):
    with pytest.raises(mr.DatabaseError):
        mr.Engine("alphabeta:4", "kalah pits=4 seeds=3", db=str(tmp_path / "none"))
    solve = solve_binary()
    subprocess.run(
        [solve, "kalah", "--pits", "4", "--seeds", "3", "--max-seeds", "8", "--db", str(tmp_path)],
        check=True, capture_output=True,
    )
    e = mr.Engine("alphabeta:2", "kalah pits=4 seeds=3", db=str(tmp_path))
    assert e.has_databases
    deep = mr.Engine("alphabeta:40", "kalah pits=4 seeds=3")
    rng = random.Random(4)
    checked = 0
    while checked < 10:
        g = mr.Game("kalah pits=4 seeds=3")
        while not g.is_finished and sum(g.cells()[:8]) > 7:
            g.play(rng.choice(g.legal_moves()))
        if g.is_finished or len(g.legal_moves()) < 2:
            continue
        exact = e.exact(g)
        assert exact is not None
        # a search of the whole game tree, without databases, finds the same winner
        r = deep.search(g)
        assert "win" in r.score_text or "loss" in r.score_text or "draw" in r.score_text, r
        mover = g.to_move
        if "win" in r.score_text:
            assert exact.winner == mover
        elif "loss" in r.score_text:
            assert exact.winner == 1 - mover
        else:
            assert exact.winner is None
        checked += 1


def small_databases(tmp_path, args):
    folder = tmp_path / args[0]
    subprocess.run([solve_binary(), *args, "--db", str(folder)], check=True, capture_output=True)
    return str(folder)


def test_exact_values_name_no_rule(tmp_path):
    """`Engine.exact` is the databases' value of perfect play: no game has ended there,
    so its outcome names no rule (`reason` is None); its totals hold every seed."""
    cases = [
        # Kalah on 4 pits of 3 seeds, from the start: 24 seeds in all.
        ("kalah pits=4 seeds=3", ["kalah", "--pits", "4", "--seeds", "3", "--max-seeds", "8"], None, 24),
        # Urim 2x6 with 4 seeds left on the board and 17 + 15 taken: 36 seeds in all.
        ("urim", ["urim", "--max-seeds", "4"], "0,0,0,1,0,2/0,1,0,0,0,0 17-15 N", 36),
    ]
    for variant, args, position, seeds in cases:
        if position is None:
            # down to 8 seeds on the board by a few random moves
            rng = random.Random(1)
            g = mr.Game(variant)
            while sum(g.cells()[:8]) > 8 or g.is_finished:
                if g.is_finished:
                    g = mr.Game(variant)
                g.play(rng.choice(g.legal_moves()))
        else:
            g = mr.Game(variant, position=position)
        e = mr.Engine("alphabeta:2", variant, db=small_databases(tmp_path, args))
        o = e.exact(g)
        assert o is not None, variant
        assert o.reason is None, (variant, o)
        assert "reason=None" in repr(o)
        assert sum(o.totals) == seeds, (variant, o)
        assert "perfect play" in o.description
    # A finished game still names its rule.
    assert mr.Game("urim", position="0,0,0,0,0,0/0,0,0,0,0,1 20-15 S").outcome.reason == "starvation"


def test_a_known_outcome_claims_no_distance(tmp_path):
    """With the databases, the search of Kalah(4, 3)'s start finds every child's
    outcome in them. They say who wins, not in how many plies: the score must not say
    "win in 1 ply" (one ply from the start leaves both rows with seeds, and Kalah ends
    only when a row is empty, rule K6). Any distance the text gives must be true: the
    principal variation ends the game in that many plies."""
    variant = "kalah pits=4 seeds=3"
    db = small_databases(tmp_path, ["kalah", "--pits", "4", "--seeds", "3", "--max-seeds", "24"])
    start = mr.Game(variant)
    for spec in ["alphabeta:1", "alphabeta:4", "greedy"]:
        r = mr.Engine(spec, variant, db=db).search(start)
        assert "in 1 ply" not in r.score_text, (spec, r)
        m = re.search(r"in (\d+) pl", r.score_text)
        if m:
            g = start.copy()
            for move in r.pv[: int(m.group(1))]:
                g.play(move)
            assert g.is_finished, (spec, r)
        # South, to move, wins (as the search without databases below finds)
        assert r.score_text == "known win", (spec, r)
    # without databases, a search to the end finds the forced win, with its distance
    deep = mr.Engine("alphabeta:20", variant).search(start)
    assert deep.score_text.startswith("win in "), deep
