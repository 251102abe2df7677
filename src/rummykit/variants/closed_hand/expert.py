"""The expert bot of the closed-hand games (Okey, Turkish Rummy): the search bot
(:mod:`rummykit.variants.closed_hand.search`) with the learned evaluation
(:mod:`rummykit.variants.closed_hand.value`) in place of the expected pieces left out.

It plays as the search bot does (show, go out, draw or take by the search's own count) and chooses
its discard among the same candidates, those that leave the fewest pieces out; but it values each
hand by the net's probability of winning the round from there, which weighs the draw's chance of
going out, the pieces left out, the wilds held and the draws left in the stock as the self-play
rounds did. The ``width`` best candidates are compared two draws deep on sampled next draws, as
the search does: the hand with that draw goes out (a win, value 1) or is valued by its best
discard, one turn later (the stock less a draw per seat).

The budget is a number of sampled draws (reproducible from the seed), capped by
:data:`SECONDS` of the deciding thread's CPU time: the cap keeps a decision within a tenth of a
second on a slow or loaded machine, where the play then depends on the machine's speed. Every
decision ends within it: the time is checked before each hand valued, and a sampled draw it
interrupts is dropped for every candidate (the search's module docstring).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from rummykit.core.melds import Wilds
from rummykit.variants.closed_hand.actions import HandAction
from rummykit.variants.closed_hand.game import ClosedHandGame
from rummykit.variants.closed_hand.search import WIDTH, SearchBot
from rummykit.variants.closed_hand.value import hand_features, value_net

ITERATIONS = 32
"""Sampled next draws per decision by default."""

SECONDS = 0.1
"""The default cap, in seconds of the deciding thread's CPU time per decision."""


class ExpertBot(SearchBot):
    """The search bot valuing hands by the learned net (module docstring). ``iterations`` (at
    least 1) sampled draws a decision, stopped earlier by ``seconds`` of CPU time (positive, or
    ``None``: no cap); ``width`` at least 1. Raises ``ValueError`` otherwise, and
    :class:`~rummykit.errors.RummykitError` for a game without a shipped net."""

    name = "expert"
    finish_value = -1.0
    capped = True

    def __init__(
        self,
        game: ClosedHandGame[Any],
        seed: int = 0,
        iterations: int = ITERATIONS,
        width: int = WIDTH,
        seconds: float | None = SECONDS,
        clock: Callable[[], float] = time.thread_time,
    ) -> None:
        super().__init__(game, seed, iterations, width, seconds, clock)
        self.net = value_net(game.variant, game.players)
        self._stock = 0
        """The stock's size (pieces) at the hands being valued: the observation's, less a draw
        per seat in the lookahead."""

    def choose(self, observation: dict[str, Any], legal: list[HandAction]) -> HandAction:
        """The search's choice with hands valued by the net (one of ``legal``)."""
        self._stock = observation["stock_count"]
        return super().choose(observation, legal)

    def value(self, hand: Sequence[int], wilds: Wilds, unseen: Sequence[int]) -> float:
        """Minus the net's probability that a 14-piece ``hand`` wins the round (lower is better)."""
        row = hand_features(
            hand, wilds, unseen, self._stock, self.game.players, self.left_out, self.solver, self.pairs
        )
        return -float(self.net(np.array([row]))[0])

    def lookahead(self, rack: list[int], wilds: Wilds, unseen: list[int], candidates: list[int]) -> int:
        """The search's lookahead, its hands valued a turn later (the stock less a draw a seat)."""
        self._stock -= self.game.players
        try:
            return super().lookahead(rack, wilds, unseen, candidates)
        finally:
            self._stock += self.game.players
