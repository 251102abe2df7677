"""Shared helpers for the tests: notation shortcuts and an independent brute-force arranger."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from rummykit.core.melds import CardValues, MeldRules, Wilds, is_meld
from rummykit.core.notation import parse_faces
from rummykit.core.pieces import Kind


def tiles(text: str) -> list[int]:
    """Faces of a tile hand in notation."""
    return parse_faces(Kind.TILES, text)


def cards(text: str) -> list[int]:
    """Faces of a card hand in notation."""
    return parse_faces(Kind.CARDS, text)


def brute_force_best(
    faces: Sequence[int],
    rules: MeldRules,
    wilds: Wilds,
    weight: CardValues | None = None,
) -> int:
    """Largest total weight of pieces that disjoint melds can hold, by trying every partition.

    Independent of the solver: groups are checked with :func:`is_meld` (the validator), not with
    the solver's templates. ``weight`` None counts pieces; else card hand values (deadwood).
    """

    def value(face: int) -> int:
        return 1 if weight is None else weight.hand_value(face, wilds)

    def best(rest: tuple[int, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        top = best(others)
        for size in range(2, len(rest)):
            for picked in combinations(range(len(others)), size):
                group = [first] + [others[i] for i in picked]
                if is_meld(group, rules, wilds):
                    remaining = tuple(o for i, o in enumerate(others) if i not in picked)
                    top = max(top, sum(value(f) for f in group) + best(remaining))
        return top

    return best(tuple(faces))
