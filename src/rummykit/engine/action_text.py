"""Reading the verb of an action written in text, for every game's action notation."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import TypeVar

from rummykit.errors import NotationError

E = TypeVar("E", bound=StrEnum)


def read_verb(text: str, verbs: type[E], allowed: Iterable[E] | None = None) -> tuple[E, str]:
    """(the verb, the rest of the text) of an action such as ``discard 7H``; the verb is
    case-insensitive. Raises :class:`NotationError` for an empty text or a verb not ``allowed``
    (default: every member of ``verbs``), listing the known verbs."""
    known = list(allowed) if allowed is not None else list(verbs)
    names = ", ".join(v.value for v in known)
    words = text.split()
    if not words:
        raise NotationError(text, f"empty action; the actions are {names}")
    verb = next((v for v in known if v.value == words[0].lower()), None)
    if verb is None:
        raise NotationError(words[0], f"unknown action; the actions are {names}")
    return verb, text.strip()[len(words[0]) :].strip()
