"""The floor of Carousel's table search (``solvers/table_dp.py``, issue #30's worst case): a narrow
search's table prunes the exact one, which must still return the very table it returns without
it (the value and the tie rule's pick), whatever the floor; and the slowest recorded positions
are searched in far fewer states."""

from __future__ import annotations

import json
import random
from pathlib import Path
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.melds import CardValues
from rummykit.core.notation import parse_declared, parse_faces
from rummykit.core.pieces import Kind
from rummykit.solvers import table_dp
from rummykit.solvers.rearrange import TableObjective, TableSolver
from rummykit.variants.carousel.rules import CAROUSEL_VALUES
from test_table_dp import POSITIONS, random_position

SLOWEST = Path(__file__).resolve().parents[1] / "bench" / "data" / "carousel_slowest.jsonl"


@given(*POSITIONS, st.sampled_from([1, 2, 16]))
@settings(max_examples=200, deadline=None)
def test_a_floor_from_the_first_step_changes_no_answer(
    seed: int,
    decks: int,
    ace_high: bool,
    replace: bool,
    objective: TableObjective,
    free: bool,
    values: CardValues,
    width: int,
) -> None:
    """The floor found at the first step (narrow searches of 1, 2 and 16 states, so floors of
    every quality, often none) on random positions under every option: the same answer as the
    search without a floor."""
    table, hand = random_position(random.Random(seed), decks, ace_high, 14)
    solver = TableSolver(decks, ace_high)
    with patch.object(table_dp, "BEAM_AT", 10**9):
        plain = solver._solve(table, hand, values, replace, objective, free)
    with patch.object(table_dp, "BEAM_AT", 0), patch.object(table_dp, "BEAM", width):
        floored = solver._solve(table, hand, values, replace, objective, free)
    assert floored == plain


def test_the_slowest_positions_take_few_states() -> None:
    """The two slowest recorded positions (a table joker freed by a hand card, a hand joker) are
    solved within a bound of states made that the search without a floor passes (99,142 and
    73,660 states made, 3,181 and 29,269 with it)."""
    lines = [json.loads(line) for line in SLOWEST.read_text("utf-8").splitlines()[:2]]
    assert [(p["seed"], p["decision"]) for p in lines] == [(303, 975), (23, 733)]
    for position, limit in zip(lines, (10_000, 40_000), strict=True):
        table = [parse_declared(Kind.CARDS, meld) for meld in position["table"]]
        hand = parse_faces(Kind.CARDS, position["hand"])
        move = TableSolver(2)._solve(
            table, hand, CAROUSEL_VALUES, position["replace"], TableObjective.POINTS, False, limit
        )
        assert len(move.played) == len(hand)
