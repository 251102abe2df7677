"""The engine's fast finish search (rummykit.variants.closed_hand.finish_search) against the
solver's exact one (solvers.report.finishes): the same faces, kinds and order on random racks, on
racks one piece away from sets and runs, and on racks one piece away from seven pairs, under every
meld rule."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.melds import CARD_JOKERS, MeldRules, PairRule, Wilds, okey_wilds
from rummykit.core.pieces import JOKER, N_FACES, OKEY_TILES, Kind, make_face, rank_of, suit_of
from rummykit.solvers.arrange import Objective
from rummykit.solvers.report import HandProfile
from rummykit.solvers.report import finishes as exact_finishes
from rummykit.variants.closed_hand.finish_search import (
    finishes,
    may_finish_with_melds,
    may_finish_with_wilds,
)

RULES = [
    MeldRules(Kind.TILES),
    MeldRules(Kind.TILES, ace_high=False),
    MeldRules(Kind.TILES, wild_in_pairs=False),
    MeldRules(Kind.TILES, pair_rule=PairRule.SAME_NUMBER),
    MeldRules(Kind.CARDS),
    MeldRules(Kind.CARDS, set_distinct=False, set_max=8),
]

pieces = st.lists(st.integers(0, OKEY_TILES.size - 1), min_size=15, max_size=15, unique=True)


def wilds_for(rules: MeldRules, indicator: int, false_wild: bool) -> Wilds:
    return okey_wilds(indicator, false_wild) if rules.kind is Kind.TILES else CARD_JOKERS


def melds_near(base: int, extra: list[int]) -> list[int]:
    """A run, a set and a run around ``base`` (nine pieces), topped up with ``extra``."""
    rank = base % 13
    low = min(rank, 10)
    suit = base // 13 * 13
    run = [suit + low, suit + low + 1, suit + low + 2]
    same = [(base + 13 * k) % 52 for k in range(3)]
    other = [(suit + 13) % 52 + low, (suit + 13) % 52 + low + 1, (suit + 13) % 52 + low + 2]
    return (run + same + other + extra)[:15]


def pairs_near(faces: list[int], wilds: int) -> list[int]:
    """Seven of ``faces`` doubled (some copies replaced by jokers), plus one more piece."""
    pairs = [f for f in faces[:7] for _ in range(2)]
    for k in range(wilds):
        pairs[2 * k + 1] = JOKER
    return [*pairs, faces[7]]


def check(rules: MeldRules, faces: list[int], wilds: Wilds) -> None:
    profile = HandProfile(rules, Objective.PIECES, 14, pairs_win=True)
    assert finishes(profile, faces, wilds) == exact_finishes(profile, faces, wilds)
    if exact_finishes(HandProfile(rules, Objective.PIECES, 14), faces, wilds):
        assert may_finish_with_melds(rules, faces, wilds)
        assert may_finish_with_wilds(rules, faces, wilds)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(RULES), pieces, st.integers(0, 51), st.booleans())
def test_random_racks(rules: MeldRules, ids: list[int], indicator: int, false_wild: bool) -> None:
    check(rules, [OKEY_TILES.face(p) for p in ids], wilds_for(rules, indicator, false_wild))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(RULES), pieces, st.integers(0, 51), st.booleans(), st.integers(0, 51))
def test_racks_near_melds(
    rules: MeldRules, ids: list[int], indicator: int, false_wild: bool, base: int
) -> None:
    extra = [OKEY_TILES.face(p) for p in ids]
    check(rules, melds_near(base, extra), wilds_for(rules, indicator, false_wild))


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(RULES),
    st.lists(st.integers(0, 51), min_size=8, max_size=8, unique=True),
    st.integers(0, 51),
    st.booleans(),
    st.integers(0, 2),
)
def test_racks_near_pairs(
    rules: MeldRules, faces: list[int], indicator: int, false_wild: bool, jokers: int
) -> None:
    check(rules, pairs_near(faces, jokers), wilds_for(rules, indicator, false_wild))


def test_the_tests_rule_out_a_scattered_rack() -> None:
    """Fifteen cards far apart: no three fit together and no two pair up, so the exact search is
    never asked (and finds nothing)."""
    rules = MeldRules(Kind.CARDS)
    faces = [0, 4, 8, 12, 15, 19, 23, 28, 32, 36, 40, 44, 49, 2, 6]
    assert not may_finish_with_melds(rules, faces, CARD_JOKERS)
    check(rules, faces, CARD_JOKERS)


def fits_in_three(rules: MeldRules, face: int, counts: Counter[int], wild: int) -> bool:
    """Whether a natural ``face`` fits in a set or run of three with the other pieces ``counts``
    (natural faces) and ``wild`` wilds: the melds test's definition, one face at a time."""
    suit, rank = suit_of(face), rank_of(face)
    same = [make_face(s, rank) for s in range(4) if s != suit]
    if rules.set_distinct:
        partners = sum(counts[g] > 0 for g in same)
    else:
        partners = counts[face] - 1 + sum(counts[g] for g in same)
    if partners + wild >= 2:
        return True
    spots = [rank] + ([rules.top] if rank == 1 and rules.ace_high else [])
    for spot in spots:
        for low in range(max(1, spot - 2), min(spot, rules.top - 2) + 1):
            others = [p for p in range(low, low + 3) if p != spot]
            held = [counts[make_face(suit, 1 if p == 14 else p)] > 0 for p in others]
            if sum(held) + wild >= 2:
                return True
    return False


def may_meld_reference(rules: MeldRules, faces: list[int], wilds: Wilds) -> bool:
    """The melds test by its definition: fewer than two natural pieces fit in no set or run of three."""
    natural = [wilds.natural(f, rules.kind) for f in faces if not wilds.is_wild(f)]
    counts = Counter(natural)
    wild = len(faces) - len(natural)
    return wild >= 2 or sum(n for f, n in counts.items() if not fits_in_three(rules, f, counts, wild)) < 2


@settings(max_examples=1500, deadline=None)
@given(
    st.sampled_from(RULES),
    st.lists(st.integers(0, N_FACES), min_size=1, max_size=15),
    st.integers(0, 51),
    st.booleans(),
)
def test_melds_test_by_its_definition(
    rules: MeldRules, faces: list[int], indicator: int, false_wild: bool
) -> None:
    """The bit-mask melds test answers as its per-face definition on any faces (copies of a face,
    jokers, racks of every size)."""
    wilds = wilds_for(rules, indicator, false_wild)
    if JOKER in faces and not wilds.is_wild(JOKER) and wilds.joker_as is None:
        return
    assert may_finish_with_melds(rules, faces, wilds) == may_meld_reference(rules, faces, wilds)


def may_finish_with_wilds_reference(rules: MeldRules, faces: list[int], wilds: Wilds) -> bool:
    """The wilds test by its definition: with one or two wilds, the natural pieces that fit in no set
    or run of three without a wild, all but one, lie on as many lines (ranks or suits) as wilds."""
    natural = [wilds.natural(f, rules.kind) for f in faces if not wilds.is_wild(f)]
    wild = len(faces) - len(natural)
    if wild not in (1, 2):
        return True
    counts = Counter(natural)
    alone = [f for f in natural if not fits_in_three(rules, f, counts, 0)]
    lines = [("rank", r) for r in range(1, 14)] + [("suit", s) for s in range(4)]

    def on(face: int, line: tuple[str, int]) -> bool:
        return (rank_of(face) if line[0] == "rank" else suit_of(face)) == line[1]

    for spare in [None, *range(len(alone))]:
        rest = [f for k, f in enumerate(alone) if k != spare]
        for chosen in combinations(lines, wild):
            if all(any(on(f, line) for line in chosen) for f in rest):
                return True
    return False


@settings(max_examples=1500, deadline=None)
@given(
    st.sampled_from(RULES),
    st.lists(st.integers(0, N_FACES), min_size=1, max_size=15),
    st.integers(0, 51),
    st.booleans(),
)
def test_wilds_test_by_its_definition(
    rules: MeldRules, faces: list[int], indicator: int, false_wild: bool
) -> None:
    """The wilds test answers as its per-piece definition on any faces."""
    wilds = wilds_for(rules, indicator, false_wild)
    if JOKER in faces and not wilds.is_wild(JOKER) and wilds.joker_as is None:
        return
    assert may_finish_with_wilds(rules, faces, wilds) == may_finish_with_wilds_reference(rules, faces, wilds)


def test_the_wilds_test_rules_out_pairs_of_neighbours() -> None:
    """Seven pairs of neighbours and one okey: each piece fits in a three with the okey, so the
    melds test lets the rack through, but no three fit together without it and they are of many
    ranks and suits, so the wilds test rules it out (and the exact search finds nothing)."""
    rules = MeldRules(Kind.TILES)
    wilds = okey_wilds(make_face(3, 13), False)
    okey = make_face(3, 1)
    assert wilds.is_wild(okey)
    faces = [0, 1, 4, 5, 8, 9, 15, 16, 19, 20, 36, 37, 43, 47, okey]
    assert may_finish_with_melds(rules, faces, wilds)
    assert not may_finish_with_wilds(rules, faces, wilds)
    check(rules, faces, wilds)


def test_the_wilds_test_rules_out_scattered_pieces_with_both_okeys() -> None:
    """Both okeys and thirteen pieces of which no three fit together: the melds test lets any rack
    with two wilds through, but the pieces lie on more than two suits or ranks (one piece spare),
    so the wilds test rules it out (and the exact search finds nothing)."""
    rules = MeldRules(Kind.TILES)
    wilds = okey_wilds(make_face(3, 13), False)
    okey = make_face(3, 1)
    faces = [0, 1, 4, 5, 8, 9, 15, 16, 19, 20, 36, 37, 43, okey, okey]
    assert may_finish_with_melds(rules, faces, wilds)
    assert not may_finish_with_wilds(rules, faces, wilds)
    check(rules, faces, wilds)
