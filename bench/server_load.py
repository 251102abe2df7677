"""Load test of the game server on loopback: many concurrent tables of bots, people and spectators,
on one process or on several behind a reverse proxy, optionally killing one of them mid-run.

Not a unit test (``tests/test_server_load.py`` and ``tests/test_server_deploy.py`` run small ones):
it starts ``rummykit serve`` on free ports of 127.0.0.1 against a fresh database (a temporary
SQLite file, or ``--db URL``); with ``--processes N`` (N > 1: PostgreSQL and ``--broker`` needed)
it starts N of them, one cluster of the run's own on the broker, behind nginx (``--proxy nginx``,
the configuration of ``docs/deploy.md``; every client then goes through the proxy). Then it

* creates ``--tables`` Okey tables of four bots (one round each, ``--bot-delay`` seconds per bot
  move), each watched by a spectator socket that asks for a rematch when its match ends, so the
  tables keep playing for the whole run;
* connects ``--clients`` people, each at its own table with three bots, playing a random legal
  action as soon as it is their turn and timing each action from sending it to its ``ack``;
* connects ``--watchers`` more spectators, spread over the first ``--watched`` tables, counting
  every message and every gap in the versions (a message not delivered);
* with ``--kill-after S``, kills the first process (``kill -9``) after S seconds (and with
  ``--restart`` starts it again on its port, the same id: it takes its tables back and rebuilds
  them in the background): every client reconnects (through the proxy), says where it was
  (``v``, ``game``) and sends its unacknowledged action again with the same id;

and stops by itself after ``--seconds``. It reports the actions the server accepted per second
(from the processes' own counters), the 50th and 99th percentile of the people's
action-to-acknowledgement latency (overall and per process running the table), the processes'
memory (resident, with their bot workers; each minute, the server's and its workers' apart are
printed to stderr as the run goes, and their trend from minute 5 on is reported in MB per minute)
and the slowest ``GET /api`` of each (asked every second: a frozen event loop shows there), the
reconnections and the longest time a client was without its table, the error messages and failed
requests; then it stops the servers, checks that every action a person had acknowledged is in the
database at its version (nothing lost or doubled), and re-simulates every game this run stored
(``replay`` of its actions; finished ones with their outcome line), counting any that fail. The
load average is printed with the figures.

    python bench/server_load.py --tables 200 --clients 20 --seconds 30
    python bench/server_load.py --tables 50 --clients 0 --watchers 2000 --watched 50
    python bench/server_load.py --processes 3 --db postgresql://postgres@127.0.0.1/bench \\
        --broker redis://127.0.0.1:6379/0 --kill-after 20
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import select
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidHandshake, WebSocketException

from rummykit.engine.records import replay
from rummykit.errors import RummykitError
from rummykit.server.db import ActionRow, Database, TableRow, database_url
from rummykit.server.table import record_lines
from rummykit.variants.registry import game_from_record

OPTIONS = {"rounds": 1}

NGINX_CONF = """\
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log warn;
events {{ worker_connections 8192; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    upstream rummykit {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://rummykit;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_connect_timeout 2s;
            proxy_read_timeout 1h;
            proxy_send_timeout 1h;
            proxy_next_upstream error timeout;
        }}
    }}
}}
"""
"""nginx in front of the processes (``docs/deploy.md`` explains it): round robin, WebSockets
upgraded, a process that refuses connections skipped."""


@dataclass
class Tally:
    """What the run saw."""

    latencies: list[tuple[str, float]] = field(default_factory=list)
    """Each person action's (table, seconds from sending to its ack)."""
    errors: list[dict[str, Any]] = field(default_factory=list)
    failed_requests: int = 0
    rematches: int = 0
    person_games: int = 0
    acked: list[tuple[str, int, str]] = field(default_factory=list)
    """Each person action acknowledged: (game, version, action text)."""
    reconnects: int = 0
    unavailable: int = 0
    outages: list[float] = field(default_factory=list)
    """Seconds each client was without its table (closed to welcome)."""
    watcher_messages: int = 0
    gaps: int = 0


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def family(pid: int) -> list[int]:
    """Process ``pid`` and its children (a server and its bot workers)."""
    with contextlib.suppress(OSError):
        return [pid, *(int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split())]
    return [pid]


def own_rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` alone, in MB (0 once it is gone)."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` and its children (the bot workers), in MB."""
    return round(sum(own_rss_mb(one) for one in family(pid)), 1)


def slope(points: list[tuple[float, float]]) -> float:
    """The least-squares slope of ``points`` (x, y): y's units per x's unit (nan below two points)."""
    if len(points) < 2:
        return float("nan")
    mean_x = statistics.fmean(x for x, _ in points)
    mean_y = statistics.fmean(y for _, y in points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / spread


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` and its children have used, in seconds."""
    total = 0
    for one in family(pid):
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


class Deployment:
    """``processes`` servers on ``url`` (with ``broker`` when more than one), behind ``proxy``
    (``"nginx"`` or ``None``)."""

    def __init__(self, processes: int, url: str, broker: str | None, proxy: str | None, tmp: Path) -> None:
        self.url = url
        self.broker = broker
        self.proxy = proxy
        self.tmp = tmp
        self.ports = [free_port() for _ in range(processes)]
        self.servers: list[subprocess.Popen[bytes]] = []
        self.nginx: subprocess.Popen[bytes] | None = None
        self.proxy_port = free_port() if proxy else None
        self.cluster = f"bench-{secrets.token_hex(4)}"

    @property
    def base(self) -> str:
        """Where the clients go: the proxy, or the one process."""
        return f"http://127.0.0.1:{self.proxy_port or self.ports[0]}"

    def launch(self, port: int) -> subprocess.Popen[bytes]:
        """Start a server on ``port`` (its id: this host and the port)."""
        command = [sys.executable, "-m", "rummykit", "serve", "--port", str(port), "--db", self.url]
        if self.broker:
            command += ["--broker", self.broker, "--cluster", self.cluster]
        return subprocess.Popen(command, stdout=subprocess.DEVNULL)

    def start(self) -> None:
        """Start the servers and the proxy, and wait until they answer."""
        self.servers = [self.launch(port) for port in self.ports]
        for port, server in zip(self.ports, self.servers, strict=True):
            wait_up(f"http://127.0.0.1:{port}", server)
        if self.proxy == "nginx":
            nginx = shutil.which("nginx") or "/usr/sbin/nginx"
            servers = "\n".join(
                f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=3s;" for port in self.ports
            )
            conf = self.tmp / "nginx.conf"
            conf.write_text(NGINX_CONF.format(tmp=self.tmp, servers=servers, port=self.proxy_port))
            self.nginx = subprocess.Popen(
                [nginx, "-c", str(conf), "-g", "daemon off;"], stderr=subprocess.DEVNULL
            )
            wait_up(self.base, self.nginx)

    def kill(self, index: int) -> None:
        """``kill -9`` process ``index``."""
        self.servers[index].send_signal(signal.SIGKILL)
        self.servers[index].wait()

    def stop(self) -> None:
        """Stop everything (SIGINT to the servers, then the proxy)."""
        for server in self.servers:
            if server.poll() is None:
                server.send_signal(signal.SIGINT)
        for server in self.servers:
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.wait(30)
        if self.nginx is not None:
            self.nginx.send_signal(signal.SIGQUIT)
            self.nginx.wait(10)


def wait_up(base: str, process: subprocess.Popen[bytes]) -> None:
    """Wait until ``GET /api`` answers at ``base``."""
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(base + "/api", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline or process.poll() is not None:
            raise SystemExit(f"{base} did not start")
        time.sleep(0.2)


async def post(http: httpx.AsyncClient, tally: Tally, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST JSON (again after a connection error or a 502/503, as while a process is killed); a
    failure is counted and raised."""
    for attempt in range(20):
        try:
            response = await http.post(path, json=body, timeout=60)
        except httpx.TransportError:
            await asyncio.sleep(0.25)
            continue
        if response.status_code in (502, 503) and attempt < 19:
            await asyncio.sleep(0.25)
            continue
        if response.status_code >= 400:
            break
        data: dict[str, Any] = response.json()
        return data
    tally.failed_requests += 1
    raise RuntimeError(f"{path}: {response.status_code} {response.text}")


async def new_table(
    http: httpx.AsyncClient, tally: Tally, persons: int, delay: float, level: str
) -> tuple[str, str, list[str]]:
    """A started Okey table of ``persons`` people then bots: (id, owner token, people's tokens)."""
    seats = [{"kind": "person"}] * persons + [{"kind": "bot", "level": level}] * (4 - persons)
    made = await post(
        http, tally, "/tables", {"variant": "okey", "options": OPTIONS, "seats": seats, "bot_delay": delay}
    )
    table = made["table"]
    tokens = [
        (await post(http, tally, f"/tables/{table}/seats/{i}/join", {"name": f"p{i}"}))["token"]
        for i in range(persons)
    ]
    await post(http, tally, f"/tables/{table}/start", {"token": made["owner_token"]})
    return table, made["owner_token"], tokens


Handle = Callable[[ClientConnection, dict[str, Any]], Awaitable[None]]


async def keep_watching(
    url: str, hello: dict[str, Any], tally: Tally, stop: float, handle: Handle, on_join: Handle | None = None
) -> None:
    """One client of a table until ``stop``: ``hello``, then every message to ``handle`` (gaps in
    the versions counted and resynced); after a close, or ``table_unavailable``, it connects again
    with the last ``game`` and ``v`` it saw and runs ``on_join`` once welcomed."""
    game: str | None = None
    v = -1
    down: float | None = None
    while time.monotonic() < stop:
        try:
            async with connect(url, max_size=2**22, open_timeout=30, close_timeout=2) as ws:
                again = dict(hello)
                if game is not None:
                    again.update(game=game, v=v)
                await ws.send(json.dumps(again))
                while True:
                    left = stop - time.monotonic()
                    if left <= 0:
                        return
                    message = json.loads(await asyncio.wait_for(ws.recv(), left))
                    kind = message["type"]
                    if kind == "error" and message["code"] == "table_unavailable" and "id" not in message:
                        tally.unavailable += 1
                        break
                    if kind == "welcome":
                        if down is not None:
                            tally.outages.append(time.monotonic() - down)
                            down = None
                        if on_join is not None:
                            await on_join(ws, message)
                    elif kind in ("state", "sync"):
                        if kind == "state" and message["game"] == game and message["v"] != v + 1:
                            tally.gaps += 1
                            await ws.send(json.dumps({"type": "resync"}))
                        game, v = message["game"], message["v"]
                    await handle(ws, message)
        except TimeoutError:
            return
        except (OSError, WebSocketException, InvalidHandshake):
            pass
        if time.monotonic() >= stop:
            return
        if down is None:
            down = time.monotonic()
        tally.reconnects += 1
        await asyncio.sleep(0.2)


async def spectate(
    url: str, http: httpx.AsyncClient, tally: Tally, table: str, owner: str, stop: float
) -> None:
    """Watch a bot table; ask for a rematch whenever its match ends."""

    async def handle(ws: ClientConnection, message: dict[str, Any]) -> None:
        if message["type"] == "error":
            tally.errors.append(message)
        elif message["type"] in ("state", "sync") and message["over"]:
            tally.rematches += 1
            with contextlib.suppress(RuntimeError):
                await post(http, tally, f"/tables/{table}/rematch", {"token": owner, "game": message["game"]})

    await keep_watching(url, {"type": "hello", "table": table, "spectate": True}, tally, stop, handle)


async def watch(url: str, tally: Tally, table: str, stop: float) -> None:
    """One more spectator of ``table``, counting what it is sent."""

    async def handle(ws: ClientConnection, message: dict[str, Any]) -> None:
        if message["type"] == "error":
            tally.errors.append(message)
        elif message["type"] in ("state", "sync"):
            tally.watcher_messages += 1

    await keep_watching(url, {"type": "hello", "table": table, "spectate": True}, tally, stop, handle)


async def person(
    url: str, http: httpx.AsyncClient, tally: Tally, delay: float, level: str, seed: int, stop: float
) -> None:
    """Play one seat against three bots, random legal actions, timing each action to its ack; an
    action not acknowledged when the connection closed is sent again, with its id, on the next."""
    rng = random.Random(seed)
    table, owner, (token,) = await new_table(http, tally, 1, delay, level)
    pending: dict[str, Any] = {}
    latest: dict[str, Any] = {}
    ended: set[str] = set()
    n = 0

    async def act(ws: ClientConnection, message: dict[str, Any]) -> None:
        nonlocal n
        if message["legal"] and not message["over"] and not pending:
            n += 1
            pending.update(id=f"{seed}-{n}", action=rng.choice(message["legal"])["text"])
            pending.update(sent=time.perf_counter(), game=message["game"], fresh=True)
            await ws.send(json.dumps({"type": "action", "id": pending["id"], "action": pending["action"]}))

    async def handle(ws: ClientConnection, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "error" and pending and message.get("id") == pending["id"]:
            if message["code"] in ("table_unavailable", "server_busy"):
                tally.unavailable += 1  # the table is moving: join again, send the action again
                await ws.close()
                return
            pending.clear()
            tally.errors.append(message)
            if latest:
                await act(ws, latest)
        elif kind == "error":
            tally.errors.append(message)
        elif kind == "ack" and message["id"] == pending.get("id"):
            if pending["fresh"]:
                tally.latencies.append((table, time.perf_counter() - pending["sent"]))
            tally.acked.append((pending["game"], message["v"], pending["action"]))
            pending.clear()
            if latest and latest["v"] >= message["v"]:  # its state came first: act on it now
                await act(ws, latest)
        elif kind in ("state", "sync"):
            latest.clear()
            latest.update(message)
            if message["over"]:
                # the same match's end again (a sync after a reconnect, its rematch maybe begun
                # already): counted once, and asked as that match's rematch, which the server
                # starts once (a rematch asked without the match's id after it began is refused)
                if message["game"] not in ended:
                    ended.add(message["game"])
                    tally.person_games += 1
                await post(http, tally, f"/tables/{table}/rematch", {"token": owner, "game": message["game"]})
            else:
                await act(ws, message)

    async def rejoin(ws: ClientConnection, message: dict[str, Any]) -> None:
        if pending:  # the same id again: played once whatever happened to the first
            pending["fresh"] = False
            await ws.send(json.dumps({"type": "action", "id": pending["id"], "action": pending["action"]}))

    hello = {"type": "hello", "table": table, "seat": 0, "token": token}
    await keep_watching(url, hello, tally, stop, handle, rejoin)


def stored_games(url: str) -> set[str]:
    """The ids of the games stored in the database (creating its schema if it is new)."""
    db = Database(url)
    db.migrate()
    ids = set(db.all_game_ids())
    db.close()
    return ids


def owners(url: str) -> dict[str, str]:
    """Each table's process now (by its id), from the database."""
    db = Database(url)
    with db.session() as session:
        found = {t: s or "" for t, s in session.execute(select(TableRow.id, TableRow.server))}
    db.close()
    return found


def check_replays(url: str, before: set[str], acked: list[tuple[str, int, str]]) -> tuple[int, int, int]:
    """Re-simulate every game stored since ``before`` (the ids already there, which this run did
    not play: a shared PostgreSQL database may hold others), and find each acknowledged person
    action at its version: (games, failures, acknowledged actions missing or different)."""
    db = Database(url)
    failures = 0
    ids = [game_id for game_id in db.all_game_ids() if game_id not in before]
    for game_id in ids:
        found = db.game(game_id)
        assert found is not None
        row, table, actions = found
        lines = record_lines(row, table.variant, table.rules, actions)
        if row.status != "finished":
            lines = lines[:-1]
        try:
            replay(lines, game_from_record)
        except RummykitError as exc:
            failures += 1
            print(f"game {game_id} does not replay: {exc}", file=sys.stderr)
    with db.session() as session:
        stored = {
            (a.game_id, a.idx + 1): (a.seat, a.action)
            for a in session.scalars(select(ActionRow).where(ActionRow.cause == "person"))
        }
    wrong = sum(1 for game, v, text in acked if stored.get((game, v)) != (0, text))
    wrong += len(acked) - len({(game, v) for game, v, _ in acked})
    db.close()
    return len(ids), failures, wrong


def note_minute(deployment: Deployment, samples: dict[int, dict[str, Any]], minute: int) -> None:
    """Add each live process's memory at ``minute`` of the run to its ``minutes`` (the server's own
    resident MB, its bot workers' together, the actions it counted so far) and print it to stderr."""
    for index, server in enumerate(deployment.servers):
        if server.poll() is not None:
            continue
        sample = samples.setdefault(index, {})
        own = own_rss_mb(server.pid)
        row = {
            "minute": minute,
            "server_mb": own,
            "workers_mb": round(rss_mb(server.pid) - own, 1),
            "actions": sample.get("actions", 0) - sample.get("first_actions", 0),
            "load": round(os.getloadavg()[0], 1),
        }
        sample.setdefault("minutes", []).append(row)
        print(f"process {index} {json.dumps(row)}", file=sys.stderr, flush=True)


async def sample_processes(
    deployment: Deployment,
    stop: float,
    samples: dict[int, dict[str, Any]],
    kill_at: float | None,
    restart: bool,
) -> None:
    """Read every process's counters and memory every second (timing each ``GET /api``), and its
    memory every minute (:func:`note_minute`); kill the first at ``kill_at`` and, with
    ``restart``, start it again on its port (the same id): its counter then starts from 0 again
    and is added to what it had counted."""
    started = time.monotonic()
    minute = 0
    async with httpx.AsyncClient() as http:
        while time.monotonic() < stop:
            if time.monotonic() >= started + 60 * (minute + 1):
                minute += 1
                note_minute(deployment, samples, minute)
            if kill_at is not None and time.monotonic() >= kill_at:
                deployment.kill(0)
                kill_at = None
                if restart:
                    samples[0]["before_restart"] = samples[0].get("actions", 0) - samples[0]["first_actions"]
                    samples[0]["first_actions"] = 0
                    samples[0]["cpu_before_restart"] = samples[0]["cpu_s"] - samples[0]["first_cpu_s"]
                    samples[0]["first_cpu_s"] = 0.0
                    deployment.servers[0] = deployment.launch(deployment.ports[0])
            for index, port in enumerate(deployment.ports):
                if deployment.servers[index].poll() is not None:
                    continue
                with contextlib.suppress(httpx.HTTPError, ValueError):
                    asked = time.perf_counter()
                    api = (await http.get(f"http://127.0.0.1:{port}/api", timeout=30)).json()
                    took = (time.perf_counter() - asked) * 1000
                    sample = samples.setdefault(index, {})
                    sample["max_api_ms"] = round(max(sample.get("max_api_ms", 0.0), took), 1)
                    sample.update(server=api["server"], actions=api["actions"], tables=api["tables"])
                    sample["rss_mb"] = rss_mb(deployment.servers[index].pid)
                    sample["cpu_s"] = cpu_seconds(deployment.servers[index].pid)
                    sample.setdefault("first_cpu_s", sample["cpu_s"])
                    sample["max_rss_mb"] = max(sample.get("max_rss_mb", 0), sample["rss_mb"])
            await asyncio.sleep(1)
        last = int((time.monotonic() - started + 1) // 60)  # a run of whole minutes ends on one
        if last > minute:
            note_minute(deployment, samples, last)


async def drive(deployment: Deployment, args: argparse.Namespace) -> tuple[Tally, float, dict[int, Any]]:
    tally = Tally()
    base = deployment.base
    url = base.replace("http://", "ws://") + "/ws"
    limits = httpx.Limits(max_connections=50)
    samples: dict[int, dict[str, Any]] = {i: {} for i in range(len(deployment.ports))}
    async with httpx.AsyncClient(base_url=base, limits=limits) as http:
        tables = [await new_table(http, tally, 0, args.bot_delay, args.level) for _ in range(args.tables)]
        async with httpx.AsyncClient() as api:
            for index, port in enumerate(deployment.ports):
                answer = (await api.get(f"http://127.0.0.1:{port}/api")).json()
                samples[index]["first_actions"] = answer["actions"]
        started = time.monotonic()
        stop = started + args.seconds
        kill_at = None if args.kill_after is None else started + args.kill_after
        tasks = [spectate(url, http, tally, table, owner, stop) for table, owner, _ in tables]
        tasks += [
            person(url, http, tally, args.bot_delay, args.level, seed, stop) for seed in range(args.clients)
        ]
        watched = [table for table, _, _ in tables[: args.watched]]
        tasks += [watch(url, tally, watched[i % len(watched)], stop) for i in range(args.watchers)]
        tasks.append(sample_processes(deployment, stop, samples, kill_at, args.restart))
        await asyncio.gather(*tasks)
        elapsed = time.monotonic() - started
    return tally, elapsed, samples


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, in milliseconds."""
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0] * 1000
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1] * 1000


TREND_FROM = 5
"""The first minute of the memory trend: before it, the tables and memos fill up."""


def memory_trend(minutes: list[dict[str, Any]]) -> dict[str, float]:
    """The least-squares slopes of a process's resident memory (its own, its bot workers') from
    minute :data:`TREND_FROM` on, in MB per minute (nan when fewer than two minutes are there)."""
    late = [row for row in minutes if row["minute"] >= TREND_FROM]
    return {
        "server_mb_per_min": round(slope([(row["minute"], row["server_mb"]) for row in late]), 2),
        "workers_mb_per_min": round(slope([(row["minute"], row["workers_mb"]) for row in late]), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="tables of four bots")
    parser.add_argument("--clients", type=int, default=20, help="people playing over a socket")
    parser.add_argument("--watchers", type=int, default=0, help="more spectators")
    parser.add_argument("--watched", type=int, default=50, help="the tables the watchers are spread over")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the load runs")
    parser.add_argument("--bot-delay", type=float, default=1.0, help="seconds a bot waits before moving")
    parser.add_argument("--level", default="greedy", help="the bots: greedy or random")
    parser.add_argument("--db", default=None, help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--processes", type=int, default=1, help="server processes (more: --broker)")
    parser.add_argument("--broker", default=None, help="Redis URL linking the processes")
    parser.add_argument(
        "--proxy", choices=["nginx", "none"], default=None, help="default: nginx with processes"
    )
    parser.add_argument("--kill-after", type=float, default=None, help="kill -9 the first process then (s)")
    parser.add_argument("--restart", action="store_true", help="start the killed process again (same id)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.processes > 1 and (args.broker is None or args.db is None):
        parser.error("several processes need --db (PostgreSQL) and --broker")
    proxy = args.proxy or ("nginx" if args.processes > 1 else "none")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    with tempfile.TemporaryDirectory() as tmp:
        url = database_url(args.db or str(Path(tmp) / "load.db"))
        before = stored_games(url)
        deployment = Deployment(
            args.processes, url, args.broker, None if proxy == "none" else proxy, Path(tmp)
        )
        load_before = os.getloadavg()
        try:
            deployment.start()
            tally, elapsed, samples = asyncio.run(drive(deployment, args))
            tables_now = owners(url)
        finally:
            deployment.stop()
        load_after = os.getloadavg()
        games, failures, wrong = check_replays(url, before, tally.acked)
    latencies = [seconds for _, seconds in tally.latencies]
    per_process = []
    for index, sample in sorted(samples.items()):
        server = sample.get("server", "")
        mine = [s for table, s in tally.latencies if tables_now.get(table) == server]
        actions = sample.get("actions", 0) - sample.get("first_actions", 0) + sample.get("before_restart", 0)
        per_process.append(
            {
                "server": server,
                "killed": index == 0 and args.kill_after is not None,
                "actions": actions,
                "actions_per_second": round(actions / elapsed, 1),
                "tables_at_end": sample.get("tables"),
                "person_actions": len(mine),
                "ack_p50_ms": round(percentile(mine, 0.5), 1),
                "ack_p99_ms": round(percentile(mine, 0.99), 1),
                "max_api_ms": sample.get("max_api_ms"),
                "cpu_s": round(
                    sample.get("cpu_s", 0.0)
                    - sample.get("first_cpu_s", 0.0)
                    + sample.get("cpu_before_restart", 0.0),
                    1,
                ),
                "rss_mb": sample.get("rss_mb"),
                "max_rss_mb": sample.get("max_rss_mb"),
                **memory_trend(sample.get("minutes", [])),
            }
        )
    actions = sum(p["actions"] for p in per_process)
    report = {
        "tables": args.tables,
        "bots": args.level,
        "clients": args.clients,
        "watchers": args.watchers,
        "processes": args.processes,
        "proxy": proxy,
        "seconds": round(elapsed, 1),
        "actions": actions,
        "actions_per_second": round(actions / elapsed, 1),
        "person_actions": len(latencies),
        "ack_p50_ms": round(percentile(latencies, 0.5), 1),
        "ack_p99_ms": round(percentile(latencies, 0.99), 1),
        "errors": len(tally.errors),
        "failed_requests": tally.failed_requests,
        "rematches": tally.rematches + tally.person_games,
        "watcher_messages": tally.watcher_messages,
        "gaps": tally.gaps,
        "reconnects": tally.reconnects,
        "unavailable": tally.unavailable,
        "longest_outage_s": round(max(tally.outages, default=0.0), 2),
        "games": games,
        "replay_failures": failures,
        "acked_missing_or_doubled": wrong,
        "load_average": [round(x, 2) for x in (*load_before, *load_after)],
        "per_process": per_process,
    }
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            if key != "per_process":
                print(f"{key:>24}: {value}")
        for row in per_process:
            print(json.dumps(row))
    if tally.errors:
        print("first errors:", tally.errors[:3], file=sys.stderr)


if __name__ == "__main__":
    main()
