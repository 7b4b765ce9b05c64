"""The OpenSpiel registration: OpenSpiel's own checks (random_sim_test), identity with
OpenSpiel's C++ `oware` and `mancala` (Kalah), and OpenSpiel's MCTS bot playing
through the registration against the package's engine."""

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import mancala_runtime as mr  # noqa: E402
from mancala_runtime import openspiel as mos  # noqa: E402
from conftest import GAMES, REPO  # noqa: E402

NAMES = mr.register()

LOADS = [
    "python_urim",
    "python_urim(pits=7,seeds=4)",
    "python_urim(pits=6,seeds=4)",
    "python_omweso",
    "python_omweso(two_captures_first=True)",
    "python_omweso(by_lot=True)",
    "python_rio_kadalis",
    "python_rio_kadalis(pits=5,clockwise=True)",
    "python_oware",
    "python_oware(seeds=3)",
    "python_kalah",
    "python_kalah(pits=4,seeds=3,empty_capture=True,mover_empty=True)",
]


def test_registered():
    assert NAMES == ["python_urim", "python_omweso", "python_rio_kadalis", "python_oware", "python_kalah"]
    assert mr.register() == NAMES  # twice is harmless
    for name in NAMES:
        assert name in pyspiel.registered_names()


@pytest.mark.parametrize("load", LOADS)
def test_random_sim_test(load):
    game = pyspiel.load_game(load)
    t = game.get_type()
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    pyspiel.random_sim_test(game, num_sims=max(GAMES // 40, 3), serialize=False, verbose=False)


@pytest.mark.parametrize("load", LOADS)
def test_observations(load):
    game = pyspiel.load_game(load)
    state = game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal() and state.move_number() < 60:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        obs = np.asarray(state.observation_tensor(0))
        assert obs.shape == tuple(game.observation_tensor_shape())
        g = state.game
        cells = g.cells()
        npits = len(cells) - 2
        assert list(obs[:npits]) == [float(c) for c in cells[:npits]]
        assert list(obs[npits : npits + 2]) == cells[npits:]
        assert obs[npits + 2 + g.to_move] == 1
        assert state.observation_string(0) == g.notation()
        assert state.information_state_string(0) == state.history_str()
        state.apply_action(rng.choice(state.legal_actions()))


def test_by_lot_is_a_chance_node():
    game = pyspiel.load_game("python_omweso(by_lot=True)")
    s = game.new_initial_state()
    assert s.is_chance_node() and s.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    s.apply_action(1)
    assert s.current_player() == 1 and s.game.notation().split()[1] == "N"
    assert pyspiel.load_game("python_omweso").get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC


def test_omweso_decision_is_the_same_players_action():
    """A paused Omweso turn (rule 5): the same player moves again. From the golden
    replay of the `replay` example, whose 11th ply pauses."""
    game = pyspiel.load_game("python_omweso")
    s = game.new_initial_state()
    for m in "l m o n i k g f p g c".split():
        s.apply_action(s.game.action(m))
    assert s.game.notation().split()[-1] == "j+9:r"  # the golden line 11: paused at j
    assert s.current_player() == 0  # South played c and is still to move
    assert sorted(s.legal_actions()) == sorted([s.game.action("j"), s.game.action("j-")])
    s.apply_action(s.game.action("j"))
    assert s.current_player() == 1


def _kalah_action(player, a):
    # OpenSpiel's `mancala`: player 0's pits are cells 1..6, player 1's 8..13
    return a + 1 if player == 0 else a + 8


def test_identical_to_openspiel_kalah():
    """Kalah (default rules) against OpenSpiel's C++ `mancala`: the same legal
    actions, boards, players and returns at every step of random games."""
    ours, theirs = pyspiel.load_game("python_kalah"), pyspiel.load_game("mancala")
    rng = random.Random(11)
    for _ in range(GAMES):
        s, t = ours.new_initial_state(), theirs.new_initial_state()
        while True:
            assert s.is_terminal() == t.is_terminal()
            board = [int(x) for x in t.observation_tensor(0)[:14]]
            cells = s.game.cells()
            # OpenSpiel: store of player 1, South's pits, store of player 0, North's pits
            assert board == [cells[13]] + cells[0:6] + [cells[12]] + cells[6:12]
            if s.is_terminal():
                assert s.returns() == t.returns()
                break
            p = s.current_player()
            assert p == t.current_player()
            assert [_kalah_action(p, a) for a in s.legal_actions()] == t.legal_actions()
            a = rng.choice(s.legal_actions())
            s.apply_action(a)
            t.apply_action(_kalah_action(p, a))


@pytest.mark.parametrize("seeds", [4, 3])
def test_identical_to_openspiel_oware(seeds):
    """Oware against OpenSpiel's C++ `oware`: the same legal actions, boards and
    players at every step, the same returns and final totals (OpenSpiel moves the seeds
    left into the stores at the end, we count them in the totals)."""
    ours = pyspiel.load_game(f"python_oware(seeds={seeds})")
    theirs = pyspiel.load_game(f"oware(num_seeds_per_house={seeds})")
    scale = 12 * seeds  # OpenSpiel's observation: seeds / the total
    rng = random.Random(12)
    for _ in range(GAMES):
        s, t = ours.new_initial_state(), theirs.new_initial_state()
        while True:
            assert s.is_terminal() == t.is_terminal(), s.game.notation()
            board = [round(x * scale) for x in t.observation_tensor(0)]
            if s.is_terminal():
                assert s.returns() == t.returns()
                assert tuple(board[12:14]) == s.game.outcome.totals
                break
            assert board == s.game.cells()
            p = s.current_player()
            assert p == t.current_player()
            assert s.legal_actions() == t.legal_actions()
            a = rng.choice(s.legal_actions())
            s.apply_action(a)
            t.apply_action(a)


@pytest.mark.parametrize("load", ["python_urim", "python_omweso", "python_rio_kadalis"])
def test_mcts_plays_a_whole_game_against_our_engine(load):
    """OpenSpiel's MCTSBot plays a whole game through the registration; the package's
    engine (alpha-beta, a shallow depth) plays the other side."""
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(load)
    rng = np.random.RandomState(5)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=8,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
    )
    engine = mr.Engine("alphabeta:2", game.variant)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = engine.search(state.game).best_action
        assert action in state.legal_actions()
        state.apply_action(action)
    r = state.returns()
    assert r[0] == -r[1] == state.game.south_points
    assert abs(r[0]) <= game.max_utility()


def test_annulled_omweso_returns_zero():
    """Endless moves (rule 8) from the omweso crate's layouts: the game is annulled, 0
    each."""
    lines = (REPO / "crates/omweso/tests/endless_layouts.txt").read_text().splitlines()
    layouts = [line.rsplit(" ", 2)[:2] for line in lines if line and not line.startswith("#")]
    game = pyspiel.load_game("python_omweso")
    for position, move in layouts[:5]:
        s = game.new_initial_state()
        s.game = mr.Game("omweso", position=position)
        s.apply_action(s.game.action(move))
        assert s.game.status == "annulled" and s.game.outcome is None
        assert s.is_terminal() and s.returns() == [0.0, 0.0]
