"""Carousel's "can the mover meld?" (``CarouselGame.can_meld``) asks the feasibility search
(``table_dp.table_exists`` through ``TableSolver.can_play``), which stops at the first legal table
playing a card: its answer is whether the optimiser's best table plays a card, on random positions
under every option, on every recorded position of greedy play, on the slowest ones and on fresh
greedy play (seeds 101, 202, 303); and the game asks it past the optimiser's first states."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit.variants.carousel.game as carousel_game
from rummykit.core.notation import format_declared, format_faces
from rummykit.core.pieces import Kind
from rummykit.solvers.rearrange import DeclaredFace, TableObjective, TableSolver
from rummykit.variants.carousel.manipulation import no_card_fits, simple_meld
from rummykit.variants.carousel.rules import CAROUSEL_VALUES
from rummykit.variants.kalooki.rules import KALOOKI_VALUES
from test_carousel_rules import rig
from test_table_dp import random_position

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))
from carousel_positions import Position, load, record  # noqa: E402

Table = list[list[DeclaredFace]]


def best_plays(solver: TableSolver, table: Table, hand: list[int], replace: bool, free: bool = False) -> bool:
    """Whether the optimiser's best table plays a card (``can_meld``'s question before)."""
    return bool(solver.solve(table, hand, CAROUSEL_VALUES, replace, free_jokers=free).played)


def searched(positions: list[Position]) -> list[Position]:
    """The positions ``can_meld`` sends to the search: neither a simple meld nor "no card fits"
    answers them."""
    return [
        p
        for p in positions
        if simple_meld(p.table, p.hand, p.replace) is None and not no_card_fits(p.table, p.hand, p.replace)
    ]


@given(
    st.integers(0, 10**9),
    st.sampled_from([1, 2]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from([TableObjective.POINTS, TableObjective.CARDS]),
)
@settings(max_examples=300, deadline=None)
def test_a_table_exists_when_the_best_plays_a_card(
    seed: int, decks: int, ace_high: bool, replace: bool, free: bool, objective: TableObjective
) -> None:
    rng = random.Random(seed)
    table, hand = random_position(rng, decks, ace_high, most_melds=6)
    solver = TableSolver(decks, ace_high)
    best = solver.solve(table, hand, KALOOKI_VALUES, replace, objective, free)
    assert solver.can_play(table, hand, replace, free) == bool(best.played)


@given(st.integers(0, 10**9), st.booleans())
@settings(max_examples=60, deadline=None)
def test_a_table_exists_on_large_tables(seed: int, replace: bool) -> None:
    table, hand = random_position(random.Random(seed), 2, True, most_melds=16)
    solver = TableSolver(2)
    assert solver.can_play(table, hand, replace) == best_plays(solver, table, hand, replace)


def position_id(position: Position) -> str:
    return f"{position.seed}/{position.decision}"


RECORDED = load()
SLOWEST = load(BENCH / "data" / "carousel_slowest.jsonl")


@pytest.mark.parametrize(
    "positions",
    [RECORDED, SLOWEST],
    ids=["recorded", "slowest"],
)
def test_recorded_positions(positions: list[Position]) -> None:
    for p in positions:
        solver = TableSolver(p.decks)
        table = [list(m) for m in p.table]
        assert solver.can_play(table, list(p.hand), p.replace) == best_plays(
            solver, table, list(p.hand), p.replace
        ), position_id(p)


@pytest.mark.parametrize("seed", [101, 202, 303])
def test_greedy_play(seed: int) -> None:
    """Every position greedy play asks (the engine and the bots) in its first 1,500 decisions,
    as ``bench/carousel_table.py --seeds`` records them."""
    for p in record(seed, 1500):
        solver = TableSolver(p.decks)
        table = [list(m) for m in p.table]
        assert solver.can_play(table, list(p.hand), p.replace) == best_plays(
            solver, table, list(p.hand), p.replace
        ), position_id(p)


def test_can_meld_asks_the_first_table_past_the_optimisers_states(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slowest position (23/780) that neither quick answer decides, where a table exists: with
    the optimiser's states capped below what it needs, ``can_meld`` asks the search that stops at
    the first table, and the mover may meld; uncapped, the optimiser's answer is kept for the bot."""
    slowest = next(p for p in SLOWEST if (p.seed, p.decision) == (23, 780))
    assert searched([slowest]) == [slowest]
    texts = [" ".join(format_declared(Kind.CARDS, f, d) for f, d in meld) for meld in slowest.table]
    asked: list[str] = []
    plain = TableSolver.can_play

    def counted(solver: TableSolver, *args: Any, **kwargs: Any) -> bool:
        asked.append("can_play")
        return plain(solver, *args, **kwargs)

    monkeypatch.setattr(TableSolver, "can_play", counted)
    monkeypatch.setattr(TableSolver, "_solved", {})  # the answers kept by the other tests' solves
    monkeypatch.setattr(carousel_game, "OPTIMISER_FIRST", 10)
    game, state = rig([format_faces(Kind.CARDS, slowest.hand), "2H", "2D", "4S"], texts, drawn=1)
    assert game.can_meld(state) and asked == ["can_play"]
    assert not game.solver._solved, "a search cut short keeps nothing"
    monkeypatch.setattr(carousel_game, "OPTIMISER_FIRST", 10**9)
    game, state = rig([format_faces(Kind.CARDS, slowest.hand), "2H", "2D", "4S"], texts, drawn=1)
    assert game.can_meld(state) and asked == ["can_play"]
    assert len(game.solver._solved) == 1, "the best table is kept for the greedy bot"
