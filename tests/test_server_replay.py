"""Replays (``GET /games/{id}/replay``, ``POST /replay``): a finished game stepped move by move with
every hand, as the engine replays its record; an unfinished game refused (nothing leaks while it is
played); a corrupt record and a bad step refused with structured errors; records of all four
games sent by a client. On SQLite, and on PostgreSQL when ``RUMMYKIT_TEST_PG`` is set."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from rummykit import simulation as sim
from rummykit.variants.registry import game_from_record
from test_server_support import Server, database_url, make_table, needs_pg, running, sqlite_url


@pytest.fixture(params=["sqlite", pytest.param("pg", marks=needs_pg)])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    url = database_url(request.param, tmp_path)
    with running(url) as started:
        yield started


def finished_game(server: Server) -> str:
    """A game of four bots (one round of Okey, no delay), played to its end; its id."""
    created, _ = make_table(server, persons=0, options={"rounds": 1}, public=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        info = server.get(f"/tables/{created['table']}").json()
        if info["status"] == "finished":
            game: str = info["game"]
            return game
        time.sleep(0.1)
    raise AssertionError("the bots did not finish the game")


def post(server: Server, path: str, body: bytes | str) -> httpx.Response:
    return httpx.post(server.base + path, content=body, timeout=30)


def error_of(response: httpx.Response) -> dict[str, Any]:
    data: dict[str, Any] = response.json()["error"]
    return data


def test_a_finished_game_steps_with_every_hand(server: Server) -> None:
    game_id = finished_game(server)
    record = server.get(f"/games/{game_id}/record").text
    lines = record.splitlines()
    head = json.loads(lines[0])
    actions = [json.loads(line) for line in lines[1:-1]]
    answer = server.get(f"/games/{game_id}/replay")
    assert answer.status_code == 200
    replay = answer.json()
    assert replay["type"] == "replay" and replay["game"] == game_id and replay["complete"]
    assert replay["variant"] == "okey" and replay["seats"] == head["seats"] and replay["seed"] == head["seed"]
    assert replay["outcome"] == json.loads(lines[-1])["outcome"]
    assert replay["last"] == len(actions) and len(replay["steps"]) == len(actions) + 1
    assert replay["steps"][0] == {"seat": None, "action": None, "parts": None, "round": 1, "events": []}
    assert [(s["seat"], s["action"]) for s in replay["steps"][1:]] == [
        (a["seat"], a["action"]) for a in actions
    ]
    # the events are revealed: a draw from the stock names its piece, marked private
    drawn = [
        e for s in replay["steps"] for e in s["events"] if e["code"] == "drew" and "piece" in e["params"]
    ]
    assert drawn and all(e["private"] == ["piece"] for e in drawn)

    # every step's views are the engine's observations of the record replayed
    game, _ = game_from_record(head["variant"], head["rules"])
    state = game.new_state(head["seed"])
    for n in range(len(actions) + 1):
        if n:
            game.apply_text(state, actions[n - 1]["seat"], actions[n - 1]["action"])
        if n % 7 and n != len(actions):
            continue
        step = server.get(f"/games/{game_id}/replay/{n}").json()
        assert step["type"] == "replay_step" and step["step"] == n and step["last"] == len(actions)
        assert step["views"]["seats"] == [game.observe(state, seat) for seat in range(4)]
        assert step["views"]["spectator"] == game.observe(state, None)
        assert step["over"] == (n == len(actions))
        assert {k: step[k] for k in ("seat", "action", "parts", "round", "events")} == replay["steps"][n]
        if n:  # the action's parts, as the legal actions carry them
            assert step["parts"] == game.action_parts(game.parse_action(step["action"]))
    dealt = server.get(f"/games/{game_id}/replay/0").json()["views"]
    assert all(len(view["hand"]) >= 14 for view in dealt["seats"]) and dealt["spectator"]["hand"] == []


def test_an_unfinished_game_is_refused_and_bad_steps_are_errors(server: Server) -> None:
    created, _ = make_table(server, persons=1, options={"rounds": 1}, public=True)
    game_id = created["game"] or server.get(f"/tables/{created['table']}").json()["game"]
    for path in (f"/games/{game_id}/replay", f"/games/{game_id}/replay/0"):
        refused = server.get(path)
        assert refused.status_code == 409 and error_of(refused) == {"code": "not_finished", "params": {}}
        assert "views" not in refused.text
    missing = server.get("/games/nothing/replay")
    assert missing.status_code == 404 and error_of(missing)["code"] == "no_such_game"

    done = finished_game(server)
    last = server.get(f"/games/{done}/replay").json()["last"]
    for bad in (str(last + 1), "-1", "x", "1e3", "9" * 30):
        answer = server.get(f"/games/{done}/replay/{bad}")
        assert answer.status_code == 404
        assert error_of(answer) == {"code": "no_such_step", "params": {"step": bad[:20], "last": last}}
    assert server.get(f"/games/{done}/replay/{last}").json()["over"] is True


def test_a_posted_record_replays_and_a_corrupt_one_says_where(server: Server, tmp_path: Path) -> None:
    game_id = finished_game(server)
    record = server.get(f"/games/{game_id}/record").text
    posted = post(server, "/replay", record)
    assert posted.status_code == 200
    assert posted.json() == {**server.get(f"/games/{game_id}/replay").json(), "game": None}
    assert post(server, "/replay/3", record).json() == {
        **server.get(f"/games/{game_id}/replay/3").json(),
        "game": None,
    }

    lines = record.splitlines()
    # an unfinished record (a client's own file) replays as far as it goes
    cut = post(server, "/replay", "\n".join(lines[:11])).json()
    assert cut["complete"] is False and cut["outcome"] is None and cut["last"] == 10

    changed = [*lines]
    changed[5] = json.dumps({"seat": json.loads(lines[5])["seat"], "action": "discard R99"})
    faults = {
        "\n".join(changed): 6,
        "\n".join([*lines[:3], "{not json", *lines[3:]]): 4,
        "\n".join([*lines[:2], "[" * 100000 + "]" * 100000, *lines[2:]]): 3,  # a RecursionError in Python
        "": 0,
        "\n".join([lines[0].replace('"seed": ', '"seed": 1'), *lines[1:]]): 0,
    }
    for text, line in faults.items():
        answer = post(server, "/replay", text)
        assert answer.status_code == 400, answer.text
        error = error_of(answer)
        assert error["code"] == "bad_record" and error["params"]["reason"]["code"].startswith("record.")
        if line:
            assert error["params"]["line"] == line
    bytes_answer = post(server, "/replay", b"\xff\xfe" + record.encode())
    assert error_of(bytes_answer) == {
        "code": "bad_record",
        "params": {"line": 0, "reason": {"code": "record.not_text", "params": {}}},
    }
    assert error_of(post(server, "/replay/99999", record))["code"] == "no_such_step"
    assert server.alive()


@pytest.mark.parametrize(
    ("variant", "overrides"),
    [
        ("okey", ["rounds=1"]),
        ("turkish_rummy", ["rounds=1"]),
        ("kalooki", ["match=rounds", "rounds=1"]),
        ("carousel", ["target=10"]),
    ],
)
def test_records_of_every_game_replay(tmp_path: Path, variant: str, overrides: list[str]) -> None:
    config = sim.make_config(variant, "greedy", 5, overrides=overrides, records=tmp_path)
    sim.simulate(config, 1)
    record = sim.record_path(tmp_path, 1).read_text()
    with running(sqlite_url(tmp_path)) as server:
        replay = post(server, "/replay", record).json()
        assert replay["variant"] == variant and replay["complete"] and replay["outcome"] is not None
        last = post(server, f"/replay/{replay['last']}", record).json()
        assert last["over"] and len(last["views"]["seats"]) == len(replay["seats"])
        assert last["views"]["spectator"]["hand"] == []
        middle = post(server, f"/replay/{replay['last'] // 2}", record).json()
        assert all(view["seat"] == seat for seat, view in enumerate(middle["views"]["seats"]))
