"""A seat's session: what a player's client holds beyond the engine, fed by the seat's view only.

A :class:`SeatSession` is fed with what the seat may learn: :meth:`SeatSession.update` takes the
seat's observation (``game.observe(state, seat)``), its events (``game.events_for(events, seat)``)
and its legal actions (``game.legal_actions(state, seat)``). A local game feeds it directly; a
networked client will feed it from the server's messages. It never reads a state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rummykit.engine.codec import from_jsonable
from rummykit.engine.game import Game, RoundResult
from rummykit.messages import render
from rummykit.session.rack import Rack


@dataclass
class EventLog:
    """The seat's events in order (JSON dicts ``{"code", "seat", "params"}``), kept to
    ``limit`` entries (the oldest dropped first)."""

    limit: int = 1000
    events: list[dict[str, Any]] = field(default_factory=list)

    def extend(self, events: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Append ``events``; returns them."""
        added = [dict(e) for e in events]
        self.events.extend(added)
        del self.events[: max(0, len(self.events) - self.limit)]
        return added

    def texts(self, last: int | None = None) -> list[str]:
        """The events (the ``last`` ones only, when given) in English."""
        shown = self.events if last is None else self.events[-last:] if last else []
        return [render(str(e["code"]), e.get("params", {})) for e in shown]


def round_result(event: Mapping[str, Any]) -> RoundResult | None:
    """The round's result an event carries (the round-end event's ``params["result"]``), else
    ``None``."""
    data = event.get("params", {}).get("result")
    if data is None:
        return None
    result: RoundResult = from_jsonable(RoundResult, data)
    return result


def verb_of(text: str) -> str:
    """The verb of an action text: its first word (``discard`` of ``discard R7``)."""
    return text.split(maxsplit=1)[0] if text.strip() else ""


class SeatSession:
    """One seat's session on ``game``: its rack order, event log, legal actions and last view.

    ``capacity`` is the rack's number of slots (``None``: a row without gaps); ``rack_word`` what
    the pieces held are called. Until the first :meth:`update`, the observation is empty and
    nothing is legal.
    """

    def __init__(
        self, game: Game[Any, Any], seat: int, capacity: int | None = None, rack_word: str = "rack"
    ) -> None:
        self.game = game
        self.seat = seat
        self.rack = Rack(game.kind, capacity, rack_word)
        self.log = EventLog()
        self.observation: dict[str, Any] = {}
        self.legal: list[Any] = []

    def update(
        self,
        observation: Mapping[str, Any],
        events: Iterable[Mapping[str, Any]] = (),
        legal: Sequence[Any] = (),
    ) -> list[int]:
        """Take the seat's new ``observation``, the ``events`` it learnt and its ``legal`` actions;
        the rack follows the hand. Returns the faces that arrived in the rack."""
        self.observation = dict(observation)
        self.log.extend(events)
        self.legal = list(legal)
        return self.rack.sync(self.hand, self.round_no)

    # ------------------------------------------------------------------ the view's common keys
    @property
    def hand(self) -> list[int]:
        """The seat's pieces (faces), as the engine lists them."""
        return list(self.observation.get("hand", ()))

    @property
    def round_no(self) -> int:
        """The round being played (0 before the first update)."""
        return int(self.observation.get("round", 0))

    @property
    def to_move(self) -> int | None:
        """The seat to move (``None`` at the match's end)."""
        value = self.observation.get("to_move")
        return None if value is None else int(value)

    @property
    def my_turn(self) -> bool:
        """Whether this seat is to move."""
        return self.to_move == self.seat

    @property
    def order(self) -> list[int]:
        """The seat's pieces in its own rack order."""
        return self.rack.order

    # ------------------------------------------------------------------ what can I do now
    def texts(self) -> list[str]:
        """The canonical texts of the legal actions."""
        return [self.game.action_text(a) for a in self.legal]

    def choices(self) -> dict[str, list[str]]:
        """What the seat can do now: the legal actions' texts grouped by verb, in the engine's
        order (empty when it is not to move)."""
        out: dict[str, list[str]] = {}
        for text in self.texts():
            out.setdefault(verb_of(text), []).append(text)
        return out

    def can(self, verb: str) -> bool:
        """Whether an action with ``verb`` is legal now."""
        return any(verb_of(t) == verb for t in self.texts())


__all__ = ["EventLog", "SeatSession", "round_result", "verb_of"]
