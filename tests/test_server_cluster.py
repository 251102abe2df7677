"""Several ``rummykit serve`` processes on one PostgreSQL database and one Redis broker
(``docs/deploy.md``): any process serves any table's seats, spectators and HTTP requests, every
message still the game's one view of its viewer (checked against the record replayed), the lobby
is the same on every process, and when a process is killed (``kill -9``) its tables go on at the
others, nothing lost or doubled. Without a broker, a process started again with the same
``--server-id`` takes its tables back at once."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from rummykit.bots.registry import make_bot
from rummykit.variants.registry import game_from_record
from test_server_leaks import check
from test_server_support import (
    SeatClient,
    Server,
    make_table,
    needs_cluster,
    reconnect,
    replay_record,
    running_cluster,
    sqlite_url,
)


@pytest.fixture(scope="module")
def cluster() -> Iterator[list[Server]]:
    """Two processes of a cluster of this module's own on the test database and broker (the last
    test kills the first)."""
    with running_cluster() as servers:
        yield servers


def greedy_text(variant: str, rules: dict[str, Any], view: dict[str, Any], seat: int) -> str:
    """The greedy bot's move from a seat's ``state`` message."""
    game, _ = game_from_record(variant, rules)
    legal = [game.parse_action(choice["text"]) for choice in view["legal"]]
    return game.action_text(make_bot("greedy", game, seat).choose(view["observation"], legal))


@needs_cluster
def test_seats_and_spectators_at_other_processes_see_only_their_own(cluster: list[Server]) -> None:
    owner, other = cluster
    made = owner.post(
        "/tables",
        {
            "variant": "okey",
            "options": {"rounds": 1},
            "seats": [{"kind": "person"}] * 4,
            "grace_seconds": 600,
        },
        status=201,
    )
    table = made["table"]
    # seats are taken and the match started through the process that does not run the table
    tokens = [
        (other if seat % 2 == 0 else owner).post(f"/tables/{table}/seats/{seat}/join", {"name": f"p{seat}"})[
            "token"
        ]
        for seat in range(4)
    ]
    assert other.post(f"/tables/{table}/start", {"token": made["owner_token"]})["status"] == "playing"
    assert other.get(f"/tables/{table}").json()["status"] == "playing"
    assert owner.get("/api").json()["tables"] == 1 and other.get("/api").json()["tables"] == 0
    rules = owner.get(f"/tables/{table}").json()["rules"]
    clients = [SeatClient(other if seat % 2 == 0 else owner, table, seat, tokens[seat]) for seat in range(4)]
    spectator = SeatClient(other, table, None, None)
    second = SeatClient(owner, table, 0, tokens[0])  # seat 0 also open at the owner
    archive: list[tuple[int | None, str]] = []
    everyone = [*clients, spectator, second]
    for client in everyone:
        while client.state is None:
            client.recv()
    # a seat's help answered across processes: its rack order reaches its other connection
    slots = clients[0].state["observation"]["hand"] if clients[0].state else []
    clients[0].send({"type": "rack", "slots": slots, "rows": 2 if len(slots) % 2 == 0 else 1, "by": "runs"})
    rack = clients[0].until("rack")
    echoed = second.until("rack")
    assert echoed["elsewhere"] is True and echoed["slots"] == rack["slots"]
    clients[0].send({"type": "scores"})
    assert clients[0].until("scores")["rounds"] == []
    v = 0
    while not clients[0].state or not clients[0].state["over"]:
        state = clients[0].state
        mover = state["observation"]["to_move"]
        view = clients[mover].state
        assert view is not None and view["legal"]
        answer = clients[mover].act(greedy_text("okey", rules, view, mover), f"m{v}")
        assert answer["type"] == "ack", answer
        v = answer["v"]
        if v % 29 == 3:  # a seat moves to the other process mid-match, with its version
            gone = clients[(mover + 1) % 4]
            seat = gone.seat
            assert seat is not None and gone.state is not None
            archive += [(seat, json.dumps(m)) for m in gone.received]
            gone.close()
            where = owner if gone.server is other else other
            back = SeatClient(where, table, seat, tokens[seat], v=gone.state["v"], game=gone.state["game"])
            back.state = gone.state
            clients[seat] = back
        for client in [*clients, spectator, second]:
            while client.state is None or client.state["v"] < v:
                client.recv()
    for client in [*clients, spectator, second]:
        client.drain(0.2)
        archive += [(client.seat, json.dumps(m)) for m in client.received]
        client.close()
    final = clients[0].state
    assert final is not None and final["over"]
    check(other, final["record"], archive, [made["owner_token"], *tokens])


@needs_cluster
def test_the_lobby_is_the_same_on_every_process(cluster: list[Server]) -> None:
    owner, other = cluster
    watcher = connect(other.ws_url, max_size=2**22, open_timeout=10, legacy=True)
    watcher.send(json.dumps({"type": "lobby"}))
    made = owner.post(
        "/tables", {"variant": "okey", "seats": [{"kind": "person"}] * 4, "public": True}, status=201
    )
    table = made["table"]
    listed = [t["table"] for t in other.get("/tables").json()["tables"]]
    assert table in listed
    owner.post(f"/tables/{table}/seats/2/join", {"name": "ann"})
    deadline = time.monotonic() + 10
    while True:
        lobby = json.loads(watcher.recv(timeout=max(0.1, deadline - time.monotonic())))
        if lobby["type"] != "lobby":  # the lobby's chat comes on the same socket
            continue
        seats = {t["table"]: t["seats"] for t in lobby["tables"]}.get(table)
        if seats and seats[2]["name"] == "ann":
            break
    watcher.close()


TIMED = ("turn_left", "break_left")
"""A state message's fields counted from when it was sent (not the same at two processes)."""


def untimed(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``messages`` without the chat's history and without :data:`TIMED` fields."""
    return [{k: v for k, v in m.items() if k not in TIMED} for m in messages if m["type"] != "chat_history"]


def joined(client: SeatClient) -> list[str]:
    """The kinds of the messages ``client`` got on joining (read until they stop)."""
    client.drain(0.5)
    return [m["type"] for m in client.received]


def play_match(rules: dict[str, Any], people: list[SeatClient], previous: str | None) -> str:
    """The ``people`` at an Okey table play greedy moves until the match after game ``previous``
    is over; its game id."""
    for n in range(5000):
        for client in people:
            client.drain(0.02)
        for client in people:
            view = client.state
            if view is None or view["game"] == previous or client.seat is None:
                continue
            if view["over"]:
                return str(view["game"])
            if client.my_turn():
                client.act(greedy_text("okey", rules, view, client.seat), f"g{view['game']}-{n}")
    raise AssertionError("the match did not end")


@needs_cluster
def test_a_table_s_messages_are_the_same_at_either_process(cluster: list[Server]) -> None:
    owner, other = cluster
    body = {
        "variant": "okey",
        "options": {"rounds": 1},
        "seats": [{"kind": "person"}] * 2 + [{"kind": "bot", "level": "greedy"}] * 2,
        "bot_delay": 0,
        "grace_seconds": 600,
    }
    made = owner.post("/tables", body, status=201)
    table = made["table"]
    ann = other.post(f"/tables/{table}/seats/0/join", {"name": "ann"})["token"]
    # a waiting table (an invite's page): the same first messages from either process
    here = SeatClient(owner, table, None, None)
    assert joined(here) == ["welcome", "table", "chat_history"]
    there = SeatClient(other, table, None, None)
    assert joined(there) == ["welcome", "table", "chat_history"]
    seated = SeatClient(other, table, 0, ann)
    assert joined(seated) == ["welcome", "table", "chat_history"]
    assert seated.received[1]["seats"][0] == {**there.received[1]["seats"][0], "connected": True}
    for client in (here, there):
        client.drain(0.5)
    start = len(here.received), len(there.received)
    # a seat taken at the owner reaches the connections at the other process
    bob = owner.post(f"/tables/{table}/seats/1/join", {"name": "bob"})["token"]
    for client in (seated, there):
        assert client.until("table")["seats"][1]["name"] == "bob"
    second = SeatClient(owner, table, 1, bob)
    assert joined(second) == ["welcome", "table", "chat_history"]
    for client in (seated, there):
        assert client.until("table")["seats"][1]["connected"] is True
    # the match, its end, and a rematch, started through either process; a spectator opening the
    # running table at either process gets it and the match so far
    rules = owner.get(f"/tables/{table}").json()["rules"]
    assert other.post(f"/tables/{table}/start", {"token": made["owner_token"]})["status"] == "playing"
    for server in cluster:
        late = SeatClient(server, table, None, None)
        assert joined(late)[:3] == ["welcome", "table", "sync"] and "chat_history" in joined(late)
        assert late.received[1]["status"] == "playing"
        late.close()
    games = [play_match(rules, [seated, second], None)]
    owner.post(f"/tables/{table}/rematch", {"token": ann})
    games.append(play_match(rules, [seated, second], games[0]))
    for client in (here, there, seated, second):
        client.drain(0.5)
        client.close()
    watched = untimed(here.received[start[0] :])
    assert watched == untimed(there.received[start[1] :])
    kinds = [m["type"] for m in watched]
    assert kinds.count("table") >= 4 and [m["game"] for m in watched if m.get("over")] == games
    assert [m["status"] for m in watched if m["type"] == "table"][-1] == "finished"


@needs_cluster
def test_a_killed_process_s_tables_go_on_at_the_other(cluster: list[Server], tmp_path: Path) -> None:
    owner, other = cluster
    created, (token,) = make_table(owner, options={"rounds": 1}, bot_delay=0.05)
    # a match of bots long enough to be still on when the owner is killed
    bots_only, _ = make_table(owner, persons=0, options={"rounds": 3}, bot_delay=0.3, round_break_seconds=0)
    table = created["table"]
    client = SeatClient(other, table, 0, token)
    watcher = SeatClient(other, bots_only["table"], None, None)
    rng = random.Random(5)
    played = 0
    while played < 4:
        state = client.wait_turn_or_end()
        assert client.act(rng.choice(state["legal"])["text"], f"k{played}")["type"] == "ack"
        played += 1
    assert client.state is not None
    game, seen = client.state["game"], client.state["v"]
    watcher.drain(0.3)
    assert watcher.state is not None
    before = watcher.state["v"]
    assert not watcher.state["over"]
    killed = time.monotonic()
    owner.kill()
    # the connections at the other process are closed (4001) and join again through it
    back = reconnect(other, table, 0, token, v=seen, game=game)
    assert time.monotonic() - killed < 10
    assert back.welcome["game"] == game and back.welcome["v"] >= seen
    back.state = client.state
    assert back.act("draw", "k0")["duplicate"] is True
    client.close()
    # the bots' table was taken over too, and its bots play on
    again = reconnect(other, bots_only["table"], None, None)
    deadline = time.monotonic() + 60
    while again.state is None or again.state["v"] <= before + 2:
        again.recv(max(0.1, deadline - time.monotonic()))
    again.close()
    watcher.close()
    last = back.play_to_end(rng, prefix="after")
    back.close()
    record = other.get(last["record"], token=back.token).text
    assert len([line for line in record.splitlines() if '"action"' in line]) == last["v"]
    replay_record(record)


def test_a_process_started_again_with_its_id_takes_its_tables_back_at_once(tmp_path: Path) -> None:
    # its id is the host's name and the port unless --server-id gives one: the same port here
    url = sqlite_url(tmp_path)
    first = Server(url, lease=60.0).start()
    created, (token,) = make_table(first, options={"rounds": 1}, bot_delay=0.05)
    table = created["table"]
    client = SeatClient(first, table, 0, token)
    state = client.wait_turn_or_end()
    assert client.act(state["legal"][0]["text"], "a0")["type"] == "ack"
    first.kill()
    client.close()
    second = Server(url, lease=60.0)
    second.port = first.port
    second.base, second.ws_url = first.base, first.ws_url
    second.start()
    try:
        started = time.monotonic()
        back = SeatClient(second, table, 0, token)  # no table_unavailable for the whole lease
        assert time.monotonic() - started < 10
        state = back.wait_turn_or_end()  # the bots moved on
        assert state["v"] > 1
        back.close()
    finally:
        second.stop()
