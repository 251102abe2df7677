"""``rummykit connect``: the terminal client of ``rummykit play`` plays a seat to the end on a real
server (every game), and watches."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from rummykit.cli.connect import opening
from rummykit.cli.seat_link import RemoteLink
from rummykit.server.protocol import RATE_BURST
from test_server_support import SeatClient, Server, make_table, running, sqlite_url


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
        assert "match over" in out and f"the record: {server.base}/games/" in out
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
        assert "match over" in out and f"the record: {server.base}/games/" in out


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
            "bot_delay": 0.25,  # a round of 10-20 s: the client, slow to start on a busy machine, sees it
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
        # the final scores seat by seat, not a Python list (the tester's: "scores [202, 202, 4, 14]")
        assert re.search(
            r"^match over: seat 1 \(greedy bot\) -?\d+, seat 2 \(greedy bot\) -?\d+, ", out, re.M
        ), out[-500:]
        assert "[" not in out.split("match over:")[-1]


class Overheard:
    """The seat's WebSocket, keeping every message it reads (the link reads through it)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.heard: list[dict[str, Any]] = []

    def send(self, message: str, /) -> None:
        self.ws.send(message)

    def recv(self) -> str | bytes:
        text = self.ws.recv()
        self.heard.append(json.loads(text))
        return text


def test_a_move_refused_as_sent_too_fast_is_sent_again_after_the_wait(tmp_path: Path) -> None:
    """``connect`` waits out a ``rate_limited`` refusal as the server asks and sends the move
    again (3,000 piped ``auto`` lines once reached the flood limit and the server closed)."""
    with running(sqlite_url(tmp_path)) as server:
        created, tokens = make_table(server, "okey", persons=4)
        table = created["table"]
        first_seat = SeatClient(server, table, 0, tokens[0])
        seat = first_seat.next_game_message()["observation"]["to_move"]
        first_seat.close()
        with connect(server.ws_url, open_timeout=10) as ws:
            heard = Overheard(ws)
            heard.send(json.dumps({"type": "hello", "table": table, "seat": seat, "token": tokens[seat]}))
            game, names, first = opening(heard, seat)
            link = RemoteLink(heard, seat, game, names, first)
            for n in range(int(RATE_BURST) + 20):  # the connection's whole burst and more, at once
                ws.send(json.dumps({"type": "ping", "t": n}))
            action = link.view()[1][0]
            link.play(action)
            refused = [m for m in heard.heard if m.get("code") == "rate_limited"]
            assert any(str(m.get("id", "")).startswith("t") for m in refused), "the move was never refused"
            assert link.message["v"] == first["v"] + 1
            played = link.message["played"]
            assert (played["seat"], played["action"]) == (seat, game.action_text(action))


class Terminal:
    """``rummykit connect`` in a subprocess, its output read as it comes (a prompt has no newline)."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [*CONNECT, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self.out = b""
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        while chunk := os.read(self.proc.stdout.fileno(), 4096):
            self.out += chunk

    def wait_for(self, text: str, after: int = 0) -> int:
        """Wait until the output shows ``text`` past offset ``after``; where it ends."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            at = self.out.find(text.encode(), after)
            if at >= 0:
                return at + len(text)
            assert self.proc.poll() is None, self.out.decode()[-2000:]
            time.sleep(0.05)
        raise AssertionError(f"{text!r} never came: {self.out.decode()[-2000:]}")

    def type(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text.encode())
        self.proc.stdin.flush()

    def end(self) -> tuple[int, str, str]:
        """Close the input, wait for the exit; (exit code, output, error output)."""
        assert self.proc.stdin is not None and self.proc.stderr is not None
        self.proc.stdin.close()
        code = self.proc.wait(120)
        self.reader.join(10)
        return code, self.out.decode(), self.proc.stderr.read().decode()


NEW_OKEY = ["--new", "okey", "--rule", "rounds=1", "--bot-delay", "0", "--level", "easy"]


def test_connect_reconnects_when_the_server_restarts_and_plays_on(tmp_path: Path) -> None:
    """The server restarting (close code 1012) is waited out: ``reconnecting…``, a new connection
    with the seat's token and the last ``game`` and ``v``, and the move typed meanwhile is sent
    again; once quit with ``error: received 1012 (service restart)``."""
    with running(sqlite_url(tmp_path)) as server:
        terminal = Terminal(server.base, *NEW_OKEY)
        at = terminal.wait_for("> ")
        terminal.type("hint\n")
        terminal.wait_for("hint: ", at)
        server.stop()
        at = terminal.wait_for("reconnecting…")
        terminal.type("auto\n")  # sent while the server is down: sent again once back
        server.start()
        terminal.wait_for("reconnected", at)
        terminal.type("auto\n" * 400)
        code, out, err = terminal.end()
        assert code == 0, err
        assert "match over" in out and f"the record: {server.base}/games/" in out


def test_connect_gives_up_with_the_command_to_come_back(tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path)) as server:
        terminal = Terminal(server.base, *NEW_OKEY, "--reconnect-for", "1", "--no-color")
        terminal.wait_for("> ")
        server.stop()
        terminal.wait_for("reconnecting…")
        terminal.type("auto\n")  # waits for the server, which never comes back
        code, out, err = terminal.end()
        table = out.split("at table ")[1].split(":")[0]
        token = out.split("(to reconnect with --token): ")[1].split()[0]
        assert code == 2 and "reconnecting…" in out
        assert f"come back with: rummykit connect {server.base}/tables/{table}/seats/0 --token {token}" in err


def test_the_others_chat_shows_while_the_player_sits_at_the_prompt(tmp_path: Path) -> None:
    """Another player's line shows as it comes, with nothing typed (once it showed only after the
    player's next command)."""
    with running(sqlite_url(tmp_path)) as server:
        created, tokens = make_table(server, "okey", persons=2)
        table = created["table"]
        watcher = SeatClient(server, table, None, None)
        while (to_move := watcher.next_game_message()["observation"]["to_move"]) not in (0, 1):
            pass
        watcher.ws.close()
        other = SeatClient(server, table, 1 - to_move, tokens[1 - to_move])
        terminal = Terminal(f"{server.base}/tables/{table}/seats/{to_move}", "--token", tokens[to_move])
        at = terminal.wait_for("> ")
        other.send({"type": "chat", "room": "table", "text": "your move, take your time"})
        terminal.wait_for("[chat] p", at)
        terminal.wait_for("your move, take your time", at)
        other.ws.close()
        code, _, err = terminal.end()
        assert code == 0, err


def test_a_rated_seat_says_how_to_sign_in_from_the_terminal(tmp_path: Path) -> None:
    """A rated table's seat needs an account: ``connect`` says how to sign in from the terminal
    (``--account-token`` or ``RUMMYKIT_TOKEN``), and ``--new --rated`` leaves no table behind."""
    with running(sqlite_url(tmp_path)) as server:
        env = {k: v for k, v in os.environ.items() if k != "RUMMYKIT_TOKEN"}
        new = subprocess.run(
            [*CONNECT, server.base, "--new", "okey", "--rated"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            env=env,
        )
        assert new.returncode == 2 and "--account-token" in new.stderr and "RUMMYKIT_TOKEN" in new.stderr
        assert server.get("/api").json()["tables"] == 0
        body = {"variant": "okey", "seats": [{"kind": "person"}] * 4, "rated": True}
        table = server.post("/tables", body, status=201)["table"]
        seat = subprocess.run(
            [*CONNECT, f"{server.base}/tables/{table}/seats/1"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            env=env,
        )
        assert seat.returncode == 2, seat.stderr
        assert seat.stderr.startswith("error: a rated table's seats are for signed-in players")
        assert "--account-token" in seat.stderr and seat.stderr.count("\n") == 1


def waiting_at(server: Server, path: str) -> subprocess.Popen[str]:
    """``rummykit connect`` at ``path`` of a table whose match is not dealt, once it says it waits."""
    run = subprocess.Popen(
        [*CONNECT, server.base + path],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        # Ctrl-C as a terminal sends it, even when the tests run in a shell's background job
        # (which ignores SIGINT, and its children with it); the function only resets a signal
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    )
    assert run.stdout is not None
    for line in run.stdout:
        if line.startswith("waiting for the match to start"):
            return run
    raise AssertionError(f"connect ended without waiting: {run.wait()}")


@pytest.mark.parametrize("how", ["quit", "end of input", "Ctrl-C"])
def test_connect_leaves_a_table_not_dealt_yet(tmp_path: Path, how: str) -> None:
    """While ``connect`` waits for the match, ``quit``, the end of input and Ctrl-C leave at once,
    and the seat it took is open again; a spectator leaves alike."""
    with running(sqlite_url(tmp_path)) as server:
        body = {"variant": "okey", "seats": [{"kind": "person"}] * 2 + [{"kind": "bot"}] * 2}
        table = server.post("/tables", body, status=201)["table"]
        for path in (f"/tables/{table}/seats/1", f"/tables/{table}"):
            run = waiting_at(server, path)
            assert run.stdin is not None and run.stdout is not None
            if how == "Ctrl-C":
                run.send_signal(signal.SIGINT)
            else:
                run.stdin.write("quit\n" if how == "quit" else "")
                run.stdin.close()
            try:
                assert run.wait(30) == (130 if how == "Ctrl-C" else 0)
            finally:
                run.kill()
            out = run.stdout.read()
            assert "leaving the table" in out
            assert ("seat 2 is open again" in out) == path.endswith("/seats/1")
            assert server.get(f"/tables/{table}").json()["seats"][1]["kind"] == "open"


def test_lines_piped_before_the_deal_are_the_first_commands(tmp_path: Path) -> None:
    """Piped commands that arrive while the match is not dealt wait for it (only ``quit`` and the
    end of input leave): ``hint`` is answered once the match runs, then the end of input leaves."""
    with running(sqlite_url(tmp_path)) as server:
        body = {"variant": "okey", "seats": [{"kind": "person"}] + [{"kind": "bot"}] * 3, "bot_delay": 0}
        created = server.post("/tables", body, status=201)
        table = created["table"]
        run = waiting_at(server, f"/tables/{table}/seats/0")
        assert run.stdin is not None and run.stdout is not None
        run.stdin.write("table\nhint\n")
        run.stdin.close()
        time.sleep(0.5)  # the lines are read while the table waits
        server.post(f"/tables/{table}/start", {"token": created["owner_token"]})
        try:
            assert run.wait(60) == 0
        finally:
            run.kill()
        out = run.stdout.read()
        assert "hint: " in out and "end of input: leaving the game" in out
