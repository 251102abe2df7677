"""The games rummykit knows, by id: each game package's declaration (:class:`GamePackage`).

A game package is a subpackage of :mod:`rummykit.variants` whose ``__init__.py`` declares ``GAME``
(``docs/adding-a-game.md``); the registry finds every such package at import and lists the games
in their declared order. Packages without ``GAME`` (a family's shared code, such as
:mod:`rummykit.variants.closed_hand`) are not games. Importing a package reads only its declaration:
a game's modules are imported when first needed (``variant("okey").game(rules)``).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping, Sequence
from typing import Any

import rummykit.variants
from rummykit.engine.game import Game
from rummykit.engine.options import rules_from_mapping
from rummykit.errors import CodedError, RulesError
from rummykit.variants.declaration import GamePackage


def _discover() -> dict[str, GamePackage]:
    """Every game package's declaration, by id, in the declared order; each game's option help is
    registered as message codes on the way (a few dictionaries of text)."""
    found: list[GamePackage] = []
    for module in pkgutil.iter_modules(rummykit.variants.__path__, "rummykit.variants."):
        if not module.ispkg:
            continue
        declared = getattr(importlib.import_module(module.name), "GAME", None)
        if isinstance(declared, GamePackage):
            declared.register_option_help()
            found.append(declared)
    return {info.name: info for info in sorted(found, key=lambda info: (info.order, info.name))}


VARIANTS: dict[str, GamePackage] = _discover()
"""Every game, by id, in the order lists show them."""


def game_names() -> str:
    """The games' ids for people, in order: ``okey, turkish_rummy, … or okey_101``."""
    *first, last = VARIANTS
    return f"{', '.join(first)} or {last}" if first else last


def variant(name: str) -> GamePackage:
    """The variant with id ``name``; raises :class:`CodedError` ``unknown_game`` (``game``, the name as given,
    ``games``, the known ids)."""
    key = name.strip().lower().replace("-", "_")
    if key not in VARIANTS:
        raise CodedError("unknown_game", game=name[:40], games=", ".join(VARIANTS))
    return VARIANTS[key]


def _owner_check(info: GamePackage, names: Sequence[str]) -> None:
    """Raise :class:`RulesError` naming the mismatch when ``names`` are not all ``info``'s options:
    the variant they belong to, if they are another's."""
    foreign = sorted(set(names) - set(info.option_names()))
    if not foreign:
        return
    owners = [o.name for o in VARIANTS.values() if o is not info and set(names) <= set(o.option_names())]
    listed = ", ".join(repr(n[:40]) for n in foreign[:3]) + (", ..." if len(foreign) > 3 else "")
    if owners:
        raise RulesError("rules.other_game", owners=" or ".join(owners), game=info.name, listed=listed)
    raise RulesError("rules.no_option", game=info.name, listed=listed, options=", ".join(info.option_names()))


def game_from_record(name: str, rules: Mapping[str, Any]) -> tuple[Game[Any, Any], object]:
    """The game of a record header: (game, rules object) for variant ``name`` under exactly the
    options ``rules`` (typed values). Raises :class:`RummykitError` for an unknown variant, rules
    of another variant, or a bad option."""
    info = variant(name)
    _owner_check(info, list(rules))
    rules_obj = rules_from_mapping(info.rules_type, rules)
    return info.game(rules_obj), rules_obj
