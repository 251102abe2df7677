"""The levels for people at the server: a table of every game takes ``easy``, ``medium`` and
``hard`` bot seats, and an Okey table (where ``hard`` searches) is played to the end against one
of each, every bot's move its own (the server logs a bot that fails or answers an illegal move, and
plays the first legal one instead), its record replaying."""

from __future__ import annotations

import random
from pathlib import Path

from test_server_support import SeatClient, make_table, replay_record, running, sqlite_url

LEVELS = ["easy", "medium", "hard"]


def level_seats(players: int) -> list[dict[str, str]]:
    """A person, then bots of the levels in turn."""
    return [{"kind": "person"}] + [{"kind": "bot", "level": LEVELS[i % 3]} for i in range(players - 1)]


def test_every_game_takes_the_levels_and_okey_plays_against_them(tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path)) as server:
        for variant, players in (("kalooki", 4), ("carousel", 2), ("turkish_rummy", 4)):
            created = server.post(
                "/tables",
                {"variant": variant, "options": {"players": players}, "seats": level_seats(players)},
                201,
            )
            assert [s["level"] for s in created["seats"][1:]] == (LEVELS * 2)[: players - 1]
        created, (token,) = make_table(server, options={"rounds": 1}, levels=LEVELS)
        client = SeatClient(server, created["table"], 0, token)
        info = client.until("table")
        assert [(s["kind"], s["level"], s["name"]) for s in info["seats"][1:]] == [
            ("bot", "easy", "easy bot"),
            ("bot", "medium", "medium bot"),
            ("bot", "hard", "hard bot"),
        ]
        last = client.play_to_end(random.Random(3))
        client.close()
        assert last["over"] and last["outcome"]["rounds"] == 1
        record = server.get(last["record"], token=client.token)
        assert record.status_code == 200
        replayed = replay_record(record.text)
        assert replayed.complete and replayed.actions == last["v"]
    assert server.proc is not None and server.proc.stderr is not None
    log = server.proc.stderr.read().decode()
    assert "bot failed" not in log and "not legal" not in log, log


def test_an_okey_table_plays_against_expert_bots(tmp_path: Path) -> None:
    """``expert`` is a level of every game at the server (Kalooki's its own expert), and an Okey
    round against three expert bots is played to its end by their own moves."""
    with running(sqlite_url(tmp_path)) as server:
        seats = [{"kind": "person"}] + [{"kind": "bot", "level": "expert"}] * 3
        kalooki = server.post("/tables", {"variant": "kalooki", "seats": seats}, 201)
        assert [s["level"] for s in kalooki["seats"][1:]] == ["expert"] * 3
        created, (token,) = make_table(server, options={"rounds": 1}, levels=("expert",))
        client = SeatClient(server, created["table"], 0, token)
        info = client.until("table")
        assert [(s["kind"], s["level"]) for s in info["seats"][1:]] == [("bot", "expert")] * 3
        last = client.play_to_end(random.Random(5))
        client.close()
        assert last["over"] and last["outcome"]["rounds"] == 1
    assert server.proc is not None and server.proc.stderr is not None
    log = server.proc.stderr.read().decode()
    assert "bot failed" not in log and "not legal" not in log, log
