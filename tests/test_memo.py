"""The bounded memo: never more than its limit, the newest answer always kept, nothing made up."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit.memo import BoundedMemo


@given(st.integers(1, 8), st.lists(st.tuples(st.integers(0, 12), st.integers())))
def test_memo_holds_at_most_its_limit_and_only_what_was_kept(limit: int, puts: list[tuple[int, int]]) -> None:
    memo: BoundedMemo[int, int] = BoundedMemo(limit)
    latest: dict[int, int] = {}
    for key, value in puts:
        assert memo.keep(key, value) == value
        latest[key] = value
        assert len(memo) <= limit
        assert memo[key] == value
        assert all(latest[k] == v for k, v in memo.items())


def test_memo_forgets_everything_when_full() -> None:
    memo: BoundedMemo[str, int] = BoundedMemo(2)
    memo.keep("a", 1)
    memo.keep("b", 2)
    memo.keep("c", 3)
    assert memo == {"c": 3}


def test_memo_needs_room_for_one_answer() -> None:
    with pytest.raises(ValueError, match="at least one"):
        BoundedMemo(0)
