"""The session's own message codes (rendered by :func:`rummykit.messages.render`) and its error.

A session refuses a command that makes no sense for the rack or the draft with a
:class:`SessionError`: like :class:`rummykit.errors.IllegalActionError` a
:class:`~rummykit.errors.CodedError`, so every client renders it in its own language.
"""

from __future__ import annotations

from rummykit.errors import CodedError
from rummykit.messages import register


class SessionError(CodedError):
    """A session command that can't be carried out (a position off the rack, an unknown sort);
    nothing changed."""


MESSAGES = {
    "rack_no_position": "there is no position {position}: the {rack} has 1..{size}",
    "rack_empty_position": "position {position} is empty",
    "rack_not_held": "you don't hold {piece}",
    "rack_no_sort": "there is no sort {how}: the sorts are {ways}",
    "draft_name_cards": "name the cards, e.g. 7H 8H or JK[9H]",
    "draft_name_cards_to_move": "name the cards to move, e.g. move 2 5H 4",
    "draft_which_joker": "meld {number} holds {count} jokers: say which, e.g. JK[5H]",
    "draft_not_built": "your draft is the table as it is: build one first (new, add, ...)",
    "no_hint": "a hint is given on your turn",
}
register(MESSAGES)

__all__ = ["MESSAGES", "SessionError"]
