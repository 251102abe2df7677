"""The cases of issue #2 (tests/data/issue2_cases.toml), through the solver and the validator."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from helpers import cards, tiles
from rummykit.core.melds import CARD_JOKERS, NO_WILDS, Wilds, validate_meld
from rummykit.core.notation import format_face
from rummykit.core.pieces import Kind
from rummykit.solvers.arrange import Objective
from rummykit.solvers.report import analyse
from rummykit.variants.kalooki.rules import KalookiRules
from rummykit.variants.okey.rules import OkeyRules

CASES = tomllib.loads((Path(__file__).parent / "data" / "issue2_cases.toml").read_text("utf-8"))
OKEY = OkeyRules()
PROFILE = OKEY.hand_profile()
SOLVER = PROFILE.solver()
KALOOKI = KalookiRules()
CARD_SOLVER = KALOOKI.hand_profile().solver()


def okey_wilds(case: dict[str, Any]) -> Wilds:
    return OKEY.wilds(tiles(case["indicator"])[0]) if "indicator" in case else NO_WILDS


def ids(cases: list[dict[str, Any]]) -> list[str]:
    return [(c.get("indicator", "-") + ": " + c["hand"]) for c in cases]


@pytest.mark.parametrize("case", CASES["okey_meldable"], ids=ids(CASES["okey_meldable"]))
def test_okey_meldable(case: dict[str, Any]) -> None:
    faces, wilds = tiles(case["hand"]), okey_wilds(case)
    assert SOLVER.meldable(faces, wilds) is case["meldable"]
    arrangement = SOLVER.arrange(faces, wilds)
    assert (not arrangement.ungrouped) is case["meldable"]
    for meld in arrangement.melds:
        validate_meld(meld.faces, OKEY.meld_rules(), wilds)
    for piece, stands in case.get("stands_for", {}).items():
        pairs = {
            (format_face(Kind.TILES, f), format_face(Kind.TILES, s))
            for m in arrangement.melds
            for f, s in zip(m.faces, m.stands_for, strict=True)
        }
        assert (piece, stands) in pairs


@pytest.mark.parametrize("case", CASES["okey_arrangement"], ids=ids(CASES["okey_arrangement"]))
def test_okey_arrangement(case: dict[str, Any]) -> None:
    arrangement = SOLVER.arrange(tiles(case["hand"]), NO_WILDS)
    got = sorted(sorted(m.faces) for m in arrangement.melds)
    assert got == sorted(sorted(tiles(m)) for m in case["melds"])
    assert sorted(arrangement.ungrouped) == sorted(tiles(case["ungrouped"]))


@pytest.mark.parametrize("case", CASES["okey_winning"], ids=ids(CASES["okey_winning"]))
def test_okey_winning(case: dict[str, Any]) -> None:
    report = analyse(PROFILE, tiles(case["hand"]), okey_wilds(case))
    assert [k.value for k in report.win_kinds] == case["win_kinds"]
    assert report.winning is bool(case["win_kinds"])
    if report.winning:
        assert not report.arrangement.ungrouped
        assert Counter(f for m in report.melds for f in m.faces) == Counter(tiles(case["hand"]))


@pytest.mark.parametrize("case", CASES["okey_pair"], ids=ids(CASES["okey_pair"]))
def test_okey_pair(case: dict[str, Any]) -> None:
    paired = SOLVER.pairs(tiles(case["hand"]), NO_WILDS)
    assert (not paired.ungrouped) is case["pair"]


@pytest.mark.parametrize("case", CASES["card_arrangement"], ids=ids(CASES["card_arrangement"]))
def test_card_arrangement(case: dict[str, Any]) -> None:
    faces = cards(case["hand"])
    arrangement = CARD_SOLVER.arrange(faces, CARD_JOKERS, Objective.DEADWOOD)
    assert sorted(arrangement.ungrouped) == sorted(cards(case["ungrouped"]))
    used = Counter(f for m in arrangement.melds for f in m.faces) + Counter(arrangement.ungrouped)
    assert used == Counter(faces)  # no card used twice, none lost
    if "melds" in case:
        assert sorted(sorted(m.faces) for m in arrangement.melds) == sorted(
            sorted(cards(m)) for m in case["melds"]
        )


@pytest.mark.parametrize("case", CASES["card_meld"], ids=ids(CASES["card_meld"]))
def test_card_meld(case: dict[str, Any]) -> None:
    faces = cards(case["hand"])
    assert CARD_SOLVER.meldable(faces, CARD_JOKERS) is case["meld"]
    if case["meld"]:
        assert validate_meld(faces, KALOOKI.meld_rules(), CARD_JOKERS).kind.value == case["kind"]


@pytest.mark.parametrize("case", CASES["kalooki_value"], ids=ids(CASES["kalooki_value"]))
def test_kalooki_value(case: dict[str, Any]) -> None:
    assert CARD_SOLVER.max_meld_value(cards(case["hand"]), CARD_JOKERS).score == case["value"]
