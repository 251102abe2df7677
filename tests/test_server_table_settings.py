"""Table settings over the real server (real WebSockets on loopback, SQLite and PostgreSQL): a
public table's default turn timer and the time left in every ``state`` message, and the count of
pieces seen (``seen_count``): the same in every seat's and a spectator's messages, from the
spectators' view, in every message of a match played to its end, and refused where the game
offers none."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import asdict

import pytest

from rummykit.server.defaults import PUBLIC_TURN_SECONDS
from rummykit.server.table import TableOptions
from rummykit.variants.registry import variant
from test_server_support import SeatClient, Server, database_url, make_table, needs_pg, running


@pytest.fixture(scope="module", params=["sqlite", pytest.param("pg", marks=needs_pg)])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module's tests, on SQLite and on PostgreSQL."""
    url = database_url(request.param, tmp_path_factory.mktemp("settings"))
    with running(url) as started:
        yield started


def test_a_public_table_gets_the_default_timer_unless_it_asks_for_none(server: Server) -> None:
    seats = [{"kind": "person"}] * 4
    timed = server.post("/tables", {"variant": "okey", "seats": seats, "public": True}, status=201)
    assert server.get(f"/tables/{timed['table']}").json()["options"]["turn_seconds"] == PUBLIC_TURN_SECONDS
    body = {"variant": "okey", "seats": seats, "public": True, "turn_seconds": None}
    untimed = server.post("/tables", body, status=201)
    assert server.get(f"/tables/{untimed['table']}").json()["options"]["turn_seconds"] is None
    private = server.post("/tables", {"variant": "okey", "seats": seats}, status=201)
    assert server.get(f"/tables/{private['table']}").json()["options"]["turn_seconds"] is None
    body = {"variant": "okey", "seats": seats, "public": True, "turn_seconds": 20}
    chosen = server.post("/tables", body, status=201)
    assert server.get(f"/tables/{chosen['table']}").json()["options"]["turn_seconds"] == 20


def test_every_state_message_carries_the_time_the_turn_has_left(server: Server) -> None:
    options = {"players": 2, "rounds": 1}
    created, tokens = make_table(server, options=options, persons=2, turn_seconds=30, round_break_seconds=0)
    table = created["table"]
    clients = [SeatClient(server, table, seat, token) for seat, token in enumerate(tokens)]
    watcher = SeatClient(server, table, None, None)
    dealt = watcher.until("sync")
    assert 29 < dealt["turn_left"] <= 30
    mover = dealt["observation"]["to_move"]
    opening = clients[mover].wait_turn_or_end()
    assert clients[mover].act(opening["legal"][0]["text"], "o1")["type"] == "ack"
    after = watcher.until("state")
    # the next seat's timer runs already: its time left is in the message that passes the turn
    assert after["observation"]["to_move"] != mover and 29 < after["turn_left"] <= 30
    for client in [*clients, watcher]:
        client.close()
    # a bot's turn has no timer: the seat to move is a bot, nothing counts down
    created, (token,) = make_table(server, options=options, turn_seconds=30, bot_delay=5)
    person = SeatClient(server, created["table"], 0, token)
    state = person.until("sync")
    while state["observation"]["to_move"] == 0:
        assert state["turn_left"] is not None
        person.act(state["legal"][0]["text"], f"b{state['v']}")
        state = person.until("state")
    assert state["turn_left"] is None
    person.close()


@pytest.mark.parametrize("name", ["okey", "turkish_rummy", "okey_101"])
def test_the_count_of_pieces_seen_is_everyones_alike(server: Server, name: str) -> None:
    rounds = {"players": 2, "rounds": 1}
    created, tokens = make_table(
        server, name, options=rounds, persons=2, seen_count=True, round_break_seconds=0
    )
    table = created["table"]
    assert server.get(f"/tables/{table}").json()["options"]["seen_count"] is True
    clients = [SeatClient(server, table, seat, token) for seat, token in enumerate(tokens)]
    watcher = SeatClient(server, table, None, None)
    rng = random.Random(7)
    for client in [*clients, watcher]:
        client.until("sync")
    for n in range(4000):
        state = watcher.state
        assert state is not None
        if state["over"]:
            break
        seat = state["observation"]["to_move"]
        mover = clients[seat]
        mine = mover.wait_turn_or_end()
        assert mover.act(rng.choice(mine["legal"])["text"], f"s{n}")["type"] == "ack"
        watcher.until("state")
    else:
        raise AssertionError("the match did not end")
    for client in clients:
        client.drain()
    game = variant(name).game(variant(name).load_rules(None, rounds))
    seen_by_version = {m["v"]: m["seen"] for m in watcher.received if m["type"] in ("state", "sync")}
    for client in clients:
        for message in client.received:
            if message["type"] in ("state", "sync"):
                assert message["seen"] == seen_by_version[message["v"]], message["v"]
    for message in watcher.received:
        if message["type"] in ("state", "sync"):
            assert message["seen"] == game.seen_counts(message["observation"])
    assert max(map(sum, seen_by_version.values())) > 1
    for client in [*clients, watcher]:
        client.close()


def test_no_count_unless_asked_and_none_where_the_game_offers_none(server: Server) -> None:
    created, (token,) = make_table(server, options={"players": 2, "rounds": 1})
    person = SeatClient(server, created["table"], 0, token)
    assert "seen" not in person.until("sync")
    person.close()
    seats = [{"kind": "person"}] * 4
    refused = server.post("/tables", {"variant": "kalooki", "seats": seats, "seen_count": True}, status=400)
    assert refused["error"]["code"] == "unsupported"
    assert refused["error"]["params"] == {"feature": "seen_count", "variant": "kalooki"}
    refused = server.post("/tables", {"variant": "okey", "seats": seats, "seen_count": "yes"}, status=400)
    assert refused["error"]["code"] == "bad_request"
    assert refused["error"]["params"] == {"reason": "seen_count is true or false"}
    listed = {v["variant"]: v["seen_count"] for v in server.get("/variants").json()["variants"]}
    assert listed == {
        "okey": True,
        "turkish_rummy": True,
        "kalooki": False,
        "carousel": False,
        "okey_101": True,
    }


def test_a_stored_table_of_the_last_release_keeps_its_options() -> None:
    # a public table stored before these options: its timer stays none, no count
    stored = {
        "public": True,
        "turn_seconds": None,
        "grace_seconds": 30.0,
        "bot_delay": 0.6,
        "round_break_seconds": 10.0,
        "hints": True,
        "rated": False,
    }
    options = TableOptions.from_json(stored)
    assert options.turn_seconds is None and options.seen_count is False and options.public is True
    assert TableOptions.from_json(asdict(options)) == options
