"""The closed-hand value net's training script (scripts/train_value.py): its self-play rows, from
greedy bots at every seat or from the expert's seat alone (``--policy expert``), reproducible
from the seed."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from rummykit.variants.closed_hand.value import FEATURES

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "train_value.py"


def load_script() -> ModuleType:
    """The training script as a module (registered, as its dataclass needs)."""
    if "train_value" not in sys.modules:
        spec = importlib.util.spec_from_file_location("train_value", SCRIPT)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["train_value"] = module
        spec.loader.exec_module(module)
    return sys.modules["train_value"]


def _won_per_deal(data: Any) -> dict[int, set[float]]:
    """The labels of each deal's rows."""
    labels: dict[int, set[float]] = {}
    for deal, won in zip(data.deal.tolist(), data.won.tolist(), strict=True):
        labels.setdefault(deal, set()).add(won)
    return labels


def test_expert_policy_keeps_the_expert_seat_only_and_is_reproducible() -> None:
    script = load_script()
    data = script.collect("okey", 4, 3, 7_000, 0.0, policy="expert", iterations=1)
    assert data.rows.shape == (len(data.won), len(FEATURES))
    labels = _won_per_deal(data)
    assert sorted(labels) == [0, 1, 2]
    # one seat's rows in each deal, so one label a deal
    assert all(len(won) == 1 for won in labels.values())
    again = script.collect("okey", 4, 3, 7_000, 0.0, policy="expert", iterations=1)
    assert np.array_equal(data.rows, again.rows) and np.array_equal(data.won, again.won)


def test_greedy_policy_keeps_every_seat() -> None:
    script = load_script()
    data = script.collect("okey", 4, 3, 7_000, 0.25)
    greedy_rows = data.rows.shape[0]
    expert = script.collect("okey", 4, 3, 7_000, 0.0, policy="expert", iterations=1)
    assert greedy_rows > 2 * expert.rows.shape[0]
    # a won round has rows of its winner and of seats that lost
    assert any(won == {0.0, 1.0} for won in _won_per_deal(data).values())


def test_an_unknown_policy_is_refused() -> None:
    with pytest.raises(ValueError, match="policy"):
        load_script().collect("okey", 4, 1, 7_000, 0.0, policy="random")
