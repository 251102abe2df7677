"""The score-only search equals the full arrangement's score, and the shared memo gives the same
answers whichever indicators came before (it is keyed by objective only)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.melds import CARD_JOKERS, KALOOKI_VALUES, MeldRules, okey_wilds
from rummykit.core.pieces import OKEY_TILES, Kind, card_set
from rummykit.solvers.arrange import HandSolver, Objective

TILES = HandSolver(MeldRules(Kind.TILES))
CARDS = HandSolver(MeldRules(Kind.CARDS), KALOOKI_VALUES)
DECKS = card_set(2, 2)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, OKEY_TILES.size - 1), min_size=1, max_size=15, unique=True), st.integers(0, 51)
)
def test_tile_score_equals_arrangement(ids: list[int], indicator: int) -> None:
    faces = [OKEY_TILES.face(p) for p in ids]
    wilds = okey_wilds(indicator)
    fresh = HandSolver(MeldRules(Kind.TILES))
    expected = fresh.arrange(faces, wilds)
    assert TILES.score(faces, wilds) == expected.score == len(faces) - len(expected.ungrouped)
    assert TILES.arrange(faces, wilds) == expected


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(0, DECKS.size - 1), min_size=1, max_size=14, unique=True),
    st.sampled_from([Objective.DEADWOOD, Objective.MELD_VALUE]),
)
def test_card_score_equals_arrangement(ids: list[int], objective: Objective) -> None:
    faces = [DECKS.face(p) for p in ids]
    assert CARDS.score(faces, CARD_JOKERS, objective) == CARDS.arrange(faces, CARD_JOKERS, objective).score
