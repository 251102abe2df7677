"""Bounded memos: the answers a solver, an engine or a bot keeps for questions it meets again.

A :class:`BoundedMemo` is a ``dict`` (lookups are the dict's own ``get`` and ``in``, as fast as a
plain dict on hot paths) that forgets every answer at once when it is full and one more is kept.
Forgetting all is cheaper per answer than evicting the oldest, and the questions of one game or
one search cluster in time, so a memo refills with what is asked now. Memos only ever hold
answers that can be made again, so forgetting changes no answer.
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class BoundedMemo(dict[K, V]):
    """A dict of at most ``limit`` answers (``limit`` ≥ 1), filled through :meth:`keep`."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"a memo holds at least one answer, not {limit}")
        super().__init__()
        self.limit = limit

    def keep(self, key: K, value: V) -> V:
        """Store ``value`` under ``key`` (after forgetting every answer, when ``limit`` are held)
        and return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value
