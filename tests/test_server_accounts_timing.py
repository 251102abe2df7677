"""A wrong password and an unknown username get the same answer after the same work (an argon2
check against a hash of the server's own), with the real argon2 parameters, against a real server
on SQLite and on PostgreSQL when ``RUMMYKIT_TEST_PG`` is set. (A module of its own: its servers
hash as the real ones do, while ``test_server_accounts.py``'s hash cheaply.)"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from test_server_accounts import PASSWORD, Browser
from test_server_support import Server, database_url, needs_pg, running


@pytest.fixture(params=["sqlite", pytest.param("pg", marks=needs_pg)])
def real_cost_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    """A server hashing passwords with the real argon2 parameters."""
    url = database_url(request.param, tmp_path)
    with running(url) as started:
        yield started


def test_wrong_password_and_unknown_user_are_answered_alike(real_cost_server: Server) -> None:
    server = real_cost_server
    browser = Browser(server)
    assert browser.post("/account/signup", {"username": "carol", "password": PASSWORD}).status_code == 201
    browser.post("/account/logout")
    times: dict[str, list[float]] = {"wrong": [], "unknown": []}
    answers = set()
    for n in range(4):
        for kind, username in (("wrong", "carol"), ("unknown", f"nobody{n}")):
            started = time.perf_counter()
            answer = Browser(server, f"10.1.{n}.1").post(
                "/account/login", {"username": username, "password": "not the password"}
            )
            times[kind].append(time.perf_counter() - started)
            answers.add((answer.status_code, answer.text))
    assert answers == {
        (401, json.dumps({"error": {"code": "bad_login", "params": {}}}, separators=(",", ":")))
    }
    wrong, unknown = statistics.median(times["wrong"]), statistics.median(times["unknown"])
    assert 0.5 < wrong / unknown < 2, times  # both check a password with argon2
