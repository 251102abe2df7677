"""Bounded memos: never more than the limit, the newest answer always kept, nothing made up; a
process's scale of every bound, and a server's ``--memo-limit`` in its bot workers."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from rummykit import memo
from rummykit.cli.app import app
from rummykit.memo import keep
from rummykit.server.bots import BotRunner, memo_scale
from rummykit.solvers.arrange import MEMO_LIMIT


@given(st.integers(1, 8), st.lists(st.tuples(st.integers(0, 12), st.integers())))
def test_memo_holds_at_most_its_limit_and_only_what_was_kept(limit: int, puts: list[tuple[int, int]]) -> None:
    held: dict[int, int] = {}
    latest: dict[int, int] = {}
    for key, value in puts:
        assert keep(held, key, value, limit) == value
        latest[key] = value
        assert len(held) <= limit
        assert held[key] == value
        assert all(latest[k] == v for k, v in held.items())


def test_memo_forgets_everything_when_full() -> None:
    held: dict[str, int] = {}
    keep(held, "a", 1, 2)
    keep(held, "b", 2, 2)
    keep(held, "c", 3, 2)
    assert held == {"c": 3}


@pytest.fixture
def restored_scale() -> Iterator[None]:
    """Whatever a test scales, the process's memos are bounded as before afterwards."""
    before = memo.scale()
    yield
    memo.set_scale(before)


def test_a_scale_bounds_every_memo_of_the_process(restored_scale: None) -> None:
    memo.set_scale(0.25)
    assert memo.bound(400_000) == 100_000 and memo.bound(2) == 1
    held: dict[int, int] = {}
    for key in range(9):
        keep(held, key, key, 8)
        assert len(held) <= 2
    assert held == {8: 8}
    memo.set_scale(1.0)
    assert memo.bound(400_000) == 400_000


@pytest.mark.parametrize("scale", [0.0, -0.5, 1.5, math.nan, math.inf])
def test_a_scale_outside_0_to_1_is_refused_and_changes_nothing(restored_scale: None, scale: float) -> None:
    before = memo.scale()
    with pytest.raises(ValueError, match="memo scale"):
        memo.set_scale(scale)
    assert memo.scale() == before


def test_a_server_s_memo_limit_reaches_its_bot_workers(restored_scale: None) -> None:
    # rummykit serve --memo-limit: the limit in states of a solver's search memo, the same scale
    # in the server's process and in each bot worker (a process of its own)
    assert memo_scale(MEMO_LIMIT) == 1.0 and memo_scale(10 * MEMO_LIMIT) == 1.0
    with pytest.raises(ValueError, match="memo limit"):
        memo_scale(0)
    runner = BotRunner(1, MEMO_LIMIT // 50)
    try:
        assert memo.scale() == 0.02
        assert runner.pool.submit(memo.scale).result(timeout=60) == 0.02
    finally:
        runner.close()


def test_serve_refuses_a_memo_limit_below_one_state() -> None:
    done = CliRunner().invoke(app, ["serve", "--memo-limit", "0", "--port", "1"])
    assert done.exit_code == 2 and "--memo-limit" in done.output
