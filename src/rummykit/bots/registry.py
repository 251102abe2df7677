"""Bots by name, for the command line: ``random`` and ``greedy``, each built ``Bot(game, seed)``."""

from __future__ import annotations

import importlib
from typing import Any

from rummykit.bots.base import RandomBot
from rummykit.engine.game import Game
from rummykit.engine.match import Bot
from rummykit.errors import RummykitError

BOT_NAMES = ("random", "greedy")

GREEDY: dict[str, str] = {
    "okey": "rummykit.bots.greedy:GreedyBot",
    "turkish_rummy": "rummykit.bots.greedy:GreedyBot",
    "kalooki": "rummykit.bots.kalooki_greedy:KalookiGreedyBot",
    "carousel": "rummykit.bots.carousel_greedy:CarouselGreedyBot",
}
"""The greedy bot class of each game (``"module:Class"``, imported when first asked for)."""


def make_bot(name: str, game: Game[Any, Any], seed: int) -> Bot:
    """The bot called ``name`` for ``game``, seeded ``seed``; raises :class:`RummykitError` for an
    unknown name."""
    key = name.strip().lower()
    if key == "random":
        return RandomBot(game, seed)
    if key == "greedy" and game.variant in GREEDY:
        module, _, cls = GREEDY[game.variant].partition(":")
        bot: Bot = getattr(importlib.import_module(module), cls)(game, seed)
        return bot
    raise RummykitError(f"unknown bot {name[:40]!r} for {game.variant}; the bots are: {', '.join(BOT_NAMES)}")


def parse_bot_list(text: str, count: int) -> list[str]:
    """``"greedy,random"`` as ``count`` names (a single name is repeated); raises on a bad list."""
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    if len(names) == 1:
        names = names * count
    if len(names) != count:
        raise RummykitError(f"{len(names)} bots named for {count} bot seat{'s' if count != 1 else ''}")
    for n in names:
        if n not in BOT_NAMES:
            raise RummykitError(f"unknown bot {n[:40]!r}; the bots are: {', '.join(BOT_NAMES)}")
    return names
