#!/usr/bin/env python3
"""Two of our engines at Kalah, each in its own `play` process, the first always
moving first (under the empty-capture rules, where OpenSpiel has no game): the script relays each engine's moves to the other process and reports the
first engine's margins against the proven value, and the games in which the `solver`
engine played a move it had not proven.

Run by hand, not in CI, from the repository's root:

    cargo build --release --example play
    python3 tools/kalah_engine_match.py --engine solver:60000ms --db DIR \\
        --opponent alphabeta:200ms --games 20 --proven 10 -- --empty-capture

Arguments after `--` go to both `play` processes (the rules: `--empty-capture`,
`--mover-empty`, `--pits`, `--seeds`). Both processes are kept for every game (`new`
between games), so the solver's table is kept from game to game.
"""

import argparse
import os
import queue
import re
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from openspiel_oware import PLAYS, Play  # noqa: E402

TOTALS = re.compile(r"totals South (\d+) North (\d+)")


def engine_move(line, side):
    """The move of an engine line `<name> (side) plays <pit>`, else None."""
    m = PLAYS.search(line)
    if m and m.group(1) == side and not line.lstrip().startswith(("you ", "S to move>", "N to move>")):
        return m.group(2)
    return None


def summary(who, margins, proven, times, not_proven):
    """The last line of a match of `who` moving first, and how many margins fell below
    `proven`."""
    below = sum(1 for m in margins if m < proven)
    text = (f"engine {who}: margins {sorted(margins)}; worst {min(margins or [0])}; mean "
            f"{statistics.mean(margins or [0]):+.2f}; {below} of {len(margins)} below the proven "
            f"{proven:+}; engine {statistics.mean(times or [0]) * 1000:.0f} ms/move (max "
            f"{max(times or [0]) * 1000:.0f}); {not_proven} games with a move not proven")
    return text, below


def play_game(first, second):
    """One game; returns (South's margin, plies, first's times, unproven moves)."""
    seen = len(first.transcript)
    plies, times, over = 0, [], [False, False]
    handed = time.perf_counter()
    totals = None
    while not all(over):
        for i, (p, other, side) in enumerate(((first, second, "S"), (second, first, "N"))):
            try:
                line = p.lines.get(timeout=0.02)
            except queue.Empty:
                continue
            if line is None:
                raise RuntimeError("play ended before the game did")
            p.transcript.append(line)
            move = engine_move(line, side)
            if move is not None:
                if i == 0:
                    times.append(time.perf_counter() - handed)
                other.send(move)
                plies += 1
                handed = time.perf_counter()
            elif line.startswith("game over:"):
                over[i] = True
                m = TOTALS.search(line)
                if m:
                    totals = (int(m.group(1)), int(m.group(2)))
    if totals is None:
        raise RuntimeError("no totals in the ending line")
    unproven = sum(1 for line in first.transcript[seen:] if line.strip().startswith("not proven"))
    return totals[0] - totals[1], plies, times, unproven


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="solver:60000ms")
    parser.add_argument("--opponent", default="alphabeta:200ms")
    parser.add_argument("--db", help="the databases of the first engine (play --db)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--proven", type=int, default=10,
                        help="the first player's proven margin (Kalah(6,4) with the empty capture: 10)")
    parser.add_argument("--seed-per-game", action="store_true",
                        help="a new opponent process every game, with --seed 1+game (our MCTS then plays "
                             "a different game each time; one kept process replays the same one)")
    parser.add_argument("--play", default=os.path.join("target", "release", "examples", "play"))
    parser.add_argument("rules", nargs="*", help="after --: the rules, for both play processes")
    args = parser.parse_args()
    common = [args.play, "kalah"] + args.rules
    first_cmd = common + ["--engine", args.engine, "--human", "N"]
    if args.db:
        first_cmd += ["--db", args.db]
    second_cmd = common + ["--engine", args.opponent, "--human", "S", "--seed"]
    seed = "1" if args.seed_per_game else "2"
    print(f"# {' '.join(first_cmd)}  against  {' '.join(second_cmd)} {seed}"
          + (" (seed 1+game, a new process each game)" if args.seed_per_game else ""), flush=True)
    first, second = Play(first_cmd), Play(second_cmd + [seed])
    margins, all_times, not_proven = [], [], 0
    try:
        for index in range(args.games):
            if index:
                first.send("new")
                if args.seed_per_game:
                    second.close()
                    second = Play(second_cmd + [str(1 + index)])
                else:
                    second.send("new")
            margin, plies, times, unproven = play_game(first, second)
            margins.append(margin)
            all_times += times
            not_proven += unproven > 0
            print(f"game {index + 1:3}: margin {margin:+3} in {plies:3} plies; engine "
                  f"{statistics.mean(times or [0]) * 1000:.0f} ms/move, max "
                  f"{max(times or [0]) * 1000:.0f} ms"
                  + (f"; {unproven} moves NOT PROVEN" if unproven else ""), flush=True)
    finally:
        first.close()
        second.close()
    text, below = summary(f"{args.engine} moving first against {args.opponent}", margins,
                          args.proven, all_times, not_proven)
    print(text)
    return 1 if below else 0


if __name__ == "__main__":
    sys.exit(main())
