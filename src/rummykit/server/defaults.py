"""What the turn timer plays when a person's time runs out: the game's own default move
(:meth:`rummykit.engine.game.Game.timeout_action`: draw, then let the drawn piece go, by discarding
it or ending the turn), over and over until the seat's turn is over (at most
:data:`MAX_DEFAULT_STEPS` actions). Every default move is marked ``timed_out`` for all to see.
"""

from __future__ import annotations

from typing import Any

from rummykit.core.notation import parse_face
from rummykit.core.pieces import Kind

MAX_DEFAULT_STEPS = 3
"""Most actions a timeout plays for one turn."""


def drawn_face(kind: Kind, own: list[dict[str, Any]], public: list[dict[str, Any]]) -> int | None:
    """The face a seat learnt it drew: the first text parameter of an action's events that the
    seat's view (``own``, ``game.events_for(events, seat)``) has and the public view (``public``,
    ``game.events_for(events, None)``) lacks, read as a piece of ``kind``."""
    for mine, theirs in zip(own, public, strict=True):
        for key, value in mine["params"].items():
            if key not in theirs["params"] and isinstance(value, str):
                return parse_face(kind, value)
    return None
