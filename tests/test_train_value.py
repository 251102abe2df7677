"""The closed-hand value net's training script (scripts/train_value.py): its self-play rows, from
greedy bots at every seat or from the expert's seat alone (``--policy expert``), reproducible
from the seed."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from helpers import load_script
from rummykit.variants.closed_hand.value import FEATURES

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "train_value.py"


def training_script() -> ModuleType:
    """The training script as a module."""
    return load_script(SCRIPT, "train_value")


def _won_per_deal(data: Any) -> dict[int, set[float]]:
    """The labels of each deal's rows."""
    labels: dict[int, set[float]] = {}
    for deal, won in zip(data.deal.tolist(), data.won.tolist(), strict=True):
        labels.setdefault(deal, set()).add(won)
    return labels


def test_expert_policy_keeps_the_expert_seat_only_and_is_reproducible() -> None:
    script = training_script()
    data = script.collect("okey", 4, 3, 7_000, 0.0, policy="expert", iterations=1)
    assert data.rows.shape == (len(data.won), len(FEATURES))
    labels = _won_per_deal(data)
    assert sorted(labels) == [0, 1, 2]
    # one seat's rows in each deal, so one label a deal
    assert all(len(won) == 1 for won in labels.values())
    again = script.collect("okey", 4, 3, 7_000, 0.0, policy="expert", iterations=1)
    assert np.array_equal(data.rows, again.rows) and np.array_equal(data.won, again.won)


def test_greedy_policy_keeps_every_seat() -> None:
    script = training_script()
    data = script.collect("okey", 4, 3, 7_000, 0.25)
    greedy_rows = data.rows.shape[0]
    expert = script.collect("okey", 4, 3, 7_000, 0.0, policy="expert", iterations=1)
    assert greedy_rows > 2 * expert.rows.shape[0]
    # a won round has rows of its winner and of seats that lost
    assert any(won == {0.0, 1.0} for won in _won_per_deal(data).values())


def test_an_unknown_policy_is_refused() -> None:
    with pytest.raises(ValueError, match="policy"):
        training_script().collect("okey", 4, 1, 7_000, 0.0, policy="random")
