"""What the turn timer plays when a person's time runs out: the game's own default move
(:meth:`rummykit.engine.game.Game.timeout_action`: draw, then let a piece go, by discarding it or
ending the turn), over and over until the seat's turn is over (at most :data:`MAX_DEFAULT_STEPS`
actions). Where the default is a discard, the piece let go is the :data:`TIMER_BOT`'s choice
among the discards and finishes (:func:`timer_choices`: a wild or a joker only when nothing else
may go), when it answers within :data:`TIMER_BOT_SECONDS`; else the default's (the piece drawn).
Every default move is marked ``timed_out`` for all to see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummykit.core.notation import parse_face
from rummykit.core.pieces import JOKER, Kind
from rummykit.engine.game import Game

PUBLIC_TURN_SECONDS = 45.0
"""A public table's turn timer when its create request names none (``turn_seconds: null`` asks
for no timer): online Okey rooms give 15 to 30 seconds, Kalooki's and Carousel's melding turns
take longer, so one default for every game leans long."""

MAX_DEFAULT_STEPS = 3
"""Most actions a timeout plays for one turn."""

TIMER_BOT = "greedy"
"""The bot (:mod:`rummykit.bots.registry`) whose discard a timed-out turn plays: the game's greedy
bot, deterministic, a few milliseconds a move."""

TIMER_BOT_SECONDS = 2.0
"""The longest the timer waits for :data:`TIMER_BOT`'s choice (seconds); then the default's."""

TIMER_VERBS = ("discard", "finish")
"""The verbs among which :data:`TIMER_BOT` chooses the piece to let go."""


def timer_choices(game: Game[Any, Any], observation: dict[str, Any], legal: Sequence[Any]) -> list[str]:
    """The texts of the actions of ``legal`` (the seat's legal actions) among which the timer's bot
    chooses when the default move is a discard: the discards and the finishes, without the
    discards of a wild (the observation's ``wilds`` faces) or a joker (an Okey false joker) while
    another discard remains."""
    wild = {JOKER, *observation.get("wilds", ())}
    kept: list[str] = []
    spoiling: list[str] = []
    plain_discards = 0
    for action in legal:
        parts = game.action_parts(action)
        if parts["verb"] not in TIMER_VERBS:
            continue
        discard = parts["verb"] == "discard"
        if discard and parse_face(game.kind, parts["pieces"][0]) in wild:
            spoiling.append(game.action_text(action))
        else:
            kept.append(game.action_text(action))
            plain_discards += discard
    return kept if plain_discards else kept + spoiling


def timer_pick(game: Game[Any, Any], default: Any, choices: Sequence[str], chosen: str | None) -> Any:
    """The action a timed-out turn plays where ``default`` (the game's default move) is a discard:
    the bot's ``chosen`` text when it is one of ``choices`` (:func:`timer_choices`), else
    ``default`` (no answer in time, a failing bot, a choice outside them)."""
    return game.parse_action(chosen) if chosen is not None and chosen in choices else default


def drawn_face(kind: Kind, own: list[dict[str, Any]], public: list[dict[str, Any]]) -> int | None:
    """The face a seat learnt it drew: the first text parameter of an action's events that the
    seat's view (``own``, ``game.events_for(events, seat)``) has and the public view (``public``,
    ``game.events_for(events, None)``) lacks, read as a piece of ``kind``."""
    for mine, theirs in zip(own, public, strict=True):
        for key, value in mine["params"].items():
            if key not in theirs["params"] and isinstance(value, str):
                return parse_face(kind, value)
    return None
