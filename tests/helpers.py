"""Shared helpers for the tests: notation shortcuts and an independent brute-force arranger."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path
from types import ModuleType
from typing import Any

from rummykit.core.melds import CARD_JOKERS, CardValues, MeldRules, Wilds, is_meld, validate_meld
from rummykit.core.notation import parse_faces
from rummykit.core.pieces import JOKER, Kind
from rummykit.errors import MeldError


def load_script(path: Path, name: str) -> ModuleType:
    """The script at ``path`` (a ``scripts/``, ``examples/`` or ``bench/`` file, not a package
    module) as the module ``name``, run once and registered in ``sys.modules`` (its dataclasses
    need it); later calls give the same module."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


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


def brute_force_table(
    table: list[list[tuple[int, int | None]]],
    hand: Sequence[int],
    values: CardValues,
    replace_from_table: bool = True,
) -> tuple[int, int]:
    """(most points, then most cards) a legal Carousel meld move can play, by trying every subset
    of the hand and every partition of the cards into melds (the validator checks each group).

    Independent of the table solver: table jokers either keep their declared card (a fixed card)
    or are freed (wild again) when a real card of that face is on the new table, played from the
    hand or, with ``replace_from_table``, anywhere on it.
    """
    rules = MeldRules(Kind.CARDS)
    real = [f for meld in table for f, _ in meld if f != JOKER]
    declared = [d for meld in table for f, d in meld if f == JOKER]

    def partitions(cards: tuple[tuple[int, int | None], ...]) -> bool:
        if not cards:
            return True
        first, rest = cards[0], cards[1:]
        for size in range(2, len(cards)):
            for picked in combinations(range(len(rest)), size):
                group = [first] + [rest[i] for i in picked]
                try:
                    validate_meld([f for f, _ in group], rules, CARD_JOKERS, declared=[d for _, d in group])
                except MeldError:
                    continue
                if partitions(tuple(c for i, c in enumerate(rest) if i not in picked)):
                    return True
        return False

    best = (0, 0)
    hand = list(hand)
    for size in range(1, len(hand) + 1):
        for chosen in combinations(range(len(hand)), size):
            played = [hand[i] for i in chosen]
            points = sum(values.hand_value(f, CARD_JOKERS) for f in played)
            if (points, size) <= best:
                continue
            from_hand = [f for f in played if f != JOKER]
            reals = real + from_hand
            replacing = reals if replace_from_table else from_hand
            for keep in range(1 << len(declared)):
                kept = [d for i, d in enumerate(declared) if keep >> i & 1]
                freed = [d for i, d in enumerate(declared) if not keep >> i & 1]
                if any(freed.count(d) > replacing.count(d) for d in freed if d is not None):
                    continue
                free = len(freed) + played.count(JOKER)
                cards = tuple(
                    [(f, None) for f in reals] + [(JOKER, d) for d in kept] + [(JOKER, None)] * free
                )
                if partitions(cards):
                    best = (points, size)
                    break
    return best


def retracting_turn_lists_alike(
    game: Any, unbounded: Any, state: Any, draw: Callable[[int], int], ended: Callable[[], bool], limit: int
) -> None:
    """Play seat 0's turn of ``state`` at random (``draw(n)`` picks one of ``n``), taking the melds
    back as soon as it may and putting the discard off while anything else is legal, and check at
    every position after the retract that ``game`` lists the same ids as ``unbounded`` (the same
    rules without the whole rack's shortcut), until ``ended()`` or ``limit`` actions."""
    for _ in range(limit):
        legal = game.legal_actions(state, 0)
        if state.retracted:
            assert game.legal_ids(state, 0) == unbounded.legal_ids(state, 0), game.position(state)
        texts = [game.action_text(a) for a in legal]
        retract = [a for a, t in zip(legal, texts, strict=True) if t == "retract"]
        kept = [a for a, t in zip(legal, texts, strict=True) if not t.startswith("discard")]
        legal = retract or kept or legal
        game.apply(state, 0, legal[draw(len(legal))])
        if ended():
            return
