"""The bot interface and the random bot."""

from __future__ import annotations

import random
from typing import Any, Protocol, TypeVar

A = TypeVar("A")


class Bot(Protocol):
    """Chooses an action from an observation and the legal actions (never from the state)."""

    name: str

    def choose(self, observation: Any, legal: list[Any]) -> Any:
        """One of ``legal``."""
        ...


class RandomBot:
    """Uniform over the legal actions, from its own seeded random stream."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(f"random-bot/{seed}")

    def choose(self, observation: Any, legal: list[A]) -> A:
        """A legal action drawn uniformly."""
        return self.rng.choice(legal)
