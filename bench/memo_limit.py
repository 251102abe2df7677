"""Memory against speed of a server process's memos (``rummykit serve --memo-limit``): for each
memo limit, a fresh process plays the same one-round Okey games of four greedy bots the way a
server and its bot worker do (each move: the seat's message with its legal actions and the seat
help's extras, then the bot's choice from the observation and the legal actions' texts, as the bot
worker makes it), with its memos bounded at that limit, and reports the CPU milliseconds per move
of the bot and of the message over the second half of the games, and its resident memory as the
games go.

    python bench/memo_limit.py --games 1000 --limits 400000 100000 40000 20000 8000
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from rummykit import memo
from rummykit.server.assist import state_extras
from rummykit.server.bots import choose, memo_scale
from rummykit.server.table import shared_game

RULES = {"rounds": 1}
FIRST_SEED = 1001


def resident_mb() -> float:
    """This process's resident memory, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def run(limit: int, games: int) -> dict[str, Any]:
    """Play ``games`` games (seeds from :data:`FIRST_SEED`) with memos bounded at ``limit``."""
    memo.set_scale(memo_scale(limit))
    game = shared_game("okey", RULES)
    rules = json.dumps(RULES, sort_keys=True)
    bot_cpu: list[float] = []
    view_cpu: list[float] = []
    memory: list[tuple[int, float]] = []
    for number in range(1, games + 1):
        state = game.new_state(FIRST_SEED + number - 1)
        while game.outcome(state) is None:
            seat = game.current_seat(state)
            assert seat is not None
            observation = game.observe(state, seat)
            actions = game.legal_actions(state, seat)
            started = time.process_time()
            legal = [
                {"id": game.action_id(state, a), "text": game.action_text(a), "parts": game.action_parts(a)}
                for a in actions
            ]
            state_extras(game, state, seat, observation, legal, actions)
            made = time.process_time()
            text = choose("okey", rules, "greedy", observation, [entry["text"] for entry in legal])
            view_cpu.append(made - started)
            bot_cpu.append(time.process_time() - made)
            game.apply(state, seat, game.parse_action(text))
        if number % max(1, games // 10) == 0:
            memory.append((number, round(resident_mb(), 1)))
    half = len(bot_cpu) // 2
    return {
        "limit": limit,
        "games": games,
        "moves": len(bot_cpu),
        "bot_ms": round(1000 * sum(bot_cpu[half:]) / (len(bot_cpu) - half), 3),
        "message_ms": round(1000 * sum(view_cpu[half:]) / (len(view_cpu) - half), 3),
        "resident_mb_by_game": memory,
        "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--limits", type=int, nargs="+", default=[400_000, 100_000, 40_000, 20_000, 8_000])
    parser.add_argument("--one", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        print(json.dumps(run(args.one, args.games)))
        return
    for limit in args.limits:  # each in a fresh process: memos and memory start empty
        command = [sys.executable, __file__, "--games", str(args.games), "--one", str(limit)]
        print(subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip(), flush=True)


if __name__ == "__main__":
    main()
