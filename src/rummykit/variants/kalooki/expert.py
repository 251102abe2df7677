"""Kalooki's expert bot: the table search (:class:`~rummykit.variants.kalooki.bots.KalookiSearchBot`)
with a learned leaf value (:mod:`rummykit.variants.kalooki.value`), capped at :data:`SECONDS` of
CPU time a decision.

It lists the search's candidates and plays them out on worlds from ``game.determinise`` as the
search does (its own seat the policy, the others greedy), but a rollout cut short is valued by the
net: each active seat's probability of winning the round from there, normalised over the seats,
is the seat's share of :data:`~rummykit.bots.table_search.WIN_VALUE`, and each seat's expected
penalty is its deadwood times its chance of losing. So a hand held back to open and go out at once
is valued by how often such hands win, not by the points it still holds.

The budget is ``iterations`` determinisations, stopped earlier by ``seconds`` of the deciding
thread's CPU time from the decision's start; the time is checked before every rollout step, and a
determinisation it interrupts is dropped for every candidate
(:attr:`~rummykit.bots.table_search.TableSearchBot.capped`), so a decision ends within its time
but for one step longer than all before it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from rummykit.bots.table_search import MARGIN, WIDTH
from rummykit.variants.kalooki.bots import KalookiPlan, KalookiSearchBot
from rummykit.variants.kalooki.state import KalookiState
from rummykit.variants.kalooki.value import position_features, value_net

ITERATIONS = 64
"""Determinisations per decision by default (the time cap usually stops it first)."""

SECONDS = 0.1
"""The default cap, in seconds of the deciding thread's CPU time per decision."""


class KalookiExpertBot(KalookiSearchBot):
    """The Kalooki search with the learned leaf value, capped in time (module docstring); built as
    :class:`~rummykit.bots.table_search.TableSearchBot` (``seconds=None``: no cap). Raises
    :class:`~rummykit.errors.RummykitError` when the shipped net can't be read."""

    name = "expert"
    capped = True

    def __init__(
        self,
        game: Any,
        seed: int = 0,
        iterations: int = ITERATIONS,
        width: int = WIDTH,
        seconds: float | None = SECONDS,
        margin: float = MARGIN,
        horizon: int | None = None,
        clock: Callable[[], float] = time.thread_time,
    ) -> None:
        super().__init__(game, seed, iterations, width, seconds, margin, horizon, clock)
        self.net = value_net(game.players)
        assert isinstance(self.plan, KalookiPlan)
        self.greedy = self.plan.greedy
        """The rollouts' greedy bot, whose solver answers (kept) the features read too."""

    def cut_short(self, state: KalookiState, seat: int) -> tuple[float, list[float]]:
        """``seat``'s share of the win by the net (normalised over the active seats) and each
        seat's deadwood times its chance of not winning."""
        rows = position_features(state, self.greedy)
        seats = list(rows)
        chances = self.net(np.array([rows[s] for s in seats]))
        shares = dict(zip(seats, chances / chances.sum(), strict=True))
        deadwood = self.plan.in_hand(state)
        deltas = [d * (1.0 - float(shares.get(s, 1.0))) for s, d in enumerate(deadwood)]
        return float(shares[seat]), deltas
