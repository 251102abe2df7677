"""The distance of a closed hand (:mod:`rummykit.variants.closed_hand.distance`) equals a brute
force over every target hand on small targets, and answers the hands the search bot asks about as
the game does."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement

from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.melds import MeldRules, Wilds, is_meld
from rummykit.core.notation import parse_faces
from rummykit.core.pieces import N_FACES, N_RANKS, N_SUITS, Kind
from rummykit.variants.closed_hand.distance import CAP, Distance, Supply

WILD = Wilds(frozenset({N_FACES}))
"""A wild face for the hands below (the card joker)."""

RULES = {
    "okey": MeldRules(Kind.TILES),
    "no_13_1": MeldRules(Kind.TILES, ace_high=False),
    "repeated_suits": MeldRules(Kind.CARDS, set_distinct=False, set_max=2 * N_SUITS),
}


@cache
def templates(name: str, target: int) -> tuple[tuple[int, ...], ...]:
    """Every meld of at most ``target`` places that :func:`is_meld` accepts, as the faces its
    places stand for (each face at most twice in a set)."""
    rules = RULES[name]
    top = 14 if rules.ace_high else 13
    found = []
    for suit in range(N_SUITS):
        for low in range(1, top + 1):
            for high in range(low + 2, min(top, low + 12, low + target - 1) + 1):
                found.append(tuple(suit * N_RANKS + (p - 1) % N_RANKS for p in range(low, high + 1)))
    for size in range(3, min(rules.set_max, target) + 1):
        for suits in combinations_with_replacement(range(N_SUITS), size):
            if max(Counter(suits).values()) <= 2:
                found.extend(tuple(s * N_RANKS + r for s in suits) for r in range(N_RANKS))
    return tuple(t for t in found if is_meld(list(t), rules, Wilds()))


def draws_to(target: Sequence[int], counts: list[int], hand_wilds: int, supply: Supply) -> int | None:
    """Draws a target hand (faces its places stand for) needs, or None if the unseen pieces and
    wilds can't fill its holes."""
    places = Counter(target)
    filled = sum(min(counts[f], k) for f, k in places.items())
    forced = sum(max(0, k - min(counts[f], k) - supply.naturals[f]) for f, k in places.items())
    if forced > hand_wilds + supply.wilds:
        return None
    return max(0, len(target) - filled - hand_wilds)


def brute(name: str, target: int, counts: list[int], hand_wilds: int, supply: Supply, pairs: bool) -> int:
    """The fewest draws over every multiset of melds (and of pairs) of ``target`` places."""
    melds = templates(name, target)
    best = CAP + 1

    def grow(start: int, size: int, places: tuple[int, ...]) -> None:
        nonlocal best
        if size == target:
            draws = draws_to(places, counts, hand_wilds, supply)
            best = best if draws is None else min(best, draws)
            return
        for i in range(start, len(melds)):
            if size + len(melds[i]) <= target:
                grow(i, size + len(melds[i]), places + melds[i])

    grow(0, 0, ())
    if pairs:
        for faces in combinations_with_replacement(range(N_FACES), target // 2):
            draws = draws_to([f for f in faces for _ in (0, 1)], counts, hand_wilds, supply)
            best = best if draws is None else min(best, draws)
    return best


@st.composite
def small_hands(draw: st.DrawFn) -> tuple[list[int], int, Supply]:
    """(natural counts, wilds in hand, supply): pieces of the first three suits, at most two of a
    face, the last suit wholly unseen (so that a pair or meld of draws alone is always live)."""
    faces = draw(st.lists(st.integers(0, 3 * N_RANKS - 1), min_size=4, max_size=8))
    counts = [0] * N_FACES
    for face in faces:
        counts[face] = min(2, counts[face] + 1)
    unseen = [2 if face >= 3 * N_RANKS else draw(st.integers(0, 2 - counts[face])) for face in range(N_FACES)]
    return counts, draw(st.integers(0, 2)), Supply(tuple(unseen), draw(st.integers(0, 1)))


def fast(name: str, target: int, counts: list[int], hand_wilds: int, supply: Supply, pairs: bool) -> int:
    """:meth:`Distance.distance` of the hand given by counts and wilds."""
    hand = [f for f, k in enumerate(counts) for _ in range(k)] + [N_FACES] * hand_wilds
    return Distance(RULES[name], pairs, target).distance(hand, WILD, supply)


@settings(max_examples=23, deadline=None)
@given(small_hands(), st.sampled_from(sorted(RULES)), st.sampled_from([(6, True), (7, False)]))
def test_the_distance_is_the_fewest_draws_to_any_target_of_six_or_seven(
    hand: tuple[list[int], int, Supply], name: str, goal: tuple[int, bool]
) -> None:
    counts, wilds, supply = hand
    target, pairs = goal
    expected = brute(name, target, counts, wilds, supply, pairs)
    assert fast(name, target, counts, wilds, supply, pairs) == expected


def okey_hand(text: str) -> list[int]:
    return parse_faces(Kind.TILES, text)


FULL = Supply((2,) * N_FACES, 0)


def test_four_melds_of_three_and_a_pair_are_two_draws_out() -> None:
    # 12 pieces in four runs of three and K5 K6: drawing K4 or K7 melds all 15 but leaves no
    # discard, so going out takes a run of four (K13 or R4, with a discard of K5 or K6) and then
    # a fifth piece for it: two draws, not one
    distance = Distance(RULES["okey"], True)
    hand = okey_hand("R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K5 K6")
    assert distance.distance(hand, Wilds(), FULL) == 2
    assert distance.distance(okey_hand("R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 K6"), Wilds(), FULL) == 1


def test_a_face_none_is_left_of_does_not_help() -> None:
    # R5 R7 and twelve pieces in melds: R6 completes the run, unless both R6 are seen
    distance = Distance(RULES["okey"], False)
    hand = okey_hand("Y1 Y2 Y3 Y4 B9 B10 B11 B12 K10 K11 K12 K13 R5 R7")
    assert distance.distance(hand, Wilds(), FULL) == 1
    r6 = okey_hand("R6")[0]
    dead = Supply(tuple(0 if f == r6 else 2 for f in range(N_FACES)), 0)
    assert distance.distance(hand, Wilds(), dead) == 2
    assert distance.lowers(hand, Wilds(), FULL.without(r6, Wilds()), r6, 1)
    assert not distance.lowers(hand, Wilds(), FULL, okey_hand("R9")[0], 1)
    assert distance.distance(hand, Wilds(), Supply(dead.naturals, 1)) == 1
