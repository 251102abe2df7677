"""Structured events: what happened when an action was applied, as codes with parameters.

An :class:`Event` has a ``code`` (rendered by :mod:`rummykit.messages`), the ``seat`` it concerns
(the mover, or ``None`` for the table), public ``params`` and ``private`` params that only that
seat may learn (the piece it drew). :func:`events_for` is the one filter that decides what a seat
or a spectator receives; every interface sends events through it. Parameters are JSON values:
pieces in notation (``"R7"``), seats as numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rummykit.messages import render


@dataclass(frozen=True)
class Event:
    """One thing that happened: ``code``, the ``seat`` it concerns, public ``params`` and the
    ``private`` params only ``seat`` may see (``None``: nothing private)."""

    code: str
    seat: int | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    private: Mapping[str, Any] | None = None

    def view(self, viewer: int | None) -> dict[str, Any]:
        """The event as ``viewer`` (a seat, or ``None`` for a spectator) may see it, as JSON:
        ``{"code", "seat", "params"}`` with the private params merged in for the seat itself."""
        params = dict(self.params)
        if self.private is not None and viewer is not None and viewer == self.seat:
            params.update(self.private)
        return {"code": self.code, "seat": self.seat, "params": params}

    def text(self, viewer: int | None = None) -> str:
        """English text of the event as ``viewer`` sees it."""
        return render(self.code, self.view(viewer)["params"])


def events_for(events: Iterable[Event], viewer: int | None) -> list[dict[str, Any]]:
    """What ``viewer`` (a seat, or ``None`` for a spectator) may learn of ``events``, as JSON."""
    return [e.view(viewer) for e in events]


def note(code: str, **params: Any) -> dict[str, Any]:
    """A note of a round result or an event parameter: ``{"code": …, "params": {…}}``."""
    return {"code": code, "params": params}
