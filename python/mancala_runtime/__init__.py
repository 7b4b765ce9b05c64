"""Mancala games in Python: Urim, Omweso, Rio Kadalis, Oware and Kalah.

Every rule is the Rust library's (the workspace's runtime layer, through PyO3): this
package only carries values across. A game and its variant are named by the same text
as in the examples (``urim pits=7 seeds=4``, ``omweso two-captures-first``,
``rio-kadalis pits=5 clockwise``, ``oware seeds=3``, ``kalah pits=6 seeds=4
empty-capture``).

>>> import mancala_runtime as mr
>>> g = mr.Game("urim")
>>> g.legal_moves()
['a', 'b', 'c', 'd', 'e', 'f']
>>> g.play("c"); g.notation()
'3,3,0,4,4,4/3,3,3,3,3,3 0-0 N'
>>> e = mr.Engine("alphabeta:4", "urim")
>>> r = e.search(g); r.best in g.legal_moves()
True

Batches for learning: :func:`play_games` plays whole games in Rust and returns NumPy
arrays; :class:`Games` steps many games at once. OpenSpiel: :func:`register` (in
:mod:`mancala_runtime.openspiel`) registers every game with ``pyspiel``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from . import _native
from ._native import (
    DatabaseError,
    Engine,
    EngineError,
    Game,
    GameFileError,
    IllegalMoveError,
    MancalaError,
    MoveNotationError,
    Outcome,
    PositionError,
    SearchReport,
    Variant,
    VariantError,
    engine_specs,
    game_info,
    games,
    variants,
)

__all__ = [
    "DatabaseError",
    "Engine",
    "EngineError",
    "Game",
    "GameBatch",
    "GameFileError",
    "Games",
    "IllegalMoveError",
    "MancalaError",
    "MoveNotationError",
    "Outcome",
    "PositionError",
    "SearchReport",
    "Variant",
    "VariantError",
    "board_array",
    "engine_specs",
    "game_info",
    "games",
    "play",
    "play_games",
    "register",
    "variants",
]

STATUS_OVER = 1
STATUS_ANNULLED = 2
STATUS_CUT = 3


def board_array(game: Game) -> np.ndarray:
    """The board of ``game`` as a NumPy ``int16`` array: South's pits (Omweso: inner
    row ``a``-``h`` then outer ``i``-``p``), North's pits, then the two stores (0 where
    the game keeps none); ``-1`` for a closed pit (Rio Kadalis). ``game`` must be a
    :class:`Game` (else ``TypeError``)."""
    if not isinstance(game, Game):
        raise TypeError(f"board_array: game must be a Game, not {type(game).__name__}")
    return np.asarray(game.cells(), dtype=np.int16)


@dataclass(frozen=True)
class GameBatch:
    """Whole games played in Rust by :func:`play_games`.

    Plies of every game are concatenated: game ``i`` is rows
    ``offsets[i]:offsets[i+1]`` of ``cells``, ``to_move`` and ``actions``.
    """

    #: The position before each ply: ``(plies, num_cells)`` ``int16`` (see
    #: :func:`board_array`).
    cells: np.ndarray
    #: The player to move before each ply (0 South, 1 North), ``uint8``.
    to_move: np.ndarray
    #: The action played at each ply, ``int16`` (:meth:`Game.legal_actions`).
    actions: np.ndarray
    #: Where each game starts in the ply arrays, ``(n + 1,)`` ``int64``.
    offsets: np.ndarray
    #: South's game points at the end: +points won, -points lost, 0 for a draw, an
    #: annulled game or a game cut at ``max_plies``; ``int8``.
    south_points: np.ndarray
    #: 1 over, 2 annulled (an endless move), 3 cut at ``max_plies``; ``uint8``.
    status: np.ndarray
    #: The final totals ``(n, 2)`` (South, North), -1 where the game has none; ``int16``.
    totals: np.ndarray

    def __len__(self) -> int:
        return len(self.status)


def play_games(
    variant: str,
    n: int,
    seed: int = 0,
    engine: Optional[str] = None,
    max_plies: int = 10_000,
    threads: int = 1,
    random_plies: int = 0,
) -> GameBatch:
    """Plays ``n`` games of ``variant`` in Rust, the GIL released: uniformly random
    legal moves drawn from ``seed``, or the engine ``engine`` (a spec such as
    ``alphabeta:2``) for both sides, on ``threads`` threads. Returns a
    :class:`GameBatch` of NumPy arrays. Random games are the same whatever the
    threads; with an engine each thread has its own (whose memory of earlier searches
    can change its choices).

    Engines are deterministic: with ``random_plies=0`` (the default) every game of an
    engine against itself from the same start is the same game. ``random_plies=k``
    opens game ``i`` with ``k`` uniformly random plies drawn from ``seed`` and ``i``
    (the library's random openings, as its tournaments play them; the opening plies
    are recorded like the others), then the engine plays: the games differ, and the
    same ``seed`` gives the same games. Without an engine every ply is random and
    ``random_plies`` changes nothing."""
    if isinstance(variant, Variant):
        variant = str(variant)
    elif not isinstance(variant, str):
        raise TypeError(f"play_games: variant must be a str or a Variant, not {type(variant).__name__}")
    width = Variant(variant).num_cells
    cells, to_move, actions, plies, points, status, totals = _native._play_games(
        variant, n, seed, engine, max_plies, threads, random_plies
    )
    plies = np.frombuffer(plies, dtype=np.uint32)
    offsets = np.zeros(len(plies) + 1, dtype=np.int64)
    np.cumsum(plies, out=offsets[1:])
    return GameBatch(
        cells=np.frombuffer(cells, dtype=np.int16).reshape(-1, width),
        to_move=np.frombuffer(to_move, dtype=np.uint8),
        actions=np.frombuffer(actions, dtype=np.int16),
        offsets=offsets,
        south_points=np.frombuffer(points, dtype=np.int8),
        status=np.frombuffer(status, dtype=np.uint8),
        totals=np.frombuffer(totals, dtype=np.int16).reshape(-1, 2),
    )


class Games(_native.Games):
    """Many games of one variant stepped together in Rust (a vectorised environment).

    ``Games(variant, n, auto_reset=True, seed=0)``; :meth:`observe` gives the boards,
    the players to move and the legal-action masks as NumPy arrays; :meth:`step` plays
    one action in each game. A game that ends starts again when ``auto_reset`` is on.
    """

    def observe(self):
        """``(cells, to_move, legal)``: ``(n, num_cells)`` ``int16``, ``(n,)``
        ``uint8``, ``(n, num_actions)`` ``bool``."""
        cells, to_move, mask = self._observe()
        n = len(self)
        return (
            np.frombuffer(cells, dtype=np.int16).reshape(n, -1),
            np.frombuffer(to_move, dtype=np.uint8),
            np.frombuffer(mask, dtype=np.uint8).reshape(n, self.num_actions).astype(bool),
        )

    def step(self, actions):
        """Plays ``actions[i]`` in game ``i``; returns ``(south_points, done)``: South's
        points in the games that just ended (``int8``) and ``done`` (``uint8``: 1 over,
        2 annulled, 0 going on). An illegal action raises :class:`IllegalMoveError`
        and no game changes."""
        points, done = self._step([int(a) for a in np.asarray(actions).ravel()])
        return np.frombuffer(points, dtype=np.int8), np.frombuffer(done, dtype=np.uint8)


def play(variant: str = "omweso", engine: str = "alphabeta:300ms", you: int = 0, read=input, write=print):
    """Plays a game of ``variant`` against the engine ``engine`` at the terminal: you
    are South (``you=0``) or North (``1``); type a move in the game's notation,
    ``undo`` (your last move and the engine's reply) or ``quit``. Returns the game.

    ``python -c "import mancala_runtime as mr; mr.play('omweso')"``
    """
    if not isinstance(you, int):
        raise TypeError(f"play: you must be an int, 0 (South) or 1 (North), not {type(you).__name__}")
    if you not in (0, 1):
        raise ValueError(f"play: you must be 0 (South) or 1 (North), not {you!r}")
    sides = ("South", "North")
    game = Game(variant)
    bot = Engine(engine, game.variant)
    write(f"{game.variant}: you are {sides[you]}; the engine is {bot.name}")
    while not game.is_finished:
        if game.to_move != you:
            side = sides[game.to_move]
            r = bot.play(game)
            write(f"engine ({side}) plays {r.best} ({r.score_text})")
            continue
        write(str(game))
        try:
            text = read(f"your move ({', '.join(game.legal_moves())}): ").strip()
        except EOFError:
            write("no more input: the game stops here")
            return game
        if text == "quit":
            return game
        if text == "undo":
            game.undo()
            while game.ply and game.to_move != you:
                game.undo()
            continue
        try:
            game.play(text)
        except MancalaError as e:
            write(f"{type(e).__name__}: {e}")
    write(str(game))
    write(game.describe_status())
    return game


def register():
    """Registers every game with OpenSpiel (``pyspiel.register_game``); see
    :func:`mancala_runtime.openspiel.register`."""
    from . import openspiel

    return openspiel.register()
