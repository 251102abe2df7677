"""Bounded memos: never more than the limit, the newest answer always kept, nothing made up."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rummykit.memo import keep


@given(st.integers(1, 8), st.lists(st.tuples(st.integers(0, 12), st.integers())))
def test_memo_holds_at_most_its_limit_and_only_what_was_kept(limit: int, puts: list[tuple[int, int]]) -> None:
    memo: dict[int, int] = {}
    latest: dict[int, int] = {}
    for key, value in puts:
        assert keep(memo, key, value, limit) == value
        latest[key] = value
        assert len(memo) <= limit
        assert memo[key] == value
        assert all(latest[k] == v for k, v in memo.items())


def test_memo_forgets_everything_when_full() -> None:
    memo: dict[str, int] = {}
    keep(memo, "a", 1, 2)
    keep(memo, "b", 2, 2)
    keep(memo, "c", 3, 2)
    assert memo == {"c": 3}
