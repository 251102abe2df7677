"""The JSON codec and the generic state copy (engine/codec.py, engine/state.py)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import StrEnum

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit.core.melds import Meld, MeldKind
from rummykit.engine.codec import CodecError, from_jsonable, to_jsonable
from rummykit.engine.game import RoundResult
from rummykit.engine.state import State


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


@dataclass
class Inner(State):
    seed: int
    counts: list[int] = field(default_factory=list)


@dataclass
class Sample(State):
    seed: int
    round_no: int
    phase: Colour
    racks: list[list[int]]
    seen: set[int]
    held: dict[int, list[int]]
    aside: int | None
    inner: Inner
    results: list[RoundResult] = field(default_factory=list)
    fixed: tuple[int, ...] = ()


def sample() -> Sample:
    result = RoundResult(
        1,
        2,
        "normal",
        (0, -2, -2, -2),
        ({"code": "finish", "params": {"seat": 2}},),
        ((1, 2), None, (3,), None),
        (7,),
        7,
        (Meld(MeldKind.RUN, (1, 2, 3), (1, 2, 3), (2, 3, 4)),),
    )
    return Sample(7, 1, Colour.RED, [[1, 2], [3]], {5, 4}, {0: [1]}, None, Inner(3, [9]), [result], (1, 2))


def test_json_round_trip_is_exact() -> None:
    state = sample()
    text = json.dumps(state.to_json())
    assert Sample.from_json(json.loads(text)) == state


def test_clone_is_equal_and_independent() -> None:
    state = sample()
    copy = state.clone()
    assert copy == state and copy is not state
    copy.racks[0].append(9)
    copy.seen.add(1)
    copy.held[0].append(2)
    copy.inner.counts.append(1)
    copy.results.append(copy.results[0])
    assert state == sample()


@pytest.mark.parametrize(
    ("patch", "where"),
    [
        ({"racks": [[1, "x"]]}, "$.racks[0][1]"),
        ({"phase": "green"}, "$.phase"),
        ({"aside": True}, "$.aside"),
        ({"extra": 1}, "unknown field 'extra'"),
        ({"inner": {"seed": 1, "counts": "no"}}, "$.inner.counts"),
    ],
)
def test_bad_json_names_where(patch: dict[str, object], where: str) -> None:
    data = sample().to_json()
    data.update(patch)
    with pytest.raises(CodecError, match=where.replace("$", r"\$").replace("[", r"\[")):
        Sample.from_json(data)


def test_missing_field_is_refused() -> None:
    data = sample().to_json()
    del data["racks"]
    with pytest.raises(CodecError, match="missing field 'racks'"):
        Sample.from_json(data)


@given(st.lists(st.lists(st.integers(0, 105), max_size=15), max_size=5), st.sets(st.integers(0, 105)))
def test_round_trip_property(racks: list[list[int]], seen: set[int]) -> None:
    state = sample()
    state.racks, state.seen = racks, seen
    assert Sample.from_json(json.loads(json.dumps(state.to_json()))) == state
    assert from_jsonable(list[list[int]], to_jsonable(racks)) == racks
