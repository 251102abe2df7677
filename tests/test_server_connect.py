"""``rummykit connect``: the terminal client of ``rummykit play`` plays a seat to the end on a real
server (every game), and watches."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_server_support import running, sqlite_url


def test_connect_plays_a_new_table_to_the_end_and_a_spectator_watches(tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path)) as server:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "rummykit",
                "connect",
                server.base,
                "--new",
                "okey",
                "--rule",
                "rounds=1",
                "--bot-delay",
                "0",
                "--level",
                "easy",
            ],
            input="fly\nhint\n" + "auto\n" * 400,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        out = done.stdout
        assert "seat 1 is yours" in out and "unknown command 'fly': type help for the list" in out
        assert "hint: " in out and "auto: " in out
        assert "seat 2 (easy bot)" in out and "seat 4 (easy bot)" in out
        assert "match over" in out and "the record: /games/" in out
        table = done.stdout.split("at table ")[1].split(":")[0]
        watched = subprocess.run(  # the browser's link to the table page
            [sys.executable, "-m", "rummykit", "connect", f"{server.base}/#/t/{table}"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert watched.returncode == 0, watched.stderr
        assert "match over" in watched.stdout
        bad = subprocess.run(
            [
                sys.executable,
                "-m",
                "rummykit",
                "connect",
                f"{server.base}/tables/{table}/seats/0",
                "--token",
                "x",
            ],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert bad.returncode == 2 and bad.stderr.startswith("error: wrong token for seat 1")
        nowhere = subprocess.run(
            [sys.executable, "-m", "rummykit", "connect", f"{server.base}/#/lobby"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert nowhere.returncode == 2 and "the browser's …/#/t/T/seat/N" in nowhere.stderr


@pytest.mark.parametrize(
    ("variant", "rules", "shown"),
    [
        ("turkish_rummy", ["rounds=1"], "up card"),
        ("kalooki", ["match=rounds", "rounds=1"], "table"),
        ("carousel", ["players=2", "target=20"], "draft"),
        ("okey_101", ["players=2", "rounds=1"], "indicator"),
    ],
)
def test_connect_plays_every_game_with_the_local_screens(
    tmp_path: Path, variant: str, rules: list[str], shown: str
) -> None:
    with running(sqlite_url(tmp_path)) as server:
        args = [
            sys.executable,
            "-m",
            "rummykit",
            "connect",
            server.base,
            "--new",
            variant,
            "--bot-delay",
            "0",
            "--round-break",
            "0",
        ]
        for rule in rules:
            args += ["--rule", rule]
        done = subprocess.run(
            args, input="help\n" + "auto\n" * 3000, capture_output=True, text=True, timeout=300, check=False
        )
        assert done.returncode == 0, done.stderr[-2000:]
        out = done.stdout
        assert "auto: " in out and "seat 2 (greedy bot)" in out and shown in out
        assert "match over" in out and "the record: /games/" in out


CONNECT = [sys.executable, "-m", "rummykit", "connect"]


def test_the_browsers_invite_numbers_seats_from_one(tmp_path: Path) -> None:
    """The browser's invite ``#/t/T/seat/2`` is the seat its table calls "Seat 2" (the protocol's
    seat 1): ``connect`` takes that one and says so with the same number; ``seat/0`` names no
    seat and changes nothing."""
    with running(sqlite_url(tmp_path)) as server:
        body = {
            "variant": "okey",
            "options": {"rounds": 1},
            "seats": [{"kind": "person"}] * 2 + [{"kind": "bot", "level": "greedy"}] * 2,
            "bot_delay": 0,
        }
        created = server.post("/tables", body, status=201)
        table = created["table"]
        server.post(f"/tables/{table}/seats/0/join", {"name": "Ann"})
        nowhere = subprocess.run(
            [*CONNECT, f"{server.base}/#/t/{table}/seat/0", "--name", "Bob"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert nowhere.returncode == 2 and "there is no seat 0" in nowhere.stderr, nowhere.stderr
        assert [s["kind"] for s in server.get(f"/tables/{table}").json()["seats"]] == [
            "person",
            "open",
            "bot",
            "bot",
        ]
        bob = subprocess.Popen(
            [*CONNECT, f"{server.base}/#/t/{table}/seat/2", "--name", "Bob"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            deadline = time.monotonic() + 60
            while server.get(f"/tables/{table}").json()["seats"][1]["kind"] != "person":
                assert time.monotonic() < deadline and bob.poll() is None, bob.communicate()
                time.sleep(0.1)
            assert server.get(f"/tables/{table}").json()["seats"][1]["name"] == "Bob"
            server.post(f"/tables/{table}/start", {"token": created["owner_token"]})
            out, err = bob.communicate("", timeout=60)
        finally:
            if bob.poll() is None:
                bob.kill()
        assert bob.returncode == 0, err
        assert "seat 2 is yours" in out
        assert (
            f"Okey at table {table}: seat 1 (Ann), seat 2 (Bob), seat 3 (greedy bot), seat 4 (greedy bot)"
            in out
        )
        assert not re.search(r"\bseat 0\b", out), out


def test_connect_says_and_shows_the_tables_chat(tmp_path: Path) -> None:
    """``say TEXT`` writes in the players' chat; the lines (the seat's own, as the server sends them
    back) and the server's refusals show in the terminal."""
    with running(sqlite_url(tmp_path)) as server:
        done = subprocess.run(
            [
                *CONNECT,
                server.base,
                "--new",
                "okey",
                "--rule",
                "rounds=1",
                "--bot-delay",
                "0",
                "--level",
                "easy",
            ],
            input="help\nsay hello from the terminal\nsay " + "x" * 201 + "\n" + "auto\n" * 400,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        out = done.stdout
        assert "say TEXT" in out
        assert ": hello from the terminal" in out.split("[chat] ", 1)[1]
        assert "[chat] a chat message is at most 200 characters" in out


def test_a_spectator_watches_a_table_in_play_to_its_end(tmp_path: Path) -> None:
    """``connect …/tables/T`` on a table whose match is under way follows it to its end, naming
    each seat as the player's client does (``seat 3 (greedy bot)``), whatever other messages
    (the table's seats, the clock) arrive between the moves."""
    with running(sqlite_url(tmp_path)) as server:
        body = {
            "variant": "okey",
            "options": {"rounds": 1},
            "seats": [{"kind": "bot", "level": "greedy"}] * 4,
            "bot_delay": 0.05,
        }
        created = server.post("/tables", body, status=201)
        table = created["table"]
        server.post(f"/tables/{table}/start", {"token": created["owner_token"]})
        deadline = time.monotonic() + 30
        while server.get(f"/tables/{table}").json()["status"] != "playing":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        watched = subprocess.run(
            [*CONNECT, f"{server.base}/tables/{table}"],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert watched.returncode == 0, watched.stderr[-2000:]
        out = watched.stdout
        assert f"Okey at table {table}: seat 1 (greedy bot), seat 2 (greedy bot)" in out, out[:500]
        assert re.search(r"^seat [1-4] \(greedy bot\): discard ", out, re.M), out[:2000]
        assert "match over" in out and not re.search(r"\bseat 0\b", out)
