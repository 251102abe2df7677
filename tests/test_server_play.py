"""The server end to end: a scripted client plays Okey against three bots through the protocol,
reconnects, resyncs, and the record replays with ``rummykit replay``."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from test_server_support import SeatClient, make_table, replay_record, running, sqlite_url


def test_one_person_three_bots_play_okey_to_the_end(tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path)) as server:
        created, (token,) = make_table(server, options={"rounds": 1})
        table = created["table"]
        client = SeatClient(server, table, 0, token)
        info = client.until("table")
        assert [s["kind"] for s in info["seats"]] == ["person", "bot", "bot", "bot"]
        first = client.until("sync")
        assert first["v"] >= 0 and "seed" not in first
        assert server.get(f"/games/{first['game']}/record", token=token).status_code == 409
        last = client.play_to_end(random.Random(1))
        assert last["over"] and last["outcome"]["rounds"] == 1
        assert isinstance(last["seed"], int)
        client.close()
        record = server.get(last["record"], token=token)
        assert record.status_code == 200
        path = tmp_path / "game.jsonl"
        path.write_text(record.text)
        done = subprocess.run(
            [sys.executable, "-m", "rummykit", "replay", str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        replayed = replay_record(record.text)
        assert replayed.complete and replayed.actions == last["v"]


def test_reconnect_gets_the_missed_messages_or_a_resync(tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path)) as server:
        created, (token,) = make_table(server, options={"rounds": 1})
        table = created["table"]
        client = SeatClient(server, table, 0, token)
        state = client.wait_turn_or_end()
        game, seen = state["game"], state["v"]
        choice = state["legal"][0]
        assert client.act(choice["text"], "x1")["type"] == "ack"
        client.close()
        back = SeatClient(server, table, 0, token, v=seen, game=game)
        missed = back.next_game_message()
        assert missed["type"] == "state" and missed["v"] == seen + 1
        back.send({"type": "resync"})
        sync = back.until("sync")
        assert sync["game"] == game and sync["v"] >= seen + 1
        back.close()
        stale = SeatClient(server, table, 0, token, v=0, game="another")
        assert stale.next_game_message()["type"] == "sync"
        stale.close()


def game_messages(client: SeatClient) -> dict[int, dict[str, Any]]:
    """The ``state`` messages ``client`` received, by version."""
    return {m["v"]: m for m in client.received if m["type"] == "state"}


def test_a_page_opened_mid_match_gets_the_log_so_far(tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path)) as server:
        created, (token,) = make_table(server, options={"rounds": 1})
        table = created["table"]
        watcher = SeatClient(server, table, None, None)
        client = SeatClient(server, table, 0, token)
        rng = random.Random(5)
        for n in range(5):
            state = client.wait_turn_or_end()
            assert client.act(rng.choice(state["legal"])["text"], f"a{n}")["type"] == "ack"
        client.drain(0.5)
        watcher.drain(0.5)
        for viewer, key, seen in ((0, token, client), (None, None, watcher)):
            sync = SeatClient(server, table, viewer, key).until("sync")
            earlier = sync["earlier"]
            assert [e["v"] for e in earlier] == list(range(sync["v"] + 1)), viewer
            live = game_messages(seen)
            compared = [e for e in earlier if e["v"] in live]
            assert len(compared) >= 15, (viewer, len(compared))
            for entry in compared:
                message = live[entry["v"]]
                for field in ("played", "events", "notices"):
                    assert entry[field] == message[field], (viewer, entry["v"], field)
                assert entry["round"] == message["observation"]["round"]
            assert sync["events"] == [] and sync["seat"] == viewer


def test_a_sync_after_the_match_carries_its_bonuses(tmp_path: Path) -> None:
    """Carousel's match end rebuilt from a ``sync`` (a page opened or reloaded after the match)
    needs the match's bonuses, which the ``carousel.match_ended`` event carried alone: every
    viewer's sync has them in its view (``match_bonuses``), as the live event had them."""
    with running(sqlite_url(tmp_path)) as server:
        seats = [{"kind": "person"}, {"kind": "bot", "level": "greedy"}]
        body = {"variant": "carousel", "options": {"players": 2, "target": 1}, "seats": seats, "bot_delay": 0}
        created = server.post("/tables", body, status=201)
        table = created["table"]
        token = server.post(f"/tables/{table}/seats/0/join", {"name": "p0"})["token"]
        player = SeatClient(server, table, 0, token)
        server.post(f"/tables/{table}/start", {"token": created["owner_token"]})
        for n in range(500):
            state = player.wait_turn_or_end()
            if state["over"]:
                break
            legal = [a["text"] for a in state["legal"]]
            choice = next((a for a in ("knock", "draw", "end") if a in legal), legal[0])
            assert player.act(choice, f"a{n}")["type"] == "ack"
        live = [
            e
            for m in game_messages(player).values()
            for e in m["events"]
            if e["code"] == "carousel.match_ended"
        ]
        assert len(live) == 1
        player.close()
        for viewer, key in ((0, token), (None, None)):
            client = SeatClient(server, table, viewer, key)
            sync = client.until("sync")
            client.close()
            assert sync["over"]
            bonuses = sync["observation"]["match_bonuses"]
            assert bonuses == live[0]["params"]["bonuses"]
            assert [b["before"] + b["game"] + b["round_bonus"] for b in bonuses] == sync["observation"][
                "scores"
            ]
