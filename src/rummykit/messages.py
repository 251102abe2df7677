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
        "malformed_action": "{action} is not a well-formed action of this game: {reason}",
    }
)

# The game server's own codes (docs/protocol.md, "Error codes of the server", and the notices it
# adds to actions) belong to the catalogue too: a client renders them without importing the server.
register(
    {
        "bad_json": "the message is not JSON: {reason}",
        "bad_message": "the message lacks a valid {field}",
        "unknown_type": "unknown message type {type}",
        "too_large": "the message is longer than {limit} characters",
        "rate_limited": "too many messages: at most {limit} a second",
        "not_joined": "say hello to a table first",
        "joined_already": "this connection has joined a table already",
        "no_such_table": "there is no table {table}",
        "no_such_seat": "there is no seat {seat} at this table",
        "no_such_game": "there is no game {game}",
        "table_unavailable": "table {table} is run by another server process now; try again shortly",
        "bad_token": "wrong token for seat {seat}",
        "spectator": "spectators can't act",
        "wrong_seat": "this connection plays seat {seat}, not seat {asked}",
        "not_started": "the match has not started",
        "notation": "{token} can't be read: {reason}",
        "seat_taken": "seat {seat} is taken",
        "not_open": "the table's seats can't change now (it is {status})",
        "seats_empty": "seats {seats} are still empty",
        "not_finished": "the match is not over",
        "bad_request": "bad request: {reason}",
        "forbidden": "that needs the table's owner token or a seat token",
        "rules": "{reason}",
        "server_busy": "the server could not store the action; try again",
        "internal": "the server failed to handle that message; nothing changed",
        "timed_out": "seat {seat}'s time ran out: the server played {action}",
        "bot_stood_in": "a bot plays for seat {seat}",
        "bot_stands_in": "seat {seat} dropped out: a bot plays for it",
        "seat_reclaimed": "seat {seat} is back: the bot stops",
        "hints_off": "this table gives no hints",
        "unsupported": "{feature} is not offered for {variant}",
        "bad_rack": "the rack can't be read: {reason}",
        "bad_record": "the record can't be replayed: line {line}: {reason}",
        "no_such_step": "there is no step {step} in this game (the steps are 0 to {last})",
    }
)
