"""The WebSocket protocol's limits, error codes and the reading of client messages.

Every message is one JSON object with a ``type``; see ``docs/protocol.md`` for the whole protocol.
A message that can't be read raises :class:`ProtocolError` (a code with parameters, like the
engine's errors); the server answers ``{"type": "error", "code", "params"}`` and changes nothing.
"""

from __future__ import annotations

import difflib
import json
import math
import time
import unicodedata
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from rummykit.engine.json_text import read_json

MAX_MESSAGE_CHARS = 4096
"""Longest client message read (characters); a longer one gets ``too_large``."""
MAX_FRAME_BYTES = 65536
"""Longest WebSocket frame accepted at all; a longer one closes the connection (1009)."""
RATE_PER_SECOND = 20.0
"""Client messages allowed per second on average, per connection..."""
RATE_BURST = 40.0
"""...with bursts of up to this many."""
MAX_DROPPED = 200
"""Messages refused for flooding before the server closes the connection (code 1008)."""
HISTORY = 64
"""Messages logged per seat (and for spectators): a ``sync``'s ``earlier``."""
RECENT = 16
"""Messages kept whole per seat (and for spectators), sent again to a client reconnecting with an
older ``v``."""
MAX_CLIENT_ID = 64
"""Longest client action id (characters, as text)."""

DIRECTION_MARKS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
"""Bidirectional embeddings, overrides and isolates: in a name or a chat line they would reorder
what the page shows after it."""

CLIENT_TYPES = ("hello", "action", "resync", "ping", "lobby", "rack", "hint", "scores", "chat", "chat_report")

MESSAGE_KEYS: dict[str, frozenset[str]] = {
    kind: frozenset({"type", *keys})
    for kind, keys in {
        "hello": ("table", "seat", "token", "spectate", "v", "game"),
        "action": ("id", "action", "seat"),
        "resync": (),
        "ping": ("t",),
        "lobby": (),
        "rack": ("slots", "rows", "round", "by", "move"),
        "hint": (),
        "scores": (),
        "chat": ("room", "text"),
        "chat_report": ("id",),
    }.items()
}
"""The keys each client message may have (``docs/protocol.md``): any other is ``unknown_key``."""
assert set(MESSAGE_KEYS) == set(CLIENT_TYPES)


class ProtocolError(Exception):
    """A message or request the server refuses: ``code`` (its English text is in
    :mod:`rummykit.messages`) and ``params``."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def to_json(self) -> dict[str, Any]:
        """``{"code", "params"}``."""
        return {"code": self.code, "params": self.params}


def error_message(code: str, params: dict[str, Any], client_id: Any = None) -> dict[str, Any]:
    """The ``error`` message; ``id`` is the client's action id when the error answers an action."""
    message: dict[str, Any] = {"type": "error", "code": code, "params": params}
    if client_id is not None:
        message["id"] = client_id
    return message


def parse_message(text: str | bytes) -> dict[str, Any]:
    """A client message (text, or bytes of UTF-8 text) as a JSON object with a known ``type``;
    raises :class:`ProtocolError` (``too_large``, ``bad_json``: not UTF-8, not JSON, or with
    ``NaN``, ``Infinity`` or a lone surrogate: :func:`read_json`; ``bad_message``, ``unknown_type``)."""
    if len(text) > MAX_MESSAGE_CHARS:
        raise ProtocolError("too_large", limit=MAX_MESSAGE_CHARS)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("bad_json", reason="the message is not UTF-8 text") from None
    try:
        data = read_json(text)
    except (ValueError, RecursionError) as exc:
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc) or "unreadable"
        raise ProtocolError("bad_json", reason=reason[:80]) from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", field="object")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", field="type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type", type=kind[:40])
    return data


def known_keys(data: Mapping[str, Any], known: Collection[str], where: str) -> None:
    """Refuse an object of a request or message with a key that is none of ``known``: the one
    shared check of every client message and HTTP body, so that a mistyped key
    (``"turn_second"``) is refused, never silently ignored. Raises ``unknown_key``: ``key`` (the
    first unknown one, at most 40 characters), ``where`` (the message type or the object),
    ``known`` (the keys there, sorted, comma-separated) and ``closest`` (the known key nearest to
    it, ``None`` when none is near)."""
    for key in data:
        if key not in known:
            names = sorted(known)
            near = difflib.get_close_matches(key, names, n=1, cutoff=0.6)
            raise ProtocolError(
                "unknown_key",
                key=key[:40],
                where=where,
                known=", ".join(names),
                closest=near[0] if near else None,
            )


def check_message(data: dict[str, Any]) -> None:
    """Refuse a client message (as :func:`parse_message` read it) with a key its type has not
    (:data:`MESSAGE_KEYS`): ``unknown_key``."""
    known_keys(data, MESSAGE_KEYS[data["type"]], data["type"])


def plain_text(raw: str) -> str:
    """``raw`` as a line that others are shown (a chat line, a seat's name): its control characters
    and :data:`DIRECTION_MARKS` gone, a line break or tab made a space, its ends trimmed; ``""``
    when nothing in it shows (spaces and format characters alone: zero-width spaces, joiners)."""
    kept = "".join(
        " " if c in "\t\n\r" else c
        for c in raw
        if c in "\t\n\r" or (unicodedata.category(c) != "Cc" and c not in DIRECTION_MARKS)
    ).strip()
    return kept if any(unicodedata.category(c)[0] not in "ZC" for c in kept) else ""


def refused_action_id(text: str | bytes) -> str | int | None:
    """The ``id`` of an ``action`` message that is refused before it is read (rate limit), so that
    the client learns which action to send again; ``None`` for anything else."""
    try:
        data = parse_message(text)
    except ProtocolError:
        return None
    raw = data.get("id")
    if data["type"] != "action" or isinstance(raw, bool) or not isinstance(raw, str | int):
        return None
    return raw


def client_id_of(data: dict[str, Any]) -> str:
    """The action id of an ``action`` message as text (a string or an integer, at most
    :data:`MAX_CLIENT_ID` characters); raises ``bad_message``."""
    raw = data.get("id")
    if isinstance(raw, bool) or not isinstance(raw, str | int):
        raise ProtocolError("bad_message", field="id")
    text = str(raw)
    if not text or len(text) > MAX_CLIENT_ID:
        raise ProtocolError("bad_message", field="id")
    return text


def optional_int(data: dict[str, Any], key: str) -> int | None:
    """``data[key]`` as an int, ``None`` when absent or null; raises ``bad_message``."""
    value = data.get(key)
    if value is None:
        return None
    if type(value) is not int:
        raise ProtocolError("bad_message", field=key)
    return value


@dataclass
class RateLimiter:
    """A token bucket: :data:`RATE_PER_SECOND` on average, bursts of :data:`RATE_BURST`; counts
    the messages it refused."""

    rate: float = RATE_PER_SECOND
    burst: float = RATE_BURST
    tokens: float = RATE_BURST
    stamp: float = field(default_factory=time.monotonic)
    dropped: int = 0

    def allow(self) -> bool:
        """Whether one more message may be read now."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.dropped += 1
        return False

    def wait_ms(self) -> int:
        """Milliseconds until one more message may be read (at least 1)."""
        return max(1, math.ceil((1.0 - self.tokens) / self.rate * 1000))
