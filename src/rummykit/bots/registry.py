"""Bots by name, for the command line: ``random`` and ``greedy``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rummykit.bots.base import RandomBot
from rummykit.bots.carousel_greedy import CarouselGreedyBot
from rummykit.bots.greedy import GreedyBot
from rummykit.bots.kalooki_greedy import KalookiGreedyBot
from rummykit.engine.match import Bot
from rummykit.errors import RummykitError

BOT_NAMES = ("random", "greedy")


GREEDY: dict[str, Callable[[Any, int], Bot]] = {
    "okey": GreedyBot,
    "turkish_rummy": GreedyBot,
    "kalooki": KalookiGreedyBot,
    "carousel": CarouselGreedyBot,
}
"""The greedy bot of each game."""


def make_bot(name: str, variant: str, rules: Any, seed: int) -> Bot:
    """The bot called ``name`` for ``variant``; raises :class:`RummykitError` for an unknown name."""
    key = name.strip().lower()
    if key == "random":
        return RandomBot(seed)
    if key == "greedy" and variant in GREEDY:
        return GREEDY[variant](rules, seed)
    raise RummykitError(f"unknown bot {name!r} for {variant}; the bots are: {', '.join(BOT_NAMES)}")


def parse_bot_list(text: str, count: int) -> list[str]:
    """``"greedy,random"`` as ``count`` names (a single name is repeated); raises on a bad list."""
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    if len(names) == 1:
        names = names * count
    if len(names) != count:
        raise RummykitError(f"{len(names)} bots named for {count} bot seat{'s' if count != 1 else ''}")
    for n in names:
        if n not in BOT_NAMES:
            raise RummykitError(f"unknown bot {n!r}; the bots are: {', '.join(BOT_NAMES)}")
    return names
