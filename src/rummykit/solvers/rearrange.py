"""The exact table solver of manipulation rummy (Carousel): given the table and a hand, the legal new
table that leaves the fewest points (or cards) in hand.

The search is :mod:`rummykit.solvers.table_dp`, a dynamic program over ranks (after van Rijn,
Takes and Vis, 2015), exact and with a stated rule for which of several equally good tables it
returns (its module docstring): the same answer on every install, whatever solver libraries are
there. Each card face ``f`` has as many *places* on the new table as the melds ask for, filled by
the table's real cards, cards played from the hand, table jokers that keep their declared card and
jokers declared anew. A table joker declared ``f`` may be freed only when a real ``f`` replaces it
(from the hand, or, with ``replace_from_table``, anywhere on the new table); every freed joker must
be placed again. The integer program it replaced (den Hertog and Hulshof, 2006, solved with
HiGHS) is kept as the reference of the tests and benchmarks, :mod:`rummykit.solvers.table_ilp`.
Rules spec: ``carousel.md`` "Melds" and "Melding (manipulation)".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import ClassVar

from rummykit.core.melds import (
    CARD_JOKERS,
    CardValues,
    Meld,
    MeldRules,
    validate_meld,
)
from rummykit.core.notation import format_declared, format_face
from rummykit.core.pieces import JOKER, N_FACES, Kind, rank_of
from rummykit.errors import CodedError, MeldError, message_of
from rummykit.memo import keep
from rummykit.solvers.table_dp import plan_table, table_exists

CARD_MELDS = MeldRules(Kind.CARDS)
CARD_MELDS_ACE_LOW = MeldRules(Kind.CARDS, ace_high=False)

POINTS_WEIGHT = 1000
"""Points played come first; among equal points, more cards played."""

SOLVED_KEPT = 4096
"""Positions whose answers a process keeps (:meth:`TableSolver.solve`) before it forgets them all."""

DeclaredFace = tuple[int, int | None]


class TableObjective(StrEnum):
    """What the table solver maximises: the points played from the hand (Carousel: fewest
    points left; ties broken by more cards) or the number of cards played."""

    POINTS = "points"
    CARDS = "cards"


def validate_table_meld(
    meld: Sequence[DeclaredFace], ace_high: bool = True, free_jokers: bool = False
) -> Meld:
    """A table meld of (face, declared) cards as a :class:`Meld`; every joker must be declared,
    unless ``free_jokers`` (then declarations are ignored). Raises :class:`MeldError`:
    ``meld.joker_undeclared`` (the meld, a list of cards), ``meld.table_invalid`` (``reason``, the
    meld checker's coded error)."""
    if not free_jokers and any(face == JOKER and said is None for face, said in meld):
        raise MeldError("meld.joker_undeclared", meld=[format_declared(Kind.CARDS, f, d) for f, d in meld])
    said = [None if free_jokers and f == JOKER else d for f, d in meld]
    rules = CARD_MELDS if ace_high else CARD_MELDS_ACE_LOW
    try:
        return validate_meld([f for f, _ in meld], rules, CARD_JOKERS, declared=said)
    except MeldError as exc:
        raise MeldError("meld.table_invalid", reason=message_of(exc)) from None


@lru_cache(maxsize=4096)
def _valid_table_meld(meld: tuple[DeclaredFace, ...], ace_high: bool, free_jokers: bool) -> Meld:
    """:func:`validate_table_meld`, valid melds kept in a bounded memo (each solve checks every
    meld of its table; consecutive tables share most of them)."""
    return validate_table_meld(meld, ace_high, free_jokers)


@dataclass(frozen=True)
class TableMove:
    """The solver's answer: the new ``table`` (melds whose jokers' ``stands_for`` are their
    declarations), the faces ``played`` from the hand, the faces ``left`` in hand and their
    ``points_left``. ``played`` is empty when nothing can be played."""

    table: tuple[Meld, ...]
    played: tuple[int, ...]
    left: tuple[int, ...]
    points_left: int


class TableSolver:
    """The exact table solver for one number of decks (1 or 2), ace high or not; see the module
    docstring. The answers are kept per position for every solver of a process
    (:data:`SOLVED_KEPT`): a game's legality and its bots ask about the same positions."""

    _solved: ClassVar[dict[tuple[object, ...], TableMove]] = {}
    """Answers by (decks, ace high, table, sorted hand, values, the joker rule, objective, free
    jokers): the search gives the same answer to the same position whatever it solved before."""

    def __init__(self, decks: int, ace_high: bool = True) -> None:
        if decks not in (1, 2):
            raise CodedError("solver.decks", decks=decks)
        self.decks = decks
        self.ace_high = ace_high

    def solve(
        self,
        table: Sequence[Sequence[DeclaredFace]],
        hand: Sequence[int],
        values: CardValues,
        replace_from_table: bool = True,
        objective: TableObjective = TableObjective.POINTS,
        free_jokers: bool = False,
        limit: int | None = None,
    ) -> TableMove:
        """The best legal new table for ``table`` (melds of (face, declared) cards, every joker
        declared) and ``hand`` (faces), under ``objective``; ``values`` count the points. Among
        equally good tables, the one :mod:`rummykit.solvers.table_dp` states; when nothing can
        be played, ``played`` is empty and ``table`` is the table as it is.

        ``free_jokers`` drops the declared-joker rule (Rummikub-style tables): every table joker
        may be placed anew anywhere. ``limit`` bounds the search's states
        (:func:`~rummykit.solvers.table_dp.plan_table`; ``None``: exact whatever it costs): past
        it, raises :class:`~rummykit.solvers.table_dp.SearchLimitError` and keeps nothing.
        Raises :class:`MeldError` for an invalid table meld (:func:`validate_table_meld`) and
        :class:`CodedError` ``solver.copies`` or ``solver.jokers`` for more copies of a card, or
        jokers, than the decks hold."""
        key = (
            self.decks,
            self.ace_high,
            tuple(tuple(meld) for meld in table),
            tuple(sorted(hand)),
            values,
            replace_from_table,
            objective,
            free_jokers,
        )
        known = self._solved.get(key)
        if known is None:
            known = keep(
                self._solved,
                key,
                self._solve(table, hand, values, replace_from_table, objective, free_jokers, limit),
                SOLVED_KEPT,
            )
        return TableMove(known.table, known.played, _left(hand, known.played), known.points_left)

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
        """:meth:`solve` without the kept answers."""
        real, held, hand_jokers, declared, table_jokers = self._counts(table, hand, free_jokers)
        points = objective is TableObjective.POINTS
        weights = [values.rank_value(rank_of(f)) * POINTS_WEIGHT + 1 if points else 1 for f in range(N_FACES)]
        plan = plan_table(
            real,
            held,
            hand_jokers,
            declared,
            table_jokers,
            weights,
            values.joker * POINTS_WEIGHT + 1 if points else 1,
            replace_from_table,
            self.ace_high,
            limit,
        )
        if plan is None:
            melds = tuple(_valid_table_meld(tuple(meld), self.ace_high, free_jokers) for meld in table)
            return self._move(melds, (), hand, values)
        return self._move(plan.melds, plan.played, hand, values)

    def can_play(
        self,
        table: Sequence[Sequence[DeclaredFace]],
        hand: Sequence[int],
        replace_from_table: bool = True,
        free_jokers: bool = False,
    ) -> bool:
        """Whether some legal new table plays a card of ``hand``: :meth:`solve`'s answer plays
        one, under either objective and any values (the same arguments), found by a search that
        stops at the first such table (:func:`~rummykit.solvers.table_dp.table_exists`; exact, no
        bound), not kept. Raises as :meth:`solve` for an invalid or impossible position."""
        return table_exists(*self._counts(table, hand, free_jokers), replace_from_table, self.ace_high)

    def _counts(
        self, table: Sequence[Sequence[DeclaredFace]], hand: Sequence[int], free_jokers: bool
    ) -> tuple[list[int], list[int], int, list[int], int]:
        """The position as :func:`~rummykit.solvers.table_dp.plan_table` takes it, after
        :meth:`_check`: per face (52) the table's real cards, the hand's cards and the table
        jokers declared as it (all zero with ``free_jokers``); the hand's jokers; every table
        joker."""
        real, declared = self._check(table, hand, free_jokers)
        hand_counts = Counter(hand)
        return (
            [real.get(f, 0) for f in range(N_FACES)],
            [hand_counts.get(f, 0) for f in range(N_FACES)],
            hand_counts.get(JOKER, 0),
            [0 if free_jokers else declared.get(f, 0) for f in range(N_FACES)],
            sum(declared.values()),
        )

    def laid(
        self,
        table: Sequence[Sequence[DeclaredFace]],
        new: Sequence[Sequence[DeclaredFace]],
        hand: Sequence[int],
        values: CardValues,
    ) -> TableMove:
        """The answer that lays the new table ``new`` (melds of (face, declared) cards, found by
        the caller: legal for ``table`` and ``hand``, which the caller checked) in place of
        ``table``: the cards it adds are the ones played from ``hand``. Raises :class:`MeldError`
        for a meld of ``new`` that is not a valid table meld."""
        melds = tuple(_valid_table_meld(tuple(meld), self.ace_high, False) for meld in new)
        added = Counter(face for meld in new for face, _ in meld)
        added.subtract(face for meld in table for face, _ in meld)
        played: list[int] = []
        for face in hand:
            if added[face] > 0:
                added[face] -= 1
                played.append(face)
        return self._move(melds, tuple(played), hand, values)

    @staticmethod
    def _move(
        melds: tuple[Meld, ...], played: tuple[int, ...], hand: Sequence[int], values: CardValues
    ) -> TableMove:
        """The answer laying ``melds`` with ``played`` from ``hand``."""
        left = _left(hand, played)
        points = sum(values.hand_value(f, CARD_JOKERS) for f in left)
        return TableMove(melds, played, left, points)

    def _check(
        self, table: Sequence[Sequence[DeclaredFace]], hand: Sequence[int], free_jokers: bool = False
    ) -> tuple[Counter[int], Counter[int]]:
        """(real cards on the table by face, table jokers by declared face — under -1 when
        ``free_jokers``), after checking that the position can exist."""
        real: Counter[int] = Counter()
        declared: Counter[int] = Counter()
        for meld in table:
            _valid_table_meld(tuple(meld), self.ace_high, free_jokers)
            for face, said in meld:
                if face == JOKER:
                    declared[-1 if free_jokers or said is None else said] += 1
                else:
                    real[face] += 1
        cards = real + Counter(hand)
        jokers = sum(declared.values()) + Counter(hand).get(JOKER, 0)
        for face, count in cards.items():
            if face != JOKER and count > self.decks:
                piece = format_face(Kind.CARDS, face)
                raise CodedError("solver.copies", count=count, piece=piece, decks=self.decks)
        if jokers > self.decks:
            raise CodedError("solver.jokers", count=jokers, decks=self.decks)
        return real, declared


def _left(hand: Sequence[int], played: Sequence[int]) -> tuple[int, ...]:
    """The faces of ``hand`` left after ``played`` goes to the table, in the hand's order."""
    left = list(hand)
    for face in played:
        left.remove(face)
    return tuple(left)
