"""Load test of the game server on loopback: many concurrent tables of bots plus socket clients.

Not a unit test (``tests/test_server_load.py`` runs a small one): it starts ``rummykit serve`` on a
free port of 127.0.0.1 against a fresh database (a temporary SQLite file, or ``--db URL``), then

* creates ``--tables`` Okey tables of four greedy bots (one round each, ``--bot-delay`` seconds
  per bot move), each watched by a spectator socket that asks for a rematch when its match ends,
  so the tables keep playing for the whole run;
* connects ``--clients`` people, each at its own table with three bots, playing a random legal
  action as soon as it is their turn and timing each action from sending it to its ``ack``;

and stops by itself after ``--seconds``. It reports the actions the server accepted per second
(all tables; from the server's own counter), the 50th and 99th percentile of the people's
action-to-acknowledgement latency, the number of error messages and failed requests, and then
stops the server and re-simulates every game this run stored in the database (``replay`` of its actions;
finished ones with their outcome line), counting any that fail.

    python bench/server_load.py --tables 200 --clients 20 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from rummykit.engine.records import replay
from rummykit.errors import RummykitError
from rummykit.server.db import Database, database_url
from rummykit.server.table import record_lines
from rummykit.variants.registry import game_from_record

OPTIONS = {"rounds": 1}


@dataclass
class Tally:
    """What the run saw."""

    latencies: list[float] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    failed_requests: int = 0
    rematches: int = 0
    person_games: int = 0


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def post(http: httpx.AsyncClient, tally: Tally, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST JSON; a failure is counted and raised."""
    response = await http.post(path, json=body, timeout=60)
    if response.status_code >= 400:
        tally.failed_requests += 1
        raise RuntimeError(f"{path}: {response.status_code} {response.text}")
    data: dict[str, Any] = response.json()
    return data


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


async def spectate(
    url: str, http: httpx.AsyncClient, tally: Tally, table: str, owner: str, stop: float
) -> None:
    """Watch a bot table; ask for a rematch whenever its match ends."""
    async with connect(url, max_size=2**22, open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "hello", "table": table, "spectate": True}))
        while time.monotonic() < stop:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, stop - time.monotonic())))
            except TimeoutError:
                return
            if message["type"] == "error":
                tally.errors.append(message)
            elif message["type"] in ("state", "sync") and message["over"]:
                tally.rematches += 1
                await post(http, tally, f"/tables/{table}/rematch", {"token": owner})


async def person(
    url: str, http: httpx.AsyncClient, tally: Tally, delay: float, level: str, seed: int, stop: float
) -> None:
    """Play one seat against three bots, random legal actions, timing each action to its ack."""
    rng = random.Random(seed)
    table, owner, (token,) = await new_table(http, tally, 1, delay, level)
    n = 0
    async with connect(url, max_size=2**22, open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "hello", "table": table, "seat": 0, "token": token}))
        sent: dict[str, float] = {}
        latest: dict[str, Any] | None = None
        while time.monotonic() < stop:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, stop - time.monotonic())))
            except TimeoutError:
                return
            kind = message["type"]
            if kind == "error":
                tally.errors.append(message)
            elif kind == "ack":
                tally.latencies.append(time.perf_counter() - sent.pop(str(message["id"])))
            elif kind in ("state", "sync"):
                latest = message
                if message["over"]:
                    tally.person_games += 1
                    await post(http, tally, f"/tables/{table}/rematch", {"token": owner})
            if latest is not None and latest["legal"] and not latest["over"] and not sent:
                n += 1
                cid = f"{seed}-{n}"
                sent[cid] = time.perf_counter()
                await ws.send(
                    json.dumps({"type": "action", "id": cid, "action": rng.choice(latest["legal"])["text"]})
                )
                latest = None


def stored_games(url: str) -> set[str]:
    """The ids of the games stored in the database (creating its schema if it is new)."""
    db = Database(url)
    db.migrate()
    ids = set(db.all_game_ids())
    db.close()
    return ids


def check_replays(url: str, before: set[str]) -> tuple[int, int]:
    """Re-simulate every game stored since ``before`` (the ids already there, which this run did
    not play: a shared PostgreSQL database may hold others): (games, failures)."""
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
    db.close()
    return len(ids), failures


async def drive(base: str, args: argparse.Namespace) -> tuple[Tally, float, int]:
    tally = Tally()
    url = base.replace("http://", "ws://") + "/ws"
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=base, limits=limits) as http:
        tables = [await new_table(http, tally, 0, args.bot_delay, args.level) for _ in range(args.tables)]
        before = (await http.get("/api")).json()["actions"]
        started = time.monotonic()
        stop = started + args.seconds
        tasks = [spectate(url, http, tally, table, owner, stop) for table, owner, _ in tables]
        tasks += [
            person(url, http, tally, args.bot_delay, args.level, seed, stop) for seed in range(args.clients)
        ]
        await asyncio.gather(*tasks)
        elapsed = time.monotonic() - started
        after = (await http.get("/api")).json()["actions"]
    return tally, elapsed, after - before


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, in milliseconds."""
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0] * 1000
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="tables of four bots")
    parser.add_argument("--clients", type=int, default=20, help="people playing over a socket")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the load runs")
    parser.add_argument("--bot-delay", type=float, default=1.0, help="seconds a bot waits before moving")
    parser.add_argument("--level", default="greedy", help="the bots: greedy or random")
    parser.add_argument("--db", default=None, help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = database_url(args.db or str(Path(tmp) / "load.db"))
        before = stored_games(url)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen(
            [sys.executable, "-m", "rummykit", "serve", "--port", str(port), "--db", url],
            stdout=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    httpx.get(base + "/api", timeout=1)
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.2)
            tally, elapsed, actions = asyncio.run(drive(base, args))
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(30)
        games, failures = check_replays(url, before)
    report = {
        "tables": args.tables,
        "bots": args.level,
        "clients": args.clients,
        "seconds": round(elapsed, 1),
        "actions": actions,
        "actions_per_second": round(actions / elapsed, 1),
        "person_actions": len(tally.latencies),
        "ack_p50_ms": round(percentile(tally.latencies, 0.5), 1),
        "ack_p99_ms": round(percentile(tally.latencies, 0.99), 1),
        "errors": len(tally.errors),
        "failed_requests": tally.failed_requests,
        "rematches": tally.rematches + tally.person_games,
        "games": games,
        "replay_failures": failures,
    }
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:>20}: {value}")
    if tally.errors:
        print("first errors:", tally.errors[:3], file=sys.stderr)


if __name__ == "__main__":
    main()
