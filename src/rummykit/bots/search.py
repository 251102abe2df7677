"""The search bot: determinised rollouts from its own seat's observation.

For each decision with a real choice it prunes the legal actions to a few candidates with the
greedy bot's knowledge (its own choice first), then, for each of ``iterations`` determinisations
(:meth:`Game.determinise` of the observation: the pieces the seat can't see dealt at random),
applies every candidate to a copy and lets greedy bots play every seat to the end of the round.
A rollout's value is the seat's round score change less the mean change of all seats. Every
candidate meets the same determinisations (common random numbers), so each other candidate is
compared with greedy's choice by its paired differences: it is played only if their mean less
``margin`` standard errors is positive (the largest such bound wins). Rollout values are noisy
and most candidates tie; without the margin the search would play whichever alternative the
noise favoured.

Candidates (closed-hand games, Okey and Turkish Rummy): a finish or a show is played at once, as
greedy plays it; drawing and taking are both tried when both are legal; a discard is chosen among
the ``width`` discards that leave the fewest pieces out of the best arrangement (greedy's order:
fewest left out, then not a wild, then the highest face) and greedy's own discard.

The budget is ``iterations`` determinisations per decision (reproducible from the seed), or, when
``seconds`` is set, as many as fit in that many seconds (at least one; then the choice depends on
the machine's speed).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from rummykit.bots.greedy import GreedyBot, _wilds, _without
from rummykit.engine.closed_hand import ClosedHandGame, ClosedHandState
from rummykit.engine.hand_actions import HandAction, Verb
from rummykit.errors import RummykitError

ITERATIONS = 6
"""Determinisations per decision by default."""

WIDTH = 3
"""Discards searched by default, besides greedy's own."""

SPREAD = 0
"""How many more pieces out of the best arrangement than greedy's discard leaves another searched
discard may leave (0: only discards as good as greedy's by its own measure)."""

MARGIN = 1.0
"""Standard errors by which another candidate must beat greedy's choice to be played."""


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


class SearchBot:
    """Determinised greedy-rollout search for Okey and Turkish Rummy (module docstring).

    ``iterations`` and ``width`` at least 1; ``seconds`` (a time budget per decision, replacing
    ``iterations``) positive or ``None``. Raises ``ValueError`` otherwise."""

    name = "search"
    variants = ("okey", "turkish_rummy")

    def __init__(
        self,
        game: ClosedHandGame[Any],
        seed: int = 0,
        iterations: int = ITERATIONS,
        width: int = WIDTH,
        seconds: float | None = None,
        margin: float = MARGIN,
        spread: int | None = None,
    ) -> None:
        if iterations < 1 or width < 1 or (seconds is not None and seconds <= 0):
            raise ValueError("a search needs at least one iteration, one candidate and a positive time")
        self.game = game
        self.rng = random.Random(f"search-bot/{seed}")
        self.iterations = iterations
        self.width = width
        self.seconds = seconds
        self.margin = margin
        self.spread = SPREAD if spread is None else spread
        self.greedy = GreedyBot(game)

    def candidates(self, observation: dict[str, Any], legal: list[HandAction]) -> list[HandAction]:
        """The actions worth searching, greedy's choice first (only it when the choice is clear)."""
        choice = self.greedy.choose(observation, legal)
        if choice.verb in (Verb.FINISH, Verb.SHOW):
            return [choice]
        if choice.verb in (Verb.DRAW, Verb.TAKE, Verb.PASS):
            return [choice, *(a for a in legal if a.verb in (Verb.DRAW, Verb.TAKE) and a != choice)]
        discards = [a for a in legal if a.verb is Verb.DISCARD and a.face is not None]
        rack: list[int] = observation["hand"]
        wilds = _wilds(observation)
        faces = sorted({a.face for a in discards if a.face is not None}, key=lambda f: (wilds.is_wild(f), -f))
        left = {f: self.greedy.left_out(_without(rack, f), wilds) for f in faces}
        assert choice.face is not None
        limit = left[choice.face] + self.spread
        ranked = sorted((f for f in faces if f != choice.face and left[f] <= limit), key=left.__getitem__)
        chosen = [choice.face, *ranked][: self.width + 1]
        return [next(a for a in discards if a.face == f) for f in chosen]

    def choose(self, observation: dict[str, Any], legal: list[HandAction]) -> HandAction:
        """The candidate with the best mean rollout value (one of ``legal``)."""
        candidates = self.candidates(observation, legal)
        if len(candidates) == 1:
            return candidates[0]
        seat: int = observation["seat"]
        values: list[list[float]] = [[] for _ in candidates]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        while True:
            world = self.game.determinise(observation, self.rng)
            for i, action in enumerate(candidates):
                values[i].append(self.rollout(world.clone(), seat, action, observation["scores"]))
            done = len(values[0])
            if deadline is None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        best, best_bound = 0, 0.0
        for i in range(1, len(candidates)):
            bound = lower_bound([v - g for v, g in zip(values[i], values[0], strict=True)], self.margin)
            if bound > best_bound:
                best, best_bound = i, bound
        return candidates[best]

    def rollout(self, state: ClosedHandState, seat: int, action: HandAction, before: list[int]) -> float:
        """Apply ``action`` for ``seat``, let greedy play every seat to the round's end, and return
        ``seat``'s score change less the mean change."""
        game = self.game
        game.apply(state, seat, action)
        round_no = state.round_no
        greedy = self.greedy
        while (mover := game.current_seat(state)) is not None and state.round_no == round_no:
            game.apply(
                state, mover, greedy.choose(game.observe(state, mover), game.legal_actions(state, mover))
            )
        change = [after - b for after, b in zip(state.scores, before, strict=True)]
        return float(change[seat] - sum(change) / len(change))


def lower_bound(differences: list[float], margin: float) -> float:
    """The mean of paired ``differences`` less ``margin`` standard errors (the mean itself for a
    single difference)."""
    n = len(differences)
    mean = sum(differences) / n
    if n < 2:
        return mean
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return mean - margin * math.sqrt(variance / n)
