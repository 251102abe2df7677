"""The integer program that was Carousel's table solver until issue #30, kept as the reference of
the tests and benchmarks: importable only where ``highspy`` is installed (the ``test`` and ``bench``
extras), never by the game, the bots or the command line.

An integer program over candidate melds, after den Hertog and Hulshof (2006, "Solving Rummikub
problems by integer linear programming"): ``x_m`` copies of each candidate meld (groups of 3 or 4
distinct suits; sequences of 3 to 5, which build every longer sequence, with ``Q K A`` as its own
candidates), solved with HiGHS. Each card face ``f`` has as many *slots* on the new table as the
chosen melds ask for, filled by the table's real cards, cards played from the hand (``y_f``),
table jokers that keep their declared card (``k_f``) and free jokers declared anew (``z_f``). A
table joker declared ``f`` may be freed only when a real ``f`` replaces it (from the hand, or, with
``replace_from_table``, anywhere on the new table); every freed joker must be placed again. Its
value is the exact solver's (:mod:`rummykit.solvers.table_dp`) on every position; among equally
good tables it returns HiGHS's pick, which changes between HiGHS releases.
Rules spec: ``carousel.md`` "Melds" and "Melding (manipulation)".
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

import highspy
import numpy as np

from rummykit.core.melds import (
    CARD_JOKERS,
    HIGH_ACE,
    MIN_MELD,
    CardValues,
    Meld,
    MeldKind,
    build_run,
    merge_runs,
)
from rummykit.core.pieces import JOKER, N_FACES, N_RANKS, N_SUITS, make_face, rank_of
from rummykit.errors import RummykitError
from rummykit.solvers.rearrange import (
    POINTS_WEIGHT,
    DeclaredFace,
    TableMove,
    TableObjective,
    TableSolver,
    _left,
)

MAX_WINDOW = 5


@dataclass(frozen=True)
class Candidate:
    """A candidate meld: its kind, suit (sequences), positions and the face of each slot."""

    kind: MeldKind
    suit: int
    positions: tuple[int, ...]
    faces: tuple[int, ...]


@cache
def candidates(ace_high: bool = True) -> tuple[Candidate, ...]:
    """Groups of 3 and 4 distinct suits of each rank; sequences of 3 to 5 of each suit, ace low
    (A 2 3) or, with ``ace_high``, high (Q K A), never both and never wrapping."""
    out: list[Candidate] = []
    for rank in range(1, N_RANKS + 1):
        for size in (3, 4):
            for suits in _combinations(tuple(range(N_SUITS)), size):
                out.append(
                    Candidate(MeldKind.SET, -1, (rank,) * size, tuple(make_face(s, rank) for s in suits))
                )
    for suit in range(N_SUITS):
        for length in range(MIN_MELD, MAX_WINDOW + 1):
            for lo in range(1, (HIGH_ACE if ace_high else HIGH_ACE - 1) - length + 2):
                positions = tuple(range(lo, lo + length))
                faces = tuple(make_face(suit, 1 if p == HIGH_ACE else p) for p in positions)
                out.append(Candidate(MeldKind.RUN, suit, positions, faces))
    return tuple(out)


def _combinations(items: tuple[int, ...], size: int) -> list[tuple[int, ...]]:
    if size == 0:
        return [()]
    return [(items[i], *rest) for i in range(len(items)) for rest in _combinations(items[i + 1 :], size - 1)]


def _quiet_highs() -> highspy.Highs:
    """A HiGHS instance, without the banner its constructor prints on standard output."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            return highspy.Highs()
    finally:
        os.dup2(saved, 1)
        os.close(saved)


class IlpTableSolver(TableSolver):
    """The integer program for one number of decks (1 or 2), built once and re-bounded per
    position; see the module docstring. :meth:`TableSolver.solve` as the exact solver, answers
    kept apart from its."""

    _solved: ClassVar[dict[tuple[object, ...], TableMove]] = {}
    """Answers by position, as :attr:`TableSolver._solved`: HiGHS gives the same answer to the
    same program whatever it solved before."""

    def __init__(self, decks: int, ace_high: bool = True) -> None:
        super().__init__(decks, ace_high)
        self.melds = candidates(ace_high)
        n_melds = len(self.melds)
        # columns: x_m | y_f | y_joker | k_f | z_f
        self.col_y = n_melds
        self.col_yj = self.col_y + N_FACES
        self.col_k = self.col_yj + 1
        self.col_z = self.col_k + N_FACES
        self.n_cols = self.col_z + N_FACES
        self._highs = self._build()

    def _build(self) -> highspy.Highs:
        h = _quiet_highs()
        h.setOptionValue("output_flag", False)
        h.setOptionValue("threads", 1)
        # Measured with bench/table_solver.py: these small programs close at the root node, and
        # HiGHS's presolve costs more than it saves (median 13 -> 7 ms at 30 cards + 10-14).
        h.setOptionValue("presolve", "off")
        inf = highspy.kHighsInf
        lower = np.zeros(self.n_cols)
        upper = np.full(self.n_cols, float(self.decks))
        upper[self.col_z : self.col_z + N_FACES] = 2.0 * self.decks
        h.addVars(self.n_cols, lower, upper)
        h.changeColsIntegrality(
            self.n_cols,
            np.arange(self.n_cols, dtype=np.int32),
            np.full(self.n_cols, highspy.HighsVarType.kInteger),
        )
        # slot rows: sum_m a_mf x_m - y_f - k_f - z_f = T_f
        slot_entries: list[list[tuple[int, float]]] = [[] for _ in range(N_FACES)]
        for m, cand in enumerate(self.melds):
            for face, count in Counter(cand.faces).items():
                slot_entries[face].append((m, float(count)))
        for face in range(N_FACES):
            entries = [
                *slot_entries[face],
                (self.col_y + face, -1.0),
                (self.col_k + face, -1.0),
                (self.col_z + face, -1.0),
            ]
            self._add_row(h, entries, 0.0, 0.0)
        # jokers: sum z_f + sum k_f - y_joker = jokers on the table
        joker_entries = [(self.col_z + f, 1.0) for f in range(N_FACES)] + [
            (self.col_k + f, 1.0) for f in range(N_FACES)
        ]
        self._add_row(h, [*joker_entries, (self.col_yj, -1.0)], 0.0, 0.0)
        # freeing a joker declared f needs a real f: k_f + y_f >= D_f - T_f (or D_f from the hand only)
        for face in range(N_FACES):
            self._add_row(h, [(self.col_k + face, 1.0), (self.col_y + face, 1.0)], -inf, inf)
        h.changeObjectiveSense(highspy.ObjSense.kMaximize)
        return h

    @staticmethod
    def _add_row(h: highspy.Highs, entries: list[tuple[int, float]], low: float, high: float) -> None:
        idx = np.array([c for c, _ in entries], dtype=np.int32)
        val = np.array([v for _, v in entries], dtype=np.float64)
        h.addRow(low, high, len(entries), idx, val)

    def _solve(
        self,
        table: Sequence[Sequence[DeclaredFace]],
        hand: Sequence[int],
        values: CardValues,
        replace_from_table: bool,
        objective: TableObjective,
        free_jokers: bool,
        limit: int | None = None,
    ) -> TableMove:
        """:meth:`TableSolver.solve` without the kept answers: one run of the program (``limit``,
        a bound on our search's states, does not apply to it)."""
        real, declared = self._check(table, hand, free_jokers)
        hand_counts = Counter(hand)
        h = self._highs
        n = N_FACES
        y_upper = np.array([float(hand_counts.get(f, 0)) for f in range(n)])
        k_upper = np.array([0.0 if free_jokers else float(declared.get(f, 0)) for f in range(n)])
        cols = np.arange(self.col_y, self.col_y + n, dtype=np.int32)
        h.changeColsBounds(n, cols, np.zeros(n), y_upper)
        h.changeColsBounds(n, np.arange(self.col_k, self.col_k + n, dtype=np.int32), np.zeros(n), k_upper)
        h.changeColBounds(self.col_yj, 0.0, float(hand_counts.get(JOKER, 0)))
        t = np.array([float(real.get(f, 0)) for f in range(n)])
        h.changeRowsBounds(n, np.arange(n, dtype=np.int32), t, t)
        jokers_on_table = float(sum(declared.values()))
        h.changeRowBounds(n, jokers_on_table, jokers_on_table)
        inf = highspy.kHighsInf
        need = k_upper - t if replace_from_table else k_upper
        if free_jokers:
            need = np.full(n, -inf)
        h.changeRowsBounds(n, np.arange(n + 1, 2 * n + 1, dtype=np.int32), need, np.full(n, inf))
        costs = np.zeros(self.n_cols)
        points = objective is TableObjective.POINTS
        costs[self.col_y : self.col_y + n] = [
            values.rank_value(rank_of(f)) * POINTS_WEIGHT + 1 if points else 1 for f in range(n)
        ]
        costs[self.col_yj] = values.joker * POINTS_WEIGHT + 1 if points else 1
        h.changeColsCost(self.n_cols, np.arange(self.n_cols, dtype=np.int32), costs)
        h.run()
        status = h.getModelStatus()
        if status != highspy.HighsModelStatus.kOptimal:
            raise RummykitError(f"the table solver failed: {h.modelStatusToString(status)}")
        solution = np.rint(np.array(h.getSolution().col_value)).astype(int)
        return self._read(solution, real, declared, hand, values)

    def _read(
        self,
        solution: np.ndarray,
        real: Counter[int],
        declared: Counter[int],
        hand: Sequence[int],
        values: CardValues,
    ) -> TableMove:
        n = N_FACES
        y = solution[self.col_y : self.col_y + n].tolist()
        kept = solution[self.col_k : self.col_k + n].tolist()
        free = solution[self.col_z : self.col_z + n].tolist()
        played = [f for f in range(n) for _ in range(y[f])] + [JOKER] * int(solution[self.col_yj])
        fillers: dict[int, list[int]] = {}
        for f in range(n):
            fillers[f] = [f] * (real.get(f, 0) + y[f]) + [JOKER] * (kept[f] + free[f])
        melds: list[Meld] = []
        chosen = solution[: len(self.melds)]
        for m in np.flatnonzero(chosen).tolist():
            cand = self.melds[m]
            for _ in range(int(chosen[m])):
                pieces = [fillers[f].pop(0) for f in cand.faces]
                if cand.kind is MeldKind.RUN:
                    melds.append(build_run(cand.suit, cand.positions, pieces))
                else:
                    melds.append(Meld(MeldKind.SET, tuple(pieces), cand.faces, cand.positions))
        left = _left(hand, played)
        points = sum(values.hand_value(f, CARD_JOKERS) for f in left)
        return TableMove(tuple(merge_runs(melds)), tuple(played), left, points)
