"""The variants and their rules options as a client shows them (``GET /variants``).

Everything is read from the variants' rules dataclasses (:mod:`rummykit.variants.registry`) and
their shipped presets, so the list can't drift from what ``POST /tables`` accepts: each option's
name, type, allowed values, whether it may be null, its default (the preset's value, which a table
gets when the option is not given) and the message codes of its help text (``option_<name>``, or
the game's own ``<variant>.option_<name>`` where it has one, and ``option_<name>_<value>`` per
named value; :mod:`rummykit.engine.option_help`), and the browser client's module of the game
(its controller, the declaration's ``client``, ``web/js/games/<variant>.js``).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from importlib import resources
from typing import Any

from rummykit.engine.option_help import variant_help_code
from rummykit.engine.options import rules_dict
from rummykit.server.defaults import PUBLIC_TURN_SECONDS
from rummykit.variants.declaration import GamePackage
from rummykit.variants.registry import VARIANTS

HELP_PREFIX = "option_"
"""Prefix of an option's help code."""
SCRIPTS = resources.files("rummykit") / "web" / "js"
"""The browser client's modules (served under ``/static/js``)."""


def client_module(info: GamePackage) -> str | None:
    """The browser client's controller of the game ``info`` declares (its ``client``, relative to
    ``web/js``: ``games/<name>.js``), or ``None`` while the client has no such module (the page
    can't show the game)."""
    return info.client if SCRIPTS.joinpath(info.client).is_file() else None


def option_info(name: str, hint: Any, default: object, variant: str = "") -> dict[str, Any]:
    """One option of ``variant``: ``name``, ``type`` (``int``, ``float``, ``bool`` or ``choice``),
    ``values`` (the allowed values of a choice or a bool, else null), ``nullable``, ``default``,
    ``help`` (the game's own help code where it has one, else the shared one) and ``value_help``
    (the help code of each value of a choice)."""
    nullable = False
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        nullable = len(args) < len(typing.get_args(hint))
        hint = args[0]
    values: list[Any] | None = None
    value_help: dict[str, str] = {}
    if isinstance(hint, type) and issubclass(hint, Enum):
        kind = "choice"
        values = [m.value for m in hint]
        value_help = {str(v): f"{HELP_PREFIX}{name}_{v}" for v in values}
    elif hint is bool:
        kind, values = "bool", [True, False]
    elif hint in (int, float):
        kind = hint.__name__
    else:
        raise TypeError(f"option {name}: no client type for {hint}")
    return {
        "name": name,
        "type": kind,
        "values": values,
        "nullable": nullable,
        "default": default,
        "help": variant_help_code(variant, name),
        "value_help": value_help,
    }


def variant_info(info: GamePackage) -> dict[str, Any]:
    """A variant: ``variant`` (id), ``title``, ``pieces`` (``tiles`` or ``cards``), ``players``
    (the default number of players), ``client`` (:func:`client_module`), ``seen_count`` (whether
    its tables may show the count of pieces seen, the table option) and its ``options``
    (:func:`option_info`) in the spec's order."""
    defaults = rules_dict(info.load_rules())
    hints = typing.get_type_hints(info.rules_type)
    return {
        "variant": info.name,
        "title": info.title,
        "pieces": info.kind.name.lower(),
        "players": defaults["players"],
        "client": client_module(info),
        "seen_count": info.seen_count,
        "options": [
            option_info(f.name, hints[f.name], defaults[f.name], info.name)
            for f in dataclasses.fields(info.rules_type)
        ],
    }


def variants() -> dict[str, Any]:
    """The ``GET /variants`` answer: ``{"variants": [variant_info, ...]}`` for every variant, and
    ``public_turn_seconds``, the turn timer a public table gets when its request names none."""
    return {
        "variants": [variant_info(info) for info in VARIANTS.values()],
        "public_turn_seconds": PUBLIC_TURN_SECONDS,
    }
