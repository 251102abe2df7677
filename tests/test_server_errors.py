"""Bad input through the real server: each gets a structured error, nothing changes, and the server
keeps serving (the game still plays to the end and replays)."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from rummykit.messages import render
from rummykit.server.protocol import plain_text
from test_server_support import SeatClient, Server, make_table, replay_record, running, sqlite_url


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(sqlite_url(tmp_path_factory.mktemp("errors"))) as started:
        yield started


def error(client: SeatClient, message: dict[str, object] | str) -> dict[str, object]:
    client.send(message)
    while True:
        answer = client.recv()
        if answer["type"] == "error":
            return answer
        assert answer["type"] in ("table", "state", "sync", "chat_history"), answer


def version(client: SeatClient) -> int:
    client.send({"type": "resync"})
    sync = client.until("sync")
    return int(sync["v"])


def test_bad_hellos(server: Server) -> None:
    created, (token0, _token1) = make_table(server, persons=2, options={"rounds": 1})
    table = created["table"]
    client = SeatClient.__new__(SeatClient)
    from websockets.sync.client import connect

    client.ws = connect(server.ws_url, max_queue=None, legacy=True)
    client.received, client.state = [], None
    assert error(client, {"type": "hello", "table": table, "seat": 1, "token": token0})["code"] == "bad_token"
    assert error(client, {"type": "hello", "table": table, "seat": 2, "token": token0})["code"] == "bad_token"
    assert (
        error(client, {"type": "hello", "table": table, "seat": 9, "token": token0})["code"] == "no_such_seat"
    )
    assert (
        error(client, {"type": "hello", "table": "nope", "seat": 0, "token": token0})["code"]
        == "no_such_table"
    )
    assert error(client, {"type": "action", "id": "1", "action": "draw"})["code"] == "not_joined"
    assert error(client, {"type": "hello", "table": table, "seat": 0, "token": token0, "v": "x"})["code"] == (
        "bad_message"
    )
    client.send({"type": "hello", "table": table, "seat": 0, "token": token0})
    assert client.until("welcome")["seat"] == 0
    assert error(client, {"type": "hello", "table": table, "spectate": True})["code"] == "joined_already"
    client.ws.close()


def test_bad_messages_change_nothing(server: Server) -> None:
    created, tokens = make_table(server, persons=2, options={"rounds": 1})
    table = created["table"]
    clients = [SeatClient(server, table, seat, token) for seat, token in enumerate(tokens)]
    spectator = SeatClient(server, table, None, None)
    for c in clients:
        c.until("sync")
    while not any(c.state is not None and c.my_turn() for c in clients):
        for c in clients:
            c.drain()
    mover = next(c for c in clients if c.my_turn())
    other = next(c for c in clients if c is not mover)
    before = version(mover)

    assert error(mover, "{not json")["code"] == "bad_json"
    assert error(mover, "[1, 2]")["code"] == "bad_message"
    assert error(mover, {"type": "dance"})["code"] == "unknown_type"
    assert error(mover, {"no": "type"})["code"] == "bad_message"
    assert error(mover, json.dumps({"type": "ping", "pad": "x" * 5000}))["code"] == "too_large"
    assert error(mover, {"type": "action", "action": "draw"})["code"] == "bad_message"
    assert error(mover, {"type": "action", "id": "e1", "action": ["draw"]})["code"] == "bad_message"
    assert error(mover, {"type": "action", "id": "e2", "action": "fly away"})["code"] == "notation"
    assert error(mover, {"type": "action", "id": "e3", "action": 10**6})["code"] == "notation"
    wrong = error(mover, {"type": "action", "id": "e4", "action": "draw", "seat": other.seat})
    assert wrong["code"] == "wrong_seat" and wrong["id"] == "e4"
    legal = {choice["text"] for choice in mover.state["legal"]} if mover.state else set()
    illegal = next(t for t in ("take", "draw", "discard R1", "discard K13", "pass") if t not in legal)
    refused = error(mover, {"type": "action", "id": "e5", "action": illegal})
    assert refused["id"] == "e5" and isinstance(refused["code"], str) and isinstance(refused["params"], dict)
    turn = error(other, {"type": "action", "id": "e6", "action": "draw"})
    assert turn["code"] == "not_your_turn" and turn["params"] == {"seat": other.seat, "to_move": mover.seat}
    assert error(spectator, {"type": "action", "id": "e7", "action": "draw"})["code"] == "spectator"
    assert version(mover) == before

    choice = mover.state["legal"][0]["text"] if mover.state else ""
    for _ in range(3):
        mover.send({"type": "action", "id": "once", "action": choice})
    acks = []
    while len(acks) < 3:
        message = mover.recv()
        assert message["type"] != "error", message
        if message["type"] == "ack":
            acks.append(message)
    first = acks[0]
    assert "duplicate" not in first and first["v"] == before + 1
    assert acks[1:] == [{"type": "ack", "id": "once", "v": first["v"], "duplicate": True}] * 2
    assert version(mover) >= first["v"]

    for seat, token in enumerate(tokens):
        server.post(f"/tables/{table}/seats/{seat}/leave", {"token": token})
    while not (spectator.state and spectator.state["over"]):
        spectator.recv()
    assert spectator.state["stood_in"] == [0, 1]
    record = server.get(spectator.state["record"], token=tokens[0])
    assert replay_record(record.text).complete
    for c in [*clients, spectator]:
        c.close()


def test_a_flood_is_refused_then_closed(server: Server) -> None:
    created, (token,) = make_table(server, options={"rounds": 1})
    client = SeatClient(server, created["table"], 0, token)
    for n in range(60):
        client.send({"type": "ping", "t": n})
    codes = []
    for _ in range(60):
        message = client.recv()
        while message["type"] not in ("pong", "error"):
            message = client.recv()
        codes.append(message.get("code", "pong"))
    assert "rate_limited" in codes and codes[0] == "pong"
    with pytest.raises(ConnectionClosed) as closed:
        for n in range(1000):
            client.send({"type": "ping", "t": n})
        while True:
            client.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert server.alive()
    fresh = SeatClient(server, created["table"], 0, token)
    fresh.send({"type": "ping", "t": "ok"})
    assert fresh.until("pong")["t"] == "ok"
    fresh.close()


def test_a_rate_limited_action_names_its_id_and_plays_once_when_sent_again(server: Server) -> None:
    created, (token,) = make_table(server, options={"rounds": 1})
    client = SeatClient(server, created["table"], 0, token)
    state = client.wait_turn_or_end()
    before, text = state["v"], state["legal"][0]["text"]
    for n in range(45):
        client.send({"type": "ping", "t": n})
    client.send({"type": "action", "id": "late", "action": text})
    refused = client.until("error")
    while refused.get("id") != "late":
        refused = client.until("error")
    assert refused["code"] == "rate_limited" and refused["params"]["retry_ms"] >= 1
    assert client.state is not None and client.state["v"] == before
    time.sleep(refused["params"]["retry_ms"] / 1000)
    assert client.act(text, "late") == {"type": "ack", "id": "late", "v": before + 1}
    again = client.act(text, "late")
    assert again.get("duplicate") is True and again["v"] == before + 1
    client.close()


def test_http_errors_are_structured(server: Server, tmp_path: Path) -> None:
    bad = server.post("/tables", {"variant": "chess", "seats": []}, status=400)
    assert bad["error"]["code"] == "rules"
    bad = server.post("/tables", {"variant": "okey", "options": {"rounds": "x"}, "seats": []}, status=400)
    assert bad["error"]["code"] == "rules"
    bad = server.post("/tables", {"variant": "okey", "seats": [{"kind": "person"}]}, status=400)
    assert bad["error"]["code"] == "bad_request"
    created = server.post(
        "/tables", {"variant": "okey", "seats": [{"kind": "person"}] * 2 + [{"kind": "bot"}] * 2}, status=201
    )
    table = created["table"]
    assert (
        server.post(f"/tables/{table}/start", {"token": "nope"}, status=403)["error"]["code"] == "forbidden"
    )
    start = server.post(f"/tables/{table}/start", {"token": created["owner_token"]}, status=409)
    assert start["error"] == {"code": "seats_empty", "params": {"seats": [0, 1]}}
    token = server.post(f"/tables/{table}/seats/0/join", {"name": "ann"})["token"]
    assert (
        server.post(f"/tables/{table}/seats/0/join", {"name": "bob"}, status=409)["error"]["code"]
        == "seat_taken"
    )
    bad = server.post(f"/tables/{table}/fill", {"token": token, "level": "nobody"}, status=400)
    assert bad["error"]["code"] == "bad_request"
    assert "unknown bot 'nobody'" in bad["error"]["params"]["reason"]
    assert server.get(f"/tables/{table}").json()["seats"][1]["kind"] != "bot"
    server.post(f"/tables/{table}/fill", {"token": token, "level": "random"})
    assert server.get(f"/tables/{table}").json()["seats"][1]["kind"] == "bot"
    assert server.get("/games/nothing/record").status_code == 404
    assert server.post("/tables", None, status=400)["error"]["code"] == "bad_request"


def test_unknown_keys_are_refused_by_name_and_change_nothing(server: Server) -> None:
    """A mistyped key of a create request, a seat, another HTTP body or a WebSocket message is
    ``unknown_key`` naming it and the nearest known key, never silently ignored."""
    seats = [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3
    before = server.get("/tables").json()
    cases: list[tuple[dict[str, Any], str, str | None, str]] = [
        (
            {"variant": "okey", "seats": seats, "turn_second": 30},
            "turn_second",
            "turn_seconds",
            "POST /tables",
        ),
        (
            {"variant": "okey", "seats": [*seats[:3], {"kind": "bot", "levle": "hard"}]},
            "levle",
            "level",
            "seats[3]",
        ),
        (
            {"variant": "okey", "seats": [{"kind": "person", "level": "hard"}, *seats[1:]]},
            "level",
            None,
            "seats[0]",
        ),
        ({"variant": "okey", "seats": seats, "xyzzy": True}, "xyzzy", None, "POST /tables"),
    ]
    for body, key, closest, where in cases:
        refused = server.post("/tables", body, status=400)["error"]
        assert refused["code"] == "unknown_key", refused
        params = refused["params"]
        assert (params["key"], params["closest"], params["where"]) == (key, closest, where)
        assert f"unknown key {key} in {where}" in render(refused["code"], params)
    assert "turn_seconds" in server.post("/tables", cases[0][0], status=400)["error"]["params"]["known"]
    assert server.get("/tables").json() == before
    created = server.post("/tables", {"variant": "okey", "seats": seats}, status=201)
    table = created["table"]
    refused = server.post(f"/tables/{table}/seats/0/join", {"nmae": "ann"}, status=400)["error"]
    assert refused["params"]["key"] == "nmae" and refused["params"]["closest"] == "name"
    assert server.get(f"/tables/{table}").json()["seats"][0]["kind"] == "open"
    token = server.post(f"/tables/{table}/seats/0/join", {"name": "ann"})["token"]
    refused = server.post(f"/tables/{table}/start", {"tokn": created["owner_token"]}, status=400)["error"]
    assert (refused["code"], refused["params"]["closest"]) == ("unknown_key", "token")
    refused = server.post(f"/tables/{table}/fill", {"token": token, "levels": "random"}, status=400)["error"]
    assert (refused["code"], refused["params"]["key"]) == ("unknown_key", "levels")
    assert server.get(f"/tables/{table}").json()["status"] == "waiting"
    # signing up, the account bodies alike (nothing is created)
    refused = server.post("/account/signup", {"username": "keys_1", "pasword": "x" * 12}, status=400)["error"]
    assert (refused["params"]["key"], refused["params"]["closest"]) == ("pasword", "password")
    assert server.get("/players/keys_1").status_code == 404
    # a request that takes no body refuses one with a key, as the others refuse a key they lack
    refused = server.post("/account/logout", {"everywhere": True}, status=400)["error"]
    assert (refused["code"], refused["params"]["key"], refused["params"]["known"]) == (
        "unknown_key",
        "everywhere",
        "",
    )

    # the WebSocket messages: one check for every type, the action's id kept in its refusal
    server.post(f"/tables/{table}/start", {"token": created["owner_token"]})
    client = SeatClient(server, table, 0, token)
    client.until("sync")
    before_v = version(client)
    refused = error(client, {"type": "action", "id": "k1", "action": "draw", "seta": 0})
    assert (refused["code"], refused["id"], refused["params"]["closest"]) == ("unknown_key", "k1", "seat")
    assert refused["params"]["where"] == "action"
    assert error(client, {"type": "ping", "time": 1})["params"]["closest"] is None
    assert error(client, {"type": "chat", "room": "table", "txt": "hi"})["params"]["closest"] == "text"
    assert error(client, {"type": "resync", "v": 3})["params"] == {
        "key": "v",
        "where": "resync",
        "known": "type",
        "closest": None,
    }
    assert version(client) == before_v
    client.close()


def test_bot_levels_are_checked_for_the_game(server: Server) -> None:
    def seats(level: str, players: int = 2) -> list[dict[str, str]]:
        return [{"kind": "person"}] + [{"kind": "bot", "level": level}] * (players - 1)

    created = server.post("/tables", {"variant": "okey", "seats": seats("search:3", 4)}, status=201)
    assert [s["level"] for s in created["seats"]][1:] == ["search:3"] * 3
    for variant in ("kalooki", "carousel"):
        table = server.post("/tables", {"variant": variant, "seats": seats("search:2", 4)}, status=201)
        assert [s["level"] for s in table["seats"]][1:] == ["search:2"] * 3
        bad = server.post("/tables", {"variant": variant, "seats": seats("clever", 4)}, status=400)
        assert bad["error"]["code"] == "bad_request" and "clever" in bad["error"]["params"]["reason"]
    bad = server.post("/tables", {"variant": "okey", "seats": seats("search:-1", 4)}, status=400)
    assert bad["error"]["code"] == "bad_request"
    tiny = server.post("/tables", {"variant": "okey", "seats": seats("expert:0.0000001s", 4)}, status=400)
    assert "seconds (0.01 to 60" in tiny["error"]["params"]["reason"]
    assert server.post("/tables", {"variant": "okey", "seats": seats("greedy", 4)}, status=201)


def test_seats_are_numbers_and_json_is_strict(server: Server) -> None:
    created, (token0, _token1) = make_table(server, persons=2, options={"rounds": 1})
    table = created["table"]
    from websockets.sync.client import connect

    client = SeatClient.__new__(SeatClient)
    client.ws = connect(server.ws_url, max_queue=None, legacy=True)
    client.received, client.state = [], None
    missing = error(client, {"type": "hello", "table": table, "seat": 9, "token": token0})
    assert missing["code"] == "no_such_seat" and missing["params"] == {"seat": 9}
    # a seat past a database integer (2**63, 10**30) too: no ``internal`` error from the ban check
    for seat in ("0", True, 0.0, None, [0], 2**63, 10**30):
        refused = error(client, {"type": "hello", "table": table, "seat": seat, "token": token0})
        assert refused == {"type": "error", "code": "bad_message", "params": {"field": "seat"}}, seat
    for text in (
        '{"type": "ping", "t": NaN}',
        '{"type": "ping", "t": Infinity}',
        '{"type": "ping", "t": -Infinity}',
        # a number past a double's range: JSON's syntax, but Python reads it as inf, which the pong
        # sent back as Infinity, no JSON (the tester's: a browser's JSON.parse throws on it)
        '{"type": "ping", "t": 1e999}',
        '{"type": "ping", "t": [-1e400]}',
        '{"type": "ping", "t": "\\ud800"}',
        '{"type": "ping", "t": {"\\udfff": 1}}',
        '{"type": "ping", "t": [[["a\\ude00"]]]}',
    ):
        assert error(client, text)["code"] == "bad_json"
    # a pair of surrogates is one character, and text
    client.send('{"type": "ping", "t": "\\ud83d\\ude00"}')
    assert client.until("pong")["t"] == "\U0001f600"
    # a binary frame that is not UTF-8: refused, and no traceback in the server's log
    client.ws.send(b'{"type": "ping", "t": "\xff"}')
    assert client.until("error")["params"] == {"reason": "the message is not UTF-8 text"}
    assert error(client, {"type": "hello", "table": table, "seat": 0, "token": token0, "v": 1.5})["code"] == (
        "bad_message"
    )
    client.send({"type": "hello", "table": table, "seat": 0, "token": token0})
    assert client.until("welcome")["seat"] == 0
    wrong = error(client, {"type": "action", "id": "w1", "action": "draw", "seat": 1})
    assert wrong["code"] == "wrong_seat" and wrong["params"] == {"seat": 0, "asked": 1}
    client.ws.close()
    bad_path = httpx.post(server.base + f"/tables/{table}/seats/x/join", json={"name": "z"}, timeout=10)
    assert bad_path.status_code == 400 and bad_path.json()["error"]["code"] == "bad_request"
    nan_body = httpx.post(
        server.base + "/tables", content=b'{"variant": "okey", "bot_delay": NaN}', timeout=10
    )
    assert nan_body.status_code == 400 and nan_body.json()["error"]["code"] == "bad_json"
    # a name with half a character (a lone surrogate) was stored, and the database refused it: a 500
    surrogate = httpx.post(
        server.base + f"/tables/{table}/seats/1/join", content=b'{"name": "a\\ud800"}', timeout=10
    )
    assert surrogate.status_code == 400 and surrogate.json()["error"]["code"] == "bad_json"
    deep_body = httpx.post(server.base + "/tables", content=b"[" * 30000 + b"]" * 30000, timeout=10)
    assert deep_body.status_code == 400 and deep_body.json()["error"]["code"] == "bad_json"


def test_a_seat_s_name_is_kept_without_control_or_direction_characters(server: Server) -> None:
    """A name is shown in every seat's page, log and terminal: a line break in it made a line of its
    own in ``rummykit connect`` ("seat 3 wins"), a right-to-left override turned what follows it
    around, NUL is refused by PostgreSQL. They go, as from a chat line; nothing left is refused."""
    names = {
        "Ann\nseat 3 wins": "Ann seat 3 wins",
        "\x1b[2J\x1b[31mEvil\x1b[0m": "[2J[31mEvil[0m",
        "a\u202eb\u2066c\u2069": "abc",
        "nul\x00l": "null",
        "\U0001f600 \u06af\u0644": "\U0001f600 \u06af\u0644",
    }
    body = {"variant": "okey", "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3}
    for raw, kept in names.items():
        table = server.post("/tables", body, status=201)["table"]
        joined = httpx.post(f"{server.base}/tables/{table}/seats/0/join", json={"name": raw}, timeout=10)
        assert joined.status_code == 200, raw
        assert server.get(f"/tables/{table}").json()["seats"][0]["name"] == kept
    table = server.post("/tables", body, status=201)["table"]
    for blank in ("\x00", "\u202e \u202c", "\x07\n", "\u200b\u200b", "\u2060\u3000\ufeff"):
        refused = httpx.post(f"{server.base}/tables/{table}/seats/0/join", json={"name": blank}, timeout=10)
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_request", repr(blank)


def test_plain_text_keeps_what_shows_and_the_joiners_words_need() -> None:
    """A name or a chat line with nothing that shows (zero-width spaces, word joiners) is empty; the
    zero-width non-joiner of Persian words and the joiner of emoji sequences stay."""
    assert plain_text("\u200b \u200b") == ""
    assert plain_text("\u200bAnn\u200b") == "\u200bAnn\u200b"
    assert plain_text("\u0645\u06cc\u200c\u0631\u0648\u062f") == "\u0645\u06cc\u200c\u0631\u0648\u062f"
    assert plain_text("\U0001f469\u200d\U0001f4bb\t!") == "\U0001f469\u200d\U0001f4bb !"


def test_the_server_s_codes_render_without_the_server() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, rummykit.messages as m; print(m.render('no_such_seat', {'seat': 9}));"
            "print('rummykit.server.app' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.splitlines() == ["there is no seat 10 at this table", "False"]


def test_a_client_that_stops_reading_is_closed_with_1013(server: Server) -> None:
    # Carousel's syncs are large (the log of the last 64 messages): asked for at the rate limit and
    # never read, they fill the buffers on the way within seconds; ten seconds later the server
    # closes the connection with 1013, well before the pings' 20 + 20 s (1011)
    created, _ = make_table(server, "carousel", persons=0, options={"players": 2}, round_break_seconds=0)
    time.sleep(3)
    with socket.socket() as raw:
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        raw.connect(("127.0.0.1", server.port))
        upgrade(raw, server)
        started = time.monotonic()
        send_frame(raw, {"type": "hello", "table": created["table"], "spectate": True})
        while time.monotonic() - started < 22:
            with contextlib.suppress(OSError):
                send_frame(raw, {"type": "resync"})
            time.sleep(0.07)
        raw.settimeout(30)
        data = b""
        while True:
            chunk = raw.recv(1 << 20)
            if not chunk:
                break
            data += chunk
    codes = close_codes(data)
    assert codes == [1013], codes


def test_frames_that_are_not_utf8_are_refused_and_not_logged(tmp_path: Path) -> None:
    # a text frame that is not UTF-8 ends the connection with 1007 (RFC 6455), a binary one gets
    # bad_json; neither leaves a line in the server's log, however often a client sends them
    with running(sqlite_url(tmp_path)) as server:
        for _ in range(3):
            for opcode in (0x1, 0x2):
                with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
                    upgrade(raw, server)
                    send_frame(raw, b'{"type": "ping", "t": "\xff"}', opcode)
                    if opcode == 0x1:
                        assert close_codes(raw.recv(1 << 16)) == [1007]
                    else:
                        answer = raw.recv(1 << 16)
                        assert b'"code":"bad_json"' in answer and b"not UTF-8" in answer, answer
        assert server.alive()
        server.stop()
        assert server.proc is not None and server.proc.stderr is not None
        log = server.proc.stderr.read().decode()
    assert "Traceback" not in log and "UTF-8" not in log, log


def upgrade(raw: socket.socket, server: Server) -> None:
    """Open a WebSocket to ``/ws`` on the connected socket ``raw`` (the handshake, its answer read)."""
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        (
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:  # 101 Switching Protocols
        answer += raw.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer


def send_frame(raw: socket.socket, message: dict[str, object] | bytes, opcode: int = 0x1) -> None:
    """Send ``message`` (JSON text of a dict, or bytes as they are) as a masked WebSocket frame of
    ``opcode`` (text: 1, binary: 2), as a client does."""
    payload = json.dumps(message).encode() if isinstance(message, dict) else message
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    raw.sendall(bytes([0x80 | opcode, 0x80 | 126]) + len(payload).to_bytes(2, "big") + mask + masked)


def close_codes(stream: bytes) -> list[int]:
    """The close codes of the close frames in a server's (unmasked) WebSocket byte stream."""
    codes, at = [], 0
    while at + 2 <= len(stream):
        opcode, size = stream[at] & 0x0F, stream[at + 1] & 0x7F
        at += 2
        if size == 126:
            size, at = int.from_bytes(stream[at : at + 2], "big"), at + 2
        elif size == 127:
            size, at = int.from_bytes(stream[at : at + 8], "big"), at + 8
        if opcode == 0x8:
            codes.append(int.from_bytes(stream[at : at + 2], "big"))
        at += size
    return codes
