"""The Starlette application: the HTTP API and the WebSocket endpoint (``docs/protocol.md``).

``create_app(database_url)`` builds it; ``rummykit serve`` runs it under uvicorn. Every HTTP error
is ``{"error": {"code", "params"}}`` with a 4xx status; every WebSocket error is an ``error``
message and the connection stays open (except for a flood past :data:`MAX_DROPPED`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from rummykit.errors import IllegalActionError, NotationError
from rummykit.server.assist import assist_of, hint_answer, rack_answer, score_sheet
from rummykit.server.db import Database
from rummykit.server.hub import Hub
from rummykit.server.protocol import (
    MAX_DROPPED,
    ProtocolError,
    RateLimiter,
    client_id_of,
    error_message,
    optional_int,
    parse_message,
    refused_action_id,
)
from rummykit.server.replay import ReplayCache, build, from_text, step_view, summary, text_key
from rummykit.server.rules_info import variants
from rummykit.server.table import LiveTable, Viewer, dumps, record_lines

log = logging.getLogger("rummykit.server")

WEB = resources.files("rummykit") / "web"
"""The browser client's files, served under ``/static`` (the page itself at ``/``)."""
VARIANTS_ANSWER = variants()
"""The ``GET /variants`` answer (it never changes while the server runs)."""

OUTBOX = 1000
"""Messages queued for a slow client before the server closes its connection (code 1013)."""

STATUS = {
    "no_such_table": 404,
    "no_such_seat": 404,
    "no_such_game": 404,
    "table_unavailable": 503,
    "server_busy": 503,
    "bad_token": 403,
    "forbidden": 403,
    "seat_taken": 409,
    "not_open": 409,
    "seats_empty": 409,
    "not_finished": 409,
    "no_such_step": 404,
}


class Client:
    """One WebSocket connection's outgoing side: a queue drained by :meth:`writer`."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | int] = asyncio.Queue()
        self.closing = False

    def send(self, text: str) -> None:
        """Queue ``text``; a client that lets :data:`OUTBOX` messages pile up is closed."""
        if self.closing:
            return
        if self.queue.qsize() >= OUTBOX:
            self.close(1013)
            return
        self.queue.put_nowait(text)

    def send_json(self, message: dict[str, Any]) -> None:
        """Queue ``message`` as JSON."""
        self.send(dumps(message))

    def close(self, code: int) -> None:
        """Close the connection with ``code`` once the queued messages are sent."""
        if not self.closing:
            self.closing = True
            self.queue.put_nowait(code)

    async def writer(self) -> None:
        """Send the queued messages until closed."""
        while True:
            item = await self.queue.get()
            if isinstance(item, int):
                with contextlib.suppress(Exception):
                    await self.ws.close(item)
                return
            try:
                await self.ws.send_text(item)
            except Exception:
                self.closing = True
                return


class Connection:
    """A WebSocket connection's state: the table and viewer it joined, its rate limiter."""

    def __init__(self, hub: Hub, client: Client) -> None:
        self.hub = hub
        self.client = client
        self.table: LiveTable | None = None
        self.viewer: Viewer = None
        self.limiter = RateLimiter()
        self.lobby = False

    async def receive(self, text: str | bytes) -> None:
        """Handle one client message; every refusal is an ``error`` message."""
        if not self.limiter.allow():
            if self.limiter.dropped > MAX_DROPPED:
                self.client.close(1008)
                return
            self.client.send_json(
                error_message(
                    "rate_limited",
                    {"limit": int(self.limiter.rate), "retry_ms": self.limiter.wait_ms()},
                    refused_action_id(text),
                )
            )
            return
        client_id: Any = None
        try:
            data = parse_message(text)
            if data["type"] == "action":
                client_id = data.get("id") if isinstance(data.get("id"), str | int) else None
            await self._dispatch(data)
        except ProtocolError as exc:
            self.client.send_json(error_message(exc.code, exc.params, client_id))
        except IllegalActionError as exc:
            self.client.send_json(error_message(exc.code, dict(exc.params), client_id))
        except NotationError as exc:
            self.client.send_json(
                error_message("notation", {"token": exc.token[:40], "reason": exc.reason}, client_id)
            )
        except Exception:
            log.exception("a client message could not be handled")
            self.client.send_json(error_message("internal", {}, client_id))

    async def _dispatch(self, data: dict[str, Any]) -> None:
        kind = data["type"]
        if kind == "ping":
            pong: dict[str, Any] = {"type": "pong"}
            if "t" in data:
                pong["t"] = data["t"]
            self.client.send_json(pong)
        elif kind == "lobby":
            self.lobby = True
            self.hub.lobby_clients.add(self.client)
            self.client.send_json(self.hub.lobby())
        elif kind == "hello":
            self._hello(data)
        elif kind == "resync":
            table = self._joined()
            if table.match is not None:
                self.client.send(table.sync(self.viewer))
        elif kind in ("rack", "hint", "scores"):
            self._assist(kind, data)
        else:
            await self._action(data)

    def _joined(self) -> LiveTable:
        table = self.table
        if table is None or self.hub.tables.get(table.id) is not table:
            raise ProtocolError("not_joined")
        return table

    def _hello(self, data: dict[str, Any]) -> None:
        if self.table is not None:
            raise ProtocolError("joined_already")
        last = optional_int(data, "v")
        game_id = data.get("game")
        if game_id is not None and not isinstance(game_id, str):
            raise ProtocolError("bad_message", field="game")
        table = self.hub.table(data.get("table"))
        viewer: Viewer = None
        if data.get("spectate") is not True:
            viewer = table.check_token(data.get("seat"), data.get("token"))
        self.table, self.viewer = table, viewer
        match = table.match
        self.client.send_json(
            {
                "type": "welcome",
                "table": table.id,
                "seat": viewer,
                "role": "spectator" if viewer is None else "seat",
                "game": None if match is None else match.game_id,
                "v": None if match is None else match.steps,
            }
        )
        table.attach(self.client, viewer, last, game_id)

    async def _action(self, data: dict[str, Any]) -> None:
        table = self._joined()
        seat = self.viewer
        if seat is None:
            raise ProtocolError("spectator")
        client_id = client_id_of(data)
        asked = data.get("seat", seat)
        if asked != seat:
            raise ProtocolError("wrong_seat", seat=seat, asked=str(asked)[:20])
        raw = data.get("action")
        if not (isinstance(raw, str) and 0 < len(raw) <= 1000) and type(raw) is not int:
            raise ProtocolError("bad_message", field="action")
        played = await table.play(seat, lambda state: table.action_of(state, seat, raw), "person", client_id)
        assert played is not None
        ack: dict[str, Any] = {"type": "ack", "id": data["id"], "v": played.v}
        if played.duplicate:
            ack["duplicate"] = True
        self.client.send_json(ack)

    def _assist(self, kind: str, data: dict[str, Any]) -> None:
        """``rack``, ``hint`` and ``scores`` (:mod:`rummykit.server.assist`): answered from the
        joined viewer's own view of the current match, tagged with its ``game`` and ``v``."""
        table = self._joined()
        match = table.match
        if match is None:
            raise ProtocolError("not_started")
        game = table.game
        seat = self.viewer
        answer: dict[str, Any]
        if kind == "scores":
            answer = score_sheet(game, match.state.results)
        elif seat is None:
            raise ProtocolError("spectator")
        elif kind == "rack":
            answer = rack_answer(assist_of(game, kind), seat, game.observe(match.state, seat), data)
            # the seat's other connections (another tab) follow the new order
            shared = dumps(
                {**answer, "arrived": [], "elsewhere": True, "game": match.game_id, "v": match.steps}
            )
            for out in table.sockets[seat] - {self.client}:
                out.send(shared)
        elif not table.options.hints:
            raise ProtocolError("hints_off")
        else:
            answer = hint_answer(assist_of(game, kind), match.state, seat)
        self.client.send_json({**answer, "game": match.game_id, "v": match.steps})

    def close(self) -> None:
        """The connection is gone."""
        self.hub.lobby_clients.discard(self.client)
        table = self.table
        if table is not None and self.hub.tables.get(table.id) is table:
            table.detach(self.client, self.viewer)


# ---------------------------------------------------------------------- HTTP
def _error(exc: ProtocolError | IllegalActionError) -> JSONResponse:
    body = {"error": {"code": exc.code, "params": dict(exc.params)}}
    return JSONResponse(body, status_code=STATUS.get(exc.code, 400))


Handler = Callable[[Request, Hub], Awaitable[Response]]


def endpoint(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """An HTTP endpoint over the hub; refusals become ``{"error": {"code", "params"}}``."""

    async def run(request: Request) -> Response:
        hub: Hub = request.app.state.hub
        try:
            return await handler(request, hub)
        except (ProtocolError, IllegalActionError) as exc:
            return _error(exc)

    return run


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > 65536:
        raise ProtocolError("too_large", limit=65536)
    if not raw:
        return {}
    try:
        data = json.loads(raw)
    except ValueError:
        raise ProtocolError("bad_json", reason="the body is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", field="object")
    return data


def _seat_param(request: Request) -> int:
    text = request.path_params["seat"]
    if not text.isdigit() or len(text) > 3:
        raise ProtocolError("no_such_seat", seat=text[:20])
    return int(text)


async def create_table(request: Request, hub: Hub) -> Response:
    """``POST /tables``."""
    table, owner = hub.create(await _body(request))
    base = f"/tables/{table.id}"
    invites = {s.idx: f"{base}/seats/{s.idx}/join" for s in table.seats if s.kind == "open"}
    return JSONResponse({**table.info(), "owner_token": owner, "invites": invites}, status_code=201)


async def list_tables(request: Request, hub: Hub) -> Response:
    """``GET /tables``: the lobby."""
    return JSONResponse(hub.lobby())


async def show_table(request: Request, hub: Hub) -> Response:
    """``GET /tables/{id}``."""
    return JSONResponse(hub.table(request.path_params["table"]).info())


async def join(request: Request, hub: Hub) -> Response:
    """``POST /tables/{id}/seats/{seat}/join``."""
    table = hub.table(request.path_params["table"])
    seat = _seat_param(request)
    token = table.join(seat, (await _body(request)).get("name", f"seat {seat}"))
    return JSONResponse({"table": table.id, "seat": seat, "token": token})


async def leave(request: Request, hub: Hub) -> Response:
    """``POST /tables/{id}/seats/{seat}/leave``."""
    table = hub.table(request.path_params["table"])
    table.leave(_seat_param(request), (await _body(request)).get("token"))
    return JSONResponse(table.info())


async def fill(request: Request, hub: Hub) -> Response:
    """``POST /tables/{id}/fill``."""
    table = hub.table(request.path_params["table"])
    body = await _body(request)
    table.authorize(body.get("token"))
    table.fill(body.get("level", "greedy"))
    return JSONResponse(table.info())


async def start(request: Request, hub: Hub) -> Response:
    """``POST /tables/{id}/start`` (and ``/rematch`` once the match is over)."""
    table = hub.table(request.path_params["table"])
    table.authorize((await _body(request)).get("token"))
    if request.url.path.endswith("/rematch") and table.status != "finished":
        raise ProtocolError("not_finished")
    table.start()
    return JSONResponse(table.info())


def _finished_record(request: Request, hub: Hub) -> list[str]:
    """The record lines of the finished game named in the path; raises ``no_such_game`` and
    ``not_finished`` (nothing of a match is given while it is played)."""
    game_id = request.path_params["game"]
    found = hub.db.game(game_id) if len(game_id) <= 32 else None
    if found is None:
        raise ProtocolError("no_such_game", game=game_id[:40])
    row, table, actions = found
    if row.status != "finished":
        raise ProtocolError("not_finished")
    return record_lines(row, table.variant, table.rules, actions)


async def record(request: Request, hub: Hub) -> Response:
    """``GET /games/{id}/record``: the JSON Lines record, once the match is over."""
    text = "\n".join(_finished_record(request, hub)) + "\n"
    return PlainTextResponse(text, media_type="application/x-ndjson")


async def _finished_replay(request: Request, hub: Hub) -> Any:
    """The replay of the finished game named in the path (kept in the app's replay cache)."""
    game_id = request.path_params["game"]
    lines = _finished_record(request, hub)
    cache: ReplayCache = request.app.state.replays
    return await asyncio.to_thread(cache.get, "game:" + game_id, lambda: build(lines))


async def game_replay(request: Request, hub: Hub) -> Response:
    """``GET /games/{id}/replay`` (the summary) and ``GET /games/{id}/replay/{step}`` (one step) of
    a finished game (``409 not_finished`` while it is played: nothing leaks from a match)."""
    done = await _finished_replay(request, hub)
    game_id = request.path_params["game"]
    step = request.path_params.get("step")
    return JSONResponse(summary(done, game_id) if step is None else step_view(done, game_id, step))


async def record_replay(request: Request, hub: Hub) -> Response:
    """``POST /replay`` and ``POST /replay/{step}``: the same answers for the record in the body
    (JSON Lines, as ``GET /games/{id}/record`` gives it; a client's own file, finished or not)."""
    body = await request.body()
    cache: ReplayCache = request.app.state.replays
    done = await asyncio.to_thread(cache.get, text_key(body), lambda: from_text(body))
    step = request.path_params.get("step")
    return JSONResponse(summary(done, None) if step is None else step_view(done, None, step))


async def info(request: Request, hub: Hub) -> Response:
    """``GET /api``: what this is, how many tables it runs and actions it accepted since it
    started."""
    return JSONResponse(
        {
            "name": "rummykit",
            "protocol": 1,
            "server": hub.server,
            "tables": len(hub.tables),
            "actions": hub.actions,
        }
    )


async def rules(request: Request, hub: Hub) -> Response:
    """``GET /variants``: every variant's rules options (:mod:`rummykit.server.rules_info`)."""
    return JSONResponse(VARIANTS_ANSWER)


async def page(request: Request) -> Response:
    """``GET /``: the browser client's page (``rummykit/web/index.html``)."""
    return HTMLResponse(WEB.joinpath("index.html").read_text("utf-8"))


async def socket(ws: WebSocket) -> None:
    """``/ws``: the WebSocket protocol."""
    hub: Hub = ws.app.state.hub
    await ws.accept()
    client = Client(ws)
    writer = asyncio.create_task(client.writer())
    connection = Connection(hub, client)
    try:
        while not client.closing:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                text = message.get("bytes") or b""
            await connection.receive(text)
    except WebSocketDisconnect:
        pass
    finally:
        connection.close()
        client.close(1000)
        with contextlib.suppress(Exception):
            await writer


def create_app(
    database_url: str, server: str | None = None, lease: float = 15.0, bot_workers: int = 1
) -> Starlette:
    """The application over the database at ``database_url`` (a SQLAlchemy URL); ``server`` names
    this process (default: random), ``lease`` is how long it holds a table without renewing
    (seconds), ``bot_workers`` how many processes think for the bots (0: one thread of this process)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub = Hub(Database(database_url), server, lease, bot_workers)
        app.state.hub = hub
        await hub.startup()
        try:
            yield
        finally:
            await hub.shutdown()

    routes = [
        Route("/", page),
        Route("/api", endpoint(info)),
        Route("/variants", endpoint(rules)),
        Route("/tables", endpoint(create_table), methods=["POST"]),
        Route("/tables", endpoint(list_tables), methods=["GET"]),
        Route("/tables/{table}", endpoint(show_table)),
        Route("/tables/{table}/seats/{seat}/join", endpoint(join), methods=["POST"]),
        Route("/tables/{table}/seats/{seat}/leave", endpoint(leave), methods=["POST"]),
        Route("/tables/{table}/fill", endpoint(fill), methods=["POST"]),
        Route("/tables/{table}/start", endpoint(start), methods=["POST"]),
        Route("/tables/{table}/rematch", endpoint(start), methods=["POST"]),
        Route("/games/{game}/record", endpoint(record)),
        Route("/games/{game}/replay", endpoint(game_replay)),
        Route("/games/{game}/replay/{step}", endpoint(game_replay)),
        Route("/replay", endpoint(record_replay), methods=["POST"]),
        Route("/replay/{step}", endpoint(record_replay), methods=["POST"]),
        WebSocketRoute("/ws", socket),
        Mount("/static", StaticFiles(packages=[("rummykit", "web")]), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.replays = ReplayCache()
    return app
