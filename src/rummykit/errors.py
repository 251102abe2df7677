"""The exception hierarchy of rummykit.

Every error a user can cause (bad notation, an invalid meld, an illegal move, a bad option, a corrupt
record) is a :class:`RummykitError`, so interfaces catch one type and print its message.
"""

from __future__ import annotations

from rummykit.messages import render


class RummykitError(Exception):
    """Base of every error caused by input: the message is meant for a person."""


MAX_SHOWN = 40
"""Longest bad token repeated in full in an error message."""


class NotationError(RummykitError, ValueError):
    """A piece, hand or action written in notation that can't be read.

    ``token`` is the offending text, as given.
    """

    def __init__(self, token: str, reason: str) -> None:
        shown = token if len(token) <= MAX_SHOWN else token[: MAX_SHOWN - 3] + "..."
        super().__init__(f"{shown!r}: {reason}")
        self.token = token
        self.reason = reason


class MeldError(RummykitError, ValueError):
    """Pieces that do not form a valid meld (set, run or pair) under the variant's rules."""


class RulesError(RummykitError, ValueError):
    """An unknown rules option, or a value of the wrong type or out of range."""


class CodedError(RummykitError):
    """An error told as a ``code`` (see :mod:`rummykit.messages`) with ``params`` (JSON values),
    so every client renders it in its own language; the message is the English rendering."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(render(code, params))
        self.code = code
        self.params = params

    def to_json(self) -> dict[str, object]:
        """``{"code": …, "params": {…}}``."""
        return {"code": self.code, "params": dict(self.params)}


class IllegalActionError(CodedError):
    """An action that is not legal in the current state; the state is left unchanged. Nothing in
    its code or parameters reveals what the mover may not see."""


class MalformedActionError(IllegalActionError):
    """An action object that is no well-formed action of the game (another game's action, ``None``,
    a verb with a piece face out of range): code ``malformed_action``, with the action as its
    ``repr`` (cut to :data:`MAX_SHOWN` characters; its type's name where it has no ``repr``, such
    as a number too long to write) and ``reason``, what is wrong, in English for the code that
    built it (an action read from text or an id is always well formed)."""

    def __init__(self, action: object, reason: str) -> None:
        try:
            shown = repr(action)[:MAX_SHOWN]
        except Exception:  # any value may come here, with any repr
            shown = f"<{type(action).__name__}>"
        super().__init__("malformed_action", action=shown, reason=reason)


class NotYourTurnError(IllegalActionError):
    """A seat acted that is not the seat to move (or no seat is to move)."""


class RecordError(RummykitError):
    """A game record that is malformed, tampered with, or does not replay.

    ``line`` is the 1-based line of the record at fault (0 when the file can't be read at all).
    """

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}" if line else reason)
        self.line = line
        self.reason = reason
