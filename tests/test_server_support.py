"""Shared pieces of the server tests (no tests here): a real server in a subprocess on a free
loopback port, HTTP calls, and a scripted seat client over a real WebSocket."""

from __future__ import annotations

import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

PG_URL = os.environ.get("RUMMYKIT_TEST_PG")
REDIS_URL = os.environ.get("RUMMYKIT_TEST_REDIS")

needs_pg = pytest.mark.skipif(PG_URL is None, reason="RUMMYKIT_TEST_PG is not set")
needs_cluster = pytest.mark.skipif(
    PG_URL is None or REDIS_URL is None,
    reason="several processes need PostgreSQL and Redis: "
    "RUMMYKIT_TEST_PG and RUMMYKIT_TEST_REDIS (.ci/run sets both)",
)


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def cluster_options(cluster: str) -> list[str]:
    """``rummykit serve``'s options for a process of a cluster named ``cluster`` (a name of the
    test's own: other runs may share the broker) on the test broker."""
    assert REDIS_URL is not None
    return ["--broker", REDIS_URL, "--cluster", cluster]


def fresh_pg_url() -> str:
    """The PostgreSQL test database, emptied: everything in its ``public`` schema dropped.

    Under pytest-xdist each worker gets a database of its own (``<test database>_<worker>``,
    created on first use), so that workers never empty each other's tables."""
    assert PG_URL is not None
    from sqlalchemy import create_engine, text

    url = PG_URL.replace("postgresql://", "postgresql+psycopg://", 1)
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:
        base, _, name = url.rpartition("/")
        admin = create_engine(url, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            wanted = f"{name}_{worker}"
            exists = conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": wanted}).first()
            if exists is None:
                conn.execute(text(f'CREATE DATABASE "{wanted}"'))
        admin.dispose()
        url = f"{base}/{wanted}"
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()
    return url


class Server:
    """``rummykit serve`` in a subprocess on a free port of 127.0.0.1."""

    def __init__(self, db: str, lease: float = 2.0, options: list[str] | None = None) -> None:
        self.db = db
        self.lease = lease
        self.options = options or []
        """More options of ``rummykit serve`` (``--broker``, ``--server-id``…)."""
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        """Start it and wait until it answers."""
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "rummykit",
                "serve",
                "--port",
                str(self.port),
                "--db",
                self.db,
                "--lease",
                str(self.lease),
                *self.options,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 60  # a loaded machine takes a while to import the server
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(
                    f"the server exited: {self.proc.stderr.read().decode() if self.proc.stderr else ''}"
                )
            try:
                if httpx.get(self.base + "/api", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.kill()
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        """``kill -9``."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        """Stop it cleanly (SIGINT), or kill it."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.kill()

    def alive(self) -> bool:
        """Whether it is still running and answering."""
        return (
            self.proc is not None
            and self.proc.poll() is None
            and httpx.get(self.base + "/api").status_code == 200
        )

    def post(self, path: str, body: dict[str, Any] | None = None, status: int = 200) -> Any:
        """POST JSON, check the status, return the JSON answer."""
        response = httpx.post(self.base + path, json=body or {}, timeout=10)
        assert response.status_code == status, response.text
        return response.json()

    def get(self, path: str, token: str | None = None) -> httpx.Response:
        """GET (with ``token``, a seat's or the owner's, as ``Authorization: Bearer``: what a
        private table's game records ask for)."""
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        return httpx.get(self.base + path, timeout=10, headers=headers)


@contextmanager
def running(db: str, lease: float = 2.0, options: list[str] | None = None) -> Iterator[Server]:
    """A started server, stopped at the end."""
    server = Server(db, lease, options).start()
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def running_cluster() -> Iterator[list[Server]]:
    """Two started processes of a cluster of their own (a fresh broker prefix) on the emptied test
    PostgreSQL (:func:`fresh_pg_url`), stopped at the end."""
    options = cluster_options(f"test-{secrets.token_hex(4)}")
    servers = [Server(fresh_pg_url(), lease=3.0, options=options) for _ in range(2)]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


def sqlite_url(tmp_path: Path) -> str:
    """A fresh SQLite database file in ``tmp_path``."""
    return f"sqlite:///{tmp_path / 'rummykit.db'}"


def database_url(kind: str, tmp_path: Path) -> str:
    """A fresh database of ``kind`` (``"sqlite"``: a file in ``tmp_path``; else the test
    PostgreSQL's, emptied: :func:`fresh_pg_url`), for a fixture run on both."""
    return sqlite_url(tmp_path) if kind == "sqlite" else fresh_pg_url()


def bots_play_to_end(server: Server, variant: str, options: dict[str, Any]) -> dict[str, Any]:
    """A public game of four greedy bots (no delay, no break between rounds) of ``variant`` with
    ``options``, played to its end within two minutes: the finished table (``GET
    /tables/<id>``, its ``game`` the record's id)."""
    body = {
        "variant": variant,
        "options": options,
        "seats": [{"kind": "bot", "level": "greedy"}] * 4,
        "bot_delay": 0,
        "round_break_seconds": 0,
        "public": True,
    }
    created = server.post("/tables", body, status=201)
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        info: dict[str, Any] = server.get(f"/tables/{created['table']}").json()
        if info["status"] == "finished":
            return info
        time.sleep(0.1)
    raise AssertionError(f"the bots did not finish the game of {variant}")


def make_table(
    server: Server,
    variant: str = "okey",
    persons: int = 1,
    options: dict[str, Any] | None = None,
    levels: Sequence[str] = (),
    **table: Any,
) -> tuple[dict[str, Any], list[str]]:
    """Create a table of ``persons`` people then bots (of ``levels`` in turn, greedy when none),
    join the people (``p0``, ``p1``, …) and start it; returns the table answer and the people's
    tokens."""
    players = int((options or {}).get("players", 4))
    cycle = levels or ("greedy",)
    bots = [{"kind": "bot", "level": cycle[i % len(cycle)]} for i in range(players - persons)]
    seats = [{"kind": "person"}] * persons + bots
    body = {"variant": variant, "options": options or {}, "seats": seats, "bot_delay": 0, **table}
    created = server.post("/tables", body, status=201)
    tokens = [
        server.post(f"/tables/{created['table']}/seats/{i}/join", {"name": f"p{i}"})["token"]
        for i in range(persons)
    ]
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    return created, tokens


class RefusedError(Exception):
    """The server refused a hello: ``args[0]`` is its error message."""


def reconnect(server: Server, table: str, seat: int | None, token: str | None, **hello: Any) -> SeatClient:
    """A client of ``seat`` once the server runs the table (it retries while another process
    still holds the table's lease)."""
    deadline = time.monotonic() + 30
    while True:
        try:
            return SeatClient(server, table, seat, token, **hello)
        except RefusedError as exc:
            if exc.args[0]["code"] != "table_unavailable" or time.monotonic() > deadline:
                raise
            time.sleep(0.2)


class SeatClient:
    """A scripted client of one seat (or a spectator, ``seat=None``) over a real WebSocket."""

    def __init__(
        self,
        server: Server,
        table: str,
        seat: int | None,
        token: str | None,
        v: int | None = None,
        game: str | None = None,
    ) -> None:
        self.server = server
        self.table = table
        self.seat = seat
        self.token = token
        self.ws: ClientConnection = connect(
            server.ws_url, max_size=2**22, max_queue=None, open_timeout=10, legacy=True
        )
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        hello: dict[str, Any] = {"type": "hello", "table": table}
        if seat is None:
            hello["spectate"] = True
        else:
            hello.update(seat=seat, token=token)
        if v is not None:
            hello.update(v=v, game=game)
        self.send(hello)
        welcome = self.recv()
        if welcome["type"] == "error":
            self.ws.close()
            raise RefusedError(welcome)
        assert welcome["type"] == "welcome", welcome
        self.welcome = welcome

    def send(self, message: dict[str, Any] | str) -> None:
        """Send a message (a dict as JSON, a string as it is)."""
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = 60) -> dict[str, Any]:
        """The next message; ``state``/``sync`` messages update :attr:`state` (and are checked to
        come in version order)."""
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.received.append(message)
        if message["type"] in ("state", "sync"):
            if (
                message["type"] == "state"
                and self.state is not None
                and self.state["game"] == message["game"]
            ):
                assert message["v"] == self.state["v"] + 1, (self.state["v"], message["v"])
            self.state = message
        return message

    def until(self, kind: str, timeout: float = 30) -> dict[str, Any]:
        """Read until a message of type ``kind``."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.1, deadline - time.monotonic()))
            if message["type"] == kind:
                return message

    def next_game_message(self) -> dict[str, Any]:
        """The next message that is neither a ``table`` message nor the chat's history (sent on
        joining, after what brings the view up to date)."""
        while True:
            message = self.recv()
            if message["type"] not in ("table", "chat_history"):
                return message

    def drain(self, wait: float = 0.05) -> None:
        """Read every message that arrives within ``wait`` seconds of the last."""
        while True:
            try:
                self.recv(wait)
            except TimeoutError:
                return

    def my_turn(self) -> bool:
        """Whether the last state says this seat has legal actions."""
        return self.state is not None and bool(self.state["legal"]) and not self.state["over"]

    def wait_turn_or_end(self, timeout: float = 60) -> dict[str, Any]:
        """Read until it is this seat's turn or the match is over; the last state."""
        deadline = time.monotonic() + timeout
        while not (self.state is not None and (self.my_turn() or self.state["over"])):
            self.recv(max(0.1, deadline - time.monotonic()))
        return self.state

    def act(self, action: str | int, client_id: str) -> dict[str, Any]:
        """Send an action and read until its ack or error; an action refused by the rate limit is
        sent again after the ``retry_ms`` the server asks for (what a client should do)."""
        self.send({"type": "action", "id": client_id, "action": action})
        while True:
            message = self.recv()
            if message["type"] in ("ack", "error") and message.get("id") == client_id:
                if message.get("code") == "rate_limited":
                    time.sleep(message["params"]["retry_ms"] / 1000)
                    self.send({"type": "action", "id": client_id, "action": action})
                    continue
                return message

    def play_to_end(self, rng: random.Random, prefix: str = "a", limit: int = 5000) -> dict[str, Any]:
        """Play random legal actions (by id or by text) until the match is over; the last state."""
        for n in range(limit):
            state = self.wait_turn_or_end()
            if state["over"]:
                return state
            choice = rng.choice(state["legal"])
            action = choice["id"] if choice["id"] is not None and rng.random() < 0.5 else choice["text"]
            answer = self.act(action, f"{prefix}{n}")
            assert answer["type"] == "ack", answer
        raise AssertionError("the match did not end")

    def close(self) -> None:
        """Close the socket."""
        self.ws.close()


def play_first_round(server: Server, table: str, clients: list[SeatClient]) -> dict[str, Any]:
    """The people (``clients``, at an Okey table) play the greedy bot's moves until the second
    round is dealt; the ``state`` message that deals it (the first round's last action), as the
    first client got it. Two seats' greedy moves end the first round within a few dozen actions."""
    from rummykit.server.bots import choose

    rules = json.dumps(server.get(f"/tables/{table}").json()["rules"], sort_keys=True)
    first = clients[0]
    for n in range(1000):
        for client in clients:
            client.drain(0.02)
        dealt = [m for m in first.received if m["type"] == "state" and m["observation"]["round"] > 1]
        if dealt:
            return dealt[0]
        for client in clients:
            state = client.state
            if client.my_turn() and state is not None and state["observation"]["round"] == 1:
                legal = [a["text"] for a in state["legal"]]
                text = choose("okey", rules, "greedy", state["observation"], legal)
                # the turn timer may have played for this seat meanwhile: refused, then read on
                client.act(text, f"g{client.seat}-{n}")
    raise AssertionError("the first round did not end")


def replay_record(text: str) -> Any:
    """Replay a record's text with the engine (what ``rummykit replay`` does)."""
    from rummykit.engine.records import replay
    from rummykit.variants.registry import game_from_record

    return replay(text.splitlines(), game_from_record)


def closed_with(ws: ClientConnection, timeout: float = 10) -> int:
    """The close code of ``ws``, read past the messages before it (fails after ``timeout``
    seconds of silence with the socket open)."""
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            ws.recv(timeout=timeout)
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code
