"""Rules objects: frozen dataclasses whose fields are a rules spec's options.

A rules object is read from a TOML preset (a game's defaults ship as ``preset.toml`` in its package) and
overridden by ``name=value`` strings from the command line (``--rule pair_rule=same_number``).
Unknown names and badly typed values raise :class:`RulesError` naming the option.
"""

from __future__ import annotations

import dataclasses
import json
import tomllib
import types
import typing
from collections.abc import Mapping, Sequence
from enum import Enum
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

from rummykit.errors import MAX_SHOWN, RulesError

R = TypeVar("R")

OPTION_LIMIT = 10_000
"""The largest size of a number option, either sign: a rounds count, points, a penalty. A
value beyond it is no house rule but a typo or an attack (a match of 10**12 rounds, scores past
what a browser's numbers hold exactly); each rules object may bound its options more tightly."""
MULTIPLIER_LIMIT = 16
"""The largest score multiplier an option may set (houses play 2 or 4; stacked, three of 16 with
points under :data:`OPTION_LIMIT` keep a match's totals exact in JSON's numbers)."""

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
_NONE = {"none", "null", ""}


def _shown(value: object) -> str:
    """``value`` as an error shows it: a bool, ``None``, a list or a table as JSON writes it
    (``true``, ``null``, ``{"a": 1}``, not Python's ``True``, ``None``, ``{'a': 1}``), anything
    else by its ``repr``, cut to :data:`MAX_SHOWN` characters."""
    if isinstance(value, bool | None | list | dict):
        try:
            return json.dumps(value, ensure_ascii=False, default=str)[:MAX_SHOWN]
        except ValueError:  # a list that holds itself
            pass
    return repr(value)[:MAX_SHOWN]


def _field_types(cls: type[Any]) -> dict[str, Any]:
    """The type of each option of the rules dataclass ``cls``: its fields set by its constructor."""
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls) if f.init}


def convert(name: str, hint: Any, value: object) -> object:
    """``value`` (TOML value or command-line text) as the type ``hint`` of option ``name``."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        is_none = value is None or (isinstance(value, str) and value.strip().lower() in _NONE)
        if is_none and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return convert(name, inner[0], value)
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(value)
        except ValueError:
            allowed = ", ".join(str(m.value) for m in hint)
            raise RulesError("rules.not_one_of", name=name, value=_shown(value), allowed=allowed) from None
    if hint is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise RulesError("rules.not_bool", name=name, value=_shown(value))
    if hint is int:
        if isinstance(value, bool):
            raise RulesError("rules.not_whole", name=name, value=_shown(value))
        try:
            whole = value if isinstance(value, int) else int(str(value).strip())
        except ValueError:
            raise RulesError("rules.not_whole", name=name, value=_shown(value)) from None
        return whole
    if hint is float:
        if isinstance(value, bool):
            raise RulesError("rules.not_number", name=name, value=_shown(value))
        try:
            number = float(str(value).strip()) if isinstance(value, str) else float(value)  # type: ignore[arg-type]
        except ValueError:
            raise RulesError("rules.not_number", name=name, value=_shown(value)) from None
        if not abs(number) <= OPTION_LIMIT:  # also refuses nan and the infinities
            limit = OPTION_LIMIT
            raise RulesError("rules.out_of_range", name=name, value=_shown(value), low=-limit, high=limit)
        return number
    raise RulesError("rules.unsupported", name=name, type=str(hint))


def rules_from_mapping(cls: type[R], values: Mapping[str, object], base: R | None = None) -> R:
    """A ``cls`` instance from ``values`` (option name -> value), the rest from ``base`` or defaults.

    Raises :class:`RulesError` for an unknown option, a value of the wrong type, or a value the
    rules object itself refuses (out of range).
    """
    hints = _field_types(cls)
    unknown = sorted(set(values) - set(hints))
    if unknown:
        raise RulesError("rules.unknown_option", name=unknown[0][:MAX_SHOWN], options=", ".join(hints))
    converted = {name: convert(name, hints[name], value) for name, value in values.items()}
    beyond = [name for name, value in converted.items() if _beyond_limit(value)]
    if beyond:
        raise _past_limit(cls, converted, beyond[0], base)
    return _rules_of(cls, converted, base)


def _beyond_limit(value: object) -> bool:
    """Whether ``value`` is a whole number (not a bool) past :data:`OPTION_LIMIT`, either sign."""
    return type(value) is int and abs(value) > OPTION_LIMIT


def _within_limit(value: object) -> object:
    """``value``, a whole number past :data:`OPTION_LIMIT` (:func:`_beyond_limit`) taken to the
    limit's nearer end."""
    if _beyond_limit(value):
        return OPTION_LIMIT if typing.cast(int, value) > 0 else -OPTION_LIMIT
    return value


def _rules_of(cls: type[R], converted: Mapping[str, object], base: R | None) -> R:
    """A ``cls`` instance of the ``converted`` options, the rest from ``base`` or defaults."""
    if base is not None:
        return dataclasses.replace(base, **converted)  # type: ignore[type-var]
    return cls(**converted)


def _past_limit(cls: type[R], converted: Mapping[str, object], name: str, base: R | None) -> RulesError:
    """``rules.out_of_range`` for option ``name``, whose whole value is past :data:`OPTION_LIMIT`:
    the range it really takes, the limit's narrowed by the rules object's own refusal of each of
    the limit's ends (``rounds``: 1..10000, not -10000..10000). The rules object is only ever
    made with values within the limit (every value past it is taken to the limit's nearer end)."""
    near = {key: _within_limit(value) for key, value in converted.items()}
    low, high = -OPTION_LIMIT, OPTION_LIMIT
    for end in (-OPTION_LIMIT, OPTION_LIMIT):
        try:
            _rules_of(cls, {**near, name: end}, base)
        except RulesError as exc:
            own = exc.params
            if own.get("name") == name and exc.code in ("rules.below", "rules.out_of_range"):
                low = max(low, typing.cast(int, own["low"]))
                high = min(high, typing.cast(int, own.get("high", high)))
    return RulesError("rules.out_of_range", name=name, value=converted[name], low=low, high=high)


def parse_overrides(items: Sequence[str]) -> dict[str, str]:
    """``["name=value", ...]`` as a mapping; raises :class:`RulesError` for an item without ``=``."""
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise RulesError("rules.override", item=_shown(item))
        out[name.strip()] = value.strip()
    return out


def read_preset(path: Path | None, variant: str, default: Traversable) -> dict[str, object]:
    """Options of ``variant`` in the TOML preset file ``path``, or in its shipped ``default``
    preset (a file of its package) when ``path`` is None; raises :class:`RulesError` for a file
    that can't be read or doesn't hold ``variant``'s options."""
    try:
        text = default.read_text("utf-8") if path is None else path.read_text("utf-8")
        data = tomllib.loads(text)
    except OSError as exc:
        raise RulesError("rules.preset_unreadable", path=str(path), reason=exc.strerror or str(exc)) from None
    except UnicodeDecodeError:
        raise RulesError("rules.preset_not_utf8", path=str(path)) from None
    except tomllib.TOMLDecodeError as exc:
        raise RulesError("rules.preset_toml", path=str(path or variant), reason=str(exc)) from None
    section = data.get(variant)
    if section is None:
        tables = [f"[{name}]" for name, value in data.items() if isinstance(value, dict)]
        if tables:
            raise RulesError("rules.preset_no_table", path=str(path), game=variant, tables=", ".join(tables))
        section = data
    if not isinstance(section, dict):
        raise RulesError("rules.preset_not_table", path=str(path or variant), game=variant)
    return dict(section)


def check_range(name: str, value: int | None, low: int, high: int | None = None) -> None:
    """Raise :class:`RulesError` unless ``low <= value <= high`` (``None`` values pass)."""
    if value is None:
        return
    if value < low or (high is not None and value > high):
        if high is None:
            raise RulesError("rules.below", name=name, value=value, low=low)
        raise RulesError("rules.out_of_range", name=name, value=value, low=low, high=high)


def rules_dict(rules: object) -> dict[str, object]:
    """All option values of a rules object, as JSON-ready values (enums as their text)."""
    out: dict[str, object] = {}
    for f in dataclasses.fields(rules):  # type: ignore[arg-type]
        value = getattr(rules, f.name)
        out[f.name] = value.value if isinstance(value, Enum) else value
    return out
