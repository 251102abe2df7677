"""Bounded memos: the answers a solver, an engine or a bot keeps for questions it meets again.

A memo is a plain ``dict`` (looked up with its own ``get``, which CPython runs fastest on an exact
dict: on a subclass it costs some 60% more, which hot paths notice) filled through :func:`keep`,
which forgets every answer at once when the memo is full. Forgetting all is cheaper per answer
than evicting the oldest, and the questions of one game or one search cluster in time, so a memo
refills with what is asked now. Memos only hold answers that can be made again, so forgetting
changes no answer.

Every bound is written for a program that solves hands for a while and ends (a simulation, a
solver run); a process that runs for days at a steady load (the game server and its bot workers)
may scale all of them down at once with :func:`set_scale`, trading the speed of its solvers'
answers for memory that stops rising sooner (``docs/deploy.md``, "Memory").
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class _Bounds:
    """This process's setting."""

    scale = 1.0
    """What every memo bound is multiplied by (:func:`set_scale`)."""


def set_scale(scale: float) -> None:
    """Multiply every memo bound of this process by ``scale`` (0 < ``scale`` ≤ 1; 1: the bounds as
    written) from now on: each memo is emptied the next time it is found past its new bound.
    Raises :class:`ValueError` for a scale outside that range (NaN included)."""
    if not 0.0 < scale <= 1.0:
        raise ValueError(f"a memo scale is above 0 and at most 1, not {scale}")
    _Bounds.scale = scale


def scale() -> float:
    """The scale of this process's memo bounds (:func:`set_scale`; 1 unless set)."""
    return _Bounds.scale


def bound(limit: int) -> int:
    """The number of answers a memo written to hold ``limit`` (≥ 1) holds in this process: ``limit``
    times :func:`scale`, at least 1."""
    return max(1, int(limit * _Bounds.scale))


def keep(memo: dict[K, V], key: K, value: V, limit: int) -> V:
    """Store ``value`` in ``memo`` under ``key``, after forgetting every answer when ``memo``
    already holds :func:`bound` of ``limit`` (≥ 1) or more; returns ``value``."""
    if len(memo) >= bound(limit):
        memo.clear()
    memo[key] = value
    return value
