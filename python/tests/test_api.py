"""The package's surface: reprs, arguments of the wrong type or sign, OpenSpiel's
returns of a draw, the terminal game's messages, Omweso's paused turns and batches of
engine games with random openings."""

import math
import random
import re

import numpy as np
import pytest

import mancala_runtime as mr


def test_search_report_repr_names_its_attributes():
    """Every `name=value` of the repr is an attribute of that name with that value."""
    g = mr.Game("oware")
    for spec in ["alphabeta:3", "mcts:50"]:
        r = mr.Engine(spec, "oware", seed=1).search(g)
        text = repr(r)
        fields = re.findall(r"(\w+)=", text)
        assert fields == [
            "best", "best_action", "score", "score_text", "pv", "nodes", "depth", "win_rate", "seconds",
        ], text
        for name in fields:
            value = getattr(r, name)
            assert f"{name}={value!r}" in text, (name, text)


@pytest.mark.parametrize(
    "call,exc,word",
    [
        (lambda: mr.Game("urim").perft(-1), ValueError, "depth"),
        (lambda: mr.Game("urim").perft(None), TypeError, "depth"),
        (lambda: mr.Game("urim").perft(1.5), TypeError, "depth"),
        (lambda: mr.Games("kalah", 2).game(-1), ValueError, "i"),
        (lambda: mr.Games("kalah", 2).game(None), TypeError, "i"),
        (lambda: mr.board_array(None), TypeError, "game"),
        (lambda: mr.board_array("urim"), TypeError, "game"),
        (lambda: mr.Game("omweso by-lot", lot=-1), ValueError, "lot"),
        (lambda: mr.Game("omweso by-lot", lot=None), TypeError, "lot"),
        (lambda: mr.Engine("random", "urim", seed=-1), ValueError, "seed"),
        (lambda: mr.Engine("random", "urim", seed=None), TypeError, "seed"),
        (lambda: mr.Games("kalah", -1), ValueError, "n"),
        (lambda: mr.Games("kalah", None), TypeError, "n"),
        (lambda: mr.Games("kalah", 2, seed=-1), ValueError, "seed"),
        (lambda: mr.play_games("kalah", -1), ValueError, "n"),
        (lambda: mr.play_games("kalah", None), TypeError, "n"),
        (lambda: mr.play_games("kalah", 1, seed=-1), ValueError, "seed"),
        (lambda: mr.play_games("kalah", 1, max_plies=-1), ValueError, "max_plies"),
        (lambda: mr.play_games("kalah", 1, threads=-1), ValueError, "threads"),
        (lambda: mr.play_games("kalah", 1, engine="random", random_plies=-1), ValueError, "random_plies"),
        (lambda: mr.play_games(None, 1), TypeError, "variant"),
        (lambda: mr.play("kalah", "random", you=2), ValueError, "you"),
        (lambda: mr.play("kalah", "random", you=None), TypeError, "you"),
    ],
)
def test_bad_numbers_and_none(call, exc, word):
    """A negative count or index is a ValueError, None or a float a TypeError (never
    OverflowError or AttributeError), and the message names the argument."""
    with pytest.raises(exc) as info:
        call()
    assert type(info.value) is exc
    assert re.search(rf"\b{word}\b", str(info.value)), str(info.value)


def test_good_numbers_still_pass():
    assert mr.Game("urim").perft(np.int64(1)) == 6  # Urim's six pits hold 3 seeds each
    assert mr.Games("kalah", 2).game(1).ply == 0
    with pytest.raises(IndexError):
        mr.Games("kalah", 2).game(2)


def test_openspiel_returns_of_a_draw_are_plus_zero():
    """A drawn game (equal totals, Kalah rule K6) returns 0.0 to each player, not
    -0.0 to North; a won game returns +1 and -1."""
    pyspiel = pytest.importorskip("pyspiel")
    mr.register()
    game = pyspiel.load_game("python_kalah(pits=4,seeds=3)")
    rng = random.Random(0)
    seen = set()
    for _ in range(2000):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        south, north = state.game.outcome.totals
        returns = state.returns()
        if south == north:
            assert returns == [0.0, 0.0]
            assert [math.copysign(1.0, r) for r in returns] == [1.0, 1.0], returns
            seen.add("draw")
        else:
            assert returns == ([1.0, -1.0] if south > north else [-1.0, 1.0])
            seen.add("win")
        if seen == {"draw", "win"}:
            break
    assert seen == {"draw", "win"}


def test_play_says_which_side_the_engine_plays():
    for you, engine_side in [(0, "North"), (1, "South")]:
        lines = []
        answers = iter(["a", "quit"])
        mr.play("kalah pits=4 seeds=3", "alphabeta:1", you=you, read=lambda _: next(answers), write=lines.append)
        said = [line for line in lines if "plays" in line]
        assert said and all(line.startswith(f"engine ({engine_side}) plays ") for line in said), lines


# docs/omweso.md, "A decision": South plays e (d c b); b now holds 2 and relays,
# and clockwise its 2 seeds would end in d facing North's e/m: the turn pauses at b
# with two moves, b (a, i, the turn ends) and b- (c, d, captures 2).
DECISION = "0,1,0,0,3,0,0,0/0,0,0,0,0,0,0,0/1,0,0,0,1,0,0,0/0,0,0,0,1,0,0,57 S sn 0-0"


def test_pending_decision_gives_the_two_moves_of_the_decision():
    g = mr.Game("omweso", position=DECISION)
    assert g.pending_decision() is None
    g.play("e")
    assert g.to_move == 0  # the same player decides
    assert g.pending_decision() == ["b", "b-"]
    assert sorted(g.legal_moves()) == ["b", "b-"]
    g.play("b")
    assert g.pending_decision() is None
    assert mr.Game("kalah").pending_decision() is None


def test_engine_games_vary_only_with_random_openings():
    """An engine against itself plays one game over and over; random openings make the
    games differ, and the same seed gives the same games."""
    variant, spec = "kalah pits=4 seeds=3", "alphabeta:2"

    def games(b):
        return [tuple(b.actions[b.offsets[i]:b.offsets[i + 1]]) for i in range(len(b))]

    same = games(mr.play_games(variant, 6, seed=1, engine=spec))
    assert len(set(same)) == 1
    assert games(mr.play_games(variant, 6, seed=1, engine=spec, random_plies=0)) == same
    opened = games(mr.play_games(variant, 6, seed=1, engine=spec, random_plies=3))
    assert len(set(opened)) > 1
    assert games(mr.play_games(variant, 6, seed=1, engine=spec, random_plies=3)) == opened
    assert games(mr.play_games(variant, 6, seed=2, engine=spec, random_plies=3)) != opened
    # the opening plies are legal moves, recorded with their positions, and the games
    # replay through the API
    b = mr.play_games(variant, 6, seed=1, engine=spec, random_plies=3)
    for i in range(len(b)):
        g = mr.Game(variant)
        for k in range(b.offsets[i], b.offsets[i + 1]):
            assert list(mr.board_array(g)) == list(b.cells[k])
            g.play(int(b.actions[k]))
        assert g.is_finished
