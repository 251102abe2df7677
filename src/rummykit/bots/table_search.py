"""The table search bot: determinised greedy rollouts from its own seat's observation, for the games
with a public table (Kalooki, Carousel). What is a game's own comes from its package: a
:class:`Plan` (the candidates, the rollout policies, the value of a round cut short) and the
rollout horizon, in a subclass of :class:`TableSearchBot` in the game's ``bots`` module.

For each decision with a real choice it lists a few candidate moves, first the choice of its own
policy (the game's: greedy's play, changed where greedy gives rounds away),
then, for each of ``iterations`` determinisations (:meth:`Game.determinise` of the observation:
the cards the seat can't see dealt at random), applies every candidate to a copy and plays on with
the rollout policies to the end of the round or for ``horizon`` actions: the other seats play
greedy (Kalooki: the greedy bot; Carousel: greedy's play without the table solver, which is too
slow for rollouts), the searching seat its own policy (Kalooki: the policy itself; Carousel: the
same solver-free play, knocking whenever it may and holding its cards back as the policy
does). Every candidate meets the same
determinisations and, the policies being deterministic, the same cards afterwards (common random
numbers), so each other candidate is compared with the policy's choice by its paired
differences: it is played only if their mean less ``margin`` standard errors is positive (the
largest such bound wins), and only after at least
:data:`MIN_PAIRS` determinisations; rollout values are noisy and most candidates tie, so without
these guards the search would play whichever alternative the noise favoured.

A rollout's value is the seat's share of the round: :data:`WIN_VALUE` if it wins the round, plus
its score change against the mean of the other seats' (points; Kalooki's points are penalties, so
there the other seats' mean less the seat's). A rollout cut short scores the hands as they are
(Kalooki: each hand's deadwood after greedy's arrangement; Carousel: the points in hand), the
seat winning if its hand is strictly the best.

The candidates are the plan's (:mod:`rummykit.variants.kalooki.bots`,
:mod:`rummykit.variants.carousel.bots`).

The budget is ``iterations`` determinisations per decision (reproducible from the seed), or, when
``seconds`` is set, as many as fit in that many seconds of CPU time from the call, listing the
candidates included (at least one; then the choice depends on the machine's speed;
:mod:`rummykit.bots.budget`). A subclass that sets :attr:`TableSearchBot.capped` stops at whichever
of the two comes first and also checks a :class:`~rummykit.bots.budget.Deadline` before every
rollout step, dropping the determinisation it interrupts for every candidate, so that a decision
ends within its time (Kalooki's expert). A subclass may also value a rollout cut short its own way
(:meth:`TableSearchBot.cut_short`, a learned leaf value). The bot reads only its
observation and the legal actions: every world it searches comes from :meth:`Game.determinise`.
"""

from __future__ import annotations

import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Protocol

from rummykit.bots.budget import Deadline, spent
from rummykit.engine.game import Game

ITERATIONS = 8
"""Determinisations per decision by default."""

WIDTH = 2
"""Kalooki discards searched besides the policy's own."""

MARGIN = 2.0
"""Standard errors by which another candidate must beat the policy's choice to be played."""

MIN_PAIRS = 4
"""Determinisations below which the policy's choice is played (too few to judge another)."""

WIN_VALUE = 50.0
"""What winning the round adds to a rollout's value, in points."""


class TableSearchBot(ABC):
    """Determinised greedy-rollout search (module docstring); a game's subclass gives its
    :meth:`make_plan` and :attr:`default_horizon`.

    ``iterations``, ``width`` (candidates besides the policy's, where the plan asks for more) and
    ``horizon`` (actions per rollout at most; ``None``: the game's :attr:`default_horizon`) at
    least 1; ``seconds`` (a time budget per decision, replacing ``iterations``) positive or
    ``None``; ``margin`` (standard errors) at least 0. Raises ``ValueError`` otherwise."""

    name = "search"
    default_horizon: int
    """Actions after which a rollout stops short of the round's end by default."""
    capped = False
    """Whether ``seconds`` caps ``iterations`` (whichever comes first), checked within the
    rollouts too (module docstring); else ``seconds`` replaces ``iterations``."""

    def __init__(
        self,
        game: Game[Any, Any],
        seed: int = 0,
        iterations: int = ITERATIONS,
        width: int = WIDTH,
        seconds: float | None = None,
        margin: float = MARGIN,
        horizon: int | None = None,
        clock: Callable[[], float] = time.thread_time,
    ) -> None:
        if (
            min(iterations, width, 1 if horizon is None else horizon) < 1
            or (seconds is not None and seconds <= 0)
            or margin < 0
        ):
            raise ValueError(
                "a search needs at least one iteration, one candidate and one action per rollout, a "
                "positive time and a margin of at least 0"
            )
        self.plan = self.make_plan(game, width)
        self.game = game
        self.rng = random.Random(f"table-search-bot/{seed}")
        self.iterations = iterations
        self.seconds = seconds
        self.margin = margin
        self.horizon = horizon or self.default_horizon
        self.clock = clock
        """The clock of the time budget (the deciding thread's CPU time)."""

    @abstractmethod
    def make_plan(self, game: Game[Any, Any], width: int) -> Plan:
        """The game's plan for ``game``, with ``width`` more candidates where it asks for them."""

    def candidates(self, observation: dict[str, Any], legal: list[Any]) -> list[Any]:
        """The moves worth searching, the policy's choice first (only it when the choice is
        clear), each once."""
        return list(dict.fromkeys(self.plan.candidates(observation, legal)))

    def choose(self, observation: dict[str, Any], legal: list[Any]) -> Any:
        """The candidate whose paired rollout values beat the policy's choice by the widest margin
        (the policy's choice when none does clearly)."""
        deadline = Deadline(self.seconds if self.capped else None, self.clock)
        since = deadline.start if self.capped else None
        over = spent(self.iterations, self.seconds, self.capped, since, self.clock)
        candidates = self.candidates(observation, legal)
        if len(candidates) == 1:
            return candidates[0]
        seat: int = observation["seat"]
        values: list[list[float]] = [[] for _ in candidates]
        while not deadline.passed():
            world = self.game.determinise(observation, self.rng)
            row = []
            for action in candidates:
                value = self.rollout(world.clone(), seat, action, deadline)
                if value is None:
                    break
                row.append(value)
            if len(row) < len(candidates):
                break
            for i, value in enumerate(row):
                values[i].append(value)
            if over(len(values[0])):
                break
        best, best_bound = 0, 0.0
        if len(values[0]) < MIN_PAIRS:
            return candidates[0]
        for i in range(1, len(candidates)):
            bound = lower_bound([v - g for v, g in zip(values[i], values[0], strict=True)], self.margin)
            if bound > best_bound:
                best, best_bound = i, bound
        return candidates[best]

    def rollout(self, state: Any, seat: int, action: Any, deadline: Deadline | None = None) -> float | None:
        """Apply ``action`` for ``seat``, let the rollout policy play every seat to the round's
        end (or :attr:`horizon` actions), and return the rollout's value (module docstring);
        ``None`` when ``deadline`` passes before a step."""
        game, plan = self.game, self.plan
        played = len(state.results)
        game.apply(state, seat, action)
        for _ in range(self.horizon):
            mover = game.current_seat(state)
            if mover is None or len(state.results) > played:
                break
            if deadline is not None and deadline.passed():
                return None
            game.apply(state, mover, plan.step(state, mover, mover == seat))
        if len(state.results) > played:
            result = state.results[played]
            deltas: list[float] = list(result.deltas)
            won = float(result.winner == seat)
        else:
            won, deltas = self.cut_short(state, seat)
        others = [d for s, d in enumerate(deltas) if s != seat]
        return float(WIN_VALUE * won + plan.points_sign * (deltas[seat] - sum(others) / len(others)))

    def cut_short(self, state: Any, seat: int) -> tuple[float, list[float]]:
        """A rollout cut short: ``seat``'s share of the round's win (here 1 if its hand is strictly
        the best by :meth:`Plan.in_hand`, else 0) and each seat's score change (the plan's)."""
        plan = self.plan
        deltas: list[float] = list(plan.in_hand(state))
        won = all(
            deltas[seat] * plan.points_sign > d * plan.points_sign for s, d in enumerate(deltas) if s != seat
        )
        return float(won), deltas


class Plan(Protocol):
    """What the search needs of a game: its candidates, the rollout policy's move and each seat's
    score change for a round cut short."""

    points_sign: int
    """+1 where points are gains, -1 where they are penalties."""

    def candidates(self, observation: dict[str, Any], legal: list[Any]) -> list[Any]:
        """The moves worth searching, the policy's choice first."""
        ...

    def step(self, state: Any, seat: int, own: bool) -> Any:
        """The rollout's move for ``seat`` (``own``: the searching seat's policy)."""
        ...

    def in_hand(self, state: Any) -> list[int]:
        """Each seat's score change for a round cut short now (points, by :attr:`points_sign`)."""
        ...


def lower_bound(differences: list[float], margin: float) -> float:
    """The mean of paired ``differences`` less ``margin`` standard errors (the mean itself for a
    single difference)."""
    n = len(differences)
    mean = sum(differences) / n
    if n < 2:
        return mean
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return mean - margin * math.sqrt(variance / n)
