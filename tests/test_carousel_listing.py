"""Carousel's legal listing helpers against the straightforward versions they replace: the ids read
from rows made once (``draft._token_rows``, ``draft._target_rows``) equal the ids added up, the
faces left after a draft's placements equal those of removing them one by one, and the mover's
faces kept between reads follow its hand."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit
from rummykit.core.pieces import JOKER, N_FACES
from rummykit.variants.carousel import draft
from rummykit.variants.carousel.actions import (
    ADD_BASE,
    MAX_MELDS,
    MOVE_BASE,
    NEW_BASE,
    PULL_BASE,
    SPLIT_BASE,
    TARGETS,
    TOKENS,
    Card,
    token_of,
)

faces = st.integers(0, JOKER)
cards = st.one_of(
    st.tuples(st.integers(0, N_FACES - 1), st.none()), st.tuples(st.just(JOKER), st.integers(0, N_FACES - 1))
)


def faces_left_by_removal(hand: tuple[int, ...], used: tuple[int, ...]) -> frozenset[int]:
    """The reference: the faces of which a card is left after taking out one card per used face
    (a used face the hand lacks takes nothing), by multiset difference."""
    return frozenset((Counter(hand) - Counter(used)).elements())


@settings(max_examples=400)
@given(st.lists(faces, max_size=24), st.data())
def test_faces_left_as_removal(hand: list[int], data: st.DataObject) -> None:
    placed = data.draw(st.lists(st.sampled_from(hand), max_size=len(hand))) if hand else []
    strays = data.draw(st.lists(faces, max_size=3))
    used = tuple(sorted(placed + strays))
    assert draft._faces_left(tuple(hand), used) == faces_left_by_removal(tuple(hand), used)


@settings(max_examples=200)
@given(
    st.lists(st.integers(0, N_FACES - 1), unique=True).map(sorted), st.booleans(), st.integers(0, MAX_MELDS)
)
def test_place_ids_as_sums(real: list[int], jokers: bool, count: int) -> None:
    tokens = real + (list(range(N_FACES, TOKENS)) if jokers else [])
    expected = [NEW_BASE + token for token in tokens] if count < MAX_MELDS else []
    for i in range(count):
        expected += [ADD_BASE + i * TOKENS + token for token in tokens]
    assert list(draft._place_ids(tuple(real), jokers, count)) == expected


def meld_ids_as_sums(i: int, meld: tuple[Card, ...], count: int) -> tuple[list[int], list[int], list[int]]:
    first: dict[Card, int] = {}
    for at, card in enumerate(meld):
        first.setdefault(card, at)
    tokens = sorted(zip(map(token_of, first), first.values(), strict=True))
    splits = [SPLIT_BASE + i * TOKENS + token for token, at in tokens if at > 0] if count < MAX_MELDS else []
    moves: list[int] = []
    room = count - (len(meld) == 1) < MAX_MELDS
    for token, _ in tokens:
        base = MOVE_BASE + (i * TOKENS + token) * TARGETS
        moves += [*range(base, base + i), *range(base + i + 1, base + count)] + (
            [base + MAX_MELDS] if room else []
        )
    pulls: list[int] = []
    if count < MAX_MELDS and len(meld) >= 3 and draft.is_run(meld):
        for token in sorted(map(token_of, meld[1:-1])):
            base = PULL_BASE + (i * TOKENS + token) * TARGETS
            pulls += [*range(base, base + i), *range(base + i + 1, base + count)]
            pulls += [base + MAX_MELDS] if count + 2 <= MAX_MELDS else []
    return splits, moves, pulls


@settings(max_examples=400)
@given(st.lists(cards, min_size=1, max_size=8).map(tuple), st.integers(1, MAX_MELDS), st.data())
def test_meld_ids_as_sums(meld: tuple[Card, ...], count: int, data: st.DataObject) -> None:
    i = data.draw(st.integers(0, count - 1))
    known = draft._meld_edit_ids(i, meld, count)
    assert (known.splits, known.moves, known.pulls) == meld_ids_as_sums(i, meld, count)


def test_run_ids_as_sums() -> None:
    run = draft.tidy(((4, None), (JOKER, 5), (6, None), (7, None)))
    assert draft.is_run(run)
    for count in (4, MAX_MELDS - 2, MAX_MELDS - 1, MAX_MELDS):
        known = draft._meld_edit_ids(2, run, count)
        assert (known.splits, known.moves, known.pulls) == meld_ids_as_sums(2, run, count)


def test_hand_faces_follow_the_hand() -> None:
    game = rummykit.load("carousel")
    state = game.new_state(3)
    seat = state.turn
    hand = state.hands[seat]
    assert game.hand_faces(state, seat) == tuple(game.faces(hand))
    hand.append(state.stock.pop())
    assert game.hand_faces(state, seat) == tuple(game.faces(hand))
    hand.reverse()
    assert game.hand_faces(state, seat) == tuple(game.faces(hand))
    other = (seat + 1) % game.players
    assert game.hand_faces(state, other) == tuple(game.faces(state.hands[other]))
