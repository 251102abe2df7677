"""The exception hierarchy of rummykit.

Every error a user can cause (bad notation, an invalid meld, an illegal move, a bad option, a corrupt
record) is a :class:`RummykitError`, so interfaces catch one type and print its message.
"""

from __future__ import annotations

from rummykit.messages import render


class RummykitError(Exception):
    """Base of every error caused by input: the message is meant for a person.

    Raised bare (its message English only) by the command line alone and by the few library
    modules ``tests/test_error_codes.py`` allows; every error a player can cause is a
    :class:`CodedError`, :class:`NotationError` or :class:`RecordError` whose code (and every code
    nested in its parameters) is registered in :mod:`rummykit.messages`, so that each client
    renders it in its own language (the test checks the source and fuzzes the games).

    Every subclass pickles as it is (its message and attributes, whatever its ``__init__`` takes),
    so an error raised in a worker process reaches the parent intact."""

    def __reduce__(self) -> tuple[object, ...]:
        return _restore, (type(self), self.args, self.__dict__)


def _restore(kind: type[RummykitError], args: tuple[object, ...], state: dict[str, object]) -> RummykitError:
    """An error of type ``kind`` with ``args`` and attributes ``state``, built without its
    ``__init__`` (whose parameters differ from class to class): :meth:`RummykitError.__reduce__`."""
    error = kind.__new__(kind, *args)
    error.args = args
    error.__dict__.update(state)
    return error


MAX_SHOWN = 40
"""Longest bad token repeated in full in an error message."""


def _message(code: str, params: dict[str, object]) -> dict[str, object]:
    """``code`` and ``params`` as a nested message parameter (:mod:`rummykit.messages`)."""
    return {"code": code, "params": dict(params)}


class NotationError(RummykitError, ValueError):
    """A piece, hand or action written in notation that can't be read.

    ``token`` is the offending text, as given; ``code`` and ``params`` say why (a message code of
    :mod:`rummykit.messages`), ``reason`` is its English text. ``str(error)`` is ``'token':
    reason``.
    """

    def __init__(self, token: str, code: str, **params: object) -> None:
        shown = token if len(token) <= MAX_SHOWN else token[: MAX_SHOWN - 3] + "..."
        reason = render(code, params)
        super().__init__(f"{shown!r}: {reason}")
        self.token = token
        self.code = code
        self.params = params
        self.reason = reason

    @classmethod
    def because(cls, token: str, error: RummykitError) -> NotationError:
        """A notation error about ``token`` for the reason ``error`` gives (its code and
        parameters: an invalid meld, say)."""
        code, params = code_of(error)
        return cls(token, code, **params)

    def to_json(self) -> dict[str, object]:
        """``{"code": "notation", "params": {"token", "reason"}}``: the token (its first
        :data:`MAX_SHOWN` characters) and why, a nested ``{"code", "params"}``."""
        return _message(*code_of(self))


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


class MeldError(CodedError, ValueError):
    """Pieces that do not form a valid meld (set, run or pair) under the variant's rules: a code
    (``meld.…``, or a game's own such as ``okey_101.pair_two_tiles``) with parameters."""


class RulesError(CodedError, ValueError):
    """An unknown rules option, or a value of the wrong type or out of range: a code
    (``rules.…``) with parameters."""


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

    ``line`` is the 1-based line of the record at fault (0 when the file can't be read at all);
    ``code`` and ``params`` say why (``record.…``), ``reason`` is its English text.
    """

    def __init__(self, line: int, code: str, **params: object) -> None:
        reason = render(code, params)
        super().__init__(f"line {line}: {reason}" if line else reason)
        self.line = line
        self.code = code
        self.params = params
        self.reason = reason

    @classmethod
    def because(cls, line: int, error: RummykitError) -> RecordError:
        """A record error at ``line`` for the reason ``error`` gives (its code and parameters: a
        header's rules of another game, say)."""
        code, params = code_of(error)
        return cls(line, code, **params)


def code_of(error: RummykitError) -> tuple[str, dict[str, object]]:
    """Why ``error`` was raised: its code and parameters (a notation error: ``notation`` with its
    token and reason; a bare :class:`RummykitError`, the command line's: its English text as the
    code, which renders as itself)."""
    if isinstance(error, NotationError):
        return "notation", {"token": error.token[:MAX_SHOWN], "reason": _message(error.code, error.params)}
    if isinstance(error, CodedError | RecordError):
        return error.code, dict(error.params)
    return str(error), {}


def message_of(error: RummykitError) -> dict[str, object]:
    """:func:`code_of` as a nested message parameter ``{"code", "params"}``."""
    return _message(*code_of(error))
