"""CPU time of the expert bot's decisions (Okey, Turkish Rummy, Kalooki), in one process.

Not a test: it plays ``--deals`` one-round deals (deal ``i`` dealt by ``game.new_state(--seed +
i)``), the expert (at its default budget, 0.1 s of CPU a decision) in seat 0 and ``--opponent``
bots in the others, and times every expert decision by the deciding thread's CPU time
(``time.thread_time``, the clock the expert's cap reads), so the figure does not depend on what
else the machine runs. It prints the decisions, their mean, median and largest CPU time in
milliseconds, and how many went past 0.1 s.

Run: ``nice -n 19 python bench/expert_cpu.py okey --players 2 --deals 3 --seed 31``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import rummykit
from rummykit.bots import registry
from rummykit.variants.registry import variant as lookup

LIMIT = 0.1
"""The CPU time a decision should stay within, in seconds."""


def decision_times(variant: str, players: int, deals: int, seed: int, opponent: str) -> list[float]:
    """The CPU seconds of each expert decision over the deals of the module docstring."""
    rounds = dict(option.split("=") for option in lookup(variant).rounds_overrides(1))
    game = rummykit.load(variant, players=players, **rounds)
    times: list[float] = []
    for deal in range(deals):
        state = game.new_state(seed + deal)
        bots = [
            registry.make_bot("expert", game, deal),
            *(registry.make_bot(opponent, game, s) for s in range(1, players)),
        ]
        while (seat := game.current_seat(state)) is not None:
            view, legal = game.observe(state, seat), game.legal_actions(state, seat)
            start = time.thread_time()
            action = bots[seat].choose(view, legal)
            if seat == 0:
                times.append(time.thread_time() - start)
            game.apply(state, seat, action)
    return times


def main() -> None:
    """Parse the command line, time the decisions, print one line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=("okey", "turkish_rummy", "kalooki"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--opponent", default="greedy")
    args = parser.parse_args()
    times = decision_times(args.game, args.players, args.deals, args.seed, args.opponent)
    print(
        f"{args.game}, {args.players} seats, {args.deals} deals from seed {args.seed} against "
        f"{args.opponent}: {len(times)} expert decisions, CPU ms mean {1000 * statistics.mean(times):.0f}, "
        f"median {1000 * statistics.median(times):.0f}, max {1000 * max(times):.0f}; "
        f"{sum(t > LIMIT for t in times)} past {LIMIT} s"
    )


if __name__ == "__main__":
    main()
