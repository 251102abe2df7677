"""A search bot's budget per decision: a number of iterations, or seconds of CPU time.

``search:12`` is twelve iterations (determinisations or sampled draws) a decision, reproducible
from the bot's seed. ``search:0.1s`` is as many as fit in 0.1 s of the deciding thread's CPU time
(``time.thread_time``), counted from the decision's start where the bot passes it (the
closed-hand search and expert bots), else from the search's (the next iteration is begun only when
one as long as the mean so far would end within it): on a machine shared with other work the bot still
thinks for 0.1 s of one core, as a tournament's budget means, though the wall time it takes grows
with the machine's load. The choice then depends on the machine's speed.

An iteration may run longer than the mean; a bot that must end every decision within its time (the
closed-hand bots) also checks a :class:`Deadline` between the small steps of an iteration and
drops the iteration it interrupts.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rummykit.errors import RummykitError

MIN_ITERATIONS, MAX_ITERATIONS = 1, 10_000
"""The range of a budget in iterations (``search:12``)."""

MIN_SECONDS, MAX_SECONDS = 0.01, 60.0
"""The range of a budget in seconds of CPU time a decision (``search:0.1s``). An Okey ``search:1``
or ``expert:1`` decision takes 7 to 10 ms of CPU time (the median of 40 decisions, 2026-12-07), so
a budget under 10 ms buys one iteration at most: the bot would not be searching at all."""


def budget_options(text: str) -> dict[str, Any]:
    """The options of a budget written after ``search:``: ``12`` is ``{"iterations": 12}``
    (:data:`MIN_ITERATIONS` to :data:`MAX_ITERATIONS`), ``0.1s`` is ``{"seconds": 0.1}``
    (:data:`MIN_SECONDS` to :data:`MAX_SECONDS`); raises :class:`RummykitError` naming both ranges
    for anything else."""
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if MIN_SECONDS <= seconds <= MAX_SECONDS:
                return {"seconds": seconds}
        elif MIN_ITERATIONS <= int(text) <= MAX_ITERATIONS:
            return {"iterations": int(text)}
    except ValueError:
        pass
    raise RummykitError(
        f"a search budget is a number of determinisations ({MIN_ITERATIONS} to {MAX_ITERATIONS}, search:12) "
        f"or seconds ({MIN_SECONDS:g} to {MAX_SECONDS:g}, search:0.1s), not {text[:20]!r}"
    )


def spent(
    iterations: int,
    seconds: float | None,
    capped: bool = False,
    since: float | None = None,
    clock: Callable[[], float] | None = None,
) -> Callable[[int], bool]:
    """A stopping rule: called with the iterations done so far, it says whether the budget is
    spent: ``iterations`` of them, or, when ``seconds`` is set, whether another iteration as long as
    the mean of those done (since this call) would end past that many seconds of this thread's CPU time since
    ``since`` (a ``time.thread_time()`` reading, such as the decision's start; default: this call),
    whatever the iterations, unless ``capped``: then whichever comes first; so that a decision
    stays within its time, but for an iteration longer than the mean or a first one that ends past
    the budget. ``clock`` reads the time in place of ``time.thread_time`` (and ``since`` is one of
    its readings)."""
    if seconds is None:
        return lambda done: done >= iterations
    read = clock or time.thread_time
    begun = read()
    start = begun if since is None else since

    def over(done: int) -> bool:
        now = read()
        mean = (now - begun) / done if done else 0.0
        return (capped and done >= iterations) or now - start + mean >= seconds

    return over


class Deadline:
    """A decision's time, ``seconds`` of ``clock`` (the deciding thread's CPU time by default) from
    the deadline's making, checked between the small steps of its work (in the closed-hand bots,
    a hand's valuation): :meth:`passed` says whether another step as long as the longest seen so
    far would end past it. Work that stops when it says so ends within its time, whatever the
    length of an iteration, but for a step longer than every one before it. ``seconds=None``: it
    never passes."""

    def __init__(self, seconds: float | None, clock: Callable[[], float] | None = None) -> None:
        self.seconds = seconds
        self.clock = clock or time.thread_time
        self.start = self.clock()
        self._last: float | None = None
        """The reading at the previous check (``None`` before the first)."""
        self._step = 0.0
        """The longest time between two checks so far."""

    def passed(self) -> bool:
        """Whether the next step, as long as the longest so far, would end past the time (false
        without one); each call is a check, the end of a step and the start of the next."""
        if self.seconds is None:
            return False
        now = self.clock()
        if self._last is not None:
            self._step = max(self._step, now - self._last)
        self._last = now
        return now - self.start + self._step >= self.seconds
