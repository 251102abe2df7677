"""The fast hand solver (mask tests per template, isolated pieces set aside, a score-only search and
one search for every finishing discard) against the plain search it replaced
(:mod:`solver_reference`): the same arrangement piece for piece, the same scores, the same winning
checks and finishes, on random hands of every size with random indicators and on built winning
hands, and whatever hands came before (the memo is shared)."""

from __future__ import annotations

import gc
import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.melds import CARD_JOKERS, MeldRules, PairRule, Wilds, okey_face, okey_wilds
from rummykit.core.pieces import JOKER, OKEY_TILES, Kind, card_set, make_face
from rummykit.solvers.arrange import HandSolver, Objective
from rummykit.variants.carousel.rules import CAROUSEL_VALUES
from rummykit.variants.kalooki.rules import KALOOKI_VALUES
from solver_reference import reference_arrange, reference_meldable

TILES = HandSolver(MeldRules(Kind.TILES))
TILES_LOW = HandSolver(MeldRules(Kind.TILES, ace_high=False))
TILES_ANY_SUIT = HandSolver(MeldRules(Kind.TILES, set_distinct=False, set_max=4))
KALOOKI = HandSolver(MeldRules(Kind.CARDS), KALOOKI_VALUES)
CAROUSEL = HandSolver(MeldRules(Kind.CARDS), CAROUSEL_VALUES)
DECKS = card_set(2, 2)
SOLVERS = st.sampled_from([TILES, TILES_LOW, TILES_ANY_SUIT])


@st.composite
def okey_hand(draw: st.DrawFn, low: int = 1, high: int = 15) -> tuple[list[int], Wilds]:
    """A hand of distinct tiles and a random indicator among the tiles left (never F)."""
    ids = draw(st.lists(st.integers(0, OKEY_TILES.size - 1), min_size=low, max_size=high, unique=True))
    faces = [OKEY_TILES.face(i) for i in ids]
    indicator = draw(st.integers(0, 51).filter(lambda f: faces.count(f) < 2))
    return faces, okey_wilds(indicator, draw(st.booleans()))


@st.composite
def okey_winning_hand(draw: st.DrawFn) -> tuple[list[int], Wilds]:
    """Runs and sets dealt from one suit window or rank, then up to two okeys: hands that mostly
    win or nearly win, where the search goes deepest."""
    indicator = draw(st.integers(0, 51))
    okey = okey_face(indicator)
    faces: list[int] = []
    while len(faces) < 12:
        if draw(st.booleans()):
            suit, lo, n = draw(st.integers(0, 3)), draw(st.integers(1, 11)), draw(st.integers(3, 5))
            meld = [make_face(suit, 1 if r == 14 else r) for r in range(lo, min(lo + n, 15))]
        else:
            rank = draw(st.integers(1, 13))
            meld = [make_face(s, rank) for s in draw(st.permutations(range(4)))[: draw(st.integers(3, 4))]]
        faces += [JOKER if f == okey else f for f in meld]
    faces = faces[:14]
    for at in draw(st.lists(st.integers(0, len(faces) - 1), max_size=2, unique=True)):
        faces[at] = okey
    faces = [f for f in faces if faces.count(f) <= 2 and f != indicator] or [0]
    return faces, okey_wilds(indicator)


def assert_same(solver: HandSolver, faces: list[int], wilds: Wilds, objective: Objective) -> None:
    expected = reference_arrange(solver, faces, wilds, objective)
    assert solver.arrange(faces, wilds, objective) == expected
    assert solver.score(faces, wilds, objective) == expected.score


@settings(max_examples=300, deadline=None)
@given(okey_hand(), SOLVERS)
def test_okey_arrangement_is_the_reference_one(hand: tuple[list[int], Wilds], solver: HandSolver) -> None:
    assert_same(solver, *hand, Objective.PIECES)


@settings(max_examples=200, deadline=None)
@given(okey_winning_hand(), SOLVERS)
def test_near_winning_okey_hands_match_the_reference(
    hand: tuple[list[int], Wilds], solver: HandSolver
) -> None:
    faces, wilds = hand
    assert_same(solver, faces, wilds, Objective.PIECES)
    assert solver.meldable(faces, wilds) == reference_meldable(solver, faces, wilds)


@settings(max_examples=150, deadline=None)
@given(okey_hand(low=2), SOLVERS)
def test_finishes_are_the_discards_that_leave_a_meldable_hand(
    hand: tuple[list[int], Wilds], solver: HandSolver
) -> None:
    faces, wilds = hand
    expected = []
    for face in dict.fromkeys(faces):
        rest = list(faces)
        rest.remove(face)
        if reference_meldable(solver, rest, wilds):
            expected.append(face)
    assert solver.meld_finishes(faces, wilds) == expected


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, DECKS.size - 1), min_size=1, max_size=14, unique=True),
    st.sampled_from([KALOOKI, CAROUSEL]),
    st.sampled_from([Objective.DEADWOOD, Objective.MELD_VALUE]),
)
def test_card_arrangements_are_the_reference_ones(
    ids: list[int], solver: HandSolver, objective: Objective
) -> None:
    assert_same(solver, [DECKS.face(i) for i in ids], CARD_JOKERS, objective)


@settings(max_examples=200, deadline=None)
@given(okey_hand(), SOLVERS)
def test_spare_faces_are_the_removals_that_keep_the_score(
    hand: tuple[list[int], Wilds], solver: HandSolver
) -> None:
    faces, wilds = hand
    total = solver.score(faces, wilds)
    spared = []
    for face in dict.fromkeys(faces):
        rest = list(faces)
        rest.remove(face)
        if reference_arrange(solver, rest, wilds).score == total:
            spared.append(face)
    assert solver.spare_faces(faces, wilds) == (total, spared)


PAIR_SOLVERS = st.sampled_from(
    [
        TILES,
        HandSolver(MeldRules(Kind.TILES, wild_in_pairs=False)),
        HandSolver(MeldRules(Kind.TILES, pair_rule=PairRule.SAME_NUMBER)),
    ]
)


@settings(max_examples=200, deadline=None)
@given(okey_hand(), PAIR_SOLVERS)
def test_pairs_left_is_what_the_pairs_leave_out(hand: tuple[list[int], Wilds], solver: HandSolver) -> None:
    """The count from the packed counts (identical pieces pair, wilds pair anything) and the
    count by groups (the other pair rules) are what :meth:`HandSolver.pairs` leaves out."""
    faces, wilds = hand
    assert solver.pairs_left(faces, wilds) == len(solver.pairs(faces, wilds).ungrouped)


def test_a_used_solver_pickles_and_answers_the_same() -> None:
    """A solver that has searched (its memo, tables and search functions built) pickles, and the
    copy gives the same answers from the tables it carries."""
    solver = HandSolver(MeldRules(Kind.TILES))
    wilds = okey_wilds(make_face(0, 7))
    hand = [make_face(0, r) for r in (3, 4, 5, 8)] + [make_face(1, 9), make_face(2, 9)]

    def answers(of: HandSolver) -> tuple[object, ...]:
        return of.arrange(hand, wilds), of.spare_faces(hand, wilds), of.meld_finishes(hand, wilds)

    before = answers(solver)
    assert answers(pickle.loads(pickle.dumps(solver))) == before


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.lists(st.integers(0, DECKS.size - 1), min_size=1, max_size=14, unique=True), min_size=1, max_size=8
    ),
    st.sampled_from(list(Objective)),
)
def test_search_memos_hold_ints_the_collector_stops_tracking(
    hands: list[list[int]], objective: Objective
) -> None:
    """Whatever hands were arranged, the search memos keep each state's score and choice as one
    int, so that once the garbage collector has looked at a memo it no longer tracks (and scans)
    it; a new solver's answers after the same hands are the same arrangements. The objects made
    before the example are frozen out of the collection (``gc.freeze``): it then scans this
    example's alone (in the whole suite's worker, each full collection took seconds)."""
    gc.freeze()
    try:
        solver = HandSolver(MeldRules(Kind.CARDS), KALOOKI_VALUES)
        answers = [solver.arrange([DECKS.face(i) for i in ids], CARD_JOKERS, objective) for ids in hands]
        memos = [known for memo in solver._memos.values() for known in memo]
        assert all(type(entry) is int for known in memos for entry in known.values())
        gc.collect()
        assert not any(gc.is_tracked(known) for known in memos)
    finally:
        gc.unfreeze()
    fresh = HandSolver(MeldRules(Kind.CARDS), KALOOKI_VALUES)
    assert [
        fresh.arrange([DECKS.face(i) for i in ids], CARD_JOKERS, objective) for ids in hands[::-1]
    ] == answers[::-1]
