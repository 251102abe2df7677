"""The random bot (the bot interface is :class:`rummykit.engine.match.Bot`)."""

from __future__ import annotations

import random
from typing import Any, TypeVar

A = TypeVar("A")


class RandomBot:
    """Uniform over the legal actions, from its own seeded random stream. Built as every bot is,
    ``RandomBot(game, seed)``; it needs nothing of the game."""

    name = "random"

    def __init__(self, game: object = None, seed: int = 0) -> None:
        self.rng = random.Random(f"random-bot/{seed}")

    def choose(self, observation: dict[str, Any], legal: list[A]) -> A:
        """A legal action drawn uniformly."""
        return self.rng.choice(legal)
