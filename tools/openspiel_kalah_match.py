#!/usr/bin/env python3
"""Our engine against OpenSpiel's MCTS bot at Kalah(6,4): the Kalah
counterpart of tools/openspiel_oware.py, with the margins checked against the proven one.

Run by hand, not in CI (it needs `pip install open_spiel` and a release build of the
`play` example; run it from the repository's root so that it finds its neighbours):

    cargo build --release --example play
    python3 tools/openspiel_kalah_match.py --engine alphabeta:200ms --simulations 10000 --games 20
    python3 tools/openspiel_kalah_match.py --engine alphabeta:200ms --db target/solve-db ...
    python3 tools/openspiel_kalah_match.py --engine solver:60000ms --db DIR --one-process

With the solver engine (`solver[:<ms>ms]`, docs/engine.md) `play` prints after each of
its moves whether the move was proven (`proven: …`) or the fallback's (`not proven:
…`); a game with a move not proven is reported as not proven perfect. `--one-process`
plays every game in one `play` process (`new` between games), so that the solver's
table is kept from game to game: the proof of the start is made once.

OpenSpiel's `mancala` is Kalah(6,4) under the rules docs/solving.md calls OS (no
empty capture, the game over as soon as either side is empty), whose proven value from
the start is +8 for the first player; `--proven` (default 8) is the margin the engine
must never fall below when it moves first. By default the engine moves first (South) in
every game, as goal 5 asks; `--alternate` alternates colours as the Oware script does.

As in the Oware script, our engine plays through the `play` example as a subprocess
speaking its text protocol (`play kalah --engine <spec> --human <the bot's side>`):
the script types the bot's moves, reads the engine's moves from the lines
`<engine> (S|N) plays <pit>`, and checks every `position: <notation>` line against
OpenSpiel's state (at the end the totals, store plus own row). A player whose last seed
falls in its store moves again, so either side may move several times in a row; the
script follows OpenSpiel's player to move. OpenSpiel's actions are 1..6 for South's
pits a..f and 8..13 for North's (tools/openspiel_kalah.py).
"""

import argparse
import os
import shlex
import statistics
import sys

import pyspiel

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kalah_engine_match import summary  # noqa: E402
from openspiel_kalah import letter, notation  # noqa: E402
from openspiel_oware import Play, add_bot_arguments, drive, make_bot, totals  # noqa: E402

LETTERS = "abcdef"  # as the Oware script's, whose game loop (`drive`) this one uses


def action_of(move, player):
    """Our move (a pit letter from the mover's left) as OpenSpiel's action."""
    return LETTERS.index(move) + (1 if player == 0 else 8)


class Kept(Play):
    """A `play` subprocess kept for the next game: `drive` closes it after each."""

    def close(self):
        pass

    def really_close(self):
        Play.close(self)


def play_game(args, game, index, kept=None):
    """One game; returns (our margin, plies, our times, bot's times, ending, moves of
    our engine that were not proven)."""
    ours = 0 if (not args.alternate or index % 2 == 0) else 1
    bot_side = "N" if ours == 0 else "S"
    seed = args.seed + index
    bot = make_bot(args, game, seed)
    command = shlex.split(args.play) + [
        "kalah", "--engine", args.engine, "--human", bot_side, "--seed", str(seed),
    ]
    if args.db:
        command += ["--db", args.db]
    if kept is None:
        play = Play(command)
    else:
        play = kept[0] if kept else Kept(command)
        if kept:
            play.send("new")
        else:
            kept.append(play)
    seen = len(play.transcript)
    state = game.new_initial_state()
    plies, our_times, bot_times, ending = drive(
        play, state, ours, bot, notation, action_of, letter)
    south, north = totals(notation(state))
    margin = (south - north) if ours == 0 else (north - south)
    unproven = sum(1 for line in play.transcript[seen:] if line.strip().startswith("not proven"))
    return margin, plies, our_times, bot_times, ending, unproven


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="alphabeta:200ms", help="our engine's spec")
    parser.add_argument("--db", help="the endgame databases `solve` built (play --db)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=10000, help="MCTS simulations a move")
    add_bot_arguments(parser)
    parser.add_argument("--alternate", action="store_true",
                        help="alternate colours (default: the engine always moves first)")
    parser.add_argument("--proven", type=int, default=8,
                        help="the proven margin of the first player (OpenSpiel's rules: 8)")
    parser.add_argument("--one-process", action="store_true",
                        help="play every game in one `play` process (the solver's table kept)")
    args = parser.parse_args()

    game = pyspiel.load_game("mancala")
    print(f"# open_spiel: mancala (Kalah 6,4), MCTSBot uct_c={args.uct_c} "
          f"simulations={args.simulations} RandomRolloutEvaluator(rollouts={args.rollouts}) "
          f"solve={args.solve} seed={args.seed}+game; ours: {args.engine} db={args.db} "
          f"through {args.play}\n", flush=True)
    first_margins, all_ours, all_bot, not_proven = [], [], [], 0
    kept = [] if args.one_process else None
    for index in range(args.games):
        margin, plies, ours_t, bot_t, ending, unproven = play_game(args, game, index, kept)
        not_proven += unproven > 0
        first = not args.alternate or index % 2 == 0
        if first:
            first_margins.append(margin)
        all_ours += ours_t
        all_bot += bot_t
        print(f"game {index + 1:3}: engine {'first ' if first else 'second'} margin {margin:+3} "
              f"in {plies:3} plies; {ending}; engine "
              f"{statistics.mean(ours_t or [0]) * 1000:.0f} ms/move, bot "
              f"{statistics.mean(bot_t or [0]) * 1000:.0f} ms/move; engine max "
              f"{max(ours_t or [0]) * 1000:.0f} ms"
              + (f"; {unproven} moves NOT PROVEN" if unproven else ""), flush=True)
    if kept:
        kept[0].really_close()
    text, below = summary(f"{args.engine} moving first", first_margins, args.proven, all_ours,
                          not_proven)
    print(text)
    return 1 if below else 0


if __name__ == "__main__":
    sys.exit(main())
