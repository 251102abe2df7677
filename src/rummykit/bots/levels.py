"""Levels for people: ``easy``, ``medium``, ``hard`` and ``expert``, names that mean the same
strength in every game whatever bots the games have (``docs/bots.md``, where their strength
against each other is measured).

- ``easy``: :class:`EasyBot`, the game's greedy bot that plays a uniformly random legal action
  instead of its own choice at a rate of :data:`EASY_BLUNDERS` of its decisions (drawn from its
  seed, so the same seed and the same questions give the same answers; where the game's package
  names its ``blunder_moves``, the random move is one of those when one is legal: in Carousel a
  draw, since a turn is built from edits of the draft that greedy's next choice, a whole new
  table, undoes, so a random edit costs nothing, and an easy bot with random edits won as often
  as greedy, 31.7% of 120 three-seat matches against greedy's 34.2%); and never one of the
  package's ``steady_verbs`` when another move is legal: in Kalooki and 101 Okey a random meld
  short of the opening had to be taken back and a random retract took back greedy's melds, so
  that an easy bot laid melds and retracted them turn after turn;
- ``medium``: the game's greedy bot;
- ``hard``: the search bot at its own default budget (a number of determinisations, so its play
  depends on its seed alone, not on the machine or its load) in the games it plays, else greedy
  (so a search bot added for a game, or a stronger default, becomes that game's ``hard`` level
  without a change here);
- ``expert``: the game's own ``expert`` bot where its package names one (Okey and Turkish Rummy:
  the search with the learned evaluation, :mod:`rummykit.variants.closed_hand.expert`; Kalooki:
  the table search with a learned leaf value, :mod:`rummykit.variants.kalooki.expert`; each at
  most 0.1 s of CPU time a decision), else ``hard``.

The registry (:mod:`rummykit.bots.registry`) resolves these names; this module holds what they
mean.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rummykit.engine.game import Game
from rummykit.engine.match import Bot
from rummykit.variants.registry import variant

LEVELS = ("easy", "medium", "hard", "expert")
"""The levels, weakest first."""

EASY_BLUNDERS = 0.3
"""The share of an ``easy`` bot's decisions played at random instead of greedy's choice."""


class EasyBot:
    """The bot ``strong(game, seed)`` builds (the game's greedy bot) that at a rate of
    ``blunders`` (0 to 1) of its decisions plays a uniformly random legal action instead, drawn
    from ``seed``. Raises ``ValueError`` for a rate outside 0 to 1."""

    name = "easy"

    def __init__(
        self,
        game: Game[Any, Any],
        seed: int,
        strong: Callable[[Game[Any, Any], int], Bot],
        blunders: float = EASY_BLUNDERS,
    ) -> None:
        if not 0.0 <= blunders <= 1.0:
            raise ValueError(f"a blunder rate is between 0 and 1, not {blunders}")
        self.game = game
        self.strong = strong(game, seed)
        self.blunders = blunders
        package = variant(game.variant)
        self.blunder_moves = package.blunder_moves
        self.steady_verbs = package.steady_verbs
        self.rng = random.Random(f"easy-bot/{seed}")

    def choose(self, observation: dict[str, Any], legal: list[Any]) -> Any:
        """At the blunder rate a random one of ``legal`` (of the game's ``blunder_moves`` when one
        is legal; none of its ``steady_verbs`` when another is), else the strong bot's choice."""
        if self.rng.random() < self.blunders:
            if self.blunder_moves:
                chosen = [a for a in legal if self.game.action_text(a) in self.blunder_moves]
                if chosen:
                    return self.rng.choice(chosen)
            if self.steady_verbs:
                steady = [a for a in legal if self.game.action_parts(a)["verb"] not in self.steady_verbs]
                if steady:
                    return self.rng.choice(steady)
            return self.rng.choice(legal)
        return self.strong.choose(observation, legal)
