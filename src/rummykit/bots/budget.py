"""A search bot's budget per decision: a number of iterations, or seconds of CPU time.

``search:12`` is twelve iterations (determinisations or sampled draws) a decision, reproducible
from the bot's seed. ``search:0.1s`` is as many as fit in 0.1 s of the deciding thread's CPU time
(``time.thread_time``), counted from the decision's start where the bot passes it (the
closed-hand search and expert bots), else from the search's (the next iteration is begun only when
one as long as the mean so far would end within it): on a machine shared with other work the bot still
thinks for 0.1 s of one core, as a tournament's budget means, though the wall time it takes grows
with the machine's load. The choice then depends on the machine's speed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rummykit.errors import RummykitError


def budget_options(text: str) -> dict[str, Any]:
    """The options of a budget written after ``search:``: ``12`` is ``{"iterations": 12}``,
    ``0.1s`` is ``{"seconds": 0.1}``; raises :class:`RummykitError` for anything else."""
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if 0 < seconds <= 60:
                return {"seconds": seconds}
        elif 1 <= int(text) <= 10_000:
            return {"iterations": int(text)}
    except ValueError:
        pass
    raise RummykitError(
        f"a search budget is a number of determinisations (1 to 10000, search:12) or seconds "
        f"(at most 60, search:0.1s), not {text[:20]!r}"
    )


def spent(
    iterations: int, seconds: float | None, capped: bool = False, since: float | None = None
) -> Callable[[int], bool]:
    """A stopping rule: called with the iterations done so far, it says whether the budget is
    spent: ``iterations`` of them, or, when ``seconds`` is set, whether another iteration as long as
    the mean of those done (since this call) would end past that many seconds of this thread's CPU time since
    ``since`` (a ``time.thread_time()`` reading, such as the decision's start; default: this call),
    whatever the iterations, unless ``capped``: then whichever comes first; so that a decision
    stays within its time, but for an iteration longer than the mean or a first one that ends past
    the budget."""
    if seconds is None:
        return lambda done: done >= iterations
    begun = time.thread_time()
    start = begun if since is None else since

    def over(done: int) -> bool:
        now = time.thread_time()
        mean = (now - begun) / done if done else 0.0
        return (capped and done >= iterations) or now - start + mean >= seconds

    return over
