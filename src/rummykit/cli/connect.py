"""``rummykit connect URL``: play a seat (or watch) on a rummykit server, in the terminal.

The server's messages feed a :class:`rummykit.session.SeatSession` (the same seat session as local
play), rendered as plain text lines: the events in English, your rack in your order, the table
and what you can do. Type an action (``draw``, ``discard R7``…), the number of a listed action,
``resync`` or ``quit``. See ``docs/protocol.md`` for the protocol.

URLs: ``http://HOST:PORT/tables/T/seats/N`` (or the invite ``…/seats/N/join``) takes seat N (with
``--token`` it reconnects to a seat you hold); ``http://HOST:PORT/tables/T`` watches the table;
``http://HOST:PORT`` with ``--new GAME`` creates a table of you and bots and starts it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Annotated, Any
from urllib.parse import urlsplit

import typer

from rummykit.cli.errors import USER_ERROR
from rummykit.core.notation import format_faces
from rummykit.engine.game import Game
from rummykit.errors import RummykitError
from rummykit.messages import render
from rummykit.session import SeatSession
from rummykit.variants.registry import game_from_record

NOT_PIECES = ("_count", "_counts", "order", "_from", "seats", "_as", "points", "scores")
"""Observation keys (by ending) that hold numbers, not faces."""
COMMON = {
    "variant",
    "seat",
    "players",
    "round",
    "dealer",
    "to_move",
    "phase",
    "scores",
    "hand",
    "last_result",
}
SEAT_URL = re.compile(r"^/tables/(?P<table>[\w-]+)(?:/seats/(?P<seat>\d+)(?:/join)?)?/?$")


def fail(message: str) -> typer.Exit:
    """Print ``error: message`` and give the exit to raise."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(USER_ERROR)


def call(client: Any, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """An HTTP call to the server; its error answer becomes a one-line error."""
    import httpx

    try:
        response = client.request(method, path, json=body)
    except httpx.HTTPError as exc:
        raise fail(f"can't reach the server: {exc}") from None
    data: dict[str, Any] = response.json()
    if response.status_code >= 400:
        error = data.get("error", {})
        raise fail(render(str(error.get("code")), error.get("params", {})))
    return data


def faces_text(game: Game[Any, Any], key: str, value: Any) -> str | None:
    """``value`` of observation key ``key`` as pieces when it holds faces (a face, a list of faces
    or a list of such lists), else ``None``."""
    if key.endswith(NOT_PIECES) or isinstance(value, bool):
        return None
    if type(value) is int and 0 <= value <= 52:
        return format_faces(game.kind, [value])
    if isinstance(value, list) and all(type(v) is int and 0 <= v <= 52 for v in value):
        return format_faces(game.kind, value) or "-"
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        parts = [faces_text(game, key, v) for v in value]
        if all(p is not None for p in parts):
            return " | ".join(f"{i}: {p}" for i, p in enumerate(parts))
    return None


def view_lines(game: Game[Any, Any], session: SeatSession) -> list[str]:
    """The table as plain lines: the turn, the scores, each game's own keys, the rack."""
    obs = session.observation
    lines = [f"round {obs.get('round')}, seat {obs.get('to_move')} to move; scores {obs.get('scores')}"]
    for key, value in obs.items():
        if key in COMMON or value is None:
            continue
        shown = faces_text(game, key, value)
        lines.append(f"  {key}: {shown if shown is not None else json.dumps(value)}")
    if session.seat is not None and obs.get("hand"):
        lines.append(f"your {session.rack.word}: {format_faces(game.kind, session.order)}")
    return lines


def event_lines(events: Iterable[dict[str, Any]]) -> list[str]:
    """Events and notices in English, each with the seat it concerns."""
    return [
        (f"seat {e['seat']}: " if e.get("seat") is not None else "") + render(e["code"], e.get("params", {}))
        for e in events
    ]


class Player:
    """The connection's loop: reads messages, feeds the session, asks for moves."""

    def __init__(self, ws: Any, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.game: Game[Any, Any] | None = None
        self.session: SeatSession | None = None
        self.pending: str | None = None
        self.asked: tuple[str, int] | None = None
        self.last: dict[str, Any] | None = None
        self.count = 0
        self.welcomed = False

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def run(self) -> None:
        while True:
            message = json.loads(self.ws.recv())
            kind = message["type"]
            if kind == "error" and not self.welcomed:
                raise fail(render(message["code"], message.get("params", {})))
            if kind == "welcome":
                self.welcomed = True
            elif kind == "table" and self.game is None:
                self.game, _ = game_from_record(message["variant"], message["rules"])
                self.session = SeatSession(self.game, self.seat if self.seat is not None else -1)
                typer.echo(
                    f"{self.game.title} at table {message['table']}: "
                    + ", ".join(f"{s['seat']} {s['name']}" for s in message["seats"])
                )
            elif kind in ("state", "sync"):
                if self.show(message):
                    return
            elif kind == "ack" and message.get("id") == self.pending:
                self.pending = None
            elif kind == "error":
                typer.echo(f"! {render(message['code'], message.get('params', {}))}")
                if message.get("id") == self.pending:
                    self.pending, self.asked = None, None
            if self.pending is None and self.ask():
                return

    def show(self, message: dict[str, Any]) -> bool:
        """Take a view; print what happened; ``True`` once the match is over."""
        assert self.game is not None and self.session is not None
        legal = [self.game.parse_action(choice["text"]) for choice in message["legal"]]
        self.session.update(message["observation"], message["events"], legal)
        self.last = message
        for line in event_lines([*message["events"], *message["notices"]]):
            typer.echo(line)
        if message["over"]:
            outcome = message["outcome"]
            typer.echo(f"match over: scores {outcome['scores']}, winners {outcome['winners']}")
            if message.get("stood_in"):
                typer.echo(f"a bot stood in for seats {message['stood_in']}")
            typer.echo(f"record: {message['record']}")
            return True
        return False

    def ask(self) -> bool:
        """Prompt for a move when it is this seat's turn; ``True`` to quit."""
        message, session = self.last, self.session
        if message is None or session is None or self.game is None or not message["legal"]:
            return False
        if self.asked == (message["game"], message["v"]):
            return False
        self.asked = (message["game"], message["v"])
        for line in view_lines(self.game, session):
            typer.echo(line)
        texts = session.texts()
        typer.echo("you can: " + "  ".join(f"[{i}] {t}" for i, t in enumerate(texts)))
        try:
            line = input("> ").strip()
        except EOFError:
            return True
        if line == "quit":
            return True
        if line == "resync":
            self.asked = None
            self.send({"type": "resync"})
            return False
        action: str = texts[int(line)] if line.isdigit() and int(line) < len(texts) else line
        self.count += 1
        self.pending = f"c{self.count}"
        self.send({"type": "action", "id": self.pending, "action": action})
        return False


def connect(
    url: Annotated[
        str, typer.Argument(help="http://HOST:PORT/tables/T/seats/N, …/tables/T, or the server with --new")
    ],
    token: Annotated[
        str | None, typer.Option(help="Your seat's token, to reconnect to a seat you hold")
    ] = None,
    name: Annotated[str, typer.Option(help="Your name at the table")] = "player",
    new: Annotated[str | None, typer.Option(help="Create a table of this game: you and bots")] = None,
    rule: Annotated[
        list[str] | None, typer.Option(help="A rules option name=value for --new (repeatable)")
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds each bot waits before it moves (--new)", min=0)
    ] = 0.6,
) -> None:
    """Play a seat on a rummykit server (or watch a table) in the terminal."""
    import httpx
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect as ws_connect

    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise fail(f"{url[:60]!r} is not an http:// address of a rummykit server")
    base = f"{parts.scheme}://{parts.netloc}"
    seat: int | None = 0
    with httpx.Client(base_url=base, timeout=30) as client:
        if new is not None:
            options = dict(r.split("=", 1) for r in rule or [] if "=" in r)
            players = int(options.get("players", 4))
            seats = [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * (players - 1)
            made = call(
                client,
                "POST",
                "/tables",
                {"variant": new, "options": options, "seats": seats, "bot_delay": bot_delay},
            )
            table, seat = made["table"], 0
        else:
            found = SEAT_URL.match(parts.path)
            if found is None:
                raise fail("the address names no table: use …/tables/T or …/tables/T/seats/N")
            table = found["table"]
            seat = None if found["seat"] is None else int(found["seat"])
        if seat is not None and token is None:
            token = call(client, "POST", f"/tables/{table}/seats/{seat}/join", {"name": name})["token"]
            typer.echo(f"seat {seat} is yours; its token (to reconnect with --token): {token}")
        if new is not None:
            call(client, "POST", f"/tables/{table}/start", {"token": made["owner_token"]})
    hello: dict[str, Any] = {"type": "hello", "table": table}
    hello.update({"spectate": True} if seat is None else {"seat": seat, "token": token})
    ws_url = ("wss://" if parts.scheme == "https" else "ws://") + parts.netloc + "/ws"
    try:
        with ws_connect(ws_url) as ws:
            ws.send(json.dumps(hello))
            Player(ws, seat).run()
    except (OSError, RummykitError, ConnectionClosed) as exc:
        raise fail(str(exc)) from None
