"""Secret seat tokens: handed out once, stored only as a hash."""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24
"""Entropy of a token (bytes); its text is URL-safe base64, 32 characters."""


def new_token() -> str:
    """A fresh secret token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_id() -> str:
    """A fresh public id for a table or a game (12 URL-safe characters)."""
    return secrets.token_urlsafe(9)


def token_hash(token: str) -> str:
    """The stored form of ``token``: SHA-256, hex."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def token_matches(token: object, stored: str | None) -> bool:
    """Whether ``token`` (any JSON value a client sent) is the token whose hash is ``stored``;
    compared in constant time."""
    if stored is None or not isinstance(token, str) or len(token) > 200:
        return False
    return hmac.compare_digest(token_hash(token), stored)
