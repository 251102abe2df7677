"""The bounded table search of Carousel's hint and bots (``macros.table_move``): within
``SEARCH_LIMIT`` states it answers as the exact solver does; past it (a table of most of two decks
and a hand with both jokers, met in issue #28's phone round) it lays a simple meld, a legal one,
instead of searching for minutes. The position is in ``data/carousel_search_limit.toml``."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rummykit.core.melds import CARD_JOKERS
from rummykit.core.notation import parse_declared, parse_faces
from rummykit.core.pieces import Kind
from rummykit.solvers.rearrange import TableObjective, TableSolver
from rummykit.solvers.table_dp import SearchLimitError
from rummykit.variants.carousel.game import declared_cards
from rummykit.variants.carousel.macros import SEARCH_LIMIT, table_move
from rummykit.variants.carousel.manipulation import check_move, simple_meld
from rummykit.variants.carousel.rules import CAROUSEL_VALUES

CASES = tomllib.loads((Path(__file__).parent / "data" / "carousel_search_limit.toml").read_text("utf-8"))
Table = list[list[tuple[int, int | None]]]


def position(case: dict[str, Any]) -> tuple[Table, list[int], bool]:
    table = [parse_declared(Kind.CARDS, meld) for meld in case["table"]]
    return table, parse_faces(Kind.CARDS, case["hand"]), bool(case["replace"])


def new_table(move: Any) -> Table:
    """The move's table as (face, declared) cards, as the game writes tables."""
    return [list(declared_cards(m.faces, m.stands_for)) for m in move.table]


@pytest.mark.parametrize("case", CASES["position"], ids=lambda c: c["name"])
def test_past_the_limit_the_hint_lays_a_simple_meld(case: dict[str, Any]) -> None:
    table, hand, replace = position(case)
    solver = TableSolver(2)
    with pytest.raises(SearchLimitError):
        solver.solve(table, hand, CAROUSEL_VALUES, replace, limit=SEARCH_LIMIT)
    move = table_move(solver, table, hand, replace)
    simple = simple_meld(tuple(map(tuple, table)), hand, replace)
    assert simple is not None and new_table(move) == [list(m) for m in simple]
    # legal, and what it plays is what it says
    played = check_move(tuple(map(tuple, table)), tuple(map(tuple, new_table(move))), hand, replace)
    assert Counter(played) == Counter(move.played) and len(move.played) >= 1
    assert Counter(move.left) + Counter(move.played) == Counter(hand)
    assert move.points_left == sum(CAROUSEL_VALUES.hand_value(f, CARD_JOKERS) for f in move.left)


def test_within_the_limit_the_answer_is_the_exact_one() -> None:
    table = [parse_declared(Kind.CARDS, m) for m in ("7S 7H 7C", "KH JK[KD] KC", "3D 4D 5D")]
    hand = parse_faces(Kind.CARDS, "4S 5S KS 2H TH TH QH 3D 6D JD TC 6S")
    exact = TableSolver(2)._solve(table, hand, CAROUSEL_VALUES, True, TableObjective.POINTS, False)
    bounded = table_move(TableSolver(2), table, hand, True)
    assert bounded == exact and bounded.played


def test_past_the_limit_with_no_simple_meld_nothing_is_played() -> None:
    table = [parse_declared(Kind.CARDS, m) for m in ("7S 7H 7C", "3D 4D 5D")]
    hand = parse_faces(Kind.CARDS, "KS 2H 9C")
    move = table_move(TableSolver(2), table, hand, True, limit=0)
    assert move.played == () and move.left == tuple(hand)
    assert new_table(move) == [list(m) for m in table]
