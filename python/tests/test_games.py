"""The games through the package, against results that do not come from Python: the
perft vectors of the crates (each computed twice in Rust, and Kalah's and Oware's by
OpenSpiel), the golden outputs of the `replay` example (.ci/golden), and OpenSpiel's
own recorded Kalah games (crates/kalah/tests/openspiel-games.txt)."""

import copy
import pickle
import random

import numpy as np
import pytest

import mancala_runtime as mr
from conftest import GAMES, REPO

PERFT_FILES = {
    "urim": "crates/urim/tests/urim.perft",
    "omweso": "crates/omweso/tests/omweso.perft",
    "rio-kadalis": "crates/rio-kadalis/tests/rio-kadalis.perft",
    "oware": "crates/oware/tests/oware.perft",
    "kalah": "crates/kalah/tests/kalah.perft",
}
# Only counts up to this many nodes (the rest is for the crates' own long tests).
PERFT_LIMIT = 60_000


def perft_cases():
    for game, path in PERFT_FILES.items():
        case = None
        for line in (REPO / path).read_text().splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            word, _, rest = line.partition(" ")
            if word == "id":
                case = {"id": rest, "options": ""}
            elif word == "position":
                case["position"] = rest
            elif word in ("options", "rules"):
                case["options"] = rest
            elif word == "perft":
                depth, nodes = (int(x) for x in rest.split())
                if nodes <= PERFT_LIMIT:
                    yield pytest.param(
                        game, case["position"], case["options"], depth, nodes,
                        id=f"{game}-{case['id']}-{depth}",
                    )


@pytest.mark.parametrize("game,position,options,depth,nodes", list(perft_cases()))
def test_perft_vectors(game, position, options, depth, nodes):
    variant = game
    if options:
        variant += " " + " ".join(o.strip() for o in options.replace(",", " ").split())
    if game == "kalah":
        variant = "kalah"  # Kalah's notation carries its options
    g = mr.Game(variant, position=position)
    assert g.perft(depth) == nodes


def golden_replays():
    for game in mr.games():
        args = (REPO / f".ci/golden/replay-{game}.args").read_text().split("\n")
        args = [a for a in args if a]
        lines = (REPO / f".ci/golden/replay-{game}.txt").read_text().splitlines()
        yield pytest.param(game, args, lines, id=game)


@pytest.mark.parametrize("game,args,lines", list(golden_replays()))
def test_golden_replays(game, args, lines):
    """The `replay` example's golden output, ply by ply: the move, the position, the
    status (with the totals, the winner and the points at the end)."""
    variant, position, moves = [game], None, []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--from":
            position = args[i + 1]
            i += 2
        elif a.startswith("--"):
            variant.append(f"{a[2:]}={args[i + 1]}")
            i += 2
        else:
            moves.append(a)
            i += 1
    g = mr.Game(" ".join(variant), position=position)
    assert len(moves) == len(lines)
    for m, line in zip(moves, lines):
        move, notation, status = line.split("\t")
        g.play(m)
        assert move == m
        assert g.notation() == notation
        if status == "ongoing":
            assert g.status == "ongoing"
        else:
            words = status.split()
            assert g.status == "over"
            o = g.outcome
            if len(words) == 4:  # over <S>-<N> <winner> <points>
                assert o.totals == tuple(int(x) for x in words[1].split("-"))
            winner = {"S": 0, "N": 1, "draw": None}[words[-2]]
            assert (o.winner, o.points) == (winner, int(words[-1]))


def openspiel_kalah_games():
    text = (REPO / "crates/kalah/tests/openspiel-games.txt").read_text().splitlines()
    games, cur = [], None
    for line in text:
        if line.startswith("game "):
            cur = {"moves": []}
            games.append(cur)
        elif line.startswith("start "):
            cur["start"] = line[6:]
        elif line.startswith("move "):
            _, m, pos = line.split(" ", 2)
            cur["moves"].append((m, pos))
        elif line.startswith("result "):
            cur["result"] = line[7:]
    return games


def test_openspiel_recorded_kalah_games():
    """OpenSpiel's own Kalah games (recorded from pyspiel), every position."""
    for rec in openspiel_kalah_games()[: max(GAMES, 50)]:
        g = mr.Game("kalah")
        assert g.notation() == rec["start"]
        for m, pos in rec["moves"]:
            g.play(m)
            assert g.notation() == pos
        words = rec["result"].split()
        o = g.outcome
        assert o.totals == tuple(int(x) for x in words[1].split("-"))
        assert o.winner == {"S": 0, "N": 1, "draw": None}[words[2]]


VARIANTS = [
    "urim", "urim pits=7 seeds=4", "urim pits=6 seeds=4", "omweso",
    "omweso two-captures-first", "omweso north-first", "rio-kadalis",
    "rio-kadalis pits=5 clockwise", "oware", "oware seeds=3", "kalah",
    "kalah pits=4 seeds=3 empty-capture mover-empty",
]


@pytest.mark.parametrize("variant", VARIANTS)
def test_batch_games_replay_through_the_api(variant):
    """`play_games` (a loop in Rust) against `Game.play` (one call a ply): the same
    positions, players to move and ends."""
    n = max(GAMES // 20, 5)
    b = mr.play_games(variant, n, seed=7)
    assert len(b) == n and b.offsets[-1] == len(b.actions) == len(b.cells)
    for i in range(n):
        g = mr.Game(variant, lot=7 + i)
        for k in range(b.offsets[i], b.offsets[i + 1]):
            assert list(b.cells[k]) == g.cells()
            assert b.to_move[k] == g.to_move
            assert int(b.actions[k]) in g.legal_actions()
            g.play(int(b.actions[k]))
        assert g.is_finished == (b.status[i] in (1, 2))
        assert g.south_points == b.south_points[i]
        o = g.outcome
        if o is not None and o.totals is not None:
            assert tuple(b.totals[i]) == o.totals


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games_keep_the_seeds_and_round_trip(variant):
    """Random games: the seeds on the board and in the stores never change in number
    (but for Rio Kadalis, whose closed pits are reserve), notation and game files read
    back, undo goes back exactly, pickling restores the game."""
    rng = random.Random(3)
    for _ in range(max(GAMES // 40, 3)):
        g = mr.Game(variant)
        total = sum(c for c in g.cells() if c > 0)
        notations = [g.notation()]
        while not g.is_finished and g.ply < 3000:
            a = rng.choice(g.legal_actions())
            assert g.move_text(a) in g.legal_moves()
            g.play(a)
            notations.append(g.notation())
            if not variant.startswith("omweso"):
                assert sum(c for c in g.cells() if c > 0) == total
            else:
                assert sum(c for c in g.cells() if c > 0) + g.board()["in_hand"] == total
        back = mr.Game.from_game_file(g.game_file("a", "b", "2026-01-01"))
        assert back.notation() == g.notation() and back.moves() == g.moves()
        assert back.status == g.status
        p = pickle.loads(pickle.dumps(g))
        assert p == g and p.notation() == g.notation() and p.status == g.status
        c = copy.deepcopy(g)
        for expected in reversed(notations[:-1]):
            assert c.undo() is not None
            assert c.notation() == expected
        assert c.undo() is None
        assert g.ply == len(notations) - 1  # the copy is another game


def test_board_and_arrays():
    g = mr.Game("rio-kadalis", position="x,4,4,4,4,4/x,x,4,4,4,4 0-0 N")
    b = g.board()
    assert b["south"] == [None, 4, 4, 4, 4, 4] and b["north"][:2] == [None, None]
    assert b["stores"] == (0, 0) and b["to_move"] == 1 and b["rows_per_player"] == 1
    a = mr.board_array(g)
    assert a.dtype == np.int16 and list(a) == [-1, 4, 4, 4, 4, 4, -1, -1, 4, 4, 4, 4, 0, 0]
    o = mr.Game("omweso").board()
    assert o["rows_per_player"] == 2 and o["stores"] is None and len(o["south"]) == 16
    assert mr.Variant("omweso").num_actions == 48 and mr.Variant("omweso").num_cells == 34


def test_outcome_with_reason():
    g = mr.Game("urim", position="0,0,0,0,0,0/0,0,0,0,0,1 20-15 S")
    assert g.status == "over" and g.legal_moves() == []
    o = g.outcome
    assert o.reason == "starvation" and o.winner == 0 and o.points == 1
    assert o.totals == (20, 16)
    assert "starvation (rule 5)" in o.description
    assert "Outcome(winner=0" in repr(o)


def test_reprs_and_variants():
    v = mr.Variant("urim pits=7")
    assert str(v) == "urim pits=7 seeds=3" and repr(v) == "Variant('urim pits=7 seeds=3')"
    assert pickle.loads(pickle.dumps(v)) == v and hash(v) == hash(mr.Variant(str(v)))
    g = mr.Game(v)
    assert repr(g).startswith("Game('urim pits=7 seeds=3', position='3,3,3,3,3,3,3/")
    assert "South to move" in str(g)
    e = mr.Engine("alphabeta:3", "oware", seed=5)
    assert repr(e) == "Engine('alphabeta:3', 'oware seeds=4', seed=5)"
    assert pickle.loads(pickle.dumps(e)).name == e.name


BAD_VARIANTS = ["urim pits=8", "chess", "kalah pits=11", "omweso pits=3", ""]


@pytest.mark.parametrize("text", BAD_VARIANTS)
def test_bad_variants(text):
    with pytest.raises(mr.VariantError):
        mr.Game(text)


def test_errors_leave_the_game_unchanged():
    g = mr.Game("urim")
    g.play("a")
    before = (g.notation(), g.moves())
    cases = [
        ("z", mr.MoveNotationError),
        ("", mr.MoveNotationError),
        ("a-", mr.MoveNotationError),
        ("a" * 10_000, mr.MoveNotationError),
        ("\x00", mr.MoveNotationError),
        (99, mr.IllegalMoveError),
        (-1, mr.IllegalMoveError),
        (2**70, mr.IllegalMoveError),
        (1.5, TypeError),
        (None, TypeError),
        ([1], TypeError),
        (True, TypeError),
    ]
    for bad, exc in cases:
        with pytest.raises(exc):
            g.play(bad)
        assert (g.notation(), g.moves()) == before
    # a legal-looking move the rules refuse: an empty pit
    g2 = mr.Game("urim", position="0,3,3,3,3,3/3,3,3,3,3,6 0-0 S")
    with pytest.raises(mr.IllegalMoveError, match="illegal move a"):
        g2.play("a")
    assert g2.ply == 0
    assert issubclass(mr.IllegalMoveError, mr.MancalaError)
    assert issubclass(mr.MancalaError, ValueError)


def test_bad_positions_and_files():
    for pos in ["", "1,2,3", "3,3,3,3,3,3/3,3,3,3,3,3 0-0 X", "99,3,3,3,3,3/3,3,3,3,3,3 0-0 S"]:
        with pytest.raises(mr.PositionError):
            mr.Game("urim", position=pos)
    with pytest.raises(mr.GameFileError):
        mr.Game.from_game_file("[Game \"urim\"]\n1. zz")
    with pytest.raises(mr.GameFileError):
        mr.Game.from_game_file("not a file {")
    with pytest.raises(mr.EngineError):
        mr.Engine("alphabeta:deep", "urim")
    with pytest.raises(TypeError):
        mr.Game(3)
    with pytest.raises(TypeError):
        mr.Engine("random", "urim").search("urim")
    with pytest.raises(mr.EngineError):
        mr.Engine("random", "urim").search(mr.Game("oware"))


def test_engines_and_limits():
    g = mr.Game("oware")
    for spec in ["random", "greedy", "alphabeta:4", "alphabeta:20ms", "alphabeta:2000n", "mcts:200", "mcts:20ms"]:
        r = mr.Engine(spec, "oware", seed=1).search(g)
        assert r.best in g.legal_moves(), spec
        assert r.best_action == g.action(r.best)
    r = mr.Engine("alphabeta:6", "oware").search(g)
    assert r.depth == 6 and r.pv[0] == r.best and len(r.pv) >= 1 and r.nodes > 0
    # a won endgame: the score says so
    g = mr.Game("kalah", position="0,0,0,0,0,1/0,0,0,0,0,1 24-22 S")
    r = mr.Engine("alphabeta:4", "kalah").search(g)
    assert r.best == "f" and "win" in r.score_text


def test_engine_play_omweso():
    g = mr.Game("omweso")
    e = mr.Engine("alphabeta:2", "omweso")
    rng = random.Random(1)
    while not g.is_finished and g.ply < 400:
        if g.to_move == 0:
            e.play(g)
        else:
            g.play(rng.choice(g.legal_moves()))
    assert g.ply > 0


def test_vectorised_step():
    n = 64
    env = mr.Games("kalah", n, seed=2)
    cells, to_move, legal = env.observe()
    assert cells.shape == (n, 14) and legal.shape == (n, 6) and legal.all()
    finished = 0
    for _ in range(200):
        acts = env.random_actions()
        _, _, legal = env.observe()
        assert all(legal[i, a] for i, a in enumerate(acts))
        points, done = env.step(acts)
        finished += int((done > 0).sum())
        assert set(np.unique(points)) <= {-1, 0, 1}
    assert finished > 0
    before = env.observe()[0].copy()
    acts = env.random_actions()
    acts[-1] = 99  # the last game's action is illegal: no game moves
    with pytest.raises(mr.IllegalMoveError, match=f"game {n - 1}"):
        env.step(acts)
    assert (env.observe()[0] == before).all()
    with pytest.raises(ValueError):
        env.step([0])


@pytest.mark.parametrize(
    "variant,position",
    [
        ("urim", "3,3,3,3,3,3,3/3,3,3,3,3,3,3 0-0 S"),
        ("kalah", "3,3,3,3/3,3,3,3 0-0 N empty-capture,mover-empty"),
        ("rio-kadalis", "x,4,4,4,4,4/x,x,4,4,4,4 0-0 N"),
        ("omweso by-lot", None),
        ("omweso", "0,1,0,0,3,0,0,0/0,0,0,0,0,0,0,0/1,0,0,0,1,0,0,0/0,0,0,0,1,0,0,57 S sn 0-0"),
        ("oware seeds=3", None),
    ],
)
def test_pickling_games_set_up_from_positions(variant, position):
    for lot in range(4):
        g = mr.Game(variant, position=position, lot=lot)
        for _ in range(3):
            if not g.is_finished:
                g.play(g.legal_moves()[-1])
        h = pickle.loads(pickle.dumps(g))
        assert (h.variant, h.start_notation(), h.moves(), h.notation(), h.status) == (
            g.variant, g.start_notation(), g.moves(), g.notation(), g.status)


def test_batch_of_engine_games():
    """`play_games` with an engine: each move is the one the same engine, asked in the
    same order through `Engine.search`, gives."""
    b = mr.play_games("kalah pits=4 seeds=3", 3, seed=5, engine="alphabeta:3")
    e = mr.Engine("alphabeta:3", "kalah pits=4 seeds=3", seed=5)
    assert (b.status == 1).all()
    for i in range(3):
        g = mr.Game("kalah pits=4 seeds=3", lot=5 + i)
        for k in range(b.offsets[i], b.offsets[i + 1]):
            assert e.search(g).best_action == b.actions[k]
            g.play(int(b.actions[k]))
        assert g.is_finished and g.south_points == b.south_points[i]


def test_batch_games_do_not_depend_on_the_threads():
    one = mr.play_games("rio-kadalis", 40, seed=3, threads=1)
    three = mr.play_games("rio-kadalis", 40, seed=3, threads=3)
    for field in ("cells", "to_move", "actions", "offsets", "south_points", "status", "totals"):
        assert np.array_equal(getattr(one, field), getattr(three, field)), field
    assert len(mr.play_games("urim", 0)) == 0
