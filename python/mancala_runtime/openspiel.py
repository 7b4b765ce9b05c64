"""The games as OpenSpiel Python games (``pyspiel.register_game``).

:func:`register` registers five games, each with parameters for its variants:

=====================  ===============================================  =============
short name             parameters (defaults)                            returns
=====================  ===============================================  =============
``python_urim``        ``pits=6`` (6, 7), ``seeds=3`` (3, 4)            ±2 or ±1 (rule 7), 0 draw
``python_omweso``      ``two_captures_first=False``, ``by_lot=False``   ±12, ±2, ±1 (rule 7), 0 annulled
``python_rio_kadalis`` ``pits=6`` (6, 5), ``clockwise=False``           ±1 a round (rule 4), 0 drawn or annulled
``python_oware``       ``seeds=4`` (4, 3)                               ±1 a win, 0 draw (as OpenSpiel's ``oware``)
``python_kalah``       ``pits=6``, ``seeds=4``, ``empty_capture=False``, ±1 a win, 0 draw (as OpenSpiel's ``mancala``)
                       ``mover_empty=False``
=====================  ===============================================  =============

Every game is sequential, deterministic (but for Omweso's ``by_lot``: a chance node
draws the first player, rule 1), of perfect information and zero-sum; the returns are
the winner's game points (``+p`` for the winner, ``-p`` for the loser), 0 each for a
draw or an annulled game (an endless move: Omweso rule 8, Rio Kadalis rule 3). Rio
Kadalis is one round (rule 4), not a serial match. An action is the mover's pit from
their own left (``a`` = 0); in Omweso ``3 * pit + k`` with ``k`` 0 counter-clockwise, 1
clockwise (``a-``), 2 the opening split (``m*``), pits ``a``-``p`` (inner ``a``-``h``,
outer ``i``-``p``). A mid-turn decision of Omweso (rule 5) is a further action of the
same player: the player to move does not change.

The observation tensor has planes a network can read: ``pits`` ``(2 * rows, pits)``
(South's rows, then North's: Omweso's inner then outer row; each row from its owner's
left; ``-1`` for a closed Rio Kadalis pit), ``stores`` ``(2,)`` (stores or captures,
South then North; 0 in Omweso), ``to_move`` ``(2,)`` one-hot, ``in_hand`` ``(1,)`` (seeds
lifted in a paused Omweso turn). The observation string is the position in the game's
notation; the information-state string is the history of actions.

No rule is written here: every move, status and return comes from the Rust library.
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from . import Game, Variant, game_info, games

#: The bound OpenSpiel asks for (``max_game_length``). No game of the library can last
#: for ever (repetition, Omweso's annulment), but none has a small proven bound either;
#: random games stay far below this.
MAX_GAME_LENGTH = 100_000


def _games() -> dict:
    """Every game's OpenSpiel name, title, parameters (its variant's options, from the
    library: a count's default, ``False`` for a flag; Omweso's ``north-first`` is left
    out, the first player being player 0 or drawn by lot) and most points."""
    out = {}
    for game in games():
        info = game_info(game)
        params = {
            name.replace("-", "_"): (default if values else False)
            for name, values, default, _ in info["options"]
            if name != "north-first"
        }
        out[game.replace("-", "_")] = (game, info["title"], params, info["most_points"])
    return out


# name: (the library's name, title, parameters, max points)
_GAMES = _games()


def variant_text(game: str, params: dict) -> str:
    """The library's variant text of the OpenSpiel parameters ``params`` of ``game``
    (``urim``, ``rio_kadalis``, …): ``urim pits=7 seeds=4``, ``rio-kadalis pits=5
    clockwise``."""
    words = [_GAMES[game][0]]
    for key, value in params.items():
        word = key.replace("_", "-")
        if isinstance(value, bool):
            if value:
                words.append(word)
        else:
            words.append(f"{word}={value}")
    return " ".join(words)


def short_name(game: str) -> str:
    """The OpenSpiel short name of a game of this package: ``python_<game>``."""
    return f"python_{game}"


def action_text(game: str, action: int) -> str:
    """An action in the game's notation (a pit letter, ``-`` or ``*`` in Omweso): the
    library's numbering (``Game.move_text``)."""
    return Game(_GAMES[game][0]).move_text(action)


def _game_type(name: str, title: str, params: dict, chance: bool) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"{title} (mancala_runtime)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class MancalaGame(pyspiel.Game):
    """One of the games of :mod:`mancala_runtime` as an OpenSpiel game."""

    def __init__(self, name: str, params=None):
        _, title, defaults, points = _GAMES[name]
        p = dict(defaults)
        p.update(params or {})
        self.name = name
        self.by_lot = bool(p.get("by_lot", False))
        # By lot, a chance node draws the first player (rule 1), who then starts.
        self.variant = variant_text(name, {k: v for k, v in p.items() if k != "by_lot"})
        v = Variant(self.variant)  # raises VariantError for a bad parameter
        board = Game(self.variant).board()
        per_player = board["rows_per_player"]
        self.rows = len(board["south"]) // per_player
        self.num_rows = 2 * per_player
        info = pyspiel.GameInfo(
            num_distinct_actions=v.num_actions,
            max_chance_outcomes=2 if self.by_lot else 0,
            num_players=2,
            min_utility=-float(points),
            max_utility=float(points),
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(name, title, defaults, self.by_lot), info, p)

    def new_initial_state(self):
        return MancalaState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (
            iig_obs_type.public_info and not iig_obs_type.perfect_recall
        ):
            return BoardObserver(self, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class MancalaState(pyspiel.State):
    """A state: a :class:`mancala_runtime.Game` (``None`` before Omweso's lot)."""

    def __init__(self, game: MancalaGame):
        super().__init__(game)
        self._name = game.name
        self._variant = game.variant
        self.game = None if game.by_lot else Game(game.variant)

    def current_player(self):
        if self.game is None:
            return pyspiel.PlayerId.CHANCE
        if self.game.is_finished:
            return pyspiel.PlayerId.TERMINAL
        return self.game.to_move

    def _legal_actions(self, player):
        return self.game.legal_actions()

    def chance_outcomes(self):
        # Rule 1: the first player is drawn by lot; 0 South, 1 North.
        return [(0, 0.5), (1, 0.5)]

    def _apply_action(self, action):
        if self.game is None:
            self.game = Game(self._variant + (" north-first" if action == 1 else ""))
        else:
            self.game.play(int(action))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return ("South", "North")[action] + " moves first"
        return self.game.move_text(action)

    def is_terminal(self):
        return self.game is not None and self.game.is_finished

    def returns(self):
        if self.game is None:
            return [0.0, 0.0]
        p = float(self.game.south_points)
        # 0.0 each for a draw: -p would make North's -0.0.
        return [p, -p] if p else [0.0, 0.0]

    def __str__(self):
        return "lot" if self.game is None else self.game.notation()


class BoardObserver:
    """The observation: pits, stores, player to move, seeds in hand (see the module)."""

    def __init__(self, game: MancalaGame, params):
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        shapes = {
            "pits": (game.num_rows, game.rows),
            "stores": (2,),
            "to_move": (2,),
            "in_hand": (1,),
        }
        self.tensor = np.zeros(sum(int(np.prod(s)) for s in shapes.values()), np.float32)
        self.dict = {}
        i = 0
        for k, s in shapes.items():
            n = int(np.prod(s))
            self.dict[k] = self.tensor[i : i + n].reshape(s)
            i += n

    def set_from(self, state: MancalaState, player: int):
        del player
        self.tensor.fill(0)
        if state.game is None:
            return
        b = state.game.board()
        pits = [(-1 if c is None else c) for c in b["south"] + b["north"]]
        self.dict["pits"][:] = np.asarray(pits, np.float32).reshape(self.dict["pits"].shape)
        if b["stores"] is not None:
            self.dict["stores"][:] = b["stores"]
        self.dict["to_move"][b["to_move"]] = 1
        self.dict["in_hand"][0] = b["in_hand"]

    def string_from(self, state: MancalaState, player: int):
        del player
        return "lot" if state.game is None else state.game.notation()


class UrimGame(MancalaGame):
    """Urim as an OpenSpiel game (``python_urim``)."""

    def __init__(self, params=None):
        super().__init__("urim", params)


class OmwesoGame(MancalaGame):
    """Omweso as an OpenSpiel game (``python_omweso``)."""

    def __init__(self, params=None):
        super().__init__("omweso", params)


class RioKadalisGame(MancalaGame):
    """A round of Rio Kadalis as an OpenSpiel game (``python_rio_kadalis``)."""

    def __init__(self, params=None):
        super().__init__("rio_kadalis", params)


class OwareGame(MancalaGame):
    """Oware as an OpenSpiel game (``python_oware``)."""

    def __init__(self, params=None):
        super().__init__("oware", params)


class KalahGame(MancalaGame):
    """Kalah as an OpenSpiel game (``python_kalah``)."""

    def __init__(self, params=None):
        super().__init__("kalah", params)


# The registry holds the classes (module-level objects, as OpenSpiel's own Python games
# register them: a factory that only the registry held would be freed at exit without
# the GIL).
_CLASSES = {
    "urim": UrimGame,
    "omweso": OmwesoGame,
    "rio_kadalis": RioKadalisGame,
    "oware": OwareGame,
    "kalah": KalahGame,
}


_REGISTERED: list = []


def register() -> list:
    """Registers every game (``python_urim``, ``python_omweso``,
    ``python_rio_kadalis``, ``python_oware``, ``python_kalah``) with
    ``pyspiel.register_game``; returns the short names. Calling it again does nothing.
    Then ``pyspiel.load_game("python_urim(pits=7,seeds=4)")`` works."""
    if not _REGISTERED:
        for name, (_, title, defaults, _) in _GAMES.items():
            # Omweso's type says it may draw lots; a game loaded without by_lot says not.
            game_type = _game_type(name, title, defaults, "by_lot" in defaults)
            pyspiel.register_game(game_type, _CLASSES[name])
            _REGISTERED.append(short_name(name))
    return list(_REGISTERED)
