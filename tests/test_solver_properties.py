"""Property tests of the exact hand solver, cross-checked against brute force on small hands."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import brute_force_best
from rummykit.core.melds import CARD_JOKERS, MeldRules, Wilds, okey_wilds, validate_meld
from rummykit.core.pieces import JOKER, OKEY_TILES, Kind, card_set
from rummykit.solvers.arrange import Arrangement, HandSolver, Objective
from rummykit.variants.kalooki.rules import KALOOKI_VALUES

TILE_RULES = MeldRules(Kind.TILES)
CARD_RULES = MeldRules(Kind.CARDS)
TILES = HandSolver(TILE_RULES)
CARDS = HandSolver(CARD_RULES, KALOOKI_VALUES)
DECKS = card_set(2, 2)


@st.composite
def okey_hands(draw: st.DrawFn, low: int = 3, high: int = 14) -> tuple[list[int], Wilds]:
    ids = draw(
        st.lists(st.integers(0, OKEY_TILES.size - 1), min_size=low + 1, max_size=high + 1, unique=True)
    )
    faces = [OKEY_TILES.face(i) for i in ids]
    indicator = next((f for f in faces if f != JOKER), None)
    if indicator is None:
        return faces[1:], okey_wilds(0)
    faces.remove(indicator)
    return faces[:high], okey_wilds(indicator, draw(st.booleans()))


@st.composite
def card_hands(draw: st.DrawFn, low: int = 3, high: int = 14) -> list[int]:
    ids = draw(st.lists(st.integers(0, DECKS.size - 1), min_size=low, max_size=high, unique=True))
    return [DECKS.face(i) for i in ids]


def check_partition(hand: list[int], arrangement: Arrangement, rules: MeldRules, wilds: Wilds) -> None:
    """Every piece exactly once; every meld valid by the independent validator."""
    used = Counter(f for m in arrangement.melds for f in m.faces) + Counter(arrangement.ungrouped)
    assert used == Counter(hand)
    for meld in arrangement.melds:
        validate_meld(meld.faces, rules, wilds)


@given(okey_hands(high=8))
@settings(max_examples=150, deadline=None)
def test_okey_arrangement_matches_brute_force(hand_wilds: tuple[list[int], Wilds]) -> None:
    hand, wilds = hand_wilds
    arrangement = TILES.arrange(hand, wilds)
    check_partition(hand, arrangement, TILE_RULES, wilds)
    assert arrangement.score == len(hand) - len(arrangement.ungrouped)
    assert arrangement.score == brute_force_best(hand, TILE_RULES, wilds)
    assert TILES.meldable(hand, wilds) is (not arrangement.ungrouped)


@given(card_hands(high=8))
@settings(max_examples=150, deadline=None)
def test_deadwood_matches_brute_force(hand: list[int]) -> None:
    arrangement = CARDS.arrange(hand, CARD_JOKERS, Objective.DEADWOOD)
    check_partition(hand, arrangement, CARD_RULES, CARD_JOKERS)
    left = sum(KALOOKI_VALUES.hand_value(f, CARD_JOKERS) for f in arrangement.ungrouped)
    total = sum(KALOOKI_VALUES.hand_value(f, CARD_JOKERS) for f in hand)
    assert arrangement.score == total - left
    assert arrangement.score == brute_force_best(hand, CARD_RULES, CARD_JOKERS, KALOOKI_VALUES)


@given(okey_hands(), st.randoms())
@settings(max_examples=150, deadline=None)
def test_answer_does_not_depend_on_order(hand_wilds: tuple[list[int], Wilds], rnd: object) -> None:
    hand, wilds = hand_wilds
    shuffled = list(hand)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    first, second = TILES.arrange(hand, wilds), TILES.arrange(shuffled, wilds)
    assert first.score == second.score
    assert TILES.win_kinds(hand, wilds) == TILES.win_kinds(shuffled, wilds)
    check_partition(shuffled, second, TILE_RULES, wilds)


@given(card_hands(), st.randoms())
@settings(max_examples=100, deadline=None)
def test_card_answers_do_not_depend_on_order(hand: list[int], rnd: object) -> None:
    shuffled = list(hand)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    for objective in Objective:
        assert (
            CARDS.arrange(hand, CARD_JOKERS, objective).score
            == CARDS.arrange(shuffled, CARD_JOKERS, objective).score
        )


@given(okey_hands(low=14, high=14))
@settings(max_examples=150, deadline=None)
def test_reported_winning_hand_really_is_one(hand_wilds: tuple[list[int], Wilds]) -> None:
    hand, wilds = hand_wilds
    kinds = TILES.win_kinds(hand, wilds)
    paired = TILES.pairs(hand, wilds)
    for meld in paired.melds:
        validate_meld(meld.faces, TILE_RULES, wilds, allow_pair=True)
    assert ("pairs" in kinds) is (not paired.ungrouped)
    if "melds" in kinds:
        arrangement = TILES.arrange(hand, wilds)
        assert not arrangement.ungrouped
        check_partition(hand, arrangement, TILE_RULES, wilds)


@given(card_hands(high=7))
@settings(max_examples=80, deadline=None)
def test_max_meld_value_is_at_least_every_single_meld(hand: list[int]) -> None:
    """The maximum is an upper bound of each valid meld's value found by the validator."""
    best = CARDS.max_meld_value(hand, CARD_JOKERS)
    check_partition(hand, best, CARD_RULES, CARD_JOKERS)
    assert best.score == sum(KALOOKI_VALUES.meld_value(m) for m in best.melds)
    for size in range(3, len(hand) + 1):
        for group in combinations(hand, size):
            try:
                meld = validate_meld(group, CARD_RULES, CARD_JOKERS)
            except ValueError:
                continue
            assert KALOOKI_VALUES.meld_value(meld) <= best.score
