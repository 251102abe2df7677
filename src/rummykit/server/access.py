"""Who may read what over HTTP: the browser token (a long-lived random ``rummykit_player`` cookie,
HttpOnly, that a browser gets when it first joins a seat and that keeps a guest's games), seat and
owner tokens given as ``Authorization: Bearer <token>``, and the rule for a game's record: a
public table's games are everyone's, a private table's only its players' (and its owner's).

Tokens are never logged or stored: the server keeps their SHA-256 hashes only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from starlette.requests import HTTPConnection
from starlette.responses import Response

from rummykit.server.db import PlayRow
from rummykit.server.tokens import new_token, token_hash

PLAYER_COOKIE = "rummykit_player"
PLAYER_MAX_AGE = 400 * 24 * 3600
"""The browser token cookie's lifetime (seconds): 400 days, the longest browsers keep a cookie; it is
set again, for as long, whenever the browser joins a seat."""

_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,100}")


def player_token(request: HTTPConnection) -> str | None:
    """The browser token the request carries (its cookie), or ``None`` (none, or not one)."""
    value = request.cookies.get(PLAYER_COOKIE)
    return value if value is not None and _TOKEN.fullmatch(value) else None


def player_hash(request: HTTPConnection) -> str | None:
    """The hash of the request's browser token, or ``None``."""
    token = player_token(request)
    return None if token is None else token_hash(token)


def joining_player(request: HTTPConnection) -> tuple[str, str]:
    """The browser token of a request joining a seat (its own, or a new one) and its hash."""
    token = player_token(request) or new_token()
    return token, token_hash(token)


def set_player_cookie(response: Response, request: HTTPConnection, token: str) -> None:
    """Keep ``token`` in the browser: HttpOnly (no script reads it), SameSite=Lax, Secure over
    HTTPS."""
    response.set_cookie(
        PLAYER_COOKIE,
        token,
        max_age=PLAYER_MAX_AGE,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def credentials(request: HTTPConnection) -> set[str]:
    """The hashes of every token the request carries: its browser token and a bearer token."""
    hashes = set()
    own = player_hash(request)
    if own is not None:
        hashes.add(own)
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    value = value.strip()
    if scheme.lower() == "bearer" and _TOKEN.fullmatch(value):
        hashes.add(token_hash(value))
    return hashes


def may_read(
    public: bool, owner_hash: str, plays: Iterable[PlayRow], hashes: set[str], account: int | None = None
) -> bool:
    """Whether a request carrying tokens of ``hashes`` (signed in as ``account``) may read a game's
    record: always for a public table's; for a private table's, with the owner's token, a
    player's seat token, a player's browser token or signed in as a player."""
    if public:
        return True
    if owner_hash in hashes:
        return True
    return any(
        p.token_hash in hashes
        or (p.player_hash is not None and p.player_hash in hashes)
        or (account is not None and p.account_id == account)
        for p in plays
    )
