"""Benchmark: Carousel's table solver against the HiGHS integer program it replaced (issue #30).

Not a test: both sides answer the same positions in one run, position by position in turn (the
order of the two swapped at every position, so that a machine's moods reach both alike), on one
pinned core, and each answer is timed in CPU time (``time.process_time_ns``; HiGHS runs on one
thread). The sides:

* ours: ``TableSolver(decks)._solve(...)``, the dynamic program (``solvers/table_dp.py``);
* HiGHS: ``IlpTableSolver(decks)._solve(...)`` (``solvers/table_ilp.py``), the integer program of
  commit 4aa89ab, HiGHS as installed.

``_solve`` skips the answers both keep per position, so every position is solved. Every answer is
checked: the same points and cards played by both, and our table legal (``check_move``); the run
fails on any difference.

The positions: ``--recorded FILE`` (default ``bench/data/carousel_positions.jsonl``, issue #30's
recording of greedy play, seeds 7, 11 and 23) and, with ``--seeds``, positions recorded now from
greedy play on those seeds (``--decisions`` bot decisions each, the bots playing with our
solver): whole greedy games on seeds nobody tuned on. ``bench/data/carousel_slowest.jsonl``
holds the 20 positions slowest for the solver of commit 3749f44 among the recorded ones and those
of seeds 101, 202 and 303 (1,500 decisions each), then 8 more among the 12 slowest for ff9d652's
in the same sets (2026-12-06, load average 20), for work on the worst case (``--recorded`` it;
``tests/test_table_dp.py`` checks our value on them against the integer program's). For each set
it prints the median, p90, p99 and worst solve of both sides and their ratios (HiGHS's time over
ours: above 1, ours is faster); then our ``--slowest`` positions over all sets, which
``--save-slowest FILE`` writes as JSON lines (the format of ``bench/data/carousel_positions.jsonl``).

Run: ``python bench/carousel_table.py [--seeds 101,202,303] [--decisions 1500] [--repeat 1]
[--no-recorded] [--slowest 10] [--save-slowest FILE]`` (needs ``highspy``: ``pip install -e
'.[bench]'``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from benchtools import pin_one_core
from carousel_positions import DATA, Position, load, record
from rummykit.core.melds import CARD_JOKERS
from rummykit.core.pieces import JOKER
from rummykit.solvers.rearrange import TableMove, TableObjective, TableSolver
from rummykit.solvers.table_ilp import IlpTableSolver
from rummykit.variants.carousel.manipulation import check_move
from rummykit.variants.carousel.rules import CAROUSEL_VALUES

Solve = Callable[[Position], TableMove]


def solver(kind: type[TableSolver], decks: int) -> Solve:
    """``kind``'s answer to a position, without the kept answers."""
    made = kind(decks)
    return lambda p: made._solve(p.table, p.hand, CAROUSEL_VALUES, p.replace, TableObjective.POINTS, False)


def timed(solve: Solve, position: Position, repeat: int) -> tuple[TableMove, int]:
    """The answer and the least CPU time (ns) of ``repeat`` solves."""
    best = None
    for _ in range(repeat):
        start = time.process_time_ns()
        move = solve(position)
        spent = time.process_time_ns() - start
        best = spent if best is None else min(best, spent)
    assert best is not None
    return move, best


def played(move: TableMove) -> tuple[int, int]:
    """(points, cards) the move plays."""
    return sum(CAROUSEL_VALUES.hand_value(f, CARD_JOKERS) for f in move.played), len(move.played)


def problems(position: Position, ours: TableMove, theirs: TableMove) -> list[str]:
    """What is wrong with our answer: another value than HiGHS's, or an illegal table."""
    out = []
    if played(ours) != played(theirs):
        out.append(f"plays {played(ours)}, HiGHS {played(theirs)}")
    if ours.played:
        table = [list(meld) for meld in position.table]
        new = [
            [(f, s if f == JOKER else None) for f, s in zip(m.faces, m.stands_for, strict=True)]
            for m in ours.table
        ]
        if sorted(check_move(table, new, list(position.hand), position.replace)) != sorted(ours.played):
            out.append("the table does not play what it says")
    return out


def quantile(times: Sequence[int], q: float) -> float:
    """The ``q`` quantile of ``times`` (ns) in ms, nearest rank."""
    ranked = sorted(times)
    return ranked[min(len(ranked) - 1, int(q * len(ranked)))] / 1e6


def compare(
    label: str, positions: Sequence[Position], repeat: int, slowest: list[tuple[int, int, Position]]
) -> bool:
    """Time both sides on ``positions`` and print the table; whether every answer was right.
    Every position is added to ``slowest`` as (our time, HiGHS's time, position), in ns."""
    ours = {d: solver(TableSolver, d) for d in (1, 2)}
    theirs = {d: solver(IlpTableSolver, d) for d in (1, 2)}
    ours[2](positions[0])
    theirs[2](positions[0])
    mine: list[int] = []
    highs: list[int] = []
    wrong = 0
    for i, position in enumerate(positions):
        sides = [(ours[position.decks], mine), (theirs[position.decks], highs)]
        answers = []
        for solve, times in sides if i % 2 == 0 else sides[::-1]:
            move, spent = timed(solve, position, repeat)
            times.append(spent)
            answers.append((solve, move))
        move_ours = next(m for s, m in answers if s is ours[position.decks])
        move_theirs = next(m for s, m in answers if s is theirs[position.decks])
        slowest.append((mine[-1], highs[-1], position))
        for problem in problems(position, move_ours, move_theirs):
            wrong += 1
            print(f"  seed {position.seed}, decision {position.decision}: {problem}", file=sys.stderr)
    print(f"\n== {label}: {len(positions)} positions ==")
    print(f"  {'':<8} {'median':>9} {'p90':>9} {'p99':>9} {'worst':>9}   (ms, CPU)")
    quantiles = (0.5, 0.9, 0.99, 1.0)
    rows = {"ours": [quantile(mine, q) for q in quantiles], "HiGHS": [quantile(highs, q) for q in quantiles]}
    for name, row in rows.items():
        print(f"  {name:<8} " + " ".join(f"{v:9.2f}" for v in row))
    ratios = [h / o for h, o in zip(rows["HiGHS"], rows["ours"], strict=True)]
    print(f"  {'ratio':<8} " + " ".join(f"{r:8.1f}x" for r in ratios) + "   (HiGHS / ours)")
    print(f"  total: ours {sum(mine) / 1e9:.2f} s, HiGHS {sum(highs) / 1e9:.2f} s; wrong answers: {wrong}")
    return wrong == 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--recorded", type=Path, default=DATA, help="recorded positions (JSON lines)")
    parser.add_argument("--no-recorded", action="store_true", help="skip the recorded positions")
    parser.add_argument(
        "--seeds", default="", help="also record greedy play on these seeds (comma separated)"
    )
    parser.add_argument("--decisions", type=int, default=1500, help="bot decisions per seed (default 1500)")
    parser.add_argument("--repeat", type=int, default=1, help="solves per position and side, the least kept")
    parser.add_argument("--slowest", type=int, default=10, help="list this many of our slowest positions")
    parser.add_argument("--save-slowest", type=Path, help="write them to this file (JSON lines)")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, {pin_one_core()}")
    ok = True
    timed_positions: list[tuple[int, int, Position]] = []
    if not args.no_recorded:
        ok &= compare(f"recorded ({args.recorded.name})", load(args.recorded), args.repeat, timed_positions)
    for seed in filter(None, args.seeds.split(",")):
        positions = list(record(int(seed), args.decisions))
        label = f"greedy play now, seed {seed}, {args.decisions} decisions"
        ok &= compare(label, positions, args.repeat, timed_positions)
    slow = sorted(timed_positions, key=lambda t: -t[0])[: args.slowest]
    print(f"\n== our {len(slow)} slowest positions: ours / HiGHS (ms, CPU), cards on the table ==")
    for ours, theirs, position in slow:
        cards = sum(len(meld) for meld in position.table)
        where = f"seed {position.seed}, decision {position.decision}"
        print(f"  {where}: {ours / 1e6:.1f} / {theirs / 1e6:.1f}, {cards}")
    if args.save_slowest:
        lines = [json.dumps(position.to_json()) for _, _, position in slow]
        args.save_slowest.write_text("".join(line + "\n" for line in lines), "utf-8")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
