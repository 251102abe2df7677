"""Strict JSON text: what a browser's ``JSON.parse`` reads and every database stores, shared by the
game records (:mod:`rummykit.engine.records`) and the server's messages and bodies
(:mod:`rummykit.server.protocol`). Python's own reader takes more: ``NaN``, ``Infinity``, numbers
read as infinity (``1e999``) and lone surrogates (``"\\ud800"``); each is :class:`NotJSONError` here."""

from __future__ import annotations

import json
import math
import re
from typing import Any


class NotJSONError(ValueError):
    """Text that Python's JSON reader takes but JSON has not; its message says what."""


SURROGATE = re.compile("[\ud800-\udfff]")
"""Half of a character: JSON's ``\\ud83d\\ude00`` is read as one character, a lone ``\\ud800`` as this."""


def read_json(text: str | bytes) -> Any:
    """``text`` read as strict JSON. Raises ``json.JSONDecodeError`` when it is not JSON at all,
    :class:`NotJSONError` (a ``ValueError``) for ``NaN``, ``Infinity`` and ``-Infinity`` (and a
    number read as one of them, ``1e999``) and for a string or key holding a lone surrogate
    (``"\\ud800"``: JSON reads it, but it is half a character, which no database stores and no
    page shows), ``ValueError`` for an integer of over 4,300 digits, and ``RecursionError`` for
    one nested too deeply."""
    data = json.loads(text, parse_constant=not_json, parse_float=finite)
    pending: list[Any] = [data]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            pending.extend(value)
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
        elif isinstance(value, str) and SURROGATE.search(value):
            raise NotJSONError("a lone surrogate is not text")
    return data


def not_json(name: str) -> Any:
    """Refuse ``NaN``, ``Infinity`` and ``-Infinity`` (``json.loads``'s ``parse_constant``):
    Python's reader takes them, JSON has not (a browser's ``JSON.parse`` refuses them)."""
    raise NotJSONError(f"{name} is not JSON")


def finite(text: str) -> float:
    """A JSON number with a fraction or an exponent (``json.loads``'s ``parse_float``), refused
    past a double's range (``1e999``: JSON's syntax, but read as infinity, which would go back out
    as ``Infinity``, which JSON has not)."""
    value = float(text)
    if not math.isfinite(value):
        raise NotJSONError(f"{text[:40]} is past the range of a number")
    return value


__all__ = ["SURROGATE", "NotJSONError", "finite", "not_json", "read_json"]
