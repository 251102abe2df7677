"""Finishing discards of a closed hand, fast: two cheap exact tests rule out most 15-piece racks
before the exact search (:func:`rummykit.solvers.report.finishes`) is asked.

A finish lays 14 of the 15 pieces down as sets and runs, or as seven pairs, discarding the 15th.
Both tests are necessary conditions, so they never rule out a rack that has a finish, and the
answer is always the exact search's:

* **Melds.** Every natural piece but the discarded one lies in a meld, and every set or run holding
  a piece holds a set or run of three with that piece (a sub-meld: three of the set's pieces, a
  window of three of the run), whose missing pieces the rack's wilds would fill. A rack with two
  natural pieces that fit in no such three (given all of the rack's wilds) has no meld finish.
* **Seven pairs.** Taking one piece out of a hand changes the most pairs it holds by at most one,
  so the pieces left out of pairs change by exactly one; only a 15-piece rack whose pairs leave out
  exactly one piece can leave 14 that pair up completely. Before counting the pairs, a quicker
  bound: two pieces pair only when they stand for the same rank (or one is wild), so a rack holding
  an odd number of pieces of more ranks than it has wilds, plus one, leaves two or more out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from rummykit.core.melds import MeldRules, Wilds
from rummykit.core.pieces import JOKER, N_FACES, N_SUITS, make_face, rank_of, suit_of
from rummykit.solvers.arrange import WinKind
from rummykit.solvers.report import SEVEN_PAIRS, HandProfile
from rummykit.solvers.report import finishes as exact_finishes

RUN_OF_THREE = 3


@dataclass(frozen=True)
class _Near:
    """What a natural face needs around it for a set or run of three, as face bit masks: the
    faces of its rank in the other suits (``same``, also as a tuple ``same_faces``), the other two
    faces of each run of three through it (``windows``) and all of those together (``near``)."""

    same: int
    same_faces: tuple[int, ...]
    windows: tuple[int, ...]
    near: int


@cache
def _neighbours(rules: MeldRules) -> tuple[_Near, ...]:
    """:class:`_Near` of every natural face under ``rules``."""
    table = []
    for face in range(N_FACES):
        suit, rank = suit_of(face), rank_of(face)
        same_rank = tuple(make_face(s, rank) for s in range(N_SUITS) if s != suit)
        spots = [rank] + ([rules.top] if rank == 1 and rules.ace_high else [])
        windows = []
        for spot in spots:
            for low in range(spot - RUN_OF_THREE + 1, spot + 1):
                if low < 1 or low + RUN_OF_THREE - 1 > rules.top:
                    continue
                others = [p for p in range(low, low + RUN_OF_THREE) if p != spot]
                faces = (make_face(suit, 1 if p == rules.top and rules.ace_high else p) for p in others)
                windows.append(sum(1 << f for f in faces))
        same = sum(1 << f for f in same_rank)
        near = 0
        for window in windows:
            near |= window
        table.append(_Near(same, same_rank, tuple(windows), near))
    return tuple(table)


RANK_BITS = tuple(1 << rank_of(f) for f in range(N_FACES))
"""A bit per rank, by face."""


def _natural_counts(faces: Sequence[int], wilds: Wilds) -> tuple[dict[int, int], int, int] | None:
    """(how many pieces stand for each natural face, a bit mask of those faces, how many pieces
    are wild); ``None`` for a false joker without an identity (the exact search reports it)."""
    counts: dict[int, int] = {}
    wild = 0
    wild_faces = wilds.faces
    for face in faces:
        if face in wild_faces:
            wild += 1
        else:
            counts[face] = counts.get(face, 0) + 1
    jokers = counts.pop(JOKER, 0)
    if jokers:
        joker_as = wilds.joker_as
        if joker_as is None:
            return None
        counts[joker_as] = counts.get(joker_as, 0) + jokers
    present = 0
    for face in counts:
        present |= 1 << face
    return counts, present, wild


def _may_meld(rules: MeldRules, counts: dict[int, int], present: int, wild: int) -> bool:
    """The melds test: ``False`` when two or more natural pieces (``counts``, faces in the bit
    mask ``present``) fit in no set or run of three, given ``wild`` wilds."""
    if wild >= 2:
        return True
    table = _neighbours(rules)
    distinct = rules.set_distinct
    isolated = 0
    for face, held in counts.items():
        near = table[face]
        if distinct:
            partners = (present & near.same).bit_count()
        else:
            partners = held - 1 + sum(counts.get(g, 0) for g in near.same_faces)
        if partners + wild >= 2:
            continue
        if wild:
            if present & near.near:
                continue
        elif any(present & window == window for window in near.windows):
            continue
        isolated += held
        if isolated >= 2:
            return False
    return True


def _may_pair_up(counts: dict[int, int], wild: int) -> bool:
    """A quick bound before the pairs count: two pieces pair only if they stand for the same rank
    (or one is wild), so each rank held an odd number of times leaves a piece out unless a wild
    takes it; more than one such piece left means no seven-pairs finish."""
    odd = 0
    for face, held in counts.items():
        if held & 1:
            odd ^= RANK_BITS[face]
    return odd.bit_count() - wild <= 1


def may_finish_with_melds(rules: MeldRules, faces: Sequence[int], wilds: Wilds) -> bool:
    """``False`` only when no discard from ``faces`` leaves a hand of sets and runs: two or more
    natural pieces fit in no set or run of three (see the module docstring)."""
    found = _natural_counts(faces, wilds)
    return found is None or _may_meld(rules, *found)


def finishes(profile: HandProfile, faces: Sequence[int], wilds: Wilds) -> dict[int, list[WinKind]]:
    """Exactly :func:`rummykit.solvers.report.finishes` (each distinct face whose discard leaves a
    whole hand, with how it lays down, in order of first appearance): the solver's one search for
    the meld finishes where the melds test allows any, and the per-discard pairs count only where
    the pairs test allows a pairs finish (see the module docstring)."""
    found = _natural_counts(faces, wilds)
    if found is None:
        return exact_finishes(profile, faces, wilds)
    counts, present, wild = found
    solver = profile.solver()
    if (
        profile.pairs_win
        and len(faces) == SEVEN_PAIRS + 1
        and _may_pair_up(counts, wild)
        and solver.pairs_left(faces, wilds) == 1
    ):
        return exact_finishes(profile, faces, wilds)
    if not _may_meld(profile.meld_rules, counts, present, wild):
        return {}
    return {face: [WinKind.MELDS] for face in solver.meld_finishes(faces, wilds)}
