"""The Starlette application: the HTTP API and the WebSocket endpoint (``docs/protocol.md``).

``create_app(database_url)`` builds it; ``rummykit serve`` runs it under uvicorn. Every HTTP error
is ``{"error": {"code", "params"}}`` with a 4xx status; every WebSocket error is an ``error``
message and the connection stays open (except for a flood past :data:`MAX_DROPPED`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Collection
from dataclasses import fields
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from rummykit.engine.json_text import read_json
from rummykit.errors import IllegalActionError, NotationError, RummykitError, message_of
from rummykit.server import accounts as acc
from rummykit.server import ops, profiles, ratings
from rummykit.server.access import credentials, joining_player, may_read, player_hash, set_player_cookie
from rummykit.server.accounts import Accounts, Signed
from rummykit.server.chat import ACCESS_TOKEN, LOBBY, MAX_KEY, SESSION, Sender, signer, table_room
from rummykit.server.db import Database
from rummykit.server.hub import Hub
from rummykit.server.protocol import (
    MAX_DROPPED,
    ProtocolError,
    RateLimiter,
    check_message,
    error_message,
    known_keys,
    parse_message,
    refused_action_id,
)
from rummykit.server.replay import ReplayCache, build, from_text, step_view, summary, text_key
from rummykit.server.rules_help import game_help
from rummykit.server.rules_info import variants
from rummykit.server.table import LiveTable, TableOptions, Viewer, dumps, record_lines
from rummykit.server.usernames import check_username, is_username, username_key
from rummykit.server.webfiles import WebFiles

log = logging.getLogger("rummykit.server")

WEB = resources.files("rummykit") / "web"
"""The browser client's files, served under ``/static`` (the page itself at ``/``)."""
VARIANTS_ANSWER = variants()
"""The ``GET /variants`` answer (it never changes while the server runs)."""

OUTBOX = 1000
"""Messages queued for a slow client before the server closes its connection (code 1013)."""
SEND_TIMEOUT = 10.0
"""Seconds a message may wait for a client that reads nothing before the server closes its
connection (code 1013): less than the WebSocket pings' 20 s + 20 s, after which the library closes a
silent peer with 1011."""

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
    "private_game": 403,
    "csrf": 403,
    "bad_login": 401,
    "not_signed_in": 401,
    "username_taken": 409,
    "too_many_attempts": 429,
    "not_your_seat": 403,
    "rated_needs_account": 403,
    "banned": 403,
    "not_moderator": 403,
    "no_such_message": 404,
    "no_such_account": 404,
    "chat_sign_in": 401,
    "too_many_mutes": 409,
    "no_such_player": 404,
    "bad_access_token": 401,
    "session_needed": 403,
    "no_such_token": 404,
    "too_many_tokens": 409,
}


class Client:
    """One WebSocket connection's outgoing side: a queue drained by :meth:`writer`. A client that
    lets :data:`OUTBOX` messages pile up, or reads nothing for :data:`SEND_TIMEOUT` seconds while
    a message waits for it, is closed with code 1013 (what is queued is dropped)."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | int] = asyncio.Queue()
        self.closing = False

    def send(self, text: str) -> None:
        """Queue ``text``."""
        if self.closing:
            return
        if self.queue.qsize() >= OUTBOX:
            self._give_up()
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

    def _give_up(self) -> None:
        """The client does not read: drop what is queued and close with 1013."""
        self.closing = True
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(1013)

    async def writer(self) -> None:
        """Send the queued messages until closed."""
        while True:
            item = await self.queue.get()
            if isinstance(item, int):
                with contextlib.suppress(Exception):
                    await self.ws.close(item)
                return
            try:
                await asyncio.wait_for(self.ws.send_text(item), SEND_TIMEOUT)
            except TimeoutError:
                self._give_up()
            except Exception:
                self.closing = True
                return


class Connection:
    """A WebSocket connection's state: the table and viewer it joined (a table of this process's,
    or another's through the broker), its rate limiter."""

    def __init__(self, hub: Hub, client: Client, signed: Signed | None = None) -> None:
        self.hub = hub
        self.client = client
        self.signed = signed
        """The session the connection's cookie is signed in with."""
        self.account = None if signed is None else signed.account_id
        """The account the connection's session cookie is signed in as (checked against a seat
        joined signed in)."""
        self.room: str | None = None
        """The chat room of the table joined: its players' or its spectators'."""
        self.table_id: str | None = None
        self.name: str | None = None
        """The seat's name (a player's name in the players' chat)."""
        self.table: LiveTable | None = None
        """The table joined, when this process runs it."""
        self.remote: tuple[str, str] | None = None
        """The owner and id of the table joined, when another process runs it."""
        self.viewer: Viewer = None
        self.guest: str | None = None
        """The chat key of the person in the seat joined, when it speaks as a guest."""
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
                raw = data.get("id")
                client_id = raw if isinstance(raw, str | int) and not isinstance(raw, bool) else None
            check_message(data)
            await self._dispatch(data)
        except (ProtocolError, IllegalActionError, NotationError) as exc:
            error = ops.error_of(exc)
            self.client.send_json(error_message(error["code"], error["params"], client_id))
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
            self.hub.lobby_clients.add(self.client)
            self.client.send_json(await self.hub.db.run(self.hub.lobby))
            if not self.lobby:
                self.lobby = True
                await self.hub.chat.enter(LOBBY, self.client)
        elif kind == "hello":
            await self._hello(data)
        elif kind == "chat":
            await self._chat(data)
        elif kind == "chat_report":
            answer = await self.hub.chat.report(data.get("id"), self._rooms(), self._sender(True))
            self.client.send_json(answer)
        elif self.remote is not None:
            await self._remote(kind, data)
        else:
            table = self._joined()
            if kind == "resync":
                if table.match is not None:
                    self.client.send(table.sync(self.viewer))
            elif kind in ("rack", "hint", "scores"):
                answer, _ = ops.assist(table, self.viewer, kind, data, self.client)
                self.client.send_json(answer)
            else:
                self.client.send_json(await ops.act(table, self.viewer, data))

    def _sender(self, table: bool) -> Sender:
        """Who this connection speaks as at its table (``table``: a seat by its name, a spectator
        by its account's) or in the lobby (its account); raises ``chat_sign_in`` for a guest
        spectator or a guest in the lobby."""
        signed = self.signed
        username = None if signed is None else signed.username
        if table and self.room is not None and self.viewer is not None and self.name is not None:
            return Sender.of(self.name, self.account, username, self.viewer, self.guest)
        if signed is None:
            raise ProtocolError("chat_sign_in")
        return Sender.of(signed.username, signed.account_id, signed.username, None, None)

    def _rooms(self) -> set[str]:
        """The chat rooms this connection reads."""
        return {r for r in (LOBBY if self.lobby else None, self.room) if r is not None}

    async def _chat(self, data: dict[str, Any]) -> None:
        """A ``chat`` message: a line for the table's room (``"room": "table"``) or the lobby's."""
        where = data.get("room")
        if where == "lobby":
            await self.hub.chat.say(LOBBY, None, self._sender(False), data.get("text"))
        elif where == "table":
            if self.room is None:
                raise ProtocolError("not_joined")
            await self.hub.chat.say(self.room, self.table_id, self._sender(True), data.get("text"))
        else:
            raise ProtocolError("bad_message", field="room")

    async def _joined_chat(self, table_id: str, welcome: dict[str, Any]) -> None:
        """Joined ``table_id`` as ``welcome`` says: into the table's chat room for the viewer."""
        self.table_id, self.name = table_id, welcome.get("name")
        self.room = table_room(table_id, self.viewer)
        await self.hub.chat.enter(self.room, self.client)

    def _joined(self) -> LiveTable:
        table = self.table
        if table is None or self.hub.tables.get(table.id) is not table:
            raise ProtocolError("not_joined")
        return table

    async def _hello(self, data: dict[str, Any]) -> None:
        if self.table is not None or self.remote is not None:
            raise ProtocolError("joined_already")
        data = {**data, "account_id": self.account}
        table_id, seat = data.get("table"), data.get("seat")
        joins_seat = isinstance(table_id, str) and type(seat) is int and data.get("spectate") is not True
        # a seat past the protocol's numbers is ``bad_message`` here, never a query the database can't hold
        if joins_seat and await self.hub.db.run(
            self.hub.chat.store.seat_banned, str(table_id)[:32], ops.seat_number(seat)
        ):
            raise ProtocolError("banned")
        place = await self.hub.locate(table_id)
        if isinstance(place, LiveTable):
            viewer, last, game_id = ops.joining(place, data)
            self.table, self.viewer = place, viewer
            self.guest = None if viewer is None else place.seats[viewer].guest_key(place.id)
            welcome = place.welcome(viewer)
            self.client.send_json(welcome)
            for text in place.attach(self.client, viewer, last, game_id):
                self.client.send(text)
            await self._joined_chat(place.id, welcome)
            return
        owner, table_id = place, str(data["table"])

        def joined(reply: dict[str, Any], payload: str) -> None:
            """The owner took the hello: from now on its messages for the viewer reach this
            connection too (run as the reply is read, before the owner's next message)."""
            if "error" in reply:
                return
            welcome = reply["result"]
            self.remote, self.viewer = (owner, table_id), welcome["seat"]
            self.guest = reply.get("guest")
            # the owner's attach: the table message, then what brings the view up to date
            table, *missed = payload.split("\n")
            outs = self.hub.join_view(owner, table_id, self.viewer, self.client)
            if self.client.closing:
                self._bye()
                return
            self.client.send_json(welcome)
            # the owner sent the viewer's connections here (one group to it) nothing of this join
            for out in [*outs, self.client]:
                out.send(table)
            for text in missed:
                self.client.send(text)

        welcome, _ = await self.hub.call(owner, table_id, "hello", {"data": data}, on_reply=joined)
        if self.remote is not None:
            await self._joined_chat(table_id, welcome)

    async def _remote(self, kind: str, data: dict[str, Any]) -> None:
        """A message for another process's table: asked of its owner."""
        assert self.remote is not None
        owner, table_id = self.remote
        if kind == "resync":
            _, text = await self.hub.call(owner, table_id, "sync", {"viewer": self.viewer})
            if text:
                self.client.send(text)
        elif kind in ("rack", "hint", "scores"):
            result, _ = await self.hub.call(owner, table_id, "assist", {"viewer": self.viewer, "data": data})
            if result["shared"] is not None:
                for out in self.hub.views.get((table_id, self.viewer), set()) - {self.client}:
                    out.send(result["shared"])
            self.client.send_json(result["answer"])
        else:
            ack, _ = await self.hub.call(owner, table_id, "action", {"viewer": self.viewer, "data": data})
            self.client.send_json(ack)

    def _bye(self) -> None:
        """Tell the owner of the table joined through the broker that this connection is gone."""
        assert self.remote is not None
        owner, table_id = self.remote
        if self.hub.leave_view(table_id, self.viewer, self.client):
            fields = {"kind": "bye", "server": self.hub.server, "inc": self.hub.incarnation}
            self.hub.post(owner, {**fields, "table": table_id, "viewer": self.viewer})

    def close(self) -> None:
        """The connection is gone."""
        self.hub.lobby_clients.discard(self.client)
        self.hub.chat.leave(self.client)
        table = self.table
        if table is not None and self.hub.tables.get(table.id) is table:
            table.detach(self.client, self.viewer)
        elif self.remote is not None:
            self._bye()


# ---------------------------------------------------------------------- HTTP
def _error(exc: ProtocolError | IllegalActionError | NotationError) -> JSONResponse:
    error = ops.error_of(exc)
    return JSONResponse({"error": error}, status_code=STATUS.get(error["code"], 400))


Handler = Callable[[Request, Hub], Awaitable[Response]]


def endpoint(handler: Handler, changes: bool = True) -> Callable[[Request], Awaitable[Response]]:
    """An HTTP endpoint over the hub; refusals become ``{"error": {"code", "params"}}``. A request
    but a ``GET`` to one that ``changes`` something is CSRF-checked (:func:`acc.check_csrf`)."""

    async def run(request: Request) -> Response:
        hub: Hub = request.app.state.hub
        try:
            accounts: Accounts = request.app.state.accounts
            signed = await signed_in(request)
            if changes and request.method not in ("GET", "HEAD", "OPTIONS"):
                acc.check_csrf(request, accounts, signed)
            return await handler(request, hub)
        except (ProtocolError, IllegalActionError, NotationError) as exc:
            return _error(exc)

    return run


async def signed_in(request: HTTPConnection) -> Signed | None:
    """The request's account, read once per request: a personal access token's
    (``Authorization: Bearer rkp_…``; ``bad_access_token`` when it is unknown, revoked or its
    account deleted), else its session's (its signed cookie, not expired)."""
    if "signed" not in request.scope:
        accounts: Accounts = request.app.state.accounts
        hub: Hub = request.app.state.hub
        access = acc.bearer_access_token(request)
        if access is not None:
            found = await hub.db.run(accounts.signed_by_token, access) if len(access) <= 100 else None
            if found is None:
                raise ProtocolError("bad_access_token")
            request.scope["signed"] = found
        else:
            token = accounts.token_of(request.cookies.get(acc.SESSION_COOKIE))
            request.scope["signed"] = None if token is None else await hub.db.run(accounts.signed, token)
    signed: Signed | None = request.scope["signed"]
    return signed


async def _body(request: Request, known: Collection[str]) -> dict[str, Any]:
    """The JSON object of a request's body (``{}`` when empty); raises ``too_large``, ``bad_json``,
    ``bad_message`` (not an object) and ``unknown_key`` for a key that is none of ``known``."""
    raw = await request.body()
    if len(raw) > 65536:
        raise ProtocolError("too_large", limit=65536)
    if not raw:
        return {}
    try:
        data = read_json(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", reason="the body is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", field="object")
    known_keys(data, known, f"{request.method} {request.url.path}"[:80])
    return data


CREATE_KEYS = frozenset({"variant", "options", "seats", *(f.name for f in fields(TableOptions))})
"""The keys of a create request (``POST /tables``)."""
TABLE_BODIES: dict[str, tuple[str, ...]] = {
    "join": ("name",),
    "leave": ("token",),
    "fill": ("token", "level"),
    "start": ("token",),
    "rematch": ("token", "game"),
}
"""The keys of the body of each table request (``POST /tables/{id}/…``)."""


async def create_table(request: Request, hub: Hub) -> Response:
    """``POST /tables``."""
    table, owner = await hub.create(await _body(request, CREATE_KEYS))
    base = f"/tables/{table.id}"
    invites = {s.idx: f"{base}/seats/{s.idx}/join" for s in table.seats if s.kind == "open"}
    return JSONResponse({**table.info(), "owner_token": owner, "invites": invites}, status_code=201)


async def list_tables(request: Request, hub: Hub) -> Response:
    """``GET /tables``: the lobby."""
    return JSONResponse(await hub.db.run(hub.lobby))


async def show_table(request: Request, hub: Hub) -> Response:
    """``GET /tables/{id}``."""
    return JSONResponse(await hub.request(request.path_params["table"], "info", {}))


async def seat_request(request: Request, hub: Hub) -> Response:
    """``POST /tables/{id}/seats/{seat}/join`` and ``…/leave``."""
    name = request.url.path.rsplit("/", 1)[-1]
    body = {
        **(await _body(request, TABLE_BODIES[name])),
        "seat": ops.seat_in_path(request.path_params["seat"]),
    }
    signed = await signed_in(request)
    body["account_id"] = None if signed is None else signed.account_id
    body["username"] = None if signed is None else signed.username
    if name != "join":
        return JSONResponse(await hub.request(request.path_params["table"], name, body))
    token, body["player_hash"] = joining_player(request)
    response = JSONResponse(await hub.request(request.path_params["table"], name, body))
    set_player_cookie(response, request, token)
    return response


async def table_request(request: Request, hub: Hub) -> Response:
    """``POST /tables/{id}/fill``, ``…/start`` and ``…/rematch``."""
    name = request.url.path.rsplit("/", 1)[-1]
    signed = await signed_in(request)
    body = {
        **(await _body(request, TABLE_BODIES[name])),
        "account_id": None if signed is None else signed.account_id,
    }
    return JSONResponse(await hub.request(request.path_params["table"], name, body))


def _finished_record(request: Request, hub: Hub) -> list[str]:
    """The record lines of the finished game named in the path; raises ``no_such_game``,
    ``private_game`` (a private table's game, for a request without a token of one of its players,
    :func:`rummykit.server.access.may_read`) and ``not_finished`` (nothing of a match is given
    while it is played)."""
    game_id = request.path_params["game"]
    found = hub.db.game(game_id) if len(game_id) <= 32 else None
    if found is None:
        raise ProtocolError("no_such_game", game=game_id[:40])
    row, table, actions = found
    signed = request.scope.get("signed")
    account = None if signed is None else signed.account_id
    if not table.public and not may_read(*hub.db.readers(game_id), credentials(request), account):
        raise ProtocolError("private_game", game=game_id)
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


def _my_games(player: str | None, account: int | None) -> Callable[[Database], dict[str, Any]]:
    def read(db: Database) -> dict[str, Any]:
        return {"type": "my_games", "games": profiles.game_entries(db, db.my_games(player, account))}

    return read


async def my_games(request: Request, hub: Hub) -> Response:
    """``GET /me/games``: the games of the request's browser token (``rummykit_player``) and of
    its account when signed in."""
    signed = await signed_in(request)
    reader = _my_games(player_hash(request), None if signed is None else signed.account_id)
    return JSONResponse(await hub.db.run(reader, hub.db))


# ---------------------------------------------------------------------- accounts
def _accounts(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


async def _limited(request: Request, kind: str, value: str, limit: acc.Limit, count: bool = True) -> None:
    """Raise ``too_many_attempts`` (``seconds`` to wait) when ``limit`` of ``kind`` is reached."""
    hub: Hub = request.app.state.hub
    wait = await hub.db.run(_accounts(request).hit, kind, value, limit, count)
    if wait is not None:
        raise ProtocolError("too_many_attempts", seconds=wait)


def _signed_answer(request: Request, accounts: Accounts, signed: Signed, status: int = 200) -> Response:
    response = JSONResponse(acc.account_json(signed, accounts), status_code=status)
    accounts.set_cookie(response, request, signed.token)
    return response


async def account(request: Request, hub: Hub) -> Response:
    """``GET /account``: who is signed in, and the session's CSRF token."""
    return JSONResponse(acc.account_json(await signed_in(request), _accounts(request)))


async def sign_up(request: Request, hub: Hub) -> Response:
    """``POST /account/signup``: a new account, signed in; the browser's guest games are claimed
    unless ``"claim": false``."""
    body = await _body(request, ("username", "password", "claim"))
    username = check_username(body.get("username"))
    password = acc.check_password(body.get("password"))
    claim = body.get("claim", True)
    if not isinstance(claim, bool):
        raise ProtocolError("bad_message", field="claim")
    accounts = _accounts(request)
    await _limited(request, "signup-address", acc.address(request), acc.SIGNUP_ADDRESS)
    hashed = await asyncio.to_thread(acc.hasher.hash, password)
    account_id = await hub.db.run(accounts.create, username, hashed, player_hash(request) if claim else None)
    old = await signed_in(request)
    token = await hub.db.run(accounts.new_session, account_id, None if old is None else old.token)
    _session_ended(hub, old)
    return _signed_answer(request, accounts, Signed(account_id, username, token), 201)


async def sign_in(request: Request, hub: Hub) -> Response:
    """``POST /account/login``: sign in (a fresh session: the one the browser had ends)."""
    body = await _body(request, ("username", "password"))
    username, password = body.get("username"), body.get("password")
    if (
        not isinstance(username, str)
        or not isinstance(password, str)
        or len(username) > 100
        or len(password) > 1000
    ):
        raise ProtocolError("bad_login")
    accounts = _accounts(request)
    key = username_key(username)
    await _limited(request, "login-address", acc.address(request), acc.LOGIN_ADDRESS)
    await _limited(request, "login-account", key, acc.LOGIN_ACCOUNT, count=False)
    found = await hub.db.run(accounts.password_hash, username) if is_username(username) else None
    good = await asyncio.to_thread(acc.password_matches, None if found is None else found[2], password)
    if found is None or not good:
        await _limited(request, "login-account", key, acc.LOGIN_ACCOUNT)
        raise ProtocolError("bad_login")
    if found[3]:
        raise ProtocolError("banned")
    await hub.db.run(accounts.forget, "login-account", key)
    old = await signed_in(request)
    token = await hub.db.run(accounts.new_session, found[0], None if old is None else old.token)
    _session_ended(hub, old)
    return _signed_answer(request, accounts, Signed(found[0], found[1], token, moderator=found[4]))


async def sign_out(request: Request, hub: Hub) -> Response:
    """``POST /account/logout``: the session ends."""
    await _body(request, ())  # nothing to give: a key is unknown_key, as in every body
    signed = await signed_in(request)
    accounts = _accounts(request)
    if signed is not None:
        await hub.db.run(accounts.end_session, signed.token)
        _session_ended(hub, signed)
    response = JSONResponse(acc.account_json(None, accounts))
    accounts.clear_cookie(response, request)
    return response


def _session_ended(hub: Hub, signed: Signed | None) -> None:
    """The session that signed ``signed`` in has ended: its sockets are closed (none for ``None``
    or a personal access token, which a sign-in or sign-out does not end)."""
    if signed is not None and signed.session:
        hub.chat.signed_out(signed.account_id, signer(signed.token))


async def _check_own_password(request: Request, hub: Hub, body: dict[str, Any]) -> Signed:
    """The request's session, once ``password`` in ``body`` is its account's (failures count
    toward the account's sign-in limit)."""
    signed = await signed_in(request)
    if signed is None:
        raise ProtocolError("not_signed_in")
    password = body.get("password")
    accounts = _accounts(request)
    key = username_key(signed.username)
    await _limited(request, "login-account", key, acc.LOGIN_ACCOUNT, count=False)
    stored = await hub.db.run(accounts.password_hash_of, signed.account_id)
    good = isinstance(password, str) and len(password) <= 1000
    if not good or not await asyncio.to_thread(acc.password_matches, stored, str(password)):
        await _limited(request, "login-account", key, acc.LOGIN_ACCOUNT)
        raise ProtocolError("bad_login")
    return signed


async def change_password(request: Request, hub: Hub) -> Response:
    """``POST /account/password``: ``password`` (the current one) and ``new_password``; every
    other session of the account ends."""
    body = await _body(request, ("password", "new_password"))
    new = acc.check_password(body.get("new_password"), "new_password")
    signed = await _check_own_password(request, hub, body)
    accounts = _accounts(request)
    hashed = await asyncio.to_thread(acc.hasher.hash, new)
    await hub.db.run(accounts.set_password, signed.account_id, hashed)
    token = await hub.db.run(accounts.new_session, signed.account_id, None, True)
    hub.chat.signed_out(signed.account_id, SESSION)
    fresh = Signed(signed.account_id, signed.username, token, moderator=signed.moderator)
    return _signed_answer(request, accounts, fresh)


async def delete_account(request: Request, hub: Hub) -> Response:
    """``POST /account/delete``: ``password``; the account, its sessions and its name in its games
    are gone (the games stay, its seats called ``anonymous``)."""
    body = await _body(request, ("password",))
    signed = await _check_own_password(request, hub, body)
    accounts = _accounts(request)
    lines = await hub.db.run(accounts.delete, signed.account_id)
    hub.chat.signed_out(signed.account_id)
    hub.chat.deleted(lines)
    hub.account_deleted(signed.account_id)
    response = JSONResponse(acc.account_json(None, accounts))
    accounts.clear_cookie(response, request)
    return response


async def _session(request: Request) -> Signed:
    """The request's session (a cookie's): ``not_signed_in`` without one, ``session_needed``
    for a personal access token (a token can't make, list or revoke tokens)."""
    signed = await signed_in(request)
    if signed is None:
        raise ProtocolError("not_signed_in")
    if not signed.session:
        raise ProtocolError("session_needed")
    return signed


async def list_tokens(request: Request, hub: Hub) -> Response:
    """``GET /account/tokens``: the session's account's personal access tokens (never the tokens
    themselves)."""
    signed = await _session(request)
    tokens = await hub.db.run(_accounts(request).access_tokens, signed.account_id)
    return JSONResponse({"type": "access_tokens", "tokens": tokens})


async def create_token(request: Request, hub: Hub) -> Response:
    """``POST /account/tokens``: ``{"name"}``; ``201`` with the new personal access token, shown
    this once (``token``), and its listing."""
    signed = await _session(request)
    name = acc.check_token_name((await _body(request, ("name",))).get("name"))
    listed, token = await hub.db.run(_accounts(request).new_access_token, signed.account_id, name)
    return JSONResponse({"type": "access_token", **listed, "token": token}, status_code=201)


async def revoke_token(request: Request, hub: Hub) -> Response:
    """``POST /account/tokens/{id}/revoke``: the token no longer signs anything in; the tokens
    left."""
    await _body(request, ())
    signed = await _session(request)
    raw = request.path_params["token"]
    if not raw.isdigit() or len(raw) > 12:
        raise ProtocolError("no_such_token", id=raw[:20])
    accounts = _accounts(request)
    revoked = await hub.db.run(accounts.revoke, signed.account_id, int(raw))
    hub.chat.signed_out(signed.account_id, ACCESS_TOKEN + revoked)
    tokens = await hub.db.run(accounts.access_tokens, signed.account_id)
    return JSONResponse({"type": "access_tokens", "tokens": tokens})


async def player(request: Request, hub: Hub) -> Response:
    """``GET /players/{name}``: an account's profile (:func:`rummykit.server.profiles.profile`)."""
    signed = await signed_in(request)
    viewer = None if signed is None else signed.account_id
    name = request.path_params["name"]
    return JSONResponse(await hub.db.run(profiles.profile, hub.db, name, viewer))


async def leaderboard(request: Request, hub: Hub) -> Response:
    """``GET /ratings/{variant}``: the accounts rated at a game, best first, and the bots' fixed
    ratings."""
    name = request.path_params["variant"]
    if name not in {v["variant"] for v in VARIANTS_ANSWER["variants"]}:
        raise ProtocolError("rules", reason=f"there is no game {name[:40]}")
    rows = await hub.db.run(hub.db.leaderboard, name)
    return JSONResponse(
        {
            "type": "leaderboard",
            "variant": name,
            "ratings": [
                {
                    "username": username,
                    "rating": ratings.shown(row.mu),
                    "mu": round(row.mu, 3),
                    "sigma": round(row.sigma, 3),
                    "games": row.games,
                    "wins": row.wins,
                    "provisional": row.games < ratings.PROVISIONAL_GAMES,
                }
                for username, row in rows
            ],
            "bots": {level: ratings.shown(mu) for level, (mu, _) in ratings.BOT_RATINGS.items()},
        }
    )


# ---------------------------------------------------------------------- chat: mutes and moderation
async def _signed(request: Request) -> Signed:
    """The request's session; raises ``not_signed_in``."""
    signed = await signed_in(request)
    if signed is None:
        raise ProtocolError("not_signed_in")
    return signed


async def mutes(request: Request, hub: Hub) -> Response:
    """``GET /me/mutes``: the chat senders the account muted (their ``mute`` keys); ``POST``
    ``{"key", "muted"}`` mutes or unmutes one."""
    signed = await _signed(request)
    store = hub.chat.store
    if request.method == "GET":
        keys = await hub.db.run(store.mutes, signed.account_id)
    else:
        body = await _body(request, ("key", "muted"))
        key, muted = body.get("key"), body.get("muted", True)
        if not isinstance(key, str) or not 0 < len(key) <= MAX_KEY:
            raise ProtocolError("bad_message", field="key")
        if not isinstance(muted, bool):
            raise ProtocolError("bad_message", field="muted")
        keys = await hub.db.run(store.set_mute, signed.account_id, key, muted)
    return JSONResponse({"type": "mutes", "mutes": keys})


async def _moderator(request: Request) -> Signed:
    """The request's session when its account is a moderator; raises ``not_signed_in`` and
    ``not_moderator``."""
    signed = await _signed(request)
    if not signed.moderator:
        raise ProtocolError("not_moderator")
    return signed


async def chat_reports(request: Request, hub: Hub) -> Response:
    """``GET /moderation/reports``: the latest reported chat lines (moderators only)."""
    await _moderator(request)
    return JSONResponse({"type": "chat_reports", "reports": await hub.db.run(hub.chat.store.reports)})


async def delete_message(request: Request, hub: Hub) -> Response:
    """``POST /moderation/messages/{id}/delete``: the line is gone for everyone (moderators
    only)."""
    await _body(request, ())
    await _moderator(request)
    raw = request.path_params["message"]
    if not raw.isdigit() or len(raw) > 18:
        raise ProtocolError("no_such_message", id=raw[:40])
    await hub.chat.delete(int(raw))
    return JSONResponse({"type": "chat_deleted", "id": int(raw)})


async def ban(request: Request, hub: Hub) -> Response:
    """``POST /moderation/accounts/{username}/ban``: ``{"banned": true}`` (the default) bans the
    account, ``false`` lets it back (moderators only; a moderator can't ban itself)."""
    signed = await _moderator(request)
    body = await _body(request, ("banned",))
    banned = body.get("banned", True)
    if not isinstance(banned, bool):
        raise ProtocolError("bad_message", field="banned")
    username = request.path_params["username"]
    if username_key(username) == username_key(signed.username):
        raise ProtocolError("bad_request", reason="a moderator can't ban itself")
    await hub.chat.ban(username, banned)
    return JSONResponse({"type": "ban", "username": username, "banned": banned})


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


async def rules_help(request: Request, hub: Hub) -> Response:
    """``GET /rules/{variant}?lang=xx&<option>=<value>…``: the game's rules and help page in the
    language ``lang`` (default ``en``) under the preset's rules with the options given (a table's:
    :func:`rummykit.server.rules_help.help_page`). An unknown game, language or option is ``rules``
    with the reason."""
    query = dict(request.query_params)
    lang = query.pop("lang", "en")
    try:
        return JSONResponse(game_help(request.path_params["variant"], lang, query))
    except RummykitError as exc:
        raise ProtocolError("rules", reason=message_of(exc)) from None


async def page(request: Request) -> Response:
    """``GET /``: the browser client's page (``rummykit/web/index.html``)."""
    return HTMLResponse(WEB.joinpath("index.html").read_text("utf-8"))


async def socket(ws: WebSocket) -> None:
    """``/ws``: the WebSocket protocol."""
    hub: Hub = ws.app.state.hub
    if not acc.same_origin(ws):
        await ws.close(1008)  # another site's page: refused before the handshake ends (403)
        return
    try:
        signed = await signed_in(ws)
    except ProtocolError:
        await ws.close(1008)  # a personal access token revoked, or its account's deleted (403)
        return
    await ws.accept()
    client = Client(ws)
    writer = asyncio.create_task(client.writer())
    connection = Connection(hub, client, signed)
    if signed is not None:
        access = acc.bearer_access_token(ws)
        signed_by = signer(signed.token) if access is None else signer(access, access=True)
        hub.chat.signed(signed.account_id, signed_by, client)
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
        await asyncio.wait([writer])


def create_app(
    database_url: str,
    server: str | None = None,
    lease: float = 15.0,
    bot_workers: int = 1,
    broker: str | None = None,
    cluster: str = "rummykit",
    memo_limit: int | None = None,
) -> Starlette:
    """The application over the database at ``database_url`` (a SQLAlchemy URL); ``server`` names
    this process (default: random; a process started again with the same name takes its tables
    back at once), ``lease`` is how long it holds a table without renewing (seconds),
    ``bot_workers`` how many processes think for the bots (0: one thread of this process),
    ``broker`` the Redis URL linking it to the other processes of ``cluster`` on the same database
    (``None``: none; see :mod:`rummykit.server.broker`), ``memo_limit`` the states a solver's memo
    keeps in this process and its bot workers (:class:`rummykit.server.bots.BotRunner`; ``None``:
    as this process's memos are bounded now; ``rummykit serve`` gives
    :data:`~rummykit.server.bots.SERVER_MEMO_LIMIT`)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub = Hub(Database(database_url), server, lease, bot_workers, broker, cluster, memo_limit)
        app.state.hub = hub
        await hub.startup()
        app.state.accounts = Accounts(hub.db)
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
        Route("/tables/{table}/seats/{seat}/join", endpoint(seat_request), methods=["POST"]),
        Route("/tables/{table}/seats/{seat}/leave", endpoint(seat_request), methods=["POST"]),
        Route("/tables/{table}/fill", endpoint(table_request), methods=["POST"]),
        Route("/tables/{table}/start", endpoint(table_request), methods=["POST"]),
        Route("/tables/{table}/rematch", endpoint(table_request), methods=["POST"]),
        Route("/me/games", endpoint(my_games)),
        Route("/me/mutes", endpoint(mutes), methods=["GET", "POST"]),
        Route("/moderation/reports", endpoint(chat_reports)),
        Route("/moderation/messages/{message}/delete", endpoint(delete_message), methods=["POST"]),
        Route("/moderation/accounts/{username}/ban", endpoint(ban), methods=["POST"]),
        Route("/account", endpoint(account)),
        Route("/ratings/{variant}", endpoint(leaderboard)),
        Route("/rules/{variant}", endpoint(rules_help)),
        Route("/account/signup", endpoint(sign_up), methods=["POST"]),
        Route("/account/login", endpoint(sign_in), methods=["POST"]),
        Route("/account/logout", endpoint(sign_out), methods=["POST"]),
        Route("/account/password", endpoint(change_password), methods=["POST"]),
        Route("/account/delete", endpoint(delete_account), methods=["POST"]),
        Route("/account/tokens", endpoint(list_tokens), methods=["GET"]),
        Route("/account/tokens", endpoint(create_token), methods=["POST"]),
        Route("/account/tokens/{token}/revoke", endpoint(revoke_token), methods=["POST"]),
        Route("/players/{name}", endpoint(player)),
        Route("/games/{game}/record", endpoint(record)),
        Route("/games/{game}/replay", endpoint(game_replay)),
        Route("/games/{game}/replay/{step}", endpoint(game_replay)),
        # a posted record is replayed and kept nowhere: nothing to protect from another site
        Route("/replay", endpoint(record_replay, changes=False), methods=["POST"]),
        Route("/replay/{step}", endpoint(record_replay, changes=False), methods=["POST"]),
        WebSocketRoute("/ws", socket),
        Mount("/static", WebFiles(), name="static"),
    ]
    # the page's scripts, stylesheets and catalogs, the records and the JSON answers go compressed to
    # a browser that takes gzip (a phone loads a table in about a third of the bytes: docs/web.md)
    compress = Middleware(GZipMiddleware, minimum_size=1000)
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[compress])
    app.state.replays = ReplayCache()
    return app
