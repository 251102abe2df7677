"""Carousel's exact table solver (``solvers/table_dp.py``): its value is the HiGHS integer program's
(the reference, ``solvers/table_ilp.py``) on random positions under every option and on the
recorded positions of greedy play, its tables are legal, it returns the table its tie-break
names, and the game and its bots run without ``highspy``."""

from __future__ import annotations

import gc
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rummykit.core.melds import CARD_JOKERS, CardValues
from rummykit.core.notation import parse_declared, parse_faces
from rummykit.core.pieces import JOKER, Kind, make_face
from rummykit.solvers.rearrange import DeclaredFace, TableMove, TableObjective, TableSolver
from rummykit.variants.carousel.manipulation import check_move
from rummykit.variants.carousel.rules import CAROUSEL_VALUES
from rummykit.variants.kalooki.rules import KALOOKI_VALUES

RECORDED = Path(__file__).resolve().parents[1] / "bench" / "data" / "carousel_positions.jsonl"
SLOWEST = RECORDED.with_name("carousel_slowest.jsonl")
Table = list[list[DeclaredFace]]


def table_of(text: str) -> Table:
    return [parse_declared(Kind.CARDS, part) for part in text.split("|")] if text.strip() else []


def as_declared(move: TableMove) -> Table:
    return [
        [(f, s if f == JOKER else None) for f, s in zip(m.faces, m.stands_for, strict=True)]
        for m in move.table
    ]


def described(move: TableMove) -> list[str]:
    return [m.describe(Kind.CARDS) for m in move.table]


def played_value(move: TableMove, values: CardValues, objective: TableObjective) -> tuple[int, int]:
    """(points, cards) played, or (cards, cards) when the objective counts cards."""
    cards = len(move.played)
    if objective is TableObjective.CARDS:
        return (cards, cards)
    return (sum(values.hand_value(f, CARD_JOKERS) for f in move.played), cards)


def assert_as_good(ours: TableMove, theirs: TableMove, values: CardValues, objective: TableObjective) -> None:
    """Our value is the integer program's: the same points (or cards), and, as our tie rule plays
    the most cards among tables of equal points, at least as many cards (the program's objective
    has no such tie-break: ``5D 5S`` and ``2S 2H 2C`` are worth the same to it)."""
    (our_value, our_cards), (their_value, their_cards) = (
        played_value(ours, values, objective),
        played_value(theirs, values, objective),
    )
    assert our_value == their_value and our_cards >= their_cards, (
        our_value,
        our_cards,
        their_value,
        their_cards,
    )


def random_position(
    rng: random.Random, decks: int, ace_high: bool, most_melds: int = 10
) -> tuple[Table, list[int]]:
    """A random legal table of ``decks`` decks (up to ``most_melds`` sets and runs of 3 to 6, ace
    high only with ``ace_high``; up to ``decks`` of them with a joker declared in place of one
    card) and a hand of 1 to 12 of the cards left, jokers included."""
    left = Counter(dict.fromkeys(range(52), decks) | {JOKER: decks})
    table: Table = []
    for _ in range(rng.randint(0, most_melds)):
        if rng.random() < 0.45:
            rank = rng.randint(1, 13)
            meld: list[DeclaredFace] = [
                (make_face(s, rank), None) for s in rng.sample(range(4), rng.randint(3, 4))
            ]
        else:
            top = 14 if ace_high else 13
            length = rng.randint(3, 6)
            suit, low = rng.randrange(4), rng.randint(1, top - length + 1)
            meld = [(make_face(suit, 1 if r == 14 else r), None) for r in range(low, low + length)]
        if left[JOKER] and rng.random() < 0.3:
            at = rng.randrange(len(meld))
            meld[at] = (JOKER, meld[at][0])
        need = Counter(f for f, _ in meld)
        if need - left:
            continue
        left -= need
        table.append(meld)
    return table, rng.sample(sorted(left.elements()), min(left.total(), rng.randint(1, 12)))


def assert_legal(table: Table, hand: list[int], move: TableMove, replace: bool, free: bool) -> None:
    """The move lays every table card and the cards played from the hand in valid melds (the
    engine's check; with free jokers, the jokers' count instead of their declarations)."""
    if not move.played:
        return
    if free:
        new = Counter(f for m in move.table for f in m.faces)
        assert new == Counter(f for meld in table for f, _ in meld) + Counter(move.played)
        assert not Counter(move.played) - Counter(hand)
        return
    assert sorted(check_move(table, as_declared(move), hand, replace)) == sorted(move.played)


ilp = pytest.importorskip("rummykit.solvers.table_ilp", reason="the reference needs highspy")
OURS = {(d, a): TableSolver(d, a) for d in (1, 2) for a in (True, False)}
THEIRS = {(d, a): ilp.IlpTableSolver(d, a) for d in (1, 2) for a in (True, False)}
POSITIONS = (
    st.integers(0, 10**9),
    st.sampled_from([1, 2]),
    st.booleans(),
    st.booleans(),
    st.sampled_from(list(TableObjective)),
    st.booleans(),
    st.sampled_from([CAROUSEL_VALUES, KALOOKI_VALUES]),
)
"""A random position's seed, and a solve's options: decks, ace high, replacing table jokers,
objective, free jokers, card values (the arguments of the properties over random positions)."""


@given(*POSITIONS)
@settings(max_examples=300, deadline=None)
@example(32768, 2, True, False, TableObjective.POINTS, False, CAROUSEL_VALUES)
def test_value_is_the_integer_programs(
    seed: int,
    decks: int,
    ace_high: bool,
    replace: bool,
    objective: TableObjective,
    free: bool,
    values: CardValues,
) -> None:
    table, hand = random_position(random.Random(seed), decks, ace_high)
    ours = OURS[decks, ace_high].solve(table, hand, values, replace, objective, free)
    theirs = THEIRS[decks, ace_high].solve(table, hand, values, replace, objective, free)
    assert_as_good(ours, theirs, values, objective)
    assert_legal(table, hand, ours, replace, free)
    if not ours.played:
        assert sorted(sorted(m.faces) for m in ours.table) == sorted(sorted(f for f, _ in m) for m in table)


@given(st.integers(0, 10**9), st.booleans(), st.booleans())
@settings(max_examples=80, deadline=None)
def test_value_on_large_tables(seed: int, ace_high: bool, replace: bool) -> None:
    """Tables of up to 18 melds of two decks, where a freed or held joker has the most places to
    go: the search's bounds (the jokers a suit still needs, the ways on for the later suits of
    a rank) keep the integer program's value."""
    table, hand = random_position(random.Random(seed), 2, ace_high, 18)
    ours = OURS[2, ace_high].solve(table, hand, CAROUSEL_VALUES, replace)
    theirs = THEIRS[2, ace_high].solve(table, hand, CAROUSEL_VALUES, replace)
    assert_as_good(ours, theirs, CAROUSEL_VALUES, TableObjective.POINTS)
    assert_legal(table, hand, ours, replace, False)


def recorded(every: int, most_cards: int) -> list[dict[str, Any]]:
    """Every ``every``-th recorded position of greedy play with at most ``most_cards`` on the table."""
    lines = RECORDED.read_text("utf-8").splitlines()[::every]
    positions = [json.loads(line) for line in lines]
    return [p for p in positions if sum(len(m.split()) for m in p["table"]) <= most_cards]


def slowest() -> list[dict[str, Any]]:
    """The positions of greedy play slowest for the search (``bench/carousel_table.py`` says
    which): mostly tables of 44 to 75 cards with a joker to place anew, where its bounds and
    look-aheads cut the most."""
    return [json.loads(line) for line in SLOWEST.read_text("utf-8").splitlines()]


@pytest.mark.parametrize(
    "position", recorded(9, 45) + slowest(), ids=lambda p: f"seed{p['seed']}-{p['decision']}"
)
def test_value_on_recorded_positions(position: dict[str, Any]) -> None:
    table = [parse_declared(Kind.CARDS, meld) for meld in position["table"]]
    hand = parse_faces(Kind.CARDS, position["hand"])
    ours = OURS[position["decks"], True].solve(table, hand, CAROUSEL_VALUES, position["replace"])
    theirs = THEIRS[position["decks"], True].solve(table, hand, CAROUSEL_VALUES, position["replace"])
    assert_as_good(ours, theirs, CAROUSEL_VALUES, TableObjective.POINTS)
    assert_legal(table, hand, ours, position["replace"], False)


@pytest.mark.parametrize(
    ("decks", "table", "hand", "melds", "played"),
    [
        # equal points and cards (9D or 9C): the lower face is played, the freed joker placed
        (1, "9S 9H JK[9D]", "9D 9C", ["9S 9H 9D JK[9C]"], "9D"),
        # the joker could stay 9D or, freed by the run's 9D, stand for 6D: it keeps its card
        # (a face's real cards fill its places in sets before those starting runs down)
        (1, "9S 9H JK[9D] | 7D 8D 9D", "9C", ["9S 9H 9D 9C", "7D 8D JK[9D]"], "9C"),
        # a freed joker is declared as the lowest card it can stand for (3H, not 7H)
        (1, "4H JK[5H] 6H", "5H", ["JK[3H] 4H 5H 6H"], "5H"),
        # with nothing to play the table stays as it is
        (1, "AS 2S 3S", "QS KS", ["AS 2S 3S"], ""),
        # the fewest cards in sets, from the top rank down and suit by suit: the second 5S is in
        # a run rather than the set (sets by rank, then runs by lowest card and suit)
        (2, "5S 5H 5D", "3S 4S 5S 6S 7S 5C", ["5H 5D 5C", "3S 4S 5S", "5S 6S 7S"], "3S 4S 5S 6S 7S 5C"),
    ],
)
def test_tie_break(decks: int, table: str, hand: str, melds: list[str], played: str) -> None:
    move = TableSolver(decks).solve(table_of(table), parse_faces(Kind.CARDS, hand), CAROUSEL_VALUES)
    assert described(move) == melds
    assert list(move.played) == parse_faces(Kind.CARDS, played)


@given(st.integers(0, 10**9), st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None)
def test_answer_does_not_depend_on_order(seed: int, shuffle: random.Random) -> None:
    """The same table in another order of melds and cards, and the hand in another order, give
    the same new table and the same cards played."""
    table, hand = random_position(random.Random(seed), 2, True)
    again = [list(meld) for meld in table]
    for meld in again:
        shuffle.shuffle(meld)
    shuffle.shuffle(again)
    other = list(hand)
    shuffle.shuffle(other)
    solver = TableSolver(2)
    first = solver._solve(table, hand, CAROUSEL_VALUES, True, TableObjective.POINTS, False)
    second = solver._solve(again, other, CAROUSEL_VALUES, True, TableObjective.POINTS, False)
    assert first.played == second.played
    if first.played:
        assert first.table == second.table


def test_the_search_leaves_the_cycle_collector_nothing() -> None:
    """A search of some 17,000 states frees what it made before the cycle collector is back
    (which it pauses): a collection that starts then finds only a few young objects, not the
    search's thousands, to walk and move to an older generation (to be walked again in full
    collections: in a process holding many objects, as the server's, longer than the search)."""
    position = next(p for p in slowest() if (p["seed"], p["decision"]) == (101, 1299))
    table = [parse_declared(Kind.CARDS, meld) for meld in position["table"]]
    hand = parse_faces(Kind.CARDS, position["hand"])
    young: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 0:
            young.append(len(gc.get_objects(0)))

    def solve() -> None:
        TableSolver(2)._solve(table, hand, CAROUSEL_VALUES, position["replace"], TableObjective.POINTS, False)

    solve()  # the module's caches filled
    gc.collect()
    gc.callbacks.append(watch)
    try:
        for _ in range(3):
            solve()
    finally:
        gc.callbacks.remove(watch)
    assert max(young, default=0) < 1000, young


def test_the_game_and_its_bots_run_without_highspy() -> None:
    """A greedy Carousel match with ``highspy`` made unimportable: the bots meld, and nothing
    asked for it."""
    code = """
import sys

class Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "highspy":
            raise ImportError("highspy is blocked")
        return None

sys.meta_path.insert(0, Blocked())
import rummykit
from rummykit.bots.registry import make_bot

game = rummykit.load("carousel", players=2, target=40)
state = game.new_state(3)
bots = [make_bot("greedy", game, seat) for seat in range(2)]
melds = 0
while (seat := game.current_seat(state)) is not None:
    action = bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat))
    melds += action.verb == "meld"
    game.apply(state, seat, action)
print(melds, "highspy" in sys.modules)
"""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
    )
    melds, loaded = done.stdout.split()
    assert int(melds) > 0 and loaded == "False"
