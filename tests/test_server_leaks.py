"""No leaks: whole matches of every game through the protocol, every seat and a spectator
connected, with reconnects and resyncs on the way. Every message a seat or the spectator received
is checked against the engine's own views, recomputed independently by replaying the finished
record: its observation is ``game.observe(state, seat)``, its legal actions are the seat's, its
events are ``game.events_for(events, seat)``; no message holds the seed, a token or anything else
before the end (the seed only in the final messages)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from rummykit.bots.registry import make_bot
from rummykit.variants.registry import game_from_record
from test_server_support import SeatClient, Server, running, sqlite_url

GAMES = {
    "okey": {"rounds": 2},
    "turkish_rummy": {"rounds": 2},
    "kalooki": {"match": "rounds", "rounds": 2},
    "carousel": {"players": 2, "target": 30},
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(sqlite_url(tmp_path_factory.mktemp("leaks"))) as started:
        yield started


def people_table(server: Server, variant: str, options: dict[str, Any]) -> tuple[str, list[str], int]:
    players = int(options.get("players", 4))
    made = server.post(
        "/tables",
        {
            "variant": variant,
            "options": options,
            "seats": [{"kind": "person"}] * players,
            "grace_seconds": 600,
        },
        status=201,
    )
    table = made["table"]
    tokens = [
        server.post(f"/tables/{table}/seats/{i}/join", {"name": f"p{i}"})["token"] for i in range(players)
    ]
    server.post(f"/tables/{table}/start", {"token": made["owner_token"]})
    return table, [made["owner_token"], *tokens], players


def catch_up(client: SeatClient, v: int) -> None:
    while client.state is None or client.state["v"] < v:
        client.recv()


@pytest.mark.parametrize("variant", list(GAMES))
def test_no_message_holds_what_its_seat_may_not_see(server: Server, variant: str) -> None:
    options = GAMES[variant]
    table, secrets, players = people_table(server, variant, options)
    clients: list[SeatClient] = [SeatClient(server, table, s, secrets[s + 1]) for s in range(players)]
    spectator = SeatClient(server, table, None, None)
    everyone = [*clients, spectator]
    for c in everyone:
        catch_up(c, 0)
    game = None
    bots: dict[int, Any] = {}
    archive: list[tuple[int | None, str]] = []
    v = 0
    while not clients[0].state or not clients[0].state["over"]:
        state = clients[0].state
        assert state is not None
        mover = state["observation"]["to_move"]
        client = clients[mover]
        view = client.state
        assert view is not None and view["legal"]
        if game is None:
            game, _ = game_from_record(variant, server.get(f"/tables/{table}").json()["rules"])
        bot = bots.setdefault(mover, make_bot("greedy", game, mover))
        legal = [game.parse_action(choice["text"]) for choice in view["legal"]]
        text = game.action_text(bot.choose(view["observation"], legal))
        ack = client.act(text, f"m{v}")
        assert ack["type"] == "ack", (ack, text)
        v = ack["v"]
        if v % 37 == 5:
            gone = clients[(mover + 1) % players]
            seen, game_id = gone.state["v"] if gone.state else 0, gone.state["game"] if gone.state else None
            archive += [(gone.seat, json.dumps(m)) for m in gone.received]
            gone.close()
            clients[gone.seat or 0] = back = SeatClient(
                server, table, gone.seat, secrets[(gone.seat or 0) + 1], v=seen, game=game_id
            )
            back.state = gone.state
        if v % 53 == 7:
            clients[mover].send({"type": "resync"})
            spectator.send({"type": "resync"})
        for c in [*clients, spectator]:
            catch_up(c, v)
        everyone = [*clients, spectator]
    for c in everyone:
        c.drain(0.2)
        archive += [(c.seat, json.dumps(m)) for m in c.received]
        c.close()
    final = clients[0].state
    assert final is not None and final["over"]
    check(server, final["record"], archive, secrets)


def check(
    server: Server, record_path: str, archive: list[tuple[int | None, str]], secrets: list[str]
) -> None:
    lines = [json.loads(line) for line in server.get(record_path, token=secrets[1]).text.splitlines()]
    head, steps = lines[0], lines[1:-1]
    game, _ = game_from_record(head["variant"], head["rules"])
    state = game.new_state(head["seed"])
    viewers = [*range(game.players), None]
    expected: dict[tuple[int, int | None], dict[str, Any]] = {}

    def snapshot(v: int, events: list[Any], played: dict[str, Any] | None) -> None:
        for viewer in viewers:
            legal = [] if viewer is None else game.legal_actions(state, viewer)
            expected[(v, viewer)] = {
                "played": played,
                "observation": game.observe(state, viewer),
                "legal": [
                    {"id": game.action_id(state, a), "text": game.action_text(a), "parts": parts}
                    for a in legal
                    for parts in [game.action_parts(a)]
                ],
                "events": game.events_for(events, viewer),
            }

    snapshot(0, [], None)
    for v, step in enumerate(steps, start=1):
        events = game.apply(state, step["seat"], game.parse_action(step["action"]))
        parts = game.action_parts(game.parse_action(step["action"]))
        snapshot(v, events, {"seat": step["seat"], "action": step["action"], "parts": parts})
    seed_text = str(head["seed"])
    checked = 0
    for viewer, raw in archive:
        for secret in secrets:
            assert secret not in raw
        message = json.loads(raw)
        if message["type"] not in ("state", "sync"):
            assert seed_text not in raw
            continue
        assert message["seat"] == viewer
        want = expected[(message["v"], viewer)]
        assert message["observation"] == json.loads(json.dumps(want["observation"]))
        # a Kalooki meld entry may add its opening total (a number from the seat's own melds)
        assert [{k: e[k] for k in ("id", "text", "parts")} for e in message["legal"]] == want["legal"]
        for entry in message["legal"]:
            assert set(entry) <= {"id", "text", "parts", "opening", "value"}
            if "opening" in entry:
                assert entry["text"].startswith("meld ") and type(entry["opening"]) is int
                assert type(entry["value"]) is int
        if message["type"] == "state":
            assert message["events"] == json.loads(json.dumps(want["events"]))
            assert message["played"] == want["played"]
        else:
            assert message["events"] == [] and message["played"] is None
        if message["over"]:
            # the seed deals every hand: at a private table (these are), the spectators don't get it
            assert message["seed"] == (head["seed"] if viewer is not None else None)
        else:
            assert "seed" not in message and seed_text not in raw
        checked += 1
    assert checked >= len(steps)
