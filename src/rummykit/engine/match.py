"""Playing a whole match between bots, optionally writing its record."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rummykit.engine.game import Event, Game, Outcome
from rummykit.engine.records import RecordWriter


class Bot(Protocol):
    """A player the match loop can ask for moves: it chooses from an observation and the legal
    actions (never from the state). Bots and the terminal clients' human seats implement it."""

    name: str

    def choose(self, observation: Any, legal: list[Any]) -> Any:
        """One action, legal now: one of ``legal``, or another legal action of the game."""
        ...


StepHook = Callable[[int, list[Event]], None]
"""Called after every action with the seat that acted and what happened."""


def play_match(
    game: Game[Any, Any],
    bots: Sequence[Bot],
    writer: RecordWriter | None = None,
    on_step: StepHook | None = None,
) -> Outcome:
    """Let ``bots`` (one per seat) play ``game`` to its end; returns the outcome. Each action goes
    to ``writer`` (the record) and, with its events, to ``on_step``."""
    while not game.is_terminal():
        seat = game.current_seat
        assert seat is not None
        action = bots[seat].choose(game.observation(seat), game.legal_actions())
        if writer is not None:
            writer.action(seat, game.action_text(action))
        events = game.apply(action)
        if on_step is not None:
            on_step(seat, events)
    outcome = game.outcome()
    assert outcome is not None
    if writer is not None:
        writer.outcome(outcome)
    return outcome
