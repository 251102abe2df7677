"""Every event, note and error of the engine is a *code* with *parameters*; this module renders them
to English, the one place prose is made below the interfaces.

Codes are short ``snake_case`` words (``drew``, ``not_your_turn``); parameters are JSON values
(pieces in notation, ``"R7"``, seats as numbers). Each module that emits codes registers its English
templates with :func:`register`; a template names parameters in braces (``"you don't hold {piece}"``).
A list parameter is written space-separated; a nested ``{"code": …, "params": …}`` is rendered in
turn. Clients in other languages render the same codes from their own catalogs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

CATALOG: dict[str, str] = {}
"""English template of every registered code."""


def register(templates: Mapping[str, str]) -> None:
    """Add English templates; a code registered twice with another text is a programming error."""
    for code, text in templates.items():
        known = CATALOG.get(code)
        if known is not None and known != text:
            raise ValueError(f"message code {code!r} registered twice with different texts")
        CATALOG[code] = text


class _Params(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _text(value: Any) -> str:
    if isinstance(value, Mapping) and "code" in value:
        return render(str(value["code"]), value.get("params", {}))
    if isinstance(value, list | tuple):
        return " ".join(_text(v) for v in value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def render(code: str, params: Mapping[str, Any] | None = None) -> str:
    """The English text of ``code`` with ``params``; an unknown code is shown as itself."""
    template = CATALOG.get(code)
    values = _Params({k: _text(v) for k, v in (params or {}).items()})
    if template is None:
        extra = ", ".join(f"{k}={v}" for k, v in values.items())
        return f"{code} ({extra})" if extra else code
    return template.format_map(values)


register(
    {
        "match_over": "the match is over",
        "not_your_turn": "it is seat {to_move}'s turn, not seat {seat}'s",
        "not_a_seat": "there is no seat {seat} at this table of {players}",
        "unknown_action_id": "{id} is not an action id of this game (0..{last})",
        "not_legal": "{action} is not legal now",
    }
)
