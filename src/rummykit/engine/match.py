"""Playing a whole match between bots, optionally writing its record."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummykit.bots.base import Bot
from rummykit.engine.game import Game, Outcome
from rummykit.engine.records import RecordWriter


def play_match(game: Game[Any, Any], bots: Sequence[Bot], writer: RecordWriter | None = None) -> Outcome:
    """Let ``bots`` (one per seat) play ``game`` to its end; returns the outcome."""
    while not game.is_terminal():
        seat = game.current_seat
        assert seat is not None
        action = bots[seat].choose(game.observation(seat), game.legal_actions())
        if writer is not None:
            writer.action(seat, game.action_text(action))
        game.apply(action)
    outcome = game.outcome()
    assert outcome is not None
    if writer is not None:
        writer.outcome(outcome)
    return outcome
