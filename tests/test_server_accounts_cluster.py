"""Accounts across the processes of a cluster (PostgreSQL and a Redis broker): a session made by
one process is good at the other (one signing key, in the database), a seat joined signed in
through one process for a table the other runs is the account's, and a WebSocket reaching that
seat through either process needs the session as well as the seat token, or the session alone; a
session ended through one process closes its sockets at the other."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from rummykit.server.chat import SIGNED_OUT_CLOSE
from test_server_support import Server, closed_with, needs_cluster, running_cluster

pytestmark = needs_cluster
PASSWORD = "correct horse battery"
SEATS = [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3


@pytest.fixture(scope="module")
def cluster(monkeypatch_module: pytest.MonkeyPatch) -> Iterator[list[Server]]:
    with running_cluster() as servers:
        yield servers


@pytest.fixture(scope="module")
def monkeypatch_module() -> Iterator[pytest.MonkeyPatch]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RUMMYKIT_PASSWORD_COST", "test")
        yield patch


def hello(server: Server, table: str, token: str | None, cookie: str | None) -> dict[str, Any]:
    """The first answer to a ``hello`` for seat 0 (without ``token`` when it is ``None``)."""
    headers = {} if cookie is None else {"Cookie": f"rummykit_session={cookie}"}
    message: dict[str, Any] = {"type": "hello", "table": table, "seat": 0}
    if token is not None:
        message["token"] = token
    with connect(server.ws_url, additional_headers=headers, open_timeout=10) as ws:
        ws.send(json.dumps(message))
        answer: dict[str, Any] = json.loads(ws.recv(timeout=20))
        return answer


def test_a_session_and_an_accounts_seat_across_processes(cluster: list[Server]) -> None:
    first, second = cluster
    with httpx.Client(timeout=30, headers={"X-Forwarded-For": "10.7.0.1"}) as browser:
        signed = browser.post(f"{first.base}/account/signup", json={"username": "hana", "password": PASSWORD})
        assert signed.status_code == 201, signed.text
        csrf = {"X-CSRF-Token": signed.json()["csrf"]}
        cookie = next(c.value for c in browser.cookies.jar if c.name == "rummykit_session")
        # the other process knows the session (cookies don't tell ports apart)
        assert browser.get(f"{second.base}/account").json()["account"] == {"username": "hana"}
        body = {"variant": "okey", "options": {"rounds": 1}, "seats": SEATS, "bot_delay": 5}
        created = browser.post(f"{first.base}/tables", json=body, headers=csrf).json()
        table = created["table"]
        # joined through the process that does not run the table
        joined = browser.post(
            f"{second.base}/tables/{table}/seats/0/join", json={"name": "hana"}, headers=csrf
        )
        assert joined.status_code == 200, joined.text
        token = joined.json()["token"]
    for server in cluster:
        assert hello(server, table, token, None) == {
            "type": "error",
            "code": "not_your_seat",
            "params": {"seat": 0},
        }
        assert hello(server, table, token, cookie)["type"] == "welcome"
        # the account's session stands for the token at either process; a guest's hello doesn't
        assert hello(server, table, None, cookie)["seat"] == 0
        assert hello(server, table, None, None)["code"] == "bad_token"


def test_a_sign_out_at_one_process_closes_the_sessions_socket_at_the_other(cluster: list[Server]) -> None:
    """The sockets a session signed in are closed wherever they are (the broker carries the news):
    signed out through the first process, the session's socket at the second closes with
    :data:`SIGNED_OUT_CLOSE`."""
    first, second = cluster
    with httpx.Client(timeout=30, headers={"X-Forwarded-For": "10.7.0.2"}) as browser:
        signed = browser.post(f"{first.base}/account/signup", json={"username": "ines", "password": PASSWORD})
        assert signed.status_code == 201, signed.text
        cookie = next(c.value for c in browser.cookies.jar if c.name == "rummykit_session")
        with connect(second.ws_url, additional_headers={"Cookie": f"rummykit_session={cookie}"}) as ws:
            ws.send(json.dumps({"type": "lobby"}))
            assert json.loads(ws.recv(timeout=20))["type"] in ("lobby", "chat_history")
            csrf = {"X-CSRF-Token": signed.json()["csrf"]}
            out = browser.post(f"{first.base}/account/logout", headers=csrf)
            assert out.status_code == 200, out.text
            assert closed_with(ws) == SIGNED_OUT_CLOSE


def test_an_account_deleted_at_one_process_leaves_the_others_table_anonymous(cluster: list[Server]) -> None:
    """The broker carries a deletion too: the account's seat at a table the other process runs is
    called ``anonymous`` there at once, no longer the account's (the tester's: it kept the name)."""
    first, second = cluster
    with httpx.Client(timeout=30, headers={"X-Forwarded-For": "10.7.0.3"}) as browser:
        signed = browser.post(f"{first.base}/account/signup", json={"username": "jade", "password": PASSWORD})
        assert signed.status_code == 201, signed.text
        csrf = {"X-CSRF-Token": signed.json()["csrf"]}
        body = {"variant": "okey", "options": {"rounds": 1}, "seats": SEATS, "bot_delay": 5}
        table = browser.post(f"{first.base}/tables", json=body, headers=csrf).json()["table"]
        assert (
            browser.post(f"{first.base}/tables/{table}/seats/0/join", json={}, headers=csrf).status_code
            == 200
        )
        assert httpx.get(f"{first.base}/tables/{table}").json()["seats"][0]["account"] == "jade"
        gone = browser.post(f"{second.base}/account/delete", json={"password": PASSWORD}, headers=csrf)
        assert gone.status_code == 200, gone.text
    for _ in range(100):
        seat = httpx.get(f"{first.base}/tables/{table}").json()["seats"][0]
        if seat["name"] == "anonymous":
            break
        time.sleep(0.1)
    assert (seat["name"], seat["account"]) == ("anonymous", None)
