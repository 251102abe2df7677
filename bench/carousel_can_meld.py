"""Benchmark: Carousel's "can the mover meld?" (``CarouselGame.can_meld``) with the feasibility
search against the optimiser it replaced.

Not a test: both sides answer the same positions in one run, position by position in turn (the
order of the two swapped at every position), on one pinned core, in CPU time
(``time.process_time_ns``). Each side is the whole question as ``can_meld`` asks it (a simple meld
or a one-card lay-off: yes; no card fits: no; else the search):

* new: ``TableSolver.can_play`` (``table_dp.table_exists``, which stops at the first legal table
  playing a card);
* old: ``TableSolver._solve(...).played`` (the optimiser, ``plan_table``; ``_solve`` skips the
  answers ``solve`` keeps);
* game: what ``can_meld`` asks, the optimiser within ``OPTIMISER_FIRST`` states (its answer the
  greedy bot reuses), past them ``can_play``.

The run fails on any answer that differs. The positions: ``--recorded FILE`` (default
``bench/data/carousel_positions.jsonl``; ``bench/data/carousel_slowest.jsonl`` holds the slowest
for the optimiser), ``--limit-case`` adds ``tests/data/carousel_search_limit.toml``'s positions,
``--seeds`` positions recorded now from greedy play (``--decisions`` each). For each set it
prints, per side, the median, p99 and worst in ms and the total in s, over all positions and over
those the search answers (neither quick answer decides), and its slowest position (seed/decision,
answer).

Run: ``python bench/carousel_can_meld.py [--recorded FILE] [--limit-case] [--seeds 101,202,303]
[--decisions 1500]``.
"""

from __future__ import annotations

import argparse
import sys
import time
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path

from benchtools import pin_one_core
from carousel_positions import DATA, Position, load, record
from rummykit.core.notation import parse_declared, parse_faces
from rummykit.core.pieces import Kind
from rummykit.solvers.rearrange import TableObjective, TableSolver
from rummykit.solvers.table_dp import SearchLimitError
from rummykit.variants.carousel.game import OPTIMISER_FIRST
from rummykit.variants.carousel.manipulation import no_card_fits, simple_meld
from rummykit.variants.carousel.rules import CAROUSEL_VALUES

LIMIT_CASE = Path(__file__).resolve().parents[1] / "tests" / "data" / "carousel_search_limit.toml"

Search = Callable[[TableSolver, Position], bool]


def new(solver: TableSolver, p: Position) -> bool:
    return solver.can_play(p.table, p.hand, p.replace)


def old(solver: TableSolver, p: Position) -> bool:
    best = solver._solve(p.table, p.hand, CAROUSEL_VALUES, p.replace, TableObjective.POINTS, False)
    return bool(best.played)


def game(solver: TableSolver, p: Position) -> bool:
    try:
        best = solver._solve(
            p.table, p.hand, CAROUSEL_VALUES, p.replace, TableObjective.POINTS, False, OPTIMISER_FIRST
        )
    except SearchLimitError:
        return solver.can_play(p.table, p.hand, p.replace)
    return bool(best.played)


SIDES: dict[str, Search] = {"new": new, "old": old, "game": game}


def quick(p: Position) -> bool | None:
    """``can_meld``'s quick answers: yes for a simple meld, no when no card fits, else ``None``."""
    if simple_meld(p.table, p.hand, p.replace) is not None:
        return True
    return False if no_card_fits(p.table, p.hand, p.replace) else None


def timed(search: Search, solver: TableSolver, p: Position) -> tuple[bool, int]:
    """The whole question's answer and its CPU time in ns."""
    start = time.process_time_ns()
    answer = quick(p)
    if answer is None:
        answer = search(solver, p)
    return answer, time.process_time_ns() - start


def summary(times: Sequence[int]) -> str:
    """Median, p99 and worst in ms, the total in s."""
    ms = sorted(t / 1e6 for t in times)
    if not ms:
        return "-"
    median = ms[len(ms) // 2]
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    return f"{median:.3f} / {p99:.2f} / {ms[-1]:.2f} ms, {sum(ms) / 1000:.2f} s"


def run(name: str, positions: Sequence[Position]) -> None:
    """Every side on ``positions``, their order turned at each position; one line a side."""
    times: dict[str, list[int]] = {label: [] for label in SIDES}
    slowest: dict[str, tuple[int, str]] = dict.fromkeys(SIDES, (0, ""))
    searched: dict[str, list[int]] = {label: [] for label in SIDES}
    labels = list(SIDES)
    for i, p in enumerate(positions):
        solver = TableSolver(p.decks)
        answers = {}
        for label in labels[i % len(labels) :] + labels[: i % len(labels)]:
            answers[label], spent = timed(SIDES[label], solver, p)
            times[label].append(spent)
            slowest[label] = max(slowest[label], (spent, f"{p.seed}/{p.decision} {answers[label]}"))
            if quick(p) is None:
                searched[label].append(spent)
        if len(set(answers.values())) > 1:
            raise SystemExit(f"{name}: {p.seed}/{p.decision}: {answers}")
    for label in labels:
        print(
            f"{name} ({len(positions)}; searched {len(searched[label])}) {label}: "
            f"all {summary(times[label])}; searched {summary(searched[label])}; slowest {slowest[label][1]}"
        )


def limit_cases() -> list[Position]:
    """The positions of ``tests/data/carousel_search_limit.toml`` (two decks)."""
    with LIMIT_CASE.open("rb") as data:
        cases = tomllib.load(data)["position"]
    return [
        Position(
            0,
            i,
            2,
            bool(case["replace"]),
            tuple(tuple(parse_declared(Kind.CARDS, meld)) for meld in case["table"]),
            tuple(sorted(parse_faces(Kind.CARDS, case["hand"]))),
        )
        for i, case in enumerate(cases)
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--recorded", type=Path, default=DATA, help="JSON lines of positions")
    parser.add_argument("--limit-case", action="store_true", help="add the search-limit positions")
    parser.add_argument("--seeds", default="", help="greedy play now on these seeds (comma separated)")
    parser.add_argument("--decisions", type=int, default=1500, help="bot decisions per seed (1500)")
    args = parser.parse_args(argv)
    print(pin_one_core(), file=sys.stderr)
    run(args.recorded.name, load(args.recorded))
    if args.limit_case:
        run(LIMIT_CASE.name, limit_cases())
    for seed in filter(None, args.seeds.split(",")):
        run(f"seed {seed}", list(record(int(seed), args.decisions)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
