"""Every game's actions as text and as parts: reading the verb of an action written in text, and
the one scheme of an action's structured *parts* (``Game.action_parts``), which clients read
instead of the text.

The parts of an action are a JSON object:

* ``verb``: the action's verb as its text writes it (``draw``, ``discard``, ``layoff``, ``move``…);
* ``pieces``: the pieces it plays or names, in notation (``R7``, ``7H``; a joker or false joker
  as ``JK`` / ``F``, never with its declaration), in the order the text writes them; ``[]`` for
  none;
* ``declared`` (only when a piece of ``pieces`` is declared): as long as ``pieces``, the card each
  piece stands for in notation, ``null`` for a piece that is not declared;
* ``melds`` (actions that lay whole melds: ``meld``, a whole table, a finish with its own
  arrangement): each meld as ``{"pieces", "declared"}`` (``declared`` as above); ``pieces`` then
  holds every meld's pieces in order;
* ``target`` (actions that put pieces on a table meld): the meld's number (1-based), ``null`` for a
  new meld;
* ``source`` (actions that take a piece from a table meld): the meld's number; absent when the
  piece comes from the hand.

Examples: ``{"verb": "discard", "pieces": ["R7"]}``; ``{"verb": "layoff", "pieces": ["JK"],
"declared": ["9H"], "target": 3}``; ``{"verb": "move", "pieces": ["7H"], "source": 3, "target":
null}``.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Any, TypeVar

from rummykit.core.notation import format_face
from rummykit.core.pieces import Kind
from rummykit.errors import NotationError

Parts = dict[str, Any]
"""An action's parts (the module docstring): JSON values."""

E = TypeVar("E", bound=StrEnum)


def read_verb(text: str, verbs: type[E], allowed: Iterable[E] | None = None) -> tuple[E, str]:
    """(the verb, the rest of the text) of an action such as ``discard 7H``; the verb is
    case-insensitive. Raises :class:`NotationError` for an empty text or a verb not ``allowed``
    (default: every member of ``verbs``), listing the known verbs."""
    known = list(allowed) if allowed is not None else list(verbs)
    names = ", ".join(v.value for v in known)
    words = text.split()
    if not words:
        raise NotationError(text, "notation.no_action", actions=names)
    verb = next((v for v in known if v.value == words[0].lower()), None)
    if verb is None:
        raise NotationError(words[0], "notation.unknown_action", actions=names)
    return verb, text.strip()[len(words[0]) :].strip()


def piece_parts(kind: Kind, pieces: Iterable[tuple[int, int | None]]) -> Parts:
    """``{"pieces", "declared"}`` of ``(face, declared face or None)`` pairs, in notation of
    ``kind``; ``declared`` only when some piece is declared."""
    listed = list(pieces)
    out: Parts = {"pieces": [format_face(kind, face) for face, _ in listed]}
    if any(declared is not None for _, declared in listed):
        out["declared"] = [None if d is None else format_face(kind, d) for _, d in listed]
    return out


def melds_parts(kind: Kind, melds: Iterable[Iterable[tuple[int, int | None]]]) -> Parts:
    """``{"pieces", "declared", "melds"}`` of melds of ``(face, declared face or None)`` pairs:
    each meld's :func:`piece_parts`, and every meld's pieces in order."""
    listed = [list(meld) for meld in melds]
    out = piece_parts(kind, [piece for meld in listed for piece in meld])
    out["melds"] = [piece_parts(kind, meld) for meld in listed]
    return out
