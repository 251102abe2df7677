"""Where the match a terminal client shows is played: here, against bots (:class:`LocalLink`), or on
a rummykit server (:class:`RemoteLink`, ``rummykit connect``).

A link is what the client knows of the match as one seat: that seat's observation and legal
actions, whose turn it is, the seat's own actions (:meth:`SeatLink.play`) and the other seats'
moves as they happen (:meth:`SeatLink.others`), each with the events the seat may learn. The
terminal client renders the same seat session from either, so playing at a server looks like
playing alone.
"""

from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from rummykit.engine.game import Game, Outcome
from rummykit.engine.match import Bot
from rummykit.engine.records import RecordWriter
from rummykit.engine.state import State
from rummykit.errors import IllegalActionError, RummykitError
from rummykit.messages import render, seat_name


@dataclass
class Move:
    """A move the seat did not type: ``seat`` played ``action`` (``None`` for a resync, which
    only brings the view up to date); ``events`` as the seat may learn them; the server's
    ``notices`` (a timer's default move, a bot standing in)."""

    seat: int
    action: Any
    events: list[dict[str, Any]]
    notices: list[dict[str, Any]] = field(default_factory=list)


class StuckError(RummykitError):
    """The seat to move has no legal action although the match is not over."""

    def __init__(self, seat: int) -> None:
        super().__init__(f"{seat_name(seat)} has no legal move: the game can't go on")
        self.seat = seat


class SeatLink(ABC):
    """One seat's side of a match: ``game`` (the rules), ``seat``, the seats' ``names``."""

    game: Game[Any, Any]
    seat: int
    names: list[str]

    @abstractmethod
    def view(self) -> tuple[dict[str, Any], list[Any]]:
        """The seat's observation now and its legal actions (empty when it is not its turn)."""

    @abstractmethod
    def to_move(self) -> int | None:
        """The seat to move, ``None`` once the match is over."""

    @abstractmethod
    def waiting(self) -> bool:
        """Whether moves of other seats (or the server's) come before the seat may act."""

    @abstractmethod
    def play(self, action: Any) -> list[dict[str, Any]]:
        """Play the seat's ``action``; the events as the seat learns them. Raises
        :class:`IllegalActionError` and changes nothing when the action is refused."""

    @abstractmethod
    def others(self) -> Move | None:
        """The next move made by someone else, waiting for it if need be; ``None`` when it is
        the seat's turn or the match is over. Raises :class:`StuckError`."""

    @abstractmethod
    def check(self, actions: Sequence[Any]) -> None:
        """Raise :class:`IllegalActionError` when the seat's ``actions``, played in turn, would be
        refused (as far as the link can tell before playing them)."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The match's outcome, once it is over."""

    @abstractmethod
    def who(self, seat: int) -> str:
        """``seat 3 (greedy)``, ``seat 1 (you)`` (:func:`~rummykit.messages.seat_name`)."""

    def is_over(self) -> bool:
        """Whether the match is over."""
        return self.to_move() is None

    def commands(self) -> dict[str, Callable[[list[str]], None]]:
        """The commands the link adds to the client's (a server's chat), by name."""
        return {}

    def help_text(self) -> str:
        """The lines of :meth:`commands` for ``help`` (``""``: none)."""
        return ""


class LocalLink(SeatLink):
    """The match played here: ``state`` changes in place; ``bots`` has a bot for every seat but the
    human's (``None``); every action goes to ``writer`` when there is one."""

    def __init__(
        self,
        game: Game[Any, Any],
        state: State,
        bots: Sequence[Bot | None],
        names: Sequence[str],
        seat: int = 0,
        writer: RecordWriter | None = None,
    ) -> None:
        self.game = game
        self.state: Any = state
        self.bots = list(bots)
        self.names = list(names)
        self.seat = seat
        self.writer = writer

    def view(self) -> tuple[dict[str, Any], list[Any]]:
        """The human's observation and legal actions, from the engine."""
        return self.game.observe(self.state, self.seat), self.game.legal_actions(self.state, self.seat)

    def to_move(self) -> int | None:
        """The engine's seat to move."""
        return self.game.current_seat(self.state)

    def waiting(self) -> bool:
        """Whether a bot is to move."""
        seat = self.to_move()
        return seat is not None and seat != self.seat

    def _apply(self, seat: int, action: Any) -> list[dict[str, Any]]:
        events = self.game.apply(self.state, seat, action)
        if self.writer is not None:
            self.writer.action(seat, self.game.action_text(action))
            outcome = self.game.outcome(self.state)
            if outcome is not None:
                self.writer.outcome(outcome)
        return self.game.events_for(events, self.seat)

    def play(self, action: Any) -> list[dict[str, Any]]:
        """Apply the human's ``action`` (recorded)."""
        return self._apply(self.seat, action)

    def others(self) -> Move | None:
        """The bot to move chooses from its own observation and moves."""
        seat = self.to_move()
        if seat is None or seat == self.seat:
            return None
        legal = self.game.legal_actions(self.state, seat)
        bot = self.bots[seat]
        if not legal or bot is None:
            raise StuckError(seat)
        action = bot.choose(self.game.observe(self.state, seat), legal)
        return Move(seat, action, self._apply(seat, action))

    def check(self, actions: Sequence[Any]) -> None:
        """Play ``actions`` on a copy of the match."""
        trial = self.state.clone()
        for action in actions:
            self.game.apply(trial, self.seat, action)

    def outcome(self) -> Outcome | None:
        """The engine's outcome."""
        return self.game.outcome(self.state)

    def who(self, seat: int) -> str:
        """The seat with its bot's name."""
        bot = self.bots[seat]
        return seat_name(seat, "you" if bot is None else bot.name)


class Connection(Protocol):
    """A WebSocket as the remote link uses it (``websockets``' synchronous client): JSON text in
    and out."""

    def send(self, message: str, /) -> None:
        """Send one message."""

    def recv(self, timeout: float | None = None, /) -> str | bytes:
        """The next message, waiting for it (at most ``timeout`` seconds, then
        :class:`TimeoutError`; ``None``: as long as it takes)."""


class RemoteLink(SeatLink):
    """The match played on a server (``docs/protocol.md``), seen through ``ws`` as ``seat``:
    ``first`` is the first ``state``/``sync`` message. The seat's actions are sent with ids and
    acknowledged; the other seats' moves are the server's ``state`` messages (``played`` and the
    seat's events); a gap in the versions asks for a ``sync``. A command of several actions can't
    be tried on a copy of the match: each is played in turn and the first refusal stops it (the
    server refuses it whole; those before it stay played)."""

    def __init__(
        self, ws: Connection, seat: int, game: Game[Any, Any], names: Sequence[str], first: dict[str, Any]
    ) -> None:
        self.ws = ws
        self.seat = seat
        self.game = game
        self.names = list(names)
        self.message = first
        self.legal = self._legal(first)
        self.backlog: deque[dict[str, Any]] = deque()
        self.count = 0
        self.echo: Callable[[str], None] = print
        """Where the table's chat lines (and the server's refusals of this seat's) are written."""

    def commands(self) -> dict[str, Callable[[list[str]], None]]:
        """``say TEXT``: a line in the table's players' chat."""
        return {"say": self.say}

    def help_text(self) -> str:
        return "say TEXT     write TEXT in the players' chat (the others' lines show as they come)"

    def say(self, words: list[str]) -> None:
        """Send a chat line (the server answers with the line, or a refusal, read with the next
        messages)."""
        self.ws.send(json.dumps({"type": "chat", "room": "table", "text": " ".join(words)}))

    def aside(self, message: dict[str, Any]) -> bool:
        """Show ``message`` at once if it is chat (a line, the history, a refusal of this seat's
        line): ``True``; else ``False``. :class:`~rummykit.cli.seat_socket.SeatSocket` asks it
        of every message as it arrives, so the others' lines show while you sit at the prompt."""
        kind = message.get("type")
        if kind in ("chat", "chat_history") or (kind == "error" and str(message["code"]).startswith("chat_")):
            self._heard(message)
            return True
        return False

    def _heard(self, message: dict[str, Any]) -> None:
        """Write a chat message: a line, the history's lines, or a refusal of this seat's line."""
        if message["type"] == "chat_history":
            for line in message["messages"]:
                self._heard(line)
        elif message["type"] == "chat":
            self.echo(f"[chat] {message['name']}: {message['text']}")
        else:
            self.echo("[chat] " + render(message["code"], message.get("params", {})))

    def _legal(self, message: dict[str, Any]) -> list[Any]:
        return [self.game.parse_action(choice["text"]) for choice in message["legal"]]

    def _take(self, message: dict[str, Any]) -> None:
        self.message = message
        self.legal = self._legal(message)

    def _read(self) -> dict[str, Any]:
        """The next view message, ``ack``, ``error`` or ``reconnected`` (``SeatSocket``) from the
        server (chat is shown, the rest dropped); a version gap sends ``resync``."""
        while True:
            message: dict[str, Any] = json.loads(self.ws.recv())
            kind = message.get("type")
            if kind == "sync":
                return message
            if kind == "state":
                same = message["game"] == self.message["game"]
                if same and message["v"] <= self.message["v"]:
                    continue
                if same and message["v"] != self.message["v"] + 1 + len(self.backlog):
                    self.ws.send(json.dumps({"type": "resync"}))
                    continue
                return message
            if not self.aside(message) and kind in ("ack", "error", "reconnected"):
                return message

    def view(self) -> tuple[dict[str, Any], list[Any]]:
        """The last view the server sent."""
        return self.message["observation"], self.legal

    def to_move(self) -> int | None:
        """From the last view (``None`` once it says the match is over)."""
        if self.message["over"] and not self.backlog:
            return None
        to_move: int | None = self.message["observation"]["to_move"]
        return to_move

    def waiting(self) -> bool:
        """Moves are waiting to be shown, or another seat is to move."""
        return bool(self.backlog) or (not self.message["over"] and not self.legal)

    def play(self, action: Any) -> list[dict[str, Any]]:
        """Send the action and wait for its answer; a refusal raises the server's code, but a
        ``rate_limited`` one (moves typed faster than the server takes them) is waited out as it
        asks and the move sent again; after a reconnect it is sent again with its id (played
        once, acknowledged again)."""
        text = self.game.action_text(action)
        while True:
            self.count += 1
            client_id = f"t{self.count}"
            sent = json.dumps({"type": "action", "id": client_id, "action": text})
            self.ws.send(sent)
            while True:
                message = self._read()
                if message["type"] in ("state", "sync"):
                    self.backlog.append(message)
                elif message["type"] == "reconnected":
                    self.ws.send(sent)
                elif message.get("id") == client_id:
                    break
            if message["type"] != "error" or message["code"] != "rate_limited":
                break
            time.sleep(message["params"]["retry_ms"] / 1000)  # sent too fast: the same move again
        if message["type"] == "error":
            raise IllegalActionError(message["code"], **message.get("params", {}))
        while self.backlog:
            state = self.backlog.popleft()
            if state["type"] == "state" and state.get("played", {}).get("seat") == self.seat:
                self._take(state)
                if state["v"] == message["v"]:
                    events: list[dict[str, Any]] = state["events"]
                    return events
            else:
                self.backlog.appendleft(state)
                break
        return []

    def others(self) -> Move | None:
        """The next state message (queued, or waited for) as a move."""
        if not self.waiting():
            return None
        message = self.backlog.popleft() if self.backlog else self._read()
        while message["type"] not in ("state", "sync"):
            message = self._read()
        self._take(message)
        played = message.get("played")
        if message["type"] == "sync" or played is None:
            return Move(self.seat, None, [])
        action = self.game.parse_action(played["action"])
        return Move(played["seat"], action, message["events"], message["notices"])

    def check(self, actions: Sequence[Any]) -> None:
        """Only whose turn it is can be told here; the server judges each action."""
        if actions and not self.legal:
            raise IllegalActionError("not_your_turn", seat=self.seat, to_move=self.to_move())

    def outcome(self) -> Outcome | None:
        """The final message's outcome."""
        if not self.message["over"]:
            return None
        found = self.message["outcome"]
        return Outcome(tuple(found["scores"]), tuple(found["winners"]), found["rounds"])

    def who(self, seat: int) -> str:
        """The seat with the name its player chose."""
        return seat_name(seat, "you" if seat == self.seat else self.names[seat])


__all__ = ["Connection", "LocalLink", "Move", "RemoteLink", "SeatLink", "StuckError"]
