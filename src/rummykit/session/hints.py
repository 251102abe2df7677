"""Hints for a seat, as data: what the solver and the greedy bots would do with this hand.

Every hint is computed from what the seat sees (its own pieces in its rack order, the wilds, the
piece it may take, the table) and the legal actions; a client renders it in words. One function per
kind of game:

- :func:`closed_hand_hint` (Okey, Turkish Rummy): before drawing, take or draw (or pass); with a
  finish, the best finish; else the discard that leaves the fewest pieces out of melds; with the
  best arrangement of what is kept.
- :func:`kalooki_hint`: the greedy bot's next action, the best melds by value (and the opening they
  make with this turn's melds), and the arrangement leaving the fewest points in hand.
- :func:`carousel_hint`: the table solver's best new table, the cards it plays, the points left
  and whether a knock could follow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from rummykit.core.melds import CARD_JOKERS, CardValues, Wilds
from rummykit.solvers.arrange import Arrangement, HandSolver, Objective
from rummykit.solvers.report import HandProfile, best_arrangement, finishes, whole_hand_kinds

if TYPE_CHECKING:  # the table solver is loaded by Carousel's game, not by every hint
    from rummykit.solvers.rearrange import DeclaredFace, TableMove, TableSolver


class Move(StrEnum):
    """The move a closed-hand hint suggests."""

    TAKE_TO_FINISH = "take_to_finish"
    TAKE = "take"
    DRAW = "draw"
    PASS = "pass"
    FINISH = "finish"
    DISCARD = "discard"


@dataclass(frozen=True)
class ClosedHandHint:
    """A closed-hand game's hint.

    ``move`` and ``piece`` (the piece taken, finished with or discarded; ``None`` for draw and
    pass); ``finishes``: after :attr:`Move.TAKE_TO_FINISH`, the discards that finish; ``left_out``:
    pieces out of melds after a :attr:`Move.TAKE` or :attr:`Move.DISCARD`; ``kinds``: how a
    finish lays down (``melds``, ``pairs``) and whether it discards a wild (``wild``);
    ``arrangement``: the best arrangement of the pieces kept (before drawing: of the rack).
    ``show``: the indicator whose twin may be shown now (Okey), else ``None``.
    """

    move: Move
    piece: int | None
    arrangement: Arrangement
    finishes: tuple[int, ...] = ()
    left_out: int | None = None
    kinds: tuple[str, ...] = ()
    show: int | None = None


def left_out(profile: HandProfile, faces: Sequence[int], wilds: Wilds) -> int:
    """How many of ``faces`` the best arrangement leaves out of melds (or pairs)."""
    return len(best_arrangement(profile, faces, wilds).ungrouped)


def best_discard(
    profile: HandProfile, rack: Sequence[int], wilds: Wilds, choices: Sequence[int]
) -> tuple[int, int]:
    """(pieces left out after the best discard, that discard) among ``choices``: the fewest left
    out, a natural before a wild, then the highest face."""
    scored = []
    for face in choices:
        rest = list(rack)
        rest.remove(face)
        scored.append((left_out(profile, rest, wilds), wilds.is_wild(face), -face, face))
    fewest, _, _, face = min(scored)
    return fewest, face


def finish_kinds(profile: HandProfile, rest: Sequence[int], face: int, wilds: Wilds) -> tuple[str, ...]:
    """How the ``rest`` lays down after finishing with ``face``: ``melds``/``pairs``, and ``wild``
    when ``face`` is wild (a wild finish)."""
    kinds = [str(k) for k in whole_hand_kinds(profile, rest, wilds)]
    if wilds.is_wild(face):
        kinds.append("wild")
    return tuple(kinds)


def _finish_value(profile: HandProfile, rack: Sequence[int], face: int, wilds: Wilds) -> int:
    """A finish's weight as the games score it: pairs and wild finishes count double."""
    rest = list(rack)
    rest.remove(face)
    kinds = finish_kinds(profile, rest, face, wilds)
    return (2 if "pairs" in kinds else 1) * (2 if "wild" in kinds else 1)


def closed_hand_hint(
    profile: HandProfile,
    rack: Sequence[int],
    wilds: Wilds,
    takeable: int | None,
    verbs: dict[str, list[str]],
    finish_faces: Sequence[int],
    discard_faces: Sequence[int],
    show: int | None = None,
) -> ClosedHandHint:
    """The hint for ``rack`` (faces, in the player's order) with ``wilds``; ``takeable`` is the
    discard the seat may take; ``verbs`` the legal action texts by verb (see
    :meth:`rummykit.session.SeatSession.choices`); ``finish_faces`` and ``discard_faces`` the pieces
    of the legal finishes and discards; ``show`` the indicator when showing its twin is legal."""
    if "draw" in verbs or "pass" in verbs:
        arrangement = best_arrangement(profile, rack, wilds)
        if takeable is not None:
            wins = finishes(profile, [*rack, takeable], wilds)
            if wins:
                return ClosedHandHint(Move.TAKE_TO_FINISH, takeable, arrangement, tuple(wins), show=show)
            with_take, _ = best_discard(profile, [*rack, takeable], wilds, rack)
            if with_take < len(arrangement.ungrouped):
                return ClosedHandHint(Move.TAKE, takeable, arrangement, left_out=with_take, show=show)
        move = Move.PASS if "pass" in verbs else Move.DRAW
        return ClosedHandHint(move, None, arrangement, show=show)
    if finish_faces:
        face = max(finish_faces, key=lambda f: _finish_value(profile, rack, f, wilds))
        rest = list(rack)
        rest.remove(face)
        kinds = finish_kinds(profile, rest, face, wilds)
        return ClosedHandHint(
            Move.FINISH, face, best_arrangement(profile, rest, wilds), kinds=kinds, show=show
        )
    fewest, face = best_discard(profile, rack, wilds, discard_faces)
    rest = list(rack)
    rest.remove(face)
    arrangement = best_arrangement(profile, rest, wilds)
    return ClosedHandHint(Move.DISCARD, face, arrangement, left_out=fewest, show=show)


@dataclass(frozen=True)
class KalookiHint:
    """A Kalooki hint: the greedy bot's ``action`` (its canonical text: ``take`` names no card;
    ``take`` carries the discard's face in ``takes``), the best melds by value (``by_value``), the
    value they open with this turn's melds (``opening``: ``None`` once the seat has opened) against
    the ``open_min``, and the arrangement leaving the fewest points (``fewest``) with those points
    (``points_left``)."""

    action: str
    verb: str
    takes: int | None
    by_value: Arrangement
    opening: int | None
    laid: int
    open_min: int
    fewest: Arrangement
    points_left: int


def kalooki_hint(
    solver: HandSolver,
    values: CardValues,
    hand: Sequence[int],
    action: str,
    takeable: int | None,
    opened: bool,
    laid: int,
    open_min: int,
) -> KalookiHint:
    """The hint for ``hand`` given the greedy bot's chosen ``action`` (its text), the discard the
    seat may take, whether it has ``opened``, the value of this turn's melds (``laid``) and the
    opening's minimum."""
    verb = action.split(maxsplit=1)[0]
    by_value = solver.arrange(hand, CARD_JOKERS, Objective.MELD_VALUE)
    fewest = solver.arrange(hand, CARD_JOKERS, Objective.DEADWOOD)
    points = sum(values.hand_value(f, CARD_JOKERS) for f in fewest.ungrouped)
    opening = None if opened else by_value.score + laid
    takes = takeable if verb == "take" else None
    return KalookiHint(action, verb, takes, by_value, opening, laid, open_min, fewest, points)


def carousel_hint(
    solver: TableSolver,
    table: Sequence[Sequence[DeclaredFace]],
    hand: Sequence[int],
    values: CardValues,
    replace_from_table: bool,
) -> TableMove:
    """The table solver's best new table for ``hand`` on ``table`` (melds of (face, declared)
    cards): the table, the cards played, the cards left and their points."""
    return solver.solve(table, list(hand), values, replace_from_table)


__all__ = [
    "ClosedHandHint",
    "KalookiHint",
    "Move",
    "best_discard",
    "carousel_hint",
    "closed_hand_hint",
    "finish_kinds",
    "kalooki_hint",
    "left_out",
]
