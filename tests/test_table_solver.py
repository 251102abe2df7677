"""The Carousel table solver: the issue's cases (tests/data/issue6_cases.toml), a cross-check
against brute force on small random positions, and impossible positions."""

from __future__ import annotations

import random
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from helpers import brute_force_table
from rummykit.core.melds import CARD_JOKERS
from rummykit.core.notation import parse_declared, parse_faces
from rummykit.core.pieces import JOKER, Kind, make_face
from rummykit.errors import RummykitError
from rummykit.solvers.rearrange import TableSolver
from rummykit.variants.carousel.manipulation import check_move, no_card_fits
from rummykit.variants.carousel.rules import CAROUSEL_VALUES

CASES = tomllib.loads((Path(__file__).parent / "data" / "issue6_cases.toml").read_text("utf-8"))["case"]
SOLVERS = {1: TableSolver(1), 2: TableSolver(2)}


def table_of(text: str) -> list[list[tuple[int, int | None]]]:
    return [parse_declared(Kind.CARDS, part) for part in text.split("|")] if text.strip() else []


def as_declared(move: Any) -> list[list[tuple[int, int | None]]]:
    return [
        [(f, s if f == JOKER else None) for f, s in zip(m.faces, m.stands_for, strict=True)]
        for m in move.table
    ]


@pytest.mark.parametrize("case", CASES, ids=[f"{c['table']} + {c['hand']}" for c in CASES])
def test_issue_cases(case: dict[str, Any]) -> None:
    table, hand = table_of(case["table"]), parse_faces(Kind.CARDS, case["hand"])
    move = SOLVERS[case.get("decks", 1)].solve(table, hand, CAROUSEL_VALUES)
    assert len(move.played) == case["played"]
    if "left" in case:
        assert list(move.left) == parse_faces(Kind.CARDS, case["left"])
    if move.played:
        assert sorted(check_move(table, as_declared(move), hand)) == sorted(move.played)
    if case.get("joker_redeclared"):
        jokers = [s for m in move.table for f, s in zip(m.faces, m.stands_for, strict=True) if f == JOKER]
        assert jokers and all(s != parse_faces(Kind.CARDS, "5H")[0] for s in jokers)


def test_order_of_the_hand_does_not_matter() -> None:
    hand = parse_faces(Kind.CARDS, "3H 4H 5H 6H 7H 6S 6C")
    for seed in range(5):
        shuffled = list(hand)
        random.Random(seed).shuffle(shuffled)
        assert SOLVERS[1].solve([], shuffled, CAROUSEL_VALUES).left == tuple(parse_faces(Kind.CARDS, "7H"))


@pytest.mark.parametrize(
    ("table", "hand", "decks", "needle"),
    [
        ("AS 2S 4S", "5H", 1, "invalid meld"),
        ("5H 6H JK", "5H", 1, "declared"),
        ("5H 6H 7H", "5H", 1, "copies of 5H"),
        ("5H 6H 7H | 5H 5S 5D", "5C", 2, None),
        ("JK[5H] 6H 7H", "JK JK", 2, "jokers"),
    ],
)
def test_impossible_positions_are_refused(table: str, hand: str, decks: int, needle: str | None) -> None:
    solver = SOLVERS[decks]
    if needle is None:
        solver.solve(table_of(table), parse_faces(Kind.CARDS, hand), CAROUSEL_VALUES)
        return
    with pytest.raises(RummykitError, match=needle):
        solver.solve(table_of(table), parse_faces(Kind.CARDS, hand), CAROUSEL_VALUES)


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[list[tuple[int, int | None]]], list[int]]:
    """A small legal table (one or two melds, maybe a declared joker) and a hand of 1 to 4."""
    rng = random.Random(draw(st.integers(0, 10**9)))
    used: Counter[int] = Counter()
    table = []
    jokers = 0
    for _ in range(rng.randint(0, 2)):
        if rng.random() < 0.5:
            rank = rng.randint(1, 13)
            suits = rng.sample(range(4), rng.randint(3, 4))
            meld: list[tuple[int, int | None]] = [(make_face(s, rank), None) for s in suits]
        else:
            suit, lo = rng.randrange(4), rng.randint(1, 11)
            meld = [(make_face(suit, r), None) for r in range(lo, lo + rng.randint(3, 4)) if r <= 13]
        if any(used[f] for f, _ in meld):
            continue
        if jokers == 0 and rng.random() < 0.4:
            i = rng.randrange(len(meld))
            meld[i] = (JOKER, meld[i][0])
            jokers = 1
        used.update(f for f, _ in meld if f != JOKER)
        table.append(meld)
    pool = [f for f in range(52) if not used[f]] + ([JOKER] if jokers == 0 else [])
    near = [f for f in pool if any(abs(f - g) <= 2 for g in used)] or pool
    hand = rng.sample(near, min(len(near), rng.randint(1, 4)))
    return table, hand


@given(positions(), st.booleans())
@settings(max_examples=80, deadline=None)
def test_solver_matches_brute_force(
    position: tuple[list[list[tuple[int, int | None]]], list[int]], replace: bool
) -> None:
    table, hand = position
    move = SOLVERS[1].solve(table, hand, CAROUSEL_VALUES, replace_from_table=replace)
    played_points = sum(CAROUSEL_VALUES.hand_value(f, CARD_JOKERS) for f in move.played)
    assert (played_points, len(move.played)) == brute_force_table(table, hand, CAROUSEL_VALUES, replace)
    if move.played:
        assert sorted(check_move(table, as_declared(move), hand, replace)) == sorted(move.played)


@given(positions(), st.booleans())
@example(
    # the joker stands for 2H and the real 2H is in the set: freeing it for K K JK takes the 2H
    # from the table, which joker_replace_from_table=false forbids (the brute force once allowed it)
    ([[(52, 14), (15, None), (16, None)], [(1, None), (14, None), (27, None), (40, None)]], [12, 25, 0]),
    False,
)
@settings(max_examples=150, deadline=None)
def test_no_card_fits_only_when_brute_force_plays_nothing(
    position: tuple[list[list[tuple[int, int | None]]], list[int]], replace: bool
) -> None:
    table, hand = position
    if no_card_fits(table, hand, replace):
        assert brute_force_table(table, hand, CAROUSEL_VALUES, replace) == (0, 0)


def two_deck_position(rng: random.Random) -> tuple[list[list[tuple[int, int | None]]], list[int]]:
    """A random legal two-deck table (up to 10 sets and runs of 3 to 5, jokers declared at random
    places) and a hand of 1 to 10 of the cards left."""
    left = Counter(dict.fromkeys(range(52), 2) | {JOKER: 2})
    table = []
    for _ in range(rng.randint(0, 10)):
        if rng.random() < 0.5:
            rank = rng.randint(1, 13)
            meld: list[tuple[int, int | None]] = [
                (make_face(s, rank), None) for s in rng.sample(range(4), rng.randint(3, 4))
            ]
        else:
            suit, lo = rng.randrange(4), rng.randint(1, 12)
            meld = [
                (make_face(suit, 1 if r == 14 else r), None)
                for r in range(lo, min(lo + rng.randint(3, 5), 15))
            ]
        if len(meld) < 3:
            continue
        if left[JOKER] and rng.random() < 0.3:
            at = rng.randrange(len(meld))
            meld[at] = (JOKER, meld[at][0])
        need = Counter(f for f, _ in meld)
        if need - left:
            continue
        left -= need
        table.append(meld)
    return table, rng.sample(sorted(left.elements()), rng.randint(1, 10))


@pytest.mark.parametrize("replace", [True, False])
def test_no_card_fits_only_when_the_solver_plays_nothing(replace: bool) -> None:
    """The proof in front of the solver (Carousel's can-meld question) on random two-deck tables:
    whenever it says that nothing fits, the solver plays nothing; it says so often enough to matter."""
    rng = random.Random(2026 + replace)
    proved = 0
    for _ in range(600):
        table, hand = two_deck_position(rng)
        if no_card_fits(table, hand, replace):
            proved += 1
            assert SOLVERS[2].solve(table, hand, CAROUSEL_VALUES, replace).played == ()
    assert proved >= 100
