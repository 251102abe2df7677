"""Plain data to and from JSON, driven by type hints: the states, observations and results of every
game are dataclasses of ints, strings, enums, lists, tuples, sets and nested dataclasses, and this
module converts them both ways exactly and copies them cheaply.

:func:`to_jsonable` turns such a value into JSON values (sets as sorted lists, enums as their
value, dataclasses as objects). :func:`from_jsonable` reads one back given its type hint and raises
:class:`rummykit.errors.RecordError`-free :class:`CodecError` naming the path of a bad value.
:func:`cloner` builds a fast copier for one dataclass: immutable fields are shared, lists, sets and
dicts copied one or two levels deep as their hints say.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from rummykit.errors import RummykitError


class CodecError(RummykitError):
    """JSON that does not fit the type it is read as; the message names where."""


def to_jsonable(value: Any) -> Any:
    """``value`` as JSON values (see the module docstring)."""
    kind = type(value)
    if kind is int or kind is str or value is None:
        return value
    if kind is tuple or kind is list:
        return [to_jsonable(v) for v in value]
    if isinstance(value, bool | int | float | str) and not isinstance(value, Enum):
        return value
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, set | frozenset):
        return sorted(to_jsonable(v) for v in value)
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    raise TypeError(f"can't write {type(value).__name__} as JSON")


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    """The resolved type hints of dataclass ``cls`` (read once per class)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def from_jsonable(hint: Any, data: Any, path: str = "$") -> Any:
    """A value of type ``hint`` read from JSON ``data``; raises :class:`CodecError`."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        errors = []
        for option in inner:
            try:
                return from_jsonable(option, data, path)
            except CodecError as exc:
                errors.append(str(exc))
        raise CodecError(errors[0] if errors else f"{path}: unexpected null")
    if hint is type(None):
        if data is not None:
            raise CodecError(f"{path}: expected null")
        return None
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(data)
        except ValueError:
            raise CodecError(f"{path}: {data!r} is not a {hint.__name__}") from None
    if hint is bool:
        if not isinstance(data, bool):
            raise CodecError(f"{path}: expected true or false")
        return data
    if hint is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise CodecError(f"{path}: expected a whole number")
        return data
    if hint is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise CodecError(f"{path}: expected a number")
        return float(data)
    if hint is str:
        if not isinstance(data, str):
            raise CodecError(f"{path}: expected a string")
        return data
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(data, dict):
            raise CodecError(f"{path}: expected an object")
        hints = _hints(hint)
        names = {f.name for f in dataclasses.fields(hint) if f.init}
        unknown = sorted(set(data) - names)
        if unknown:
            raise CodecError(f"{path}: unknown field {unknown[0]!r}")
        values = {}
        for f in dataclasses.fields(hint):
            if not f.init:
                continue
            if f.name not in data:
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                    raise CodecError(f"{path}: missing field {f.name!r}")
                continue
            values[f.name] = from_jsonable(hints[f.name], data[f.name], f"{path}.{f.name}")
        return hint(**values)
    if origin in (list, tuple, set, frozenset):
        if not isinstance(data, list):
            raise CodecError(f"{path}: expected a list")
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(data):
                raise CodecError(f"{path}: expected {len(args)} items")
            return tuple(
                from_jsonable(a, d, f"{path}[{i}]") for i, (a, d) in enumerate(zip(args, data, strict=True))
            )
        item = args[0] if args else Any
        items = [from_jsonable(item, d, f"{path}[{i}]") for i, d in enumerate(data)]
        return origin(items)
    if origin in (dict, Mapping):
        if not isinstance(data, dict):
            raise CodecError(f"{path}: expected an object")
        key_hint, value_hint = args or (str, Any)
        out = {}
        for k, v in data.items():
            key = int(k) if key_hint is int and isinstance(k, str) and k.lstrip("-").isdigit() else k
            out[from_jsonable(key_hint, key, path)] = from_jsonable(value_hint, v, f"{path}.{k}")
        return out
    raise TypeError(f"{path}: can't read type {hint!r}")


Copier = Callable[[Any], Any]


def _copier(hint: Any) -> Copier | None:
    """How to copy a value of type ``hint`` so that the copy evolves independently (``None``: it
    is immutable and may be shared)."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [_copier(a) for a in args if a is not type(None)]
        live = [c for c in inner if c is not None]
        if not live:
            return None
        first = live[0]
        return lambda v: None if v is None else first(v)
    if origin is list:
        item = _copier(args[0]) if args else None
        if item is None:
            return list
        return lambda v: [item(x) for x in v]
    if origin is set:
        return set
    if origin is dict:
        value = _copier(args[1]) if len(args) == 2 else None
        if value is None:
            return dict
        return lambda v: {k: value(x) for k, x in v.items()}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint) and not hint.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return cloner(hint)
    return None


_CLONERS: dict[type[Any], Copier] = {}


def cloner(cls: type[Any]) -> Copier:
    """A function copying instances of dataclass ``cls``: immutable fields shared, mutable ones
    (lists, sets, dicts, mutable dataclasses) copied as deep as their type hints go (built once
    per class)."""
    known = _CLONERS.get(cls)
    if known is not None:
        return known
    hints = _hints(cls)
    plan = [(f.name, c) for f in dataclasses.fields(cls) if (c := _copier(hints[f.name])) is not None]

    def clone(value: Any) -> Any:
        new = object.__new__(cls)
        d = value.__dict__.copy()
        for name, copy in plan:
            d[name] = copy(d[name])
        new.__dict__.update(d)
        return new

    _CLONERS[cls] = clone
    return clone
