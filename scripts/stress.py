"""Random and greedy play of one game until a number of decisions: nothing may raise.

    python scripts/stress.py okey_101 --decisions 100000
    python scripts/stress.py kalooki --decisions 20000 --rule players=2

Matches of one round (whole matches for a game played to a target score) at 2 to 4 seats (the
seat count cycles with the seed; ``--rule players=N`` fixes it), seeds 1, 2, …; in each match
half the seats are greedy bots and half random ones (alternating with the seed).
``--rule name=value`` (repeatable) sets a rules option for every match. Prints the decisions
made, the matches, the seeds used and the CPU seconds; an error stops the run with its seed,
seat and action (exit code 1).
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections.abc import Sequence

from rummykit.bots.registry import make_bot
from rummykit.engine.options import parse_overrides
from rummykit.errors import RummykitError
from rummykit.variants.registry import VARIANTS


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(VARIANTS))
    parser.add_argument("--decisions", type=int, default=100_000)
    parser.add_argument("--rule", action="append", default=[], help="a rules option, name=value")
    args = parser.parse_args(argv)
    info = VARIANTS[args.game]
    fixed = parse_overrides(args.rule)
    try:
        one_round = parse_overrides(info.rounds_overrides(1))
    except RummykitError:
        one_round = {}  # a game played to a target score: whole matches
    decisions = matches = seed = 0
    start = time.process_time()
    while decisions < args.decisions:
        seed += 1
        options = {"players": str(2 + seed % 3), **one_round, **fixed}
        game = info.game(info.load_rules(None, options))
        state = game.new_state(seed)
        bots = [
            make_bot("greedy" if (s + seed) % 2 else "random", game, seed * 10 + s)
            for s in range(game.players)
        ]
        while (seat := game.current_seat(state)) is not None:
            action = bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat))
            try:
                game.apply(state, seat, action)
            except Exception:
                traceback.print_exc()
                print(f"seed {seed}, seat {seat}, action {action!r}", file=sys.stderr)
                return 1
            decisions += 1
        matches += 1
    seconds = time.process_time() - start
    print(
        f"{args.game}: {decisions} decisions, {matches} matches, seeds 1-{seed},"
        f" {seconds:.0f} s CPU, nothing raised"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
