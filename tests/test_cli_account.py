"""``rummykit connect --account-token`` and ``rummykit games`` against a real server: a personal
access token plays a rated table's seat as its account (the rating moves), lists the account's
games with their replays, and once revoked is refused with a one-line error."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from test_server_accounts import PASSWORD, Browser
from test_server_support import running, sqlite_url


def rummykit(*args: str, token: str | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "RUMMYKIT_TOKEN"}
    if token is not None:
        env["RUMMYKIT_TOKEN"] = token
    return subprocess.run(
        [sys.executable, "-m", "rummykit", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
        env=env,
    )


def test_connect_plays_as_the_account_and_games_lists_its_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RUMMYKIT_PASSWORD_COST", "test")
    with running(sqlite_url(tmp_path)) as server:
        fox = Browser(server)
        assert fox.post("/account/signup", {"username": "cli_fox", "password": PASSWORD}).status_code == 201
        token = fox.post("/account/tokens", {"name": "terminal"}).json()["token"]
        assert rummykit("games", server.base).stderr.startswith("error: listing an account's games needs")
        assert rummykit("games", server.base, token=token).stdout == "signed in as cli_fox\nno games yet\n"

        played = rummykit(
            "connect",
            server.base,
            "--new",
            "okey",
            "--rule",
            "rounds=1",
            "--bot-delay",
            "0",
            "--rated",
            "--account-token",
            token,
            stdin="auto\n" * 400,
        )
        assert played.returncode == 0, played.stderr
        assert played.stdout.startswith("signed in as cli_fox\n") and "match over" in played.stdout
        board = server.get("/ratings/okey").json()["ratings"]
        assert [(r["username"], r["games"]) for r in board] == [("cli_fox", 1)]
        # no --name: the seat is the account's username
        assert fox.get("/me/games").json()["games"][0]["names"][0] == "cli_fox"

        listed = rummykit("games", server.base, token=token)
        assert listed.returncode == 0, listed.stderr
        lines = listed.stdout.splitlines()
        assert lines[0] == "signed in as cli_fox" and len(lines) == 2
        game = fox.get("/me/games").json()["games"][0]
        change = game["rating_change"]
        assert change is not None and f"rating {change:+d}" in lines[1]
        assert "private" in lines[1] and ("won " if game["won"] else "lost ") in lines[1]
        assert (
            f"replay {server.base}/#/replay/{game['game']}/0 record {server.base}/games/{game['game']}/record"
            in lines[1]
        )
        answer = json.loads(rummykit("games", server.base, "--json", "--account-token", token).stdout)
        assert [g["game"] for g in answer["games"]] == [game["game"]]

        # revoked, or no access token at all (a typo, a seat's): refused with the server's words,
        # nothing played
        fox.post(f"/account/tokens/{fox.get('/account/tokens').json()['tokens'][0]['id']}/revoke")
        for refused in (
            rummykit("games", server.base, token=token),
            rummykit("connect", server.base, "--new", "okey", "--account-token", token),
            rummykit("games", server.base, token="bogus"),
            rummykit("connect", server.base, "--new", "okey", "--account-token", "bogus"),
        ):
            assert refused.returncode == 2
            assert (
                refused.stderr
                == "error: that access token is not valid: it was revoked, or its account deleted\n"
            )
        assert len(fox.get("/me/games").json()["games"]) == 1


def test_connect_takes_back_the_accounts_own_seat_without_its_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat joined in the browser, signed in, is played from the terminal with the account's
    access token alone (as the browser of another device takes it back): no join, which the
    taken seat would refuse; the seat is not given back when the terminal leaves."""
    monkeypatch.setenv("RUMMYKIT_PASSWORD_COST", "test")
    with running(sqlite_url(tmp_path)) as server:
        fox = Browser(server)
        assert fox.post("/account/signup", {"username": "cli_fox", "password": PASSWORD}).status_code == 201
        token = fox.post("/account/tokens", {"name": "terminal"}).json()["token"]
        made = fox.post(
            "/tables",
            {
                "variant": "okey",
                "options": {"rounds": "1"},
                "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3,
                "bot_delay": 0,
            },
        ).json()
        table = made["table"]
        assert fox.post(f"/tables/{table}/seats/0/join", {}).status_code == 200
        assert fox.post(f"/tables/{table}/start", {"token": made["owner_token"]}).status_code == 200

        seat = f"{server.base}/tables/{table}/seats/0"
        stranger = rummykit("connect", seat, stdin="quit\n")
        assert (stranger.returncode, stranger.stderr) == (2, "error: seat 1 is taken\n")
        played = rummykit("connect", seat, "--account-token", token, stdin="auto\n" * 400)
        assert played.returncode == 0, played.stderr
        lines = played.stdout.splitlines()
        assert lines[:2] == ["signed in as cli_fox", "seat 1 is yours already (cli_fox): taking it back"]
        assert "match over" in played.stdout and "is open again" not in played.stdout
        assert fox.get("/me/games").json()["games"][0]["names"][0] == "cli_fox"
