"""Meld validation: sets, runs, pairs, wilds and card values, rule by rule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import cards, tiles
from rummykit.core.melds import (
    CARD_JOKERS,
    NO_WILDS,
    MeldKind,
    MeldRules,
    PairRule,
    is_meld,
    missing_suits,
    okey_face,
    okey_wilds,
    run_ends,
    run_positions,
    validate_meld,
)
from rummykit.core.pieces import JOKER, Kind, make_face
from rummykit.errors import MeldError
from rummykit.variants.carousel.rules import CAROUSEL_VALUES
from rummykit.variants.kalooki.rules import KALOOKI_VALUES

TILE_RULES = MeldRules(Kind.TILES)
CARD_RULES = MeldRules(Kind.CARDS)


@pytest.mark.parametrize(
    ("hand", "ok"),
    [
        ("R7 Y7 B7", True),
        ("R7 Y7 B7 K7", True),
        ("R7 Y7 R7", False),  # repeated colour
        ("R7 Y7", False),  # too small
        ("R7 Y7 B8", False),  # different numbers
    ],
)
def test_sets(hand: str, ok: bool) -> None:
    assert is_meld(tiles(hand), TILE_RULES, NO_WILDS) is ok


def test_a_set_holds_at_most_four() -> None:
    wilds = okey_wilds(tiles("B4")[0])  # B5 is the okey
    assert is_meld(tiles("R7 Y7 B7 K7"), TILE_RULES, wilds)
    assert not is_meld(tiles("R7 Y7 B7 K7 B5"), TILE_RULES, wilds)


@pytest.mark.parametrize(
    ("hand", "ok"),
    [
        ("R1 R2 R3", True),
        ("R11 R12 R13 R1", True),
        ("R12 R13 R1 R2", False),  # past the 1
        ("R13 R1 R2", False),
        ("R5 R6 R8", False),  # gap
        ("R5 Y6 R7", False),  # two colours
        ("R5 R5 R6 R7", False),  # repeated number
    ],
)
def test_tile_runs(hand: str, ok: bool) -> None:
    assert is_meld(tiles(hand), TILE_RULES, NO_WILDS) is ok


def test_13_1_can_be_switched_off() -> None:
    rules = MeldRules(Kind.TILES, ace_high=False)
    assert not is_meld(tiles("R12 R13 R1"), rules, NO_WILDS)
    assert is_meld(tiles("R1 R2 R3"), rules, NO_WILDS)


def test_a_1_is_never_at_both_ends() -> None:
    whole = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13"
    assert is_meld(tiles(whole), TILE_RULES, NO_WILDS)
    wilds = okey_wilds(tiles("K4")[0])  # K5 is wild
    assert not is_meld(tiles(whole + " K5"), TILE_RULES, wilds)


@pytest.mark.parametrize(
    ("hand", "ok"),
    [("QD KD AD", True), ("AD 2D 3D", True), ("KD AD 2D", False), ("KC KD AD", False)],
)
def test_card_runs_ace_low_or_high(hand: str, ok: bool) -> None:
    assert is_meld(cards(hand), CARD_RULES, CARD_JOKERS) is ok


def test_okey_is_wild_and_reports_its_assignment() -> None:
    indicator = tiles("R6")[0]
    wilds = okey_wilds(indicator)
    assert okey_face(indicator) == tiles("R7")[0]
    meld = validate_meld(tiles("R4 R7 R6"), TILE_RULES, wilds)
    assert meld.kind is MeldKind.RUN
    assert dict(meld.wild_assignments(wilds)) == {tiles("R7")[0]: tiles("R5")[0]}


def test_okey_after_13_is_the_1() -> None:
    assert okey_face(tiles("B13")[0]) == tiles("B1")[0]


def test_false_joker_is_the_okey_face_not_wild() -> None:
    wilds = okey_wilds(tiles("Y4")[0])
    meld = validate_meld(tiles("Y3 Y4 F"), TILE_RULES, wilds)
    assert meld.stands_for == tuple(tiles("Y3 Y4 Y5"))
    assert not is_meld(tiles("R9 Y9 F"), TILE_RULES, wilds)  # F is Y5, not a 9


def test_false_joker_wild_option() -> None:
    wilds = okey_wilds(tiles("Y4")[0], false_joker_wild=True)
    assert is_meld(tiles("R9 Y9 F"), TILE_RULES, wilds)


def test_false_joker_needs_an_indicator() -> None:
    with pytest.raises(MeldError, match="indicator"):
        validate_meld(tiles("R1 R2 F"), TILE_RULES, NO_WILDS)


def test_false_joker_is_never_the_indicator() -> None:
    with pytest.raises(MeldError):
        okey_wilds(JOKER)


def test_card_jokers_fill_sets_and_runs() -> None:
    meld = validate_meld(cards("5H JK 7H"), CARD_RULES, CARD_JOKERS)
    assert meld.stands_for == tuple(cards("5H 6H 7H"))
    meld = validate_meld(cards("TH TD JK"), CARD_RULES, CARD_JOKERS)
    assert meld.kind is MeldKind.SET
    assert len(set(meld.stands_for)) == 3


@pytest.mark.parametrize(
    ("hand", "rule", "ok"),
    [
        ("R5 R5", PairRule.IDENTICAL, True),
        ("R5 B5", PairRule.IDENTICAL, False),
        ("R5 B5", PairRule.SAME_NUMBER, True),
        ("R5 R6", PairRule.SAME_NUMBER, False),
    ],
)
def test_pairs(hand: str, rule: PairRule, ok: bool) -> None:
    rules = MeldRules(Kind.TILES, pair_rule=rule)
    if ok:
        assert validate_meld(tiles(hand), rules, NO_WILDS, allow_pair=True).kind is MeldKind.PAIR
    else:
        with pytest.raises(MeldError):
            validate_meld(tiles(hand), rules, NO_WILDS, allow_pair=True)


def test_okey_completes_a_pair_only_when_allowed() -> None:
    wilds = okey_wilds(tiles("R1")[0])  # R2 is the okey
    assert validate_meld(tiles("B9 R2"), TILE_RULES, wilds, allow_pair=True).stands_for == tuple(
        tiles("B9 B9")
    )
    strict = MeldRules(Kind.TILES, wild_in_pairs=False)
    with pytest.raises(MeldError):
        validate_meld(tiles("B9 R2"), strict, wilds, allow_pair=True)


def test_joker_pair() -> None:
    meld = validate_meld(cards("JK JK"), CARD_RULES, CARD_JOKERS, allow_pair=True)
    assert meld.kind is MeldKind.PAIR


@pytest.mark.parametrize(
    ("hand", "value"), [("TH TD JK", 30), ("QS KS AS", 31), ("AS 2S 3S", 6), ("AS AH AD", 33)]
)
def test_kalooki_meld_values(hand: str, value: int) -> None:
    assert KALOOKI_VALUES.meld_value(validate_meld(cards(hand), CARD_RULES, CARD_JOKERS)) == value


def test_carousel_ace_is_one_and_joker_25_in_hand() -> None:
    assert CAROUSEL_VALUES.meld_value(validate_meld(cards("QS KS AS"), CARD_RULES, CARD_JOKERS)) == 21
    assert CAROUSEL_VALUES.hand_value(JOKER, CARD_JOKERS) == 25
    assert KALOOKI_VALUES.hand_value(cards("AS")[0], CARD_JOKERS) == 11


melds_strategy = st.sampled_from(["R1 R2 R3 R6", "R11 R12 R13 R1", "R7 Y7 B7 K7", "B4 B5 B10 B10 B8"])


@given(melds_strategy, st.randoms())
def test_validation_does_not_depend_on_order(hand: str, rnd: object) -> None:
    wilds = okey_wilds(tiles("B9")[0])
    faces = tiles(hand)
    shuffled = list(faces)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert is_meld(faces, TILE_RULES, wilds) == is_meld(shuffled, TILE_RULES, wilds)


@pytest.mark.parametrize(
    ("run", "ends"),
    [
        ("4H 5H 6H", "3H 7H"),
        ("AS 2S 3S", "4S"),
        ("QD KD AD", "JD"),
        ("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "AC"),
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", ""),
        ("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", ""),
    ],
)
def test_run_ends_are_the_cards_next_to_either_end(run: str, ends: str) -> None:
    faces = cards(run)
    suit = faces[0] // 13
    assert run_ends(suit, run_positions(faces)) == cards(ends)
    assert run_ends(suit, run_positions(list(reversed(faces)))) == cards(ends)


def test_missing_suits_ignore_jokers_and_repeats() -> None:
    assert sorted(missing_suits(7, cards("7H 7S JK 7H"))) == sorted(cards("7C 7D"))
    assert missing_suits(1, cards("AS AH AD AC")) == []
    assert missing_suits(13, []) == [make_face(s, 13) for s in range(4)]


@given(st.integers(0, 3), st.integers(1, 12), st.integers(3, 13), st.integers(0, 51))
def test_a_card_extends_a_run_or_set_exactly_when_the_ends_name_it(
    suit: int, low: int, length: int, face: int
) -> None:
    high = min(low + length - 1, 14)
    run = [make_face(suit, 1 if p == 14 else p) for p in range(low, high + 1)]
    if high - low >= 2:
        extends = is_meld([*run, face], CARD_RULES, CARD_JOKERS)
        assert (face in run_ends(suit, run_positions(run))) == extends
    rank = low
    for size in (1, 2, 3, 4):
        group = [make_face((suit + i) % 4, rank) for i in range(size)]
        if size >= 2:
            extends = is_meld([*group, face], CARD_RULES, CARD_JOKERS)
            assert (face in missing_suits(rank, group)) == extends
