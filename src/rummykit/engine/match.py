"""Playing a whole match between bots, optionally writing its record."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rummykit.engine.events import Event
from rummykit.engine.game import Game, Outcome
from rummykit.engine.records import RecordWriter
from rummykit.engine.state import State


class Bot(Protocol):
    """A player the match loop can ask for moves: it chooses from its seat's observation (the dict
    of :meth:`Game.observe`) and the legal actions, never from the state. Bots are built as
    ``Bot(game, seed)``; the terminal clients' human seats implement the same protocol."""

    name: str

    def choose(self, observation: dict[str, Any], legal: list[Any]) -> Any:
        """One action, legal now: one of ``legal``, or another legal action of the game."""
        ...


StepHook = Callable[[int, list[Event]], None]
"""Called after every action with the seat that acted and what happened."""


def play_match(
    game: Game[Any, Any],
    state: State,
    bots: Sequence[Bot],
    writer: RecordWriter | None = None,
    on_step: StepHook | None = None,
) -> Outcome:
    """Let ``bots`` (one per seat) play the match ``state`` of ``game`` to its end (``state``
    changes in place); returns the outcome. Each bot is asked with its own observation and legal
    actions; each action goes, once applied, to ``writer`` (the record) and, with its events, to
    ``on_step``. An illegal choice raises :class:`rummykit.errors.IllegalActionError`."""
    while (seat := game.current_seat(state)) is not None:
        action = bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat))
        events = game.apply(state, seat, action)
        if writer is not None:
            writer.action(seat, game.action_text(action))
        if on_step is not None:
            on_step(seat, events)
    outcome = game.outcome(state)
    if outcome is None:
        raise AssertionError(f"{game.variant}: no seat to move but no outcome")
    if writer is not None:
        writer.outcome(outcome)
    return outcome
