"""The one-search finish finder (HandSolver.meld_finishes, report.finishes) against asking the
winning check once per discard: the same faces, the same kinds, in the same order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.melds import CARD_JOKERS, MeldRules, PairRule, okey_wilds
from rummykit.core.notation import parse_face, parse_faces
from rummykit.core.pieces import JOKER, OKEY_TILES, Kind
from rummykit.solvers.arrange import HandSolver, Objective
from rummykit.solvers.report import HandProfile, finishes, whole_hand_kinds

RULES = [
    MeldRules(Kind.TILES),
    MeldRules(Kind.TILES, ace_high=False),
    MeldRules(Kind.TILES, wild_in_pairs=False),
    MeldRules(Kind.TILES, pair_rule=PairRule.SAME_NUMBER),
    MeldRules(Kind.CARDS, set_distinct=False, set_max=8),
]

pieces = st.lists(st.integers(0, OKEY_TILES.size - 1), min_size=15, max_size=15, unique=True)


def near_win(base: int, extra: list[int]) -> list[int]:
    """Two runs and a set around ``base`` with two jokers, topped up with ``extra``: hands with
    several finishes."""
    run = [base % 52, (base + 1) % 52, (base + 2) % 52]
    other = [(base + 13) % 52, (base + 14) % 52, (base + 15) % 52]
    return (run + other + [JOKER, JOKER] + extra)[:15]


def per_discard(profile: HandProfile, faces: list[int], wilds: object) -> dict[int, list[object]]:
    out: dict[int, list[object]] = {}
    for face in dict.fromkeys(faces):
        rest = list(faces)
        rest.remove(face)
        kinds = whole_hand_kinds(profile, rest, wilds)  # type: ignore[arg-type]
        if kinds:
            out[face] = list(kinds)
    return out


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(RULES),
    pieces,
    st.integers(0, 51),
    st.booleans(),
    st.booleans(),
)
def test_finishes_equal_one_check_per_discard(
    rules: MeldRules, ids: list[int], indicator: int, false_wild: bool, shaped: bool
) -> None:
    faces = [OKEY_TILES.face(p) for p in ids]
    if shaped:
        faces = near_win(indicator, [f for f in faces if f != JOKER][:9])
    wilds = okey_wilds(indicator, false_wild) if rules.kind is Kind.TILES else CARD_JOKERS
    profile = HandProfile(rules, Objective.PIECES, 14, pairs_win=True)
    expected = per_discard(profile, faces, wilds)
    found = finishes(profile, faces, wilds)
    assert found == expected
    assert list(found) == list(expected)
    solver = HandSolver(rules)
    melds = [f for f, kinds in expected.items() if "melds" in kinds]
    assert solver.meld_finishes(faces, wilds) == melds


def test_a_natural_taken_by_the_anchors_meld_can_be_the_discard() -> None:
    """R1 R2 R3, Y1 Y2 Y3, B1 B2 B3, K1..K5 and the okey Y13 (indicator Y12): any tile may go,
    R3 included, although the search's first meld takes R3 as a natural (the okey takes its place
    when R3 is the discard)."""
    wilds = okey_wilds(parse_face(Kind.TILES, "Y12"))
    faces = parse_faces(Kind.TILES, "R1 R2 R3 Y1 Y2 Y3 B1 B2 B3 K1 K2 K3 K4 K5 Y13")
    solver = HandSolver(MeldRules(Kind.TILES))
    assert solver.meld_finishes(faces, wilds) == faces
