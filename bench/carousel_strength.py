"""Heads-up strength: the greedy Carousel bot with the exact table solver against the same bot with
the HiGHS integer program it replaced (issue #30).

Not a test: both sides are :class:`~rummykit.bots.carousel_greedy.CarouselGreedyBot`; the old one
asks :class:`~rummykit.solvers.table_ilp.IlpTableSolver`, which answers as the table solver of
commit 4aa89ab did (the same program, HiGHS 1.16), so it plays that commit's greedy moves. Two
players, the default rules otherwise (one deck and a joker, matches to 150). Each deal (match
``i`` dealt from ``seed + i``) is played twice, the new bot in seat 0 and then in seat 1, so both
sides meet the same cards from both seats. Every finished round counts: its score change for the
new bot minus the old one's (points, the round's ``deltas``), and who won it.

Prints the rounds played, the new bot's mean score difference per round with a 95% interval
(normal, over the per-deal-pair means: rounds of one match are not independent), its share of the
rounds won with a 95% Wilson interval, and the seconds taken.

Run: ``python bench/carousel_strength.py [--rounds 400] [--seed 1000]`` (needs ``highspy``:
``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from rummykit.bots.carousel_greedy import CarouselGreedyBot

import rummykit
from rummykit.solvers.table_ilp import IlpTableSolver
from rummykit.variants.carousel.state import CarouselGame

Z95 = 1.959964


@dataclass
class Tally:
    """What the rounds of the new bot against the old one gave: per deal pair, the new bot's score
    differences per round; and the rounds it won and lost."""

    pairs: list[list[int]]
    won: int = 0
    lost: int = 0

    @property
    def rounds(self) -> int:
        return sum(map(len, self.pairs))


def old_bot(game: CarouselGame) -> CarouselGreedyBot:
    """The greedy bot asking the HiGHS integer program (commit 4aa89ab's answers)."""
    bot = CarouselGreedyBot(game)
    bot.solver = IlpTableSolver(game.rules.decks)
    return bot


def play(game: CarouselGame, seed: int, new_seat: int, tally: Tally) -> list[int]:
    """One match dealt from ``seed``, the new bot in ``new_seat``: the new bot's score difference
    in each round, the wins and losses added to ``tally``."""
    bots = [CarouselGreedyBot(game), old_bot(game)]
    if new_seat:
        bots.reverse()
    state = game.new_state(seed)
    while (seat := game.current_seat(state)) is not None:
        game.apply(state, seat, bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat)))
    old_seat = 1 - new_seat
    out = []
    for result in state.results:
        out.append(result.deltas[new_seat] - result.deltas[old_seat])
        tally.won += result.winner == new_seat
        tally.lost += result.winner == old_seat
    return out


def wilson(wins: int, total: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share of ``wins`` in ``total``."""
    if not total:
        return (0.0, 1.0)
    share = wins / total
    scale = Z95 * Z95 / total
    middle = (share + scale / 2) / (1 + scale)
    half = Z95 * math.sqrt(share * (1 - share) / total + scale / (4 * total)) / (1 + scale)
    return (middle - half, middle + half)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=400, help="play deal pairs until this many rounds")
    parser.add_argument("--seed", type=int, default=1000, help="the first deal's seed (default 1000)")
    args = parser.parse_args(argv)
    game = rummykit.load("carousel", players=2)
    assert isinstance(game, CarouselGame)
    tally = Tally([])
    started = time.perf_counter()
    deal = args.seed
    while tally.rounds < args.rounds:
        tally.pairs.append(play(game, deal, 0, tally) + play(game, deal, 1, tally))
        deal += 1
    means = [statistics.fmean(pair) for pair in tally.pairs]
    mean = statistics.fmean(d for pair in tally.pairs for d in pair)
    half = Z95 * statistics.stdev(means) / math.sqrt(len(means))
    pair_mean = statistics.fmean(means)
    decided = tally.won + tally.lost
    low, high = wilson(tally.won, decided)
    print(f"deals {args.seed}..{deal - 1}, each played from both seats: {tally.rounds} rounds")
    print(
        f"new - old score per round: {mean:+.2f} (per deal pair {pair_mean:+.2f}, 95% interval "
        f"{pair_mean - half:+.2f} to {pair_mean + half:+.2f})"
    )
    print(
        f"rounds won: new {tally.won}, old {tally.lost} (new's share {tally.won / max(1, decided):.3f}, "
        f"95% interval {low:.3f} to {high:.3f})"
    )
    print(f"{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
