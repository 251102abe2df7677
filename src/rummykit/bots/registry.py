"""Bots by name: the levels for people ``easy``, ``medium`` and ``hard``
(:mod:`rummykit.bots.levels`), the built-in ``random``, each game's own ``greedy`` and ``search``
(named in its package's declaration, :attr:`rummykit.variants.declaration.GamePackage.bots`), and
any bot a package installs under the entry point group ``rummykit.bots`` (``docs/bots.md``).

Every bot is built ``factory(game, seed)``: a class such as :class:`rummykit.bots.base.RandomBot`,
or any callable returning an object with ``name`` and ``choose(observation, legal)``
(:class:`rummykit.engine.match.Bot`). A plugin's entry point name is its bot name (lower case); the
object it loads may carry ``variants``, the games it plays (absent: every game). Built-in names win
over a plugin of the same name. Plugins are imported only when a bot of theirs is built, so listing
names never runs a plugin's code.

``search`` and ``expert`` take a budget after a colon: ``search:12`` (12 determinisations per
decision) or ``search:0.1s`` (0.1 s of CPU time per decision); see :mod:`rummykit.bots.budget`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection
from importlib import metadata
from typing import Any

from rummykit.bots.base import RandomBot
from rummykit.bots.levels import LEVELS, EasyBot
from rummykit.engine.game import Game
from rummykit.engine.match import Bot
from rummykit.errors import CodedError, RummykitError
from rummykit.variants.declaration import load
from rummykit.variants.registry import VARIANTS
from rummykit.variants.registry import variant as game_variant

ENTRY_POINT_GROUP = "rummykit.bots"
"""The entry point group a package lists its bots under (name = bot name, value = factory)."""

BotFactory = Callable[[Game[Any, Any], int], Bot]
"""What builds a bot: ``factory(game, seed)``."""

GAME_BOTS = ("greedy", "search")
"""The bots each game package may have of its own (:attr:`GamePackage.bots`): its greedy bot and
its search bot."""

BUILT_IN_NAMES = (*LEVELS, "random", *GAME_BOTS)

BUDGETED = ("search", "expert")
"""The bots that take a budget after a colon (:mod:`rummykit.bots.budget`)."""

NAME_PATTERN = re.compile(r"[a-z0-9][a-z0-9_.-]*")
"""A name :func:`register` takes: one ``--bots`` can name (no comma, colon, space or capital)."""

_REGISTERED: dict[str, dict[str, str]] = {}
"""Bots named in this process by :func:`register`: their class per game (``"module:Class"``)."""


def plugin_entry_points() -> dict[str, metadata.EntryPoint]:
    """The installed packages' bots, by lower-case name (built-in names left out)."""
    found: dict[str, metadata.EntryPoint] = {}
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        key = entry.name.strip().lower()
        if key and key not in BUILT_IN_NAMES:
            found.setdefault(key, entry)
    return found


def bot_names() -> tuple[str, ...]:
    """Every bot name: the built-in ones, those registered in this process, then the plugins' in
    alphabetical order."""
    return (*BUILT_IN_NAMES, *_REGISTERED, *sorted(plugin_entry_points()))


def register(name: str, classes: dict[str, str]) -> None:
    """Name a bot for this process without installing a package (trials, notebooks, scripts):
    ``classes`` maps each game it plays (variant name) to its ``"module:Class"``, imported when
    the bot is first built. Raises :class:`RummykitError` for a name ``--bots`` can't name (not
    :data:`NAME_PATTERN`: blank, with a capital, colon, comma or space), a name already taken
    (built in, registered or a plugin's), no games, an unknown game, or a class not written
    ``module:Class``; nothing is registered then."""
    if not NAME_PATTERN.fullmatch(name):
        raise RummykitError(
            "a bot name is lower case letters and digits, with '-', '_' or '.' after the first (no colon, "
            f"comma or space, so that --bots can name it): {name[:40]!r}"
        )
    if name in bot_names():
        raise RummykitError(f"the bot name {name!r} is taken")
    if not classes:
        raise RummykitError(f"the bot {name!r} plays no game")
    unknown = sorted(set(classes) - set(VARIANTS))
    if unknown:
        raise CodedError("unknown_game", game=unknown[0][:40], games=", ".join(VARIANTS))
    for path in classes.values():
        module, colon, attribute = path.partition(":")
        if not (colon and attribute.isidentifier() and all(p.isidentifier() for p in module.split("."))):
            raise RummykitError(f"the bot {name!r}'s class is written module:Class, not {path[:60]!r}")
    _REGISTERED[name] = dict(classes)


def __getattr__(name: str) -> tuple[str, ...]:
    """``BOT_NAMES``: :func:`bot_names` when first read (the server's check of a bot level)."""
    if name != "BOT_NAMES":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return bot_names()


def _load_plugin(key: str, path: str, loader: Callable[[], BotFactory]) -> BotFactory:
    """The factory ``loader`` imports from ``path`` (an entry point's or a registered bot's
    ``module:Class``); raises :class:`RummykitError` naming the bot when the import fails."""
    try:
        return loader()
    except Exception as exc:
        raise RummykitError(f"the bot plugin {key!r} ({path}) failed to load: {exc}") from None


def _named(key: str, variant: str) -> BotFactory | None:
    """The class of the game's own or the registered bot ``key`` for ``variant`` (None: not that
    game)."""
    if key in GAME_BOTS:
        own: BotFactory | None = game_variant(variant).bot(key)
        return own
    path = _REGISTERED[key].get(variant)
    if path is None:
        return None
    return _load_plugin(key, path, functools.partial(load, path))


def bot_factory(name: str, variant: str) -> BotFactory:
    """The factory of the bot called ``name`` for the game ``variant``; raises
    :class:`RummykitError` for an unknown name, a bot that doesn't play that game, or a plugin
    that fails to import."""
    key, colon, budget = name.strip().lower().partition(":")
    if colon:
        return functools.partial(bot_factory(key, variant), **_budget(key, budget))
    if key == "random":
        return RandomBot
    if key in LEVELS:
        return _level(key, variant)
    factory: BotFactory | None = None
    if key in GAME_BOTS or key in _REGISTERED:
        factory = _named(key, variant)
    else:
        entry = plugin_entry_points().get(key)
        if entry is None:
            raise RummykitError(
                f"unknown bot {name[:40]!r} for {variant}; the bots are: {', '.join(bot_names())}"
            )
        factory = _load_plugin(key, entry.value, entry.load)
        games: Collection[str] | None = getattr(factory, "variants", None)
        if games is not None and variant not in games:
            factory = None
    if factory is None:
        raise RummykitError(f"the bot {key!r} does not play {variant}")
    return factory


def _level(key: str, variant: str) -> BotFactory:
    """The factory of the level ``key`` for ``variant`` (:mod:`rummykit.bots.levels`)."""
    greedy = bot_factory("greedy", variant)
    if key == "easy":
        return functools.partial(EasyBot, strong=greedy)
    if key == "expert":
        own: BotFactory | None = game_variant(variant).bot("expert")
        return own if own is not None else _level("hard", variant)
    if key == "hard":
        try:
            return bot_factory("search", variant)
        except RummykitError:
            return greedy
    return greedy


def make_bot(name: str, game: Game[Any, Any], seed: int) -> Bot:
    """The bot called ``name`` for ``game``, seeded ``seed``; raises :class:`RummykitError` (see
    :func:`bot_factory`)."""
    return bot_factory(name, game.variant)(game, seed)


def parse_bot_list(text: str, count: int) -> list[str]:
    """``"greedy,random"`` as ``count`` names (a single name is repeated); raises on a bad list."""
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    if len(names) == 1:
        names = names * count
    if len(names) != count:
        raise RummykitError(f"{len(names)} bots named for {count} bot seat{'s' if count != 1 else ''}")
    for n in names:
        check_name(n)
    return names


def check_name(name: str) -> None:
    """Raise :class:`RummykitError` unless ``name`` is a bot's name (with a valid budget), for
    some game."""
    key, colon, budget = name.strip().lower().partition(":")
    known = bot_names()
    if key not in known:
        raise RummykitError(f"unknown bot {name[:40]!r}; the bots are: {', '.join(known)}")
    if colon:
        _budget(key, budget)


def _budget(key: str, budget: str) -> dict[str, Any]:
    """The options of the budget written after ``key:``; raises :class:`RummykitError`."""
    if key not in BUDGETED:
        raise RummykitError(
            f"only the search and expert bots take a budget (search:12, expert:0.1s), not {key[:40]!r}"
        )
    from rummykit.bots.budget import budget_options

    return budget_options(budget)
