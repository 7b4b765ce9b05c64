#!/usr/bin/env python3
"""Our engine against OpenSpiel's MCTS bot at Oware.

Run by hand, not in CI (it needs `pip install open_spiel` and a release build of the
`play` example):

    cargo build --release --example play
    python3 tools/openspiel_oware.py --engine alphabeta:200ms --simulations 2000 --games 20
    python3 tools/openspiel_oware.py --engine alphabeta:200ms --simulations 10000 --games 20

Our engine plays through the `play` example as a subprocess speaking its text protocol
(one process a game: `play oware --engine <spec> --human <the bot's side>`): the script
types the bot's moves as a person would, reads the engine's moves from the lines
`<engine> (S|N) plays <pit>`, and reads every `position: <notation>` line, which it
checks against OpenSpiel's own state after every move (pits, stores, player to move;
at the end the final totals, store plus own row, since OpenSpiel empties the rows into
the stores at the end and our board stays as the last move left it), and at the end
that both agree on the winner. Any disagreement stops the run with both
positions printed. The engine thinks on its own clock inside `play`; its time per move
is measured from the `position:` line that hands it the move to its `plays` line (so it
includes printing the board, microseconds).

The bot is OpenSpiel's C++ `pyspiel.MCTSBot` with `pyspiel.RandomRolloutEvaluator`
(UCT constant --uct-c, --rollouts random rollouts a leaf, --simulations simulations a
move, solver on with --solve, seed --seed plus the game's number). Colours alternate:
our engine is South (moves first) in even games (0, 2, ...), North in odd ones. Games
start from the standard start (4 seeds a pit, South first); the bot's seed makes each
game different.

OpenSpiel's board: the observation tensor is 14 numbers, seeds / 48: South's pits a..f
(player 0), North's pits a..f (player 1), South's store, North's store; an action 0..5
is the mover's pit a..f from its own left, as in our notation
`<South a..f>/<North a..f> <South store>-<North store> <S|N>`.
"""

import argparse
import os
import queue
import re
import shlex
import statistics
import subprocess
import sys
import threading
import time

import pyspiel

LETTERS = "abcdef"


def notation(state):
    """OpenSpiel's state in our Oware notation."""
    obs = [round(x * 48) for x in state.observation_tensor(0)]
    south = ",".join(str(n) for n in obs[0:6])
    north = ",".join(str(n) for n in obs[6:12])
    to_move = "S" if state.current_player() == 0 else "N"
    return f"{south}/{north} {obs[12]}-{obs[13]} {to_move}"


def totals(text):
    """Each player's store plus the seeds in their row, from a notation: the final
    totals of a finished game (our board stays as the last move left it, OpenSpiel
    moves the rows' seeds into the stores at the end)."""
    rows, stores = text.split()[:2]
    south, north = ([int(n) for n in row.split(",")] for row in rows.split("/"))
    s, n = (int(x) for x in stores.split("-"))
    return s + sum(south), n + sum(north)


class Play:
    """The `play` example as a subprocess: lines in on a thread, moves out."""

    def __init__(self, command):
        self.proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.transcript = []

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def line(self, timeout=600):
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise RuntimeError("no answer from play within %d s" % timeout) from None
        if line is not None:
            self.transcript.append(line)
        return line

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def close(self):
        try:
            self.send("quit")
            self.send("yes")
            self.proc.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


PLAYS = re.compile(r"\((S|N)\) plays (\S+)")
POSITION = re.compile(r"position: (.+)$")


def drive(play, state, ours, bot, notation, action_of, letter_of):
    """Plays one game between the `play` subprocess (our engine, OpenSpiel player
    `ours`) and `bot` on OpenSpiel's `state`, checking every position (`notation` writes
    OpenSpiel's state in our notation; `action_of(letter, player)` and
    `letter_of(action)` translate moves). The player to move is always OpenSpiel's, so
    a game where a player moves again (Kalah) is followed as it goes. Returns (plies,
    our times, the bot's times, play's ending line); `state` is left at the end."""
    our_times, bot_times = [], []
    handed = None  # when the engine was handed the move
    plies = 0
    ending = ""
    try:
        while True:
            line = play.line()
            if line is None:
                raise RuntimeError("play ended before the game did")
            m = PLAYS.search(line)
            if m and not line.lstrip().startswith(("you ", "S to move>", "N to move>")):
                side, move = m.group(1), m.group(2)
                if handed is None or state.current_player() != ours:
                    raise RuntimeError(f"an engine move when it is not the engine's turn: {line}")
                our_times.append(time.perf_counter() - handed)
                handed = None
                if side != ("S" if ours == 0 else "N") or move not in LETTERS:
                    raise RuntimeError(f"unexpected engine move line: {line}")
                action = action_of(move, ours)
                if action not in state.legal_actions():
                    raise RuntimeError(
                        f"the engine's move {move} is illegal for OpenSpiel in {notation(state)}"
                    )
                state.apply_action(action)
                plies += 1
                continue
            if line.startswith("game over:"):
                ending = line[len("game over: "):]
                continue
            if line.startswith("stopped after"):
                ending = line
                break
            m = POSITION.search(line)
            if not m:
                continue
            ours_text = m.group(1).strip()
            theirs = notation(state)
            same = (
                totals(ours_text) == totals(theirs)
                if state.is_terminal()
                else ours_text == theirs
            )
            if not same:
                raise RuntimeError(
                    f"positions differ after {plies} plies: play {ours_text!r}, "
                    f"OpenSpiel {theirs!r}"
                )
            if state.is_terminal():
                # Wait for play's verdict, then compare.
                while not ending:
                    line = play.line()
                    if line is None:
                        raise RuntimeError("play ended without saying the game was over")
                    if line.startswith("game over:"):
                        ending = line[len("game over: "):]
                break
            if state.current_player() == ours:
                handed = time.perf_counter()
                continue
            t = time.perf_counter()
            action = bot.step(state)
            bot_times.append(time.perf_counter() - t)
            play.send(letter_of(action))
            state.apply_action(action)
            plies += 1
    finally:
        play.close()
    return plies, our_times, bot_times, ending


def make_bot(args, game, seed):
    """OpenSpiel's MCTS bot as the options say, with the seed `seed`."""
    evaluator = pyspiel.RandomRolloutEvaluator(args.rollouts, seed)
    return pyspiel.MCTSBot(
        game, evaluator, args.uct_c, args.simulations, args.memory_mb, args.solve, seed, False
    )


def play_game(args, game, index):
    """One game; returns (our score 1/0.5/0, plies, our times, bot's times, ending)."""
    ours = 0 if index % 2 == 0 else 1  # OpenSpiel player number of our engine
    bot_side = "N" if ours == 0 else "S"
    seed = args.seed + index
    bot = make_bot(args, game, seed)
    command = shlex.split(args.play) + [
        "oware",
        "--engine",
        args.engine,
        "--human",
        bot_side,
        "--seed",
        str(seed),
        "--max-plies",
        str(args.max_plies),
    ]
    play = Play(command)
    state = game.new_initial_state()
    plies, our_times, bot_times, ending = drive(
        play, state, ours, bot, notation, lambda move, _: LETTERS.index(move),
        lambda action: LETTERS[action])
    if state.is_terminal():
        returns = state.returns()
        winner = "South" if returns[0] > 0 else "North" if returns[1] > 0 else None
        said = (
            "South" if ending.startswith("South wins")
            else "North" if ending.startswith("North wins")
            else None
        )
        if said != winner or (winner is None and not ending.startswith("a draw")):
            raise RuntimeError(
                f"results differ: play says {ending!r}, OpenSpiel returns {returns}"
            )
        score = 0.5 if returns[ours] == 0 else (1.0 if returns[ours] > 0 else 0.0)
    else:
        score = 0.5  # stopped at the ply limit
    return score, plies, our_times, bot_times, ending


def add_bot_arguments(parser):
    """The bot's options and the `play` command, shared with the Kalah script."""
    parser.add_argument("--uct-c", type=float, default=2.0, help="UCT exploration constant")
    parser.add_argument("--rollouts", type=int, default=1, help="random rollouts a leaf")
    parser.add_argument("--solve", action=argparse.BooleanOptionalAction, default=True,
                        help="the MCTS-Solver backs up proven wins and losses (default on)")
    parser.add_argument("--memory-mb", type=int, default=1000, help="the bot's tree memory")
    parser.add_argument("--seed", type=int, default=1, help="seeds: the bot's is seed + game")
    target = os.environ.get("CARGO_TARGET_DIR", "target")
    parser.add_argument("--play", default=os.path.join(target, "release", "examples", "play"),
                        help="the play command (default: the release build of the example)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="alphabeta:200ms", help="our engine's spec")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=2000, help="MCTS simulations a move")
    add_bot_arguments(parser)
    parser.add_argument("--max-plies", type=int, default=1000)
    args = parser.parse_args()

    game = pyspiel.load_game("oware")
    print(f"# open_spiel {getattr(pyspiel, '__version__', '?')}: oware, "
          f"MCTSBot uct_c={args.uct_c} simulations={args.simulations} "
          f"RandomRolloutEvaluator(rollouts={args.rollouts}) solve={args.solve} "
          f"seed={args.seed}+game; ours: {args.engine} through {args.play}\n", flush=True)
    total = 0.0
    by_colour = {"South": [], "North": []}
    all_ours, all_bot, lengths = [], [], []
    for index in range(args.games):
        score, plies, ours_t, bot_t, ending = play_game(args, game, index)
        colour = "South" if index % 2 == 0 else "North"
        total += score
        by_colour[colour].append(score)
        all_ours += ours_t
        all_bot += bot_t
        lengths.append(plies)
        print(f"game {index + 1:3}: engine {colour:5} score {score:3} in {plies:3} plies; "
              f"{ending}; engine {statistics.mean(ours_t or [0]) * 1000:.0f} ms/move, "
              f"bot {statistics.mean(bot_t or [0]) * 1000:.0f} ms/move", flush=True)
    n = args.games
    print(f"engine {args.engine}: {total:g} of {n} ({100 * total / n:.1f}%); "
          f"as South {sum(by_colour['South']):g}/{len(by_colour['South'])}, "
          f"as North {sum(by_colour['North']):g}/{len(by_colour['North'])}; "
          f"{statistics.mean(lengths):.1f} plies a game")

    def times(ts):
        ts = sorted(ts)
        return (f"mean {statistics.mean(ts) * 1000:.0f} ms, median "
                f"{statistics.median(ts) * 1000:.0f} ms, max {ts[-1] * 1000:.0f} ms "
                f"over {len(ts)} moves")

    if all_ours:
        print(f"thinking time per move, engine: {times(all_ours)}")
    if all_bot:
        print(f"thinking time per move, bot:    {times(all_bot)}")


if __name__ == "__main__":
    sys.exit(main())
