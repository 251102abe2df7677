"""Rules objects: presets equal the specs' defaults; overrides; bad options are refused clearly."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from rummykit.core.melds import PairRule
from rummykit.engine.options import (
    MULTIPLIER_LIMIT,
    OPTION_LIMIT,
    parse_overrides,
    rules_dict,
    rules_from_mapping,
)
from rummykit.errors import RulesError
from rummykit.variants.registry import VARIANTS, variant

SPEC_DIR = Path(__file__).resolve().parents[2] / "shared" / "rules"


@pytest.mark.parametrize("name", list(VARIANTS))
def test_shipped_preset_is_the_spec_defaults(name: str) -> None:
    info = variant(name)
    assert info.load_rules() == info.rules_type()


@pytest.mark.parametrize(
    ("name", "spec"),
    [
        ("okey", "okey.md"),
        ("turkish_rummy", "turkish-rummy.md"),
        ("kalooki", "kalooki.md"),
        ("carousel", "carousel.md"),
        ("okey_101", "okey-101.md"),
    ],
)
def test_fields_are_exactly_the_spec_options(name: str, spec: str) -> None:
    path = SPEC_DIR / spec
    if not path.exists():
        pytest.skip("the rules specs are not beside this checkout")
    table = path.read_text("utf-8").split("## Options summary", 1)[1]
    options = {
        line.split("|")[1].strip()
        for line in table.splitlines()
        if line.startswith("| ") and "---" not in line
    }
    options.discard("option")
    fields = set(rules_dict(variant(name).rules_type()))
    extra = fields - options
    assert options <= fields
    assert extra <= {"on_stock_empty"}  # okey.md names it in its text, not its table


def test_overrides_are_typed() -> None:
    rules = variant("okey").load_rules(
        options=["pair_rule=same_number", "players=3", "rounds=5", "allow_13_1=no"]
    )
    assert rules.pair_rule is PairRule.SAME_NUMBER and rules.players == 3 and rules.rounds == 5
    assert rules.allow_13_1 is False
    assert variant("okey").load_rules(options=["rounds=none"]).rounds is None


@pytest.mark.parametrize(
    ("override", "needle"),
    [
        ("colour=red", "unknown option 'colour'"),
        ("players=many", "players"),
        ("players=9", "players"),
        ("pair_rule=odd", "identical, same_number"),
        ("allow_13_1=maybe", "allow_13_1"),
        ("rounds=0", "rounds"),
        ("players", "name=value"),
    ],
)
def test_bad_options_are_refused(override: str, needle: str) -> None:
    with pytest.raises(RulesError, match=needle):
        variant("okey").load_rules(options=[override])


def test_preset_file(tmp_path: Path) -> None:
    preset = tmp_path / "house.toml"
    preset.write_text("[okey]\npoints_normal = 3\ncolour_double = true\n", "utf-8")
    rules = variant("okey").load_rules(preset)
    assert rules.points_normal == 3 and rules.colour_double is True and rules.players == 4
    preset.write_text("[okey]\npoints_normal = 'three'\n", "utf-8")
    with pytest.raises(RulesError, match="points_normal"):
        variant("okey").load_rules(preset)
    preset.write_text("[okey\n", "utf-8")
    with pytest.raises(RulesError):
        variant("okey").load_rules(preset)
    with pytest.raises(RulesError, match="can't read"):
        variant("okey").load_rules(tmp_path / "missing.toml")
    preset.write_text("[kalooki]\nopen_min = 40\n", "utf-8")
    with pytest.raises(RulesError, match=r"no \[okey\] table \(it has \[kalooki\]\)"):
        variant("okey").load_rules(preset)
    preset.write_text("points_normal = 3\n", "utf-8")
    assert variant("okey").load_rules(preset).points_normal == 3


def test_parse_overrides() -> None:
    assert parse_overrides(["a=1", " b = x "]) == {"a": "1", "b": "x"}


def test_kalooki_rounds_mode_needs_a_number_of_rounds() -> None:
    with pytest.raises(RulesError, match="rounds=N"):
        variant("kalooki").load_rules(options=["match=rounds"])
    assert variant("kalooki").load_rules(options=["match=rounds", "rounds=3"]).rounds == 3


def test_kalooki_rounds_outside_the_rounds_match_is_refused_not_ignored() -> None:
    # {"rounds": 1} was taken silently while the elimination match played on past one round
    for match in ("elimination", "single_round"):
        with pytest.raises(RulesError) as caught:
            variant("kalooki").load_rules(options=[f"match={match}", "rounds=1"])
        assert caught.value.code == "rules.rounds_without_match" and match in str(caught.value)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_number_option_is_bounded(name: str) -> None:
    """No game takes a number option past :data:`OPTION_LIMIT` (a match of 10**12 rounds, points
    past what JSON's numbers hold exactly), nor nan or an infinity; a value at the limit's edge is
    refused or taken by the game's own range, never by accident."""
    package = variant(name)
    defaults = package.load_rules()
    numbers = [
        f.name
        for f in dataclasses.fields(defaults)
        if type(getattr(defaults, f.name)) in (int, float) or f.type in ("int | None", "float | None")
    ]
    assert numbers
    for option in numbers:
        for value in (str(10**12), str(-(10**12)), str(OPTION_LIMIT + 1), "nan", "inf"):
            with pytest.raises(RulesError, match=option):
                package.load_rules(options=[f"{option}={value}"])


@pytest.mark.parametrize(
    ("name", "option"),
    [
        ("okey", "okey_finish_multiplier"),
        ("okey", "pairs_multiplier"),
        ("okey_101", "okey_finish_multiplier"),
        ("okey_101", "pairs_penalty_multiplier"),
        ("okey_101", "pairs_finish_multiplier"),
        ("okey_101", "hand_finish_multiplier"),
    ],
)
def test_multipliers_stop_at_their_limit(name: str, option: str) -> None:
    rules = variant(name).load_rules(options=[f"{option}={MULTIPLIER_LIMIT}"])
    assert getattr(rules, option) == MULTIPLIER_LIMIT
    with pytest.raises(RulesError, match=f"{option}: {MULTIPLIER_LIMIT + 1} is out of range"):
        variant(name).load_rules(options=[f"{option}={MULTIPLIER_LIMIT + 1}"])


@pytest.mark.parametrize(
    ("name", "option", "value", "low", "high"),
    [
        ("okey", "rounds", OPTION_LIMIT + 1, 1, OPTION_LIMIT),
        ("okey", "rounds", -(10**12), 1, OPTION_LIMIT),
        ("okey", "players", 10**30, 2, 4),
        ("okey", "okey_finish_multiplier", 10**12, 1, MULTIPLIER_LIMIT),
    ],
)
def test_a_value_past_the_limit_names_the_options_own_range(
    name: str, option: str, value: int, low: int, high: int
) -> None:
    """A whole number past :data:`OPTION_LIMIT` is refused with the range the option really takes
    (``rounds``: 1..10000), not the limit's -10000..10000, which named values the game refuses."""
    with pytest.raises(RulesError) as caught:
        variant(name).load_rules(options=[f"{option}={value}"])
    assert caught.value.code == "rules.out_of_range"
    assert caught.value.params == {"name": option, "value": value, "low": low, "high": high}


@pytest.mark.parametrize(
    ("option", "value", "shown"),
    [
        ("rounds", True, "true"),
        ("rounds", False, "false"),
        ("players", 2.5, "2.5"),
        ("rounds", "x", "'x'"),
        ("players", None, "null"),
        ("rounds", [3], "[3]"),
        ("rounds", {"n": 3}, '{"n": 3}'),
    ],
)
def test_a_refused_value_is_shown_as_the_rules_write_it(option: str, value: object, shown: str) -> None:
    """A value of the wrong type (from JSON or TOML) is shown in the error as those write it: a bool
    ``true``, not Python's ``True`` (the tester's: ``"rounds": true`` said "True is not a whole number"),
    ``null``, not ``None`` (the next tester's: ``"open_min": null`` said "None is not a whole number")."""
    with pytest.raises(RulesError) as caught:
        rules_from_mapping(variant("okey").rules_type, {option: value})
    assert caught.value.params["value"] == shown
    assert f" {shown} " in str(caught.value)
