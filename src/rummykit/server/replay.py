"""Replays: a finished game (or a record a client sends) stepped move by move, for the replay viewer.

The record is re-simulated by the engine (:func:`rummykit.engine.records.replay`, every line
checked); nothing is simulated in the client. A replay answers in two parts (``docs/protocol.md``,
"Replays"): the *summary* (the header, the outcome and every step's seat, action and events, as
:func:`summary` gives it) and one *step* at a time (every seat's observation and the spectators',
:func:`step_view`), so that a whole match is never sent as one answer of megabytes. The events are
revealed: each as its own seat saw it (the piece drawn from the stock included), with the names of
the parameters a spectator did not see under ``private``.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from rummykit.engine.events import Event
from rummykit.engine.game import Game
from rummykit.engine.records import Replayed, outcome_json, replay
from rummykit.engine.state import State
from rummykit.errors import RecordError, message_of
from rummykit.server.protocol import ProtocolError
from rummykit.variants.registry import game_from_record

MAX_RECORD_BYTES = 4_000_000
"""The longest record a client may send (bytes): a whole Kalooki match of bots is about 60 kB."""
CACHED = 8
"""Replays kept in memory (least recently used first out), so that stepping costs no replay."""


@dataclass
class GameReplay:
    """A replayed record: the game, its header, the state after every step (``states[0]`` the
    deal, ``states[n]`` after the ``n``-th action), each step's seat, action and revealed events
    (``moves[0]`` the deal, with no seat or action), whether the record had its outcome line."""

    game: Game[Any, Any]
    header: dict[str, Any]
    states: list[State] = field(default_factory=list)
    moves: list[dict[str, Any]] = field(default_factory=list)
    complete: bool = False


def revealed(events: list[Event]) -> list[dict[str, Any]]:
    """``events`` as JSON with every hidden parameter shown: each event as its own seat saw it,
    ``{"code", "seat", "params"}``, plus ``"private": [names]`` when some parameters were hidden
    from everyone else."""
    out = []
    for event in events:
        data = event.view(event.seat)
        if event.private:
            data["private"] = sorted(event.private)
        out.append(data)
    return out


def build(lines: Iterable[str]) -> GameReplay:
    """Replay a record's lines; a fault is ``ProtocolError("bad_record", line, reason)``."""
    kept: GameReplay | None = None

    def on_step(done: Replayed, seat: int, text: str, events: list[Event]) -> None:
        nonlocal kept
        if kept is None:
            kept = _dealt(done)
        kept.states.append(done.state.clone())
        kept.moves.append(_move(done.game, done.state, seat, text, revealed(events)))

    try:
        done = replay(lines, game_from_record, on_step)
    except RecordError as exc:
        raise ProtocolError("bad_record", line=exc.line, reason=message_of(exc)) from None
    if kept is None:  # a record of the deal alone
        kept = _dealt(done)
    kept.complete = done.complete
    return kept


def _dealt(done: Replayed) -> GameReplay:
    """A replay holding the deal of ``done``'s match (dealt again from the header's seed)."""
    deal = done.game.new_state(done.header["seed"])
    return GameReplay(done.game, done.header, [deal], [_move(done.game, deal, None, None, [])])


def _move(
    game: Game[Any, Any], state: State, seat: int | None, text: str | None, events: list[dict[str, Any]]
) -> dict[str, Any]:
    """A step of the summary: who played what (the action's text and parts), the round it left the
    game in, its events."""
    parts = None if text is None else game.action_parts(game.parse_action(text))
    return {
        "seat": seat,
        "action": text,
        "parts": parts,
        "round": game.observe(state, None)["round"],
        "events": events,
    }


def from_text(body: bytes) -> GameReplay:
    """A replay of a record sent as the body of a request (JSON Lines, UTF-8)."""
    if len(body) > MAX_RECORD_BYTES:
        raise ProtocolError("too_large", limit=MAX_RECORD_BYTES)
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("bad_record", line=0, reason={"code": "record.not_text", "params": {}}) from None
    return build(text.splitlines())


def summary(done: GameReplay, game_id: str | None) -> dict[str, Any]:
    """The ``replay`` answer: the header's variant, rules, seat names and seed, whether the record
    was complete, the outcome (null when the match did not end), the number of the last step and
    every step's ``{"seat", "action", "parts", "round", "events"}`` (step 0 is the deal, with no
    seat, action or parts)."""
    outcome = done.game.outcome(done.states[-1])
    head = done.header
    return {
        "type": "replay",
        "game": game_id,
        "variant": head["variant"],
        "rules": head["rules"],
        "seats": head["seats"],
        "seed": head["seed"],
        "complete": done.complete,
        "outcome": None if outcome is None else outcome_json(outcome),
        "last": len(done.states) - 1,
        "steps": done.moves,
    }


def step_view(done: GameReplay, game_id: str | None, text: str) -> dict[str, Any]:
    """The ``replay_step`` answer for step ``text`` (digits, 0 to the last): its seat, action and
    events as in the summary, and ``views``: ``{"seats": [game.observe(state, seat) for each
    seat], "spectator": game.observe(state, None)}`` after it. A step that is not a number of the
    game is ``no_such_step``."""
    last = len(done.states) - 1
    if not (text.isdigit() and len(text) <= 9) or int(text) > last:
        raise ProtocolError("no_such_step", step=text[:20], last=last)
    n = int(text)
    game, state = done.game, done.states[n]
    return {
        "type": "replay_step",
        "game": game_id,
        "step": n,
        "last": last,
        **done.moves[n],
        "over": game.is_terminal(state),
        "views": {
            "seats": [game.observe(state, seat) for seat in range(game.players)],
            "spectator": game.observe(state, None),
        },
    }


class ReplayCache:
    """The last :data:`CACHED` replays by key (a game id, or a record's hash)."""

    def __init__(self, size: int = CACHED) -> None:
        self.size = size
        self.kept: OrderedDict[str, GameReplay] = OrderedDict()

    def get(self, key: str, make: Callable[[], GameReplay]) -> GameReplay:
        """The replay kept under ``key``, else ``make()`` (kept when it succeeds)."""
        if key in self.kept:
            self.kept.move_to_end(key)
            return self.kept[key]
        done = make()
        self.kept[key] = done
        while len(self.kept) > self.size:
            self.kept.popitem(last=False)
        return done


def text_key(body: bytes) -> str:
    """The cache key of a record sent by a client."""
    return "text:" + hashlib.sha256(body).hexdigest()
