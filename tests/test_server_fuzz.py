"""A bounded fuzz test: thousands of random and mutated messages over many connections to a real
server; every answer is a well-formed message, the server keeps serving, and afterwards every game
plays to its end and replays."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from test_server_support import Server, make_table, replay_record, running, sqlite_url

CONNECTIONS = 100
PER_CONNECTION = 36
"""With the hello and the closing ping, below the rate limiter's burst: every message reaches the
handlers."""

SCALARS: list[Any] = [
    None,
    True,
    0,
    -1,
    7,
    2**70,
    1.5,
    "",
    "x" * 300,
    "draw",
    "discard R1",
    [],
    {},
    [1],
    {"a": 1},
]
TYPES = ["hello", "action", "resync", "ping", "lobby", "HELLO", "", "state", 5, None]


def mutate(message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    mutated = dict(message)
    for _ in range(rng.randint(1, 3)):
        key = rng.choice(
            [*mutated, "type", "id", "action", "seat", "token", "table", "v", "game", "spectate"]
        )
        if rng.random() < 0.2:
            mutated.pop(key, None)
        elif key == "type":
            mutated[key] = rng.choice(TYPES)
        else:
            mutated[key] = rng.choice(SCALARS)
    return mutated


def random_text(rng: random.Random, valid: list[dict[str, Any]]) -> str:
    roll = rng.random()
    if roll < 0.15:
        return "".join(chr(rng.randint(0, 0x2FF)) for _ in range(rng.randint(0, 40)))
    if roll < 0.25:
        text = json.dumps(rng.choice(valid))
        cut = rng.randint(0, len(text))
        return text[:cut] + rng.choice(["", "}", "{", '"', "\\", "\x00"]) + text[cut + 1 :]
    if roll < 0.3:
        return "[" * 2000
    if roll < 0.35:
        return json.dumps({"type": "ping", "pad": "y" * rng.randint(4000, 9000)})
    return json.dumps(mutate(rng.choice(valid), rng))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(sqlite_url(tmp_path_factory.mktemp("fuzz"))) as started:
        yield started


def test_random_and_mutated_messages(server: Server) -> None:
    rng = random.Random(2024)
    tables = []
    for variant in ("okey", "turkish_rummy", "kalooki", "carousel"):
        options = {
            "okey": {"rounds": 1},
            "turkish_rummy": {"rounds": 1},
            "kalooki": {"match": "rounds", "rounds": 1},
        }
        created, tokens = make_table(server, variant, persons=2, options=options.get(variant, {"target": 30}))
        tables.append((created["table"], tokens))
    answers = 0
    for n in range(CONNECTIONS):
        table, tokens = rng.choice(tables)
        seat = rng.randrange(2)
        hello = {"type": "hello", "table": table, "seat": seat, "token": tokens[seat]}
        valid = [
            hello,
            {"type": "hello", "table": table, "spectate": True, "v": rng.randint(-1, 50)},
            {
                "type": "action",
                "id": f"f{n}-{rng.random()}",
                "action": rng.choice(["draw", "take", "end", "pass"]),
            },
            {"type": "action", "id": n, "action": rng.randint(-5, 400)},
            {"type": "resync"},
            {"type": "ping", "t": n},
            {"type": "lobby"},
        ]
        with connect(server.ws_url, max_size=2**22) as ws:
            if rng.random() < 0.7:
                ws.send(json.dumps(hello))
            try:
                for _ in range(PER_CONNECTION):
                    ws.send(random_text(rng, valid))
                ws.send(json.dumps({"type": "ping", "t": "end"}))
                while True:
                    message = json.loads(ws.recv(timeout=10))
                    answers += 1
                    assert isinstance(message, dict) and isinstance(message.get("type"), str)
                    if message["type"] == "error":
                        assert isinstance(message["code"], str) and isinstance(message["params"], dict)
                    if message == {"type": "pong", "t": "end"}:
                        break
            except ConnectionClosed as exc:
                assert exc.rcvd is None or exc.rcvd.code in (1000, 1008, 1009), exc
    assert answers > CONNECTIONS * 10
    assert server.alive()
    for table, tokens in tables:
        for seat, token in enumerate(tokens):
            server.post(f"/tables/{table}/seats/{seat}/leave", {"token": token})
    deadline = time.monotonic() + 90
    for table, tokens in tables:
        while (info := server.get(f"/tables/{table}").json())["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.2)
        record = server.get(f"/games/{info['game']}/record", token=tokens[0])
        assert replay_record(record.text).complete
