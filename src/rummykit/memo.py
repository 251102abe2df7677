"""Bounded memos: the answers a solver, an engine or a bot keeps for questions it meets again.

A memo is a plain ``dict`` (looked up with its own ``get``, which CPython runs fastest on an exact
dict: on a subclass it costs some 60% more, which hot paths notice) filled through :func:`keep`,
which forgets every answer at once when the memo is full. Forgetting all is cheaper per answer
than evicting the oldest, and the questions of one game or one search cluster in time, so a memo
refills with what is asked now. Memos only hold answers that can be made again, so forgetting
changes no answer.
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def keep(memo: dict[K, V], key: K, value: V, limit: int) -> V:
    """Store ``value`` in ``memo`` under ``key``, after forgetting every answer when ``memo``
    already holds ``limit`` (≥ 1) or more; returns ``value``."""
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value
    return value
