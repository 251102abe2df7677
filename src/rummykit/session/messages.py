"""The session's own message codes (rendered by :func:`rummykit.messages.render`) and its error.

A session refuses a command that makes no sense for the rack or the draft with a
:class:`SessionError`: like :class:`rummykit.errors.IllegalActionError` a code with parameters,
so every client renders it in its own language.
"""

from __future__ import annotations

from rummykit.errors import RummykitError
from rummykit.messages import register, render


class SessionError(RummykitError):
    """A session command that can't be carried out (a position off the rack, an unknown sort);
    nothing changed. ``code`` and ``params`` (JSON values) as in :mod:`rummykit.messages`."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(render(code, params))
        self.code = code
        self.params = params

    def to_json(self) -> dict[str, object]:
        """``{"code": …, "params": {…}}``."""
        return {"code": self.code, "params": dict(self.params)}


MESSAGES = {
    "rack_no_position": "there is no position {position}: the {rack} has 1..{size}",
    "rack_empty_position": "position {position} is empty",
    "rack_not_held": "you don't hold {piece}",
    "rack_no_sort": "there is no sort {how}: the sorts are {ways}",
}
register(MESSAGES)

__all__ = ["MESSAGES", "SessionError"]
