"""The floor of Carousel's table search (``solvers/table_dp.py``, issue #30's worst case): a narrow
search's table prunes the exact one, which must still return the very table it returns without
it (the value and the tie rule's pick), whatever the floor; the table jokers that must stay at
their declared card drop states that can't place them, which changes no answer either, nor does
placing a rank in one go; and the slowest recorded positions are searched in far fewer states."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.melds import CardValues
from rummykit.core.notation import parse_declared, parse_faces
from rummykit.core.pieces import JOKER, Kind, make_face
from rummykit.solvers import table_dp
from rummykit.solvers.rearrange import TableMove, TableObjective, TableSolver
from rummykit.variants.carousel.rules import CAROUSEL_VALUES
from test_table_dp import POSITIONS, Table, random_position

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
    search without a floor (the bound counting, from the first step, the cards short of jokers
    left, ``table_dp._short``)."""
    table, hand = random_position(random.Random(seed), decks, ace_high, 14)
    solver = TableSolver(decks, ace_high)
    with patch.object(table_dp, "BEAM_AT", 10**9):
        plain = solver._solve(table, hand, values, replace, objective, free)
    with patch.object(table_dp, "BEAM_AT", 0), patch.object(table_dp, "BEAM", width):
        floored = solver._solve(table, hand, values, replace, objective, free)
    assert floored == plain


@given(*POSITIONS)
@settings(max_examples=200, deadline=None)
def test_ranks_placed_in_one_go_change_no_answer(
    seed: int,
    decks: int,
    ace_high: bool,
    replace: bool,
    objective: TableObjective,
    free: bool,
    values: CardValues,
) -> None:
    """Every rank placed in one go (``table_dp.RANK_AT`` 0: the ways through the whole rank, from
    those of its later suits), with the floor's cut as it goes (``CUT_AT`` 0) or after (2), and
    none (every rank suit by suit), on random positions under every option, with a floor from
    the first rank: the same answer (the value and the tie rule's pick, so the plan read back
    through both kinds of rank)."""
    table, hand = random_position(random.Random(seed), decks, ace_high, 14)
    solver = TableSolver(decks, ace_high)
    answers = []
    for rank_at, cut_at in ((0, 0), (0, 2), (10**9, 0), (3, 0)):
        with (
            patch.object(table_dp, "RANK_AT", rank_at),
            patch.object(table_dp, "CUT_AT", cut_at),
            patch.object(table_dp, "BEAM_AT", 0),
        ):
            answers.append(solver._solve(table, hand, values, replace, objective, free))
    assert all(answer == answers[0] for answer in answers)


def one_face_twice_declared(rng: random.Random) -> tuple[Table, list[int]]:
    """Two decks: a run and a set, each with a joker declared as one card (not an ace) of which
    one real copy is on the table or in the hand (so the other joker must stay), and random melds
    without jokers and a hand of up to 12 of the cards left."""
    suit, rank = rng.randrange(4), rng.randint(2, 12)
    face = make_face(suit, rank)
    beside = rng.sample([s for s in range(4) if s != suit], 2)
    table: Table = [
        [(make_face(suit, rank - 1), None), (JOKER, face), (make_face(suit, rank + 1), None)],
        [(JOKER, face), *((make_face(s, rank), None) for s in beside)],
    ]
    left = Counter(dict.fromkeys(range(52), 2))
    left -= Counter(f for meld in table for f, _ in meld if f != JOKER)
    left[face] = 0
    hand = [face] if rng.random() < 0.5 else []
    if not hand:
        table.append([(face, None), *((make_face(s, rank), None) for s in beside)])
        left -= Counter(make_face(s, rank) for s in beside)
    more, _ = random_position(rng, 1, True, 8)
    for meld in more:
        need = Counter(f for f, _ in meld if f != JOKER)
        if not need - left and all(f != JOKER for f, _ in meld):
            left -= need
            table.append(meld)
    return table, hand + rng.sample(sorted(left.elements()), rng.randint(0, 12))


@given(st.integers(0, 10**9), st.booleans(), st.sampled_from(list(TableObjective)))
@settings(max_examples=150, deadline=None)
def test_jokers_that_must_stay_change_no_answer(seed: int, replace: bool, objective: TableObjective) -> None:
    """Two jokers declared as one card with one real copy to free one: the search that drops the
    states short of jokers for the one that must stay gives the answer of the search without."""
    table, hand = one_face_twice_declared(random.Random(seed))
    solver = TableSolver(2)
    pinned = solver._solve(table, hand, CAROUSEL_VALUES, replace, objective, False)
    with patch.object(table_dp._Search, "_pinned_below", lambda self, replace: None):
        plain = solver._solve(table, hand, CAROUSEL_VALUES, replace, objective, False)
    assert pinned == plain


def within(position: dict[str, Any], limit: int | None) -> TableMove:
    """The best table for the position, searched within ``limit`` states made (past it,
    :class:`table_dp.SearchLimitError`)."""
    table = [parse_declared(Kind.CARDS, meld) for meld in position["table"]]
    hand = parse_faces(Kind.CARDS, position["hand"])
    return TableSolver(2)._solve(
        table, hand, CAROUSEL_VALUES, position["replace"], TableObjective.POINTS, False, limit
    )


def test_the_slowest_positions_take_few_states() -> None:
    """The two slowest recorded positions (a table joker freed by a hand card, a hand joker) are
    solved within a bound of states made that the search without a floor passes (99,142 and
    73,660 states made, 3,181 and 29,269 with it)."""
    lines = [json.loads(line) for line in SLOWEST.read_text("utf-8").splitlines()[:2]]
    assert [(p["seed"], p["decision"]) for p in lines] == [(303, 975), (23, 733)]
    for position, limit in zip(lines, (10_000, 40_000), strict=True):
        assert len(within(position, limit).played) == len(parse_faces(Kind.CARDS, position["hand"]))


def test_jokers_that_must_stay_and_cards_short_of_jokers_cut_states() -> None:
    """101/783 (two table jokers declared 7S, the hand 7S 3C: one joker must stay at 7S) makes
    44,504 states without a state having to keep a joker for it, 19,215 with; 303/677 (a joker
    in the hand, cards that only a joker could take) 25,716 without the bound leaving out the
    cards short of jokers, 20,223 with (dominance, at :data:`table_dp.FEW` states, is not
    reached on either). Within the new bounds, the same answers as unbounded."""
    lines = {(p["seed"], p["decision"]): p for p in map(json.loads, SLOWEST.read_text("utf-8").splitlines())}
    for where, limit in (((101, 783), 25_000), ((303, 677), 22_000)):
        assert within(lines[where], limit) == within(lines[where], None)


def test_dominance_takes_out_exactly_the_beaten_states() -> None:
    """At each rank of the slowest positions, dominance (its states grouped by their runs) takes
    out exactly the states that a state of a higher value beats, the same but for one suit's runs
    one step more complete, and nothing from fewer than ``FEW`` states (64 here: the search
    reaches its own :data:`table_dp.FEW` only on larger positions)."""
    undominated = table_dp._undominated
    seen: list[tuple[dict[int, int], dict[int, int]]] = []

    def watched(states: dict[int, int]) -> dict[int, int]:
        before = dict(states)
        seen.append((before, dict(undominated(states))))
        return states

    lines = [json.loads(line) for line in SLOWEST.read_text("utf-8").splitlines()[:3]]
    few = 64
    with patch.object(table_dp, "_undominated", watched), patch.object(table_dp, "FEW", few):
        for position in lines:
            within(position, None)
    assert sum(len(before) - len(after) for before, after in seen) > 1000
    for before, after in seen:
        beaten = {
            key
            for key, value in before.items()
            if len(before) >= few
            and any(
                before.get(key + delta, -1) > value
                for delta in table_dp._up_deltas(key & table_dp._RUN_CODES)
            )
        }
        assert after == {key: value for key, value in before.items() if key not in beaten}
