#!/usr/bin/env python3
"""Test vectors for the kalah crate from OpenSpiel's `mancala` (Kalah, 6 pits, 4 seeds).

Run by hand, not in CI (it needs `pip install open_spiel`):

    python3 tools/openspiel_kalah.py perft 11   > perft.txt   # one 'perft <d> <n>' line a depth
    python3 tools/openspiel_kalah.py games 300 1 > crates/kalah/tests/openspiel-games.txt

Perft counts the leaves at exactly depth d, as mancala_core::perft does: perft(s, 0) = 1
for every state, and a state that is over counts 0 at depth >= 1 (it has no moves).

OpenSpiel's board is 14 cells: 0 is player 1's store, 1..6 player 0's pits from its
left (a..f), 7 player 0's store, 8..13 player 1's pits from its left, so both sow
towards higher indices. Player 0 is South, player 1 North. The position is written in
the crate's notation, `<South a..f>/<North a..f> <South store>-<North store> <S|N>`.
"""

import random
import sys

import pyspiel


def notation(state):
    """The state in the kalah crate's notation."""
    obs = state.observation_tensor(0)
    board = [int(x) for x in obs[:14]]
    to_move = "S" if int(obs[14]) == 0 else "N"
    south = ",".join(str(n) for n in board[1:7])
    north = ",".join(str(n) for n in board[8:14])
    return f"{south}/{north} {board[7]}-{board[0]} {to_move}"


def letter(action):
    """An OpenSpiel action as the crate's move: the pit's letter from its owner's left."""
    return "abcdef"[action - 1] if action <= 6 else "abcdef"[action - 8]


def status(state):
    """A finished state as the crate's status: totals (store plus own side, as
    OpenSpiel's Returns adds them), the winner by OpenSpiel's returns, 1 point a win."""
    obs = state.observation_tensor(0)
    board = [int(x) for x in obs[:14]]
    south = sum(board[1:8])
    north = sum(board[8:14]) + board[0]
    r = state.returns()
    if r[0] > 0:
        return f"over {south}-{north} S 1"
    if r[1] > 0:
        return f"over {south}-{north} N 1"
    return f"over {south}-{north} draw 0"


def perft(state, depth):
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    moves = state.legal_actions()
    if depth == 1:
        return len(moves)
    n = 0
    for a in moves:
        child = state.clone()
        child.apply_action(a)
        n += perft(child, depth - 1)
    return n


def games(count, seed):
    rng = random.Random(seed)
    game = pyspiel.load_game("mancala")
    laps = 0
    for g in range(1, count + 1):
        state = game.new_initial_state()
        print(f"game {g}")
        print(f"start {notation(state)}")
        while not state.is_terminal():
            a = rng.choice(state.legal_actions())
            obs = state.observation_tensor(0)
            if obs[a] >= 13:
                laps += 1
            state.apply_action(a)
            print(f"move {letter(a)} {notation(state)}")
        print(f"result {status(state)}")
    print(f"# moves of 13 seeds or more (a whole lap): {laps}")


def main():
    what = sys.argv[1]
    print(f"# open_spiel {getattr(pyspiel, '__version__', '?')}, game 'mancala', "
          f"max_game_length {pyspiel.load_game('mancala').max_game_length()}")
    if what == "perft":
        state = pyspiel.load_game("mancala").new_initial_state()
        print(f"# position {notation(state)}")
        for d in range(1, int(sys.argv[2]) + 1):
            print(f"perft {d} {perft(state, d)}", flush=True)
    elif what == "games":
        games(int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    else:
        sys.exit(f"unknown command {what!r}: perft <depth> or games <count> [seed]")


if __name__ == "__main__":
    main()
