"""The table solver's positions from greedy Carousel play: record them, read them back.

Not a test: :func:`record` plays seeded greedy Carousel matches (four greedy bots, the default
rules, so two decks) and keeps every position the table solver is asked about, the engine's "can
the mover meld?" (``TableSolver.can_play``, since 2026-12-06; ``solve`` before) and the bot's "what
is the best new table?" (``solve``), in the order first asked, each once. A position is the table
(melds of cards, jokers with their declared cards), the mover's hand (faces, sorted), the number of
decks and the rule ``joker_replace_from_table``. Match ``i`` of a seed is dealt from ``seed + i``,
as in ``bench/selfplay.py``; a seed's play stops after ``decisions`` bot decisions. The positions
depend on the bots' moves, so on the table solver the game runs with.

``bench/data/carousel_positions.jsonl`` holds the positions of seeds 7, 11 and 23, 1,500 decisions
each, recorded at commit 4aa89ab (HiGHS 1.16.0 solving, before the solver of issue #30): issue
#30's "recorded positions". One JSON object a line: ``seed``, ``decision`` (the bot decisions made
before the position was asked), ``decks``, ``replace`` (``joker_replace_from_table``), ``table``
(one string a meld, ``JK[7H]`` for a joker declared 7H) and ``hand``.

Run: ``python bench/carousel_positions.py [--seeds 7,11,23] [--decisions 1500] [--out FILE]``
(without ``--out``, the lines go to standard output).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import rummykit
from rummykit.bots.registry import make_bot
from rummykit.core.melds import CardValues
from rummykit.core.notation import format_declared, format_faces, parse_declared, parse_faces
from rummykit.core.pieces import Kind
from rummykit.solvers.rearrange import DeclaredFace, TableMove, TableObjective, TableSolver

DATA = Path(__file__).resolve().parent / "data" / "carousel_positions.jsonl"
"""The recorded positions of issue #30 (seeds 7, 11, 23; 1,500 decisions each; commit 4aa89ab)."""
SEEDS = (7, 11, 23)
DECISIONS = 1500


@dataclass(frozen=True)
class Position:
    """One question to the table solver: ``table`` (melds of (face, declared) cards), ``hand``
    (faces, sorted), ``decks`` (1 or 2), ``replace`` (``joker_replace_from_table``); ``seed`` and
    ``decision`` say where it came from."""

    seed: int
    decision: int
    decks: int
    replace: bool
    table: tuple[tuple[DeclaredFace, ...], ...]
    hand: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """The position as one JSON object (module docstring)."""
        return {
            "seed": self.seed,
            "decision": self.decision,
            "decks": self.decks,
            "replace": self.replace,
            "table": [" ".join(format_declared(Kind.CARDS, f, d) for f, d in meld) for meld in self.table],
            "hand": format_faces(Kind.CARDS, self.hand),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Position:
        """The position of one JSON object written by :meth:`to_json`."""
        return cls(
            int(data["seed"]),
            int(data["decision"]),
            int(data["decks"]),
            bool(data["replace"]),
            tuple(tuple(parse_declared(Kind.CARDS, meld)) for meld in data["table"]),
            tuple(parse_faces(Kind.CARDS, data["hand"])),
        )


def load(path: Path = DATA) -> list[Position]:
    """The positions of a file written by :func:`record` (default: issue #30's recording)."""
    with path.open(encoding="utf-8") as lines:
        return [Position.from_json(json.loads(line)) for line in lines if line.strip()]


def record(seed: int, decisions: int) -> Iterator[Position]:
    """The positions greedy Carousel play from ``seed`` asks the table solver about, each once, in
    the order first asked, over its first ``decisions`` bot decisions (module docstring). Every
    solver of the process is watched while this runs (its ``solve`` method is wrapped, and
    restored at the end)."""
    asked: list[Position] = []
    seen: set[Position] = set()
    made = 0
    plain = TableSolver.solve
    plain_can_play = TableSolver.can_play

    def note(
        solver: TableSolver, table: Sequence[Sequence[DeclaredFace]], hand: Sequence[int], replace: bool
    ) -> None:
        position = Position(
            seed, made, solver.decks, replace, tuple(tuple(meld) for meld in table), tuple(sorted(hand))
        )
        if position not in seen:
            seen.add(position)
            asked.append(position)

    def watched(
        solver: TableSolver,
        table: Sequence[Sequence[DeclaredFace]],
        hand: Sequence[int],
        values: CardValues,
        replace_from_table: bool = True,
        objective: TableObjective = TableObjective.POINTS,
        free_jokers: bool = False,
        limit: int | None = None,
    ) -> TableMove:
        note(solver, table, hand, replace_from_table)
        return plain(solver, table, hand, values, replace_from_table, objective, free_jokers, limit)

    def watched_can_play(
        solver: TableSolver,
        table: Sequence[Sequence[DeclaredFace]],
        hand: Sequence[int],
        replace_from_table: bool = True,
        free_jokers: bool = False,
    ) -> bool:
        note(solver, table, hand, replace_from_table)
        return plain_can_play(solver, table, hand, replace_from_table, free_jokers)

    game = rummykit.load("carousel")
    TableSolver.solve = watched  # type: ignore[method-assign,assignment]
    TableSolver.can_play = watched_can_play  # type: ignore[method-assign,assignment]
    try:
        for match in itertools.count():
            state = game.new_state(seed + match)
            bots = [make_bot("greedy", game, (seed + match) * 16 + seat) for seat in range(game.players)]
            while made < decisions and (seat := game.current_seat(state)) is not None:
                action = bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat))
                game.apply(state, seat, action)
                made += 1
                yield from asked
                asked.clear()
            if made >= decisions:
                return
    finally:
        TableSolver.solve = plain  # type: ignore[method-assign]
        TableSolver.can_play = plain_can_play  # type: ignore[method-assign]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--seeds", default=",".join(map(str, SEEDS)), help="comma separated (default 7,11,23)"
    )
    parser.add_argument("--decisions", type=int, default=DECISIONS, help="bot decisions per seed (1500)")
    parser.add_argument("--out", type=Path, default=None, help="write the JSON lines here")
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")]
    lines = [json.dumps(p.to_json()) for seed in seeds for p in record(seed, args.decisions)]
    text = "".join(line + "\n" for line in lines)
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text, encoding="utf-8")
        print(f"{len(lines)} positions from seeds {args.seeds} written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
