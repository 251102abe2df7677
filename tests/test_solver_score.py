"""The score-only search equals the full arrangement's score, the shared memo gives the same
answers whichever indicators came before (it is keyed by objective only), and the deadwood search
answers the meld value of a hand only where both searches choose alike."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.melds import CARD_JOKERS, CardValues, MeldRules, okey_wilds
from rummykit.core.notation import parse_faces
from rummykit.core.pieces import JOKER, OKEY_TILES, Kind, card_set, make_face
from rummykit.solvers.arrange import HandSolver, Objective
from rummykit.variants.carousel.rules import CAROUSEL_VALUES
from rummykit.variants.kalooki.rules import KALOOKI_VALUES

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


SMALL_CARDS = [make_face(suit, rank) for suit in range(2) for rank in (1, 2, 3, 4, 5, 12, 13)]
"""Two suits' aces to fives, queens and kings: hands drawn from them hold sets, low runs (A-2-3)
and high runs (Q-K-A) often."""
VALUE_TABLES = [
    KALOOKI_VALUES,
    replace(KALOOKI_VALUES, ace=15),
    replace(KALOOKI_VALUES, ace=0),
    CAROUSEL_VALUES,
]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([*SMALL_CARDS, JOKER]), min_size=1, max_size=14),
    st.sampled_from(range(len(VALUE_TABLES))),
)
def test_meld_value_answered_by_deadwood_search(faces: list[int], table: int) -> None:
    """A hand whose melds are worth the points they take from it gets its meld value arrangement
    from the deadwood search; it is the one the meld value search makes, score included."""
    values = VALUE_TABLES[table]
    faces = [f for f in faces if faces.count(f) <= 2][:14]  # two decks, two jokers
    solver = HandSolver(MeldRules(Kind.CARDS), values)
    key, wild, shown = solver._pack(faces, CARD_JOKERS)
    searched = HandSolver(MeldRules(Kind.CARDS), values)._arranged(key, wild, shown, Objective.MELD_VALUE)
    assert solver.arrange(faces, CARD_JOKERS, Objective.MELD_VALUE) == searched
    assert solver.score(faces, CARD_JOKERS, Objective.MELD_VALUE) == searched.score


def test_meld_value_search_asked() -> None:
    """Which hands the deadwood search answers for meld value: none with a joker, an ace in a low
    run (worth 1, 11 in hand) or a card without points in hand."""
    solver = HandSolver(MeldRules(Kind.CARDS), KALOOKI_VALUES)

    def asked(text: str, values: CardValues = KALOOKI_VALUES) -> Objective:
        solver = HandSolver(MeldRules(Kind.CARDS), values)
        key, wild, shown = solver._pack(parse_faces(Kind.CARDS, text), CARD_JOKERS)
        return solver._asked(Objective.MELD_VALUE, key, wild, shown)

    assert asked("2H 3H 4H 7C 7D 7S KD") is Objective.DEADWOOD
    assert asked("AH AC AD QS KS AS") is Objective.DEADWOOD
    assert asked("AH 2H 4H 5H 3C") is Objective.DEADWOOD
    assert asked("AH 2H 3H 7C 7D 7S") is Objective.MELD_VALUE
    assert asked("2H 3H JK 7C 7D 7S") is Objective.MELD_VALUE
    assert asked("AH AC AD", replace(KALOOKI_VALUES, ace=15)) is Objective.MELD_VALUE
    assert asked("2H 3H 4H 9C", replace(KALOOKI_VALUES, ace=0)) is Objective.DEADWOOD
    assert asked("2H 3H 4H AC", replace(KALOOKI_VALUES, ace=0)) is Objective.MELD_VALUE
    assert solver._asked(Objective.DEADWOOD, 0, [], {}) is Objective.DEADWOOD
