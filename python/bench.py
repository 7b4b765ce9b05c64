#!/usr/bin/env python3
"""Python-level throughput of the package against OpenSpiel's C++ `oware` and `mancala`
(Kalah) driven from Python, in the same run (docs/python.md has the results).

    python python/bench.py [--seconds 1] [--rounds 3]   # the best of the rounds

Measured, for Oware and Kalah:
- single-game `play` calls a second: a Python loop of random games, one call a move
  (ours: `Game.legal_actions` + `Game.play`; OpenSpiel's: `state.legal_actions` +
  `state.apply_action`), the same work per move;
- whole random games a second: that Python loop, against `play_games` (a loop in Rust
  returning NumPy arrays of every position, move and outcome);
- the vectorised step: `Games(n).step` over 1024 games at once, moves a second;
- our games through the OpenSpiel registration (`python_oware`), one call a move.
"""

import argparse
import os
import random
import time

import pyspiel

import mancala_runtime as mr


def timed(run, seconds):
    """Calls `run()` (which returns a count) until `seconds` have passed; count/s."""
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        n += run()
    return n / (time.perf_counter() - start)


def ours_loop(variant, rng):
    def run():
        g = mr.Game(variant)
        moves = 0
        while not g.is_finished:
            g.play(rng.choice(g.legal_actions()))
            moves += 1
        return moves
    return run


def spiel_loop(game, rng):
    def run():
        s = game.new_initial_state()
        moves = 0
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            moves += 1
        return moves
    return run


def games_of(loop):
    """The same loop counting games instead of moves."""
    return lambda: (loop(), 1)[1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=1.0, help="each measurement's time")
    ap.add_argument("--rounds", type=int, default=3, help="rounds; the best of each is kept")
    a = ap.parse_args()
    mr.register()
    rng = random.Random(1)
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    rows = []
    for ours, theirs in [("oware", "oware"), ("kalah", "mancala")]:
        spiel = pyspiel.load_game(theirs)
        rows.append((ours, "play calls/s, mancala_runtime.Game", ours_loop(ours, rng)))
        rows.append((ours, f"play calls/s, OpenSpiel C++ {theirs}", spiel_loop(spiel, rng)))
        reg = pyspiel.load_game(f"python_{ours}")
        rows.append((ours, f"play calls/s, python_{ours} (registration)", spiel_loop(reg, rng)))
        rows.append((ours, "games/s, Python loop over Game.play", games_of(ours_loop(ours, rng))))
        rows.append((ours, f"games/s, Python loop over OpenSpiel {theirs}", games_of(spiel_loop(spiel, rng))))
        seed = [0]

        def batch(n=1000, ours=ours, seed=seed):
            seed[0] += 1
            return len(mr.play_games(ours, n, seed=seed[0]))

        rows.append((ours, "games/s, play_games (batch in Rust, NumPy out)", batch))

        def batch2(n=1000, ours=ours, seed=seed):
            seed[0] += 1
            return len(mr.play_games(ours, n, seed=seed[0], threads=2))

        rows.append((ours, "games/s, play_games(threads=2)", batch2))
        env = mr.Games(ours, 1024)

        def step(env=env):
            env.step(env.random_actions())
            return 1024

        rows.append((ours, "moves/s, Games(1024).step", step))
    best = [0.0] * len(rows)
    for _ in range(a.rounds):
        for i, (_, _, run) in enumerate(rows):
            best[i] = max(best[i], timed(run, a.seconds))
    for (game, what, _), rate in zip(rows, best):
        print(f"{game:6} {what:50} {rate:>12,.0f}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
