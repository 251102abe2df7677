"""Seats over the real server: a dropped person's grace period, the bot that stands in (flagged in
the result) and the reclaim; turn timers playing the default move for all to see; leaving; the
live lobby; rematches."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

from test_server_support import SeatClient, Server, make_table, running, sqlite_url


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(sqlite_url(tmp_path_factory.mktemp("seats"))) as started:
        yield started


def test_a_bot_stands_in_after_the_grace_period_and_the_person_reclaims(server: Server) -> None:
    created, (token,) = make_table(server, options={"rounds": 1}, grace_seconds=0.3, bot_delay=0.1)
    table = created["table"]
    client = SeatClient(server, table, 0, token)
    state = client.wait_turn_or_end()
    client.close()
    deadline = time.monotonic() + 20
    while server.get(f"/tables/{table}").json()["seats"][0]["standing_in"] is not True:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    watcher = SeatClient(server, table, None, None)
    moved = watcher.next_game_message()
    while moved["v"] <= state["v"]:
        moved = watcher.next_game_message()
    back = SeatClient(server, table, 0, token, v=state["v"], game=state["game"])
    info = back.until("table")
    assert info["seats"][0]["standing_in"] is False and info["stood_in"] == [0]
    missed = back.next_game_message()
    assert missed["type"] == "state" and missed["v"] == state["v"] + 1
    back.drain()
    notices = [n for m in back.received if m["type"] == "state" for n in m["notices"]]
    assert {"code": "bot_stood_in", "seat": 0, "params": {"seat": 0}} in notices
    back.send({"type": "resync"})
    back.until("sync")
    now = back.wait_turn_or_end()
    if not now["over"]:
        assert back.act(now["legal"][0]["text"], "mine")["type"] == "ack"
    assert server.get(f"/tables/{table}").json()["stood_in"] == [0]
    back.close()
    watcher.close()


def test_the_turn_timer_plays_the_default_move(server: Server) -> None:
    created, (token,) = make_table(server, options={"rounds": 1}, turn_seconds=1)
    client = SeatClient(server, created["table"], 0, token)
    timed_out = []
    deadline = time.monotonic() + 30
    while len(timed_out) < 2:
        assert time.monotonic() < deadline
        message = client.recv()
        if message["type"] == "state":
            timed_out += [(message, n) for n in message["notices"] if n["code"] == "timed_out"]
    (first, a), (second, b) = timed_out[:2]
    assert a["seat"] == b["seat"] == 0
    if a["params"]["action"] == "draw":
        # the discard is the greedy bot's pick (tests/test_server_defaults.py), a legal one
        assert b["params"]["action"].startswith("discard ")
        assert second["v"] == first["v"] + 1
    else:
        assert a["params"]["action"].startswith("discard ")
    client.close()


def test_every_turn_gets_the_whole_turn_timer(server: Server) -> None:
    """A person's timer starts again at each of their turns: after a turn the timer ended, and
    after a turn played at once, the bots' moves in between (issue #28's phone round: every later
    turn was played by the server the moment it began)."""
    seconds = 4.0
    created, (token,) = make_table(server, options={"rounds": 1}, turn_seconds=seconds)
    client = SeatClient(server, created["table"], 0, token)
    turns = 0
    while turns < 3:
        state = client.wait_turn_or_end()
        if state["over"]:
            break
        assert state["turn_left"] > seconds - 1.5, (turns, state["turn_left"])
        turns += 1
        if turns == 1:
            # let the whole turn run out: the server plays the draw and the discard
            version = state["v"]
            while client.my_turn() or client.state["v"] == version:
                message = client.recv()
                assert message["type"] != "error", message
            timed_out = [n for m in client.received if m["type"] == "state" for n in m["notices"]]
            assert any(n["code"] == "timed_out" and n["seat"] == 0 for n in timed_out)
        else:
            while client.my_turn() and not client.state["over"]:
                chosen = client.state["legal"][0]["text"]
                assert client.act(chosen, f"t{turns}-{client.state['v']}")["type"] == "ack"
    assert turns >= 2
    client.close()


def test_leaving_opens_the_seat_before_the_start_and_brings_a_bot_after(server: Server) -> None:
    created = server.post(
        "/tables",
        {"variant": "okey", "options": {"rounds": 1}, "seats": [{"kind": "person"}] * 4, "bot_delay": 0},
        status=201,
    )
    table = created["table"]
    token = server.post(f"/tables/{table}/seats/0/join", {"name": "ann"})["token"]
    assert server.post(f"/tables/{table}/seats/0/leave", {"token": "wrong"}, status=403)
    server.post(f"/tables/{table}/seats/0/leave", {"token": token})
    assert server.get(f"/tables/{table}").json()["seats"][0]["kind"] == "open"
    token = server.post(f"/tables/{table}/seats/0/join", {"name": "ann"})["token"]
    server.post(f"/tables/{table}/fill", {"token": created["owner_token"], "level": "greedy"})
    server.post(f"/tables/{table}/start", {"token": token})
    server.post(f"/tables/{table}/seats/0/leave", {"token": token})
    spectator = SeatClient(server, table, None, None)
    while not (spectator.state and spectator.state["over"]):
        spectator.recv()
    assert spectator.state["stood_in"] == [0]
    spectator.close()


def test_lobby_lists_public_tables_live_and_rematch_starts_a_new_game(server: Server) -> None:
    lobby = SeatClient.__new__(SeatClient)
    from websockets.sync.client import connect

    lobby.ws = connect(server.ws_url, max_queue=None, legacy=True)
    lobby.received, lobby.state = [], None
    lobby.send({"type": "lobby"})
    assert lobby.until("lobby")["type"] == "lobby"
    created, (token,) = make_table(server, options={"rounds": 1}, public=True)
    table = created["table"]
    deadline = time.monotonic() + 10
    while True:
        listed = lobby.until("lobby")
        if any(t["table"] == table for t in listed["tables"]):
            break
        assert time.monotonic() < deadline
    assert table in {t["table"] for t in server.get("/tables").json()["tables"]}
    client = SeatClient(server, table, 0, token)
    last = client.play_to_end(random.Random(4))
    while True:
        listed = lobby.until("lobby")
        if any(g["game"] == last["game"] for g in listed["finished"]):
            break
    # a finished game names its game, as an open table does
    assert next(g for g in listed["finished"] if g["game"] == last["game"])["variant"] == "okey"
    server.post(f"/tables/{table}/rematch", {"token": token})
    fresh = client.next_game_message()
    while fresh["type"] != "state" or fresh["game"] == last["game"]:
        fresh = client.next_game_message()
    assert fresh["v"] == 0 and not fresh["over"]
    assert (
        server.post(f"/tables/{table}/rematch", {"token": token}, status=409)["error"]["code"]
        == "not_finished"
    )
    client.close()
    lobby.ws.close()


def test_a_second_rematch_of_the_same_match_joins_the_first(server: Server) -> None:
    """Two seats press Rematch at once: the first deals the new match, the second (naming the match
    it followed) gets the table with that match, not ``not_finished``; a rematch naming a game that
    is no match of the table, or no id, is refused and changes nothing."""
    created, (token,) = make_table(server, options={"rounds": 1})
    table = created["table"]
    client = SeatClient(server, table, 0, token)
    last = client.play_to_end(random.Random(5))
    client.close()
    first = server.post(f"/tables/{table}/rematch", {"token": token, "game": last["game"]})
    assert first["status"] == "playing" and first["game"] != last["game"]
    second = server.post(f"/tables/{table}/rematch", {"token": created["owner_token"], "game": last["game"]})
    assert (second["status"], second["game"], second["number"]) == ("playing", first["game"], first["number"])
    other, _ = make_table(server, options={"rounds": 1})
    elsewhere = server.get(f"/tables/{other['table']}").json()["game"]
    foreign = server.post(f"/tables/{table}/rematch", {"token": token, "game": elsewhere}, status=404)
    assert foreign["error"]["code"] == "no_such_game"
    for bad in (7, "x" * 40):
        refused = server.post(f"/tables/{table}/rematch", {"token": token, "game": bad}, status=400)
        assert refused["error"]["code"] == "bad_request"
    assert server.get(f"/tables/{table}").json()["game"] == first["game"]


def test_a_timed_out_101_turn_after_a_take_shows_no_tile_of_the_hand(server: Server) -> None:
    """101 Okey's take is only for a play on the table this turn; a person who takes and lets the
    time run out gets the tile given back and a discard (``retract``, then the timer's discard):
    no meld of the hand laid for all to see and taken back (the tester's three timed-out moves),
    as a spectator sees it."""
    created, (token,) = make_table(
        server, "okey_101", options={"players": 2, "rounds": 11}, turn_seconds=2, round_break_seconds=0
    )
    table = created["table"]
    client = SeatClient(server, table, 0, token)
    watcher = SeatClient(server, table, None, None)
    deadline = time.monotonic() + 120
    turn = 0
    while True:
        assert time.monotonic() < deadline, "no take was legal in two minutes"
        state = client.wait_turn_or_end()
        assert not state["over"]
        texts = [a["text"] for a in state["legal"]]
        turn += 1
        if "take" in texts:
            break
        if "draw" in texts:
            assert client.act("draw", f"d{turn}")["type"] == "ack"
        discards = [t for t in client.state["legal"] if t["text"].startswith("discard ")]
        assert client.act(discards[0]["text"], f"x{turn}")["type"] == "ack"
    assert client.act("take", "take")["type"] == "ack"
    version = client.state["v"]
    while client.my_turn() or client.state["v"] == version:
        assert client.recv()["type"] != "error"
    ended = client.state["v"]
    notices = [n for m in client.received if m["type"] == "state" and m["v"] > version for n in m["notices"]]
    played = [n["params"]["action"].split()[0] for n in notices if n["code"] == "timed_out"]
    assert played == ["retract", "discard"], notices
    while watcher.state is None or watcher.state["v"] < ended:
        watcher.recv()
    views = [
        m["observation"] for m in watcher.received if m["type"] == "state" and version <= m["v"] <= ended
    ]
    assert len(views) == 3
    # the table as all see it never changed: no meld laid from the hand, none taken back
    assert all(v["table"] == views[0]["table"] for v in views)
    assert views[-1]["discards"][1][-1] == views[0]["taken"]
    client.close()
    watcher.close()
